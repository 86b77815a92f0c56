"""Games a second of each sequence-solitaire player, in one process (a benchmark, not a test).

Run: python benchmarks/bench_sequence.py [--games N] [--search-games M]
Strategies play N deals (default 500); the look-ahead and the clairvoyant
search play M deals (default 5), as they are thousands of times slower. The
clairvoyant search gets the study's budget (--max-states, default 40,000).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.games.sequence import players as pl  # noqa: E402
from baker8bit.games.sequence.rules import deal  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--search-games", type=int, default=5)
    ap.add_argument("--max-states", type=int, default=40_000, help="clairvoyant budget (the study's)")
    args = ap.parse_args()
    print(f"{'player':<12} {'games':>6} {'seconds':>9} {'games/s':>10}")
    for name in ("random", "greedy", "best", "lookahead", "clairvoyant"):
        n = args.search_games if name in ("lookahead", "clairvoyant") else args.games
        p = pl.player(name, max_states=args.max_states)
        t = time.perf_counter()
        for d in range(1, n + 1):
            p.play(deal(d), d)
        dt = time.perf_counter() - t
        print(f"{name:<12} {n:>6} {dt:>9.2f} {n / dt:>10.2f}", flush=True)


if __name__ == "__main__":
    main()
