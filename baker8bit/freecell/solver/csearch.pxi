# The C machinery the compiled searches share (included by fastfamily.pyx; setup.py
# copies it beside the module it compiles): the position struct, the seen set of packed keys,
# the stack of positions, the move arena and the path.

from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memcpy, memset
from libc.stdint cimport uint64_t, uint16_t, uint8_t, int64_t, INT64_MIN

cdef enum:
    NCARDS = 52
    MAXP = 20        # places (columns + cells) at most: letters A..S
    WORDS = 3        # key words: the 52 three-bit fields end to end, 156 of 192 bits (24 bytes)
    CODES = 56       # what a card may lie on (a card 0..51, BOTTOM, PARKED, HOME), a code each
    BOTTOM = 52
    PARKED = 53
    HOME = 54
    NONE = 255       # no card (an empty column's exposed card)
    FREE = 254       # an empty cell, as in family.py
    PRIO0 = 16384    # added to a priority (well within +-PRIO0) in a candidate integer
    # a move in the arena is two bytes, its source place and its destination byte: the place
    # (PLACE bits), the moved card's suit (SUIT_SHIFT, ``_dest``; ``_undo`` needs it for a move
    # home), and AUTO (fastfamily.pyx: the game makes the move itself)
    PLACE = 31
    SUIT_SHIFT = 5

cdef struct Pos:
    # the cards only: its depth, the card just moved and where its moves lie are the stack
    # entry's (Entry) and the path's (_Path)
    uint8_t under[NCARDS]
    uint8_t top[MAXP]
    uint8_t cells[MAXP]
    uint8_t found[4]


# -- the seen set ---------------------------------------------------------------------------

cdef struct Table:
    uint64_t *keys   # WORDS words a slot; word 0 of an empty slot is EMPTY_FIELD
    int64_t cap      # a power of two while the table grows; any size once it is fixed
    int64_t count
    bint fixed       # made at its final size (``_Seen(expect)``): never grows, any ``cap``
    int window       # 0, or a table that forgets (``_Seen(table=...)``): the slots a key may take
    int64_t forgotten  # keys a forgetting table wrote over

cdef enum:
    # an empty slot's word 0: all zero, which no key's word 0 is (card 0's field is a code from
    # 1 to 6, _pack), so a table from calloc, or a cleared one, is empty
    EMPTY_FIELD = 0


cdef inline uint64_t _hash(const uint64_t *k) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(WORDS):
        h = (h ^ k[i]) * 0xBF58476D1CE4E5B9ULL
        h ^= h >> 31
    return h


# Key arrays of a finished search, one of each size up to 2**SPARE_MAX slots (48 MB), kept for
# the next search of the process (a survey runs thousands): without them a new table is fresh
# memory the kernel must clear page by page, or not, as the C allocator's heap happens to lie
# (measured: a quarter of King Albert's time at 100,000 positions a deal, in one layout).
cdef enum:
    SPARE_MAX = 20
cdef uint64_t *_spare[SPARE_MAX + 1]


cdef inline int _log2(int64_t cap) noexcept nogil:
    cdef int n = 0
    while cap > 1:
        cap >>= 1
        n += 1
    return n


cdef inline bint _pow2(int64_t cap) noexcept nogil:
    return cap & (cap - 1) == 0


cdef uint64_t *_keys_alloc(int64_t cap) noexcept:
    cdef int n = _log2(cap)
    cdef uint64_t *keys
    if _pow2(cap) and n <= SPARE_MAX and _spare[n] != NULL:
        keys = _spare[n]
        _spare[n] = NULL
        memset(keys, 0, cap * WORDS * sizeof(uint64_t))
        return keys
    # calloc: a large table is fresh zero pages from the kernel, which cost nothing until a
    # key is written to them (a search allowed 100,000,000 positions that ends at 70,000 pays
    # for what it used)
    return <uint64_t *> calloc(cap, WORDS * sizeof(uint64_t))


cdef void _keys_free(uint64_t *keys, int64_t cap) noexcept:
    cdef int n = _log2(cap)
    if keys == NULL:
        return
    if _pow2(cap) and n <= SPARE_MAX and _spare[n] == NULL:
        _spare[n] = keys
    else:
        free(keys)


