"""Games a second of each sequence-solitaire player, and the clairvoyant search's speed, in one
process (a benchmark, not a test).

Run: python benchmarks/bench_sequence.py [--games N] [--search-games M] [--decide K]
Strategies play N deals (default 500); the look-ahead, the sampling player and the
clairvoyant search play M deals (default 5), as they are thousands of times slower. The
clairvoyant search gets the study's budget (--max-states, default 40,000). Then the search
itself: positions a second of one exhaustive run (the exact phase, no tries) of deals 1..3,
pure and compiled (the compiled one where it is built), and the median time the clairvoyant
player takes to decide each of deals 1..K (default 50) at 1,000,000 positions, with how many
it won, lost or left unknown.
Last, HELP's sampling player (``players.sampling_move``, 64 samples: HELP's at help_rate 8000):
the time of each choice along the games it plays itself on deals 1..H (--hint-deals, default
20), median, p90, p99 and max in milliseconds, against the 32 frames (533 ms) HELP waits.
Then the nested Monte Carlo search (``nested.py``, for the deals the study leaves unknown): moves
played a second by 20 searches of level 1 from deal 16, pure and compiled.
--smoke: 20 deals, 1 search deal, a budget of 2,000, 3 decisions, 1 HELP deal (the tests run this).
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.games.sequence import nested, search, solver  # noqa: E402
from baker8bit.games.sequence import players as pl  # noqa: E402
from baker8bit.games.sequence.rules import State, deal  # noqa: E402


def positions_per_second(pure: bool, budget: int) -> tuple[int, float]:
    """Positions and seconds of the exact phase (every reduction, no tries) on deals 1..3."""
    impl = search.implementation(pure)
    flags = search.SYMMETRY | search.FORCED | search.DEAD
    count, t = 0, time.perf_counter()
    for d in (1, 3, 5):
        count += impl.run(deal(d), ((),) * 4, (0,) * 4, budget, flags)[2]
    return count, time.perf_counter() - t


def nested_speed(pure: bool, tries: int) -> tuple[int, float]:
    """Moves played and seconds of ``tries`` nested searches of level 1 from deal 16 (seeds 1..tries)."""
    impl = nested.implementation(pure)
    start = State.dealt(16)
    count, t = 0, time.perf_counter()
    for seed in range(1, tries + 1):
        count += impl.run(start.coming(), start.storage, start.finals, 1, seed)[2]
    return count, time.perf_counter() - t


def main(argv: list[str] | None = None) -> None:
    ap = OneLineParser(error_name="bench_sequence")
    ap.add_argument("--games", type=int, default=None, help="deals a strategy plays (default 500)")
    ap.add_argument("--search-games", type=int, default=None, help="deals a search plays (default 5)")
    ap.add_argument("--max-states", type=int, default=None, help="clairvoyant budget (default 40,000, the study's)")
    ap.add_argument("--decide", type=int, default=None, help="deals the clairvoyant player decides (default 50)")
    ap.add_argument("--hint-deals", type=int, default=None,
                    help="deals HELP's sampling player is timed on (default 20)")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: 20 deals, 1 search deal, budget 2,000")
    args = ap.parse_args(argv)
    for name, full, tiny in (("games", 500, 20), ("search_games", 5, 1), ("max_states", 40_000, 2_000),
                             ("decide", 50, 3), ("hint_deals", 20, 1)):
        if getattr(args, name) is None:
            setattr(args, name, tiny if args.smoke else full)
    print(f"{'player':<12} {'games':>6} {'seconds':>9} {'games/s':>10}")
    for name in ("random", "greedy", "best", "lookahead", "sampling", "clairvoyant"):
        n = args.search_games if name in ("lookahead", "sampling", "clairvoyant") else args.games
        p = pl.player(name, max_states=args.max_states)
        t = time.perf_counter()
        for d in range(1, n + 1):
            p.play(deal(d), d)
        dt = time.perf_counter() - t
        print(f"{name:<12} {n:>6} {dt:>9.2f} {n / dt:>10.2f}", flush=True)
    print(f"\n{'search':<12} {'positions':>10} {'seconds':>9} {'positions/s':>12}")
    runs = [("pure", True, args.max_states // 2)]
    if solver.implementation_name() == "compiled" or search.implementation() is not search:
        runs.append(("compiled", False, args.max_states * 10))
    for label, pure, budget in runs:
        count, dt = positions_per_second(pure, budget)
        print(f"{label:<12} {count:>10} {dt:>9.2f} {count / dt:>12.0f}", flush=True)
    print(f"\n{'nested':<12} {'moves':>10} {'seconds':>9} {'moves/s':>12}")
    tries = 1 if args.smoke else 20
    for label, pure in (("pure", True), ("compiled", False)):
        if not pure and nested.implementation() is nested:
            continue  # not built
        count, dt = nested_speed(pure, tries)
        print(f"{label:<12} {count:>10} {dt:>9.2f} {count / dt:>12.0f}", flush=True)
    budget = 2_000 if args.smoke else 1_000_000
    times, outcomes = [], {"won": 0, "lost": 0, "unknown": 0}
    for d in range(1, args.decide + 1):
        t = time.perf_counter()
        outcomes[solver.solve(State.dealt(d), budget, seed=d).outcome] += 1
        times.append(time.perf_counter() - t)
    times.sort()
    median = times[len(times) // 2]
    print(f"\ndecisions of deals 1..{args.decide} at {budget:,} positions ({solver.implementation_name()}): "
          f"median {median:.3f} s; won {outcomes['won']}, lost {outcomes['lost']}, unknown {outcomes['unknown']}")
    hint_choices(args.hint_deals)


def hint_choices(deals: int) -> None:
    """Milliseconds of each of HELP's sampling-player choices along its own games of deals 1..deals."""
    from baker8bit.games.sequence.dialogue import SAMPLING_FRAMES

    samples = pl.hint_samples(8000)
    times = []
    for d in range(1, deals + 1):
        st = State.dealt(d)
        while not st.over():
            t = time.perf_counter()
            move = pl.sampling_move(st, samples)
            times.append((time.perf_counter() - t) * 1000)
            st = st.apply(move)
    times.sort()
    n = len(times)
    print(f"\n{'HELP':<12} {'samples':>7} {'choices':>7} {'median':>7} {'p90':>7} {'p99':>7} {'max':>7}  ms "
          f"({solver.implementation_name()}; HELP answers {SAMPLING_FRAMES} frames, "
          f"{SAMPLING_FRAMES * 1000 // 60} ms, after the press)")
    print(f"{'sampling':<12} {samples:>7} {n:>7} {times[n // 2]:>7.1f} {times[int(n * 0.9)]:>7.1f} "
          f"{times[int(n * 0.99)]:>7.1f} {times[-1]:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
