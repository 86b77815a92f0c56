"""Blue checker benchmark: positions a second, memory per position, full-size decision time.

    python benchmarks/bench_blue.py [DEALS] [MAX_SECONDS] [POSITIONS]
    python benchmarks/bench_blue.py --smoke     # tiny sizes, a few seconds (the tests run this)

Memory per position: the plain search's ``bytes`` keys in a ``set`` (tracemalloc), and the
compiled search's table and stack (the peak memory growth of a run that stops at its cap).
Positions a second are measured on fixed work (deals 1..DEALS, aces as dealt, a budget
of POSITIONS per search, default 100,000) for the plain search module and, when
the package build made it, the compiled ``_csearch``, deal by deal in
turn so that both see the same load, and their ratio is printed. The decision time uses the
module the checker picks (``BAKER8BIT_PURE_SOLVER=1``: the plain one) and a time limit of
MAX_SECONDS. ``--smoke``: 2 deals, 0.2 s, 5,000 positions a search, memory on 10,000 and
200,000 positions.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from baker8bit.games.blue import checker, rules, search  # noqa: E402


def memory_per_position(n: int = 100_000) -> float:
    """Bytes per remembered position: a set of n distinct 4 x 13 boards."""
    boards = []
    b = rules.deal(1)
    for k in range(n):
        x = bytearray(b)
        x[1], x[2] = k & 255, (k >> 8) & 255
        boards.append(x)
    tracemalloc.start()
    keys = {bytes(x) for x in boards}
    size, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return size / len(keys)


UNWON_DEAL = 3  # a deal whose plain-order run is not won within a million positions


def _peak_growth(conn, n: int) -> None:
    """In a fresh process: the peak-memory growth of one compiled run that keeps n positions."""
    mod = search.implementation(pure=False)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    outcome, _moves, _positions = mod.run(rules.deal(UNWON_DEAL), rules.FULL, n, None, False, None)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    conn.send((outcome, (after - before) * 1024))  # ru_maxrss is in KiB on Linux


def compiled_memory_per_position(n: int = 1_000_000) -> float | None:
    """Bytes per remembered position in the compiled search, measured as the growth of the
    peak resident memory of a process whose one run stops at its cap of n positions."""
    if search.implementation(pure=False) is search.implementation(pure=True):
        return None
    here, there = multiprocessing.Pipe()
    proc = multiprocessing.Process(target=_peak_growth, args=(there, n))
    proc.start()
    outcome, grown = here.recv()
    proc.join()
    if outcome != "unknown":
        raise SystemExit(f"bench_blue: deal {UNWON_DEAL} was decided within {n} positions; pick another")
    return grown / n


def speeds(deals: int, budget: int) -> dict[str, float]:
    """Positions a second of each available search module on the same fixed work."""
    mods = {"plain": search.implementation(pure=True)}
    if search.implementation(pure=False) is not mods["plain"]:
        mods["compiled"] = search.implementation(pure=False)
    pos = dict.fromkeys(mods, 0)
    secs = dict.fromkeys(mods, 0.0)
    saved = search.implementation
    try:
        for d in range(1, deals + 1):
            for name, mod in mods.items():
                search.implementation = lambda pure=None, mod=mod: mod
                t = time.perf_counter()
                r = checker.solve(rules.deal(d), rules.FULL, max_positions=budget)
                secs[name] += time.perf_counter() - t
                pos[name] += r.positions
    finally:
        search.implementation = saved
    return {name: pos[name] / secs[name] for name in mods}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return
    smoke = "--smoke" in argv
    argv = [a for a in argv if a != "--smoke"]
    small = (2, 0.2, 5_000) if smoke else (20, 5.0, 100_000)
    try:
        deals = int(argv[0]) if len(argv) > 0 else small[0]
        limit = float(argv[1]) if len(argv) > 1 else small[1]
        budget = int(argv[2]) if len(argv) > 2 else small[2]
        if len(argv) > 3 or deals < 1 or limit <= 0 or budget < 1:
            raise ValueError
    except ValueError:
        print("bench_blue: usage: bench_blue.py [DEALS] [MAX_SECONDS] [POSITIONS] | --smoke "
              "(a whole number of deals from 1, seconds above 0, positions from 1)", file=sys.stderr)
        sys.exit(2)
    plain_n, compiled_n = (10_000, 200_000) if smoke else (100_000, 1_000_000)
    print(f"memory per position, plain search: {memory_per_position(plain_n):.0f} bytes "
          f"(the budget assumes {checker.position_bytes(rules.FULL, pure=True)})")
    compiled = compiled_memory_per_position(compiled_n)
    if compiled is not None:
        print(f"memory per position, compiled search: {compiled:.0f} bytes "
              f"(the budget assumes {checker.position_bytes(rules.FULL, pure=False)})")
    rates = speeds(deals, budget)
    for name, speed in rates.items():
        print(f"positions a second, {name} search: {speed:,.0f} (deals 1..{deals}, {budget:,} positions a search)")
    if len(rates) == 2:
        print(f"compiled / plain: {rates['compiled'] / rates['plain']:.1f}x")
    print(f"decision time with: {search.implementation().__name__}")
    times, outcomes = [], {}
    for d in range(1, deals + 1):
        t = time.perf_counter()
        r = checker.solve(rules.deal(d), rules.FULL, max_seconds=limit)
        times.append(time.perf_counter() - t)
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
    print(f"4x13 aces as dealt, deals 1..{deals}, limit {limit} s: {outcomes}")
    print(f"decision time: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
