"""The Blue game file: round trip, and every kind of bad file refused with its line, the file kept."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.games.blue import gamefile, rules
from baker8bit.games.blue.gamefile import GameFileError
from baker8bit.games.blue.rules import FULL, Game, Layout


def sample_game(lay: Layout = FULL, seed: int = 5, n: int = 6) -> Game:
    g = Game.dealt(seed, lay)
    g.set_aces(tuple(reversed(lay.dealt_aces())))
    for k in range(n):
        ms = g.legal_moves()
        if not ms:
            break
        g.play(ms[k % len(ms)])
    g.go_to(g.cursor - 1)
    cells = [None] * lay.size
    cells[0], cells[1], cells[2] = g.board[0], g.board[0] + 1, 0
    g.set_strategy(cells)
    return g


def test_round_trip(tmp_path):
    g = sample_game()
    path = tmp_path / "game.blue"
    gamefile.save(g, path)
    text = path.read_text()
    assert text.isascii() and "| " in text
    h = gamefile.load(path)
    assert (h.initial, h.aces, h.history, h.cursor, h.board, h.strategy, h.seed) == \
        (g.initial, g.aces, g.history, g.cursor, g.board, g.strategy, g.seed)
    assert gamefile.dumps(h) == text


def refused(tmp_path, text: str | bytes) -> str:
    path = tmp_path / "bad.blue"
    data = text.encode() if isinstance(text, str) else text
    path.write_bytes(data)
    with pytest.raises(GameFileError) as e:
        gamefile.load(path)
    assert path.read_bytes() == data  # the file is kept as it was
    return str(e.value)


def line_of(message: str) -> int:
    m = re.search(r"line (\d+)", message)
    assert m, message
    return int(m.group(1))


def numbered(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)


def small_file(row_a: str, row_b: str) -> str:
    return ("baker8bit-blue 1\nsuits 2\nranks 3\nseed -\ninitial\n"
            f"| {row_a}\n| {row_b}\naces CD\nstrategy\n| ?? ?? ?? ??\n| ?? ?? ?? ??\n"
            f"moves 0\ncursor 0\ncurrent\n| {row_a}\n| {row_b}\nend\n")


def test_a_hand_written_file_loads(tmp_path):
    path = tmp_path / "ok.blue"
    path.write_text(small_file("AC -- 3C 2D", "AD 3D -- 2C"))
    assert gamefile.load(path).layout == Layout(2, 3)


def test_duplicated_card_names_its_line(tmp_path):
    msg = refused(tmp_path, small_file("AC -- 3C 2D", "AD 3D -- 3C"))
    assert line_of(msg) == 7 and "3C is there twice" in msg


def test_missing_card_names_the_layout(tmp_path):
    msg = refused(tmp_path, small_file("AC -- 3C 2D", "AD 3D -- --"))
    assert line_of(msg) == 7 and "missing" in msg


def test_ace_in_the_wrong_column_names_its_line(tmp_path):
    msg = refused(tmp_path, small_file("AC -- 3C 2D", "2C 3D AD --"))
    assert line_of(msg) == 7 and "column 0" in msg
    msg = refused(tmp_path, small_file("AD -- 3C 2D", "AC 3D -- 2C"))
    assert line_of(msg) == 6 and "as dealt" in msg


def test_malformed_lines(tmp_path):
    assert line_of(refused(tmp_path, "hello\n")) == 1
    assert line_of(refused(tmp_path, small_file("AC -- 3C 2D", "AD 3D -- 2C").replace("ranks 3", "ranks x"))) == 3
    assert line_of(refused(tmp_path, small_file("AC -- 3C 2D", "AD 3D -- 2C").replace("aces CD", "aces CC"))) == 8
    assert line_of(refused(tmp_path, small_file("AC -- 3C 2D ZZ", "AD 3D -- 2C"))) == 6


def test_history_that_does_not_replay_names_the_move_line(tmp_path):
    g = sample_game()
    text = gamefile.dumps(g)
    k = numbered(text, "moves ") + 2  # the second move line
    lines = text.splitlines()
    lines[k - 1] = "| KS>A1"
    msg = refused(tmp_path, "\n".join(lines) + "\n")
    assert line_of(msg) == k and "does not replay" in msg


def test_current_that_differs_from_the_history_is_refused(tmp_path):
    text = gamefile.dumps(sample_game())
    k = numbered(text, "current") + 1
    lines = text.splitlines()
    cells = lines[k].split()
    cells[2], cells[3] = cells[3], cells[2]
    lines[k] = " ".join(cells)
    msg = refused(tmp_path, "\n".join(lines))
    assert line_of(msg) == k + 1


def test_every_truncation_is_refused_with_a_line(tmp_path):
    text = gamefile.dumps(sample_game(Layout(2, 4)))
    lines = text.splitlines()
    for n in range(len(lines) - 1):
        msg = refused(tmp_path, "\n".join(lines[:n]))
        assert "line" in msg


def test_huge_and_non_ascii_files(tmp_path):
    assert "bytes" in refused(tmp_path, b"baker8bit-blue 1\n" + b"#" * (gamefile.MAX_BYTES + 10))
    assert "ASCII" in refused(tmp_path, "baker8bit-blue 1\nsuits 4\xe9\n")


def test_seed_that_does_not_match_the_layout(tmp_path):
    text = gamefile.dumps(Game.dealt(3, Layout(2, 3))).replace("seed 3", "seed 4")
    msg = refused(tmp_path, text)
    assert "deal 4" in msg


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_raise_only_the_file_error(data):
    try:
        gamefile.loads(data.decode("latin-1"))
    except GameFileError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_files_raise_only_the_file_error(data):
    text = gamefile.dumps(sample_game(Layout(2, 4), n=4))
    i = data.draw(st.integers(0, len(text) - 1))
    j = data.draw(st.integers(i, min(len(text), i + 8)))
    junk = data.draw(st.text(alphabet="AKQJT23456789CDHS-?| >\n0123456789x", max_size=8))
    try:
        g = gamefile.loads(text[:i] + junk + text[j:])
    except GameFileError:
        return
    rules.check_board(g.board, g.layout)  # anything accepted is a legal game
