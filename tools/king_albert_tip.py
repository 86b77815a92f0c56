"""Measure King Albert's tip on a survey's deals: "A game is probably not winnable if at least two
spaces cannot be created" (Andrew Pipkin's King Albert instructions, 2000; docs/FAITHFULNESS.md).

Two spaces: two empty building stacks at the same time in some position reachable from the deal.
For a deal the survey proved unsolvable, the exhaustive search saw every reachable position
(its only automatic moves, the proven-safe moves home, never fill a stack), so its
``max_empty`` (``detail["max_empty"]`` of ``solve()``'s family search, the same figure as
``ColourSearch.max_empty`` on an exhaustive search) says exactly whether two spaces can be
made. A won deal ends with nine. The tip's claim, "cannot make two spaces => probably not
winnable", is then certain on decided deals; what is worth knowing is how many unwinnable deals
it catches.

With ``--out FILE`` it also writes one CSV row per unsolvable deal: ``deal,outcome,states,max_empty``
(the outcome found again; a deal past ``--max-states`` is ``unknown`` and counts in neither line).

Run: python tools/king_albert_tip.py SURVEY.csv [--max-states N] [--out FILE]
"""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit import games  # noqa: E402
from baker8bit.core import compiled  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.core.outcome import UNSOLVABLE  # noqa: E402
from baker8bit.freecell.position import Position  # noqa: E402
from baker8bit.freecell.solver import solve
from baker8bit.research.survey import Progress  # noqa: E402


def main() -> int:
    ap = OneLineParser(error_name="king_albert_tip", description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="a survey CSV of king-albert deals")
    ap.add_argument("--max-states", type=int, default=8_000_000)
    ap.add_argument("--out", help="write a CSV row per unsolvable deal: deal,outcome,states,max_empty")
    args = ap.parse_args()
    rows = list(csv.DictReader(open(args.csv, encoding="utf-8")))
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    lost_two = lost_fewer = 0
    measured = []
    print(f"king_albert_tip: {compiled.origin()}", file=sys.stderr, flush=True)
    progress = Progress(sys.stderr, len(rows))  # each unsolvable deal is searched again, exhaustively
    for n, row in enumerate(rows):
        progress.update(n)
        counts[row["outcome"]] += 1
        if row["outcome"] != UNSOLVABLE:
            continue
        rs = games.ruleset(row["game"])
        result = solve(Position.dealt(int(row["deal"]), rs), rs, max_states=args.max_states)
        measured.append((row["deal"], result.outcome, result.states, result.max_empty))
        if result.outcome != UNSOLVABLE:
            print(f"deal {row['deal']}: {result.outcome} now (limit?)", file=sys.stderr)
            continue
        if result.detail["max_empty"] >= 2:
            lost_two += 1
        else:
            lost_fewer += 1
    progress.update(len(rows))
    progress.close()
    lost = lost_two + lost_fewer
    if args.out:
        with open(args.out, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(("deal", "outcome", "states", "max_empty"))
            w.writerows(measured)
    print(f"deals {len(rows)}: solved {counts['solved']}, unsolvable {counts['unsolvable']}, "
          f"unknown {counts['unknown']}")
    print(f"unsolvable deals that cannot make two spaces: {lost_fewer} of {lost}"
          + (f" ({100 * lost_fewer / lost:.1f}%)" if lost else ""))
    print(f"unsolvable deals that can make two spaces: {lost_two}")
    print("solved deals that cannot make two spaces: 0 (a win ends with nine empty stacks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
