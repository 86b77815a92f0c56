"""The fast search of ``solve()`` for games that build down in alternating colours (King Albert).

``colour.py`` (``ColourSearch``) stays the readable reference, and what HELP and the demo run in
slices; this module answers the same question faster, with the compact key of ``core.py``:

    key = sum(under[c] << 6 * c for every card c)

where ``under[c]`` is the card c lies on in its column, or ``BOTTOM`` (c is the bottom card of a
column), ``PARKED`` (c is in a cell: King Albert's reserve) or ``HOME`` (c is on its suit stack,
or was never dealt: a starting rank puts the low cards home before the game). It is canonical
with no sort (the order of the columns and of the cells is not in it) and one-to-one with the
reference's key (``docs/SOLVER.md``, "The compact key"). A single-card move changes one
``under``, a card sent home its own: a candidate's key is its parent's XOR one shifted byte,
tested against the seen set before the child is built.

The moves are single-card moves, as ``ColourSearch``'s (and fc-solve's atomic moves):

- a card home (from a column or a cell) that is not safe (below);
- a card from a cell onto an exposed card one rank higher of the other colour (there may be two),
  or into the first empty column (if the rules let that card fill one);
- an exposed card onto such a card, or into the first empty column (not a lone card), or into the
  first empty cell where the cells are not a reserve (nothing may enter King Albert's).

**Pruning** (``prune=True``, the default; each rule is proved in ``docs/SOLVER.md``):

1. the safe moves home are made at once (``safety.py``, "Alternating colours": a card goes home
   when both cards that could go on it are home; an ace always), in the order King Albert makes
   its own automatic moves (the columns while any goes, then one cell, and again), so
   ``Result.auto`` marks the ones the game makes itself, as ``ColourSearch`` does;
2. only the first empty column and the first empty cell are tried;
3. a lone card is not moved into an empty column;
4. the card just moved is not moved again (unless the move sent cards home).

``prune=False`` turns all four off (every legal single-card move, each move home an ordinary
move, every empty column and cell tried): the unpruned search the tests compare verdicts with.

The move order (a heuristic: it changes which win is found and how soon, never a verdict) prefers
moves home, then moves that dig towards cards the suit stacks need soon, then moves out of the
reserve onto a column, then the other moves between columns; moves into an empty column come last.

The module is plain Python, and the reference in alternating colours of ``_cfamily``:
``fastfamily.pyx``, the FreeCell family's one compiled search (pruning on; the rules as data from
``params.py``), which the package build (``setup.py``) compiles with Cython; ``choose.implementation``
picks it when it imports (``tests/test_colour_core.py`` checks they agree).
"""

from __future__ import annotations

import gc
import time

from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver import params
from baker8bit.freecell.solver.core import key_of
from baker8bit.freecell.solver.search import SOLVED, UNKNOWN, UNSOLVABLE, Result, move_names

FREE = 254  # an empty cell
BOTTOM, PARKED, HOME = 52, 53, 54
NOWHERE = params.NOWHERE  # no card (255)
_CLOCK_EVERY = 512
_NO_LIMIT = 1 << 62