cdef int _table_init(Table *t, int64_t cap):
    t.cap = cap
    t.count = 0
    t.fixed = not _pow2(cap)
    t.window = 0
    t.forgotten = 0
    t.keys = _keys_alloc(cap)  # all zero: every slot empty (EMPTY_FIELD)
    if t.keys == NULL:
        return -1
    return 0


cdef inline bint _same(const uint64_t *a, const uint64_t *b) noexcept nogil:
    return a[0] == b[0] and a[1] == b[1] and a[2] == b[2]


cdef inline int64_t _slot(Table *t, const uint64_t *k) noexcept nogil:
    """The slot holding k, or the empty slot where it would go."""
    return _hslot(t, k, _hash(k))


cdef inline int64_t _hslot(Table *t, const uint64_t *k, uint64_t h) noexcept nogil:
    """``_slot`` with k's hash known."""
    cdef int64_t i = <int64_t> (h % <uint64_t> t.cap if t.fixed else h & <uint64_t> (t.cap - 1))
    cdef uint64_t *s
    while True:
        s = t.keys + i * WORDS
        if s[0] == <uint64_t> EMPTY_FIELD or _same(s, k):
            return i
        i += 1
        if i == t.cap:
            i = 0


cdef int _grow(Table *t):
    cdef Table bigger
    cdef int64_t i, j
    if _table_init(&bigger, t.cap * 2) < 0:
        return -1
    for i in range(t.cap):
        if t.keys[i * WORDS] != <uint64_t> EMPTY_FIELD:
            j = _slot(&bigger, t.keys + i * WORDS)
            memcpy(bigger.keys + j * WORDS, t.keys + i * WORDS, WORDS * sizeof(uint64_t))
    bigger.count = t.count
    _keys_free(t.keys, t.cap)
    t[0] = bigger
    return 0


# -- a table that forgets ----------------------------------------------------------------------
# A key may take only the ``window`` slots from its hash's (so a full table still answers at
# once); when they are all taken by other keys, the new key is written over the first of them,
# which the table forgets. A forgotten position met again is searched again: slower, never
# wrong (SOLVER.md, "A seen table that forgets").

cdef inline int64_t _wslot(Table *t, const uint64_t *k, uint64_t h) noexcept nogil:
    """The slot holding k (whose hash is h), or an empty slot of its window where it would go,
    or, when every slot of the window holds another key, -1 - the window's first slot."""
    cdef int64_t first = <int64_t> (h % <uint64_t> t.cap)
    cdef int64_t i = first
    cdef uint64_t *s
    cdef int n
    for n in range(t.window):
        s = t.keys + i * WORDS
        if s[0] == <uint64_t> EMPTY_FIELD or _same(s, k):
            return i
        i += 1
        if i == t.cap:
            i = 0
    return -1 - first


# -- a key is looked up once: where it is, or where it would go ---------------------------------

cdef int64_t SEEN = INT64_MIN   # ``_where``: the table holds the key


cdef inline int64_t _where(Table *t, const uint64_t *k, uint64_t h) noexcept nogil:
    """Where k (whose hash is h) would go, or SEEN if the table holds it: in a table that does
    not forget, its empty slot; in one that forgets, an empty slot of its window, or, when every
    slot of the window holds another key, -1 - the window's first slot (which it would take)."""
    cdef int64_t i
    if t.window:
        i = _wslot(t, k, h)
    else:
        i = _hslot(t, k, h)
    if i >= 0 and t.keys[i * WORDS] != <uint64_t> EMPTY_FIELD:
        return SEEN
    return i


cdef int _put(Table *t, const uint64_t *k, int64_t where) noexcept:
    """Put k where ``_where`` said it would go, nothing having been added since: in a table
    that forgets, over the first key of its window if that is full (the key is forgotten); in
    one that doubles, at its slot in the doubled table if it must double first. -1 if it
    cannot double (no memory)."""
    if t.window:
        if where < 0:
            where = -1 - where
            t.forgotten += 1
        else:
            t.count += 1
    else:
        if not t.fixed and (t.count + 1) * 4 > t.cap * 3:
            if _grow(t) < 0:
                return -1
            where = _slot(t, k)
        t.count += 1
    memcpy(t.keys + where * WORDS, k, WORDS * sizeof(uint64_t))
    return 0


