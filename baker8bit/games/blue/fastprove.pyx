# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Blue's state space for ``baker8bit prove`` in C: ``prove.py`` (the plain-Python reference and
specification) code for code: the same ``encode``, ``decode``, ``expand`` and ``goals``. Built as
``_cprove`` by the package build (``setup.py``); ``prove.implementation()`` prefers it;
``tests/test_prove.py`` compares the two.

What differs is only how:

- a group's value is split into its digits by multiplications (a small radix's reciprocal, then
  one or two corrections) where the compiler has a 128-bit product, else by divisions;
- a card's digit is a population count of the free slots before it (a 64-bit mask);
- a child's code is made from its parent's digits, not from its board: a move of card ``c`` from
  slot ``tp`` to slot ``tq`` changes ``c``'s digit (the free slots before ``tq`` when ``c`` is
  placed) and adds ``[tp < s] - [tq < s]`` to the digit of each card after ``c`` in the code's order
  (at slot ``s``): for those cards ``tp`` is free now and ``tq`` taken, the other slots as before;
  an ace fixed by the move changes the first digit. So a child costs its groups' Horner sums.

The moves are ``prove.children``'s, the same ones in the same order.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING
from libc.stdint cimport uint64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from baker8bit.games.blue import prove as _reference

cdef enum:
    UND = 255
    MAXSLOTS = 56
    MAXDIGITS = 60
    MAXGROUPS = 16

