"""The restart plan of the Blue checker: how many positions each search run may keep.

At 4 x 13 the depth-first search is heavy-tailed: a deal it wins is usually won
within a few thousand positions, and a run that has not won by then has made an
early choice it will not take back within any budget we can afford. So the
checker makes many short runs, each trying the moves in a different (seeded,
so reproducible) order, then one long run. Any run whose stack empties before
its cap has examined every reachable position, whatever its move order, so
"unsolvable" keeps its meaning: a proof.

The short runs follow Luby's universal sequence (1, 1, 2, 1, 1, 2, 4, 1, ...
times a unit: M. Luby, A. Sinclair, D. Zuckerman, "Optimal speedup of Las
Vegas algorithms", 1993), the best plan, within a constant factor, when
nothing is known about the distribution of the time to a win. They may spend
half of the budget; the last run gets the rest (at least half), so a reachable
space of up to half the budget can still be exhausted.
"""

from __future__ import annotations

from collections.abc import Iterator

UNIT = 500  # positions of the shortest run (tuned at 4 x 13, docs/games/blue.md)
FRACTION = 0.5  # of the budget the short runs may spend


def luby(i: int) -> int:
    """The i-th term (i >= 1) of Luby's sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    if i < 1:
        raise ValueError("Luby's sequence starts at i = 1")
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1  # i is in the repeated first half of the block: recurse into it
        k = 1
        while (1 << k) - 1 < i:
            k += 1


def plan(budget: int, unit: int | None = None, work: int | None = None) -> Iterator[int]:
    """Caps (positions kept) of the successive runs. ``budget``: the most one run may
    keep (the memory); ``work``: what all the runs together may keep, one after the
    other (default ``budget``). Luby runs (``unit``, default ``UNIT``, times the
    sequence, never above ``budget``) while they leave the last run at least
    ``(1 - FRACTION) * budget``, then that last run with what is left, up to ``budget``.
    With ``work == budget`` the caps sum to ``budget`` and the short runs take at most
    ``FRACTION`` of it; a larger ``work`` adds short runs and gives the last run the
    whole ``budget``."""
    work = budget if work is None else max(work, budget)
    spent = 0
    for cap in luby_caps(budget, unit):
        if spent + cap > work - budget * (1 - FRACTION):
            break
        yield cap
        spent += cap
    yield min(budget, work - spent)


def luby_caps(cap: int, unit: int | None = None) -> Iterator[int]:
    """Luby's runs without end (``unit`` times the sequence, never above ``cap``): the plan of
    a search checked at growing budgets (``checker.solve_by_levels``), which has no last long
    run, since it does not know its budget in advance."""
    unit = UNIT if unit is None else unit
    i = 1
    while True:
        yield min(luby(i) * unit, cap)
        i += 1
