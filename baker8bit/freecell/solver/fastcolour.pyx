# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled search for alternating colours: ``colour_core.py``'s search in C (``_ccolour``).

``colour_core.py`` is the reference: this module makes the same search (with its pruning on),
candidate for candidate and state for state: the same moves in the same order, the same safe
moves home in King Albert's order, the same seen-test on the same compact key, so the same
outcome, ``states``, moves, automatic moves and ``max_empty``. ``tests/test_colour_core.py``
compares them. The data structures are those of ``fastcore.pyx`` (``csearch.pxi``): a position
is a struct of ``under`` bytes, the seen set a table of packed keys. ``prune=False`` (the
unpruned search the tests compare verdicts with) runs the reference itself.
"""

import time

from baker8bit.freecell.solver import colour_core as _ref
from baker8bit.freecell.solver.search import SOLVED, UNKNOWN, UNSOLVABLE

include "csearch.pxi"

# The reference's move order, as C integers.
cdef int P_HOME = _ref.P_HOME
cdef int P_CELL_PARENT = _ref.P_CELL_PARENT
cdef int P_PARENT = _ref.P_PARENT
cdef int P_CELL_EMPTY = _ref.P_CELL_EMPTY
cdef int P_EMPTY = _ref.P_EMPTY
cdef int P_PARK = _ref.P_PARK
cdef int CLOCK_EVERY = _ref._CLOCK_EVERY

cdef enum:
    AUTO = 0x80      # in a move's destination byte: the game makes this move itself


cdef inline int _suit(int c) noexcept nogil:
    return c // 13


cdef inline int _rank(int c) noexcept nogil:
    return c % 13


cdef inline bint _red(int c) noexcept nogil:
    return c // 13 == 1 or c // 13 == 2   # diamonds and hearts (cards.SUITS = "CDHS")


cdef inline int _parent(int c, int which) noexcept nogil:
    """One of the two cards c may be put on (``which`` 0 or 1), or NONE for a king."""
    if c % 13 == 12:
        return NONE
    if _red(c):
        return (0 if which == 0 else 3) * 13 + c % 13 + 1
    return (1 if which == 0 else 2) * 13 + c % 13 + 1


cdef inline bint _safe(int c, const uint8_t *found) noexcept nogil:
    """May c go home now, and safely (both cards that could go on it are home)?"""
    cdef int r = c % 13
    cdef int a, b
    if found[c // 13] != r:
        return False
    if _red(c):
        a, b = 0, 3
    else:
        a, b = 1, 2
    return found[a] >= r and found[b] >= r


cdef int _settle(Pos *p, int ncol, int ncell, int home, _Arena moves, uint64_t *key) except -1:
    """colour_core._settle on a Pos: the safe moves home, as King Albert makes its automatic
    moves (the columns while any goes, then one from a cell, and again); the key follows."""
    cdef int i, j, c, u
    cdef bint moved
    while True:
        moved = True
        while moved:
            moved = False
            for i in range(ncol):
                c = p.top[i]
                while c != NONE and _safe(c, p.found):
                    p.found[c // 13] += 1
                    u = p.under[c]
                    _flip(key, c, u, HOME)
                    p.under[c] = HOME
                    moves.push(i, home | AUTO)
                    moved = True
                    c = u if u != BOTTOM else NONE
                p.top[i] = c
        for j in range(ncell):
            c = p.cells[j]
            if c != FREE and _safe(c, p.found):
                p.found[c // 13] += 1
                p.cells[j] = FREE
                _flip(key, c, PARKED, HOME)
                p.under[c] = HOME
                moves.push(ncol + j, home)
                break
        else:
            return 0


def solve(position, rules, max_states=None, max_seconds=None, prune=True):
    """``colour_core.solve`` with this module's search (the reference's own when not pruning)."""
    return _ref.solve(position, rules, max_states, max_seconds, prune, run=_run if prune else None)


def _run(cols, cells, found, key0, step0, names, int ncol, int home, int total, bint kings_only,
         bint reserve, bint prune, long long max_states, deadline, int max_empty, order=_ref.ORDERS[0]):
    """colour_core._run's search (pruning on): (outcome, steps of the line, states, max_empty)."""
    cdef int ncell = len(cells)
    cdef bint any_empty = not kings_only
    cdef _Seen seen = _Seen()
    cdef _Stack stack = _Stack()
    cdef _Arena arena = _Arena()
    cdef _Path path = _Path()
    cdef Pos *q
    cdef Pos cur
    cdef Pos child
    cdef uint64_t key[WORDS]
    cdef uint64_t nkey[WORDS]
    cdef int64_t cands[512]
    cdef bint need[256]
    cdef int gain[MAXP]
    cdef int topcol[256]
    cdef int ncand, i, j, k, c, s, d, x, n, cnt, old, new, nempty, empty, freecell
    cdef int depth, last, r, first_child, e, pa, which, total_found
    cdef int64_t v, off, next_clock = CLOCK_EVERY
    cdef int W_DIG = order[0]
    cdef int W_LONG = order[1]
    cdef int NEED_RANKS = order[2]

    if not prune:
        raise ValueError("the compiled search prunes; prune=False runs the reference")
    _push_root(stack, seen, cols, cells, found, NONE, key)

    while stack.size:
        if deadline is not None and seen.t.count >= next_clock:
            next_clock = seen.t.count + CLOCK_EVERY
            if time.perf_counter() >= deadline:
                return UNKNOWN, [], seen.t.count, max_empty
        stack.size -= 1
        cur = stack.data[stack.size]
        depth = cur.depth
        path.put(depth, cur.mv_off, cur.mv_len)
        last = cur.last
        _pack(&cur, key)

        # The cards a suit stack needs within NEED_RANKS, each column's gain, the exposed cards.
        memset(need, 0, sizeof(need))
        for k in range(4):
            for r in range(cur.found[k], min(cur.found[k] + NEED_RANKS, 13)):
                need[k * 13 + r] = True
        for c in range(256):
            topcol[c] = -1
        empty = -1
        for i in range(ncol):
            c = cur.top[i]
            if c == NONE:
                if empty < 0:
                    empty = i
                continue
            topcol[c] = i
            if cur.under[c] == BOTTOM:
                gain[i] = -W_DIG
                continue
            n = 0
            cnt = 0
            k = -1
            x = cur.under[c]
            while x != BOTTOM:
                if need[x]:
                    cnt += 1
                    if k < 0:
                        k = n
                n += 1
                x = cur.under[x]
            gain[i] = W_LONG * k - W_DIG * cnt if cnt else 0
        freecell = -1 if reserve else _first_free(&cur, ncell, ncol)

        ncand = 0
        for j in range(ncell):
            c = cur.cells[j]
            if c == FREE or c == last:
                continue
            s = ncol + j
            if cur.found[c // 13] == c % 13:
                ncand = _insert(cands, ncand, _cand(P_HOME, s, home, c))
            for which in range(2):
                pa = _parent(c, which)
                if pa != NONE and topcol[pa] >= 0:
                    ncand = _insert(cands, ncand, _cand(P_CELL_PARENT, s, topcol[pa], c))
            if (any_empty or c % 13 == 12) and empty >= 0:
                ncand = _insert(cands, ncand, _cand(P_CELL_EMPTY, s, empty, c))
        for i in range(ncol):
            c = cur.top[i]
            if c == NONE or c == last:
                continue
            if cur.found[c // 13] == c % 13:
                ncand = _insert(cands, ncand, _cand(P_HOME + gain[i], i, home, c))
            for which in range(2):
                pa = _parent(c, which)
                if pa != NONE and topcol[pa] >= 0:
                    ncand = _insert(cands, ncand, _cand(P_PARENT + gain[i], i, topcol[pa], c))
            if (any_empty or c % 13 == 12) and empty >= 0 and cur.under[c] != BOTTOM:
                ncand = _insert(cands, ncand, _cand(P_EMPTY + gain[i], i, empty, c))
            if freecell >= 0:
                ncand = _insert(cands, ncand, _cand(P_PARK + gain[i], i, freecell, c))
        if ncand == 0:
            continue

        nempty = 0
        for i in range(ncol):
            if cur.top[i] == NONE:
                nempty += 1
        first_child = stack.size
        for r in range(ncand):
            v = cands[r]
            c = v & 63
            d = (v >> 6) & 31
            s = (v >> 11) & 31
            old = cur.under[c] if s < ncol else PARKED
            if d == home:
                new = HOME
            elif d < ncol:
                new = BOTTOM if cur.top[d] == NONE else cur.top[d]
            else:
                new = PARKED
            memcpy(nkey, key, sizeof(key))
            _flip(nkey, c, old, new)
            child = cur
            child.under[c] = new
            if s < ncol:
                child.top[s] = NONE if old == BOTTOM else old
            else:
                child.cells[s - ncol] = FREE
            if d == home:
                child.found[c // 13] += 1
            elif d < ncol:
                child.top[d] = c
            else:
                child.cells[d - ncol] = c
            if d == home or (s < ncol and old != BOTTOM and _safe(old, cur.found)):
                # Cards go home after the move: make the child and its safe moves, then test it.
                off = arena.size
                arena.push(s, d)
                _settle(&child, ncol, ncell, home, arena, nkey)
                if _contains(&seen.t, nkey):
                    arena.size = off
                    continue
                if seen.t.count >= max_states:
                    return UNKNOWN, [], seen.t.count, max_empty
                if _add(&seen.t, nkey) < 0:
                    raise MemoryError()
                child.depth = depth + 1
                child.last = NONE
                child.mv_off = off
                child.mv_len = <int> ((arena.size - off) // 2)
                total_found = 0
                for k in range(4):
                    total_found += child.found[k]
                if total_found == total:
                    return SOLVED, _steps(step0, names, path, depth, &child, arena), seen.t.count, ncol
                e = 0
                for i in range(ncol):
                    if child.top[i] == NONE:
                        e += 1
                if e > max_empty:
                    max_empty = e
                q = stack.slot()
                q[0] = child
                continue
            if _contains(&seen.t, nkey):
                continue
            if seen.t.count >= max_states:
                return UNKNOWN, [], seen.t.count, max_empty
            if _add(&seen.t, nkey) < 0:
                raise MemoryError()
            if s < ncol and old == BOTTOM and nempty + 1 > max_empty:
                max_empty = nempty + 1   # counted before the card lands, as the reference
            child.depth = depth + 1
            child.last = c
            child.mv_off = arena.size
            child.mv_len = 1
            arena.push(s, d)
            q = stack.slot()
            q[0] = child
        _reverse_from(stack, first_child)
    return UNSOLVABLE, [], seen.t.count, max_empty


cdef list _steps(step0, names, _Path path, int depth, Pos *last_child, _Arena arena):
    """The winning line as the reference gives it: one (moves, automatic flags) step for the
    root and for each position on the path, the last child's included."""
    cdef list steps = [step0]
    cdef int k
    for k in range(1, depth + 1):
        steps.append(_step(names, arena, path.off[k], path.length[k]))
    steps.append(_step(names, arena, last_child.mv_off, last_child.mv_len))
    return steps


cdef tuple _step(names, _Arena arena, int64_t off, int count):
    cdef list mv = []
    cdef list fl = []
    cdef int m, s, d
    for m in range(count):
        s = arena.data[off + 2 * m]
        d = arena.data[off + 2 * m + 1]
        mv.append(names[s][d & ~AUTO])
        fl.append(bool(d & AUTO))
    return tuple(mv), tuple(fl)
