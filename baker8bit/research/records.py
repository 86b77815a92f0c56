"""Fixed-size records in bytes, as the layered search (``layered.py``) keeps its states: the
plain-Python reference of ``fastlayered.pyx`` (built as ``_clayered``), which gives the same
answers faster. ``implementation()`` picks the compiled one when it imports.

A *record* is ``size`` bytes. An *item* is a record followed by ``width - size`` tag bytes (the
layer a state was first made from, big-endian, so the smallest tag sorts first). Records compare
as byte strings (``memcmp``): a sorted run is in that order.

- ``record_hash``: a 64-bit hash of a record, the same on every machine (little-endian words);
  ``bucket_of``: the bucket of ``nbuckets`` it falls in (the hash times ``nbuckets``, high half).
- ``partition``: records grouped by their leading ``level_bytes`` (big-endian: the layer key) and
  the bucket of the rest, the key bytes left out, each group in the order it came.
- ``select``: the records of one bucket among others, in their order.
- ``members``: where the records of a few given ones are (a space's won positions, say).
- ``sort_unique``: items sorted in place; of the items with the same record the first is kept.
- ``subtract``: the items whose record is in a sorted run file are dropped, in place.
- ``sparse_index``: a run's record at each multiple of ``every``, for ``subtract``.
- ``tagged`` / ``untag``: records with a tag appended to each, and back.
- ``prefixed``: records with the same leading bytes put back before each.
"""

from __future__ import annotations

from baker8bit.core.compiled import choose

MASK = (1 << 64) - 1
SEED = 0x9E3779B97F4A7C15
MUL = 0xBF58476D1CE4E5B9


def implementation(pure: bool | None = None):
    """``_clayered`` when it is built (and ``pure`` or ``BAKER8BIT_PURE_SOLVER`` do not ask for
    this module), else this module."""
    return choose("baker8bit.research._clayered", "baker8bit.research.records", pure)


def record_hash(rec: bytes) -> int:
    """The record's 64-bit hash: each 8-byte little-endian word (the last one padded with zeros)
    mixed in, then splitmix64's finaliser."""
    h = SEED ^ len(rec)
    for i in range(0, len(rec), 8):
        h = ((h ^ int.from_bytes(rec[i:i + 8], "little")) * MUL) & MASK
        h ^= h >> 29
    h ^= h >> 30
    h = (h * 0xBF58476D1CE4E5B9) & MASK
    h ^= h >> 27
    h = (h * 0x94D049BB133111EB) & MASK
    return h ^ (h >> 31)


def bucket_of(rec: bytes, nbuckets: int) -> int:
    return (record_hash(rec) * nbuckets) >> 64


def partition(buf: bytes, size: int, level_bytes: int, nbuckets: int) -> dict[tuple[int, int], bytes]:
    """``{(level, bucket): records}``: the records of ``buf`` (``size`` bytes each) by their key
    (the first ``level_bytes``, big-endian; 0 when there are none) and the bucket of the rest,
    written without the key bytes, in their order in ``buf``."""
    out: dict[tuple[int, int], list[bytes]] = {}
    mv = memoryview(buf)
    for i in range(0, len(buf) - len(buf) % size, size):
        level = int.from_bytes(mv[i:i + level_bytes], "big") if level_bytes else 0
        rest = bytes(mv[i + level_bytes:i + size])
        out.setdefault((level, bucket_of(rest, nbuckets)), []).append(rest)
    return {k: b"".join(v) for k, v in out.items()}


def select(buf: bytes, size: int, nbuckets: int, bucket: int) -> bytes:
    """The records of ``buf`` that fall in ``bucket`` of ``nbuckets``, in their order."""
    return b"".join(buf[i:i + size] for i in range(0, len(buf) - len(buf) % size, size)
                    if bucket_of(bytes(buf[i:i + size]), nbuckets) == bucket)


def members(buf: bytes, size: int, codes: bytes) -> list[int]:
    """The indexes of the records of ``buf`` that are among ``codes`` (records end to end)."""
    wanted = {codes[i:i + size] for i in range(0, len(codes), size)}
    return [i // size for i in range(0, len(buf) - len(buf) % size, size) if bytes(buf[i:i + size]) in wanted]


def sort_unique(buf: bytearray, n: int, width: int, size: int) -> int:
    """Sort the first ``n`` items (``width`` bytes each) of ``buf`` in place and keep, of the
    items with the same first ``size`` bytes, the first (the smallest tag); the kept items are
    the first ones of ``buf``: their count."""
    items = sorted(bytes(buf[i * width:(i + 1) * width]) for i in range(n))
    kept: list[bytes] = []
    for it in items:
        if not kept or kept[-1][:size] != it[:size]:
            kept.append(it)
    buf[:len(kept) * width] = b"".join(kept)
    return len(kept)


def subtract(buf: bytearray, n: int, width: int, size: int, path: str, block: int = 1 << 20,
             index: bytes | None = None, every: int = 0) -> int:
    """Drop from the first ``n`` items of ``buf`` (sorted) those whose record (first ``size``
    bytes) is in the sorted run file ``path`` (records of ``size`` bytes); the items left keep
    their order at the front of ``buf``: their count. ``block``: bytes of the run read at a time;
    ``index``: the run's record at each multiple of ``every``, by which the compiled module reads
    only the blocks that may hold the items when they are few (this one reads the run whole)."""
    with open(path, "rb") as f:
        data = f.read()
    run = {data[i:i + size] for i in range(0, len(data), size)}
    kept = [bytes(buf[i * width:(i + 1) * width]) for i in range(n)]
    kept = [it for it in kept if it[:size] not in run]
    buf[:len(kept) * width] = b"".join(kept)
    return len(kept)


def sparse_index(run: bytes, size: int, every: int) -> bytes:
    """The records of ``run`` at each multiple of ``every`` (the first of each block)."""
    return b"".join(run[i:i + size] for i in range(0, len(run) - len(run) % size, every * size))


def tagged(records: bytes, size: int, tag: int, tag_bytes: int) -> bytearray:
    """Each record of ``records`` followed by ``tag`` (``tag_bytes``, big-endian)."""
    t = tag.to_bytes(tag_bytes, "big")
    return bytearray(b"".join(records[i:i + size] + t for i in range(0, len(records), size)))


def untag(buf: bytes, n: int, width: int, size: int) -> tuple[bytes, bytes]:
    """(the records, the tags) of the first ``n`` items of ``buf``, each as one string."""
    recs = b"".join(bytes(buf[i * width:i * width + size]) for i in range(n))
    tags = b"".join(bytes(buf[i * width + size:(i + 1) * width]) for i in range(n))
    return recs, tags


def prefixed(records: bytes, size: int, prefix: bytes) -> bytes:
    """``prefix`` put before each record of ``records`` (``size`` bytes each)."""
    return b"".join(prefix + records[i:i + size] for i in range(0, len(records), size))
