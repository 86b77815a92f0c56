# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled core: ``core.py``'s search in C data structures (built as ``_cfast``).

``core.py`` is the reference: this module makes the same search, candidate for candidate and
state for state (the same moves in the same order, the same seen-test on the same compact key,
so the same outcome, the same ``states`` and the same solution; ``tests/test_solver_core.py``
compares them on deals 1..300 of every rule set). Only the data structures differ:

- a position is a C struct: ``under[c]`` for each card (the card it lies on, or BOTTOM, PARKED,
  HOME: the compact key of core.py, field by field), the exposed card of each column, the cells
  and the terminal piles. A column is the chain of ``under`` from its exposed card, so moving a
  card changes two bytes, and the key is ``under`` packed six bits a card;
- the seen set is an open-addressing hash table of those packed keys (48 bytes each);
- the stack is an array of positions, and the moves of the path are place numbers in an array.

Built by the package build (``setup.py``: Cython and a C compiler); ``core.implementation()`` prefers it.
"""

import time

from baker8bit.freecell.solver import search as _search
from baker8bit.freecell.solver.search import SOLVED, UNKNOWN, UNSOLVABLE

# The reference's move-ordering weights and clock period, as C integers.
cdef int W_BURY = _search.W_BURY
cdef int W_CELL = _search.W_CELL
cdef int W_DIG = _search.W_DIG
cdef int W_EMPTY = _search.W_EMPTY
cdef int CLOCK_EVERY = _search._CLOCK_EVERY

include "csearch.pxi"


cdef void _go_home(Pos *p, int ncol, int ncell, int nsuits, _Arena moves, int home) except *:
    """core._go_home on a Pos: every legal move home, repeatedly, in the reference's order."""
    cdef bint need[256]
    cdef int k, i, j, c, u
    cdef bint moved = True
    memset(need, 0, sizeof(need))
    for k in range(nsuits):
        if p.found[k] < 13:
            need[k * 13 + p.found[k]] = True
    while moved:
        moved = False
        for i in range(ncol):
            c = p.top[i]
            if c != NONE and need[c]:
                while c != NONE and need[c]:
                    need[c] = False
                    if c % 13 != 12:
                        need[c + 1] = True
                    p.found[c // 13] += 1
                    moves.push(i, home)
                    u = p.under[c]
                    p.under[c] = HOME
                    c = u if u != BOTTOM else NONE
                p.top[i] = c
                moved = True
        for j in range(ncell):
            c = p.cells[j]
            if c != FREE and need[c]:
                need[c] = False
                if c % 13 != 12:
                    need[c + 1] = True
                p.found[c // 13] += 1
                p.cells[j] = FREE
                p.under[c] = HOME
                moves.push(ncol + j, home)
                moved = True


def solve(position, rules, max_states=None, max_seconds=None):
    """``core.solve`` with this module's search."""
    from baker8bit.freecell.solver import core

    return core.solve(position, rules, max_states, max_seconds, run=_run)


def _run(cols, cells, found, moves0, names, to_home, int ncol, int total, bint kings_only,
         long long max_states, deadline):
    """core._run's search: (outcome, moves, states)."""
    cdef int ncell = len(cells)
    cdef int nsuits = len(found)
    cdef int home = ncol + ncell
    cdef bint any_empty = not kings_only
    cdef _Seen seen = _Seen()
    cdef _Stack stack = _Stack()
    cdef _Arena arena = _Arena()
    cdef Pos *q
    cdef Pos cur
    cdef uint64_t key[WORDS]
    cdef uint64_t nkey[WORDS]
    cdef int64_t cands[512]
    cdef int ncand
    cdef _Path path = _Path()
    cdef bint need[256]
    cdef int gain[MAXP]
    cdef int bury[MAXP]
    cdef int topcol[256]
    cdef int i, j, k, c, s, d, x, u, n, old, new, nempty, empty, freecell, prio
    cdef int depth, last, ndone, cnt, nfound_sum, r, first_child
    cdef int64_t v, off, next_clock = CLOCK_EVERY
    cdef bint alone, dead
    cdef uint8_t nf[4]
    cdef Pos child

    _push_root(stack, seen, cols, cells, found, -1, key)

    while stack.size:
        if deadline is not None and seen.t.count >= next_clock:
            next_clock = seen.t.count + CLOCK_EVERY
            if time.perf_counter() >= deadline:
                return UNKNOWN, [], seen.t.count
        stack.size -= 1
        cur = stack.data[stack.size]
        depth = cur.depth
        path.put(depth, cur.mv_off, cur.mv_len)
        last = cur.last
        _pack(&cur, key)

        # Which cards may go home, the heuristic of each column, the exposed cards.
        memset(need, 0, sizeof(need))
        for k in range(nsuits):
            if cur.found[k] < 13:
                need[k * 13 + cur.found[k]] = True
        for c in range(256):
            topcol[c] = -1
        nempty = 0
        empty = -1
        for i in range(ncol):
            c = cur.top[i]
            if c == NONE:
                nempty += 1
                if empty < 0:
                    empty = i
                gain[i] = W_DIG * 99
                bury[i] = 0
                continue
            topcol[c] = i
            n = 0
            cnt = 0
            k = -1
            while c != BOTTOM:
                if need[c]:
                    cnt += 1
                    if k < 0:
                        k = n
                n += 1
                c = cur.under[c]
            gain[i] = W_DIG * (k if cnt else 99) - W_BURY * cnt - (W_EMPTY if n == 1 else 0)
            bury[i] = W_BURY * cnt
        freecell = _first_free(&cur, ncell, ncol)

        # The candidates, sorted as the reference sorts its (priority, source, destination,
        # card) tuples: one int each, priority first.
        ncand = 0
        for j in range(ncell):
            c = cur.cells[j]
            if c == FREE or c == last:
                continue
            if c % 13 != 12 and topcol[c + 1] >= 0:
                d = topcol[c + 1]
                ncand = _insert(cands, ncand, _cand(bury[d] - W_CELL, ncol + j, d, c))
            if empty >= 0 and (any_empty or c % 13 == 12):
                ncand = _insert(cands, ncand, _cand(W_EMPTY - W_CELL + 1, ncol + j, empty, c))
        for i in range(ncol):
            c = cur.top[i]
            if c == NONE or c == last:
                continue
            if c % 13 != 12 and topcol[c + 1] >= 0:
                d = topcol[c + 1]
                ncand = _insert(cands, ncand, _cand(gain[i] + bury[d], i, d, c))
            if empty >= 0 and cur.under[c] != BOTTOM and (any_empty or c % 13 == 12):
                ncand = _insert(cands, ncand, _cand(gain[i] + W_EMPTY + 2, i, empty, c))
            if freecell >= 0:
                ncand = _insert(cands, ncand, _cand(gain[i] + W_CELL + 3, i, freecell, c))
        if ncand == 0:
            continue

        first_child = stack.size
        for r in range(ncand):
            v = cands[r]
            c = v & 63
            d = (v >> 6) & 31
            s = (v >> 11) & 31
            old = cur.under[c] if s < ncol else PARKED
            if d < ncol:
                new = BOTTOM if cur.top[d] == NONE else cur.top[d]
            else:
                new = PARKED
            memcpy(nkey, key, sizeof(key))
            _flip(nkey, c, old, new)
            if s < ncol and old != BOTTOM and need[old]:
                # The move exposed a card that may go home: as the reference.
                child = cur
                child.under[c] = new
                if d < ncol:
                    child.top[d] = c
                else:
                    child.cells[d - ncol] = c
                off = arena.size
                arena.push(s, d)
                for k in range(nsuits):
                    nf[k] = cur.found[k]
                alone = True
                x = old
                while x != BOTTOM:
                    if nf[x // 13] != x % 13:
                        break
                    nf[x // 13] += 1
                    u = cur.under[x]
                    _flip(nkey, x, u, HOME)
                    child.under[x] = HOME
                    arena.push(s, home)
                    # The card after x exposed or parked before the move (c among them):
                    # more may go home, so the reference calls _go_home.
                    if x % 13 != 12 and (topcol[x + 1] >= 0 or _parked(&cur, x + 1, ncell)):
                        alone = False
                        break
                    x = u
                if alone:
                    child.top[s] = NONE if x == BOTTOM else x
                    for k in range(nsuits):
                        child.found[k] = nf[k]
                else:
                    # Undo the walk: _go_home from the plain move, as the reference.
                    child = cur
                    child.under[c] = new
                    if d < ncol:
                        child.top[d] = c
                    else:
                        child.cells[d - ncol] = c
                    child.top[s] = old
                    arena.size = off + 2
                    _go_home(&child, ncol, ncell, nsuits, arena, home)
                    _pack(&child, nkey)
                if _contains(&seen.t, nkey):
                    arena.size = off
                    continue
                if seen.t.count >= max_states:
                    return UNKNOWN, [], seen.t.count
                if _add(&seen.t, nkey) < 0:
                    raise MemoryError()
                nfound_sum = 0
                for k in range(nsuits):
                    nfound_sum += child.found[k]
                child.depth = depth + 1
                child.last = -1
                child.mv_off = off
                child.mv_len = <int> ((arena.size - off) // 2)
                if nfound_sum == total:
                    return SOLVED, _line(moves0, names, path, depth, &child, arena), seen.t.count
                q = stack.slot()
                q[0] = child
                continue
            if _contains(&seen.t, nkey):
                continue
            if seen.t.count >= max_states:
                return UNKNOWN, [], seen.t.count
            if _add(&seen.t, nkey) < 0:
                raise MemoryError()
            q = stack.slot()
            q[0] = cur
            q.under[c] = new
            if s < ncol:
                q.top[s] = NONE if old == BOTTOM else old
            else:
                q.cells[s - ncol] = FREE
            if d < ncol:
                q.top[d] = c
            else:
                q.cells[d - ncol] = c
            q.depth = depth + 1
            q.last = c
            q.mv_off = arena.size
            q.mv_len = 1
            arena.push(s, d)
        _reverse_from(stack, first_child)
    return UNSOLVABLE, [], seen.t.count


cdef list _line(moves0, names, _Path path, int depth, Pos *last_child, _Arena arena):
    """The winning line: the root's moves, the moves of each position on the path, the last's."""
    cdef list line = list(moves0)
    cdef int k, m
    cdef int64_t off
    for k in range(1, depth + 1):
        off = path.off[k]
        for m in range(path.length[k]):
            line.append(names[arena.data[off + 2 * m]][arena.data[off + 2 * m + 1]])
    off = last_child.mv_off
    for m in range(last_child.mv_len):
        line.append(names[arena.data[off + 2 * m]][arena.data[off + 2 * m + 1]])
    return line
