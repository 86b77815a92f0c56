"""Blue solution lengths: the moves of ``solve --game blue`` before and after the shortening pass.

    python benchmarks/bench_blue_lengths.py [FIRST LAST]   # default deals 1..100
    python benchmarks/bench_blue_lengths.py --smoke         # deals 1..3 (the tests run this)

Each deal goes through what ``solve --game blue`` does with its default budget (2,000,000
positions a run, effort 4): the checker with the aces as dealt, and with the best ordering when
that finds no win. The line the search found and the line ``shorten.py`` makes of it are both
replayed (``rules.Game.play``) to a win; the table gives the deals won, the median and mean moves
before and after, and the median share cut. There is no fc-solve for Blue to compare with.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from baker8bit.games.blue import checker, rules, shorten  # noqa: E402
from baker8bit.games.blue.rules import FULL  # noqa: E402

BUDGET = 2_000_000  # solve's default --max-states


def line_of(deal: int, budget: int):
    """(start board with the winning aces, moves) of the solve command's search, or None."""
    board = rules.deal(deal)
    res = checker.solve(board, FULL, max_positions=budget)
    if res.outcome != checker.SOLVED:
        res = checker.solve_any(board, FULL, max_positions=budget)
        if res.outcome != checker.SOLVED:
            return None
    return rules.with_aces(board, res.detail["aces"], FULL), res.moves


def wins(start: bytes, moves) -> bool:
    g = rules.Game(FULL, start)
    for m in moves:
        g.play(m)
    return g.won()


def main(argv: list[str]) -> None:
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    try:
        first, last = (1, 3) if smoke else (int(argv[0]), int(argv[1])) if len(argv) == 2 else (1, 100)
        if (argv and len(argv) != 2) or not 1 <= first <= last:
            raise ValueError
    except ValueError:
        print("bench_blue_lengths: usage: bench_blue_lengths.py [FIRST LAST] | --smoke "
              "(deal numbers from 1, FIRST at most LAST)", file=sys.stderr)
        sys.exit(2)
    budget = 100_000 if smoke else BUDGET
    before, after, cut, secs = [], [], [], 0.0
    for deal in range(first, last + 1):
        found = line_of(deal, budget)
        if found is None:
            continue
        start, moves = found
        t0 = time.perf_counter()
        short = shorten.shorten(start, moves, FULL)
        secs += time.perf_counter() - t0
        assert wins(start, moves) and wins(start, short), deal
        before.append(len(moves))
        after.append(len(short))
        cut.append(1 - len(short) / len(moves))
    n = last - first + 1
    print(f"Blue 4x13, deals {first}..{last}: {len(before)} of {n} won within {budget:,} positions a run")
    if before:
        print(f"{'line':<10} {'median':>7} {'mean':>7} {'max':>5}")
        print(f"{'found':<10} {statistics.median(before):>7.1f} {statistics.mean(before):>7.1f} {max(before):>5}")
        print(f"{'shortened':<10} {statistics.median(after):>7.1f} {statistics.mean(after):>7.1f} {max(after):>5}")
        print(f"median cut {statistics.median(cut):.1%}; shortening {secs / len(before):.3f} s a deal")


if __name__ == "__main__":
    main(sys.argv[1:])
