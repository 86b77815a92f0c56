# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The record operations of the layered search (``records.py``, the plain-Python reference and
specification) in C: the same answers, record for record. Built as ``_clayered`` by the package
build (``setup.py``); ``records.implementation()`` prefers it; ``tests/test_layered.py`` compares
the two.

- the sort is an in-place most-significant-byte radix sort (American flag sort: a count of the
  next byte, then the items swapped into their byte's range, each range sorted on the next byte),
  with an insertion sort for short ranges: no memory beside the items, and a byte the items all
  share costs one counting pass;
- ``subtract`` reads the run file in blocks (``BLOCK`` bytes) and merges it with the items, which
  are sorted too: one pass over each; or, when the items are few against the run, reads only the
  blocks its sparse index says may hold them;
- long loops look for a signal (Ctrl-C) every so often, so the search stops within a second.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING
from cpython.exc cimport PyErr_CheckSignals
from libc.stdio cimport FILE, fopen, fread, fclose
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memcmp, memcpy
from libc.stdint cimport uint64_t, uint8_t

cdef enum:
    BLOCK = 1 << 20  # bytes of a run file read at a time
    SHORT = 24  # ranges of fewer items are insertion-sorted

cdef extern from *:
    """
    static inline unsigned long long b8l_word(const unsigned char *p, int n) {
        /* up to 8 bytes as a little-endian word, the same on every machine */
        unsigned long long w = 0;
        int i;
        for (i = n - 1; i >= 0; i--) w = (w << 8) | p[i];
        return w;
    }
    static inline unsigned long long b8l_hash(const unsigned char *p, int size) {
        unsigned long long h = 0x9E3779B97F4A7C15ULL ^ (unsigned long long) size;
        int i;
        for (i = 0; i < size; i += 8) {
            h = (h ^ b8l_word(p + i, size - i < 8 ? size - i : 8)) * 0xBF58476D1CE4E5B9ULL;
            h ^= h >> 29;
        }
        h ^= h >> 30;
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 27;
        h *= 0x94D049BB133111EBULL;
        return h ^ (h >> 31);
    }
    static inline long long b8l_bucket(unsigned long long h, unsigned long long n) {
    #if defined(__SIZEOF_INT128__)
        return (long long) (((unsigned __int128) h * n) >> 64);
    #else
        /* the high half of a 64 x 64 product, in 32-bit halves */
        unsigned long long a = h >> 32, b = h & 0xFFFFFFFFULL, c = n >> 32, d = n & 0xFFFFFFFFULL;
        unsigned long long bd = b * d, ad = a * d, bc = b * c, ac = a * c;
        unsigned long long mid = (bd >> 32) + (ad & 0xFFFFFFFFULL) + (bc & 0xFFFFFFFFULL);
        return (long long) (ac + (ad >> 32) + (bc >> 32) + (mid >> 32));
    #endif
    }
    """
    uint64_t b8l_hash(const uint8_t *p, int size) nogil
    long long b8l_bucket(uint64_t h, uint64_t n) nogil


def record_hash(bytes rec):
    """records.record_hash."""
    return b8l_hash(<const uint8_t *> PyBytes_AS_STRING(rec), len(rec))


def bucket_of(bytes rec, long long nbuckets):
    return b8l_bucket(b8l_hash(<const uint8_t *> PyBytes_AS_STRING(rec), len(rec)), nbuckets)


def partition(const uint8_t[::1] buf, int size, int level_bytes, long long nbuckets):
    """records.partition: the records' groups counted in a C array (levels from the lowest to
    the highest met, times the buckets), then each copied to its place."""
    cdef Py_ssize_t n = buf.shape[0] // size
    cdef Py_ssize_t i, groups
    cdef int rest = size - level_bytes, j
    cdef long long level, lo = -1, hi = -1, g
    cdef long long *key = <long long *> malloc((n + 1) * sizeof(long long))
    cdef Py_ssize_t *count = NULL
    cdef char **dst = NULL
    cdef dict out = {}
    cdef const uint8_t *p
    if key == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            p = &buf[i * size]
            level = 0
            for j in range(level_bytes):
                level = (level << 8) | p[j]
            key[i] = level
            if lo < 0 or level < lo:
                lo = level
            if level > hi:
                hi = level
        if n == 0:
            return out
        groups = (hi - lo + 1) * nbuckets
        count = <Py_ssize_t *> calloc(groups, sizeof(Py_ssize_t))
        dst = <char **> calloc(groups, sizeof(char *))
        if count == NULL or dst == NULL:
            raise MemoryError()
        for i in range(n):
            key[i] = (key[i] - lo) * nbuckets + b8l_bucket(b8l_hash(&buf[i * size + level_bytes], rest), nbuckets)
            count[key[i]] += 1
        for g in range(groups):
            if count[g]:
                chunk = PyBytes_FromStringAndSize(NULL, count[g] * rest)
                out[(lo + g // nbuckets, g % nbuckets)] = chunk
                dst[g] = PyBytes_AS_STRING(chunk)
        for i in range(n):
            g = key[i]
            memcpy(dst[g], &buf[i * size + level_bytes], rest)
            dst[g] += rest
        return out
    finally:
        free(key)
        free(count)
        free(dst)


def select(const uint8_t[::1] buf, int size, long long nbuckets, long long bucket):
    """records.select."""
    cdef Py_ssize_t n = buf.shape[0] // size, i, k = 0
    cdef bytearray out = bytearray(n * size)
    cdef uint8_t *o = <uint8_t *> (<char *> out) if n else NULL
    for i in range(n):
        if b8l_bucket(b8l_hash(&buf[i * size], size), nbuckets) == bucket:
            memcpy(o + k * size, &buf[i * size], size)
            k += 1
    return PyBytes_FromStringAndSize(<char *> o, k * size) if k else b""


def members(const uint8_t[::1] buf, int size, bytes codes):
    """records.members: each record looked up among the given ones, sorted here (a binary search)."""
    cdef Py_ssize_t n = buf.shape[0] // size, m = len(codes) // size, i, lo, hi, mid
    cdef bytes ordered = b"".join(sorted({codes[i * size:(i + 1) * size] for i in range(m)}))
    cdef const uint8_t *c = <const uint8_t *> PyBytes_AS_STRING(ordered)
    cdef int r
    out = []
    m = len(ordered) // size
    if m == 0:
        return out
    for i in range(n):
        lo, hi = 0, m
        while lo < hi:
            mid = (lo + hi) // 2
            r = memcmp(c + mid * size, &buf[i * size], size)
            if r == 0:
                out.append(i)
                break
            if r < 0:
                lo = mid + 1
            else:
                hi = mid
    return out


cdef inline void _swap(uint8_t *a, uint8_t *b, uint8_t *tmp, Py_ssize_t w) noexcept nogil:
    memcpy(tmp, a, w)
    memcpy(a, b, w)
    memcpy(b, tmp, w)


cdef void _insertion(uint8_t *a, Py_ssize_t n, Py_ssize_t w, Py_ssize_t d, uint8_t *tmp) noexcept nogil:
    """Items a[0..n) sorted on their bytes d.. (the bytes before d are equal)."""
    cdef Py_ssize_t i, j
    for i in range(1, n):
        if memcmp(a + (i - 1) * w + d, a + i * w + d, w - d) <= 0:
            continue
        memcpy(tmp, a + i * w, w)
        j = i
        while j > 0 and memcmp(a + (j - 1) * w + d, tmp + d, w - d) > 0:
            memcpy(a + j * w, a + (j - 1) * w, w)
            j -= 1
        memcpy(a + j * w, tmp, w)


cdef int _radix(uint8_t *a, Py_ssize_t n, Py_ssize_t w, Py_ssize_t d, uint8_t *tmp, Py_ssize_t *work) except -1:
    """Items a[0..n) sorted on their bytes d.. (American flag sort); ``work`` holds 512 counters
    a level, below this one's (the recursion is at most ``w`` deep)."""
    cdef Py_ssize_t *count
    cdef Py_ssize_t *nxt
    cdef Py_ssize_t i, start, end, c, b, m
    while True:
        if n < SHORT:
            _insertion(a, n, w, d, tmp)
            return 0
        if d >= w:
            return 0
        count = work
        nxt = work + 256
        for b in range(256):
            count[b] = 0
        for i in range(n):
            count[a[i * w + d]] += 1
        m = 0
        for b in range(256):
            if count[b]:
                m += 1
        if m == 1:  # every item has this byte: on to the next
            d += 1
            continue
        start = 0
        for b in range(256):
            nxt[b] = start
            start += count[b]
        # each range's end is its start plus its count; items are swapped into their ranges
        start = 0
        for b in range(256):
            end = start + count[b]
            i = nxt[b]
            while i < end:
                c = a[i * w + d]
                if c == b:
                    i += 1
                else:
                    _swap(a + i * w, a + nxt[c] * w, tmp, w)
                    nxt[c] += 1
            nxt[b] = end
            start = end
        if n > 1 << 16 and PyErr_CheckSignals() < 0:
            return -1
        start = 0
        for b in range(256):
            if count[b] > 1:
                _radix(a + start * w, count[b], w, d + 1, tmp, work + 512)
            start += count[b]
        return 0


def sort_unique(uint8_t[::1] buf, Py_ssize_t n, int width, int size):
    """records.sort_unique."""
    cdef uint8_t *a = &buf[0] if buf.shape[0] else NULL
    cdef uint8_t *tmp
    cdef Py_ssize_t *work
    cdef Py_ssize_t i, kept
    if n <= 0:
        return 0
    if n * width > buf.shape[0]:
        raise ValueError("more items than the buffer holds")
    tmp = <uint8_t *> malloc(width)
    work = <Py_ssize_t *> malloc(512 * (width + 2) * sizeof(Py_ssize_t))
    if tmp == NULL or work == NULL:
        free(tmp)
        free(work)
        raise MemoryError()
    try:
        _radix(a, n, width, 0, tmp, work)
    finally:
        free(tmp)
        free(work)
    kept = 1
    for i in range(1, n):
        if memcmp(a + (kept - 1) * width, a + i * width, size) != 0:
            if kept != i:
                memcpy(a + kept * width, a + i * width, width)
            kept += 1
    return kept


cdef Py_ssize_t _merge(uint8_t *a, Py_ssize_t n, int width, int size, FILE *f, uint8_t *block,
                      Py_ssize_t per) except -1:
    """The items of a[0..n) not in the sorted run read from f, kept at the front: their count."""
    cdef Py_ssize_t i = 0, kept = 0, have = 0, at = 0, got, rounds = 0
    cdef int c
    while i < n:
        if at == have:  # the next block of the run
            got = fread(block, size, per, f)
            if got == 0:
                break
            have = got
            at = 0
            rounds += 1
            if rounds % 64 == 0 and PyErr_CheckSignals() < 0:
                return -1
        c = memcmp(a + i * width, block + at * size, size)
        if c < 0:  # not in the run: kept
            if kept != i:
                memcpy(a + kept * width, a + i * width, width)
            kept += 1
            i += 1
        elif c == 0:  # in the run: dropped
            i += 1
        else:
            at += 1
    while i < n:  # past the run's end: all kept
        if kept != i:
            memcpy(a + kept * width, a + i * width, width)
        kept += 1
        i += 1
    return kept


cdef extern from *:
    """
    #include <stdio.h>
    /* a block of a run: records first..first+count, read where they lie */
    static size_t b8l_read_at(FILE *f, long long offset, void *into, size_t size, size_t count) {
    #if defined(_WIN32)
        if (_fseeki64(f, offset, SEEK_SET) != 0) return 0;
    #else
        if (fseeko(f, (off_t) offset, SEEK_SET) != 0) return 0;
    #endif
        return fread(into, size, count, f);
    }
    """
    size_t b8l_read_at(FILE *f, long long offset, void *into, size_t size, size_t count) nogil


cdef Py_ssize_t _lookup(uint8_t *a, Py_ssize_t n, int width, int size, FILE *f, uint8_t *block,
                        const uint8_t *index, Py_ssize_t nidx, Py_ssize_t every, Py_ssize_t runlen) except -1:
    """``_merge`` by looking up: the run's sparse index (its record at each multiple of ``every``)
    says which block of the run may hold an item, and only those blocks are read. The items and
    the index are sorted, so the index is walked once."""
    cdef Py_ssize_t i = 0, kept = 0, j = 0, loaded = -1, have = 0, lo, hi, mid, rounds = 0
    cdef const uint8_t *item
    cdef bint found
    while i < n:
        item = a + i * width
        while j + 1 < nidx and memcmp(index + (j + 1) * size, item, size) <= 0:
            j += 1
        found = False
        if memcmp(index, item, size) <= 0:
            if j != loaded:
                have = b8l_read_at(f, <long long> j * every * size, block, size, min(every, runlen - j * every))
                loaded = j
                rounds += 1
                if rounds % 256 == 0 and PyErr_CheckSignals() < 0:
                    return -1
            lo, hi = 0, have
            while lo < hi:
                mid = (lo + hi) // 2
                if memcmp(block + mid * size, item, size) < 0:
                    lo = mid + 1
                else:
                    hi = mid
            found = lo < have and memcmp(block + lo * size, item, size) == 0
        if not found:
            if kept != i:
                memcpy(a + kept * width, a + i * width, width)
            kept += 1
        i += 1
    return kept


def subtract(uint8_t[::1] buf, Py_ssize_t n, int width, int size, path, Py_ssize_t block=BLOCK,
             index=None, Py_ssize_t every=0):
    """records.subtract, reading the run ``block`` bytes at a time; or, given the run's sparse
    ``index`` (its record at each multiple of ``every``) and where the items would touch less
    than a quarter of the run's blocks, reading only the blocks that may hold them."""
    cdef Py_ssize_t per = max(1, block // size), runlen, nidx = 0
    cdef bytes name = path.encode() if isinstance(path, str) else bytes(path)
    cdef FILE *f
    cdef uint8_t *data
    cdef const uint8_t[::1] idx
    cdef bint sparse = False
    if n <= 0:
        return 0
    if n * width > buf.shape[0]:
        raise ValueError("more items than the buffer holds")
    if index is not None and every > 0:
        idx = index
        nidx = idx.shape[0] // size
        sparse = nidx > 0 and min(n, nidx) * 4 < nidx
    f = fopen(name, "rb")
    if f == NULL:
        raise OSError(f"cannot read the run {path}")
    data = <uint8_t *> malloc((every if sparse else per) * size)
    if data == NULL:
        fclose(f)
        raise MemoryError()
    try:
        if sparse:
            runlen = nidx * every  # at most: the last block is read short
            return _lookup(&buf[0], n, width, size, f, data, &idx[0], nidx, every, runlen)
        return _merge(&buf[0], n, width, size, f, data, per)
    finally:
        free(data)
        fclose(f)


def tagged(const uint8_t[::1] records, int size, long long tag, int tag_bytes):
    """records.tagged."""
    cdef Py_ssize_t n = records.shape[0] // size, i
    cdef int width = size + tag_bytes, j
    cdef bytearray out = bytearray(n * width)
    cdef uint8_t *o = <uint8_t *> (<char *> out) if n else NULL
    cdef uint8_t t[8]
    for j in range(tag_bytes):
        t[j] = (tag >> (8 * (tag_bytes - 1 - j))) & 255
    for i in range(n):
        memcpy(o + i * width, &records[i * size], size)
        memcpy(o + i * width + size, t, tag_bytes)
    return out


def untag(const uint8_t[::1] buf, Py_ssize_t n, int width, int size):
    """records.untag."""
    cdef int tb = width - size
    cdef bytes recs = PyBytes_FromStringAndSize(NULL, n * size)
    cdef bytes tags = PyBytes_FromStringAndSize(NULL, n * tb)
    cdef char *r = PyBytes_AS_STRING(recs)
    cdef char *t = PyBytes_AS_STRING(tags)
    cdef Py_ssize_t i
    for i in range(n):
        memcpy(r + i * size, &buf[i * width], size)
        memcpy(t + i * tb, &buf[i * width + size], tb)
    return recs, tags


def prefixed(const uint8_t[::1] records, int size, bytes prefix):
    """records.prefixed."""
    cdef Py_ssize_t n = records.shape[0] // size, i
    cdef int pb = len(prefix)
    cdef int width = size + pb
    cdef bytes out = PyBytes_FromStringAndSize(NULL, n * width)
    cdef char *o = PyBytes_AS_STRING(out)
    cdef const char *p = PyBytes_AS_STRING(prefix)
    for i in range(n):
        memcpy(o + i * width, p, pb)
        memcpy(o + i * width + pb, &records[i * size], size)
    return out
