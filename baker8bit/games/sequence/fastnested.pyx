# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""``nested.run`` (nested Monte Carlo search for a clairvoyant win) in C arrays: the same
moves, score and count of positions for the same seed.

Built as ``_cnested`` by the package build (``setup.py``); ``nested.implementation()`` prefers
it; ``tests/test_sequence_nested.py`` compares the two. A position is a fixed C struct, copied
for each move tried.
"""

from cpython.exc cimport PyErr_CheckSignals
from libc.string cimport memcpy

from baker8bit.games.sequence import nested as _ref

cdef enum:
    MAXH = 56  # cards in one storage pile, at most 52
    MAXSEQ = 128  # moves of a game, at most 104
    HAND = 4

include "piles.pxi"
assert _ref.HAND == HAND

cdef double P_HOME = _ref.P_HOME, NOISE = _ref.NOISE
cdef int WON = _ref.WON
cdef unsigned long long SEED_MUL = _ref.SEED_MUL, SEED_ADD = _ref.SEED_ADD


cdef struct Game:
    int cards[64]
    int n, p
    int fins[4]
    int piles[4][MAXH]
    int h[4]


cdef unsigned long long rng
cdef long long positions
cdef long long next_look  # positions at the next look at the signals
cdef long long SIGNAL_EVERY = 0x10000  # positions between two looks (2^16)


cdef int look() except -2:
    """Ctrl-C or SIGTERM since the last look: Python's handler raises, and the search ends (-2)."""
    global next_look
    next_look = positions + SIGNAL_EVERY
    PyErr_CheckSignals()
    return 0


cdef inline double rnd() noexcept:
    global rng
    rng ^= rng << 13
    rng ^= rng >> 7
    rng ^= rng << 17
    return (rng >> 11) * (1.0 / 9007199254740992.0)


cdef inline bint same(Game *g, int a, int b) noexcept:
    cdef int i
    if g.h[a] != g.h[b]:
        return False
    for i in range(g.h[a]):
        if g.piles[a][i] != g.piles[b][i]:
            return False
    return True


cdef int moves(Game *g, int *out) noexcept:
    cdef int n = 0, s, k, t, h, j
    cdef bint dup
    for s in range(4):
        if g.h[s]:
            t = g.piles[s][g.h[s] - 1]
            for k in range(4):
                if SEQ[k][g.fins[k]] == t:
                    out[n] = s * 8 + k
                    n += 1
    if g.p < g.n:
        h = g.cards[g.p]
        for k in range(4):
            if SEQ[k][g.fins[k]] == h:
                out[n] = HAND * 8 + k
                n += 1
        for s in range(4):
            dup = False
            for j in range(s):
                if same(g, s, j):
                    dup = True
                    break
            if not dup:
                out[n] = HAND * 8 + 4 + s
                n += 1
    return n


cdef inline void play(Game *g, int m) noexcept:
    global positions
    cdef int src = m >> 3, dst = m & 7
    positions += 1
    if dst < 4:
        if src == HAND:
            g.p += 1
        else:
            g.h[src] -= 1
        g.fins[dst] += 1
    else:
        g.piles[dst - 4][g.h[dst - 4]] = g.cards[g.p]
        g.h[dst - 4] += 1
        g.p += 1


cdef inline int wait(Game *g, int r) noexcept:
    cdef int best = 13, k, d
    for k in range(4):
        d = POS[k][r] - g.fins[k]
        if 0 <= d < best:
            best = d
    return best


cdef int policy(Game *g, int *ms, int n) noexcept:
    cdef int nh = 0, i, m, best = -1, wh, wt, s
    cdef double sc, best_score = -1e9
    for i in range(n):
        if (ms[i] & 7) < 4:
            nh += 1
    if nh and rnd() < P_HOME:
        i = <int>(rnd() * nh)
        for m in range(n):
            if (ms[m] & 7) < 4:
                if i == 0:
                    return ms[m]
                i -= 1
    if nh == n:
        return ms[<int>(rnd() * n)]
    wh = wait(g, g.cards[g.p])
    for i in range(n):
        m = ms[i]
        if (m & 7) < 4:
            continue
        s = (m & 7) - 4
        if g.h[s] == 0:
            sc = 2.0
        else:
            wt = wait(g, g.piles[s][g.h[s] - 1])
            sc = (5.0 - 0.3 * (wt - wh)) if wt > wh else (-3.0 + 0.1 * wt)
        sc += rnd() * NOISE
        if sc > best_score:
            best_score = sc
            best = m
    return best


cdef inline int score(Game *g) noexcept:
    return g.fins[0] + g.fins[1] + g.fins[2] + g.fins[3]


cdef int playout(Game *g, int *seq, int *ln) except -2:
    cdef int ms[16]
    cdef int n, m
    if positions >= next_look:
        look()
    while True:
        n = moves(g, ms)
        if n == 0:
            return score(g)
        m = policy(g, ms, n)
        play(g, m)
        seq[ln[0]] = m
        ln[0] += 1


cdef int nested(Game *g, int level, int *out, int *outlen) except -2:
    cdef int best_score = -1, best_len = 0, played = 0, n, i, j, sc, ln
    cdef int best[MAXSEQ]
    cdef int seq[MAXSEQ]
    cdef int ms[16]
    cdef Game c
    while True:
        n = moves(g, ms)
        if n == 0:
            outlen[0] = played
            return score(g)
        for i in range(n):
            memcpy(&c, g, sizeof(Game))
            play(&c, ms[i])
            ln = 0
            if level == 1:
                sc = playout(&c, seq, &ln)
            else:
                sc = nested(&c, level - 1, seq, &ln)
            if sc > best_score:
                best_score = sc
                best[played] = ms[i]
                for j in range(ln):
                    best[played + 1 + j] = seq[j]
                best_len = played + 1 + ln
                if sc == WON:
                    for j in range(best_len):
                        out[j] = best[j]
                    outlen[0] = best_len
                    return sc
        play(g, best[played])
        out[played] = best[played]
        played += 1


def run(cards, storage, finals, int level, long long seed):
    """``nested.run`` in C: the same ``(score, moves, positions)``."""
    global rng, positions
    cdef Game g
    cdef int i, k
    cdef int out[MAXSEQ]
    cdef int ln = 0
    if level < 1:
        raise ValueError("a nested search has level 1 or more")
    rng = (<unsigned long long>seed) * SEED_MUL + SEED_ADD
    if rng == 0:
        rng = 1
    positions = 0
    next_look = SIGNAL_EVERY
    g.n = len(cards)
    for i in range(g.n):
        g.cards[i] = cards[i]
    g.p = 0
    for i in range(4):
        g.fins[i] = finals[i]
        g.h[i] = len(storage[i])
        for k in range(g.h[i]):
            g.piles[i][k] = storage[i][k]
    sc = nested(&g, level, out, &ln)
    return sc, [out[i] for i in range(ln)], positions


implementation = _ref.implementation
