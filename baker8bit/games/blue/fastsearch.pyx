# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""One run of the Blue checker's search in C data structures: ``search.run`` (the plain-Python
reference) move for move, with the same outcome, moves and positions count, and its
dead-position test ``stuck``.

Built as ``_csearch`` by the package build (``setup.py``); ``search.implementation()`` prefers it;
``tests/test_blue_search_compiled.py`` compares the two. What differs is only how a position is
kept:

- the set of positions met is an open-addressing table of packed keys: a board of up to 56
  slots at 6 bits a slot (a gap 0, a card ``suit * 16 + rank``, an undecided ace 62) in six
  64-bit words, 48 bytes, with no object around it. The table is allocated once per run for
  the run's cap at most ``LOAD`` full (``calloc``: an all-zero slot is empty, and no key is
  zero, since slot 0 always holds an ace or an undecided ace), so it is never rehashed and a
  position never moves;
- the stack holds, per position still to expand, its table slot, its depth, the move to it and
  the slot that move emptied: 16 bytes; the path, per move, its card, the slots it left and
  filled and whether it fixed an ace;
- a child's key is its parent's with two or three fields changed, and so is its hash: a
  position's hash is the XOR of a fixed random word for each slot's content (Zobrist's
  hashing, ``ZOB``), so a child's is its parent's with two to four words XORed in. A child
  already met costs those XORs and a probe, and no board is built for it; all of a position's
  children are hashed first and their table slots fetched into the cache, then probed in the
  reference's order, so their cache misses overlap; the slot a new child's probe ends at is
  where it is put;
- a hash goes to a slot by a multiplication, not a division (``b8_reduce``);
- a position on the stack at depth d is a child of the depth d - 1 position of the path the run
  is on, so the board kept in C arrays (the cards, each card's slot, the gaps in slot order, the
  key and the hash) goes from one popped position to the next by taking back the path's moves
  below that parent and making the popped position's move: no board is read back from its key
  but the root's, and a run that goes down, as a depth-first run mostly does, makes one move a
  position;
- the children are put in order by sorting their indices, not the children themselves;
- the shaken move order draws the very numbers the reference draws (``random.Random(seed)``),
  in the same order, one per new child, from CPython's Mersenne Twister written again in C
  (``_Noise``; ``noise_numbers`` shows them to the tests), with no Python call a child.

