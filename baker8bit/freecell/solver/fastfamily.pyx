# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled search of the FreeCell family (built as ``_cfamily``): one loop, the rules as data.

It knows no game. ``params.py`` reads a rule set into the numbers and tables this search takes
(the build rule as the cards each card may go on and the cards that may go on it, the cells and
whether they are a reserve, the empty-column rule, the order of the safe moves home, the move
order), as Solvitaire's presets describe a game to its one engine. Building in suit (the 1989
game, Baker's Game, Eight Off) and in alternating colours (King Albert) are the same loop.

Its plain-Python reference, and specification, is ``family.py``: for every rule set this search
makes the same search, candidate for candidate and state for state (the same moves in the same
order, the same safe moves home in the same order, the same seen-test on the same compact key),
so the same outcome, ``states``, moves, automatic moves and ``max_empty``:
``tests/test_family.py``, ``tests/test_solver_core.py`` and ``tests/test_colour_core.py``
compare them. ``solve`` is ``family.solve`` (the setup: the root's safe moves home, the move
orders in turn) with this module's loop; ``prune=False`` (the unpruned search the tests compare
verdicts with) runs ``family.py``'s own loop.

The data structures are ``csearch.pxi``'s: a position is a struct of ``under`` bytes (the
compact key, field by field), the seen set an open-addressing table of packed keys, the stack an
array of 16-byte entries (a position still to search is its parent on the path and the moves
from it, remade when popped) and the moves place numbers in an arena.
"""

import functools
import time

from cpython.exc cimport PyErr_CheckSignals

from baker8bit.freecell.solver import family as _family
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE

include "csearch.pxi"

cdef int CLOCK_EVERY = _family.CLOCK_EVERY
# positions popped between two looks at the signals (Ctrl-C, SIGTERM: PyErr_CheckSignals runs
# Python's handlers, whose exception ends the search): 2^16, a few hundredths of a second
cdef long long SIGNAL_MASK = 0xFFFF

cdef enum:
    AUTO = 0x80      # in a move's destination byte: the game makes this move itself
    # the kinds of move, each with its base priority in Rules.prio
    K_HOME_CELL = 0
    K_HOME_COL = 1
    K_CELL_PARENT = 2
    K_CELL_EMPTY = 3
    K_PARENT = 4
    K_EMPTY = 5
    K_PARK = 6
    NKINDS = 7


cdef struct Rules:
    int ncol, ncell, home, nsuits, total
    bint any_empty     # any card may fill an empty column (else only a king)
    bint reserve       # the cells are a reserve: nothing enters them
    bint game_order    # the safe moves home in the game's order (else the 1989 game's)
    bint home_moves    # a legal move home may be unsafe, so it is a move to try (Params.home_moves)
    int nparents       # the most cards a card may go on (1 in suit, 2 in alternating colours)
    int scheme         # the move order's scheme: 0 in suit (search.py's), 1 alternating colours
    uint8_t parent[NCARDS][2]   # the cards a card may go on (NONE: none)
    uint8_t kid[NCARDS][2]      # the cards that may go on a card (NONE: none)
    uint8_t code[NCARDS * CODES]  # each card's key code of what it lies on (_codes, at the root)
    int prio[NKINDS]   # each kind's base priority
    int w_bury         # added to a move onto a column for each card it buries (scheme 0)
    int w_dig, w_long, w_empty, need_ranks   # the source column's gain (see _gain)


cdef int _rules(Rules *r, p, order) except -1:
    """Fill r from a ``params.Params`` and one of its move orders (a ``params.Order``)."""
    cdef int c, w, k
    cdef bytes tables = p.tables
    cdef const uint8_t *t = tables
    r.ncol = p.columns
    r.ncell = p.cells
    r.home = p.columns + p.cells
    r.nsuits = p.suits
    r.total = p.total
    r.any_empty = p.any_empty
    r.reserve = p.reserve
    r.game_order = p.game_order
    r.scheme = p.scheme
    r.home_moves = p.home_moves
    r.nparents = 0
    for c in range(NCARDS):
        for w in range(2):
            r.parent[c][w] = t[2 * c + w]
            r.kid[c][w] = t[2 * NCARDS + 2 * c + w]
            if r.parent[c][w] != NONE and w + 1 > r.nparents:
                r.nparents = w + 1
    r.w_bury = order.w_bury
    r.w_dig = order.w_dig
    r.w_long = order.w_long
    r.w_empty = order.w_empty
    r.need_ranks = order.need_ranks
    for k in range(NKINDS):
        r.prio[k] = order.prio[k]
    return 0


cdef inline void _moved(const Rules *r, uint64_t *k, int c, int old, int new) noexcept nogil:
    """The key after card c moved from lying on old to lying on new (``_flip`` of their codes)."""
    _flip(k, c, r.code[c * CODES + old], r.code[c * CODES + new])


cdef bint _free(const Rules *r, int k, const uint8_t *found) noexcept nogil:
    """Is card k home, or the next of its suit with every card that could go on it free?"""
    cdef int w, kk
    if found[k // 13] != k % 13:
        return found[k // 13] > k % 13
    for w in range(2):
        kk = r.kid[k][w]
        if kk != NONE and not _free(r, kk, found):
            return False
    return True


cdef inline bint _safe(const Rules *r, int c, const uint8_t *found) noexcept nogil:
    """May c go home now, and safely (every card that could go on it is free: the free-card
    rule, ``family._safe``)?"""
    cdef int w, k
    if found[c // 13] != c % 13:
        return False
    for w in range(2):
        k = r.kid[c][w]
        if k != NONE and found[k // 13] <= k % 13 and not _free(r, k, found):
            return False
    return True


cdef inline bint _game_safe(const Rules *r, int c, const uint8_t *found) noexcept nogil:
    """Does the game move c home by itself (every card that could go on it is home)?"""
    cdef int w, k
    if found[c // 13] != c % 13:
        return False
    for w in range(2):
        k = r.kid[c][w]
        if k != NONE and found[k // 13] <= k % 13:
            return False
    return True


cdef int _settle(const Rules *r, Pos *p, _Arena moves, uint64_t *key) except -1:
    """The safe moves home, the key following. In the game's order (King Albert's automatic
    moves, marked AUTO: the columns' cards the game's rule moves while any goes, then one move
    of the player's: a safe card from a cell, else a column's top card safe by the free-card
    rule only; and again), or the 1989 game's (every column once, then every cell, again while
    any went): ``family._settle``."""
    cdef int i, j, c, u
    cdef bint moved = True
    cdef int flag = AUTO if r.game_order else 0
    while True:
        moved = True
        while moved:
            moved = False
            for i in range(r.ncol):
                c = p.top[i]
                while c != NONE and (_game_safe(r, c, p.found) if r.game_order else _safe(r, c, p.found)):
                    p.found[c // 13] += 1
                    u = p.under[c]
                    _moved(r, key, c, u, HOME)
                    p.under[c] = HOME
                    moves.push(i, _dest(r.home, c) | flag)
                    moved = True
                    c = u if u != BOTTOM else NONE
                p.top[i] = c
            if not r.game_order:
                # the cells in the same pass
                for j in range(r.ncell):
                    if _cell_home(r, p, moves, key, j):
                        moved = True
        if not r.game_order:
            return 0
        for j in range(r.ncell):
            if _cell_home(r, p, moves, key, j):
                break
        else:
            for i in range(r.ncol):
                c = p.top[i]
                if c != NONE and _safe(r, c, p.found):
                    p.found[c // 13] += 1
                    u = p.under[c]
                    _moved(r, key, c, u, HOME)
                    p.under[c] = HOME
                    moves.push(i, _dest(r.home, c))
                    p.top[i] = u if u != BOTTOM else NONE
                    break
            else:
                return 0


cdef inline bint _cell_home(const Rules *r, Pos *p, _Arena moves, uint64_t *key, int j) except -1:
    """Cell j's card home if that is safe (the key following); whether it went."""
    cdef int c = p.cells[j]
    if c == FREE or not _safe(r, c, p.found):
        return False
    p.found[c // 13] += 1
    p.cells[j] = FREE
    _moved(r, key, c, PARKED, HOME)
    p.under[c] = HOME
    moves.push(r.ncol + j, _dest(r.home, c))
    return True


cdef inline bint _reached(const Rules *r, int x, const int *topcol, const Pos *p, int ncell) noexcept nogil:
    """Is a card x may go on, other than the next of its suit (the caller looks at that one),
    exposed or parked in p (so that x home may let it go home)?"""
    cdef int w, y
    for w in range(2):
        y = r.parent[x][w]
        if y != NONE and y != x + 1 and (topcol[y] >= 0 or _parked(p, y, ncell)):
            return True
    return False


def solve(position, rules, max_states=None, max_seconds=None, prune=True, order=None, table=0, restarts=0):
    """``solver.solve``'s answer for a rule set ``params.supports``: ``family.solve`` (the
    root's safe moves home, the move orders in turn; ``order``: only that one; ``restarts``: that
    many seeded orders instead) with this
    module's loop, which reads the rule set only through ``params``. ``prune=False`` is the
    unpruned search the tests compare verdicts with: ``family.py``'s own loop.

    ``table``: a seen table of that many slots (``KEY_BYTES`` each) that forgets when full,
    so the search runs on past it (``max_states`` then counts positions searched, again
    or not); a search that ends is a proof as before (SOLVER.md, "A seen table that forgets")."""
    if table and not prune:
        raise ValueError("a seen table that forgets is for the pruned search")
    run = functools.partial(_crun, table=table) if table else _crun
    return _family.solve(position, rules, max_states, max_seconds, prune, order, run=run if prune else None,
                         restarts=restarts)


def _crun(p, order, cols, cells, found, step0, names, max_states, deadline, max_empty, prune, table=0):
    """``family._run``'s answer (pruning on), from this module's loop."""
    global _forgotten
    cdef _Seen seen = _Seen(max_states, table)
    try:
        return _run(p, order, cols, cells, found, step0, names, p.total, max_states, deadline, max_empty, seen)
    finally:
        _forgotten = seen.t.forgotten


_forgotten = 0


def forgotten():
    """Positions the last search's table forgot (0 for a table that does not forget)."""
    return _forgotten


cdef inline int64_t _fresh(Table *t, _Trail trail, bint forget, const uint64_t *k) noexcept:
    """Where the key goes in the seen table if it is new to the search (``_where``), or SEEN: in
    the table (or, with a table that forgets, on the trail of the current path). The key is
    hashed once, for both."""
    cdef uint64_t h = _hash(k)
    cdef int64_t where = _where(t, k, h)
    if forget and where != SEEN and trail.holds(k, h):
        return SEEN
    return where


cdef inline int _keep(Table *t, const uint64_t *k, int64_t where) except -1:
    """Put a new key into the seen table, where ``_fresh`` found it would go."""
    if _put(t, k, where) < 0:
        raise MemoryError()
    return 0


cdef _run(p, order, cols, cells, found, step0, names, int total, long long max_states, deadline,
          int max_empty, _Seen seen):
    """The search of the rule set ``p`` (a ``params.Params``) with the move order ``order`` (a
    ``params.Order``): (outcome, the winning line, states, max_empty), as ``family._run``
    gives them. The line is the steps (moves, automatic flags) of the root and of each
    position on the path."""
    cdef Rules R
    cdef Rules *r = &R
    cdef _Stack stack = _Stack()
    cdef _Arena arena = _Arena()
    cdef _Path path = _Path()
    cdef bint forget = seen.t.window > 0   # a table that forgets (_Seen(table=...))
    cdef _Trail trail = _Trail() if forget else None
    cdef long long searched = 1   # positions added to the seen set (the root is): states
    cdef Pos root
    cdef Pos cur
    cdef Entry *top
    cdef Pos child
    cdef uint64_t key[WORDS]
    cdef uint64_t nkey[WORDS]
    cdef int64_t cands[512]
    cdef bint need[256]
    cdef int gain[MAXP]
    cdef int bury[MAXP]
    cdef int topcol[256]
    cdef int ncand, i, j, k, c, s, d, x, n, nmoves, cnt, old, new, nempty, empty, freecell, ncell, ncol, home
    cdef int depth, at = 0, last, rr, first_child, e, pa, which, total_found, nsuits, u, flag
    cdef bint alone, any_empty, reserve, home_moves, game_order
    cdef int scheme, nparents, need_ranks, w_dig, w_bury, w_empty, w_long
    cdef int p_home_cell, p_home_col, p_cell_parent, p_cell_empty, p_parent, p_empty, p_park
    cdef int64_t v, off, where, next_clock = CLOCK_EVERY
    cdef long long popped = 0

    _rules(r, p, order)   # the rule set's parameters, as C data: read nowhere else
    ncol = r.ncol
    home = r.home
    ncell = r.ncell
    nsuits = r.nsuits
    # the parameters the loop reads, in locals (the C compiler keeps them in registers)
    any_empty, reserve, home_moves, scheme = r.any_empty, r.reserve, r.home_moves, r.scheme
    nparents = r.nparents
    game_order = r.game_order
    need_ranks, w_dig, w_bury, w_empty, w_long = r.need_ranks, r.w_dig, r.w_bury, r.w_empty, r.w_long
    p_home_cell, p_home_col = r.prio[K_HOME_CELL], r.prio[K_HOME_COL]
    p_cell_parent, p_cell_empty = r.prio[K_CELL_PARENT], r.prio[K_CELL_EMPTY]
    p_parent, p_empty, p_park = r.prio[K_PARENT], r.prio[K_EMPTY], r.prio[K_PARK]
    flag = AUTO if r.game_order else 0
    _push_root(stack, &root, seen, cols, cells, found, NONE, key, r.code, r.parent)
    path.ends(0, arena.size)

    while stack.size:
        popped += 1
        if not popped & SIGNAL_MASK:
            PyErr_CheckSignals()
        if deadline is not None and searched >= next_clock:
            next_clock = searched + CLOCK_EVERY
            if time.perf_counter() >= deadline:
                return UNKNOWN, [], searched, max_empty
        stack.size -= 1
        top = &stack.data[stack.size]
        depth = top.depth
        last = top.last
        # the position: the root, or its parent on the path (the last position searched with
        # the path's moves taken back up to it) with the moves that lead from it
        if depth == 0:
            cur = root
        else:
            for k in range(at, depth - 1, -1):
                _undo(&cur, arena.data + path.off[k], path.length[k], ncol, home)
            _remake(&cur, arena.data + top.mv_off, top.mv_len, ncol, home)
        at = depth
        path.put(depth, top.mv_off, top.mv_len)
        arena.size = path.end[depth]   # the moves of positions searched to the end: free (_Path)
        _pack(&cur, key, r.code)
        if forget:
            trail.enter(depth, key)

        # The cards the suit stacks need soon, each column's gain and burial, the exposed cards.
        memset(need, 0, sizeof(need))
        for k in range(nsuits):
            for rr in range(cur.found[k], min(cur.found[k] + need_ranks, 13)):
                need[k * 13 + rr] = True
        for c in range(256):
            topcol[c] = -1
        empty = -1
        nempty = 0
        for i in range(ncol):
            c = cur.top[i]
            bury[i] = 0
            if c == NONE:
                nempty += 1
                if empty < 0:
                    empty = i
                continue
            topcol[c] = i
            if scheme == 0:
                # in suit (search.py's): w_dig per card above the shallowest needed card (99 if
                # none), less w_bury per needed card, less w_empty for a lone card
                # (family.column_terms)
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
                gain[i] = w_dig * (k if cnt else 99) - w_bury * cnt - (w_empty if n == 1 else 0)
                bury[i] = w_bury * cnt
            elif cur.under[c] == BOTTOM:
                gain[i] = -w_dig
            else:
                # alternating colours': w_dig less per needed card under the top one, w_long
                # more per card above the nearest of them (family.column_terms)
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
                gain[i] = w_long * k - w_dig * cnt if cnt else 0
        freecell = -1 if reserve else _first_free(&cur, ncell, ncol)

        ncand = 0
        for j in range(ncell):
            c = cur.cells[j]
            if c == FREE or c == last:
                continue
            s = ncol + j
            if home_moves and cur.found[c // 13] == c % 13:
                ncand = _insert(cands, ncand, _cand(p_home_cell, s, home, c))
            for which in range(nparents):
                pa = r.parent[c][which]
                if pa != NONE and topcol[pa] >= 0:
                    d = topcol[pa]
                    ncand = _insert(cands, ncand, _cand(p_cell_parent + bury[d], s, d, c))
            if (any_empty or c % 13 == 12) and empty >= 0:
                ncand = _insert(cands, ncand, _cand(p_cell_empty, s, empty, c))
        for i in range(ncol):
            c = cur.top[i]
            if c == NONE or c == last:
                continue
            if home_moves and cur.found[c // 13] == c % 13:
                ncand = _insert(cands, ncand, _cand(p_home_col + gain[i], i, home, c))
            for which in range(nparents):
                pa = r.parent[c][which]
                if pa != NONE and topcol[pa] >= 0:
                    d = topcol[pa]
                    ncand = _insert(cands, ncand, _cand(p_parent + gain[i] + bury[d], i, d, c))
            if (any_empty or c % 13 == 12) and empty >= 0 and cur.under[c] != BOTTOM:
                ncand = _insert(cands, ncand, _cand(p_empty + gain[i], i, empty, c))
            if freecell >= 0:
                ncand = _insert(cands, ncand, _cand(p_park + gain[i], i, freecell, c))
        if ncand == 0:
            continue

        first_child = stack.size
        for rr in range(ncand):
            v = cands[rr]
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
            _moved(r, nkey, c, old, new)
            if d != home and not (s < ncol and old != BOTTOM and _safe(r, old, cur.found)):
                # A plain move: its key is tested before the child is made (most are seen).
                where = _fresh(&seen.t, trail, forget, nkey)
                if where == SEEN:
                    continue
                if searched >= max_states:
                    return UNKNOWN, [], searched, max_empty
                _keep(&seen.t, nkey, where)
                searched += 1
                if s < ncol and old == BOTTOM and nempty + 1 > max_empty:
                    max_empty = nempty + 1   # counted before the card lands, as family._run
                stack.push(depth + 1, arena.size, 1, c)   # remade when popped (_remake)
                arena.push(s, _dest(d, c))
                continue
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
            # Cards go home after the move: make the child and its safe moves, then test it.
            off = arena.size
            arena.push(s, _dest(d, c))
            alone = False
            if d != home and not game_order:
                # The position was settled, so the exposed card is the only safe one: walk
                # down its column. While no card that a card sent home lets go home (the
                # next of its suit, the cards it may go on) lies exposed or parked, the walk
                # is all _settle would do, move for move. (Not in the game's order: there a
                # card home mostly lets a reserve card go too, and the walk would be undone.)
                alone = True
                x = old
                while x != BOTTOM and _safe(r, x, child.found):
                    child.found[x // 13] += 1
                    u = cur.under[x]
                    _moved(r, nkey, x, u, HOME)
                    child.under[x] = HOME
                    arena.push(s, _dest(home, x) | flag)
                    if (x % 13 != 12 and (topcol[x + 1] >= 0 or _parked(&cur, x + 1, ncell))) or \
                            _reached(r, x, topcol, &cur, ncell):
                        alone = False
                        break
                    x = u
                if alone:
                    child.top[s] = NONE if x == BOTTOM else x
                else:
                    # _settle from the plain move, as the reference
                    child = cur
                    child.under[c] = new
                    child.top[s] = old
                    if d < ncol:
                        child.top[d] = c
                    else:
                        child.cells[d - ncol] = c
                    arena.size = off + 2
                    memcpy(nkey, key, sizeof(key))
                    _moved(r, nkey, c, old, new)
            if not alone:
                _settle(r, &child, arena, nkey)
            where = _fresh(&seen.t, trail, forget, nkey)
            if where == SEEN:
                arena.size = off
                continue
            if searched >= max_states:
                return UNKNOWN, [], searched, max_empty
            _keep(&seen.t, nkey, where)
            searched += 1
            nmoves = <int> ((arena.size - off) // 2)   # the child's moves, at off in the arena
            total_found = 0
            for k in range(nsuits):
                total_found += child.found[k]
            if total_found == total:
                return SOLVED, _steps(step0, names, path, depth, off, nmoves, arena), searched, ncol
            e = 0
            for i in range(ncol):
                if child.top[i] == NONE:
                    e += 1
            if e > max_empty:
                max_empty = e
            stack.push(depth + 1, off, nmoves, NONE)
        path.ends(depth + 1, arena.size)
        _reverse_from(stack, first_child)
    return UNSOLVABLE, [], searched, max_empty


cdef list _steps(step0, names, _Path path, int depth, int64_t off, int count, _Arena arena):
    """The winning line as family._run gives it: one (moves, automatic flags) step for the root
    and for each position on the path, the last child's (its ``count`` moves at ``off``)
    included."""
    cdef list steps = [step0]
    cdef int k
    for k in range(1, depth + 1):
        steps.append(_step(names, arena, path.off[k], path.length[k]))
    steps.append(_step(names, arena, off, count))
    return steps


cdef tuple _step(names, _Arena arena, int64_t off, int count):
    cdef list mv = []
    cdef list fl = []
    cdef int m, s, d
    for m in range(count):
        s = arena.data[off + 2 * m]
        d = arena.data[off + 2 * m + 1]
        mv.append(names[s][d & PLACE])
        fl.append(bool(d & AUTO))
    return tuple(mv), tuple(fl)
