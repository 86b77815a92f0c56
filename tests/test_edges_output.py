"""Issue 13: full disks and closed outputs: one clear line and a non-zero exit, never a Traceback,
never a truncated PNG or an empty CSV left behind."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from baker8bit.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(args, **kw):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.update(kw.pop("env", {}))
    return subprocess.run([sys.executable, "-m", "baker8bit", *args], env=env, timeout=120, **kw)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_stdout_is_one_line_and_exit_1():
    with open("/dev/full", "w") as full:
        res = run(["solve", "--suits", "4", "--deal", "1"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stderr.strip().splitlines() == ["baker8bit: cannot write the output: No space left on device"]


def test_a_stdout_closed_early_is_one_line_and_exit_1():
    r, w = os.pipe()
    os.close(r)  # the reader is gone before anything is written
    try:
        res = run(["solve", "--suits", "4", "--deal", "1"], stdout=w, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(w)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stderr.strip().splitlines() == ["baker8bit: cannot write the output: closed"]


def test_a_pipe_closed_after_the_first_bytes(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "baker8bit", "survey", "--suits", "2", "--deals", "1-40",
                             "--workers", "1", "--max-states", "50"],
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1 and "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_survey_of_a_billion_deals_streams_and_a_full_disk_is_one_line():
    code = ("import resource, sys, runpy; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)); "
            "sys.argv = ['baker8bit'] + sys.argv[1:]; runpy.run_module('baker8bit', run_name='__main__')")
    res = subprocess.run([sys.executable, "-c", code, "survey", "--deals", "1-999999999", "--workers", "1",
                          "--out", "/dev/full", "--max-states", "10"],
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-500:]
    assert "cannot write /dev/full: No space left on device" in res.stderr


def test_survey_out_on_a_full_disk_leaves_no_empty_csv(tmp_path, monkeypatch, capsys):
    from baker8bit.research import survey as sv

    def full(self, row):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(sv.RowWriter, "write", full)
    out = tmp_path / "s.csv"
    assert main(["survey", "--deals", "1-3", "--workers", "1", "--out", str(out), "--max-states", "10"]) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and "Traceback" not in err
    assert not out.exists()


def test_shot_on_a_full_disk_fails_and_leaves_no_png(tmp_path, monkeypatch, capsys):
    from baker8bit.window import capture

    def truncated(path, data, w, h):  # a full disk: the PNG stops part-way, and nobody says so
        Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 30)

    monkeypatch.setattr(capture, "write_png", truncated)
    out = tmp_path / "s.png"
    assert main(["shot", "--suits", "4", "--deal", "1", "--out", str(out)]) != 0
    assert "Traceback" not in capsys.readouterr().err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_study_out_on_a_full_disk_is_one_line(tmp_path, monkeypatch, capsys):
    from baker8bit.games.sequence import study as sd

    def full(self, row):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(sd.RowWriter, "write", full)
    out = tmp_path / "s.csv"
    assert main(["study", "sequence", "--strategy", "greedy", "--deals", "1-2", "--workers", "1",
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"cannot write {out}: No space left on device; 0 rows written" in err and "Traceback" not in err


def test_shot_into_a_folder_it_may_not_write_names_the_users_file(tmp_path, monkeypatch, capsys):
    """The temporary file is ours: the error names the PNG the user asked for, not it."""
    from baker8bit.window import capture

    def refused(*args, **kw):  # a folder the user may not write (root may write anywhere: no chmod)
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / ".s.png.x1y2.png"))

    monkeypatch.setattr(capture.tempfile, "mkstemp", refused)
    out = tmp_path / "s.png"
    assert main(["shot", "--suits", "4", "--deal", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"baker8bit: cannot write {out}: Permission denied\n", err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command, says", [
    (["sound", "tone", "--out", "{out}"], "baker8bit: cannot write {out}: No such file or directory "
                                          "(the previous file is unchanged)\n"),
    (["study", "sequence", "--strategy", "best", "--deals", "1", "--out", "{out}"],
     "baker8bit: cannot write {out}: No such file or directory\n"),
    (["survey", "--deals", "1", "--out", "{out}"], "baker8bit: cannot write {out}: No such file or directory\n"),
])
def test_an_output_in_a_missing_folder_is_said_once(command, says, tmp_path, capsys):
    """The file and the reason, each once (the sound's error once said "cannot write" twice, the
    study's the path twice)."""
    out = str(tmp_path / "missing" / "f.out")
    assert main([c.format(out=out) for c in command]) == 2
    assert capsys.readouterr().err == says.format(out=out)


def test_a_search_out_of_memory_is_one_line_and_exit_1(monkeypatch, capsys):
    """A budget no memory holds (``--max-states`` in the trillions: a search that large makes its
    seen table at its final size, at once) is one line and exit 1, never a Traceback."""
    from baker8bit.freecell import solver

    def no_memory(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(solver, "solve", no_memory)
    assert main(["solve", "--game", "king-albert", "--deal", "1", "--max-states", "900000000000"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == [
        "baker8bit: not enough memory for this search: ask for fewer positions (--max-states)"]


def test_out_of_memory_names_only_the_options_the_command_has(monkeypatch, capsys):
    """A solve given --memory names both ways out (Blue's ``check``, which has no --max-states,
    names --memory alone: test_blue_checker.py)."""
    from baker8bit.freecell import solver

    def no_memory(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(solver, "solve", no_memory)
    said = "baker8bit: not enough memory for this search: ask for "
    assert main(["solve", "--game", "king-albert", "--deal", "1", "--memory", "2G"]) == 1
    assert capsys.readouterr().err.splitlines() == [said + "fewer positions (--max-states) or less --memory"]


def test_a_huge_budget_never_ends_in_a_traceback():
    """The same budget for real: where the system refuses the memory, the line above; where it
    promises it (overcommit), the search runs and uses only what it touches."""
    res = run(["solve", "--game", "king-albert", "--deal", "1", "--max-states", "900000000000"],
              capture_output=True, text=True)
    assert "Traceback" not in res.stderr
    assert (res.returncode, res.stderr.strip()) in (
        (1, "baker8bit: not enough memory for this search: ask for fewer positions (--max-states)"), (0, ""))


def test_a_table_that_forgets_too_large_for_memory_is_one_line_and_exit_1():
    """``solve --memory`` larger than the machine: the table is made at once, so the system
    refuses it (or, overcommitting, promises it and the search uses what it touches): one line
    that names --memory, exit 1, never a Traceback. Where this process runs the pure search (a
    source tree without the compiled modules before the installed package), the refusal line."""
    res = run(["solve", "--game", "king-albert", "--deal", "1", "--memory", "100000G"],
              capture_output=True, text=True)
    assert "Traceback" not in res.stderr
    assert (res.returncode, res.stderr.strip()) in (
        (1, "baker8bit: not enough memory for this search: ask for fewer positions (--max-states) or less --memory"),
        (0, ""), (2, "baker8bit: --memory needs the compiled search, and this install runs the pure one"))
