# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""King Albert's state space for ``baker8bit prove`` in C: ``prove.py`` (the plain-Python
reference and specification) code for code: the same ``expand`` (the same children in the same
order) and ``goals``. Built as ``_cprove`` by the package build (``setup.py``);
``prove.implementation()`` prefers it; ``tests/test_prove.py`` compares the two.

A position is three small arrays (the suit stacks, where each card lies, the card on each card),
a move changes two or three of their entries, and the safe moves home (``_settle``) are made on
them before the child's code is packed: 120 bits in two 64-bit words, then 15 bytes.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING
from libc.stdint cimport uint64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy

cdef enum:
    BOTTOM = 52
    RESERVE = 53
    HOME = 54
    STATE = 16
    MAXKIDS = 64
    COLUMNS = 9


cdef struct Pos:
    int found[4]
    uint8_t lies[52]
    uint8_t on[52]


cdef struct Tables:
    uint8_t under[52]
    int parent[52][2]   # -1 where there is none
    int kid[52][2]
    int nparent[52]
    int nkid[52]
    int reserve           # the reserve cards dealt
    bint settle


cdef void _tables(Tables *t, bytes under, bint settle):
    cdef int c, suit, rank, k
    cdef int others[2]
    for c in range(52):
        t.under[c] = under[c]
        suit = c // 13
        rank = c % 13
        if suit == 1 or suit == 2:
            others[0] = 0
            others[1] = 3
        else:
            others[0] = 1
            others[1] = 2
        t.nparent[c] = 0 if rank == 12 else 2
        t.nkid[c] = 0 if rank == 0 else 2
        for k in range(2):
            t.parent[c][k] = others[k] * 13 + rank + 1 if rank < 12 else -1
            t.kid[c][k] = others[k] * 13 + rank - 1 if rank > 0 else -1
    t.reserve = 0
    for c in range(52):
        if t.under[c] == RESERVE:
            t.reserve += 1
    t.settle = settle


