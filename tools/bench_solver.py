"""Benchmark: our solver against fc-solve on the 4-suit deals (Baker's Game).

    python tools/bench_solver.py                 # deals 1..1000
    python tools/bench_solver.py --last 200      # a quicker run

fc-solve runs as ``freecell-solver-range-parallel-solve FIRST LAST 1 -g
bakers_game --method soft-dfs -to 01ABCDE`` (single-card moves, exhaustive
depth-first search, one process). With a print step of 1 it writes a "Reached
Board No. N at T (total_num_iters=I)" line after every deal and an "Unsolved
Board No. N" line before it when the search ended without a win; with no
iteration limit that is a proof, so every other deal is solved. Per-deal times
are the differences of those time stamps.

Ours runs in this process, one deal after another (one core, like fc-solve),
with no limit. Times include dealing the cards. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.freecell import rules
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import SOLVED, UNKNOWN, UNSOLVABLE, solve

OUTCOMES = (SOLVED, UNSOLVABLE, UNKNOWN)
_REACHED = re.compile(r"^Reached Board No\. (\d+) at ([\d.]+) \(total_num_iters=(\d+)\)")
_UNSOLVED = re.compile(r"^(Unsolved|Intractable) Board No\. (\d+)")
_STARTED = re.compile(r"^Started at ([\d.]+)")


def run_ours(first: int, last: int, max_states: int | None) -> tuple[dict, list[float], list[int], float]:
    rs = rules.baker(4)
    verdicts, times, states = {}, [], []
    t_all = time.perf_counter()
    for deal in range(first, last + 1):
        t0 = time.perf_counter()
        result = solve(Position.dealt(deal, rs), rs, max_states=max_states)
        times.append(time.perf_counter() - t0)
        verdicts[deal] = result.outcome
        states.append(result.states)
    return verdicts, times, states, time.perf_counter() - t_all


def run_fc_solve(first: int, last: int) -> tuple[dict, list[float], list[int], float]:
    cmd = ["freecell-solver-range-parallel-solve", str(first), str(last), "1",
           "-g", "bakers_game", "--method", "soft-dfs", "-to", "01ABCDE"]
    t_all = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t_all
    verdicts, times, iters = {}, [], []
    last_t, last_iters, unsolved = None, 0, {}
    for line in out.splitlines():
        if m := _STARTED.match(line):
            last_t = float(m.group(1))
        elif m := _UNSOLVED.match(line):
            unsolved[int(m.group(2))] = UNSOLVABLE if m.group(1) == "Unsolved" else UNKNOWN
        elif m := _REACHED.match(line):
            deal, t, total = int(m.group(1)), float(m.group(2)), int(m.group(3))
            verdicts[deal] = unsolved.get(deal, SOLVED)
            times.append(t - last_t)
            iters.append(total - last_iters)
            last_t, last_iters = t, total
    missing = [d for d in range(first, last + 1) if d not in verdicts]
    if missing:
        raise SystemExit(f"fc-solve output has no line for deal(s) {missing[:10]}")
    return verdicts, times, iters, wall


def row(name: str, verdicts: dict, times: list[float], work: list[int], wall: float) -> str:
    counts = [sum(1 for v in verdicts.values() if v == o) for o in OUTCOMES]
    return (f"{name:<10} {counts[0]:>7} {counts[1]:>10} {counts[2]:>8} {wall:>9.2f} "
            f"{statistics.median(times) * 1000:>10.2f} {max(times):>8.2f} {sum(work):>11}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--max-states", type=int, default=None, help="limit for our solver (default none)")
    args = ap.parse_args(argv)
    if shutil.which("freecell-solver-range-parallel-solve") is None:
        print("needs fc-solve: apt-get install freecell-solver-bin", file=sys.stderr)
        return 2
    fc = run_fc_solve(args.first, args.last)
    ours = run_ours(args.first, args.last, args.max_states)
    print(f"4-suit deals {args.first}..{args.last}, one process each")
    print(f"{'solver':<10} {'solved':>7} {'unsolvable':>10} {'unknown':>8} {'total s':>9} "
          f"{'median ms':>10} {'max s':>8} {'states':>11}")
    print(row("baker8bit", *ours))
    print(row("fc-solve", *fc))
    print(f"ratio ours/fc-solve: total {ours[3] / fc[3]:.2f}x, median per deal "
          f"{statistics.median(ours[1]) / statistics.median(fc[1]):.2f}x")
    print("(states: positions we generated; for fc-solve, its iterations)")
    disagree = [d for d in ours[0] if ours[0][d] != fc[0][d]]
    if disagree:
        print(f"verdicts DISAGREE on {len(disagree)} deal(s): "
              + ", ".join(f"{d} (ours {ours[0][d]}, fc-solve {fc[0][d]})" for d in disagree[:20]))
        return 1
    print(f"verdicts agree on all {len(ours[0])} deals")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
