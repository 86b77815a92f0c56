"""Benchmark: how long are the winning lines? Ours (the search's, then shortened) against fc-solve's
with its solution optimiser (``-opt``), on the same deals of every FreeCell-family game (not a test).

    python benchmarks/bench_lengths.py                    # deals 1..200 of each game
    python benchmarks/bench_lengths.py --last 1000 --game king-albert
    python benchmarks/bench_lengths.py --smoke            # deals 1..5 (the tests run this)

For every deal both programs win, it counts single-card moves, moves home included (the moves
King Albert makes by itself too, so the lines are counted alike): the search's line as found
(``solver.solve``), that line after the shortening pass (``solver/shorten.py``, what ``solve``,
HELP and the demo give), and fc-solve's line (``fc-solve <rules.fcsolve_args()> -to ... -opt``,
single-card moves, at most ``--fc-iters`` iterations; King Albert retried with ``-to 01DBAE``
and ``--method a-star`` as its cross-check does). For King Albert it also prints the keys a
player types (the game's automatic moves left out). Every line counted is replayed through the
engine, each move checked legal, to a won position. The table gives the median of each with
its 95% interval (distribution-free, from the order statistics of the binomial(n, 1/2)) and the
number of deals where the shortened line is shorter than, equal to, or longer than fc-solve's.
"""

from __future__ import annotations

import importlib.util
import math
import shutil
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(ROOT))

from baker8bit import games  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.core.outcome import SOLVED, UNKNOWN  # noqa: E402
from baker8bit.freecell import fcsolve, moves  # noqa: E402
from baker8bit.freecell.position import Position  # noqa: E402
from baker8bit.freecell.solver import solve  # noqa: E402
from baker8bit.freecell.solver.shorten import shorten  # noqa: E402

GAMES = ("baker", "bakers-game", "eight-off", "king-albert")


def rule_set(game: str):
    return games.get(game).rules({"suits": 4} if game == "baker" else {})


def wins(pos: Position, rules, line: list[str]) -> bool:
    """Every move of ``line`` (the game's own moves included) legal, to a won position."""
    for text in line:
        m = moves.parse_move(text, rules)
        if not moves.is_legal(pos, m, rules):
            return False
        pos = moves.apply(pos, m)
    return pos.is_complete()


def fc_opt(pos: Position, rules, iters: str) -> tuple[str, list[str]]:
    tries = [()]
    if rules.build == "colour":
        tries += [("-to", "01DBAE"), ("--method", "a-star")]
    verdict, line = UNKNOWN, []
    for extra in tries:
        verdict, line = fcsolve.solve(pos, rules, "--max-iters", iters, *extra, "-opt")
        if verdict != UNKNOWN:
            break
    return verdict, line


def median_interval(xs: list[int]) -> tuple[float, float, float]:
    """The median and a distribution-free 95% interval for it (order statistics k and n-k+1)."""
    s = sorted(xs)
    n = len(s)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    k = 0  # the largest k with P(Binomial(n, 1/2) < k) <= 2.5%
    cum = 0.0
    for j in range(n + 1):
        p = math.comb(n, j) / 2 ** n
        if cum + p > 0.025:
            break
        cum += p
        k = j + 1
    lo, hi = (s[k - 1], s[n - k]) if k >= 1 else (s[0], s[-1])
    return statistics.median(s), lo, hi


def measure(game: str, deals: range, iters: str) -> dict:
    rules = rule_set(game)
    found, short, keys, theirs = [], [], [], []
    for deal in deals:
        pos = Position.dealt(deal, rules)
        ours = solve(pos, rules, max_states=6_000_000)
        if ours.outcome != SOLVED:
            continue
        verdict, their_line = fc_opt(pos, rules, iters)
        if verdict != SOLVED:
            continue
        s = shorten(pos, rules, ours)
        for line in (ours.moves, s.moves, their_line):
            if not wins(pos, rules, list(line)):
                raise SystemExit(f"{game} deal {deal}: a line that does not win")
        found.append(len(ours.moves))
        short.append(len(s.moves))
        keys.append(len(s.keys(rules)))
        theirs.append(len(their_line))
    return {"found": found, "short": short, "keys": keys, "theirs": theirs}


def fmt(xs: list[int]) -> str:
    m, lo, hi = median_interval(xs)
    return f"{m:g} [{lo}, {hi}]" if xs else "-"


def main(argv: list[str] | None = None) -> int:
    p = OneLineParser(error_name="bench_lengths", description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=GAMES, action="append", help="a game (default: all four)")
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--last", type=int, default=200)
    p.add_argument("--fc-iters", default="1000000", help="fc-solve's --max-iters (default 1000000)")
    p.add_argument("--smoke", action="store_true", help="deals 1..5 only")
    args = p.parse_args(argv)
    if shutil.which("fc-solve") is None:
        print("bench_lengths: fc-solve is not installed (apt-get install freecell-solver-bin)", file=sys.stderr)
        return 2
    last = min(args.last, args.first + 4) if args.smoke else args.last
    deals = range(args.first, last + 1)
    print(f"deals {deals.start}..{deals.stop - 1}; medians of single-card moves (moves home included) "
          "with 95% intervals, over the deals both programs win")
    print("| game | deals | search's line | shortened | keys typed | fc-solve -opt | shorter / equal / longer |")
    print("|---|---|---|---|---|---|---|")
    for game in args.game or GAMES:
        r = measure(game, deals, args.fc_iters)
        pairs = list(zip(r["short"], r["theirs"], strict=True))
        less = sum(a < b for a, b in pairs)
        same = sum(a == b for a, b in pairs)
        print(f"| {game} | {len(pairs)} | {fmt(r['found'])} | {fmt(r['short'])} | {fmt(r['keys'])} | "
              f"{fmt(r['theirs'])} | {less} / {same} / {len(pairs) - less - same} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
