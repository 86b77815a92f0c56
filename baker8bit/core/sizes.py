"""Memory sizes as people type them: ``512M``, ``2G``, ``100000K`` or a number of bytes."""

from __future__ import annotations

MIN_BYTES = 1024 * 1024


def parse_memory(text: str) -> int:
    """Bytes in ``text`` (a trailing ``B`` is allowed; K, M and G are powers of 1024).
    Anything that is not a size of at least 1M is a ``ValueError`` that says so."""
    t = text.strip().upper().removesuffix("B")
    mult = 1
    if t and t[-1] in "KMG":
        mult = 1024 ** ("KMG".index(t[-1]) + 1)
        t = t[:-1]
    try:
        n = int(float(t) * mult)
    except (ValueError, OverflowError):
        n = 0
    if n < MIN_BYTES:
        raise ValueError(f"memory must be at least 1M (e.g. 512M or 2G), not {text!r}")
    return n
