"""Benchmark: our solver against fc-solve on the same deals of one game (not a test).

    python benchmarks/bench_solver.py --game bakers-game            # deals 1..1000
    python benchmarks/bench_solver.py --game eight-off --last 200
    python benchmarks/bench_solver.py --game baker --suits 4        # the 1989 game
    python tools/bench_solver.py ...                                # the same (a wrapper)
    python benchmarks/bench_solver.py --smoke                        # deals 1..5 (the tests run this)

Only the FreeCell family has a peer in fc-solve (the 1989 game, Baker's Game, Eight Off, King
Albert); another game id is refused in one line (exit 2). The ratios of our times to fc-solve's
are printed in the same run.

Both solvers get the same positions (``Position.dealt`` under the game's rule
set; for Eight Off that is 48 cards in the columns and 4 in the cells, which
fc-solve's own Microsoft deals do not give, so every deal is written as a board).

fc-solve runs once per deal, as ``fc-solve <rules.fcsolve_args()> --method
soft-dfs -to 01ABCDE -sel`` (the rule set's numbers and rules, single-card
moves only, exhaustive depth-first search, a proof told from a limit), with
no iteration limit. Its time per deal is the wall time of the process
(starting it costs about a millisecond, included); its states are the
"This scan generated N states." it prints; its peak memory is the largest
maximum resident set size of those processes (``getrusage(RUSAGE_CHILDREN)``).

Ours runs twice, with the family's compiled search (``_cfamily``, built by the package build;
skipped when it is not built) and with the pure-Python one (``BAKER8BIT_PURE_SOLVER=1``),
each in one child process, one deal after another, with no limit; its
time per deal is the solver's own (dealing included), its states the
positions it generated, its peak memory the child's maximum resident set
size (a Python interpreter, about 20 MB, included; the figure before the
first deal is printed too). One core each.

Where the game's deals are Microsoft's (Baker's Game and the 4-suit 1989 game: checked on the
first deal against ``make-microsoft-freecell-board -t``), fc-solve runs a second time in one
process for all the deals, as ``freecell-solver-range-parallel-solve FIRST LAST 1 <the same
options>``: fc-solve's solving time without the start of a process per deal (about 3.5 ms of
CPU each). That row ("fc-solve 1p") has times only; its verdicts are the per-deal run's.

Times are printed twice: wall time ("total s") and CPU time ("cpu s": user +
system time of our child process, and of the fc-solve processes from
``getrusage(RUSAGE_CHILDREN)``). On a machine that is busy with other work the
wall times of the two runs can be slowed by different amounts; the CPU times
are what each solver itself spent, so the CPU ratio is the one to trust there.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(ROOT))

from baker8bit import games  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE  # noqa: E402
from baker8bit.freecell import boardtext, fcsolve  # noqa: E402
from baker8bit.freecell.position import Position  # noqa: E402
from baker8bit.freecell.solver import choose, params, searcher, solve  # noqa: E402

OUTCOMES = (SOLVED, UNSOLVABLE, UNKNOWN)
_GENERATED = re.compile(r"This scan generated (\d+) states\.")


def rule_set(game: str, suits: int | None):
    variant = games.get(game)
    return variant.rules({"suits": suits} if suits is not None else {})


def fc_solve_command(rs) -> list[str]:
    return ["fc-solve", *rs.fcsolve_args(), "--method", "soft-dfs", "-to", rs.fcsolve_order(), "-sel",
            *FC_EXTRA]


FC_EXTRA: list[str] = []  # --fc-max-iters N adds "--max-iters N"


def _cpu(who: int) -> float:
    """User + system seconds of this process or of its finished children."""
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def _max_rss_mb(who: int) -> float:
    """ru_maxrss in MB (Linux gives kilobytes)."""
    return resource.getrusage(who).ru_maxrss / 1024


def run_fc_solve(rs, deals: range, timeout: float | None) -> dict:
    cmd = fc_solve_command(rs)
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    verdicts, times, states = {}, [], []
    t_all = time.perf_counter()
    cpu0 = _cpu(resource.RUSAGE_CHILDREN)
    for deal in deals:
        board = boardtext.write(Position.dealt(deal, rs), rs)
        t0 = time.perf_counter()
        try:
            out = subprocess.run(cmd, input=board, capture_output=True, text=True, env=env,
                                 timeout=timeout).stdout
        except subprocess.TimeoutExpired:
            out = ""
        times.append(time.perf_counter() - t0)
        verdicts[deal] = fcsolve.verdict(out)
        m = _GENERATED.search(out)
        states.append(int(m.group(1)) if m else 0)
    wall = time.perf_counter() - t_all
    cpu = _cpu(resource.RUSAGE_CHILDREN) - cpu0
    return {"verdicts": verdicts, "times": times, "states": states, "wall": wall, "cpu": cpu,
            "peak_mb": _max_rss_mb(resource.RUSAGE_CHILDREN), "base_mb": 0.0}


def ms_deals(rs, first: int) -> bool:
    """Are the game's deals fc-solve's Microsoft deals (so its range solver solves the same boards)?"""
    if shutil.which("make-microsoft-freecell-board") is None:
        return False
    ms = subprocess.run(["make-microsoft-freecell-board", "-t", str(first)], capture_output=True,
                        text=True).stdout
    ours = boardtext.write(Position.dealt(first, rs), rs)
    columns = [line[1:].strip() for line in ours.splitlines() if line.startswith(":")]
    return [line.strip() for line in ms.strip().splitlines()] == columns


def run_fc_solve_range(rs, first: int, last: int) -> dict | None:
    """fc-solve's range solver on Microsoft deals first..last in one process: times only."""
    if shutil.which("freecell-solver-range-parallel-solve") is None:
        return None
    cmd = ["freecell-solver-range-parallel-solve", str(first), str(last), "1", *rs.fcsolve_args(),
           "--method", "soft-dfs", "-to", rs.fcsolve_order(), *FC_EXTRA]
    cpu0 = _cpu(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    m = re.findall(r"total_num_iters=(\d+)", out)
    return {"wall": wall, "cpu": _cpu(resource.RUSAGE_CHILDREN) - cpu0,
            "iters": int(m[-1]) if m else 0}


def ours_child(game: str, suits: int | None, first: int, last: int, max_states: int | None) -> None:
    """In the child process: solve the deals, print one JSON line."""
    rs = rule_set(game, suits)
    base = _max_rss_mb(resource.RUSAGE_SELF)
    verdicts, times, states, empties = {}, [], [], {}
    t_all = time.perf_counter()
    cpu0 = _cpu(resource.RUSAGE_SELF)
    for deal in range(first, last + 1):
        t0 = time.perf_counter()
        pos = Position.dealt(deal, rs)
        if params.supports(rs):
            # the family search (compiled when built), as solve() runs it
            result = solve(pos, rs, max_states=max_states)
        else:
            result = searcher(pos, rs, max_states=max_states).step()
        if rs.build == "colour":  # alternating colours: King Albert's tip
            empties[deal] = result.max_empty
        times.append(time.perf_counter() - t0)
        verdicts[deal] = result.outcome
        states.append(result.states)
    wall = time.perf_counter() - t_all
    cpu = _cpu(resource.RUSAGE_SELF) - cpu0
    print(json.dumps({"verdicts": verdicts, "times": times, "states": states, "wall": wall, "cpu": cpu,
                      "empties": empties,
                      "peak_mb": _max_rss_mb(resource.RUSAGE_SELF), "base_mb": base}))


def run_ours(game: str, suits: int | None, first: int, last: int, max_states: int | None,
             pure: bool = False) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--game", game,
           "--first", str(first), "--last", str(last)]
    if suits is not None:
        cmd += ["--suits", str(suits)]
    if max_states is not None:
        cmd += ["--max-states", str(max_states)]
    env = dict(os.environ, BAKER8BIT_PURE_SOLVER="1" if pure else "0")
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    data = json.loads(out.strip().splitlines()[-1])
    data["verdicts"] = {int(k): v for k, v in data["verdicts"].items()}
    return data


