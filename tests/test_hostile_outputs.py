"""Hostile use, the outputs (docs/FILES.md): an output that is an input, a folder, a device or a
FIFO is refused in one line before anything is written; a symbolic link is written through; a
file is replaced only when whole, keeps its permissions, and no temporary file is left."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from conftest import cli
from hostile import refused, snapshot

from baker8bit.core import files
from baker8bit.sessions import recording
from baker8bit.sessions.recording import Recording, Start


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path / "data"))  # never the real data folder
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def rec(tmp_path) -> Path:
    path = tmp_path / "r.txt"
    recording.save(path, Recording(seed=1, start=Start("deal", rules="baker4", deal=1), frames=30,
                                   keys=((5, "G"), (9, "B"))))
    return path


@pytest.fixture
def board(tmp_path) -> Path:
    path = tmp_path / "b.txt"
    code, out, _ = cli("show", "--deal", "1")
    assert code == 0
    path.write_text(out)
    return path


@pytest.fixture
def strategy(tmp_path) -> Path:
    path = tmp_path / "s.txt"
    path.write_text("play to a final pile whenever you can\nput the hand card on any storage pile at random\n")
    return path


# -- an output that is an input ---------------------------------------------------------------


def test_replay_gif_onto_its_own_recording_is_refused(tmp_path, rec):
    refused(tmp_path, "replay", str(rec), "--gif", str(rec), says=f"cannot write {rec}: it is the input {rec}")


def test_replay_video_through_a_link_to_its_recording_is_refused(tmp_path, rec):
    (tmp_path / "out.mp4").symlink_to(rec)
    refused(tmp_path, "replay", str(rec), "--video", "out.mp4", says="cannot write out.mp4: it is the input")


def test_shot_onto_its_own_board_is_refused(tmp_path, board):
    refused(tmp_path, "shot", "--board", str(board), "--out", str(board), says="it is the input")


def test_shot_onto_a_hard_link_of_its_board_is_refused(tmp_path, board):
    os.link(board, tmp_path / "same.png")  # another name, the same inode
    refused(tmp_path, "shot", "--board", str(board), "--out", "same.png", says="cannot write same.png: it is the input")


def test_study_onto_its_strategy_file_is_refused(tmp_path, strategy):
    refused(tmp_path, "study", "sequence", "--strategy", str(strategy), "--deals", "1", "--workers", "1",
            "--out", str(strategy), says=f"cannot write {strategy}: it is the input {strategy}")


def test_study_chart_onto_its_strategy_file_is_refused(tmp_path, strategy):
    refused(tmp_path, "study", "sequence", "--strategy", str(strategy), "--deals", "1", "--workers", "1",
            "--chart", str(strategy), says="it is the input")


def test_study_csv_and_chart_in_one_file_are_refused(tmp_path):
    refused(tmp_path, "study", "sequence", "--strategy", "best", "--deals", "1", "--workers", "1",
            "--out", "x", "--chart", "x", says="cannot write x: it is also the output x")


def test_recording_a_window_onto_its_blue_game_file_is_refused(tmp_path):
    game = tmp_path / "game.txt"
    code, out, _ = cli("show", "--game", "blue", "--deal", "3")
    game.write_text(out)
    refused(tmp_path, "--game", "blue", "-f", str(game), "--record", str(game), says="it is the input")


def test_demo_video_onto_its_strategy_file_is_refused(tmp_path):
    strategy = tmp_path / "s.mp4"  # a strategy file may have any name
    strategy.write_text("play to a final pile whenever you can\nput the hand card on any storage pile at random\n")
    refused(tmp_path, "demo", "--game", "sequence", "--strategy", str(strategy), "--video", str(strategy),
            says="it is the input")


# -- outputs that are not files ---------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["sound", "tone", "--out", "{x}"],
    ["shot", "--deal", "1", "--out", "{x}"],
    ["replay", "{rec}", "--gif", "{x}"],
    ["--record", "{x}"],
])
@pytest.mark.parametrize("kind", ["folder", "device", "fifo"])
def test_an_output_that_is_no_file_is_refused(tmp_path, rec, command, kind):
    """Written whole and renamed into place, these formats would replace a device node, a FIFO
    or (failing later) a folder: refused first, the node left as it was."""
    if kind == "folder":
        target = tmp_path / "dir"
        target.mkdir()
    elif kind == "device":
        target = Path("/dev/null")
    else:
        target = tmp_path / "fifo"
        os.mkfifo(target)
    says = {"folder": "it is a folder, not a file", "device": "it is a device, not a file",
            "fifo": "it is a FIFO (named pipe), not a file"}[kind]
    refused(tmp_path, *[c.format(x=target, rec=rec) for c in command], says=f"cannot write {target}: {says}")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_png_frames_into_a_file_are_refused(tmp_path, rec):
    (tmp_path / "frames").write_text("not a folder")
    refused(tmp_path, "replay", str(rec), "--png-dir", "frames", says="it is a file, not a folder")


def test_a_survey_into_a_fifo_nobody_reads_is_refused_not_waited_for(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    refused(tmp_path, "survey", "--suits", "2", "--deals", "1", "--workers", "1", "--out", "fifo",
            says="cannot write fifo: it is a FIFO with no reader")


def test_a_survey_streams_into_a_device(tmp_path):
    """A CSV is a stream of rows: a device takes it as it is (never replaced)."""
    before = snapshot(tmp_path)
    code, out, err = cli("survey", "--suits", "2", "--deals", "1-2", "--workers", "1", "--out", "/dev/null")
    assert code == 0 and "solvable" in out and "Traceback" not in err
    assert snapshot(tmp_path) == before and stat.S_ISCHR(os.stat("/dev/null").st_mode)


# -- links, permissions, temporary files --------------------------------------------------------


def test_a_link_is_written_through_to_its_target(tmp_path):
    (tmp_path / "real.wav").write_bytes(b"old")
    (tmp_path / "link.wav").symlink_to("real.wav")
    code, out, err = cli("sound", "tone", "--out", "link.wav")
    assert code == 0 and out.startswith("link.wav: tone") and not err
    assert os.readlink(tmp_path / "link.wav") == "real.wav"  # still a link
    assert (tmp_path / "real.wav").read_bytes()[:4] == b"RIFF"
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    out = tmp_path / "t.wav"
    out.write_bytes(b"old")
    out.chmod(0o640)
    assert cli("sound", "tone", "--out", str(out))[0] == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640 and out.read_bytes()[:4] == b"RIFF"


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    out = tmp_path / "keep.txt"
    out.write_text("old\n")
    before = snapshot(tmp_path)
    with pytest.raises(KeyboardInterrupt):
        with files.output(out) as f:
            f.write(b"half of the new")
            raise KeyboardInterrupt
    assert snapshot(tmp_path) == before


def test_a_temporary_file_still_open_at_exit_is_removed(tmp_path):
    """What ``atexit`` does when a process ends in the middle of a write (SystemExit)."""
    w = files.output(tmp_path / "x.bin")
    w.file.write(b"unfinished")
    assert w.tmp.exists() and w.tmp in files.LIVE
    files.forget_live()
    assert not w.tmp.exists() and list(tmp_path.iterdir()) == []


def test_a_refused_output_is_a_usage_error_and_a_failed_write(tmp_path):
    """The command line says it in one line (exit 2); the window, which saves as it goes,
    catches it as any failed write and says so (``AtomicWriteError``)."""
    with pytest.raises(files.OutputError) as e:
        files.write_text(tmp_path, "x")
    assert isinstance(e.value, files.AtomicWriteError) and e.value.errno == errno.EISDIR
    assert str(e.value) == f"cannot write {tmp_path}: it is a folder, not a file"
