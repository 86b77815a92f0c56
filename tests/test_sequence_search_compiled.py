"""The sequence clairvoyant search: the compiled copy (``_csearch``: games/sequence/fastsearch.pyx,
built by setup.py) against the plain reference ``search.py`` (the same outcome, moves and count
of positions), and every reduction against the search without any on small positions drawn by
hypothesis (few cards left: the unreduced search finishes). The compiled tests are skipped when
the extension is not built, except in CI, where .ci/run builds it and a skip would hide a gap."""

from __future__ import annotations

import importlib

import pytest
from conftest import IN_CI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baker8bit.games.sequence import search, solver
from baker8bit.games.sequence.rules import POSITION, RANKS, Move, State, deal

pure = importlib.import_module("baker8bit.games.sequence.search")
try:
    from baker8bit.games.sequence import _csearch
except ImportError:  # pragma: no cover - not built
    _csearch = None

FLAGS = search.SYMMETRY | search.FORCED | search.DEAD


def needs_compiled():
    if _csearch is None:
        if IN_CI:
            pytest.fail("_csearch is missing in CI (the package build compiles it: setup.py)")
        pytest.skip("_csearch not built (install with a C compiler: pip install .)")


@st.composite
def small_positions(draw, most: int = 9):
    """A legal position with at most ``most`` cards not home: final piles far along, the other
    cards dealt at random between the storage piles, the hand and the deck."""
    low = 13 - (most + 3) // 4
    finals = draw(st.tuples(*[st.integers(low, 13)] * 4).filter(lambda f: 0 < 52 - sum(f) <= most))
    rest = []
    for r in RANKS:
        rest += [r] * sum(1 for k in range(4) if POSITION[k][r] >= finals[k])
    order = draw(st.permutations(rest))
    stored = draw(st.integers(0, len(order)))
    piles = [[], [], [], []]
    for r in order[:stored]:
        piles[draw(st.integers(0, 3))].append(r)
    cards = order[stored:]
    return State(tuple(cards[1:]), cards[0] if cards else None, tuple(tuple(p) for p in piles), finals)


def replay(s: State, moves) -> State:
    for m in moves:
        s = s.apply(m)
    return s


SLOW = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.filter_too_much]
RULESETS = [solver.ALL, solver.Pruning(True, False, False), solver.Pruning(False, True, False),
            solver.Pruning(False, False, True)]


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(small_positions())
def test_every_reduction_keeps_the_verdict_of_the_search_without_any(s):
    plain = solver.solve_plain(s)
    assert plain.outcome in ("solved", "unsolvable")
    for rules in RULESETS:
        for is_pure in (True, False):
            r = solver.solve(s, 10**6, rules, pure=is_pure)
            assert r.outcome == plain.outcome, (s.text(), rules)
            if r.outcome == "solved":
                assert replay(s, r.moves).won()


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(small_positions(12))
def test_a_dead_position_is_lost(s):
    """The reach test never calls a winnable position dead (``solve_plain`` has no reduction)."""
    piles = [list(p) for p in s.storage]
    cards = ((s.hand,) + s.deck) if s.hand is not None else ()
    if search.dead(piles, list(s.finals), cards, 0):
        assert solver.solve_plain(s, 10**6).outcome == "unsolvable"


def test_dead_examples():
    # pile 1 needs 4 then 5, the last copies; the 5 lies on the 4
    assert solver.deadlocked(((4, 5), (), (), ()), (3, 13, 13, 13))
    assert not solver.deadlocked(((5, 4), (), (), ()), (3, 13, 13, 13))
    # another copy of the 4 not in storage (pile 2 still needs one) frees pile 1
    assert not solver.deadlocked(((4, 5), (), (), ()), (3, 0, 13, 13))
    # two piles need the 4 and both copies lie under cards only they can take after it
    assert solver.deadlocked(((4, 5), (4, 8), (), ()), (3, 1, 13, 13))


def test_implementation_picks_the_compiled_module_unless_asked_not_to(monkeypatch):
    needs_compiled()
    assert search.implementation() is _csearch
    assert search.implementation(pure=True) is pure
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    assert search.implementation() is pure
    assert solver.implementation_name() == "pure"


@settings(max_examples=100, deadline=None, suppress_health_check=SLOW)
@given(small_positions(14), st.sampled_from([FLAGS, 0, search.SYMMETRY, FLAGS | search.EAGER]),
       st.integers(0, 10**6), st.sampled_from([0, 300, 1000]))
def test_compiled_runs_as_the_reference_on_small_positions(s, flags, seed, noise):
    needs_compiled()
    cards = ((s.hand,) + s.deck) if s.hand is not None else ()
    a = pure.run(cards, s.storage, s.finals, 5000, flags, seed, noise)
    b = _csearch.run(cards, s.storage, s.finals, 5000, flags, seed, noise)
    assert a == b
    piles = [list(p) for p in s.storage]
    assert pure.dead(piles, list(s.finals), cards, 0) == _csearch.dead(piles, list(s.finals), cards, 0)


@pytest.mark.parametrize("d", [1, 2, 3, 16])
@pytest.mark.parametrize("flags", [FLAGS, FLAGS | search.EAGER])
def test_compiled_runs_as_the_reference_on_full_deals(d, flags):
    needs_compiled()
    args = (deal(d), ((),) * 4, (0,) * 4, 3000, flags, d, 300)
    assert pure.run(*args) == _csearch.run(*args)


def test_the_solver_gives_the_same_answer_pure_or_compiled():
    needs_compiled()
    for d in (1, 4, 12):
        a = solver.solve(State.dealt(d), 60_000, seed=d, pure=True)
        b = solver.solve(State.dealt(d), 60_000, seed=d, pure=False)
        assert (a.outcome, a.moves, a.positions) == (b.outcome, b.moves, b.positions)
        if a.outcome == "solved":
            assert replay(State.dealt(d), a.moves).won()


def test_the_card_that_fits_two_piles_and_eager_play():
    """The counterexamples of docs/games/sequence.md: home play is not always safe."""
    s = State((13, 7, 13, 13), 9, ((), (), (9, 11), (13,)), (12, 9, 12, 11))
    assert s.fits(9) == [4]
    assert solver.solve_plain(s).outcome == "solved"
    assert solver.solve_plain(s.apply(Move("H", 4, True))).outcome == "unsolvable"
    cards = (s.hand,) + s.deck
    assert search.run(cards, s.storage, s.finals, 10**6, FLAGS | search.EAGER)[0] == search.LOST
    assert solver.solve(s).outcome == "solved"
    t = State((13, 9, 13, 13), 11, ((11, 12), (10,), (13,), ()), (10, 11, 11, 11))
    assert t.fits(11) == [1, 2]
    assert solver.solve_plain(t.apply(Move("H", 1, True))).outcome == "solved"
    assert solver.solve_plain(t.apply(Move("H", 2, True))).outcome == "unsolvable"
    assert solver.solve(t).outcome == "solved"
