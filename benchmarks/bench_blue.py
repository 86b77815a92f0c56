"""Blue checker benchmark: positions a second, memory per position, full-size decision time.

    python benchmarks/bench_blue.py [DEALS] [MAX_SECONDS]

The search runs compiled (``_csearch``) when ``python tools/build_core.py`` built it;
``BAKER8BIT_PURE_SOLVER=1`` measures the plain module.
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from baker8bit.games.blue import checker, rules, search  # noqa: E402


def memory_per_position(n: int = 100_000) -> float:
    """Bytes per remembered position: a set of n distinct 4 x 13 boards."""
    boards = []
    b = rules.deal(1)
    for k in range(n):
        x = bytearray(b)
        x[1], x[2] = k & 255, (k >> 8) & 255
        boards.append(x)
    tracemalloc.start()
    keys = {bytes(x) for x in boards}
    size, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return size / len(keys)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    print(f"memory per position: {memory_per_position():.0f} bytes "
          f"(the budget assumes {checker.position_bytes(rules.FULL)})")
    print(f"search module: {search.implementation().__name__}")
    times, pos, secs, outcomes = [], 0, 0.0, {}
    for d in range(1, deals + 1):
        t = time.perf_counter()
        r = checker.solve(rules.deal(d), rules.FULL, max_seconds=limit)
        dt = time.perf_counter() - t
        times.append(dt)
        pos += r.positions
        secs += dt
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
    print(f"4x13 aces as dealt, deals 1..{deals}, limit {limit} s: {outcomes}")
    print(f"positions a second: {pos / secs:,.0f}")
    print(f"decision time: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