So a position costs ``POSITION_BYTES`` (48 / LOAD + 16, rounded up) against about 121 for the
reference's ``bytes`` in a ``set``.
"""

import time

from cpython.exc cimport PyErr_CheckSignals
from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memcpy
from libc.stdint cimport uint64_t, uint32_t, uint8_t, int64_t, int32_t, int16_t

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.games.blue.rules import Move
from baker8bit.games.blue import search as _reference

cdef enum:
    WORDS = 6          # key words: ten 6-bit slots a word, 60 slots at most
    MAXSLOTS = 56      # 4 rows of 14
    UND = 255          # an undecided ace on the board (search.UNDECIDED)
    UND_CODE = 62      # ... and in a key (no card is 62: suit 3, rank 14)
    MAXKIDS = 32       # children of one position: at most 4 gaps x (4 twos + 1)

include "gaps.pxi"

LOAD = 0.85
POSITION_BYTES = int(WORDS * 8 / LOAD + 0.999) + 16  # a table slot at LOAD, and a stack entry

assert _reference.UNDECIDED == UND
cdef double NOISE = _reference.NOISE
cdef double OPENS = _reference.OPENS
cdef int CLOCK_EVERY = _reference.CLOCK_EVERY
cdef int64_t SIGNAL_MASK = 0xFFFF  # positions between two looks at the signals (2^16)


cdef struct Entry:       # a position on the stack
    int64_t slot         # where its key is in the table
    int32_t depth
    uint8_t card         # the move to it (depth > 0)
    uint8_t to
    int16_t back         # the slot that move emptied, -1 if it fixed an ace (or the root)


cdef struct Kid:
    double score
    uint64_t key[WORDS]
    int64_t slot
    uint8_t card
    uint8_t to
    int16_t back


cdef extern from *:
    """
    /* A hash to a slot of n: the high half of h * n (D. Lemire, "A fast alternative to the
       modulo reduction", 2016), with no division; the remainder where there is no 128-bit type. */
    static inline long long b8_reduce(unsigned long long h, unsigned long long n) {
    #if defined(__SIZEOF_INT128__)
        return (long long) (((unsigned __int128) h * n) >> 64);
    #else
        return (long long) (h % n);
    #endif
    }
    #if defined(__GNUC__) || defined(__clang__)
    #define b8_prefetch(p) __builtin_prefetch((p), 0, 1)
    #else
    #define b8_prefetch(p) ((void) (p))
    #endif
    """
    int64_t b8_reduce(uint64_t h, uint64_t n) noexcept nogil
    void b8_prefetch(const void *p) noexcept nogil


cdef inline int _code(int v) noexcept nogil:
    return UND_CODE if v == UND else v


cdef uint64_t ZOB[MAXSLOTS][64]  # a position's hash: the XOR of ZOB[slot][code] over its slots


cdef void _zobrist_init() noexcept nogil:
    cdef uint64_t x = 0x243F6A8885A308D3ULL, z
    cdef int i, v
    for i in range(MAXSLOTS):
        for v in range(64):
            x += 0x9E3779B97F4A7C15ULL
            z = x
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
            ZOB[i][v] = 0 if v == 0 else z ^ (z >> 31)  # a gap adds nothing


_zobrist_init()


cdef inline bint _same(const uint64_t *a, const uint64_t *b) noexcept nogil:
    return (a[0] == b[0] and a[1] == b[1] and a[2] == b[2] and a[3] == b[3]
            and a[4] == b[4] and a[5] == b[5])


cdef class _Table:
    """The positions met: a fixed array of ``cap`` keys, linear probing, never rehashed."""
    cdef uint64_t *keys
    cdef int64_t cap, count

    def __cinit__(self, int64_t cap):
        self.cap = cap
        self.count = 0
        self.keys = <uint64_t *> calloc(cap * WORDS, sizeof(uint64_t))
        if self.keys == NULL:
            raise MemoryError(f"no room for a table of {cap} positions")

    def __dealloc__(self):
        free(self.keys)

    cdef inline int64_t home(self, uint64_t h) noexcept nogil:
        """The first slot of the probe chain of a key of hash h, fetched into the cache ahead of the probe."""
        cdef int64_t i = b8_reduce(h, <uint64_t> self.cap)
        b8_prefetch(self.keys + i * WORDS)
        return i

    cdef inline int64_t find_from(self, int64_t i, const uint64_t *k) noexcept nogil:
        """find, going on from slot i of k's probe chain (its slots before i hold other keys)."""
        cdef uint64_t *s
        while True:
            s = self.keys + i * WORDS
            if s[0] == 0 or _same(s, k):
                return i
            i += 1
            if i == self.cap:
                i = 0

    cdef inline int64_t put(self, int64_t i, const uint64_t *k) noexcept nogil:
        memcpy(self.keys + i * WORDS, k, WORDS * sizeof(uint64_t))
        self.count += 1
        return i


