"""Sequence solitaire (McCarthy, CS206, 1973): one test per sentence of the handout, and invariants."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.core import cards
from baker8bit.core import deal as core_deal
from baker8bit.games.sequence.game import SAMPLING_RULES, SequenceGame
from baker8bit.games.sequence.rules import (
    SEQUENCES,
    Move,
    SequenceError,
    State,
    deal,
    deck_text,
    pile_card,
)


def blank(deck=(), hand=None, storage=((), (), (), ()), finals=(0, 0, 0, 0)) -> State:
    return State(tuple(deck), hand, tuple(tuple(p) for p in storage), tuple(finals))


# 1. "An ordinary 52 card deck is used. Suits are ignored, and ace, jack, queen and king
#    are regarded as representing the numbers 1, 11, 12, and 13 respectively."
def test_rule1_deck_is_52_cards_four_of_each_rank():
    for d in (1, 2, 617, 2**31 - 1):
        assert Counter(deal(d)) == {r: 4 for r in range(1, 14)}


def test_rule1_ranks_are_numbers_and_suits_ignored():
    assert deck_text(1).split()[0] in "A 2 3 4 5 6 7 8 9 T J Q K".split()
    # the deal is the FreeCell generator over 52 cards, suits dropped
    assert deal(1) == tuple(cards.rank_of(c) + 1 for c in core_deal.shuffled(1, 4))
    assert deck_text(1).split() == ["A23456789TJQK"[r - 1] for r in deal(1)]


# 2. "The first pile starts with 1 at the bottom and goes up by 1's to 13."
def test_rule2_first_pile():
    assert SEQUENCES[0] == tuple(range(1, 14))


# "The second pile starts with 2 and goes up by 2's to 12 and then continues with 1 and goes on up to 13."
def test_rule2_second_pile_cyclic():
    assert SEQUENCES[1] == (2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13)


# "Thus, the cards are taken in cyclic order with 1 following 13."
# "The third pile starts with 3 and goes up by 3's to 13, and the fourth pile starts with 4 and goes up by 4's to 13."
def test_rule2_third_and_fourth_piles():
    assert SEQUENCES[2] == (3, 6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13)
    assert SEQUENCES[3] == (4, 8, 12, 3, 7, 11, 2, 6, 10, 1, 5, 9, 13)
    assert pile_card(4, 0) == 4 and pile_card(3, 12) == 13


# "In the won position, therefore, each pile will have 13 cards."
def test_rule2_won_position_thirteen_each():
    for seq in SEQUENCES:
        assert sorted(seq) == list(range(1, 14)) and seq[-1] == 13
    assert blank(finals=(13, 13, 13, 13)).won()
    assert not blank(finals=(13, 13, 13, 12), storage=((13,), (), (), ())).won()


# A pile starts only when its base card turns up (not Calculation: no base is taken out first).
def test_rule2_piles_start_empty_and_need_their_base():
    s = State.dealt(1)
    assert s.finals == (0, 0, 0, 0)
    assert [s.needs(k) for k in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert len(s.deck) == 51 and s.hand == deal(1)[0]


# 3. "The game starts with a shuffled face down deck. At any intermediate stage there will be some
#    (maybe none) cards in final piles, some cards in four storage piles, one turned up "hand card",
#    and a deck of unexamined cards."
def test_rule3_start_position():
    s = State.dealt(5)
    assert s.storage == ((), (), (), ()) and s.hand is not None
    assert (s.hand,) + s.deck == deal(5)
    assert State.dealt(5) == State.dealt(5) and deal(5) != deal(6)


# 4a. "play the top card on any storage pile to a final pile on which it will start or continue the sequence"
def test_rule4a_storage_top_to_final():
    s = blank(deck=(9,), hand=7, storage=((5, 1), (2,), (), ()))
    moves = s.legal_moves()
    assert Move(0, 1, True) in moves  # the ace starts pile 1
    assert Move(1, 2, True) in moves  # the 2 starts pile 2
    assert Move(1, 1, True) not in moves  # pile 1 needs an ace
    after = s.apply(Move(0, 1, True))
    assert after.storage[0] == (5,) and after.finals == (1, 0, 0, 0)
    # only the top card: the 5 under the ace cannot move
    assert not any(m.source == 0 and m.final for m in blank(hand=7, storage=((1, 5), (), (), ())).legal_moves())


# 4b. "play the hand card onto a final pile on which it will start or continue the sequence for that pile."
def test_rule4b_hand_to_final_continues():
    s = blank(deck=(9, 8), hand=6, finals=(5, 2, 1, 0))  # pile 1 needs 6, pile 2 needs 6, pile 3 needs 6
    assert [m for m in s.legal_moves() if m.final] == [Move("H", 1, True), Move("H", 2, True), Move("H", 3, True)]
    assert s.apply(Move("H", 3, True)).finals == (5, 2, 2, 0)
    with pytest.raises(SequenceError):
        s.apply(Move("H", 4, True))  # pile 4 needs its base, the 4
    # cyclic: on pile 2 the 1 follows 12
    assert Move("H", 2, True) in blank(hand=1, finals=(13, 6, 13, 13)).legal_moves()


# 4c. "play the hand card to the top position of any storage pile."
def test_rule4c_hand_to_any_storage_pile():
    s = blank(deck=(9,), hand=13, storage=((5, 1), (2,), (), ()))
    for i in range(4):
        assert Move("H", i, False) in s.legal_moves()
        assert s.apply(Move("H", i, False)).storage[i][-1] == 13


# 4d. "if the hand card has just been played turn up a new hand card from the deck." (automatic)
def test_rule4d_new_hand_card_turns_up_after_the_hand_card_is_played():
    s = blank(deck=(9, 8), hand=1)
    assert s.apply(Move("H", 1, True)).hand == 9
    assert s.apply(Move("H", 2, False)).hand == 9
    assert s.apply(Move("H", 2, False)).deck == (8,)
    # not otherwise: a storage move keeps the hand card
    t = blank(deck=(9,), hand=5, storage=((1,), (), (), ()))
    assert t.apply(Move(0, 1, True)).hand == 5
    # the last card: no hand card any more
    assert blank(hand=1, storage=((5,), (), (), ())).apply(Move("H", 1, True)).hand is None


# 5. "The game continues until all cards are in final piles or until no legal move can be made.
#    The former condition is a win and the latter is a loss."
def test_rule5_win_and_loss():
    assert blank(finals=(13, 13, 13, 13)).won()
    stuck = blank(storage=((12, 13), (), (), ()), finals=(11, 13, 13, 13))
    assert stuck.lost() and not stuck.won() and stuck.legal_moves() == []
    # a hand card always has a move, so no game is lost before the deck is used up
    assert blank(hand=13, storage=((1,), (), (), ())).legal_moves()


def test_rule5_one_move_from_winning():
    s = blank(hand=13, finals=(13, 13, 13, 12))
    s = s.apply(Move("H", 4, True))
    assert s.won() and not s.lost()


# Move text round-trips
def test_move_text_round_trip():
    texts = [f"H{k}" for k in "1234"] + [f"H{p}" for p in "ABCD"] + [f"{p}{k}" for p in "ABCD" for k in "1234"]
    for t in texts:
        assert str(Move.parse(t)) == t
    for bad in ("", "H", "A", "AB", "H5", "E1", "1A", "HHH"):
        with pytest.raises(SequenceError):
            Move.parse(bad)


def test_bad_deal_numbers():
    for bad in (0, -1, 2**31, True, "1"):
        with pytest.raises(SequenceError):
            deal(bad)


def _game(number: int) -> SequenceGame:
    return SequenceGame(SAMPLING_RULES, number, State.dealt(number))


def test_game_undo():
    g = _game(7)
    start = g.position
    assert not g.take_back()
    g.push(Move.parse("HA"))
    g.push(Move.parse("HB"))
    assert g.take_back() and g.take_back() and g.position == start and g.moves == 0


# ---- invariants ----------------------------------------------------------------------------


def all_cards(s: State) -> Counter:
    c = Counter(s.deck)
    if s.hand is not None:
        c[s.hand] += 1
    for p in s.storage:
        c.update(p)
    for k, n in enumerate(s.finals):
        c.update(SEQUENCES[k][:n])
    return c


@settings(max_examples=60, deadline=None)
@given(d=st.integers(1, 2**31 - 1), picks=st.lists(st.integers(0, 50), max_size=110))
def test_any_move_sequence_keeps_every_card_once_and_undo_restores(d, picks):
    g = _game(d)
    full = Counter({r: 4 for r in range(1, 14)})
    for p in picks:
        legal = g.position.legal_moves()
        if not legal:
            assert g.position.won() or g.position.hand is None
            break
        before = g.position
        g.push(legal[p % len(legal)])
        s = g.position
        assert all_cards(s) == full
        assert all(0 <= n <= 13 for n in s.finals)
        assert (s.hand is None) == (not s.deck and s.hand is None)
        assert g.moves <= 104
        # undo restores exactly, redo gives the same
        move = g.played[-1]
        assert g.take_back() and g.position == before
        assert g.redo() == move and g.position == s
    while g.take_back():
        pass
    assert g.position == State.dealt(d)
