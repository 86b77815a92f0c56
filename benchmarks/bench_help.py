"""HELP on fresh deals: how many frames (and seconds at 60 frames a second) until it answers.

    python benchmarks/bench_help.py                 # 4-suit deals 1..100
    python benchmarks/bench_help.py --game bakers-game --last 50

HELP runs the reference search (``search.Search``) in slices of ``help_states``
positions a frame, up to ``help_max_states`` (data/timing.toml), so the number
of frames is exact and the same on every machine; the time per frame (the
solver's own seconds per slice on this machine) is printed too.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit import games  # noqa: E402
from baker8bit.core.timing import timing as load_timing  # noqa: E402
from baker8bit.freecell.position import Position  # noqa: E402
from baker8bit.freecell.solver import Search  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="baker")
    ap.add_argument("--suits", type=int, default=None, help="the 1989 game: 2, 3 or 4 (default 4)")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=100)
    args = ap.parse_args(argv)
    variant = games.get(args.game)
    opts = {"suits": args.suits or 4} if any(o.name == "suits" for o in variant.options) else {}
    rs = variant.rules(opts)
    timing = load_timing()
    per_frame, cap = timing.help_states, timing.help_max_states
    frames, slowest, outcomes = [], 0.0, {}
    for deal in range(args.first, args.last + 1):
        search = Search(Position.dealt(deal, rs), rs, max_states=cap)
        n, result = 0, None
        while result is None:
            t0 = time.perf_counter()
            result = search.step(per_frame)
            slowest = max(slowest, time.perf_counter() - t0)
            n += 1
        frames.append(n)
        outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
    med = statistics.median(frames)
    print(f"HELP on {rs.name} deals {args.first}..{args.last}: {per_frame} positions a frame, "
          f"at most {cap}; outcomes {outcomes}")
    print(f"frames to answer: median {med:g} ({med / 60:.2f} s at 60 frames/s), "
          f"max {max(frames)} ({max(frames) / 60:.1f} s); slowest slice {slowest * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
