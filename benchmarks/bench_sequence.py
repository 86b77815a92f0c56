"""Games a second of each sequence-solitaire player, in one process (a benchmark, not a test).

Run: python benchmarks/bench_sequence.py [--games N] [--search-games M]
Strategies play N deals (default 500); the look-ahead and the clairvoyant
search play M deals (default 5), as they are thousands of times slower. The
clairvoyant search gets the study's budget (--max-states, default 40,000).
--smoke: 20 deals, 1 search deal, a budget of 2,000 (the tests run this).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.games.sequence import players as pl  # noqa: E402
from baker8bit.games.sequence.rules import deal  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=None, help="deals a strategy plays (default 500)")
    ap.add_argument("--search-games", type=int, default=None, help="deals a search plays (default 5)")
    ap.add_argument("--max-states", type=int, default=None, help="clairvoyant budget (default 40,000, the study's)")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: 20 deals, 1 search deal, budget 2,000")
    args = ap.parse_args(argv)
    for name, full, tiny in (("games", 500, 20), ("search_games", 5, 1), ("max_states", 40_000, 2_000)):
        if getattr(args, name) is None:
            setattr(args, name, tiny if args.smoke else full)
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
