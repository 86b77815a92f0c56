"""Hostile use, the inputs and the data folder (docs/FILES.md, "Reading", "The data folder"):
every input is read once, size-capped, never waiting on a FIFO; what a file is, when it is the
wrong one, is said in one line; two windows on one data folder keep one saved game and lose no
result; the statistics' lock and a key written twice are named."""

from __future__ import annotations

import errno
import json
import os
import pickle
import signal

import pytest
from conftest import cli, pyxel_ready
from hostile import refused, snapshot

from baker8bit.core import files
from baker8bit.games import KeyMachine
from baker8bit.sessions import recording, savegame, userdata
from baker8bit.sessions import stats as statsmod
from baker8bit.sessions.recording import Recording, Start
from baker8bit.sessions.session import SAVE_LOCK, Session

NO_WRITER = "nothing to read: a FIFO or pipe with no writer"
STRATEGY = "play to a final pile whenever you can\nput the hand card on any storage pile at random\n"


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)

    def hung(signum, frame):
        raise AssertionError("the command waited for ever")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)  # a read that blocks fails the test instead of hanging the suite
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", [
    ["solve", "--board", "{f}"],
    ["shot", "--board", "{f}", "--out", "x.png"],
    ["keys", "--game", "blue", "--board", "{f}", "P"],
    ["replay", "{f}", "--gif", "x.gif"],
    ["check", "blue", "{f}"],
    ["study", "sequence", "--strategy", "{f}", "--deals", "1"],
    ["demo", "--game", "sequence", "--strategy", "{f}", "--video", "x.mp4"],
    ["--game", "blue", "-f", "{f}"],
])
def test_a_fifo_with_no_writer_is_said_not_waited_for(tmp_path, fifo, command):
    refused(tmp_path, *[c.format(f=fifo) for c in command], says=NO_WRITER)


@pytest.mark.parametrize("command, says", [
    (["solve", "--board", "{d}"], "cannot read board {d}: it is a folder, not a file"),
    (["replay", "{d}", "--gif", "x.gif"], "it is a folder, not a file"),
    (["study", "sequence", "--strategy", "{d}", "--deals", "1"], "cannot read strategy {d}: it is a folder"),
    (["check", "blue", "{d}"], "it is a folder, not a file"),
])
def test_a_folder_as_an_input_is_said(tmp_path, command, says):
    folder = tmp_path / "folder"
    folder.mkdir()
    refused(tmp_path, *[c.format(d=folder) for c in command], says=says.format(d=folder))


@pytest.mark.parametrize("command, says", [
    (["solve", "--board", "/dev/zero"], "cannot read board /dev/zero: over 64 KiB, not a board"),
    (["replay", "/dev/zero", "--gif", "x.gif"], "too large (over 8 MiB)"),
])
def test_a_device_that_never_ends_is_read_no_further_than_the_limit(tmp_path, command, says):
    refused(tmp_path, *command, says=says)


def test_a_utf16_board_is_said_as_such(tmp_path):
    code, out, _ = cli("show", "--deal", "1")
    (tmp_path / "b.txt").write_bytes(out.encode("utf-16"))
    refused(tmp_path, "solve", "--board", "b.txt",
            says="cannot read board b.txt: not text baker8bit reads (UTF-16: save the file as UTF-8)")


