"""Check a FreeCell-family survey CSV: each deal solved again, its verdict the survey's, and
every win's keys (the keys a player types, automatic moves left to the game) played by
``baker8bit keys`` to a win.

The survey's rows say only the verdict and the size of the search; this makes each win a line
a player can type and shows it wins. The search is deterministic, so solving again with a cap
at least the survey's gives the survey's result. Prints one line a deal that disagrees and a
summary; exits 1 if any does.

Run: python tools/replay_survey.py --csv docs/results/king-albert-survey-r3.csv --game king-albert --starting-rank 3
"""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(TOOLS.parent))
sys.path.insert(0, str(TOOLS))

from decide_large import run_cli, wins_through_keys  # noqa: E402

from baker8bit.core import compiled  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.research.survey import Progress  # noqa: E402


def check(rows: list[dict], game_args: list[str], max_states: int,
          skip_above: int | None = None) -> tuple[int, int, int, list[str]]:
    """(wins replayed, losses confirmed, rows skipped, the disagreements) for the decided rows;
    a row whose search took more than ``skip_above`` positions is skipped (not solved again)."""
    won = lost = skipped = 0
    bad = []
    decided = [row for row in rows if row["outcome"] in ("solved", "unsolvable")]
    progress = Progress(sys.stderr, len(decided))  # a hard deal is solved again for minutes
    progress.update(0, force=True)
    for n, row in enumerate(decided):
        progress.update(n)
        if skip_above is not None and int(row["states"]) > skip_above:
            skipped += 1
            continue
        deal = ["--deal", row["deal"]]
        cap = max(max_states, int(row["states"]))
        rc, result = run_cli(["solve", *game_args, *deal, "--max-states", str(cap)])
        if result.get("outcome") != row["outcome"]:
            bad.append(f"deal {row['deal']}: survey {row['outcome']}, solve {result.get('outcome')} (exit {rc})")
        elif row["outcome"] == "unsolvable":
            lost += 1
        elif wins_through_keys([*game_args, *deal], result["solution"]):
            won += 1
        else:
            bad.append(f"deal {row['deal']}: the {len(result['solution'])} keys solve gives do not win")
    progress.update(len(decided))
    progress.close()
    return won, lost, skipped, bad


def main() -> int:
    ap = OneLineParser(error_name="replay_survey", description=__doc__.splitlines()[0])
    ap.add_argument("--csv", required=True, type=Path, help="a survey's CSV (game,deal,outcome,...,states,...)")
    ap.add_argument("--game", default="king-albert")
    ap.add_argument("--starting-rank", type=int, help="King Albert: the survey's starting rank")
    ap.add_argument("--max-states", type=int, default=8_000_000, help="the cap to solve again with")
    ap.add_argument("--skip-above", type=int, help="leave out rows whose search took more positions "
                    "(decided with tools/decide_large.py, which replays its wins itself)")
    args = ap.parse_args()
    print(f"replay_survey: {compiled.origin()}", file=sys.stderr, flush=True)
    game_args = ["--game", args.game]
    if args.starting_rank is not None:
        game_args += ["--starting-rank", str(args.starting_rank)]
    with args.csv.open(newline="") as f:
        rows = list(csv.DictReader(f))
    won, lost, skipped, bad = check(rows, game_args, args.max_states, args.skip_above)
    for line in bad:
        print(line)
    print(f"{args.csv}: {won} wins replayed through keys, {lost} losses confirmed, {len(bad)} disagree"
          + (f", {skipped} skipped (more than {args.skip_above} positions)" if skipped else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