_SH = [6 * c for c in range(52)]
_BYTE = [bytes((c,)) for c in range(256)]
_OFF = 1024  # added to a move's priority (which may be negative) in its candidate integer
_SUIT = [c // 13 for c in range(52)]
_RANK = [c % 13 for c in range(52)]
_RED = [c // 13 in (1, 2) for c in range(52)]  # diamonds and hearts (cards.SUITS = "CDHS")
# the two suits of the other colour
_OTHER_A = [1 if not _RED[c] else 0 for c in range(52)]
_OTHER_B = [2 if not _RED[c] else 3 for c in range(52)]
# the two cards a card may be put on (one rank higher, the other colour); NOWHERE for a king's:
# the build rule, from params.py (the compiled search reads the same table)
_PARENT_A = [params.parents_of("colour", c)[0] for c in range(52)]
_PARENT_B = [params.parents_of("colour", c)[1] for c in range(52)]

# Move-ordering weights (lower goes first; a heuristic: it changes which win is found and how
# soon, never a verdict). A move costs the P_ of its kind; a move out of a column also gains
# (see _Gains): W_DIG less for each card left in the column that a suit stack needs within its
# next NEED_RANKS ranks, W_LONG more for each card still above the nearest of them, W_DIG less
# if it empties the column. Tuned on deals 1..100 at 50,000 positions (48 solved, against 42
# with W_DIG 8 and W_LONG 1, 45 with a cost for burying needed cards, 39 with moves out of the
# reserve after the column moves).
P_HOME, P_CELL_PARENT, P_PARENT, P_CELL_EMPTY, P_EMPTY, P_PARK = 0, 10, 20, 40, 50, 60
W_DIG, W_LONG = 32, 2
NEED_RANKS = 2  # a card is needed if its suit stack takes it within this many ranks
# The move orders, tried in turn while a search stops at its limit (each is a whole depth-first
# search, so each verdict is sound; a second order decides deals where the first is lost, as
# fc-solve's "flares" do): (W_DIG, W_LONG, NEED_RANKS). The second weighs the cards above a
# needed card four times more (it wins deals 61 and 100 at 77,281 and 50,823 positions, where the
# first is lost past 6,000,000).
ORDERS = ((W_DIG, W_LONG, NEED_RANKS), (W_DIG, 8, NEED_RANKS))


def supports(rules: RuleSet) -> bool:
    """Rule sets this module searches: building in alternating colours with the four suits (the
    two colours need them; the others go to ``colour.ColourSearch``)."""
    return rules.build == "colour" and rules.suits == 4


def _safe(c: int, found) -> bool:
    """May card c go home now, and safely (both cards that could go on it are home)?"""
    r = _RANK[c]
    return found[_SUIT[c]] == r and found[_OTHER_A[c]] >= r and found[_OTHER_B[c]] >= r


def _settle(cols: list, cells: list, found: list, key: int, names, ncol: int, home: int,
            moves: list, auto: list) -> int:
    """Make the safe moves home, as King Albert makes its automatic moves: from the columns
    while any goes, then one from a cell (a move of the player's: the game moves only the tops
    of the building stacks), and again. Note them in ``moves`` and ``auto``; return the key."""
    while True:
        moved = True
        while moved:
            moved = False
            for i in range(ncol):
                col = cols[i]
                n = len(col)
                while n and _safe(col[n - 1], found):
                    c = col[n - 1]
                    found[_SUIT[c]] += 1
                    n -= 1
                    key ^= ((col[n - 1] if n else BOTTOM) ^ HOME) << _SH[c]
                    moves.append(names[i][home])
                    auto.append(True)
                    moved = True
                cols[i] = col[:n]
        for j in range(len(cells)):
            c = cells[j]
            if c != FREE and _safe(c, found):
                found[_SUIT[c]] += 1
                cells[j] = FREE
                key ^= (PARKED ^ HOME) << _SH[c]
                moves.append(names[ncol + j][home])
                auto.append(False)
                break
        else:
            return key


class _Gains(dict):
    """Per ``found`` (the suit stacks): column bytes -> the move order's gain of moving the
    column's top card away (lower is better), filled on demand. Moving a lone card gains
    ``-W_DIG`` (it empties a column); else the gain is ``-W_DIG`` for each card below the top
    one that a suit stack needs within its next ``NEED_RANKS`` ranks, plus ``W_LONG`` for each
    card above the nearest of them (the three numbers of the move order, ``ORDERS``)."""

    __slots__ = ("table", "w_dig", "w_long")

    @classmethod
    def for_found(cls, found, order=ORDERS[0]) -> _Gains:
        self = cls()
        self.w_dig, self.w_long, need_ranks = order
        table = bytearray(256)
        for s in range(4):
            f = found[s]
            for r in range(f, min(f + need_ranks, 13)):
                table[s * 13 + r] = 1
        self.table = bytes(table)
        return self

    def __missing__(self, col: bytes) -> int:
        if len(self) >= _GAIN_CACHE:
            self.clear()
        if len(col) == 1:
            gain = -self.w_dig
        else:
            marks = col[:-1].translate(self.table)
            n = marks.count(1)
            gain = self.w_long * (len(col) - 2 - marks.rfind(1)) - self.w_dig * n if n else 0
        self[col] = gain
        return gain


_GAIN_CACHE = 1 << 16  # columns remembered per ``found`` (then that cache is emptied)
_FOUND_CACHE = 256  # ``found`` tuples with a cache (then all are dropped; only speed depends on it)


def solve(position: Position, rules: RuleSet, max_states: int | None = None,
          max_seconds: float | None = None, prune: bool = True, run=None, order: int | None = None) -> Result:
    """Search a position to the end (or to a limit): ``solved`` with a winning line (key
    notation; ``Result.auto`` marks the game's automatic moves), ``unsolvable`` (a proof) or
    ``unknown``. ``Result.max_empty`` is the most empty columns of any position the search
    made (King Albert's tip; exact for a position proved unsolvable).

    The move orders of ``ORDERS`` are tried in turn while a search stops at the limit, each
    with the whole ``max_states`` (and what is left of ``max_seconds``); ``states`` is the last
    search's count. ``order``: only that one of them (its index; HELP's levels take them in
    turn, each with the level's whole budget)."""
    t0 = time.perf_counter()
    position.check(rules)
    if not supports(rules):
        raise ValueError(f"this search builds in alternating colours; {rules.name} builds by {rules.build}")
    p = params.params(rules)  # the rule parameters, read from the rule set here only
    ncol, ncell = p.columns, p.cells
    names = move_names(rules)
    home = ncol + ncell
    cols = [bytes(c) for c in position.columns]
    cells = [FREE if c is None else c for c in position.cells]
    found = list(position.foundations)
    moves: list[str] = []
    auto: list[bool] = []
    key = key_of(cols, cells)
    if prune:
        key = _settle(cols, cells, found, key, names, ncol, home, moves, auto)
    total = p.total
    max_empty = sum(1 for c in cols if not c)
    if sum(found) == total:
        return Result(SOLVED, moves, 1, time.perf_counter() - t0, tuple(i for i, a in enumerate(auto) if a),
                      max_empty)
    deadline = t0 + max_seconds if max_seconds is not None else None
    # The search makes many small tuples and no reference cycles: the cyclic garbage collector
    # would only walk the stack again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for weights in (ORDERS if order is None else ORDERS[order:order + 1]):
            outcome, steps, states, empties = (run or _run)(
                tuple(cols), tuple(cells), tuple(found), key, (tuple(moves), tuple(auto)), names, ncol,
                home, total, not p.any_empty, p.reserve, prune,
                max_states if max_states is not None else _NO_LIMIT, deadline, max_empty, weights,
            )
            max_empty = max(max_empty, empties)
            if outcome != UNKNOWN or (deadline is not None and time.perf_counter() >= deadline):
                break
    finally:
        if collecting:
            gc.enable()
    line = [m for ms, _ in steps for m in ms]
    flags = [a for _, fs in steps for a in fs]
    return Result(outcome, line, states, time.perf_counter() - t0, tuple(i for i, a in enumerate(flags) if a),
                  max_empty)


def _run(cols, cells, found, key0, step0, names, ncol, home, total, kings_only, reserve, prune,
         max_states, deadline, max_empty, order=ORDERS[0]):
    """The search: (outcome, the steps of the winning line, states, max_empty)."""
    seen = {key0}
    stack = [(cols, cells, key0, found, 0, step0, NOWHERE)]
    path: list = []
    next_clock = _CLOCK_EVERY
    add = seen.add
    pop = stack.pop
    push = stack.extend
    SUIT, RANK, SH, BYTE = _SUIT, _RANK, _SH, _BYTE
    PARENT_A, PARENT_B = _PARENT_A, _PARENT_B
    any_empty = not kings_only
    no_flag = (False,)
    gains_by_found: dict = {}
    last_found = None
    gains = None
    ncell = len(cells)

    while stack:
        n = len(seen)
        if deadline is not None and n >= next_clock:
            next_clock = n + _CLOCK_EVERY
            if time.perf_counter() >= deadline:
                return UNKNOWN, [], len(seen), max_empty
        cols, cells, key, found, depth, step, last = pop()
        path[depth:] = (step,)
        d1 = depth + 1
        if found is not last_found:
            last_found = found
            gains = gains_by_found.get(found)
            if gains is None:
                if len(gains_by_found) >= _FOUND_CACHE:
                    gains_by_found.clear()
                gains = gains_by_found[found] = _Gains.for_found(found, order)

        # The exposed cards (card -> column) and the first empty column and cell.
        tops = {}
        empty = -1
        for i in range(ncol):
            col = cols[i]
            if col:
                tops[col[-1]] = i
            elif empty < 0:
                empty = i
        free = -1
        if not reserve:
            for j in range(ncell):
                if cells[j] == FREE:
                    free = ncol + j
                    break
        tget = tops.get

        # Candidate moves as one integer each: (priority + _OFF) << 16 | source place << 11 |
        # destination place << 6 | card (so sorting them sorts by priority, then source,
        # destination and card: all different, so the order does not depend on the order they
        # are made in).
        cands = []
        for j in range(ncell):
            c = cells[j]
            if c == FREE or c == last:
                continue
            s = ncol + j
            if found[SUIT[c]] == RANK[c]:
                cands.append(((_OFF + P_HOME) << 16) | (s << 11) | (home << 6) | c)
            p = PARENT_A[c]
            if p != NOWHERE:
                di = tget(p)
                if di is not None:
                    cands.append(((_OFF + P_CELL_PARENT) << 16) | (s << 11) | (di << 6) | c)
                di = tget(PARENT_B[c])
                if di is not None:
                    cands.append(((_OFF + P_CELL_PARENT) << 16) | (s << 11) | (di << 6) | c)
            if any_empty or RANK[c] == 12:
                if prune:
                    if empty >= 0:
                        cands.append(((_OFF + P_CELL_EMPTY) << 16) | (s << 11) | (empty << 6) | c)
                else:
                    for i in range(ncol):
                        if not cols[i]:
                            cands.append(((_OFF + P_CELL_EMPTY) << 16) | (s << 11) | (i << 6) | c)
        for c, si in tops.items():
            if c == last:
                continue
            col = cols[si]
            gain = gains[col]
            if found[SUIT[c]] == RANK[c]:
                cands.append(((_OFF + P_HOME + gain) << 16) | (si << 11) | (home << 6) | c)
            p = PARENT_A[c]
            if p != NOWHERE:
                di = tget(p)
                if di is not None:
                    cands.append(((_OFF + P_PARENT + gain) << 16) | (si << 11) | (di << 6) | c)
                di = tget(PARENT_B[c])
                if di is not None:
                    cands.append(((_OFF + P_PARENT + gain) << 16) | (si << 11) | (di << 6) | c)
            if any_empty or RANK[c] == 12:
                if prune:
                    if empty >= 0 and len(col) > 1:
                        cands.append(((_OFF + P_EMPTY + gain) << 16) | (si << 11) | (empty << 6) | c)
                else:
                    for i in range(ncol):
                        if not cols[i]:
                            cands.append(((_OFF + P_EMPTY + gain) << 16) | (si << 11) | (i << 6) | c)
            if not reserve:
                if prune:
                    if free >= 0:
                        cands.append(((_OFF + P_PARK + gain) << 16) | (si << 11) | (free << 6) | c)
                else:
                    for j in range(ncell):
                        if cells[j] == FREE:
                            cands.append(((_OFF + P_PARK + gain) << 16) | (si << 11) | (ncol + j << 6) | c)
        if not cands:
            continue
        cands.sort()

        children = []
        for x in cands:
            s = (x >> 11) & 31
            d = (x >> 6) & 31
            c = x & 63
            # The key of the child before any safe move home: one ``under`` changes.
            if s < ncol:
                rest = cols[s][:-1]
                old = rest[-1] if rest else BOTTOM
            else:
                rest = b""
                old = PARKED
            if d == home:
                new = HOME
            elif d < ncol:
                dst = cols[d]
                new = dst[-1] if dst else BOTTOM
            else:
                new = PARKED
            nkey = key ^ ((old ^ new) << SH[c])
            if prune and (d == home or (rest and _safe(rest[-1], found))):
                # Cards go home after the move (or the move went home and others may follow):
                # make the child and its safe moves home, then test its key.
                cl = list(cols)
                nc = list(cells)
                nf = list(found)
                if s < ncol:
                    cl[s] = rest
                else:
                    nc[s - ncol] = FREE
                if d == home:
                    nf[SUIT[c]] += 1
                elif d < ncol:
                    cl[d] = dst + BYTE[c]
                else:
                    nc[d - ncol] = c
                mvl = [names[s][d]]
                fl = [False]
                nkey = _settle(cl, nc, nf, nkey, names, ncol, home, mvl, fl)
                if nkey in seen:
                    continue
                if len(seen) >= max_states:
                    return UNKNOWN, [], len(seen), max_empty
                add(nkey)
                nstep = (tuple(mvl), tuple(fl))
                nfound = tuple(nf)
                if sum(nfound) == total:
                    path.append(nstep)
                    return SOLVED, list(path), len(seen), ncol
                e = cl.count(b"")
                if e > max_empty:
                    max_empty = e
                children.append((tuple(cl), tuple(nc), nkey, nfound, d1, nstep, NOWHERE))
                continue
            if nkey in seen:
                continue
            if len(seen) >= max_states:
                return UNKNOWN, [], len(seen), max_empty
            add(nkey)
            cl = list(cols)
            nc = cells
            nfound = found
            if s < ncol:
                cl[s] = rest
                if not rest:
                    e = cl.count(b"")
                    if e > max_empty:
                        max_empty = e
            else:
                nc = list(cells)
                nc[s - ncol] = FREE
                nc = tuple(nc)
            if d == home:
                nf = list(found)
                nf[SUIT[c]] += 1
                nfound = tuple(nf)
                if sum(nfound) == total:
                    path.append(((names[s][d],), no_flag))
                    return SOLVED, list(path), len(seen), ncol
            elif d < ncol:
                cl[d] = dst + BYTE[c]
            else:
                nc = list(nc)
                nc[d - ncol] = c
                nc = tuple(nc)
            children.append((tuple(cl), nc, nkey, nfound, d1, ((names[s][d],), no_flag),
                             c if prune and d != home else NOWHERE))
        children.reverse()  # the preferred move is explored first
        push(children)
    return UNSOLVABLE, [], len(seen), max_empty
