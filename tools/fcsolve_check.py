"""Check a FreeCell-family survey's verdicts against fc-solve, and type fc-solve's wins through
``baker8bit keys``.

For each deal of ``--deals`` decided in the survey CSV: fc-solve runs on the deal
(``fcsolve.decide``: its default order, another order, then a-star, each with
``--max-iters``), and where it decides, its verdict must be the survey's; its winning moves
(every move typed: King Albert's automatic moves off) must win through ``baker8bit keys``
(``--auto off`` there). One CSV row a deal, appended as it is checked; a stopped run resumes. Prints a
summary and exits 1 if a verdict differs or a win does not replay.

``--unknown``: the deals the survey left unknown instead. There fc-solve's win, typed through
``baker8bit keys`` to WINNER, decides the deal won (a win is proved by its moves, whoever found
them); fc-solve's "unsolvable" is only reported (its prunings are not ours, so it is no proof
here), and the summary counts the deals left unknown.

``--restarts N`` (with ``--unknown``): instead of the three fixed tries, fc-solve's random
depth-first search with seeds 1..N (or ``--first-seed F``: F..F+N-1), ``--restart-iters``
iterations each (default 30,000; ``fcsolve.restarts``); the row's ``fc_seed`` names the seed that
decided. A second look at the
deals the fixed tries left undecided.

Run: python tools/fcsolve_check.py --csv docs/results/king-albert-survey-r0.csv --deals 1-1000 --out FILE.csv
"""

from __future__ import annotations

import csv
import importlib.util
import sys
from collections import Counter
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(TOOLS.parent))
sys.path.insert(0, str(TOOLS))

from decide_large import wins_through_keys  # noqa: E402

from baker8bit import games  # noqa: E402
from baker8bit.core import compiled  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.freecell import fcsolve  # noqa: E402
from baker8bit.freecell.position import Position  # noqa: E402
from baker8bit.research.survey import Progress, parse_deals  # noqa: E402

FIELDS = ("deal", "ours", "fc_solve", "agree", "fc_moves", "fc_win", "fc_seed")


def manual(game: str) -> tuple[object, list[str]]:
    """The game's rule set with every move typed, and the ``keys`` options that choose it:
    automatic moves off where the game has them (King Albert's ``--auto``); the others make
    none (their safe moves home are the player's)."""
    variant = games.get(game)
    if any(o.name == "auto" for o in variant.options):
        return variant.rules({"auto": False}), ["--auto", "off"]
    return variant.rules({}), []


def check(game: str, rules, keys_options: list[str], deal: int, ours: str, max_iters: int,
          restarts: int = 0, restart_iters: int = fcsolve.RESTART_ITERS, first_seed: int = 1) -> dict:
    pos = Position.dealt(deal, rules)
    if restarts:
        found = fcsolve.restarts(pos, rules, restarts, restart_iters, first=first_seed)
        seed = found.detail["seed"] or ""  # (0: no seed decided)
    else:
        found = fcsolve.decide(pos, rules, max_iters)
        seed = ""
    verdict, moves = found.outcome, list(found.moves)
    row = {"deal": deal, "ours": ours, "fc_solve": verdict, "fc_moves": len(moves), "fc_win": "", "fc_seed": seed,
           "agree": "" if fcsolve.UNKNOWN in (verdict, ours) else ("yes" if verdict == ours else "NO")}
    if verdict == fcsolve.SOLVED:
        typed = wins_through_keys(["--game", game, "--deal", str(deal), *keys_options], moves)
        row["fc_win"] = "yes" if typed else "NO"
    return row


