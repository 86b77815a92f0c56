"""Saved games: round trips with take-back memory and mark, resuming into the key machine,
and damaged files set aside with a message and their bytes kept."""

from __future__ import annotations

import random

import pytest
from conftest import baker_rules, play, solutions, texts
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.core.history import History
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import Move, apply, legal_moves, parse_move
from baker8bit.sessions.savegame import SaveError, dump, load, load_or_set_aside, machine_from_game, parse, save


def wander(suits: int, deal: int, n: int, seed: int, mark_at: int | None = None) -> Game:
    """A game of n legal single moves chosen by a seeded generator (avoiding dead ends)."""
    rng = random.Random(seed)
    g = Game.dealt(baker_rules(suits), deal)
    for i in range(n):
        if i == mark_at:
            g.set_mark()
        moves = legal_moves(g.position, g.rules)
        live = [m for m in moves if legal_moves(apply(g.position, m), g.rules)]
        g.make(rng.choice(live or moves))
    assert g.moves == n
    return g


def long_game(n: int, mark_at: int) -> Game:
    """4 suits, deal 1: the stored solution up to its first empty column (move 43), then a card
    shuttles between a parking space and that column until n moves were made."""
    deal, sol = solutions()[4]
    rs = baker_rules(4)
    g = Game.dealt(rs, deal)
    for i in range(n):
        if i == mark_at:
            g.set_mark()
        if i < 43:
            g.make(parse_move(sol[i], rs))
            continue
        p = g.position
        empty_col = next((j for j, c in enumerate(p.columns) if not c), None)
        full_cell = next((j for j, c in enumerate(p.cells) if c is not None), None)
        if empty_col is not None and full_cell is not None:
            g.make(Move(("cell", full_cell), ("column", empty_col)))
        else:
            lone = next(j for j, c in enumerate(p.columns) if len(c) == 1)
            g.make(Move(("column", lone), ("cell", p.cells.index(None))))
    return g


def state(g: Game):
    return (g.rules, g.deal, g.position, g.history.positions, g.history.cap, g.moves, g.mark)


def test_round_trip_keeps_history_mark_and_moves():
    m = play(4, 1, "GB BI HJ P HK GL <SPACE>")
    g = parse(dump(m.game))
    assert state(g) == state(m.game)
    assert g.moves == 4 and g.mark == 3 and len(g.history) == 4


def test_save_and_load_a_file(tmp_path):
    g = wander(3, 77, 40, seed=1, mark_at=20)
    f = tmp_path / "savegame.txt"
    save(f, g)
    assert state(load(f)) == state(g)
    text = f.read_text()
    assert text.startswith("baker8bit-savegame 1\n") and "\nmark 20\n" in text and text.endswith("end\n")


def test_a_board_game_without_deal_number_round_trips():
    g = wander(2, 5, 3, seed=2)
    g.deal = None
    assert "\ndeal -\n" in dump(g) and state(parse(dump(g))) == state(g)


def test_after_resume_300_takebacks_work_and_the_mark_buzzer_sounds(tmp_path):
    g = long_game(350, mark_at=120)
    assert len(g.history) == 300 and g.mark == 120
    back_to = list(g.history.positions)
    f = tmp_path / "s.txt"
    save(f, g)
    m = machine_from_game(load(f), seed=3)
    assert texts(m) == ["deal 4 1", "resume 350 300"]
    m.drain_events()
    for i in range(300):
        m.press("SPACE")
        m.tick()
        assert m.game.position == back_to[-1 - i]
        expected = "buzzer" if m.game.moves == 120 else "tone"
        assert texts(m)[-2:] == ["takeback", expected]
        assert m.view().at_mark == (m.game.moves == 120)
    assert m.game.moves == 50
    n = len(m.events)
    m.press("SPACE")  # memory exhausted: nothing happens
    assert len(m.events) == n and m.game.moves == 50


def test_a_resumed_won_game_shows_winner_after_resume():
    deal, sol = solutions()[2]
    m = play(2, deal, " ".join(sol))
    resumed = machine_from_game(parse(dump(m.game)))
    assert texts(resumed) == [f"deal 2 {deal}", f"resume {len(sol)} {len(sol)}", "winner"]
    assert resumed.phase == "won"


@settings(max_examples=40, deadline=None)
@given(
    suits=st.sampled_from([2, 3, 4]),
    deal=st.integers(1, 2**31 - 1),
    actions=st.lists(st.sampled_from(["move", "move", "move", "back", "mark"]), max_size=60),
    seed=st.integers(0, 2**16),
)
def test_any_game_round_trips(suits, deal, actions, seed):
    rng = random.Random(seed)
    g = Game.dealt(baker_rules(suits), deal)
    for a in actions:
        if a == "move" and legal_moves(g.position, g.rules):
            g.make(rng.choice(legal_moves(g.position, g.rules)))
        elif a == "back":
            g.take_back()
        elif a == "mark":
            g.set_mark()
    assert state(parse(dump(g))) == state(g)


