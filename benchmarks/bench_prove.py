"""Benchmark: ``baker8bit prove``'s layered search on disk against Blue's in-memory checker (not a test).

    python benchmarks/bench_prove.py                          # Blue 4x9 deal 10, as dealt: 646,148 boards, lost
    python benchmarks/bench_prove.py --suits 4 --ranks 13 --deal 3 --memory 256M --max-seconds 900
    python benchmarks/bench_prove.py --game king-albert --deal 7 --starting-rank 6
    python benchmarks/bench_prove.py --smoke                  # Blue 4x8 deal 4 and King Albert deal 3 at rank 9

Each search runs in a process of its own (so its peak resident memory is its own): the disk
search (``research/layered.py``, one process, ``--memory``), and, for Blue, the checker's
exhaustive in-memory run on the same layout (``search.run``, unpruned, compiled where built: the
reference the disk search must equal). Printed for each: the verdict, the states, the seconds and
the CPU seconds, states a CPU second (what the search costs, however loaded the machine), bytes a
state (a stored state's, and the folder's peak over the states) and the peak resident memory;
for the disk search also the most its buffers held by its own accounting (``Proof.peak_memory``)
against the budget. One core, one run: mind the machine's noise.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import resource
import sys
import tempfile
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit import games  # noqa: E402
from baker8bit.core.arguments import OneLineParser, UsageError, memory_arg  # noqa: E402

GAMES = ("blue", "king-albert")


def _space(game: str, deal: int, options: dict):
    variant = games.get(game)
    rules = variant.rules(options)
    return variant.proof_space(variant.new_game(rules, deal).position, rules)[0].space


def _rss() -> int:
    """This process's peak resident memory in bytes (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _cpu() -> float:
    """This process's CPU seconds (user and system): what the search cost, however loaded the machine."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def _disk(game: str, deal: int, options: dict, memory: int, max_seconds: float | None, where: str | None) -> dict:
    from baker8bit.research import layered

    space = _space(game, deal, options)
    with tempfile.TemporaryDirectory(dir=where) as d:
        t0, c0 = time.perf_counter(), _cpu()
        p = layered.search(space, d, memory=memory, max_seconds=max_seconds)
        took, cpu = time.perf_counter() - t0, _cpu() - c0
    return {"outcome": str(p.outcome), "states": p.states, "seconds": took, "cpu": cpu, "layers": p.layers,
            "state_bytes": space.size - space.level_bytes, "disk": p.disk_bytes, "held": p.peak_memory,
            "rss": _rss(), "stopped": p.stopped}


def _memory(deal: int, options: dict, cap: int) -> dict:
    from baker8bit.games.blue import search

    space = _space("blue", deal, options)
    lay = space.layout
    t0, c0 = time.perf_counter(), _cpu()
    outcome, _moves, positions = search.implementation().run(space.start, lay, cap, None, False, None)
    return {"outcome": str(outcome), "states": positions, "seconds": time.perf_counter() - t0, "cpu": _cpu() - c0,
            "rss": _rss()}


def _in_child(fn, *args) -> dict:
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(fn, args)


def _mb(n: float) -> str:
    return f"{n / 2**20:,.1f} MB"


def report(game: str, deal: int, options: dict, memory: int, max_seconds: float | None, where: str | None) -> list[str]:
    words = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in options.items() if v is not None)
    lines = [f"{game} deal {deal} ({words or 'defaults'}), the first verdict of prove: budget {_mb(memory)}"]
    d = _in_child(_disk, game, deal, options, memory, max_seconds, where)
    rate = d["states"] / d["cpu"] if d["cpu"] else 0.0
    lines.append(f"disk search: {d['outcome']}{' (' + d['stopped'] + ')' if d['stopped'] else ''} "
                 f"{d['states']:,} states, {d['layers']} layers, {d['seconds']:.2f} s ({d['cpu']:.2f} s of CPU), "
                 f"{rate:,.0f} states a CPU second, "
                 f"{d['state_bytes']} bytes a state stored, {d['disk'] / max(1, d['states']):.1f} bytes a state "
                 f"on disk at the peak ({_mb(d['disk'])}), peak RSS {_mb(d['rss'])}, "
                 f"buffers held {_mb(d['held'])} of {_mb(memory)}")
    if game == "blue" and d["outcome"] != "unknown":  # the checker's exhaustive run of the same boards
        m = _in_child(_memory, deal, options, max(1000, 2 * d["states"]))  # room for what the disk search met
        rate_m = m["states"] / m["cpu"] if m["cpu"] else 0.0
        lines.append(f"in memory:   {m['outcome']} {m['states']:,} states, {m['seconds']:.2f} s ({m['cpu']:.2f} s of "
                     f"CPU), {rate_m:,.0f} states a CPU second, peak RSS {_mb(m['rss'])}")
        if d["outcome"] == m["outcome"] == "unsolvable":
            same = "the same" if d["states"] == m["states"] else "DIFFERENT"
            lines.append(f"{same} states; disk / memory CPU time {d['cpu'] / max(m['cpu'], 1e-9):.1f}x")
    return lines


def main() -> int:
    ap = OneLineParser(error_name="bench_prove", description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="blue", help=f"one of {', '.join(GAMES)} (default blue)")
    ap.add_argument("--deal", type=int, default=10, help="the deal (default 10)")
    ap.add_argument("--suits", type=int, default=None, help="Blue: suits (default 4)")
    ap.add_argument("--ranks", type=int, default=None, help="Blue: ranks (default 8: 4x9)")
    ap.add_argument("--starting-rank", type=int, default=None, help="King Albert: the starting rank (default 0)")
    ap.add_argument("--memory", type=memory_arg, default=256 * 2**20, help="the disk search's budget (default 256M)")
    ap.add_argument("--max-seconds", type=float, default=None, help="stop the disk search (unknown) after S")
    ap.add_argument("--dir", default=None, help="where the disk search's scratch folder goes (default: the temp dir)")
    ap.add_argument("--smoke", action="store_true", help="Blue 4x8 deal 4 and King Albert deal 3 at rank 9")
    args = ap.parse_args()
    if args.game not in GAMES:
        print(f"bench_prove: the game {args.game} has no proof space (it proves {', '.join(GAMES)})", file=sys.stderr)
        return 2
    runs = []
    if args.smoke:
        runs = [("blue", 4, {"suits": 4, "ranks": 7}), ("king-albert", 3, {"starting_rank": 9})]
    elif args.game == "blue":
        runs = [("blue", args.deal, {"suits": args.suits or 4, "ranks": args.ranks or 8})]
    else:
        runs = [("king-albert", args.deal, {"starting_rank": args.starting_rank or 0})]
    try:
        for game, _deal, options in runs:
            games.get(game).check_options(options)
    except ValueError as e:
        raise UsageError(str(e)) from None
    for game, deal, options in runs:
        print("\n".join(report(game, deal, options, args.memory, args.max_seconds, args.dir)), flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except UsageError as e:
        print(f"bench_prove: {e}", file=sys.stderr)
        sys.exit(2)
