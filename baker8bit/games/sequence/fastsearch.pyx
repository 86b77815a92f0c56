# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""One run of sequence solitaire's clairvoyant search in C arrays: ``search.run`` (the
plain-Python reference) move for move, with the same outcome, moves and count of positions.

Built as ``_csearch`` by the package build (``setup.py``); ``search.implementation()`` prefers
it; ``tests/test_sequence_search_compiled.py`` compares the two. Only how the position is kept
differs: fixed C arrays for the piles, the final piles and the path; the key of a position is
the very ``bytes`` the reference builds, in a Python ``set``, so the two remember the same
positions.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.exc cimport PyErr_CheckSignals
from libc.string cimport memcmp

from time import monotonic

from baker8bit.games.sequence import search as _ref

cdef enum:
    MAXH = 56        # cards in one storage pile, at most 52
    MAXPATH = 256
    HAND = 4
    SYMMETRY = 1
    FORCED = 2
    DEAD = 4
    EAGER = 8

include "piles.pxi"

assert (_ref.SYMMETRY, _ref.FORCED, _ref.DEAD, _ref.EAGER, _ref.HAND) == (SYMMETRY, FORCED, DEAD, EAGER, HAND)
cdef long long LCG_A = _ref.LCG_A, LCG_C = _ref.LCG_C, LCG_M = _ref.LCG_M
cdef int NOISE_SCALE = _ref.NOISE_SCALE
cdef long long CLOCK_MASK = _ref.CLOCK_MASK
cdef long long SIGNAL_MASK = 0xFFFF  # positions between two looks at the signals (2^16)


class _Limit(Exception):
    pass


