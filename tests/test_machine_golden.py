"""The 1989 game's key machine is byte-identical to the one before the console rebuild.

``tests/data/machine-1989.jsonl`` holds 63 sessions recorded on the key machine as it was
(tools/make_machine_goldens.py): random but plausible play on 2, 3 and 4 suits, from the
suit prompt or a deal, with flashes, group moves, take-backs to a mark, HELP and three wins.
Each is replayed here frame by frame; every event (text and frame), the view on every
frame, the final board and the move count must be exactly as stored.
"""

from __future__ import annotations

import json

import pytest
from conftest import DATA
from machine_golden import run_session

STORED = [json.loads(line) for line in (DATA / "machine-1989.jsonl").read_text("utf-8").splitlines()]


def test_the_goldens_cover_what_the_1989_game_does():
    events = [e.split(" ", 1)[1] for s in STORED for e in s["events"]]
    words = {e.split()[0] for e in events}
    for word in ("deal", "select", "move", "tone", "flash", "cancel", "takeback", "buzzer", "mark",
                 "winner", "prompt", "hint", "help"):
        assert word in words, word
    assert sum(e.startswith("move ") for e in events) > 1000


@pytest.mark.parametrize("stored", STORED, ids=[s["name"] for s in STORED])
def test_session_replays_byte_identically(stored):
    now = run_session(stored)
    assert now["events"] == stored["events"]
    assert now["board"] == stored["board"]
    assert now["moves"] == stored["moves"]
    assert now["views"] == stored["views"]
