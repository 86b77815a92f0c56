"""Issue 13: every reader of our files, fed random bytes, huge numbers, deep nesting, BOMs and
truncations, answers a clear error (or reads it) and never changes the file (a damaged stats,
saved-game or options file is moved aside whole, byte for byte, never rewritten)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baker8bit import games
from baker8bit.commands import replay
from baker8bit.commands.common import UsageError, read_board_file
from baker8bit.freecell import boardtext
from baker8bit.freecell.game import Game
from baker8bit.freecell.position import Position
from baker8bit.games.blue import gamefile
from baker8bit.games.blue.gamefile import Game as BlueGame
from baker8bit.games.blue.rules import Layout
from baker8bit.sessions import options, recording, savegame, stats
from baker8bit.sessions.recording import Recording, Start

RULES = games.ruleset("baker4")
GAME = Game(RULES, Position.dealt(5, RULES), 5)
SAMPLES = {
    "stats": stats.dumps(stats.Stats()).encode(),
    "savegame": savegame.dump(GAME).encode(),
    "recording": recording.dump(Recording(seed=1, start=Start("deal", rules="baker4", deal=5), frames=40,
                                          keys=((3, "G"), (9, "B")))).encode(),
    "board": boardtext.write(GAME.position, RULES).encode(),
    "options": options.dumps(options.Remembered(scale=3)).encode(),
    "blue": gamefile.dumps(BlueGame.dealt(3, Layout(2, 3))).encode(),
}


def read_stats(p):
    got, message = stats.load_or_set_aside(p)
    assert isinstance(got, stats.Stats)
    return message


def read_savegame(p):
    return savegame.load_or_set_aside(p)[1]


def read_options(p):
    return options.load_or_set_aside(p)[1]


def read_recording(p):
    try:
        replay.load(str(p))
    except UsageError as e:
        return str(e)


def read_board(p):
    try:
        read_board_file(str(p), games.get("baker"), {"suits": None})
    except UsageError as e:
        return str(e)


def read_blue(p):
    from baker8bit.games.blue.check_command import load_game

    try:
        load_game(str(p))
    except UsageError as e:
        return str(e)


READERS = {"stats": read_stats, "savegame": read_savegame, "options": read_options,
           "recording": read_recording, "board": read_board, "blue": read_blue}


@st.composite
def damaged(draw, sample: bytes):
    """A sample file damaged one way or several."""
    data = sample
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["random", "truncate", "bom", "huge", "nest", "binary", "long", "splice"]))
        if how == "random":
            data = draw(st.binary(max_size=300))
        elif how == "truncate":
            data = data[: draw(st.integers(0, max(0, len(data) - 1)))]
        elif how == "bom":
            data = draw(st.sampled_from([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"])) + data
        elif how == "huge":
            digits = draw(st.sampled_from(
                [b"9" * 5000, b"1" * 25, "٤٢".encode(), "²".encode(), b"8_42", b"-7", b"1e999"]
            ))
            runs = list(re.finditer(rb"[0-9]+", data))
            if runs:
                m = runs[draw(st.integers(0, len(runs) - 1))]
                data = data[: m.start()] + digits + data[m.end():]
        elif how == "nest":
            depth = draw(st.sampled_from([50, 5000, 100_000]))
            at = draw(st.integers(0, len(data)))
            data = data[:at] + b"[" * depth + b"]" * depth + data[at:]
        elif how == "binary":
            at = draw(st.integers(0, len(data)))
            data = data[:at] + draw(st.binary(min_size=1, max_size=20)) + data[at:]
        elif how == "long":
            at = draw(st.integers(0, len(data)))
            data = data[:at] + b"Z" * 100_000 + data[at:]
        else:
            a, b = sorted(draw(st.lists(st.integers(0, len(data)), min_size=2, max_size=2)))
            data = data[:a] + data[b:] + data[a:b]
    return data


def check(reader: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        name = {"stats": "stats.json", "savegame": "savegame.txt", "options": "options.json"}.get(reader, "f.txt")
        p = Path(tmp) / name
        p.write_bytes(data)
        message = READERS[reader](p)  # never raises
        if message is not None:
            assert isinstance(message, str) and message.strip()
            assert len(message) < 600, message[:200]
            assert "Traceback" not in message
        kept = p if p.exists() else Path(tmp) / f"{name}.damaged-1"
        assert kept.read_bytes() == data  # unchanged, or set aside whole
        assert sorted(x.name for x in Path(tmp).iterdir()) in ([name], [f"{name}.damaged-1"])


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(st.data())
def test_fuzz_stats(data):
    check("stats", data.draw(damaged(SAMPLES["stats"])))


@FUZZ
@given(st.data())
def test_fuzz_savegame(data):
    check("savegame", data.draw(damaged(SAMPLES["savegame"])))


@FUZZ
@given(st.data())
def test_fuzz_recording(data):
    check("recording", data.draw(damaged(SAMPLES["recording"])))


@FUZZ
@given(st.data())
def test_fuzz_board(data):
    check("board", data.draw(damaged(SAMPLES["board"])))


@FUZZ
@given(st.data())
def test_fuzz_options(data):
    check("options", data.draw(damaged(SAMPLES["options"])))


@FUZZ
@given(st.data())
def test_fuzz_blue_game_file(data):
    check("blue", data.draw(damaged(SAMPLES["blue"])))


def test_the_named_hard_cases_for_every_reader():
    for reader in READERS:
        sample = SAMPLES[reader]
        for data in (b"", b"\xef\xbb\xbf", b"\xef\xbb\xbf" + sample, sample[: len(sample) // 2], b"\0" * 1000,
                     b"[" * 100_000, b"9" * 5000, bytes(range(256)), sample.replace(b"5", b"9" * 5000)):
            check(reader, data)
