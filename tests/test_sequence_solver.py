"""The exact search of sequence solitaire: every reduction against the search without any.

Positions: the middle of games of deals 1.. played by a seeded random or the
``best`` strategy, stopped with a few cards left in the deck, so that the
plain search (every legal move, positions compared exactly) finishes. Every
reduction of ``solver.Pruning`` alone and all of them together must give the
same verdict; every win found must replay to a won position.
"""

from __future__ import annotations

import random

import pytest

from baker8bit.games.sequence import solver as sv
from baker8bit.games.sequence import strategy as st
from baker8bit.games.sequence.rules import State, deal


def positions(count: int, left: int, seed: int = 0) -> list[State]:
    out = []
    strategies = [st.load("best"), st.load("random"), st.load("greedy")]
    for d in range(1, count + 1):
        rng = random.Random(seed * 1000 + d)
        strategy = strategies[d % 3]
        s = State.dealt(d)
        while len(s.deck) > left and s.legal_moves():
            m = st.choose(strategy, s, rng)
            if m is None:
                m = rng.choice(s.legal_moves())
            s = s.apply(m)
        out.append(s)
    return out


def won_positions(count: int, left: int) -> list[State]:
    """Positions on winning lines the search found (won), and one random move off them (either)."""
    out = []
    for d in range(1, 40):
        r = sv.solve(State.dealt(d), 3000, seed=d)
        if r.outcome != "solved":
            continue
        s = State.dealt(d)
        for m in r.moves:
            if len(s.deck) <= left:
                break
            s = s.apply(m)
        out.append(s)
        off = s.apply(random.Random(d).choice(s.legal_moves()))
        out.append(off)
        if len(out) >= count:
            break
    return out


def replay(s: State, moves) -> State:
    for m in moves:
        s = s.apply(m)
    return s


RULESETS = [sv.ALL, sv.Pruning(True, False, False), sv.Pruning(False, True, False), sv.Pruning(False, False, True)]


@pytest.mark.parametrize("left", [3, 4])
def test_reductions_change_no_verdict(left):
    verdicts = {"solved": 0, "unsolvable": 0}
    for s in positions(10, left) + won_positions(4, left + 2):
        plain = sv.solve_plain(s)
        assert plain.outcome in ("solved", "unsolvable")
        verdicts[plain.outcome] += 1
        for rules in RULESETS:
            r = sv.solve(s, 10**7, rules)
            assert r.outcome == plain.outcome, (s.text(), rules)
            if r.outcome == "solved":
                assert replay(s, r.moves).won()
    assert verdicts["solved"] and verdicts["unsolvable"]  # both kinds of position were checked


def test_deadlock_examples():
    # 5 must go to pile 1 after 4, and sits above the 4: the last copies of both
    assert sv.deadlocked(((4, 5), (), (), ()), (3, 13, 13, 13))
    assert not sv.deadlocked(((5, 4), (), (), ()), (3, 13, 13, 13))
    # a cycle through two storage piles and two final piles:
    # pile 1 needs 2 then 3 ... (only pile 1 needs ranks 2,3 here); pile 2's last ranks
    assert not sv.deadlocked(((), (), (), ()), (0, 0, 0, 0))


def test_lost_is_a_proof_and_unknown_past_the_limit():
    s = State((), None, ((12, 13), (), (), ()), (11, 13, 13, 13))
    assert sv.solve(s).outcome == "unsolvable"
    assert sv.solve(State.dealt(1), 5).outcome == "unknown"


@pytest.mark.parametrize("d", range(1, 9))
def test_full_deals_wins_replay_and_are_deterministic(d):
    a = sv.solve(State.dealt(d), 5000, seed=d)
    b = sv.solve(State.dealt(d), 5000, seed=d)
    assert (a.outcome, a.moves, a.positions) == (b.outcome, b.moves, b.positions)
    assert a.positions <= 5000 + 1
    if a.outcome == "solved":
        assert replay(State.dealt(d), a.moves).won()
    assert deal(d)