cdef int _add(Table *t, const uint64_t *k) noexcept:
    """Add a key known to be absent."""
    return _put(t, k, _where(t, k, _hash(k)))


# -- positions --------------------------------------------------------------------------------

cdef inline void _pack(const Pos *p, uint64_t *k, const uint8_t *code) noexcept nogil:
    """The compact key: the code of under[c] (``code[c * CODES + under[c]]``, 1 to 6: what card
    c lies on, among the six things it ever may, ``_codes``) in bits 3c .. 3c + 2 of the words
    taken as one 192-bit number (word 0 the lowest), so a field may begin in one word and end in
    the next."""
    cdef int c
    for c in range(WORDS):
        k[c] = 0
    for c in range(NCARDS):
        _flip(k, c, 0, code[c * CODES + p.under[c]])


cdef inline void _flip(uint64_t *k, int c, int old, int new) noexcept nogil:
    """The key after card c's field changed from the code old to the code new."""
    cdef int at = 3 * c
    cdef uint64_t x = <uint64_t> (old ^ new)
    k[at >> 6] ^= x << (at & 63)
    if (at & 63) > 61:  # the field's high bits are the next word's low ones
        k[(at >> 6) + 1] ^= x >> (64 - (at & 63))


cdef void _codes(uint8_t *code, const Pos *root, const uint8_t (*parent)[2]) noexcept nogil:
    """Each card's codes for what it may lie on (``_pack``). From the root on, a card lies on
    the card it lay on at the root (1), on one of the cards it may go on (``parent``: 2, 3), at
    home (4), in a cell (5), or at the bottom of a column (6), as a move puts it only on a card
    it may go on, in an empty column, in a cell or home: six things, so three bits, where the
    card under it took six. Two positions with different cards under a card get different codes
    (a card lies on its root card only while it has never moved, and when that card is one it
    may go on, the two are the same card and the same code), so the key is as exact as the
    cards themselves (tests/test_family.py)."""
    cdef int c, w
    memset(code, 0, NCARDS * CODES)
    for c in range(NCARDS):
        code[c * CODES + root.under[c]] = 1
        for w in range(2):
            if parent[c][w] != NONE:
                code[c * CODES + parent[c][w]] = 2 + w
        code[c * CODES + HOME] = 4
        code[c * CODES + PARKED] = 5
        code[c * CODES + BOTTOM] = 6


cdef class _Arena:
    """A growing array of bytes: the moves of every position made, two place numbers a move."""
    cdef uint8_t *data
    cdef int64_t size, cap

    def __cinit__(self):
        self.cap = 1 << 16
        self.size = 0
        self.data = <uint8_t *> malloc(self.cap)
        if self.data == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.data)

    cdef int push(self, int s, int d) except -1:
        cdef uint8_t *bigger
        if self.size + 2 > self.cap:
            bigger = <uint8_t *> realloc(self.data, self.cap * 2)
            if bigger == NULL:
                raise MemoryError()
            self.data = bigger
            self.cap *= 2
        self.data[self.size] = s
        self.data[self.size + 1] = d
        self.size += 2
        return 0


cdef struct Entry:
    # a position on the stack, still to search: its parent's position (the path's, at depth - 1)
    # and the moves that lead from it (in the move arena), not the position itself (_Stack)
    int64_t mv_off
    int depth
    uint16_t mv_len
    uint8_t last
    uint8_t spare


cdef class _Stack:
    """A growing array of the positions still to search, as entries of 16 bytes instead of
    positions of 120: a child is remade from its parent when it is popped (``_remake``). The
    search is last in, first out, so the parent (at depth - 1 on the path) is still there then,
    as its moves are in the arena (``_Path``)."""
    cdef Entry *data
    cdef int64_t size, cap

    def __cinit__(self):
        self.cap = 1024
        self.size = 0
        self.data = <Entry *> malloc(self.cap * sizeof(Entry))
        if self.data == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.data)

    cdef int push(self, int depth, int64_t mv_off, int mv_len, int last) except -1:
        cdef Entry *bigger
        cdef Entry *e
        if self.size == self.cap:
            bigger = <Entry *> realloc(self.data, self.cap * 2 * sizeof(Entry))
            if bigger == NULL:
                raise MemoryError()
            self.data = bigger
            self.cap *= 2
        e = &self.data[self.size]
        e.mv_off = mv_off
        e.depth = depth
        e.mv_len = <uint16_t> mv_len
        e.last = <uint8_t> last
        self.size += 1
        return 0