cdef class _Run:
    cdef int cards[64]
    cdef int n, p
    cdef int piles[4][MAXH]
    cdef int h[4]
    cdef int fins[4]
    cdef int left[14]
    cdef long long max_states, count, rng
    cdef int flags, noise
    cdef int path[MAXPATH]
    cdef int depth
    cdef set failed
    cdef double deadline

    def __init__(self, cards, storage, finals, long long max_states, int flags, long long seed, int noise,
                 double deadline=0.0):
        cdef int i, k, r
        self.n = len(cards)
        for i in range(self.n):
            self.cards[i] = cards[i]
        self.p = 0
        for i in range(4):
            self.h[i] = len(storage[i])
            for k in range(self.h[i]):
                self.piles[i][k] = storage[i][k]
            self.fins[i] = finals[i]
        self.max_states = max_states
        self.flags = flags
        self.rng = seed & LCG_M
        self.noise = noise
        self.deadline = deadline
        self.count = 0
        self.failed = set()
        self.depth = 0
        for r in range(14):
            self.left[r] = 0
        for r in range(1, 14):
            for k in range(4):
                if POS[k][r] >= self.fins[k]:
                    self.left[r] += 1

    cdef inline long long _rand(self):
        self.rng = (self.rng * LCG_A + LCG_C) & LCG_M
        return self.rng >> 8

    cdef inline void _home(self, int src, int k):
        cdef int r
        if src == HAND:
            r = self.cards[self.p]
            self.p += 1
        else:
            self.h[src] -= 1
            r = self.piles[src][self.h[src]]
        self.fins[k] += 1
        self.left[r] -= 1
        self.path[self.depth] = src * 8 + k
        self.depth += 1

    cdef inline void _put(self, int s):
        self.piles[s][self.h[s]] = self.cards[self.p]
        self.h[s] += 1
        self.p += 1
        self.path[self.depth] = HAND * 8 + 4 + s
        self.depth += 1

    cdef void _undo(self, int count):
        cdef int i, code, src, dst, r
        for i in range(count):
            self.depth -= 1
            code = self.path[self.depth]
            src = code >> 3
            dst = code & 7
            if dst >= 4:
                self.h[dst - 4] -= 1
                self.p -= 1
                continue
            self.fins[dst] -= 1
            r = SEQ[dst][self.fins[dst]]
            self.left[r] += 1
            if src == HAND:
                self.p -= 1
            else:
                self.piles[src][self.h[src]] = r
                self.h[src] += 1

    cdef inline int _fits(self, int r):
        cdef int k
        for k in range(4):
            if SEQ[k][self.fins[k]] == r:
                return k
        return -1

    cdef int _forced(self):
        cdef int played = 0, s, t, k, hd
        cdef bint again = True
        while again:
            again = False
            for s in range(4):
                while self.h[s]:
                    t = self.piles[s][self.h[s] - 1]
                    if self.left[t] != 1:
                        break
                    k = self._fits(t)
                    if k < 0:
                        break
                    self._home(s, k)
                    played += 1
                    again = True
            if self.p < self.n:
                hd = self.cards[self.p]
                if self.left[hd] == 1:
                    k = self._fits(hd)
                    if k >= 0:
                        self._home(HAND, k)
                        played += 1
                        again = True
        return played

    cdef inline int _cmp(self, int a, int b):
        """Compare piles a and b as the reference compares their bytes."""
        cdef int i, m = self.h[a] if self.h[a] < self.h[b] else self.h[b]
        for i in range(m):
            if self.piles[a][i] != self.piles[b][i]:
                return -1 if self.piles[a][i] < self.piles[b][i] else 1
        return (self.h[a] > self.h[b]) - (self.h[a] < self.h[b])

    cdef inline bint _same(self, int a, int b):
        cdef int i
        if self.h[a] != self.h[b]:
            return False
        for i in range(self.h[a]):
            if self.piles[a][i] != self.piles[b][i]:
                return False
        return True

    cdef bytes _key(self):
        cdef unsigned char buf[80]
        cdef int order[4]
        cdef int i, j, t, n = 5, s
        for i in range(4):
            order[i] = i
        if self.flags & SYMMETRY:
            for i in range(1, 4):  # insertion sort: stable, as Python's sort
                t = order[i]
                j = i - 1
                while j >= 0 and self._cmp(order[j], t) > 0:
                    order[j + 1] = order[j]
                    j -= 1
                order[j + 1] = t
        buf[0] = self.p
        for i in range(4):
            buf[1 + i] = self.fins[i]
        for i in range(4):
            if i:
                buf[n] = 0
                n += 1
            s = order[i]
            for j in range(self.h[s]):
                buf[n] = self.piles[s][j]
                n += 1
        return PyBytes_FromStringAndSize(<char *>buf, n)

    cdef bint _dead(self):
        cdef int free[14]
        cdef int marked[14]
        cdef int reach[4]
        cdef int gone[4]
        cdef int i, k, s, r, y, q
        cdef bint changed = True, ok
        for i in range(14):
            free[i] = 0
            marked[i] = 0
        for i in range(self.p, self.n):
            free[self.cards[i]] += 1
        for k in range(4):
            reach[k] = self.fins[k]
            gone[k] = 0
        while changed:
            changed = False
            for k in range(4):
                while reach[k] < 13:
                    r = SEQ[k][reach[k]]
                    if free[r] or marked[r]:
                        reach[k] += 1
                        changed = True
                    else:
                        break
            for s in range(4):
                while gone[s] < self.h[s]:
                    y = self.piles[s][self.h[s] - 1 - gone[s]]
                    ok = False
                    for k in range(4):
                        q = POS[k][y]
                        if self.fins[k] <= q <= reach[k]:
                            ok = True
                            break
                    if not ok:
                        break
                    gone[s] += 1
                    marked[y] += 1
                    changed = True
        return reach[0] < 13 or reach[1] < 13 or reach[2] < 13 or reach[3] < 13

    cdef int _wait(self, int r):
        cdef int best = 13, k, d
        for k in range(4):
            d = POS[k][r] - self.fins[k]
            if 0 <= d < best:
                best = d
        return best

    cdef int _put_order(self, int hand, int *out):
        cdef int scored[4]
        cdef int m = 0, i, j, wh, wt, score, t
        cdef bint dup
        wh = self._wait(hand)
        for i in range(4):
            if self.flags & SYMMETRY:
                dup = False
                for j in range(i):
                    if self._same(i, j):
                        dup = True
                        break
                if dup:
                    continue
            if not self.h[i]:
                score = 100
            else:
                wt = self._wait(self.piles[i][self.h[i] - 1])
                score = wt - wh if wt > wh else 200 - wt
            scored[m] = score * 4 + i
            m += 1
        for i in range(1, m):
            t = scored[i]
            j = i - 1
            while j >= 0 and scored[j] > t:
                scored[j + 1] = scored[j]
                j -= 1
            scored[j + 1] = t
        for i in range(m):
            out[i] = scored[i] & 3
        if self.noise and m > 1 and self._rand() % NOISE_SCALE < self.noise:
            for i in range(m - 1, 0, -1):
                j = self._rand() % (i + 1)
                t = out[i]
                out[i] = out[j]
                out[j] = t
        return m

    cdef bint dfs(self) except -1:
        cdef int flags = self.flags
        cdef int forced = self._forced() if flags & FORCED else 0
        cdef bytes key
        cdef bint played = False, dup
        cdef int s, j, t, k, hand, m, i, si, ki, s0 = 0, k0 = 0
        cdef int order[4]
        if self.p >= self.n and self.fins[0] == 13 and self.fins[1] == 13 and self.fins[2] == 13 and self.fins[3] == 13:
            return True
        key = self._key()
        if key in self.failed:
            self._undo(forced)
            return False
        self.count += 1
        if self.count > self.max_states:
            raise _Limit
        if self.deadline and not self.count & CLOCK_MASK and monotonic() > self.deadline:
            raise _Limit
        if not self.count & SIGNAL_MASK:
            PyErr_CheckSignals()  # Ctrl-C, SIGTERM: Python's handler raises, the search ends
        if flags & DEAD and self._dead():
            self.failed.add(key)
            self._undo(forced)
            return False
        if self.noise and self._rand() % NOISE_SCALE < self.noise:
            s0 = self._rand() & 3
            k0 = self._rand() & 3
        for si in range(4):
            s = (si + s0) & 3
            if not self.h[s]:
                continue
            if flags & SYMMETRY:
                dup = False
                for j in range(s):
                    if self._same(s, j):
                        dup = True
                        break
                if dup:
                    continue
            t = self.piles[s][self.h[s] - 1]
            for ki in range(4):
                k = (ki + k0) & 3
                if SEQ[k][self.fins[k]] == t:
                    played = True
                    self._home(s, k)
                    if self.dfs():
                        return True
                    self._undo(1)
        if self.p < self.n:
            hand = self.cards[self.p]
            for ki in range(4):
                k = (ki + k0) & 3
                if SEQ[k][self.fins[k]] == hand:
                    played = True
                    self._home(HAND, k)
                    if self.dfs():
                        return True
                    self._undo(1)
            if not (flags & EAGER and played):
                m = self._put_order(hand, order)
                for i in range(m):
                    self._put(order[i])
                    if self.dfs():
                        return True
                    self._undo(1)
        self.failed.add(key)
        self._undo(forced)
        return False


def dead(piles, fins, cards, p):
    """``search.dead`` in C (the same answer)."""
    cdef _Run r = _Run(cards, piles, fins, 0, 0, 0, 0)
    r.p = p
    return r._dead()


def run(cards, storage, finals, long long max_states, int flags, long long seed=0, int noise=0,
        double deadline=0.0):
    """``search.run`` in C arrays: the same ``(outcome, moves, count)``."""
    cdef _Run r = _Run(cards, storage, finals, max_states, flags, seed, noise, deadline)
    try:
        ok = r.dfs()
    except _Limit:
        return _ref.UNKNOWN, [], r.count
    if ok:
        return _ref.WON, [r.path[i] for i in range(r.depth)], r.count
    return _ref.LOST, [], r.count


decode = _ref.decode
implementation = _ref.implementation