# -- damage ------------------------------------------------------------------------

GOOD = dump(wander(2, 1, 6, seed=4, mark_at=2))


def edit(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


def nth_line(n: int) -> str:
    return GOOD.splitlines()[n - 1]


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("", 1, "not a baker8bit saved game"),
        ("garbage\n\x01\x02", 1, "not a baker8bit saved game"),
        (GOOD.replace("savegame 1", "savegame 2"), 1, "newer baker8bit"),
        (GOOD.replace("savegame 1", "savegame 0"), 1, "unknown saved game format"),
        (GOOD[: len(GOOD) // 2].rsplit("\n", 1)[0] + "\n", None, "ends early"),
        (GOOD.replace("\nend\n", "\n"), None, "ends early"),
        (GOOD + "more\n", None, "after 'end'"),
        (edit("rules baker2", "rules baker7"), 3, "unknown rule set"),
        (edit("deal 1", "deal 0"), 4, "bad deal number"),
        (edit("moves 6", "moves 5"), 7, "only 5 moves"),
        (edit("moves 6", "moves x"), 5, "whole number"),
        (edit("mark 2", "mark -1"), 6, "at least 0"),
        (edit("position 3", "position 4"), None, "expected position 3"),
    ],
)
def test_damage_is_a_save_error_naming_the_line(text, line, words):
    with pytest.raises(SaveError) as info:
        parse(text)
    assert words in str(info.value)
    if line is not None:
        assert str(info.value).startswith(f"line {line}:")


def test_a_mark_out_of_reach_is_refused():
    g = wander(2, 1, 6, seed=4)
    g.history.mark = 301  # moves 6, memory 6: the mark can be 0..300
    with pytest.raises(SaveError, match=r"line 6: mark 301 is out of range.*0\.\.300"):
        parse(dump(g))
    g.history.mark = 300
    assert parse(dump(g)).mark == 300


def test_a_history_that_is_not_one_legal_move_apart_is_refused():
    g = wander(2, 1, 6, seed=4)
    h = list(g.history.positions)
    h[2], h[3] = h[3], h[2]
    g.history = History.of(g.rules.history, h, g.history.moves, g.moves)
    with pytest.raises(SaveError, match="position 2 does not follow from position 1 by one legal move"):
        parse(dump(g))


def test_a_position_with_a_duplicated_card_names_its_line():
    lines = GOOD.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("| : "))
    cards = lines[i].split()
    lines[i] = lines[i] + " " + cards[-1]
    with pytest.raises(SaveError, match=rf"line {i + 1}: card {cards[-1]} is duplicated"):
        parse("\n".join(lines) + "\n")


def test_too_long_a_memory_is_refused():
    g = wander(2, 1, 6, seed=4)
    text = dump(g).replace("positions 7", "positions 302")
    with pytest.raises(SaveError, match="301 remembered positions, but baker2 remembers 300"):
        parse(text)


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 3],  # truncated
        lambda b: b"\x89PNG\r\n\x1a\n garbage",  # garbage, not even text
        lambda b: b.replace(b"savegame 1", b"savegame 9"),  # wrong version
        lambda b: b.replace(b"mark 2", b"mark 999"),  # mark out of range
    ],
)
def test_load_or_set_aside_keeps_the_damaged_bytes(tmp_path, damage):
    f = tmp_path / "savegame.txt"
    bad = damage(GOOD.encode())
    f.write_bytes(bad)
    game, message = load_or_set_aside(f)
    assert game is None and "savegame.txt.damaged-1" in message
    assert not f.exists()
    assert (tmp_path / "savegame.txt.damaged-1").read_bytes() == bad


def test_load_or_set_aside_with_an_illegal_history(tmp_path):
    g = wander(3, 12, 10, seed=5)
    h = list(g.history.positions)
    del h[4]
    g.history = History.of(g.rules.history, h, g.history.moves[1:], g.moves)
    f = tmp_path / "s.txt"
    f.write_text(dump(g))
    game, message = load_or_set_aside(f)
    assert game is None and "does not follow" in message and "s.txt.damaged-1" in message
    f.write_text("garbage")
    assert load_or_set_aside(f)[1].endswith("kept as s.txt.damaged-2")


def test_load_or_set_aside_without_a_file_and_with_a_good_one(tmp_path):
    f = tmp_path / "s.txt"
    assert load_or_set_aside(f) == (None, None)
    f.write_text(GOOD)
    game, message = load_or_set_aside(f)
    assert message is None and dump(game) == GOOD and f.exists()