cdef inline int _dest(int d, int c) noexcept nogil:
    """The destination byte of card c's move to place d: the place and the card's suit."""
    return d | ((c // 13) << SUIT_SHIFT)


cdef inline void _remake(Pos *p, const uint8_t *moves, int count, int ncol, int home) noexcept nogil:
    """Play the moves (pairs of places, as the arena keeps them) on p: a child from its parent."""
    cdef int m, s, d, c, u
    for m in range(count):
        s = moves[2 * m]
        d = moves[2 * m + 1] & PLACE
        if s < ncol:
            c = p.top[s]
            u = p.under[c]
            p.top[s] = NONE if u == BOTTOM else u
        else:
            c = p.cells[s - ncol]
            p.cells[s - ncol] = FREE
        if d == home:
            p.found[c // 13] += 1
            p.under[c] = HOME
        elif d < ncol:
            p.under[c] = BOTTOM if p.top[d] == NONE else p.top[d]
            p.top[d] = c
        else:
            p.under[c] = PARKED
            p.cells[d - ncol] = c


cdef inline void _undo(Pos *p, const uint8_t *moves, int count, int ncol, int home) noexcept nogil:
    """Take back the moves ``_remake`` played (last first): the parent from its child. A card
    leaves its destination (for a move home, the last card home of the suit the move names)
    and lies again on its source's top card, which is the card that lay under it before the
    move, since every later move is taken back first."""
    cdef int m, s, d, c, u, k
    for m in range(count - 1, -1, -1):
        s = moves[2 * m]
        d = moves[2 * m + 1] & PLACE
        if d == home:
            k = (moves[2 * m + 1] >> SUIT_SHIFT) & 3
            p.found[k] -= 1
            c = k * 13 + p.found[k]
        elif d < ncol:
            c = p.top[d]
            u = p.under[c]
            p.top[d] = NONE if u == BOTTOM else u
        else:
            c = p.cells[d - ncol]
            p.cells[d - ncol] = FREE
        if s < ncol:
            p.under[c] = BOTTOM if p.top[s] == NONE else p.top[s]
            p.top[s] = c
        else:
            p.under[c] = PARKED
            p.cells[s - ncol] = c


cdef class _Path:
    """The moves of each position on the current path, by depth (offset and count in the arena),
    and where each depth's latest children's moves end (``ends``).

    The arena is used as a stack: the children of a position are pushed together, their moves
    after everything still needed, and when a child at depth d is popped, every position
    pushed since its siblings has been searched (the stack is last in, first out), so the arena
    may go back to where the siblings' moves ended. Without that it would keep every
    position's moves to the end of the search, which a table that forgets never reaches.

    The positions themselves are not kept: the search holds one, the last it searched, and
    goes back up the path by taking its moves back (``_undo``), 20 bytes a depth where a
    position a depth took 116 (a King Albert search 15 million moves deep held 1.8 GB of them)."""
    cdef int64_t *off
    cdef int64_t *end
    cdef int *length
    cdef int cap

    def __cinit__(self):
        self.cap = 1024
        self.off = <int64_t *> malloc(self.cap * sizeof(int64_t))
        self.end = <int64_t *> malloc(self.cap * sizeof(int64_t))
        self.length = <int *> malloc(self.cap * sizeof(int))
        if self.off == NULL or self.end == NULL or self.length == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.off)
        free(self.end)
        free(self.length)

    cdef int _room(self, int depth) except -1:
        cdef int64_t *o
        cdef int64_t *e
        cdef int *n
        while depth >= self.cap:
            o = <int64_t *> realloc(self.off, self.cap * 2 * sizeof(int64_t))
            if o == NULL:
                raise MemoryError()
            self.off = o
            e = <int64_t *> realloc(self.end, self.cap * 2 * sizeof(int64_t))
            if e == NULL:
                raise MemoryError()
            self.end = e
            n = <int *> realloc(self.length, self.cap * 2 * sizeof(int))
            if n == NULL:
                raise MemoryError()
            self.length = n
            self.cap *= 2
        return 0

    cdef inline int put(self, int depth, int64_t off, int length) except -1:
        if depth >= self.cap:
            self._room(depth)
        self.off[depth] = off
        self.length[depth] = length
        return 0

    cdef inline int ends(self, int depth, int64_t end) except -1:
        """The children at ``depth`` just pushed have their moves below ``end``."""
        if depth >= self.cap:
            self._room(depth)
        self.end[depth] = end
        return 0


cdef enum:
    TRAIL_BITS = 20


cdef class _Trail:
    """The keys of the positions on the current path, by depth, for a table that forgets: a
    child on its own path is not searched again, so every branch of the search is a line
    without repeats and the search ends. The keys of a hash bucket are chained by depth (the
    path grows and shrinks at its end only, so a bucket's deepest key heads its chain), so a
    test reads a handful of keys however long the path."""
    cdef uint64_t *keys
    cdef int *below      # the next shallower key of the same bucket, or -1
    cdef int *head       # the deepest key of each bucket, or -1
    cdef int cap, n

    def __cinit__(self):
        self.cap = 1024
        self.n = 0
        self.keys = <uint64_t *> malloc(self.cap * WORDS * sizeof(uint64_t))
        self.below = <int *> malloc(self.cap * sizeof(int))
        self.head = <int *> malloc((1 << TRAIL_BITS) * sizeof(int))
        if self.keys == NULL or self.below == NULL or self.head == NULL:
            raise MemoryError()
        memset(self.head, 0xFF, (1 << TRAIL_BITS) * sizeof(int))   # all -1

    def __dealloc__(self):
        free(self.keys)
        free(self.below)
        free(self.head)

    cdef inline int _bucket(self, const uint64_t *k) noexcept:
        return <int> (_hash(k) & ((1 << TRAIL_BITS) - 1))

    cdef int enter(self, int depth, const uint64_t *k) except -1:
        """The position at ``depth`` on the path is now k (deeper ones are left)."""
        cdef uint64_t *ks
        cdef int *bs
        cdef int b
        while self.n > depth:
            self.n -= 1
            self.head[self._bucket(self.keys + self.n * WORDS)] = self.below[self.n]
        if depth >= self.cap:
            ks = <uint64_t *> realloc(self.keys, self.cap * 2 * WORDS * sizeof(uint64_t))
            if ks == NULL:
                raise MemoryError()
            self.keys = ks
            bs = <int *> realloc(self.below, self.cap * 2 * sizeof(int))
            if bs == NULL:
                raise MemoryError()
            self.below = bs
            self.cap *= 2
        memcpy(self.keys + depth * WORDS, k, WORDS * sizeof(uint64_t))
        b = self._bucket(k)
        self.below[depth] = self.head[b]
        self.head[b] = depth
        self.n = depth + 1
        return 0

    cdef bint holds(self, const uint64_t *k, uint64_t h) noexcept:
        """Whether k (whose hash is h) is on the path."""
        cdef int i = self.head[<int> (h & ((1 << TRAIL_BITS) - 1))]
        while i >= 0:
            if _same(self.keys + i * WORDS, k):
                return True
            i = self.below[i]
        return False


# A search allowed more positions than this makes its table at its final size at once (``_Seen``).
cdef int64_t _fixed_from = 1 << 26
FIXED_LOAD = 0.9  # the most a table made at its final size is filled
cdef enum:
    WINDOW = 32      # the slots a key may take in a table that forgets
KEY_BYTES = WORDS * 8  # a slot's bytes: a table that forgets of M bytes has M // KEY_BYTES slots
STACK_BYTES = sizeof(Entry)  # a position still to search, on the stack
POSITION_BYTES = sizeof(Pos)  # a position (the search holds the root and the one it searches)
DEPTH_BYTES = 2 * sizeof(int64_t) + sizeof(int)  # a depth of the path (_Path: its moves' place)


def fixed_tables_from(int64_t n):
    """Searches allowed more than ``n`` positions make their seen table at its final size
    (default 2**26); the old value. The tests lower it to run that table on small searches."""
    global _fixed_from
    old = _fixed_from
    _fixed_from = n
    return old


cdef class _Seen:
    """The seen set. A table doubles as it fills (at most 3/4 full), so it never holds much
    more than it needs, but at each doubling the old table and the new one, twice as large, are
    both in memory: a search of 200,000,000 positions (48-byte keys then) peaked at 18.7 GB, of
    which 12.9 GB the table it ended with. A search allowed more than ``fixed_tables_from``
    positions (``expect``, its budget) instead makes its table once, at its final size
    (``expect / FIXED_LOAD`` slots of ``KEY_BYTES``, not a power of two: a slot is the hash
    modulo the size): with 24-byte keys 10.7 GB for 400,000,000 positions (17.8 GB with the
    40-byte keys before them). The slots a key takes differ, never which keys are in the set:
    the search is the same.

    ``table``: a table of that many slots that forgets (``_wadd``): the search may then run
    past what memory holds, searching again what it forgot."""
    cdef Table t

    def __cinit__(self, int64_t expect=0, int64_t table=0):
        cdef int64_t cap = 1 << 12
        if table > 0:  # a table of ``table`` slots that forgets when a key's window is full
            cap = table + 2
            cap += _pow2(cap)  # any size but a power of two: fixed
        elif _fixed_from < expect < (<int64_t> 1 << 40):  # not NO_LIMIT: a search without a budget grows
            cap = <int64_t> (expect / FIXED_LOAD) + 2
            cap += _pow2(cap)
        if _table_init(&self.t, cap) < 0:
            raise MemoryError()
        if table > 0:
            self.t.window = WINDOW

    def __dealloc__(self):
        _keys_free(self.t.keys, self.t.cap)


cdef inline int64_t _cand(int prio, int s, int d, int c) noexcept nogil:
    """A candidate move as one integer that sorts as (priority, source, destination, card)."""
    return ((<int64_t> (prio + PRIO0)) << 16) | (s << 11) | (d << 6) | c


cdef inline int _insert(int64_t *a, int n, int64_t v) noexcept nogil:
    """Insert v into the sorted a[0..n-1] (a has room for n + 1); the new length, n + 1."""
    cdef int i = n
    while i > 0 and a[i - 1] > v:
        a[i] = a[i - 1]
        i -= 1
    a[i] = v
    return n + 1


cdef inline int _first_free(const Pos *p, int ncell, int ncol) noexcept nogil:
    """The place number of the first empty cell, or -1 if none."""
    cdef int j
    for j in range(ncell):
        if p.cells[j] == FREE:
            return ncol + j
    return -1


cdef inline bint _parked(const Pos *p, int card, int ncell) noexcept nogil:
    cdef int j
    for j in range(ncell):
        if p.cells[j] == card:
            return True
    return False


cdef int _push_root(_Stack stack, Pos *p, _Seen seen, cols, cells, found, int last, uint64_t *key,
                    uint8_t *code, const uint8_t (*parent)[2]) except -1:
    """The first position into p: the columns (bytes, bottom card first), the cells (FREE for an
    empty one) and the terminal piles; on the stack (an entry of depth 0 and no moves: the
    search takes p itself) and in the seen set; ``key`` is its key, ``code`` the cards' codes
    from it (``_codes``, with ``parent``: the cards each card may go on)."""
    cdef int i, j, c, below
    memset(p, 0, sizeof(Pos))
    for c in range(NCARDS):
        p.under[c] = HOME   # not dealt, or home
    for i in range(MAXP):
        p.top[i] = NONE
        p.cells[i] = FREE
    for i in range(len(cols)):
        below = BOTTOM
        for c in cols[i]:
            p.under[c] = below
            below = c
        p.top[i] = NONE if below == BOTTOM else below
    for j in range(len(cells)):
        c = cells[j]
        p.cells[j] = c
        if c != FREE:
            p.under[c] = PARKED
    for i in range(len(found)):
        p.found[i] = found[i]
    _codes(code, p, parent)
    _pack(p, key, code)
    stack.push(0, 0, 0, last)
    return _add(&seen.t, key)


cdef inline void _reverse_from(_Stack stack, int64_t first) noexcept:
    """Reverse the entries pushed since ``first`` (the children, pushed best first): the best
    is then popped first."""
    cdef int64_t i = first, j = stack.size - 1
    cdef Entry t
    while i < j:
        t = stack.data[i]
        stack.data[i] = stack.data[j]
        stack.data[j] = t
        i += 1
        j -= 1