def row(name: str, r: dict) -> str:
    counts = [sum(1 for v in r["verdicts"].values() if v == o) for o in OUTCOMES]
    solving = sum(r["times"])
    rate = sum(r["states"]) / solving if solving else 0.0
    return (f"{name:<10} {counts[0]:>6} {counts[1]:>10} {counts[2]:>7} {r['wall']:>8.2f} {r['cpu']:>7.2f} "
            f"{statistics.median(r['times']) * 1000:>9.2f} {max(r['times']):>7.2f} "
            f"{sum(r['states']):>11} {rate:>11.0f} {r['peak_mb']:>8.1f}")


def tip(ours: dict) -> None:
    """King Albert's tip: "A game is probably not winnable if at least two spaces cannot be
    created." Two spaces: two empty building stacks at the same time in some position reachable
    from the deal (the search's states; its safe moves home only ever empty stacks, so they
    hide no such position). Known for decided deals (a solved deal ends with nine)."""
    ev = {int(d): e for d, e in ours["empties"].items()}
    rows = {}
    for d, v in ours["verdicts"].items():
        if v == "unknown" and ev[d] < 2:
            continue  # not known whether two spaces can be made
        can = ev[d] >= 2
        rows.setdefault(can, {}).setdefault(v, 0)
        rows[can][v] += 1
    print("the tip: two spaces can be created (yes/no) against the verdict")
    for can in (True, False):
        r = rows.get(can, {})
        print(f"  two spaces {'yes' if can else 'no '}: solved {r.get('solved', 0)}, "
              f"unsolvable {r.get('unsolvable', 0)}, unknown {r.get('unknown', 0)}")


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="bench_solver", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="bakers-game", help=f"one of {', '.join(games.ids())}")
    ap.add_argument("--suits", type=int, default=None, help="the 1989 game (baker): 2, 3 or 4 (default 4)")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=None, help="last deal (default 1000; --smoke: FIRST+4)")
    ap.add_argument("--max-states", type=int, default=None, help="limit for our solver (default none)")
    ap.add_argument("--fc-timeout", type=float, default=None,
                    help="seconds per deal for fc-solve (default none; a timeout counts as unknown)")
    ap.add_argument("--fc-max-iters", type=int, default=None,
                    help="fc-solve's --max-iters (an answer past it is 'unknown'; default none)")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: 5 deals, a few seconds")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.last is None:
        args.last = args.first + 4 if args.smoke else 1000
    try:
        rs = rule_set(args.game, args.suits)
    except games.VariantError as e:
        print(f"bench_solver: {e}", file=sys.stderr)
        return 2
    if not hasattr(rs, "fcsolve_args"):
        print(f"bench_solver: {args.game} has no peer in fc-solve (the FreeCell family has: "
              f"{', '.join(g for g in games.ids() if hasattr(rule_set(g, None), 'fcsolve_args'))})",
              file=sys.stderr)
        return 2
    if args.child:
        ours_child(args.game, args.suits, args.first, args.last, args.max_states)
        return 0
    if shutil.which("fc-solve") is None:
        print("needs fc-solve: apt-get install freecell-solver-bin", file=sys.stderr)
        return 2
    if args.fc_max_iters:
        FC_EXTRA[:] = ["--max-iters", str(args.fc_max_iters)]
    deals = range(args.first, args.last + 1)
    fc = run_fc_solve(rs, deals, args.fc_timeout)  # before ours: RUSAGE_CHILDREN is fc-solve's alone
    fc1 = run_fc_solve_range(rs, args.first, args.last) if ms_deals(rs, args.first) else None
    runs = []
    if choose.compiled_built():
        runs.append(("compiled", run_ours(args.game, args.suits, args.first, args.last, args.max_states)))
    runs.append(("pure", run_ours(args.game, args.suits, args.first, args.last, args.max_states, pure=True)))
    print(f"{args.game} (rule set {rs.name}) deals {args.first}..{args.last}, one core each")
    print("fc-solve: " + " ".join(fc_solve_command(rs)))
    if not choose.compiled_built():
        print("(no compiled module: install with a C compiler: pip install .)")
    print(f"{'solver':<10} {'solved':>6} {'unsolvable':>10} {'unknown':>7} {'total s':>8} {'cpu s':>7} "
          f"{'median ms':>9} {'max s':>7} {'states':>11} {'states/s':>11} {'peak MB':>8}")
    for name, ours in runs:
        print(row(name, ours))
    print(row("fc-solve", fc))
    if fc1 is not None:
        print(f"{'fc-solve 1p':<10} {'':>6} {'':>10} {'':>7} {fc1['wall']:>8.2f} {fc1['cpu']:>7.2f} "
              f"{'':>9} {'':>7} {fc1['iters']:>11} {fc1['iters'] / fc1['cpu'] if fc1['cpu'] else 0:>11.0f}")
    print("ratio ours/fc-solve: " + ", ".join(
        f"{name} total time {ours['wall'] / fc['wall']:.3f}x, CPU time {ours['cpu'] / fc['cpu']:.3f}x "
        f"(median per deal "
        f"{statistics.median(ours['times']) / statistics.median(fc['times']):.2f}x)" for name, ours in runs))
    if fc1 is not None:
        print("ratio ours/fc-solve in one process: " + ", ".join(
            f"{name} total time {ours['wall'] / fc1['wall']:.2f}x, CPU time {ours['cpu'] / fc1['cpu']:.2f}x"
            for name, ours in runs))
    print("peak MB: " + ", ".join(f"{name} {ours['peak_mb']:.1f}" for name, ours in runs)
          + f", fc-solve {fc['peak_mb']:.1f} (states: positions generated; peak MB: max RSS, ours "
          f"including the interpreter's {runs[0][1]['base_mb']:.1f} MB before the first deal)")
    code = 0
    known = ("solved", "unsolvable")
    for name, ours in runs:
        if ours.get("empties"):
            tip(ours)
        disagree = [d for d in deals if ours["verdicts"][d] != fc["verdicts"][d]
                    and ours["verdicts"][d] in known and fc["verdicts"][d] in known]
        unknown = [d for d in deals if ours["verdicts"][d] not in known or fc["verdicts"][d] not in known]
        if unknown:
            print(f"{name}: not compared ({len(unknown)} deals unknown to one or both): "
                  + ", ".join(f"{d} (ours {ours['verdicts'][d]}, fc-solve {fc['verdicts'][d]})" for d in unknown[:30]))
        if disagree:
            print(f"{name}: verdicts DISAGREE on {len(disagree)} deal(s): "
                  + ", ".join(f"{d} (ours {ours['verdicts'][d]}, fc-solve {fc['verdicts'][d]})"
                              for d in disagree[:20]))
            code = 1
        else:
            print(f"{name}: verdicts agree on all {len(deals) - len(unknown)} deals both decided")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