cdef bint _free(const Tables *t, int c, const int *found) noexcept nogil:
    cdef int f = found[c // 13], rank = c % 13, k, x
    if f != rank:
        return f > rank
    for k in range(t.nkid[c]):
        x = t.kid[c][k]
        if not (found[x // 13] > x % 13 or _free(t, x, found)):
            return False
    return True


cdef bint _safe(const Tables *t, int c, const int *found) noexcept nogil:
    cdef int k, x
    if found[c // 13] != c % 13:
        return False
    for k in range(t.nkid[c]):
        x = t.kid[c][k]
        if not (found[x // 13] > x % 13 or _free(t, x, found)):
            return False
    return True


cdef void _settle(const Tables *t, Pos *p) noexcept nogil:
    cdef bint moved = True
    cdef int c
    while moved:
        moved = False
        for c in range(52):
            if (p.lies[c] == RESERVE or (p.lies[c] != HOME and p.on[c] == HOME)) and _safe(t, c, p.found):
                if p.lies[c] < 52:
                    p.on[p.lies[c]] = HOME
                p.lies[c] = HOME
                p.found[c // 13] += 1
                moved = True


cdef inline void _mix(uint8_t *state) noexcept nogil:
    """prove.mix: bytes 1..8 XORed with a hash of bytes 9..15 (its own inverse)."""
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL, w = 0
    cdef int i
    for i in range(6, -1, -1):
        w = (w << 8) | state[9 + i]
    h = (h ^ w) * 0xBF58476D1CE4E5B9ULL
    h ^= h >> 29
    h ^= h >> 32
    for i in range(8):
        state[1 + i] ^= (h >> (56 - 8 * i)) & 255


cdef void _encode(const Tables *t, const Pos *p, uint8_t *out) noexcept nogil:
    cdef uint64_t hi = 0, lo = 0
    cdef int s, c, v, x, in_reserve = 0, i
    for s in range(4):
        hi = (hi << 4) | (lo >> 60)
        lo = (lo << 4) | <uint64_t> p.found[s]
    for c in range(52):
        x = p.lies[c]
        if x == HOME:
            v = 0
        elif x == RESERVE:
            v = 0
            in_reserve += 1
        elif x == BOTTOM:
            v = 3
        elif x == t.parent[c][0]:
            v = 1
        elif x == t.parent[c][1]:
            v = 2
        else:
            v = 0
        hi = (hi << 2) | (lo >> 62)
        lo = (lo << 2) | <uint64_t> v
    out[0] = p.found[0] + p.found[1] + p.found[2] + p.found[3] + t.reserve - in_reserve
    for i in range(7):  # the 56 bits of hi, big-endian
        out[1 + i] = (hi >> (8 * (6 - i))) & 255
    for i in range(8):
        out[8 + i] = (lo >> (8 * (7 - i))) & 255
    _mix(out)


cdef void _decode(const Tables *t, const uint8_t *state, Pos *p) noexcept nogil:
    cdef uint64_t hi = 0, lo = 0
    cdef int i, c, s, v
    cdef int codes[52]
    cdef uint8_t plain[STATE]
    memcpy(plain, state, STATE)
    _mix(plain)
    for i in range(7):
        hi = (hi << 8) | plain[1 + i]
    for i in range(8):
        lo = (lo << 8) | plain[8 + i]
    for c in range(51, -1, -1):
        codes[c] = lo & 3
        lo = (lo >> 2) | (hi << 62)
        hi >>= 2
    for s in range(3, -1, -1):
        p.found[s] = lo & 15
        lo = (lo >> 4) | (hi << 60)
        hi >>= 4
    for c in range(52):
        p.lies[c] = HOME
        p.on[c] = HOME
    for c in range(52):
        if c % 13 < p.found[c // 13]:
            continue
        v = codes[c]
        if v == 3:
            p.lies[c] = BOTTOM
        elif v:
            p.lies[c] = t.parent[c][v - 1]
        else:
            p.lies[c] = t.under[c]
        if p.lies[c] < 52:
            p.on[p.lies[c]] = c


cdef int _children(const Tables *t, const Pos *p, uint8_t *out) noexcept nogil:
    """prove.children: the children's codes, end to end in out; their count."""
    cdef int sources[64]
    cdef int targets[4]
    cdef bint exposed[52]
    cdef int ns = 0, ntops = 0, nt, i, j, k, c, x, tg, nk = 0
    cdef bint empty
    cdef Pos q
    for c in range(52):
        exposed[c] = False
    for c in range(52):
        if p.lies[c] == BOTTOM:
            x = c
            while p.on[x] != HOME:
                x = p.on[x]
            sources[ns] = x
            ns += 1
            exposed[x] = True
    ntops = ns
    empty = ntops < COLUMNS
    for c in range(52):
        if p.lies[c] == RESERVE:
            sources[ns] = c
            ns += 1
    for i in range(ns):
        x = sources[i]
        nt = 0
        if p.found[x // 13] == x % 13:
            targets[nt] = HOME
            nt += 1
        for k in range(t.nparent[x]):
            if exposed[t.parent[x][k]]:
                targets[nt] = t.parent[x][k]
                nt += 1
        if empty and p.lies[x] != BOTTOM:
            targets[nt] = BOTTOM
            nt += 1
        for j in range(nt):
            tg = targets[j]
            memcpy(&q, p, sizeof(Pos))
            if q.lies[x] < 52:
                q.on[q.lies[x]] = HOME
            if tg == HOME:
                q.found[x // 13] += 1
            elif tg < 52:
                q.on[tg] = x
            q.lies[x] = tg
            if t.settle:
                _settle(t, &q)
            _encode(t, &q, out + nk * STATE)
            nk += 1
    return nk


def expand(const uint8_t[::1] states, bytes under, bint settle):
    """prove.expand."""
    cdef Tables t
    cdef Pos p
    _tables(&t, under, settle)
    cdef Py_ssize_t n = states.shape[0] // STATE, i, total = 0
    # room for the most children, not cleared: only the pages the children fill are touched
    cdef uint8_t *o = <uint8_t *> malloc(n * MAXKIDS * STATE + 1)
    if o == NULL:
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                _decode(&t, &states[i * STATE], &p)
                total += _children(&t, &p, o + total * STATE)
        return PyBytes_FromStringAndSize(<char *> o, total * STATE) if total else b""
    finally:
        free(o)


def decode(bytes state, bytes under):
    """(suit stacks, where each card lies, the card on each card) as prove.decode_lies gives them."""
    cdef Tables t
    cdef Pos p
    _tables(&t, under, True)
    _decode(&t, <const uint8_t *> PyBytes_AS_STRING(state), &p)
    return [p.found[s] for s in range(4)], [p.lies[c] for c in range(52)], [p.on[c] for c in range(52)]


def goals(const uint8_t[::1] states, bytes under, bint settle):
    """prove.goals."""
    cdef Tables t
    cdef Pos p
    cdef uint8_t won[STATE]
    cdef Py_ssize_t n = states.shape[0] // STATE, i
    _tables(&t, under, settle)
    for i in range(52):
        p.lies[i] = HOME
        p.on[i] = HOME
    for i in range(4):
        p.found[i] = 13
    _encode(&t, &p, won)
    return [i for i in range(n) if memcmp(&states[i * STATE], won, STATE) == 0]