def test_a_binary_recording_is_said_as_such(tmp_path):
    (tmp_path / "r.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    refused(tmp_path, "replay", "r.txt", "--gif", "x.gif", says="not text (byte 0 is not UTF-8: a binary file?)")


def test_a_blue_game_file_given_to_another_game_is_named_blues(tmp_path):
    code, out, _ = cli("show", "--game", "blue", "--deal", "3")
    (tmp_path / "layout.txt").write_text(out)
    refused(tmp_path, "show", "--game", "baker", "--board", "layout.txt",
            says="layout.txt: this is a board of blue (a Blue layout of 4 x 13), not of baker (8 columns, 4 cells): "
                 "give --game blue")


def test_a_recording_given_as_a_board_is_named(tmp_path):
    recording.save(tmp_path / "r.txt", Recording(seed=1, start=Start("deal", rules="baker4", deal=1), frames=3))
    refused(tmp_path, "solve", "--board", "r.txt",
            says="r.txt is a recording, not a board: `baker8bit replay r.txt` plays it")


# -- strategies: named without ./, read once ----------------------------------------------------


def test_a_strategy_file_named_without_a_path_is_read(tmp_path):
    (tmp_path / "mine").write_text(STRATEGY)
    code, out, err = cli("study", "sequence", "--strategy", "mine", "--deals", "1-2", "--workers", "1")
    assert code == 0 and "Traceback" not in err and any(line.startswith("mine ") for line in err.splitlines())


def test_a_strategy_nowhere_names_both_places_it_looked(tmp_path):
    refused(tmp_path, "study", "sequence", "--strategy", "nosuch", "--deals", "1",
            says="no strategy 'nosuch': known ones are best, greedy, random, strong, clairvoyant, lookahead, "
                 "sampling, or give a file name (there is no file 'nosuch' here either)")


def test_a_study_reads_its_strategy_once_and_hands_it_to_its_workers(tmp_path, monkeypatch):
    from baker8bit.games.sequence import strategy as strat
    from baker8bit.games.sequence import study as sd
    from baker8bit.games.sequence import study_command

    path = tmp_path / "s.txt"
    path.write_text(STRATEGY)
    reads = []
    real = files.read_input
    monkeypatch.setattr(files, "read_input", lambda p, *a, **k: reads.append(str(p)) or real(p, *a, **k))
    tasks = []
    play = sd.play_task
    monkeypatch.setattr(sd, "play_task", lambda task: tasks.append(task) or play(task))
    code, out, err = cli("study", "sequence", "--strategy", str(path), "--deals", "1-3", "--workers", "1",
                         "--out", "g.csv")
    assert code == 0 and reads == [str(path)]
    assert len(tasks) == 3 and all(t.parsed == strat.load(str(path)) for t in tasks)
    assert pickle.loads(pickle.dumps(tasks[0])) == tasks[0]  # what a worker process is handed
    assert study_command.strategies(["best", "lookahead", "best"]).keys() == {"best", "lookahead"}


# -- the data folder --------------------------------------------------------------------------


def test_statistics_with_a_key_twice_are_set_aside_not_taken(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    text = statsmod.dumps(statsmod.Stats()).replace('"won": 0,', '"won": 5, "won": 0,', 1)
    (data / "stats.json").write_text(text)
    code, out, err = cli("stats")
    assert code == 0 and "the key 'won' is there twice in one object" in err and "Traceback" not in err
    assert (data / "stats.json.damaged-1").read_text() == text and not (data / "stats.json").exists()


def test_statistics_reset_names_the_lock_it_cannot_make(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "stats.json").write_text(statsmod.dumps(statsmod.Stats()))

    def read_only(path, wait=0.0):  # a read-only folder (root may write anywhere: no chmod)
        raise files.LockError(errno.EACCES, f"cannot make the lock file {path}: Permission denied")

    monkeypatch.setattr(files, "lock", read_only)
    err = refused(tmp_path, "stats", "--reset", "--yes", code=1, says="cannot delete all statistics: cannot make "
                  f"the lock file {data / 'stats.json.lock'}: Permission denied; all statistics kept")
    assert "cannot read" not in err


def test_a_fifo_in_place_of_the_statistics_is_not_waited_for(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "stats.json")
    before = snapshot(tmp_path)
    code, out, err = cli("stats")
    assert code == 0 and f"cannot read the statistics {data / 'stats.json'}: {NO_WRITER}" in err
    assert snapshot(tmp_path) == before


def test_a_damaged_game_options_file_never_stops_the_window(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "game-options.json").write_text("[" * 100_000)
    s = Session(data)
    assert s.prefs == {} and any("nested too deeply" in m for m in s.messages)
    assert (data / "game-options.json.damaged-1").exists()


def _one_move(s: Session) -> KeyMachine:
    m = s.start(KeyMachine(suits=4, deal=1))
    for key in "GB":
        s.press(key)
    for e in m.drain_events():
        s.on_event(e)
    return m


def test_two_windows_on_one_data_folder_keep_one_save_and_lose_no_result(tmp_path):
    """The issue's case: ESC in a second window deleted the save the first had made, and that
    game was neither resumable nor counted."""
    pyxel_ready()
    data = tmp_path / "data"
    data.mkdir()
    first = files.lock(data / SAVE_LOCK)  # the first window, another process, holds the saved game
    try:
        savegame.save(data / userdata.SAVE_FILE, KeyMachine(suits=3, deal=5).game)
        saved = (data / userdata.SAVE_FILE).read_bytes()
        second = Session(data)
        assert not second.owner and second.saved_game is None
        assert second.screen_note == "GAME NOT SAVED"
        assert any("another baker8bit window is open" in m and "keeps the saved game" in m for m in second.messages)
        _one_move(second)  # a move: a game that counts
        second.press("ESC")  # ESC deals anew: this window's game is lost, the other's save stays
        for e in second.machine.drain_events():
            second.on_event(e)
        assert (data / userdata.SAVE_FILE).read_bytes() == saved
        assert statsmod.load(data / "stats.json").games["baker4"].lost == 1
        _one_move(second)
        second.close()  # the window closes with a game under way: it cannot be saved, so it is lost
        assert statsmod.load(data / "stats.json").games["baker4"].lost == 2
        assert (data / userdata.SAVE_FILE).read_bytes() == saved

        from baker8bit.window import overlay
        from baker8bit.window.app import App, AppOptions

        app = App(second.start(KeyMachine(suits=4, deal=1)), AppOptions(headless=True, sound=False), session=second)
        assert app.overlay.question == overlay.QUIT_UNSAVED and "GAME NOT SAVED" in app.overlay.question
    finally:
        os.close(first)


def test_a_window_tells_the_terminal_once_when_its_recording_cannot_be_written(tmp_path):
    data = tmp_path / "data"
    record = tmp_path / "rec.txt"
    s = Session(data, record)
    told = []
    s.tell = told.append
    m = s.start(KeyMachine(suits=4, deal=1))
    record.mkdir()  # the recording's place became a folder while the window was open
    for key in "GBHJ":
        s.press(key)
        for e in m.drain_events():
            s.on_event(e)
    assert len(told) == 1 and f"cannot write {record}: it is a folder, not a file" in told[0]
    assert s.screen_note == "CANNOT SAVE" and record.is_dir() and not list(record.iterdir())


def test_a_saved_game_in_a_fifo_is_not_waited_for(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / userdata.SAVE_FILE)
    s = Session(data)
    assert s.saved_game is None and s.keep_save_file
    assert any(NO_WRITER in m for m in s.messages)
    assert json.loads(json.dumps(s.messages))  # plain sentences