def main() -> int:
    ap = OneLineParser(error_name="fcsolve_check", description=__doc__.splitlines()[0])
    ap.add_argument("--csv", required=True, type=Path, help="the survey's CSV (our verdicts)")
    ap.add_argument("--game", default="king-albert")
    ap.add_argument("--deals", required=True, type=parse_deals, help="1-1000, 7, or 1-10,20-30")
    ap.add_argument("--max-iters", type=int, default=3_000_000, help="fc-solve's iterations a try")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--unknown", action="store_true",
                    help="check the deals the survey left unknown (fc-solve's typed wins decide them)")
    ap.add_argument("--restarts", type=int, default=0,
                    help="with --unknown: fc-solve's random-dfs with seeds 1..N instead of the fixed tries")
    ap.add_argument("--restart-iters", type=int, default=fcsolve.RESTART_ITERS,
                    help=f"iterations a restart (default {fcsolve.RESTART_ITERS:,})")
    ap.add_argument("--first-seed", type=int, default=1,
                    help="with --restarts N: seeds F..F+N-1 (default 1), so a later pass tries new seeds")
    args = ap.parse_args()
    if args.restarts < 0 or args.restart_iters < 1 or args.first_seed < 1 or (args.restarts and not args.unknown):
        ap.error("--restarts N (N >= 0) goes with --unknown; --restart-iters and --first-seed are at least 1")
    with args.csv.open(newline="") as f:
        ours = {int(r["deal"]): r["outcome"] for r in csv.DictReader(f)}
    rules, keys_options = manual(args.game)
    done: dict[int, dict] = {}
    fields = FIELDS
    if args.out.exists():
        with args.out.open(newline="") as f:
            reader = csv.DictReader(f)
            done = {int(r["deal"]): r for r in reader}
            fields = tuple(reader.fieldnames or FIELDS)  # a file made before fc_seed keeps its columns
    else:
        args.out.write_text(",".join(FIELDS) + "\n")
    wanted = (fcsolve.UNKNOWN,) if args.unknown else (fcsolve.SOLVED, fcsolve.UNSOLVABLE)
    todo = [deal for deal in args.deals if deal not in done and ours.get(deal) in wanted]
    print(f"fcsolve_check: {len(todo)} deals to check; {compiled.origin()}", file=sys.stderr, flush=True)
    progress = Progress(sys.stderr, len(todo))  # fc-solve's tries of a deal take up to minutes
    progress.update(0, force=True)
    for n, deal in enumerate(todo, 1):
        row = check(args.game, rules, keys_options, deal, ours[deal], args.max_iters, args.restarts,
                    args.restart_iters, args.first_seed)
        with args.out.open("a", newline="") as f:
            csv.DictWriter(f, fields, extrasaction="ignore").writerow(row)
        done[deal] = {k: str(v) for k, v in row.items()}
        progress.update(n)
    progress.close()
    rows = [r for r in done.values() if (r["ours"] == fcsolve.UNKNOWN) == args.unknown]
    if args.unknown:
        return _unknown_summary(args.out, rows)
    agree = Counter(r["agree"] for r in rows)
    wins = Counter(r["fc_win"] for r in rows if r["fc_solve"] == fcsolve.SOLVED)
    print(f"{args.out}: {len(rows)} deals; fc-solve decided {agree['yes'] + agree['NO']}: "
          f"{agree['yes']} agree, {agree['NO']} differ; {wins['yes']} of fc-solve's "
          f"{sum(wins.values())} wins typed through keys")
    return 1 if agree["NO"] or wins["NO"] else 0


def _unknown_summary(out: Path, rows: list[dict]) -> int:
    said = Counter(r["fc_solve"] for r in rows)
    wins = Counter(r["fc_win"] for r in rows if r["fc_solve"] == fcsolve.SOLVED)
    print(f"{out}: {len(rows)} deals the survey left unknown; fc-solve won {said[fcsolve.SOLVED]}, "
          f"{wins['yes']} typed through keys to WINNER (now decided: won); it calls "
          f"{said[fcsolve.UNSOLVABLE]} unsolvable (no proof here); {len(rows) - wins['yes']} stay unknown")
    return 1 if wins["NO"] else 0


if __name__ == "__main__":
    sys.exit(main())
