"""Benchmark: a seen table that forgets (``solve --memory``) against the exact search (not a test).

    python benchmarks/bench_forget.py                                  # King Albert deals 2, 4, 1903
    python benchmarks/bench_forget.py --deals 1903 --shares 0.75,0.5 --limit 10
    python benchmarks/bench_forget.py --game bakers-game --deals 3,9
    python benchmarks/bench_forget.py --smoke                          # deals 2 and 4 (the tests run this)

For each deal the exact search (a table that never forgets) runs first, with no limit; then, for
each share, the same search with a table of that share of the exact search's positions (slots of
``KEY_BYTES``), allowed ``--limit`` times its positions a move order. Printed for each: the
verdict, the positions searched, their ratio to the exact search's (the peer: what forgetting
costs), the positions the table forgot, the seconds and the table's memory. The compiled family
search only: the games of the FreeCell family (the 1989 game, Baker's Game, Eight Off, King
Albert); another game, or an install with the pure search only, is refused in one line (exit 2).
One core, one run: mind the machine's noise.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit import games  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.freecell.position import Position  # noqa: E402
from baker8bit.freecell.solver import choose, params  # noqa: E402

FAMILY = ("baker", "bakers-game", "eight-off", "king-albert")


def measure(game: str, deals: list[int], shares: list[float], limit: float) -> list[str]:
    rs = games.get(game).rules({})
    fast = choose.implementation(rs)
    lines = [f"{'game':12} {'deal':>5} {'table':>6} {'outcome':11} {'positions':>12} {'x exact':>8} "
             f"{'forgotten':>11} {'seconds':>8} {'table MB':>9}"]
    for deal in deals:
        pos = Position.dealt(deal, rs)
        t0 = time.perf_counter()
        exact = fast.solve(pos, rs)
        took = time.perf_counter() - t0
        lines.append(f"{game:12} {deal:>5} {'exact':>6} {exact.outcome:11} {exact.states:>12,} {1:>8.2f} "
                     f"{0:>11,} {took:>8.2f} {'':>9}")
        for share in shares:
            slots = max(16, int(share * exact.states))
            t0 = time.perf_counter()
            got = fast.solve(pos, rs, max_states=int(limit * exact.states), table=slots)
            took = time.perf_counter() - t0
            lines.append(f"{game:12} {deal:>5} {share:>6.2f} {got.outcome:11} {got.states:>12,} "
                         f"{got.states / exact.states:>8.2f} {fast.forgotten():>11,} {took:>8.2f} "
                         f"{slots * fast.KEY_BYTES / 2**20:>9.1f}")
    return lines


def main() -> int:
    ap = OneLineParser(error_name="bench_forget", description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="king-albert", help=f"one of {', '.join(FAMILY)} (default king-albert)")
    ap.add_argument("--deals", default="2,4,1903", help="comma-separated deals (default 2,4,1903)")
    ap.add_argument("--shares", default="1,0.75,0.5", help="table sizes as shares of the exact search's positions")
    ap.add_argument("--limit", type=float, default=10.0, help="positions allowed, in exact searches' (default 10)")
    ap.add_argument("--smoke", action="store_true", help="deals 2 and 4, shares 0.7 and 0.5, limit 5")
    args = ap.parse_args()
    if args.game not in FAMILY:
        print(f"bench_forget: the game {args.game} has no table that forgets (the FreeCell family: "
              f"{', '.join(FAMILY)})", file=sys.stderr)
        return 2
    rs = games.get(args.game).rules({})
    if not params.supports(rs) or choose.search_name(rs) != "compiled":
        print("bench_forget: a table that forgets needs the compiled search, and this install runs the pure one",
              file=sys.stderr)
        return 2
    try:
        deals = [int(d) for d in ("2,4" if args.smoke else args.deals).split(",")]
        shares = [float(s) for s in ("0.7,0.5" if args.smoke else args.shares).split(",")]
    except ValueError as e:
        print(f"bench_forget: {e}", file=sys.stderr)
        return 2
    limit = 5.0 if args.smoke else args.limit
    print("\n".join(measure(args.game, deals, shares, limit)))
    if args.smoke:
        print("(--smoke: deals 2 and 4 only)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
