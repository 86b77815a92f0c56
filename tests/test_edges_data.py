"""Issue 13, data never lost: statistics that cannot be read are never overwritten, damaged ones
(huge numbers, deep nesting) are set aside, two sessions at once both count, a data folder that
cannot be made is a message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from baker8bit.core import events as ev
from baker8bit.core.events import Event
from baker8bit.sessions import stats
from baker8bit.sessions.session import Session

ROOT = Path(__file__).resolve().parent.parent


def deny(monkeypatch, path: Path) -> None:
    """Reading ``path`` fails as a file without read permission does (root reads any file)."""
    from baker8bit.core import textlines

    real = open

    def fake(file, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(textlines, "open", fake, raising=False)


def good_stats() -> dict:
    return json.loads(stats.dumps(stats.Stats()))


@pytest.mark.parametrize("old, new", [
    ('"lost": 0', '"lost": ' + "9" * 5000),
    ('"lost": 0', '"lost": ' + "9" * 40),
    ('"lost": 0', '"lost": 1e999'),
    ('"version": 2', '"version": ' + "9" * 5000),
    ('"version": 2', '"version": ' + "9" * 4000),
])
def test_huge_numbers_are_damage_not_a_crash(tmp_path, old, new):
    text = stats.dumps(stats.Stats()).replace(old, new, 1)
    p = tmp_path / "stats.json"
    p.write_text(text)
    got, message = stats.load_or_set_aside(p)
    assert got == stats.Stats() and "damaged-1" in message and len(message) < 400
    assert (tmp_path / "stats.json.damaged-1").read_text() == text


def test_deep_nesting_is_damage_not_a_crash(tmp_path):
    p = tmp_path / "stats.json"
    p.write_text("[" * 100_000 + "]" * 100_000)
    got, message = stats.load_or_set_aside(p)
    assert got == stats.Stats() and "damaged-1" in message


def win_events(label="4", deal=7):
    return [Event(0, ev.DEAL, (label, deal)), Event(1, ev.MOVE, ()), Event(2, ev.PROMPT, ())]


def test_an_unreadable_stats_file_is_never_overwritten(tmp_path, monkeypatch):
    p = tmp_path / "stats.json"
    p.write_text(stats.dumps(stats.Stats()))
    before = p.read_bytes()
    deny(monkeypatch, p)
    st, message = stats.load_or_set_aside(p)
    assert "cannot read" in message
    tracker = stats.StatsTracker(st, p)
    tracker.feed(win_events())
    assert tracker.stats.games["baker4"].lost == 1  # counted on screen
    assert "left as it is" in tracker.save_error
    assert p.read_bytes() == before


def test_an_unreadable_saved_game_is_never_overwritten_or_deleted(tmp_path, monkeypatch):
    from baker8bit.games import KeyMachine

    save = tmp_path / "savegame.txt"
    save.write_text("whatever it holds\n")
    deny(monkeypatch, save)
    if True:
        s = Session(tmp_path)
        assert s.keep_save_file and any("left as it is" in m for m in s.messages)
        m = s.start(KeyMachine(suits=4, deal=1))
        for key in "GB":
            s.press(key)
        for e in m.drain_events():
            s.on_event(e)
        s.press("ESC")
        for e in m.drain_events():
            s.on_event(e)
    assert save.read_text() == "whatever it holds\n"


def test_a_data_folder_that_cannot_be_made_is_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    s = Session(blocker / "sub")
    assert s.data_dir is None and s.tracker is None
    assert any("cannot make the data folder" in m for m in s.messages)


def test_the_window_says_so_when_the_data_folder_cannot_be_made(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = dict(os.environ, BAKER8BIT_DATA_DIR=str(blocker / "sub"), PYTHONPATH=str(ROOT))
    res = subprocess.run([sys.executable, "-m", "baker8bit.cli", "stats"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert "Traceback" not in res.stderr


WRITER = r"""
import sys
from baker8bit.core import events as ev
from baker8bit.core.events import Event
from baker8bit.sessions import stats
path, n, label = sys.argv[1], int(sys.argv[2]), sys.argv[3]
tracker = stats.StatsTracker(stats.Stats(), path)
for i in range(n):
    tracker.feed([Event(0, ev.DEAL, (label, i + 1)), Event(1, ev.MOVE, ()), Event(2, ev.PROMPT, ())])
    assert tracker.save_error is None, tracker.save_error
"""


def test_two_sessions_writing_statistics_at_once_lose_no_game(tmp_path):
    p = tmp_path / "stats.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    n = 60
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(p), str(n), label], env=env)
             for label in ("4", "4", "2")]
    assert [proc.wait(timeout=120) for proc in procs] == [0, 0, 0]
    got = stats.load(p)
    assert got.games["baker4"].lost == 2 * n and got.games["baker2"].lost == n
