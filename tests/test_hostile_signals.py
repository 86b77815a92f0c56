"""Hostile use, the signals (docs/FILES.md, "What an interrupt leaves"): Ctrl-C and SIGTERM end
every command within a second, inside the compiled searches too, with one line and exit 130 or
143, never a Traceback; worker pools end with their workers, keeping every finished row; no
temporary file is left. Each command runs in its own process: a signal and an exit status need
one. "Within a second" is a second of the command's CPU after the signal (``hostile.signalled``):
on a machine busy with other work the wall time stretches, the work done does not."""

from __future__ import annotations

import os
import signal
import time

import pytest
from hostile import alive, children, cpu_seconds, signalled, snapshot, start, wait_for

from baker8bit.core import compiled
from baker8bit.research import survey as sv
from baker8bit.sessions import recording
from baker8bit.sessions.recording import Recording, Start

COMPILED = pytest.mark.skipif(not compiled.built("freecell"), reason="the compiled searches are not built")
SAID = {signal.SIGINT: ("baker8bit: interrupted", 130), signal.SIGTERM: ("baker8bit: terminated", 143)}
KING_ALBERT = ["solve", "--game", "king-albert", "--deal", "7246", "--max-states", "50000000", "--memory", "1G"]


def obeyed(proc, sig, tmp_path, keeps: bool = False) -> tuple[str, str]:
    """Send ``sig`` once the command has spent 1 s of CPU (its imports take half of that:
    it is in its search); it ends within a second, saying so, and (unless it ``keeps`` what it
    wrote) leaves the folder as it was."""
    before = snapshot(tmp_path)
    wait_for(lambda: cpu_seconds(proc.pid) >= 1.0, "the search", proc)
    out, err, _ = signalled(proc, sig)
    line, code = SAID[sig]
    assert proc.returncode == code and err.strip().splitlines()[-1].startswith(line), err
    assert "Traceback" not in err
    if not keeps:
        assert snapshot(tmp_path) == before
    return out, err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_king_albert_search_obeys(tmp_path, sig):
    """The issue's case: the compiled search ran on 20 s after Ctrl-C (``--memory`` is for the
    compiled search: the pure one, where it runs, searches without)."""
    compiled_runs = compiled.search_name("freecell") == compiled.COMPILED
    obeyed(start(*(KING_ALBERT if compiled_runs else KING_ALBERT[:-2])), sig, tmp_path)


def test_the_pure_search_obeys_sigterm(tmp_path):
    obeyed(start(*KING_ALBERT[:-2], BAKER8BIT_PURE_SOLVER="1"), signal.SIGTERM, tmp_path)


@COMPILED
@pytest.mark.parametrize("argv", [
    ["check", "blue", "--deal", "56", "--memory", "2G", "--max-seconds", "300"],
    ["solve", "--game", "sequence", "--deal", "16", "--max-states", "1000000000000"],
    ["solve", "--game", "sequence", "--deal", "65", "--nested", "3", "--max-states", "1000000000"],
], ids=["blue-check", "sequence", "sequence-nested"])
def test_every_compiled_search_obeys_ctrl_c(tmp_path, argv):
    obeyed(start(*argv), signal.SIGINT, tmp_path)


def survey_rows(path) -> list:
    rows = sv.read_rows(str(path))  # every row whole and right, or this raises naming the line
    assert path.read_text().startswith(",".join(sv.FIELDS) + "\n")
    return rows


@COMPILED
def test_a_survey_in_one_process_obeys_ctrl_c_inside_a_search(tmp_path):
    out = tmp_path / "s.csv"
    proc = start("survey", "--game", "king-albert", "--deals", "7246", "--workers", "1", "--out", str(out),
                 "--max-states", "50000000")
    obeyed(proc, signal.SIGINT, tmp_path, keeps=True)
    assert survey_rows(out) == {}


@pytest.mark.parametrize("sig, group", [(signal.SIGTERM, False), (signal.SIGINT, True)],
                         ids=["SIGTERM-to-the-survey", "Ctrl-C-to-the-terminal's-group"])
def test_a_survey_pool_ends_with_its_workers_and_keeps_its_rows(tmp_path, sig, group):
    out = tmp_path / "s.csv"
    proc = start("survey", "--game", "king-albert", "--deals", "1-400", "--workers", "2", "--out", str(out))
    wait_for(lambda: out.exists() and out.read_text().count("\n") > 2, "the survey", proc)
    workers = children(proc.pid)
    assert workers, "the survey has worker processes"
    _, err, _ = signalled(proc, sig, group=group)
    line, code = SAID[sig]
    assert proc.returncode == code and "Traceback" not in err and "Error" not in err, err
    assert f"{line}; " in err and "deals done, rows kept in" in err
    time.sleep(0.5)
    assert not [w for w in workers if alive(w)], "a worker outlived its survey"
    rows = survey_rows(out)
    assert rows and f"{len(rows)} of 400 deals done" in err


