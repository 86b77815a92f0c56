"""A seen table that forgets (issue 22: proofs larger than memory): ``_cfamily.solve(...,
table=N)`` and ``baker8bit solve --memory SIZE``.

The table holds N keys; when a key's window is full it is written over the deepest key there,
which the table forgets. A forgotten position met again is searched again. SOLVER.md ("A seen
table that forgets") proves that a search that ends is still exhaustive: every position it skips
was pushed on its stack (found in the table, or on the current path), so a win reachable from
the start is reached, and "unsolvable" stays a proof. These tests check that against the exact
search (a table that never forgets), deal by deal and for any table size.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_family import FAMILY, answer, compiled_module
from test_shorten import replays_to_a_win as wins  # legal move by move, every card home

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell.position import Position

KING_ALBERT = next(rs for rs in FAMILY if rs.game == "king-albert")


@pytest.mark.parametrize("rs", FAMILY, ids=lambda rs: rs.name)
def test_a_table_that_forgets_is_the_same_search_while_it_holds_everything(rs):
    """With room for every position, the table forgets none, and the search is the exact one:
    the same outcome, positions, moves and automatic moves, deal by deal (and the move arena
    going back as positions are searched to the end changes no line)."""
    fast = compiled_module()
    for deal in range(1, 31):
        pos = Position.dealt(deal, rs)
        exact = fast.solve(pos, rs, max_states=30_000)
        roomy = fast.solve(pos, rs, max_states=30_000, table=200_000)
        assert answer(roomy) == answer(exact), deal
        assert fast.forgotten() == 0


@pytest.mark.parametrize("rs", FAMILY, ids=lambda rs: rs.name)
def test_a_table_that_forgets_loses_no_verdict(rs):
    """A table with room for half the positions the exact search keeps: it forgets, searches
    again, and every verdict it reaches is the exact search's; its wins are legal to the end."""
    fast = compiled_module()
    decided = {SOLVED: 0, UNSOLVABLE: 0}
    forgot = 0
    for deal in range(1, 41):
        pos = Position.dealt(deal, rs)
        exact = fast.solve(pos, rs, max_states=60_000)
        if exact.outcome == UNKNOWN or exact.states < 200:
            continue
        small = fast.solve(pos, rs, max_states=20 * exact.states, table=exact.states // 2)
        forgot += fast.forgotten()
        assert small.outcome in (exact.outcome, UNKNOWN), deal
        if small.outcome != UNKNOWN:
            decided[small.outcome] += 1
        if small.outcome == SOLVED:
            assert wins(pos, rs, small.moves), deal
    assert forgot > 0, "the tables were small enough to forget"
    assert decided[SOLVED] + decided[UNSOLVABLE] >= 5, decided


def test_a_lost_deal_larger_than_the_table_is_still_proved_lost():
    """King Albert deals proved lost by the exact search are proved lost again with a table of
    half and of three quarters of their positions, after forgetting many of them."""
    fast = compiled_module()
    proved = 0
    for deal in range(1, 60):
        pos = Position.dealt(deal, KING_ALBERT)
        exact = fast.solve(pos, KING_ALBERT, max_states=100_000)
        if exact.outcome != UNSOLVABLE or exact.states < 2_000:
            continue
        for share in (2, 4 / 3):
            small = fast.solve(pos, KING_ALBERT, max_states=20 * exact.states, table=int(exact.states / share))
            assert small.outcome == UNSOLVABLE, (deal, share, small.outcome)
            assert small.states >= exact.states and fast.forgotten() > 0
            proved += 1
    assert proved >= 6


@pytest.mark.parametrize("deal", [7, 19, 44, 127])
def test_a_table_smaller_than_the_path_still_ends(deal):
    """A table of 16 slots forgets almost everything; the search still ends, with the exact
    verdict, because a child already on its own path is never searched again (without that,
    a move and its reverse would search each other for ever)."""
    fast = compiled_module()
    pos = Position.dealt(deal, KING_ALBERT)
    exact = fast.solve(pos, KING_ALBERT, max_states=100_000)
    assert exact.outcome == UNSOLVABLE
    tiny = fast.solve(pos, KING_ALBERT, max_states=5_000_000, table=16)
    assert tiny.outcome == UNSOLVABLE
    assert tiny.states >= exact.states


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 400), slots=st.integers(16, 20_000), rule_set=st.sampled_from(FAMILY))
def test_any_table_that_forgets_agrees_with_the_exact_search(deal, slots, rule_set):
    """Whatever the table's size, a verdict the forgetting search reaches is the exact one."""
    fast = compiled_module()
    pos = Position.dealt(deal, rule_set)
    exact = fast.solve(pos, rule_set, max_states=20_000)
    assume(exact.outcome != UNKNOWN)
    small = fast.solve(pos, rule_set, max_states=100_000, table=slots)
    assert small.outcome in (exact.outcome, UNKNOWN)
    if small.outcome == SOLVED:
        assert wins(pos, rule_set, small.moves)


def test_only_the_pruned_search_forgets():
    fast = compiled_module()
    with pytest.raises(ValueError, match="pruned"):
        fast.solve(Position.dealt(1, KING_ALBERT), KING_ALBERT, max_states=10, prune=False, table=100)
