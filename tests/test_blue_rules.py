"""Blue (Corvi's Gaps variant): one test per rule sentence of the seed, and properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.core import deal as core_deal
from baker8bit.core.cards import to_text
from baker8bit.games.blue import rules
from baker8bit.games.blue.rules import FULL, GAP, Game, Layout, Move, RulesError, card

SMALL = Layout(2, 3)


def won_board(lay: Layout) -> bytes:
    b = bytearray(lay.size)
    for r in range(lay.suits):
        for j in range(lay.ranks):
            b[r * lay.width + j] = card(r, j + 1)
    return bytes(b)


def brute_moves(b: bytes, lay: Layout) -> set[Move]:
    """Rule 5 read literally, card by card."""
    out = set()
    for c in b:
        if c == GAP or c & 15 == 1:
            continue
        for i in range(lay.size):
            if b[i] != GAP or i % lay.width == 0:
                continue
            before = i % lay.width != lay.width - 1 and b[i + 1] == c + 1 and c & 15 < lay.ranks
            after = b[i - 1] == c - 1
            if before or after:
                out.add(Move(c, i))
    return out


def test_rule1_a_stack_of_52_cards_13_for_four_suits():
    cards = FULL.cards()
    assert len(cards) == 52 == len(set(cards))
    assert {rules.suit_of(c) for c in cards} == {0, 1, 2, 3}
    assert all(sum(rules.suit_of(c) == s for c in cards) == 13 for s in range(4))


def test_rule2_laid_out_in_four_rows_thirteen_per_row():
    order = rules.shuffled(1234, FULL)
    b = rules.deal(1234, FULL)
    for i, c in enumerate(order):
        if c & 15 != 1:
            assert b[(i // 13) * 14 + 1 + i % 13] == c  # row by row, in the order drawn


def test_the_generator_is_the_microsoft_one_of_core_deal():
    for seed in (1, 617, 11982, 2**31 - 1):
        assert [rules.card_text(c) for c in rules.shuffled(seed, FULL)] == \
            [to_text(c) for c in core_deal.shuffled(seed, 4)]


def test_rule3_aces_to_the_left_four_rows_of_14_four_gaps():
    order = rules.shuffled(99, FULL)
    b = rules.deal(99, FULL)
    assert FULL.width == 14 and len(b) == 56
    assert [b[r * 14] for r in range(4)] == [card(s, 1) for s in range(4)]
    gaps = [i for i, c in enumerate(b) if c == GAP]
    assert len(gaps) == 4
    ace_places = [(i // 13) * 14 + 1 + i % 13 for i, c in enumerate(order) if c & 15 == 1]
    assert sorted(gaps) == sorted(ace_places)  # the aces left gaps where they lay
    rules.check_board(b, FULL)


def test_rule4_won_when_rows_run_ace_to_king_gap_rightmost():
    b = won_board(FULL)
    assert rules.won(b, FULL)
    assert all(b[r * 14 + 13] == GAP for r in range(4))
    shifted = bytearray(b)
    shifted[13], shifted[12] = shifted[12], GAP  # the gap not rightmost
    assert not rules.won(bytes(shifted), FULL)
    assert not rules.won(rules.deal(1, FULL), FULL)


def test_rule4_a_row_of_another_suit_than_its_ace_is_not_won():
    b = bytearray(won_board(SMALL))
    b[1:3], b[5:7] = b[5:7], b[1:3]  # the 2 and 3 of each suit behind the other ace
    assert not rules.won(bytes(b), SMALL)


def test_rule5_a_card_goes_before_the_card_one_higher_of_its_suit():
    b = rules.parse_board("AC -- 3C 2D\nAD 3D -- 2C", SMALL)
    assert Move(card(0, 2), 1) in rules.moves(b, SMALL)  # 2C before 3C (also after AC)
    assert Move(card(1, 2), 1) not in rules.moves(b, SMALL)  # 2D: not before 3C


def test_rule5_a_card_goes_after_the_card_one_lower_of_its_suit():
    b = rules.parse_board("AC 2C -- 3D\nAD 2D -- 3C", SMALL)
    ms = rules.moves(b, SMALL)
    assert Move(card(0, 3), 2) in ms and Move(card(1, 3), 6) in ms
    assert Move(card(1, 3), 2) not in ms


def test_rule5_aces_never_move_and_nothing_goes_before_a_2_or_after_a_king():
    b = rules.parse_board("AC -- 2C 3D\nAD 3C -- 2D", SMALL)
    assert all(m.card & 15 != 1 for m in rules.moves(b, SMALL))
    b = rules.parse_board("AC 3C -- 2D\nAD 3D -- 2C", SMALL)  # 3C and 3D are the kings here
    assert rules.moves(b, SMALL) == []


def test_rule5_column_1_takes_the_2_of_the_ace_and_the_last_column_looks_left_only():
    b = rules.parse_board("AC -- 3D 2D\nAD 3C 2C --", SMALL)
    ms = set(rules.moves(b, SMALL))
    assert Move(card(0, 2), 1) in ms and Move(card(1, 2), 1) in ms  # after AC; before 3D
    b = rules.parse_board("AC 2D 3C --\nAD 2C 3D --", SMALL)
    assert rules.moves(b, SMALL) == []  # after the 3s (kings) nothing, and no right neighbour


def test_rule6_the_aces_can_be_reordered_before_the_first_move_only():
    g = Game.dealt(5, SMALL)
    g.set_aces((1, 0))
    assert rules.aces_of(g.board, SMALL) == (1, 0)
    rules.check_board(g.board, SMALL)
    g.play(g.legal_moves()[0])
    with pytest.raises(RulesError):
        g.set_aces((0, 1))
    g.go_to(0)
    g.set_aces((0, 1))  # back before the first move: allowed, the moves are dropped
    assert g.history == []


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2**31 - 1), st.integers(1, 4), st.integers(2, 13))
def test_moves_are_exactly_the_rule_read_literally(seed, suits, ranks):
    lay = Layout(suits, ranks)
    rng = random.Random(seed)
    b = rules.deal(seed, lay)
    for _ in range(30):
        ms = rules.moves(b, lay)
        assert set(ms) == brute_moves(b, lay) and len(ms) == len(set(ms))
        if not ms:
            break
        b = rules.apply(b, rng.choice(ms), lay)
        rules.check_board(b, lay)  # no card lost or duplicated, aces in column 0


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.lists(st.tuples(st.sampled_from("pbfgx"), st.integers(0, 99)), max_size=40))
def test_history_back_and_forward_restore_exactly_and_any_input_leaves_a_legal_state(seed, actions):
    lay = Layout(3, 5)
    g = Game.dealt(seed, lay)
    boards = [g.board]
    for what, n in actions:
        before = (g.board, list(g.history), g.cursor)
        try:
            if what == "p":
                ms = g.legal_moves()
                if ms:
                    g.play(ms[n % len(ms)])
                    boards[g.cursor:] = [g.board]
            elif what == "b":
                g.back()
            elif what == "f":
                g.forward()
            elif what == "g":
                g.go_to(n % (len(g.history) + 2))
            else:
                g.play(Move(card(n % 3, 2 + n % 4), n % lay.size))  # maybe illegal
                boards[g.cursor:] = [g.board]
        except RulesError:
            assert (g.board, g.history, g.cursor) == before  # refused: nothing changed
        rules.check_board(g.board, lay)
        assert g.board == boards[g.cursor]
    for k in range(len(g.history), -1, -1):
        g.go_to(k)
        assert g.board == boards[k]


def test_move_text_round_trips():
    for c, to in [(card(3, 6), 13), (card(0, 13), 1), (card(2, 10), 30)]:
        m = Move(c, to)
        assert Move.parse(m.text(FULL), FULL) == m
    assert Move(card(3, 6), 13).text(FULL) == "6S>A13"
    for bad in ("6S", "6S>E1", "6S>A0", "AS>A3", "ZZ>A1", "6S>A14"):
        with pytest.raises(RulesError):
            Move.parse(bad, FULL)
