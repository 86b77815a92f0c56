"""Memory sizes as people type them: ``512M``, ``2G``, ``100000K`` or a number of bytes."""

from __future__ import annotations

import math

MIN_BYTES = 1024 * 1024
MAX_BYTES = 1024**5  # 1048576G: far past any machine's memory, and well inside a C int64
EXAMPLE = "e.g. 512M or 2G"


def parse_memory(text: str) -> int:
    """Bytes in ``text`` (a trailing ``B`` is allowed; K, M and G are powers of 1024), from 1M
    to 1048576G. Anything else is a ``ValueError`` that says which limit it misses."""
    t = text.strip().upper().removesuffix("B")
    mult = 1
    if t and t[-1] in "KMG":
        mult = 1024 ** ("KMG".index(t[-1]) + 1)
        t = t[:-1]
    try:
        x = float(t) if t.isascii() and len(t) <= 40 else math.nan
    except ValueError:
        x = math.nan
    shown = repr(text[:40])
    if math.isnan(x) or not t:
        raise ValueError(f"memory must be a size from 1M to 1048576G ({EXAMPLE}), not {shown}")
    if x * mult > MAX_BYTES:
        raise ValueError(f"memory must be at most 1048576G ({EXAMPLE}), not {shown}")
    n = int(x * mult)
    if n < MIN_BYTES:
        raise ValueError(f"memory must be at least 1M ({EXAMPLE}), not {shown}")
    return n
