"""Blue's HELP counted offline: the deals its plans answer within 2 s of game time, at each share
of the positions for the plans of the ace orderings (the timing's ``help_orderings``).

    python benchmarks/bench_blue_help.py --first 2001 --last 2400 --orderings 0,20,35,50,70,85,100
    python benchmarks/bench_blue_help.py --first 6201 --last 6600 --orderings 0,50
    python benchmarks/bench_blue_help.py --first 8001 --last 8400 --orderings 50 --cores 1
    python benchmarks/bench_blue_help.py --smoke      # deals 1..2, orderings 0 and 50 (the tests run this)

No machine, no frames: HELP's task on a fresh full-size deal (the aces may be placed) is
``checker.solve_by_levels`` with one budget, frame ``--frames``'s (``help_plan * (frames -
help_lead)`` of this install's timing, 3,016,000 positions at 120 frames compiled), on
``--cores`` (the timing's ``help_cores``: 2, the undecided plan and the orderings' plans each
with all of it, in a thread each; 1, the plans sharing it; a share of 0 or 100 is one side,
so one core). A deal is
answered when the plans decide (a win or a proof) with a run started under that budget, which
is when ``bench_help.py`` (the console machine, one level a frame) sees the answer by that frame:
the two count the same deals (docs/games/blue.md, "HELP", on deals 6001..6200). These counts
depend on the positions only, so they are the same on every machine with the same searches
(compiled or plain: the same runs). Prints, per share, the deals answered, the rate with its
Wilson 95 % interval, the deals not answered (``-v``: one line a deal) and the time taken.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.core.outcome import UNKNOWN  # noqa: E402
from baker8bit.core.timing import timing  # noqa: E402
from baker8bit.games.blue import checker, rules  # noqa: E402
from baker8bit.games.blue.dialogue import HELP_CAP  # noqa: E402
from baker8bit.research.survey import Z95, wilson  # noqa: E402


def answered(deal: int, budget: int, orderings: int, cores: int) -> tuple[bool, int, str]:
    """Whether HELP's plans decide deal ``deal`` within ``budget`` (each side's, on ``cores`` 2):
    (decided, positions, method)."""
    board = rules.deal(deal, rules.FULL)
    res = next(checker.solve_by_levels(board, rules.FULL, (budget,), any_aces=True, cap=HELP_CAP,
                                       orderings=orderings, cores=cores))
    return res.outcome != UNKNOWN, res.positions, res.detail["method"]


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="bench_blue_help", description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=None, help="first deal (default 2001; --smoke: 1)")
    ap.add_argument("--last", type=int, default=None, help="last deal (default 2400; --smoke: 2)")
    ap.add_argument("--orderings", default=None,
                    help="shares to count, percentages with commas (default 0 and the timing's; --smoke: 0,50)")
    ap.add_argument("--cores", type=int, default=None,
                    help="1: the plans share the positions; 2: the undecided plan and the orderings' plans "
                         "each have all of them (default: the timing's help_cores)")
    ap.add_argument("--frames", type=int, default=120, help="the frame the answer must come by (default 120: 2 s)")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: deals 1..2, a few seconds")
    ap.add_argument("--verbose", "-v", action="store_true", help="one line a deal")
    args = ap.parse_args(argv)
    t = timing()
    first = args.first if args.first is not None else (1 if args.smoke else 2001)
    last = args.last if args.last is not None else (first + 1 if args.smoke else 2400)
    text = args.orderings or ("0,50" if args.smoke else f"0,{t.help_orderings}")
    try:
        shares = [int(x) for x in text.split(",")]
    except ValueError:
        ap.error(f"--orderings: percentages with commas, not {text!r}")
    cores = t.help_cores if args.cores is None else args.cores
    if not all(0 <= s <= 100 for s in shares) or last < first or args.frames <= t.help_lead or cores not in (1, 2):
        ap.error("--orderings are 0..100, --last at least --first, --frames more than help_lead, --cores 1 or 2")
    budget = t.help_plan * (args.frames - t.help_lead)
    n = last - first + 1
    print(f"Blue's HELP offline, deals {first}..{last}: answered when decided with a run started under "
          f"{budget:,} positions (frame {args.frames}: help_plan {t.help_plan} x (frame - help_lead {t.help_lead})), "
          f"{'each side of the two cores' if cores == 2 else 'on one core'}")
    print(f"{'orderings':>9} {'deals':>6} {'answered':>8} {'rate':>7} {'95% interval':>15} {'seconds':>8}  "
          "not answered")
    for share in shares:
        t0 = time.perf_counter()
        missed = []
        for deal in range(first, last + 1):
            ok, positions, how = answered(deal, budget, share, cores)
            if not ok:
                missed.append(deal)
            if args.verbose:
                print(f"  orderings {share} deal {deal}: {'answered' if ok else 'no answer'} "
                      f"({positions} positions{', ' + how if how else ''})", flush=True)
        k = n - len(missed)
        low, high = wilson(k, n, Z95)
        print(f"{share:>9} {n:>6} {k:>8} {100 * k / n:>6.1f}% {f'[{100 * low:.1f}, {100 * high:.1f}]':>15} "
              f"{time.perf_counter() - t0:>8.1f}  {' '.join(map(str, missed)) or '-'}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
