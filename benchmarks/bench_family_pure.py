"""Benchmark: the pure-Python family search (``family.py``) against the two it replaced (not a test).

    python benchmarks/bench_family_pure.py                       # every game of the family
    python benchmarks/bench_family_pure.py --game baker          # the 1989 game, 4 suits, 1..300
    python benchmarks/bench_family_pure.py --game king-albert    # deals 1..100 at 100,000 positions
    python benchmarks/bench_family_pure.py --game eight-off --last 500 --passes 5
    python benchmarks/bench_family_pure.py --smoke               # 3 deals a game (the tests run this)

``family.py`` is the one plain-Python search of the FreeCell family since commit e4c8284; before
it, ``core.py`` searched the games that build in suit (the 1989 game, Baker's Game, Eight Off)
and ``colour_core.py`` King Albert. Issue 22 asks the one search to be at least as fast as each
of the two. This script loads the two from git history (``git show e4c8284^:<path>``, written
to a temporary directory and imported from there) and times them against ``family.py`` in the
same process, on the same deals with the same limit: deal by deal, the two searches one after
the other (which one goes first alternates from deal to deal), the whole run ``nice``'d, with
CPU time (``time.process_time``) around each call. Each pass over the deals gives one ratio
family/old of the summed CPU times; the mean ratio is printed with a 95% interval (Student's t
over the passes). The verdicts, ``states`` and moves of the two must be equal deal for deal
(they make the same search); a difference is printed and the exit status is 1.

Where git or the commit is not there (an sdist, a shallow clone), the comparison is skipped with
one line saying so and ``family.py`` is timed alone.
"""

from __future__ import annotations

import gc
import importlib.util
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(ROOT))

from baker8bit import games  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.freecell.position import Position  # noqa: E402
from baker8bit.freecell.solver import family  # noqa: E402

OLD_COMMIT = "e4c8284^"  # the tree before family.py replaced core.py and colour_core.py
OLD_FILES = {"suit": "baker8bit/freecell/solver/core.py", "colour": "baker8bit/freecell/solver/colour_core.py"}
# per game: (the deals' last by default, the limit by default)
DEFAULTS = {"baker": (300, None), "bakers-game": (300, None), "eight-off": (300, None),
            "king-albert": (100, 100_000)}
SMOKE = {"baker": (3, None), "bakers-game": (3, None), "eight-off": (3, None), "king-albert": (3, 2_000)}
# Student's t, two-sided 95%, by degrees of freedom
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}


