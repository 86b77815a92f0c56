"""The compiled Blue search (``_csearch``: games/blue/fastsearch.pyx, built by
setup.py) against the plain reference ``search.py``: the same answers, the same
moves, the same number of positions. Skipped when the extension is not built, except in CI,
where .ci/run builds it and a skip would hide a gap."""

from __future__ import annotations

import importlib

import pytest
from conftest import IN_CI

from baker8bit.games.blue import checker, rules, search, study
from baker8bit.games.blue.rules import Layout

pure = importlib.import_module("baker8bit.games.blue.search")
try:
    from baker8bit.games.blue import _csearch
except ImportError:  # pragma: no cover - not built
    _csearch = None



@pytest.fixture(autouse=True)
def _built():
    if _csearch is None:
        if IN_CI:
            pytest.fail("_csearch is missing in CI (the package build compiles it: setup.py)")
        pytest.skip("_csearch not built (install with a C compiler: pip install .)")


def test_implementation_picks_the_compiled_module_unless_asked_not_to(monkeypatch):
    assert search.implementation() is _csearch
    assert search.implementation(pure=True) is pure
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    assert search.implementation() is pure


@pytest.mark.parametrize("suits,ranks", [(2, 3), (3, 2), (2, 4)])
def test_same_runs_on_every_small_layout(suits, ranks):
    lay = Layout(suits, ranks)
    for b in study.all_layouts(lay):
        assert _csearch.stuck(b, lay) == pure.stuck(b, lay)
        for seed in (None, 3):
            for prune in (True, False):
                assert _csearch.run(b, lay, 10**6, None, prune, seed) == pure.run(b, lay, 10**6, None, prune, seed)


@pytest.mark.parametrize("seed", [0, 1, 7, -5, 1 << 20, 3 * (1 << 20) + 5, (1 << 32) - 1, 1 << 32,
                                  (1 << 32) + 3, 12345678901234567890, (1 << 200) + 17])
def test_noise_is_pythons_random_for_every_seed(seed):
    """The compiled run's noise is CPython's Mersenne Twister written again in C: the same
    numbers as ``random.Random(seed).random()``, past the 624 words of a first refill, for seeds
    of one 32-bit word, of two and of many."""
    import random

    r = random.Random(seed)
    assert _csearch.noise_numbers(seed, 1500) == [r.random() for _ in range(1500)]


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_same_runs_at_full_size(deal):
    b = rules.deal(deal)
    for seed in (None, 1, 5):
        assert (_csearch.run(b, rules.FULL, 20_000, None, False, seed)
                == pure.run(b, rules.FULL, 20_000, None, False, seed))
    undecided = bytearray(b)
    for a in range(0, rules.FULL.size, rules.FULL.width):
        undecided[a] = search.UNDECIDED
    u = bytes(undecided)
    assert _csearch.run(u, rules.FULL, 20_000, None, False, 2) == pure.run(u, rules.FULL, 20_000, None, False, 2)
    assert _csearch.stuck(u, rules.FULL) == pure.stuck(u, rules.FULL)


def test_a_remembered_position_costs_what_the_budget_says():
    # a table slot at most LOAD full and a 16-byte stack entry; the checker budgets with it
    assert _csearch.POSITION_BYTES == 73
    assert checker.position_bytes(rules.FULL) == _csearch.POSITION_BYTES
    assert checker.position_bytes(rules.FULL, pure=True) > 100
    assert _csearch.table_slots(1_000_000) * 48 <= 1_000_000 * (_csearch.POSITION_BYTES - 16)


@pytest.mark.parametrize("deal", range(4, 40))
def test_same_stuck_verdict_on_positions_along_runs(deal):
    # the C dead-position test on many mid-game boards: every board of a short run
    lay = Layout(4, 6)
    b = rules.deal(deal, lay)
    seen, todo = {b}, [b]
    while todo and len(seen) < 400:
        x = todo.pop()
        assert _csearch.stuck(x, lay) == pure.stuck(x, lay)
        for m in rules.moves(x, lay):
            y = rules.apply(x, m)
            if y not in seen:
                seen.add(y)
                todo.append(y)


def test_opens_names_a_gap_a_run_end_blocker_may_go_to():
    """The move order's ``opens`` (the same in both modules, which the runs above compare): the
    gap a move leaves counts when the card at a row's run end may go into it (after its one
    lower, or before its one higher), not when that card is the one the move just placed."""
    C, D = 0, 1
    c = rules.card
    lay = Layout(2, 5)
    front_of = lambda nb: search.fronts(nb, lay.size, lay.width)  # noqa: E731
    # row A: AC 2C | 4D ...: 4D blocks clubs; the gap at B2 follows 3D, the one lower than 4D
    nb = bytes([c(C, 1), c(C, 2), c(D, 4), c(C, 3), c(C, 5), 0,
                c(D, 1), c(D, 3), 0, c(D, 2), c(D, 5), c(C, 4)])
    front = front_of(nb)
    assert front == [2, 7]
    assert search.opens(nb, 8, 5, front, lay.width)
    assert not search.opens(nb, 8, 2, front, lay.width)  # 4D is the card the move placed
    assert not search.opens(nb, 5, 11, front, lay.width)  # the gap after 5C takes no blocker
    # the gap at B2 comes before 5D, the one higher than 4D; 4C before it helps no run end
    nb = bytes([c(C, 1), c(C, 2), c(D, 4), c(C, 3), c(C, 5), 0,
                c(D, 1), c(C, 4), 0, c(D, 5), c(D, 2), c(D, 3)])
    front = front_of(nb)
    assert front == [2, 7]
    assert search.opens(nb, 8, 5, front, lay.width)
    nb = nb[:9] + bytes([c(D, 2)]) + nb[10:]  # a 2 on its right: its one lower is an ace
    assert not search.opens(nb, 8, 5, front, lay.width)
