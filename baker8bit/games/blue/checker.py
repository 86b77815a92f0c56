"""Decide whether a Blue layout can be won: solved (with the moves), unsolvable
(only when the search examined every reachable position: a proof), or unknown
(the memory budget or the time limit ran out first).

The search (docs/games/blue.md, "The checker", has the proofs):

- depth-first, over positions kept as their board ``bytes`` (S * (R + 1)
  bytes, the compact key: no second encoding is built per position);
- a set of every position met (a transposition table): a position already
  met is never expanded again, which is all "the search examined everything"
  needs to be exhaustive;
- a position with no move that is not won is dead (nothing to expand);
- moves are tried best first (a card put in its final place first, a card
  taken out of its final place last): this only changes which win is found
  and how fast, never a verdict;
- restarts (``restarts.plan``): short runs, each with its own seeded shake of
  that order, then one long run, each run within the memory budget and all of
  them within ``effort`` times it; a run that empties its stack is exhaustive
  whatever its order, so only such a run says unsolvable;
- one run is ``search.run`` (plain Python), or ``_csearch``, the same run in C
  data (``fastsearch.pyx``, built by the package build), when it is built;
- the ace orderings share one search ("any ordering"): the aces' suits are
  left undecided (255 in column 0) and a row's suit is fixed only when a 2
  goes into its column 1, the one place where the ace's suit matters. One
  exhaustive search proves all S! orderings unsolvable at once; a win fixes
  the ordering (every row ends with its 2 in column 1).
- when that undecided search ends unknown, each ordering alone (``solve_any``,
  ``ORDERING_SHARE``): a win of one is a win, a proof for all is a proof;
- ``proof_memory``: one more run after the plan, in the plain order, keeping
  what that memory holds (the "proof run"); the result's ``detail["method"]``
  names the run that decided and, for a proof, its size.

No move is played as "safe" and no card is frozen: the two dominances one
would try first (cards of a row's correct prefix never need to move; a move
extending a correct prefix never hurts) are false, with small boards as
counterexamples (tests/test_blue_prune.py); every pruning above is checked
against the unpruned search on every 2x3, 2x4, 3x3 and 2x5 layout there.

The budget: ``max_memory`` bytes for the positions kept, at
``position_bytes(layout)`` each (73 in the compiled search: a 48-byte packed key
in a table at most 85 % full and a stack entry; about 129 in the plain one: a
``bytes`` object and its share of a ``set``), and ``max_seconds``. So the default
512M keeps 7.35 million positions compiled and 4.2 million plain.
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace

from baker8bit.core.compiled import search_name
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE, SearchResult
from baker8bit.core.side_by_side import side_by_side
from baker8bit.games.blue import restarts, rules, search
from baker8bit.games.blue.rules import GAP, Layout, Move
from baker8bit.games.blue.search import UNDECIDED, stuck

DEFAULT_MEMORY = 512 * 1024 * 1024
DEFAULT_EFFORT = 4  # the runs of a search together keep up to 4 times what one run may (docs/games/blue.md)

__all__ = ["SOLVED", "UNSOLVABLE", "UNKNOWN", "result", "solve", "solve_any", "solve_by_levels", "check_layout",
           "position_bytes", "stuck"]


def result(outcome: str, moves=(), aces: tuple[int, ...] | None = None, positions: int = 0,
           seconds: float = 0.0, method: str = "") -> SearchResult:
    """The checker's answer: ``moves`` (``Move`` objects) win with the ace ordering
    ``detail["aces"]`` (None: no win, or none fixed); ``detail["method"]``: which run decided
    (``plan run K``, ``proof run``) and, for a proof, its size ("" while unknown)."""
    return SearchResult(outcome, moves, positions, seconds, search_name("blue"),
                        detail={"aces": aces, "method": method})


def position_bytes(layout: Layout, pure: bool | None = None) -> int:
    """Bytes one remembered position costs in the search that runs: in the compiled
    ``_csearch``, its ``POSITION_BYTES`` (a 48-byte packed key in a table at most 85 %
    full and a 16-byte stack entry); in the plain ``search.py``, its bytes object and
    about two 8-byte set slots (a set is at most 60 % full), plus its stack share."""
    impl = search.implementation(pure)
    if impl.POSITION_BYTES is not None:
        return impl.POSITION_BYTES
    return sys.getsizeof(bytes(layout.size)) + 40


def _search(start: bytes, layout: Layout, max_positions: int, max_seconds: float | None,
            prune: bool = True, order_seed: int | None = None):
    """(outcome, moves, positions) of one search run (``search.run``), compiled
    when ``_csearch`` is built (``search.implementation``)."""
    return search.implementation().run(start, layout, max_positions, max_seconds, prune, order_seed)


def _search_with_restarts(start: bytes, layout: Layout, budget: int, max_seconds: float | None,
                          prune: bool = True, work: int | None = None):
    """(outcome, moves, positions): runs of ``_search`` with the caps of
    ``restarts.plan(budget, work=work)`` (at most ``budget`` positions kept at
    once, ``work`` in all), run k with order seed k (run 0: the plain order),
    until one wins, one exhausts the reachable positions (unsolvable), or the
    plan or the time runs out (unknown)."""
    return _runs(start, layout, budget, max_seconds, prune, work)[:3]


def _runs(start: bytes, layout: Layout, budget: int, max_seconds: float | None,
          prune: bool = True, work: int | None = None, proof: int | None = None, seeds: int = 0):
    """``_search_with_restarts`` and what decided: (outcome, moves, positions, method).
    ``proof``: when the plan ends unknown, one more run in the plain order keeping up
    to ``proof`` positions (the "proof run": its stack emptying is the proof).
    ``seeds``: run k shakes its order with seed ``seeds + k`` (0: the plain order), so
    plans with different ``seeds`` try different runs (HELP's levels)."""
    t0 = time.monotonic()
    total = 0
    caps = enumerate(restarts.plan(budget, work=work))  # lazy: the first runs mostly decide
    if proof is not None and proof > budget:
        caps = itertools.chain(caps, [(None, proof)])
    for k, cap in caps:
        left = None if max_seconds is None else max_seconds - (time.monotonic() - t0)
        if left is not None and left <= 0:
            break
        seed = None if k is None else seeds + k
        outcome, path, n = _search(start, layout, cap, left, prune, seed or None)
        total += n
        if outcome != UNKNOWN:
            return outcome, path, total, _method(f"plan run {k}" if k is not None else "proof run", outcome, n, cap)
    return UNKNOWN, [], total, ""


def _method(run: str, outcome: str, positions: int, cap: int) -> str:
    """``detail["method"]`` of a decided run: the run's name and, for a proof, its size."""
    return run + (f", exhaustive: {positions} positions (cap {cap})" if outcome == UNSOLVABLE else "")


def _undecided(board: bytes, layout: Layout) -> bytes:
    """``board`` with its aces' suits undecided (UNDECIDED in column 0): "any ordering"."""
    b = bytearray(board)
    for a in range(0, layout.size, layout.width):
        b[a] = UNDECIDED
    return bytes(b)


def _prune_inside(layout: Layout) -> bool:
    """The dead-position test at every position pays on small layouts (it
    cuts most of an unsolvable layout's tree); at 4 x 13 it costs four times
    a position and cut almost nothing in our trials, so it runs at the root only."""
    return layout.size <= 40


def _limits(layout: Layout, max_memory: int | None, max_positions: int | None) -> int:
    """Positions one run may keep: ``max_positions`` when it alone is given (a budget
    that is the same for the plain and the compiled search, so samples reproduce),
    else what ``max_memory`` (default 512M) holds, at most ``max_positions``."""
    if max_positions and max_memory is None:
        return max_positions
    cap = (max_memory or DEFAULT_MEMORY) // position_bytes(layout)
    return min(cap, max_positions) if max_positions else cap


def _work(budget: int, effort: int) -> int:
    if not (isinstance(effort, int) and effort >= 1):
        raise ValueError(f"effort must be a whole number from 1, not {effort!r}")
    return budget * effort


def _proof_positions(layout: Layout, proof_memory: int | None) -> int | None:
    return None if proof_memory is None else proof_memory // position_bytes(layout)


def solve(board: bytes, layout: Layout, aces: tuple[int, ...] | None = None, *,
          max_memory: int | None = None, max_positions: int | None = None,
          max_seconds: float | None = None, effort: int = DEFAULT_EFFORT,
          proof_memory: int | None = None, seeds: int = 0) -> SearchResult:
    """The verdict for ``board`` with the aces ``aces`` (default: as on the board).
    ``effort``: the runs together may keep ``effort`` times what one run may.
    ``proof_memory``: bytes for one more run, in the plain order, when the plan ends
    unknown (what ``proof_memory`` holds at ``position_bytes``; e.g. 8G: 117 million
    positions compiled). ``seeds``: the plan's first order seed (``_runs``)."""
    t0 = time.monotonic()
    start = board if aces is None else rules.with_aces(board, aces, layout)
    budget = _limits(layout, max_memory, max_positions)
    outcome, path, n, how = _runs(start, layout, budget, max_seconds, _prune_inside(layout),
                                  _work(budget, effort), _proof_positions(layout, proof_memory), seeds)
    return result(outcome, path, rules.aces_of(start, layout), n, time.monotonic() - t0, how)


def solve_by_levels(board: bytes, layout: Layout, budgets: tuple[int, ...], *, any_aces: bool,
                    cap: int, orderings: int = 0, cores: int = 1) -> Iterator[SearchResult]:
    """Plans of runs checked at growing budgets (HELP's levels that carry on,
    ``console/thinking.py``): in a plan, run k shakes its order with seed k (run 0: the plain
    order) and keeps up to ``restarts.luby_caps(cap)``'s k-th cap. For each budget in turn the runs
    go on while the positions they examined so far are fewer than it, then one result is yielded:
    decided (a run won, or the runs proved that no win exists), after which the plans stop, or
    unknown. A run is never cut at a budget, so the runs, and the win found, do not depend on the
    budgets; a budget says only at which level a verdict is given.
    ``any_aces``: the aces undecided (``solve_any``'s search, a proof for every ordering).

    ``orderings`` (a percentage, with ``any_aces``; the timing's ``help_orderings``): that share of
    the positions goes to one plan for each ace ordering (the S! of them share it evenly), the
    rest to the undecided plan (0: the undecided plan alone, one plan). The undecided search
    fixes a row's suit as a 2 reaches column 1 and its moves are scored the same whatever the
    ordering, so some deals it wins only late are won early by the short runs of a fixed
    ordering (docs/games/blue.md, "HELP"). The plans take turns a run at a time: the next run is
    the next of the plan furthest behind its share (the first plan on a tie), so the runs, and the
    answer, depend on the positions only. A win of an ordering's plan is a win with that ordering;
    a proof of the undecided plan, or one for every ordering, is a proof (as in ``solve_any``),
    and an ordering proved unwinnable runs no more.

    ``cores`` (the timing's ``help_cores``): at 2 or more, where there are both (``any_aces`` and
    ``orderings`` between 0 and 100), the undecided plan and the orderings' plans run side by
    side, each in a thread of its own (``core/side_by_side.py``) and each with all of every
    budget: a level's result is that of the undecided plan alone (``orderings=0``) if it is
    decided, else that of the orderings' plans alone (``orderings=100``), with the positions of
    both. So a level's result depends on the positions only, as with one core, and two cores
    examine twice the positions by the same frame (docs/games/blue.md, "HELP")."""
    if not 0 <= orderings <= 100:
        raise ValueError(f"orderings is a percentage, 0 to 100, not {orderings!r}")
    if cores >= 2 and any_aces and 0 < orderings < 100:
        yield from _side_by_side(board, layout, budgets, cap)
        return
    t0 = time.monotonic()
    prune = _prune_inside(layout)
    plans = _plans(board, layout, any_aces, orderings)
    scale = math.lcm(*(weight for _, weight, _ in plans))  # spent * scale // weight: exact shares
    caps = [enumerate(restarts.luby_caps(cap)) for _ in plans]
    spent_by = [0] * len(plans)
    live = list(range(len(plans)))
    proofs = []
    spent = 0
    for budget in budgets:
        while spent < budget:
            i = min(live, key=lambda j: (spent_by[j] * scale // plans[j][1], j))
            start, _, order = plans[i]
            k, run_cap = next(caps[i])
            outcome, path, n = _search(start, layout, run_cap, None, prune, k or None)
            spent += n
            spent_by[i] += n
            how = _method(f"plan run {k}" if order is None else f"ordering {_suits(order)}: plan run {k}",
                          outcome, n, run_cap)
            if outcome == SOLVED:
                aces = (order if order is not None else
                        _aces_won(start, path, layout) if any_aces else rules.aces_of(start, layout))
                yield result(outcome, path, aces, spent, time.monotonic() - t0, how)
                return
            if outcome == UNSOLVABLE:
                if order is None:
                    yield result(outcome, path, None, spent, time.monotonic() - t0, how)
                    return
                live.remove(i)
                proofs.append(how.split(": ")[-1].split()[0])
                if len(proofs) == len(plans) - (plans[0][2] is None):
                    yield result(UNSOLVABLE, (), None, spent, time.monotonic() - t0,
                                 f"every ordering exhaustive: {'+'.join(proofs)} positions")
                    return
        yield result(UNKNOWN, (), None, spent, time.monotonic() - t0)


def _side_by_side(board: bytes, layout: Layout, budgets: tuple[int, ...], cap: int) -> Iterator[SearchResult]:
    """``solve_by_levels`` on two cores: the undecided plan and the orderings' plans, each with
    every budget, in a thread each; per level the first decided of the two (the undecided plan's
    first), with the positions of both."""
    t0 = time.monotonic()
    groups = [solve_by_levels(board, layout, budgets, any_aces=True, cap=cap, orderings=share)
              for share in (0, 100)]
    threaded = search.implementation() is not search  # the plain search holds Python's lock
    levels = side_by_side(groups, threaded=threaded)
    with closing(levels):  # the threads stop once a level is decided, or HELP is left
        for level in levels:
            spent = sum(r.positions for r in level)
            decided = next((r for r in level if r.decided), None)
            if decided is not None:
                levels.close()
                yield replace(decided, positions=spent, seconds=time.monotonic() - t0)
                return
            yield result(UNKNOWN, (), None, spent, time.monotonic() - t0)


def _plans(board: bytes, layout: Layout, any_aces: bool, orderings: int) -> list:
    """``solve_by_levels``' plans: (start board, weight, ordering or None for the undecided aces or
    the aces as they are); a plan's share of the positions is its weight over the weights' sum."""
    if not any_aces:
        return [(bytes(board), 1, None)]
    orders = rules.orderings(layout) if orderings else ()
    plans = [(_undecided(board, layout), (100 - orderings) * len(orders) or 1, None)] if orderings < 100 else []
    return plans + [(rules.with_aces(board, o, layout), orderings, o) for o in orders]


ORDERING_SHARE = 16  # solve_any's tries of each ordering keep 1/16 of the budget a run (docs/games/blue.md)


def solve_any(board: bytes, layout: Layout, *, max_memory: int | None = None,
              max_positions: int | None = None, max_seconds: float | None = None,
              effort: int = DEFAULT_EFFORT, proof_memory: int | None = None,
              orderings: bool = True, seeds: int = 0) -> SearchResult:
    """The verdict with the best ace ordering (rule 6): solved with the ordering
    that wins and its moves, or unsolvable for every ordering.

    First one search with the aces undecided (its plan of runs). If that ends unknown and
    ``orderings``: each of the S! orderings in turn, its own plan with a run keeping
    ``1 / ORDERING_SHARE`` of the budget (the same effort): a win of one is a win; a proof for
    every one is a proof. Then, if still unknown, the proof run of ``proof_memory`` (as in
    ``solve``) with the aces undecided. ``seeds``: the first plan's first order seed (``_runs``)."""
    t0 = time.monotonic()
    undecided = _undecided(board, layout)
    budget = _limits(layout, max_memory, max_positions)
    outcome, path, n, how = _runs(undecided, layout, budget, max_seconds, _prune_inside(layout),
                                  _work(budget, effort), seeds=seeds)
    if outcome == SOLVED:
        return result(outcome, path, _aces_won(undecided, path, layout), n, time.monotonic() - t0, how)
    if outcome == UNKNOWN and orderings:
        share = max(1, budget // ORDERING_SHARE)
        proofs = []
        for order in rules.orderings(layout):
            left = None if max_seconds is None else max_seconds - (time.monotonic() - t0)
            if left is not None and left <= 0:
                break
            start = rules.with_aces(board, order, layout)
            o, p, k, h = _runs(start, layout, share, left, _prune_inside(layout), _work(share, effort))
            n += k
            if o == SOLVED:
                return result(o, p, order, n, time.monotonic() - t0, f"ordering {_suits(order)}: {h}")
            if o == UNSOLVABLE:
                proofs.append(h.split(": ")[-1].split()[0])
        if len(proofs) == len(rules.orderings(layout)):
            return result(UNSOLVABLE, (), None, n, time.monotonic() - t0,
                          f"every ordering exhaustive: {'+'.join(proofs)} positions")
    proof = _proof_positions(layout, proof_memory)
    if outcome == UNKNOWN and proof is not None and proof > budget:
        left = None if max_seconds is None else max_seconds - (time.monotonic() - t0)
        if left is None or left > 0:
            outcome, path, k = _search(undecided, layout, proof, left, _prune_inside(layout), None)
            n += k
            how = _method("proof run", outcome, k, proof)
    aces = _aces_won(undecided, path, layout) if outcome == SOLVED else None
    return result(outcome, path, aces, n, time.monotonic() - t0, how if outcome != UNKNOWN else "")


def _suits(order: tuple[int, ...]) -> str:
    return "".join(rules.SUITS[s] for s in order)


def _aces_won(start: bytes, path: list[Move], layout: Layout) -> tuple[int, ...]:
    """The ordering a win from undecided aces plays with, read off its final board."""
    final = start
    for m in path:
        nb = bytearray(final)
        nb[final.index(m.card)] = GAP
        nb[m.to] = m.card
        if m.to % layout.width == 1 and nb[m.to - 1] == UNDECIDED and nb[m.to + 1] != m.card + 1:
            nb[m.to - 1] = m.card - 1
        final = bytes(nb)
    return tuple(final[a + 1] >> 4 for a in range(0, layout.size, layout.width))


def check_layout(board: bytes, layout: Layout, *, each: bool = False, **limits) -> dict:
    """The checker's answer for a layout: ``{"dealt": result, "best": result}``
    and, with ``each``, ``"each": {ordering: result}`` for all S! orderings
    (when the best ordering is unsolvable, every ordering is, by that one proof)."""
    dealt = solve(board, layout, layout.dealt_aces(), **limits)
    # the aces as dealt are one of the orderings: a win with them is a best win
    best = dealt if dealt.outcome == SOLVED else solve_any(board, layout, **limits)
    out = {"dealt": dealt, "best": best}
    if each:
        res = {}
        for order in rules.orderings(layout):
            if out["best"].outcome == UNSOLVABLE:
                res[order] = result(UNSOLVABLE, (), order, 0, 0.0)
            else:
                res[order] = solve(board, layout, order, **limits)
        out["each"] = res
    return out