def load_old(tmp: Path):
    """The two old searches as modules (``_old_core``, ``_old_colour_core``), or a reason why not."""
    sources = {}
    for build, path in OLD_FILES.items():
        try:
            p = subprocess.run(["git", "-C", str(ROOT), "show", f"{OLD_COMMIT}:{path}"], capture_output=True,
                               text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"git is not there ({e.__class__.__name__})"
        if p.returncode != 0:
            return f"git show {OLD_COMMIT}:{path} failed ({(p.stderr.strip().splitlines() or ['?'])[-1]})"
        sources[build] = p.stdout
    # colour_core.py took its key_of from core.py: from the old one, loaded beside it
    sources["colour"] = sources["colour"].replace("from baker8bit.freecell.solver.core import",
                                                  "from _old_core import")
    modules = {}
    sys.path.insert(0, str(tmp))
    try:
        for build, name in (("suit", "_old_core"), ("colour", "_old_colour_core")):
            (tmp / f"{name}.py").write_text(sources[build])
            try:
                modules[build] = __import__(name)
            except Exception as e:  # an old file that no longer imports against today's package
                return f"{OLD_FILES[build]} of {OLD_COMMIT} does not import here ({e.__class__.__name__}: {e})"
    finally:
        sys.path.remove(str(tmp))
    return modules


def rule_set(game: str, suits: int | None):
    variant = games.get(game)
    return variant.rules({"suits": suits} if suits is not None and game == "baker" else {})


def cpu_call(fn, *args, **kw):
    t0 = time.process_time()
    r = fn(*args, **kw)
    return r, time.process_time() - t0


def interval(ratios: list[float]) -> str:
    mean = statistics.fmean(ratios)
    if len(ratios) < 2:
        return f"{mean:.3f} (one pass: no interval)"
    df = len(ratios) - 1
    half = T95.get(df, 1.96) * statistics.stdev(ratios) / math.sqrt(len(ratios))
    return f"{mean:.3f} +- {half:.3f} (95%, t, {df} df over {len(ratios)} passes)"


def bench_game(game: str, suits: int | None, first: int, last: int, max_states: int | None, passes: int,
               old) -> int:
    rs = rule_set(game, suits)
    if not family.supports(rs):
        print(f"bench_family_pure: {game} is not of the FreeCell family", file=sys.stderr)
        return 2
    old_mod = old.get(rs.build) if isinstance(old, dict) else None
    old_name = Path(OLD_FILES[rs.build]).name
    deals = range(first, last + 1)
    positions = [Position.dealt(d, rs) for d in deals]
    names = ["family.py"] + ([old_name] if old_mod else [])
    cpu = {n: [0.0] * passes for n in names}
    results: dict[str, list] = {n: [] for n in names}
    differ = []
    for k in range(passes):
        for i, pos in enumerate(positions):
            runs = [("family.py", family.solve)] + ([(old_name, old_mod.solve)] if old_mod else [])
            if (i + k) % 2:
                runs.reverse()
            got = {}
            for n, fn in runs:
                gc.collect()
                got[n], t = cpu_call(fn, pos, rs, max_states=max_states)
                cpu[n][k] += t
            if k == 0:
                for n in names:
                    results[n].append(got[n])
                if old_mod:
                    a, b = got["family.py"], got[old_name]
                    if (a.outcome, a.states, list(a.moves)) != (b.outcome, b.states, list(b.moves)):
                        differ.append(deals[i])
    limit = f"{max_states:,} positions" if max_states else "no limit"
    print(f"{game} (rule set {rs.name}) deals {first}..{last}, {limit}, {passes} pass(es), the searches "
          f"alternated deal by deal, one process")
    print(f"{'search':<16} {'solved':>6} {'unsolvable':>10} {'unknown':>7} {'cpu s':>8} {'states':>11} "
          f"{'states/s':>10}")
    for n in names:
        rs_ = results[n]
        counts = [sum(1 for r in rs_ if r.outcome == o) for o in ("solved", "unsolvable", "unknown")]
        states = sum(r.states for r in rs_)
        best = min(cpu[n])
        print(f"{n:<16} {counts[0]:>6} {counts[1]:>10} {counts[2]:>7} {best:>8.2f} {states:>11} "
              f"{states / best if best else 0:>10.0f}")
    print("(cpu s: the best pass; states: positions generated, per pass)")
    if not old_mod:
        return 0
    ratios = [cpu["family.py"][k] / cpu[old_name][k] for k in range(passes) if cpu[old_name][k] > 0]
    print(f"ratio family.py/{old_name} CPU time: " + " ".join(f"{r:.3f}" for r in ratios)
          + f"; mean {interval(ratios) if ratios else 'n/a'}")
    if differ:
        print(f"DIFFER: verdict, states or moves on {len(differ)} deal(s): "
              + ", ".join(str(d) for d in differ[:20]))
        return 1
    print(f"the same verdicts, states and moves on all {len(deals)} deals")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="bench_family_pure", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", help=f"one of {', '.join(DEFAULTS)}, or all (the default)")
    ap.add_argument("--suits", type=int, default=4, help="the 1989 game (baker): 2, 3 or 4 (default 4)")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=None, help="last deal (default per game: 300; King Albert 100)")
    ap.add_argument("--max-states", type=int, default=None,
                    help="limit per search (default per game: none; King Albert 100000)")
    ap.add_argument("--passes", type=int, default=None, help="passes over the deals (default 3; --smoke 1)")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: 3 deals a game, one pass")
    args = ap.parse_args(argv)
    todo = list(DEFAULTS) if args.game == "all" else [args.game]
    bad = [g for g in todo if g not in DEFAULTS]
    if bad:
        print(f"bench_family_pure: unknown game {bad[0]!r} (one of {', '.join(DEFAULTS)}, or all)", file=sys.stderr)
        return 2
    passes = args.passes or (1 if args.smoke else 3)
    if passes < 1 or args.first < 1 or (args.last is not None and args.last < args.first):
        print("bench_family_pure: --passes must be 1 or more and --first..--last a range of deals", file=sys.stderr)
        return 2
    try:
        os.nice(10)
    except OSError:
        pass
    code = 0
    with tempfile.TemporaryDirectory(prefix="bench_family_pure_") as tmp:
        old = load_old(Path(tmp))
        if isinstance(old, str):
            print(f"old searches not compared: {old}; family.py timed alone")
        for game in todo:
            last, cap = (SMOKE if args.smoke else DEFAULTS)[game]
            last = args.last if args.last is not None else args.first - 1 + last
            cap = args.max_states if args.max_states is not None else cap
            code = max(code, bench_game(game, args.suits, args.first, last, cap, passes, old))
            print(flush=True)
    return code


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        raise SystemExit(130) from None