cdef inline void _pack(const uint8_t *b, int size, uint64_t *k) noexcept nogil:
    cdef int i
    for i in range(WORDS):
        k[i] = 0
    for i in range(size):
        k[i // 10] |= (<uint64_t> _code(b[i])) << (6 * (i % 10))


cdef inline int _unpack_all(const uint64_t *k, int size, uint8_t *b, int *pos, int *gaps,
                            uint64_t *h) noexcept nogil:
    """The board a key holds, each card's slot (pos), the gaps in slot order and the hash (h);
    returns the gaps' count (the root's: the positions after it are reached by moves)."""
    cdef int i = 0, j, v, ng = 0
    cdef uint64_t word, hh = 0
    cdef int wd = 0
    while i < size:
        word = k[wd]
        wd += 1
        j = 0
        while j < 10 and i < size:
            v = <int> (word & 63)
            word >>= 6
            hh ^= ZOB[i][v]
            if v == 0:
                gaps[ng] = i
                ng += 1
                b[i] = 0
            elif v == UND_CODE:
                b[i] = UND
            else:
                b[i] = v
                pos[v] = i
            i += 1
            j += 1
    h[0] = hh
    return ng


cdef inline void _flip(uint64_t *k, int i, int old, int new) noexcept nogil:
    k[i // 10] ^= (<uint64_t> (_code(old) ^ _code(new))) << (6 * (i % 10))


cdef inline uint64_t _move_key(uint64_t *k, uint64_t h, int c, int src, int dst, int ace) noexcept nogil:
    """Card c from slot src to slot dst in the key k, and the hash h of the key (returned); ``ace``:
    the slot of an ace the move fixes to c - 1, or unfixes, -1 for none. The same XORs make a
    move and take it back."""
    _flip(k, src, c, 0)
    _flip(k, dst, 0, c)
    h ^= ZOB[src][c] ^ ZOB[dst][c]
    if ace >= 0:
        _flip(k, ace, UND, c - 1)
        h ^= ZOB[ace][UND_CODE] ^ ZOB[ace][c - 1]
    return h


cdef inline uint64_t _shift(uint8_t *b, int *pos, int *gaps, int ngaps, uint64_t *k, uint64_t h,
                            int c, int src, int dst, int ace, int ace_to) noexcept nogil:
    """Card c from slot src into the gap at dst, which moves to src (the gaps stay in slot order),
    with the board's key k and its hash h (returned, ``_move_key``). ``ace``: the slot of the ace
    beside dst that the move fixes (``ace_to`` = c - 1), or whose fixing an undone move takes
    back (``ace_to`` = UND); -1 for none."""
    cdef int g = 0
    b[src] = 0
    b[dst] = c
    pos[c] = dst
    if ace >= 0:
        b[ace] = ace_to
        if ace_to != UND:
            pos[ace_to] = ace
    h = _move_key(k, h, c, src, dst, ace)
    while gaps[g] != dst:
        g += 1
    while g > 0 and gaps[g - 1] > src:
        gaps[g] = gaps[g - 1]
        g -= 1
    while g < ngaps - 1 and gaps[g + 1] < src:
        gaps[g] = gaps[g + 1]
        g += 1
    gaps[g] = src
    return h


cdef bint _is_won(const uint8_t *b, int size, int w, int top) noexcept nogil:
    """search.is_won."""
    cdef int last = w - 1, base, ace, j, r
    for r in range(size // w):
        base = r * w
        ace = b[base]
        if ace == UND:
            ace = <int> b[base + 1] - 1
            if ace & 15 != 1:
                return False
        for j in range(1, last):
            if b[base + j] != ace + j:
                return False
        if b[base + last]:
            return False
    return True


cdef void _fronts(const uint8_t *b, int size, int w, int *out) noexcept nogil:
    """search.fronts: per row, the first slot after the run ace, 2, 3 ... of the row's suit."""
    cdef int last = w - 1, base, ace, j, r
    for r in range(size // w):
        base = r * w
        ace = b[base]
        j = 1
        if ace == UND:
            if b[base + 1] & 15 != 2:
                out[r] = base + 1
                continue
            ace = <int> b[base + 1] - 1
            j = 2
        while j < last and b[base + j] == ace + j:
            j += 1
        out[r] = base + j


cdef bint _stuck(const uint8_t *b, int size, int w, int top) noexcept nogil:
    """search.stuck: some card out of its final place can never move again."""
    cdef int last = w - 1
    cdef int pos[64]
    cdef bint mobile[64]
    cdef int col1[4]
    cdef int open_rows[4]
    cdef int n_open = 0
    cdef int i, x, rk, q, y, a, s, base, n, r
    cdef bint ok, changed
    cdef int cards[64]
    cdef int ncards = 0
    for i in range(64):
        pos[i] = -1
        mobile[i] = False
    for i in range(4):
        col1[i] = -1
    for i in range(size):
        x = b[i]
        if x and x != UND:
            pos[x] = i
    for r in range(size // w):
        a = r * w
        if b[a] == UND:
            open_rows[n_open] = a + 1
            n_open += 1
        else:
            col1[b[a] >> 4] = a + 1
    for i in range(size):  # the reference's order: cards in slot order
        x = b[i]
        if x and x != UND and 1 < (x & 15) <= top:
            cards[ncards] = x
            ncards += 1
    changed = True
    while changed:
        changed = False
        for n in range(ncards):
            x = cards[n]
            if mobile[x]:
                continue
            rk = x & 15
            ok = False
            if rk > 2:
                if mobile[x - 1]:
                    ok = True
                else:
                    q = pos[x - 1]
                    if q % w != last:
                        y = b[q + 1]
                        ok = y == 0 or (y != UND and mobile[y])
            else:
                if col1[x >> 4] >= 0:
                    y = b[col1[x >> 4]]
                    ok = y == 0 or (y != UND and mobile[y])
                else:
                    for s in range(n_open):
                        y = b[open_rows[s]]
                        if y == 0 or (y != UND and mobile[y]):
                            ok = True
                            break
            if not ok and rk < top:
                if mobile[x + 1]:
                    ok = True
                else:
                    q = pos[x + 1]
                    if q % w > 1:
                        y = b[q - 1]
                        ok = y == 0 or (y != UND and mobile[y])
            if ok:
                mobile[x] = True
                changed = True
    for n in range(ncards):
        x = cards[n]
        if not mobile[x]:
            i = pos[x]
            base = i - i % w
            a = b[base]
            if a == UND:
                if (x & 15) != i % w + 1:
                    return True
            elif x != a + i % w:
                return True
    return False


def stuck(bytes b, layout):
    """search.stuck, in C."""
    return _stuck(<const uint8_t *> b, layout.size, layout.width, layout.ranks)


cdef extern from *:
    """
    /* MT19937 as CPython's random module runs it: init_by_array seeding from an int's 32-bit
       words, and random() from two draws (53 bits). */
    #include <stdint.h>
    typedef struct { uint32_t mt[624]; int mti; } b8_mt;
    static void b8_mt_init(b8_mt *r, uint32_t s) {
        int i;
        r->mt[0] = s;
        for (i = 1; i < 624; i++)
            r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t) i;
        r->mti = 624;
    }
    static void b8_mt_seed(b8_mt *r, const uint32_t *key, int n) {
        int i = 1, j = 0, k;
        b8_mt_init(r, 19650218U);
        for (k = (624 > n ? 624 : n); k; k--) {
            r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t) j;
            i++; j++;
            if (i >= 624) { r->mt[0] = r->mt[623]; i = 1; }
            if (j >= n) j = 0;
        }
        for (k = 623; k; k--) {
            r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t) i;
            i++;
            if (i >= 624) { r->mt[0] = r->mt[623]; i = 1; }
        }
        r->mt[0] = 0x80000000U;
    }
    static inline uint32_t b8_mt_next(b8_mt *r) {
        static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
        uint32_t y;
        int kk;
        if (r->mti >= 624) {
            for (kk = 0; kk < 624 - 397; kk++) {
                y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
                r->mt[kk] = r->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 1U];
            }
            for (; kk < 623; kk++) {
                y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
                r->mt[kk] = r->mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 1U];
            }
            y = (r->mt[623] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
            r->mt[623] = r->mt[396] ^ (y >> 1) ^ mag01[y & 1U];
            r->mti = 0;
        }
        y = r->mt[r->mti++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }
    static inline double b8_mt_random(b8_mt *r) {
        uint32_t a = b8_mt_next(r) >> 5, b = b8_mt_next(r) >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
    """
    ctypedef struct b8_mt:
        pass
    void b8_mt_seed(b8_mt *r, const uint32_t *key, int n) noexcept nogil
    double b8_mt_random(b8_mt *r) noexcept nogil


cdef class _Noise:
    """The reference's ``random.Random(seed).random`` numbers: CPython's Mersenne Twister, its
    seeding from an int and its ``random()``, in C (``tests/test_blue_search_compiled.py``)."""
    cdef b8_mt state

    def __cinit__(self, seed):
        cdef uint32_t key[64]
        cdef int n = 0
        a = abs(int(seed))
        while True:
            if n == 64:
                raise ValueError("an order seed of more than 2048 bits")
            key[n] = a & 0xFFFFFFFF
            n += 1
            a >>= 32
            if not a:
                break
        b8_mt_seed(&self.state, key, n)

    cdef inline double next(self) noexcept nogil:
        return b8_mt_random(&self.state)


cdef class _Stack:
    cdef Entry *data
    cdef int64_t size, cap

    def __cinit__(self):
        self.cap = 4096
        self.size = 0
        self.data = <Entry *> malloc(self.cap * sizeof(Entry))
        if self.data == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.data)

    cdef int push(self, int64_t slot, int depth, int card, int to, int back) noexcept nogil:
        """0, or -1 when there is no room for the entry (the caller raises MemoryError)."""
        cdef Entry *bigger
        if self.size == self.cap:
            bigger = <Entry *> realloc(self.data, self.cap * 2 * sizeof(Entry))
            if bigger == NULL:
                return -1
            self.data = bigger
            self.cap *= 2
        self.data[self.size].slot = slot
        self.data[self.size].depth = depth
        self.data[self.size].card = card
        self.data[self.size].to = to
        self.data[self.size].back = back
        self.size += 1
        return 0


def table_slots(long long max_positions):
    """Slots of the table a run of ``max_positions`` allocates."""
    return max(64, int(max_positions / LOAD) + 2)


cdef inline bint _opens(const uint8_t *b, int p, int i, int c, const int *front, int rows, bint p_last) noexcept nogil:
    """search.opens, on the board before the move (card ``c`` from slot ``p`` to slot ``i``; 0 is a gap):
    the board after it differs at p (a gap), i (c) and, when an ace is fixed, column 0,
    which is never a run end nor beside p."""
    cdef int left = c if p - 1 == i else b[p - 1]
    cdef int right = 0 if p_last else (c if p + 1 == i else b[p + 1])
    cdef bint lok = left != 0 and left != UND
    cdef bint rok = right != 0 and right != UND
    cdef int r, q, x
    for r in range(rows):
        q = front[r]
        if q == p or q == i:
            continue
        x = b[q]
        if x != 0 and x != UND and ((lok and left + 1 == x) or (rok and right - 1 == x)):
            return True
    return False


cdef inline bint _grow(uint8_t **a, int n) noexcept nogil:
    """Doubles the n bytes at a; False when there is no room (a is then as it was)."""
    cdef uint8_t *bigger = <uint8_t *> realloc(a[0], n * 2)
    if bigger == NULL:
        return False
    a[0] = bigger
    return True


def run(bytes start, layout, long long max_positions, max_seconds, bint prune=True, order_seed=None):
    """search.run: (outcome, moves, positions) of one depth-first run. The run holds no lock of
    Python's (``nogil``) but to look at the signals and the clock, so runs in other threads go on
    beside it (Blue's HELP runs two plans at once, ``checker.solve_by_levels``)."""
    cdef int w = layout.width, top = layout.ranks, n_suits = layout.suits, size = layout.size
    cdef int last = w - 1
    cdef bint timed = max_seconds is not None
    cdef double deadline = time.monotonic() + max_seconds if timed else 0.0
    cdef bint shaken = order_seed is not None
    cdef _Noise noise = _Noise(order_seed) if shaken else None
    cdef _Table seen = _Table(table_slots(max_positions))
    cdef _Stack stack = _Stack()
    cdef uint8_t *path_card = NULL
    cdef uint8_t *path_to = NULL
    cdef int path_cap = 1024
    cdef uint8_t b[64]
    cdef uint64_t k[WORDS]
    cdef int pos[64]
    cdef int front[4]
    cdef int gaps[MAXSLOTS]
    cdef int col_of[MAXSLOTS]
    cdef int row_of[MAXSLOTS]
    cdef int ngaps, g, nm
    cdef int cands[8]
    cdef Kid kids[MAXKIDS]
    cdef Entry e
    cdef int64_t positions = 0, slot
    cdef int depth, nk, nc, i, j, left, c, p, row_p, m, back, score_i
    cdef int won = -1  # the depth of the win found, else -1
    cdef uint64_t h
    cdef uint8_t *path_from = NULL  # per move of the path, the slot its card left
    cdef uint8_t *path_fix = NULL   # ... and whether it fixed an ace
    cdef int at = 0  # the depth of the position in b: the path's first ``at`` moves made from the root
    cdef int order[MAXKIDS]
    cdef int oi
    cdef bint fix, late = False, full = False, no_room = False
    cdef double score
    cdef const uint8_t *first
    if len(start) != size or size > MAXSLOTS:
        raise ValueError("a board of the wrong size")
    first = <const uint8_t *> start
    for i in range(size):
        col_of[i] = i % w
        row_of[i] = i // w
    path_card = <uint8_t *> malloc(path_cap)
    path_to = <uint8_t *> malloc(path_cap)
    path_from = <uint8_t *> malloc(path_cap)
    path_fix = <uint8_t *> malloc(path_cap)
    if path_card == NULL or path_to == NULL or path_from == NULL or path_fix == NULL:
        free(path_card)
        free(path_to)
        free(path_from)
        free(path_fix)
        raise MemoryError()
    try:
        with nogil:
            _pack(first, size, k)
            ngaps = _unpack_all(k, size, b, pos, gaps, &h)
            slot = seen.find_from(seen.home(h), k)
            seen.put(slot, k)
            no_room = stack.push(slot, 0, 0, 0, -1) < 0
            while stack.size and not no_room:
                stack.size -= 1
                e = stack.data[stack.size]
                depth = e.depth
                if depth:
                    if depth > path_cap:
                        no_room = not (_grow(&path_card, path_cap) and _grow(&path_to, path_cap)
                                       and _grow(&path_from, path_cap) and _grow(&path_fix, path_cap))
                        if no_room:
                            break
                        path_cap *= 2
                    # a position on the stack at this depth is a child of the path's position one
                    # above: the path's moves below that are taken back, then its own move made
                    while at >= depth:
                        at -= 1
                        h = _shift(b, pos, gaps, ngaps, k, h, path_card[at], path_to[at], path_from[at],
                                   path_to[at] - 1 if path_fix[at] else -1, UND)
                    c = e.card
                    i = e.to
                    p = pos[c]
                    h = _shift(b, pos, gaps, ngaps, k, h, c, p, i, i - 1 if e.back < 0 else -1, c - 1)
                    path_card[depth - 1] = c
                    path_to[depth - 1] = i
                    path_from[depth - 1] = p
                    path_fix[depth - 1] = e.back < 0
                    at = depth
                positions += 1
                if not positions & SIGNAL_MASK:
                    with gil:
                        PyErr_CheckSignals()  # Ctrl-C, SIGTERM: Python's handler raises, the run ends
                if _is_won(b, size, w, top):
                    won = depth
                    break
                if (prune or not depth) and _stuck(b, size, w, top):
                    continue
                if timed and positions % CLOCK_EVERY == 0:
                    with gil:
                        late = time.monotonic() > deadline
                    if late:
                        break
                _fronts(b, size, w, front)
                back = e.back
                nm = 0
                for g in range(ngaps):
                    i = gaps[g]
                    left = b[i - 1]
                    nc = _gap_cards(b, i, w, n_suits, top, col_of[i] != last, cands)
                    for j in range(nc):
                        c = cands[j]
                        if i == back and c == e.card and left != UND:
                            continue  # the move just made, undone: the parent
                        p = pos[c]
                        fix = left == UND and not (col_of[i] != last and b[i + 1] == c + 1)
                        memcpy(kids[nm].key, k, WORDS * sizeof(uint64_t))
                        kids[nm].slot = seen.home(_move_key(kids[nm].key, h, c, p, i, i - 1 if fix else -1))
                        kids[nm].card = c
                        kids[nm].to = i
                        kids[nm].back = -1 if fix else p
                        nm += 1
                nk = 0
                for m in range(nm):  # the moves met already are dropped; the others scored in turn
                    slot = seen.find_from(kids[m].slot, kids[m].key)
                    if seen.keys[slot * WORDS] != 0:
                        continue
                    c = kids[m].card
                    i = kids[m].to
                    p = pos[c]
                    row_p = front[row_of[p]]
                    score_i = ((3 if i == front[row_of[i]] else 0) + (1 if p == row_p else 0)
                               - (4 if p < row_p else 0))
                    score = score_i
                    if _opens(b, p, i, c, front, n_suits, col_of[p] == last):
                        score = score + OPENS
                    if shaken:
                        score = score + NOISE * noise.next()
                    if nk != m:
                        kids[nk] = kids[m]
                    kids[nk].slot = slot
                    kids[nk].score = score
                    nk += 1
                if nk == 0:
                    continue
                if seen.count + nk > max_positions:
                    full = True
                    break
                for m in range(nk):  # stable insertion sort of the kids' indices, the best last (popped first)
                    oi = m
                    j = m
                    while j > 0 and kids[order[j - 1]].score > kids[oi].score:
                        order[j] = order[j - 1]
                        j -= 1
                    order[j] = oi
                for m in range(nk):
                    oi = order[m]
                    slot = seen.find_from(kids[oi].slot, kids[oi].key)
                    seen.put(slot, kids[oi].key)
                    if stack.push(slot, depth + 1, kids[oi].card, kids[oi].to, kids[oi].back) < 0:
                        no_room = True
                        break

        if no_room:
            raise MemoryError()
        if won >= 0:
            return SOLVED, [Move(path_card[j], path_to[j]) for j in range(won)], positions
        if late or full:
            return UNKNOWN, [], positions
        return UNSOLVABLE, [], positions
    finally:
        free(path_card)
        free(path_to)
        free(path_from)
        free(path_fix)


def noise_numbers(seed, int n):
    """The first n numbers of a run's noise with this seed (for the tests)."""
    cdef _Noise z = _Noise(seed)
    return [z.next() for _ in range(n)]
