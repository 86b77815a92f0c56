"""The fast core of ``solve()``: the reference search of ``search.py`` with a cheaper position.

``search.py`` stays the readable reference (and what HELP and the demo run, in
slices). This module makes exactly the same search, move for move and state for
state (the same candidates, the same order, the same seen-test, so the same
outcome, the same ``states`` and the same solution), but the seen-set key of a
position is a compact integer updated move by move instead of a byte string
rebuilt, sorted and hashed for each candidate:

    key = sum(under[c] << 6 * c for every card c)

where ``under[c]`` is the card c lies on in its column, or ``BOTTOM`` (c is
the bottom card of its column), ``PARKED`` (c is in a parking space) or
``HOME`` (c is on its terminal pile, or is not dealt in this rule set).

It is canonical with no sort: the order of the columns and of the parking
spaces is not in it. It is one-to-one with the reference's key (the sorted
columns, then the sorted parked cards): from ``under`` each column is the chain
of cards that starts at a ``BOTTOM`` card (the card on c is the one card whose
``under`` is c), the parked cards are the ``PARKED`` ones, and the number of
empty columns and parking spaces follows from the rule set. So the seen set
holds the same classes of positions, and the searches coincide.

A move changes one ``under`` (the moved card's); a card sent home changes its
own. So a candidate's key is its parent's XOR one shifted byte (two or three
integer operations), tested against the seen set before the child is built.

The module is plain Python, and the reference in suit of ``_cfamily``: ``fastfamily.pyx``, the
FreeCell family's one compiled search (a position as a C struct of ``under`` bytes, the seen set an
open-addressing table of packed keys; the rules as data from ``params.py``), which the package
build (``setup.py``) compiles with Cython when a C compiler is there. ``choose.solve()`` uses
``_cfamily`` when it imports; the tests check that it gives this module's answers (outcome,
states and moves) on deals 1..300 of every rule set in suit.
"""

from __future__ import annotations

import gc
import time

from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver.params import params
from baker8bit.freecell.solver.search import (
    _BIT, _BYTE, _CLOCK_EVERY, _FOUND_CACHE, _FREE, _NO_LIMIT, _PARENT, _UNDER,
    SOLVED, UNKNOWN, UNSOLVABLE, W_CELL, W_EMPTY, Result, _ColumnInfo, _exposed, move_names,
)

BOTTOM, PARKED, HOME = 52, 53, 54
_SH = [6 * c for c in range(52)]
_HOME_ALL = sum(HOME << (6 * c) for c in range(52))


def supports(rules: RuleSet) -> bool:
    """Rule sets this core searches (the others go to ``search.Search``)."""
    return rules.build == "suit" and not rules.reserve


def key_of(cols, cells) -> int:
    """A position's compact key, from scratch (see the module docstring)."""
    k = _HOME_ALL
    for col in cols:
        below = BOTTOM
        for c in col:
            k ^= (HOME ^ below) << (6 * c)
            below = c
    for c in cells:
        if c != _FREE:
            k ^= (HOME ^ PARKED) << (6 * c)
    return k