include "gaps.pxi"

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define b8p_popcount(x) __builtin_popcountll(x)
    #define b8p_ctz(x) __builtin_ctzll(x)
    #else
    static int b8p_popcount(unsigned long long x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
    static int b8p_ctz(unsigned long long x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
    #endif
    /* v / r and v % r for a small r: the product with inv = floor((2^64 - 1) / r) gives q - 2..q,
       corrected upwards; a division where there is no 128-bit product */
    static inline unsigned long long b8p_div(unsigned long long v, unsigned long long r, unsigned long long inv,
                                             unsigned long long *rem) {
    #if defined(__SIZEOF_INT128__)
        unsigned long long q = (unsigned long long) (((unsigned __int128) v * inv) >> 64);
        unsigned long long m = v - q * r;
        while (m >= r) { q++; m -= r; }
        *rem = m;
        return q;
    #else
        (void) inv;
        *rem = v % r;
        return v / r;
    #endif
    }
    """
    int b8p_popcount(uint64_t x) nogil
    int b8p_ctz(uint64_t x) nogil
    uint64_t b8p_div(uint64_t v, uint64_t r, uint64_t inv, uint64_t *rem) nogil


cdef struct Plan:
    int suits, ranks, w, size, nslots, ndigits, ngroups, nbytes, first  # first: 1 with undecided aces
    bint best
    uint64_t radix[MAXDIGITS]
    uint64_t inv[MAXDIGITS]
    uint64_t ainv          # the reciprocal of suits + 1
    int gfirst[MAXGROUPS]
    int gcount[MAXGROUPS]
    int gbits[MAXGROUPS]
    int order[MAXDIGITS]   # the cards in code order
    int index[64]          # a card's place in that order
    int group[MAXDIGITS]   # the group of each digit
    uint8_t aces[4]


cdef struct Decoded:       # a state's board and what its children's codes are made from
    uint8_t board[MAXSLOTS]
    uint64_t digits[MAXDIGITS]
    int slot[MAXDIGITS]        # the slot (0 .. S R - 1) of each card in code order
    uint64_t before[MAXDIGITS]  # the free slots when each card is placed
    uint64_t gval[MAXGROUPS]    # each group's value


cdef int _plan(Plan *p, int suits, int ranks, bytes aces) except -1:
    radices, groups, nbytes = _reference.plan(suits, ranks, not aces)
    cdef int i, k = 0, s, r
    if len(radices) > MAXDIGITS or len(groups) > MAXGROUPS or suits * (ranks + 1) > MAXSLOTS:
        raise ValueError("a layout too large for the compiled Blue proof")
    p.suits = suits
    p.ranks = ranks
    p.w = ranks + 1
    p.size = suits * (ranks + 1)
    p.nslots = suits * ranks
    p.best = not aces
    p.first = 1 if p.best else 0
    p.ndigits = len(radices)
    p.ngroups = len(groups)
    p.nbytes = nbytes
    for i in range(p.ndigits):
        p.radix[i] = radices[i]
        p.inv[i] = (<uint64_t> 0xFFFFFFFFFFFFFFFF) // p.radix[i]
    p.ainv = (<uint64_t> 0xFFFFFFFFFFFFFFFF) // (suits + 1)
    for i in range(p.ngroups):
        p.gfirst[i], p.gcount[i], p.gbits[i] = groups[i]
        for k in range(p.gfirst[i], p.gfirst[i] + p.gcount[i]):
            p.group[k] = i
    k = 0
    for i in range(64):
        p.index[i] = -1
    for s in range(suits):
        for r in range(2, ranks + 1):
            p.order[k] = s * 16 + r
            p.index[s * 16 + r] = k
            k += 1
    for i in range(len(aces)):
        p.aces[i] = aces[i]
    return 0


cdef inline void _put_bits(uint64_t *words, int at, int bits, uint64_t v) noexcept nogil:
    """v into the bits at..at+bits of a 256-bit number (words little-endian, bit 0 the lowest)."""
    cdef int wi = at >> 6, sh = at & 63
    words[wi] |= v << sh
    if sh and sh + bits > 64:
        words[wi + 1] |= v >> (64 - sh)


cdef inline uint64_t _get_bits(const uint64_t *words, int at, int bits) noexcept nogil:
    cdef int wi = at >> 6, sh = at & 63
    cdef uint64_t v = words[wi] >> sh
    if sh and sh + bits > 64:
        v |= words[wi + 1] << (64 - sh)
    if bits < 64:
        v &= ((<uint64_t> 1) << bits) - 1
    return v


cdef inline uint64_t _aces_digit(const Plan *p, const uint8_t *board) noexcept nogil:
    cdef uint64_t a = 0
    cdef int row, x
    for row in range(p.suits - 1, -1, -1):
        x = board[row * p.w]
        a = a * (p.suits + 1) + (0 if x == UND else (x >> 4) + 1)
    return a


cdef inline uint64_t _group(const Plan *p, const uint64_t *digits, int g) noexcept nogil:
    """A group's value: its digits by Horner's rule."""
    cdef uint64_t v = 0
    cdef int i
    for i in range(p.gfirst[g], p.gfirst[g] + p.gcount[g]):
        v = v * p.radix[i] + digits[i]
    return v


cdef inline void _mix(uint8_t *code, int n) noexcept nogil:
    """prove.mix: the first 8 bytes XORed with a hash of the rest (its own inverse)."""
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL, w
    cdef int i, j
    if n <= 8:
        return
    i = 8
    while i < n:
        w = 0
        for j in range(min(8, n - i) - 1, -1, -1):
            w = (w << 8) | code[i + j]
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL
        h ^= h >> 29
        i += 8
    h ^= h >> 32
    for i in range(8):
        code[i] ^= (h >> (56 - 8 * i)) & 255


cdef void _pack(const Plan *p, const uint64_t *gval, uint8_t *out) noexcept nogil:
    """The groups' values as the code's bytes (big-endian, the first group highest)."""
    cdef uint64_t words[5]
    cdef int g, i, at = 0, k
    words[0] = words[1] = words[2] = words[3] = words[4] = 0
    for g in range(p.ngroups - 1, -1, -1):  # the last group lowest
        _put_bits(words, at, p.gbits[g], gval[g])
        at += p.gbits[g]
    for i in range(p.nbytes):
        k = p.nbytes - 1 - i
        out[i] = (words[k >> 3] >> (8 * (k & 7))) & 255
    _mix(out, p.nbytes)


cdef void _encode(const Plan *p, const uint8_t *board, uint8_t *out) noexcept nogil:
    """prove.encode into out (p.nbytes bytes)."""
    cdef uint64_t digits[MAXDIGITS]
    cdef int slot_of[64]
    cdef int i, x, k = p.first
    cdef uint64_t free
    if p.best:
        digits[0] = _aces_digit(p, board)
    for i in range(p.size):
        x = board[i]
        if x and x != UND and i % p.w:
            slot_of[x] = (i // p.w) * p.ranks + i % p.w - 1
    free = ((<uint64_t> 1) << p.nslots) - 1
    for i in range(p.ndigits - k):
        x = slot_of[p.order[i]]
        digits[k + i] = b8p_popcount(free & (((<uint64_t> 1) << x) - 1))
        free &= ~((<uint64_t> 1) << x)
    cdef uint64_t gval[MAXGROUPS]
    for i in range(p.ngroups):
        gval[i] = _group(p, digits, i)
    _pack(p, gval, out)


cdef void _decode(const Plan *p, const uint8_t *code, Decoded *d) noexcept nogil:
    """prove.decode into d: the board, the digits, each card's slot and the free slots before it."""
    cdef uint64_t words[5]
    cdef int i, k, g, at, row, t
    cdef uint64_t v, a, rem, free, below
    cdef uint8_t plain[40]
    memcpy(plain, code, p.nbytes)
    _mix(plain, p.nbytes)
    words[0] = words[1] = words[2] = words[3] = words[4] = 0
    for i in range(p.nbytes):
        k = p.nbytes - 1 - i
        words[k >> 3] |= (<uint64_t> plain[i]) << (8 * (k & 7))
    at = 0
    for g in range(p.ngroups - 1, -1, -1):
        v = _get_bits(words, at, p.gbits[g])
        d.gval[g] = v
        at += p.gbits[g]
        for i in range(p.gfirst[g] + p.gcount[g] - 1, p.gfirst[g] - 1, -1):
            v = b8p_div(v, p.radix[i], p.inv[i], &rem)
            d.digits[i] = rem
    memset(d.board, 0, p.size)
    k = p.first
    if p.best:
        a = d.digits[0]
        for row in range(p.suits):
            a = b8p_div(a, p.suits + 1, p.ainv, &rem)
            d.board[row * p.w] = UND if rem == 0 else (rem - 1) * 16 + 1
    else:
        for row in range(p.suits):
            d.board[row * p.w] = p.aces[row]
    free = ((<uint64_t> 1) << p.nslots) - 1
    for i in range(p.ndigits - k):
        d.before[i] = free
        v = d.digits[k + i]
        below = free  # the slot: the (v + 1)-th free one, lowest first
        while v:
            below &= below - 1
            v -= 1
        t = b8p_ctz(below)
        free &= ~((<uint64_t> 1) << t)
        d.slot[i] = t
        d.board[(t // p.ranks) * p.w + t % p.ranks + 1] = p.order[i]


cdef void _child(const Plan *p, const Decoded *d, int c, int tp, int tq, const uint8_t *aces_after,
                 uint8_t *out) noexcept nogil:
    """The code of the child where card c goes from slot tp to slot tq (``aces_after``: the child's
    column 0 where the move fixed an ace, else NULL), made from the parent's digits: the groups
    before the one of c's digit keep their values (but the first, when an ace is fixed)."""
    cdef uint64_t digits[MAXDIGITS]
    cdef uint64_t gval[MAXGROUPS]
    cdef int i, k = p.first, ic = p.index[c], s, g0 = p.group[k + ic]
    for i in range(p.ngroups):
        gval[i] = d.gval[i]
    for i in range(p.gfirst[g0], p.ndigits):
        digits[i] = d.digits[i]
    digits[k + ic] = b8p_popcount(d.before[ic] & (((<uint64_t> 1) << tq) - 1))
    for i in range(ic + 1, p.ndigits - k):
        s = d.slot[i]
        digits[k + i] = digits[k + i] + (tp < s) - (tq < s)
    for i in range(g0, p.ngroups):
        gval[i] = _group(p, digits, i)
    if aces_after != NULL:  # the first digit, in group 0
        for i in range(p.gfirst[0] + p.gcount[0]):
            digits[i] = d.digits[i] if i < p.gfirst[g0] else digits[i]
        digits[0] = _aces_digit(p, aces_after)
        gval[0] = _group(p, digits, 0)
    _pack(p, gval, out)


cdef inline int _slot(const Plan *p, int i) noexcept nogil:
    """A board index's slot in the code (column >= 1)."""
    return (i // p.w) * p.ranks + i % p.w - 1


cdef int _expand_one(const Plan *p, const Decoded *d, uint8_t *out) noexcept nogil:
    """prove.children's boards' codes, end to end in out; their count."""
    cdef const uint8_t *b = d.board
    cdef int w = p.w, top = p.ranks, last = p.w - 1
    cdef int pos[64]
    cdef int cands[8]
    cdef uint8_t aces[MAXSLOTS]
    cdef int i, j, nc, left, c, a, nk = 0
    for i in range(p.size):
        if b[i] and b[i] != UND:
            pos[b[i]] = i
    for i in range(p.size):
        if b[i] != 0:
            continue
        left = b[i - 1]
        nc = _gap_cards(b, i, w, p.suits, top, i % w != last, cands)
        for j in range(nc):
            c = cands[j]
            if left == UND and not (i % w != last and b[i + 1] == c + 1):
                for a in range(p.size):
                    aces[a] = b[a]
                aces[i - 1] = c - 1  # the row takes the suit of this 2
                _child(p, d, c, _slot(p, pos[c]), _slot(p, i), aces, out + nk * p.nbytes)
            else:
                _child(p, d, c, _slot(p, pos[c]), _slot(p, i), NULL, out + nk * p.nbytes)
            nk += 1
    return nk


cdef bint _won(const Plan *p, const uint8_t *b) noexcept nogil:
    cdef int base, ace, j, r
    for r in range(p.suits):
        base = r * p.w
        ace = b[base]
        if ace == UND:
            ace = <int> b[base + 1] - 1
            if ace & 15 != 1:
                return False
        for j in range(1, p.w - 1):
            if b[base + j] != ace + j:
                return False
        if b[base + p.w - 1]:
            return False
    return True


def encode(bytes board, int suits, int ranks, bytes aces):
    """prove.encode."""
    cdef Plan p
    _plan(&p, suits, ranks, aces)
    if len(board) != p.size:
        raise ValueError("a board of the wrong size")
    out = PyBytes_FromStringAndSize(NULL, p.nbytes)
    _encode(&p, <const uint8_t *> PyBytes_AS_STRING(board), <uint8_t *> PyBytes_AS_STRING(out))
    return out


def decode(bytes state, int suits, int ranks, bytes aces):
    """prove.decode."""
    cdef Plan p
    cdef Decoded d
    _plan(&p, suits, ranks, aces)
    if len(state) != p.nbytes:
        raise ValueError("a state of the wrong size")
    _decode(&p, <const uint8_t *> PyBytes_AS_STRING(state), &d)
    return PyBytes_FromStringAndSize(<char *> d.board, p.size)


def expand(const uint8_t[::1] states, int suits, int ranks, bytes aces):
    """prove.expand."""
    cdef Plan p
    cdef Decoded d
    _plan(&p, suits, ranks, aces)
    cdef Py_ssize_t n = states.shape[0] // p.nbytes, i, total = 0
    # room for the most children, not cleared: only the pages the children fill are touched
    cdef uint8_t *o = <uint8_t *> malloc(n * p.suits * (p.suits + 1) * p.nbytes + 1)
    if o == NULL:
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                _decode(&p, &states[i * p.nbytes], &d)
                total += _expand_one(&p, &d, o + total * p.nbytes)
        return PyBytes_FromStringAndSize(<char *> o, total * p.nbytes) if total else b""
    finally:
        free(o)


def goals(const uint8_t[::1] states, int suits, int ranks, bytes aces):
    """prove.goals."""
    cdef Plan p
    cdef Decoded d
    _plan(&p, suits, ranks, aces)
    cdef Py_ssize_t n = states.shape[0] // p.nbytes, i
    out = []
    for i in range(n):
        _decode(&p, &states[i * p.nbytes], &d)
        if _won(&p, d.board):
            out.append(i)
    return out