def test_a_survey_killed_outright_leaves_no_worker_computing(tmp_path):
    """SIGKILL cannot be caught: the workers are sent SIGTERM when their parent dies (Linux)."""
    out = tmp_path / "s.csv"
    proc = start("survey", "--game", "king-albert", "--deals", "1-400", "--workers", "2", "--out", str(out))
    wait_for(lambda: out.exists() and out.read_text().count("\n") > 2, "the survey", proc)
    workers = children(proc.pid)
    proc.kill()
    proc.communicate()
    deadline = time.monotonic() + 2
    while [w for w in workers if alive(w)] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if alive(w)], "a worker outlived its survey"
    survey_rows(out)  # the rows written are whole


def test_a_study_pool_obeys_sigterm_and_keeps_its_rows(tmp_path):
    out = tmp_path / "g.csv"
    proc = start("study", "sequence", "--strategy", "clairvoyant", "--max-states", "100000000", "--deals", "1-199",
                 "--workers", "2", "--out", str(out))
    wait_for(lambda: out.exists() and out.read_text().count("\n") > 1, "the study", proc)
    _, err, _ = signalled(proc, signal.SIGTERM)
    assert proc.returncode == 143 and "Traceback" not in err and "baker8bit: terminated; " in err, err
    from baker8bit.games.sequence import study

    assert study.read_rows(str(out))


def test_a_survey_over_an_old_file_terminated_keeps_both(tmp_path):
    out = tmp_path / "s.csv"
    out.write_text(",".join(sv.FIELDS) + "\nking-albert,9999,unknown,0,1,0.1,pure\n")
    old = out.read_bytes()
    proc = start("survey", "--game", "king-albert", "--deals", "1-400", "--workers", "1", "--out", str(out))
    wait_for(lambda: any(p.name.startswith(".s.csv.") and p.stat().st_size > 100 for p in tmp_path.iterdir()),
             "the survey", proc)
    _, err, _ = signalled(proc, signal.SIGTERM)
    assert proc.returncode == 143 and "s.csv is unchanged; the " in err and "s.csv.partial" in err, err
    assert out.read_bytes() == old
    assert survey_rows(tmp_path / "s.csv.partial")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.csv", "s.csv.partial"]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_replay_gif_interrupted_leaves_the_old_gif_and_no_temporary_file(tmp_path, sig):
    rec = tmp_path / "long.txt"
    recording.save(rec, Recording(seed=1, start=Start("deal", rules="baker4", deal=1), frames=3_000_000,
                                  keys=((5, "G"), (9, "B"))))
    gif = tmp_path / "o.gif"
    gif.write_bytes(b"GIF89a the old one")
    before = snapshot(tmp_path)
    proc = start("replay", str(rec), "--gif", str(gif))
    wait_for(lambda: any(p.name.startswith(".o.gif.") for p in tmp_path.iterdir()), "the GIF", proc)
    _, err, _ = signalled(proc, sig)
    line, code = SAID[sig]
    assert proc.returncode == code and err.strip() == line, err
    assert snapshot(tmp_path) == before


@COMPILED
def test_helps_worker_ends_quietly_on_ctrl_c_inside_a_compiled_search(capfd):
    """The window's HELP worker (a process of the terminal's group) gets Ctrl-C too: it ends
    within a second, with no Traceback, even in the middle of a compiled search."""
    from baker8bit import games
    from baker8bit.console import worker
    from baker8bit.console.thinking import Task
    from baker8bit.freecell import advisor

    v = games.get("king-albert")
    rs = v.rules()
    runner = worker.WorkerRunner(None)
    try:
        proc = runner._worker(True)
        assert proc is not None
        position = v.new_game(rs, 7246).position
        # a first small task answered: the worker is past its start (a signal while a process
        # is still importing is Python's own business) and serving tasks
        runner.submit(1, Task(advisor.think, (position, rs), levels=(1,), budget=1_000, by_level=True), (1_000,))
        assert runner.result(1, 0) is not None
        runner.submit(2, Task(advisor.think, (position, rs), levels=(1,),
                              budget=50_000_000, by_level=True), (50_000_000,))
        time.sleep(1.5)  # in the search by now
        assert proc.proc.is_alive()
        sent = time.monotonic()
        os.kill(proc.proc.pid, signal.SIGINT)
        proc.proc.join(timeout=5)
        assert not proc.proc.is_alive() and time.monotonic() - sent < 1.0
        assert proc.proc.exitcode == -signal.SIGINT  # ended by the signal itself, not by a handler
    finally:
        runner.close()
    assert "Traceback" not in capfd.readouterr().err