def _go_home(to_home, ncol, cols: list, cells: list, found: list, moves: list):
    """Every legal move home, repeatedly, in the reference's order (search.Search._go_home)."""
    need = {k * 13 + f for k, f in enumerate(found) if f < 13}
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(cols):
            if col and col[-1] in need:
                n = len(col)
                while n and col[n - 1] in need:
                    n -= 1
                    c = col[n]
                    need.remove(c)
                    if c % 13 != 12:
                        need.add(c + 1)
                    found[c // 13] += 1
                    moves.append(to_home[i])
                cols[i] = col[:n]
                moved = True
        for j, c in enumerate(cells):
            if c in need:
                need.remove(c)
                if c % 13 != 12:
                    need.add(c + 1)
                found[c // 13] += 1
                cells[j] = _FREE
                moves.append(to_home[ncol + j])
                moved = True
    return tuple(cols), tuple(cells), tuple(found)


def solve(
    position: Position,
    rules: RuleSet,
    max_states: int | None = None,
    max_seconds: float | None = None,
    run=None,
) -> Result:
    """Search a position to the end (or to a limit): ``solver.solve``'s answer.

    ``run`` is the search loop (``_run`` of this module unless another module
    that makes the same search, ``_cfamily``, passes its own)."""
    t0 = time.perf_counter()
    position.check(rules)
    if not supports(rules):
        raise ValueError(f"the core builds in suit only; {rules.name} builds by {rules.build}")
    p = params(rules)  # the rule parameters, read from the rule set here only
    ncol, ncell = p.columns, p.cells
    names = move_names(rules)
    to_home = [row[ncol + ncell] for row in names]
    cols = tuple(bytes(c) for c in position.columns)
    cells = tuple(_FREE if c is None else c for c in position.cells)
    moves: list[str] = []
    cols, cells, found = _go_home(to_home, ncol, list(cols), list(cells), list(position.foundations), moves)
    total = p.total
    if sum(found) == total:
        return Result(SOLVED, moves, 1, time.perf_counter() - t0)
    deadline = t0 + max_seconds if max_seconds is not None else None
    # The search makes many small tuples and no reference cycles: the cyclic
    # garbage collector would only walk the stack again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        outcome, line, states = (run or _run)(
            cols, cells, found, tuple(moves), names, to_home, ncol, total, not p.any_empty,
            max_states if max_states is not None else _NO_LIMIT, deadline,
        )
    finally:
        if collecting:
            gc.enable()
    return Result(outcome, line, states, time.perf_counter() - t0)


def _run(cols, cells, found, moves0, names, to_home, ncol, total, kings_only, max_states, deadline):
    """The search (the reference's ``Search._run``, with compact keys): (outcome, moves, states)."""
    key0 = key_of(cols, cells)
    seen = {key0}
    stack = [(cols, cells, key0, found, 0, moves0, -1, *_exposed(cols, cells))]
    path: list = []
    by_found: dict = {}
    next_clock = _CLOCK_EVERY
    add = seen.add
    pop = stack.pop
    push = stack.extend
    PARENT, BYTE, FREE, BIT, UNDER, SH = _PARENT, _BYTE, _FREE, _BIT, _UNDER, _SH
    any_empty = not kings_only
    last_found = None
    info = homes = None
    W_LEAVE_CELL = W_EMPTY - W_CELL + 1

    while stack:
        n = len(seen)
        if deadline is not None and n >= next_clock:
            next_clock = n + _CLOCK_EVERY
            if time.perf_counter() >= deadline:
                return UNKNOWN, [], len(seen)
        entry = pop()
        cols, cells, key, found, depth, moves, last, tops, mask, cmask = entry
        path[depth:] = (moves,)
        d1 = depth + 1

        if found is not last_found:
            last_found = found
            fi = by_found.get(found)
            if fi is None:
                if len(by_found) >= _FOUND_CACHE:
                    by_found.clear()
                fi = by_found[found] = _ColumnInfo.for_found(found)
            info = fi
            homes = fi.homes

        cands = []
        if len(tops) == ncol and FREE not in cells:
            onto = (mask >> 1) & UNDER
            pairs = mask & onto
            while pairs:
                b = pairs & -pairs
                pairs ^= b
                c = b.bit_length() - 1
                if c != last:
                    si = tops[c]
                    di = tops[c + 1]
                    cands.append((info[cols[si]][0] + info[cols[di]][1], si, di, c))
            pairs = cmask & onto
            while pairs:
                b = pairs & -pairs
                pairs ^= b
                c = b.bit_length() - 1
                if c != last:
                    di = tops[c + 1]
                    cands.append((info[cols[di]][1] - W_CELL, ncol + cells.index(c), di, c))
            if not cands:
                continue
        else:
            tget = tops.get
            empty = -1 if len(tops) == ncol else cols.index(b"")
            j = ncol
            for c in cells:
                if c != FREE and c != last:
                    di = tget(PARENT[c])
                    if di is not None:
                        cands.append((info[cols[di]][1] - W_CELL, j, di, c))
                    if empty >= 0 and (any_empty or c % 13 == 12):
                        cands.append((W_LEAVE_CELL, j, empty, c))
                j += 1
            free = ncol + cells.index(FREE) if FREE in cells else -1
            for c, si in tops.items():
                if c == last:
                    continue
                col = cols[si]
                gain = info[col][0]
                di = tget(PARENT[c])
                if di is not None:
                    cands.append((gain + info[cols[di]][1], si, di, c))
                if empty >= 0 and len(col) > 1 and (any_empty or c % 13 == 12):
                    cands.append((gain + W_EMPTY + 2, si, empty, c))
                if free >= 0:
                    cands.append((gain + W_CELL + 3, si, free, c))
            if not cands:
                continue
        cands.sort()

        no_empty_column = len(tops) == ncol
        free_cells = cells.count(FREE)
        cells_full = free_cells == 0
        children = []
        for cand in cands:
            _prio, s, d, c = cand
            if s < ncol:
                src = cols[s]
                rest = src[:-1]
                old = rest[-1] if rest else BOTTOM
            else:
                old = PARKED
            if d < ncol:
                dst = cols[d]
                new = dst[-1] if dst else BOTTOM
            else:
                new = PARKED
            nkey = key ^ ((old ^ new) << SH[c])
            if s < ncol:
                if rest and homes[rest[-1]]:
                    # The move exposed a card that may go home: as the reference.
                    others = mask | cmask
                    if d < ncol and dst:
                        others ^= BIT[c + 1]
                    nf = list(found)
                    n = len(rest)
                    alone = True
                    while n:
                        x = rest[n - 1]
                        if nf[x // 13] != x % 13:
                            break
                        nf[x // 13] += 1
                        n -= 1
                        nkey ^= ((rest[n - 1] if n else BOTTOM) ^ HOME) << SH[x]
                        if x % 13 != 12 and others & BIT[x + 1]:
                            alone = False
                            break
                    cl = list(cols)
                    if d < ncol:
                        cl[d] = dst + BYTE[c]
                        nc = cells
                    else:
                        nc = list(cells)
                        nc[d - ncol] = c
                        nc = tuple(nc)
                    if alone:
                        cl[s] = rest[:n]
                        nfound = tuple(nf)
                        mvs = (names[s][d],) + (to_home[s],) * (len(rest) - n)
                    else:
                        cl[s] = rest
                        mvl = [names[s][d]]
                        cl, nc, nfound = _go_home(to_home, ncol, cl, list(nc), list(found), mvl)
                        mvs = tuple(mvl)
                        nkey = key_of(cl, nc)
                    if nkey in seen:
                        continue
                    if len(seen) >= max_states:
                        return UNKNOWN, [], len(seen)
                    add(nkey)
                    if sum(nfound) == total:
                        path.append(mvs)
                        return SOLVED, [m for ms in path for m in ms], len(seen)
                    children.append((cl, nc, nkey, nfound, d1, mvs, -1, *_exposed(cl, nc)))
                    continue
                if nkey in seen:
                    continue
                if len(seen) >= max_states:
                    return UNKNOWN, [], len(seen)
                add(nkey)
                if d < ncol:
                    m = mask ^ BIT[c + 1] if dst else mask
                    cm = cmask
                    full = cells_full
                else:
                    m = mask ^ BIT[c]
                    cm = cmask | BIT[c]
                    full = free_cells == 1
                if rest:
                    m |= BIT[rest[-1]]
                    if full and no_empty_column and not (
                            (m | cm) & (m >> 1) & UNDER & ~BIT[c]):
                        # A dead child (docs/SOLVER.md, "Dead positions"): no empty column, no
                        # free cell, no card but c (which it may not move) onto its parent, and
                        # nothing home. Seen, but not pushed: popped, it would have no move.
                        continue
                cl = list(cols)
                cl[s] = rest
                t = tops.copy()
                if d < ncol:
                    cl[d] = dst + BYTE[c]
                    nc = cells
                    t[c] = d
                    if dst:
                        del t[c + 1]
                else:
                    nc = list(cells)
                    nc[d - ncol] = c
                    nc = tuple(nc)
                    del t[c]
                if rest:
                    t[rest[-1]] = s
            else:
                if nkey in seen:
                    continue
                if len(seen) >= max_states:
                    return UNKNOWN, [], len(seen)
                add(nkey)
                cl = list(cols)
                cl[d] = dst + BYTE[c]
                nc = list(cells)
                nc[s - ncol] = FREE
                nc = tuple(nc)
                t = tops.copy()
                t[c] = d
                m = mask | BIT[c]
                cm = cmask ^ BIT[c]
                if dst:
                    del t[c + 1]
                    m ^= BIT[c + 1]
            children.append((cl, nc, nkey, found, d1, (names[s][d],), c, t, m, cm))
        children.reverse()
        push(children)
    return UNSOLVABLE, [], len(seen)
