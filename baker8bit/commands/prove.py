"""``baker8bit prove``: decide a position by an exhaustive search on disk (``research/layered.py``).

    baker8bit prove [GAME] [FILE] --dir DIR [--deal N] [--suits S --ranks R] [--starting-rank K]
                    [--memory SIZE] [--max-seconds S] [--workers K | --scheduler ADDRESS]
                    [--verdict NAME] [--json]

The game's ``Variant.proof_space`` says what to search (Blue: the aces as dealt, then the best
ordering; King Albert: the deal); a game without one is refused in one line. Each verdict's
layers go to a folder of DIR named after it (``DIR/dealt``, ``DIR/best``, ``DIR/proof``); the same
command on the same DIR goes on from the last finished layer (after ``--max-seconds``, Ctrl-C or a
crash) or, once decided, answers at once from the manifest. Exit 0 after an answer (``unknown``
too), 2 on bad input, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from baker8bit import games
from baker8bit.commands.common import (
    UsageError,
    add_game_options,
    add_game_word,
    address_arg,
    deal_arg,
    game_options,
    game_word,
    memory_arg,
    positive_float,
    positive_int,
    read_board_file,
)
from baker8bit.console.contract import Variant, VariantError
from baker8bit.core.compiled import search_name
from baker8bit.core.deal import MAX_DEAL
from baker8bit.core.outcome import SOLVED, UNSOLVABLE
from baker8bit.research import cluster, layered

KINDS = ("layered", "blue-prove", "king-albert-prove")  # the compiled modules a proof runs on
# A proof at its defaults ends within minutes, as every command's defaults do: it stops with
# 'unknown' and its finished layers kept, and the same command goes on from there.
DEFAULT_SECONDS = 600


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "prove", help="decide a position exactly by an exhaustive search on disk (Blue, King Albert)",
        description="Search every position reachable from a deal, breadth first, keeping the layers in "
        "hash buckets of sorted files in DIR within a memory budget: 'solved' with the keys of a "
        "shortest win (as `keys` types them), 'unsolvable' when every reachable position was searched "
        "(a proof, with their count), or 'unknown' when --max-seconds ran out (run the same command "
        "again to go on). Blue answers for the aces as dealt and for the best ordering, as `check` "
        "does; King Albert for the deal at its starting rank.",
    )
    ids = games.ids()
    add_game_word(p, ("blue", *(g for g in ids if g != "blue")))
    p.add_argument("file", nargs="?", help="a board file to prove instead of a deal (Blue: a game file or a "
                   "layout; King Albert: fc-solve's board text); '-' = stdin")
    p.add_argument("--deal", type=deal_arg, default=None, metavar="N", help=f"deal number 1..{MAX_DEAL}")
    add_game_options(p)
    p.add_argument("--dir", required=True, metavar="DIR",
                   help="where the layers go (a folder per verdict in it; a full-size deal can take tens of GB); "
                   "the same DIR goes on from where a run stopped")
    p.add_argument("--memory", type=memory_arg, default=layered.DEFAULT_MEMORY, metavar="SIZE",
                   help="the buffers of the search together, e.g. 256M, 4G (default 512M; the process holds "
                   "about 60 MB more of its own)")
    p.add_argument("--max-seconds", type=positive_float, default=DEFAULT_SECONDS, metavar="S",
                   help="stop after S seconds with 'unknown', the finished layers kept, so the same command "
                   f"goes on (default {DEFAULT_SECONDS:g}: ten minutes; a full-size deal may take hours, "
                   "e.g. --max-seconds 36000)")
    p.add_argument("--workers", type=positive_int, default=1, metavar="K",
                   help="processes that share each layer's buckets (default 1: this process)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None, type=address_arg,
                   help="share the buckets among the workers of the Dask scheduler at ADDRESS (e.g. "
                   "tcp://10.0.0.5:8786; every worker must see DIR at the same path); --workers is then ignored")
    p.add_argument("--verdict", metavar="NAME", default=None,
                   help="only this verdict (Blue: dealt or best; default: all of the game's, in turn)")
    p.add_argument("--json", action="store_true", help="print one JSON object (Blue: `check --json`'s shape)")
    p.set_defaults(func=run)


def _position(args: argparse.Namespace, variant):
    """(position, rules) the options name: a board file or a deal."""
    options = game_options(args)
    try:
        variant.check_options(options)
    except VariantError as e:
        raise UsageError(str(e)) from None
    if args.file is not None:
        if args.deal is not None:
            raise UsageError("give a FILE or --deal, not both")
        return read_board_file(args.file, variant, options)
    if args.deal is None:
        raise UsageError(f"prove {variant.id} needs --deal N or a board FILE")
    rules = variant.rules(options)
    return variant.new_game(rules, args.deal).position, rules


def _answer(task: layered.ProofTask, proof: layered.Proof) -> dict:
    """One verdict as ``--json`` prints it."""
    keys = list(task.space.keys(proof.path)) if proof.outcome == SOLVED else []
    return {"outcome": proof.outcome, "states": proof.states, "layers": proof.layers,
            "solution": keys, "depth": max(0, len(proof.path) - 1),
            "disk_bytes": proof.disk_bytes, "memory_bytes": proof.peak_memory,
            "seconds": round(proof.seconds, 3), "stopped": proof.stopped or None, "layer_sizes": proof.layer_sizes}


def _line(name: str, answer: dict, folder: str) -> str:
    text = (f"{name:<6} {answer['outcome']:<10} {answer['states']:>13,} states {answer['layers']:>4} layers "
            f"{layered.human(answer['disk_bytes']):>9} on disk {layered.clock(answer['seconds'])}")
    if answer["outcome"] == SOLVED:
        text += f"\n  a win {answer['depth']} positions deep; keys: {' '.join(answer['solution'])}"
    elif answer["outcome"] == UNSOLVABLE:
        text += "\n  every reachable position searched: a proof"
    elif answer["stopped"]:
        text += f"\n  stopped ({answer['stopped'] or 'not run'}); the same command goes on from {folder}"
    return text


def run(args: argparse.Namespace) -> int:
    game = game_word(args, ("blue", *(g for g in games.ids() if g != "blue")), "prove", file_field="file")
    variant = games.get(game)
    position, rules = _position(args, variant)
    tasks = variant.proof_space(position, rules)
    if tasks is None:
        have = [v.id for v in games.all_variants() if type(v).proof_space is not Variant.proof_space]
        raise UsageError(f"prove has no state space for {game}: it proves {', '.join(have)}")
    if args.verdict is not None:
        names = [t.name for t in tasks]
        if args.verdict not in names:
            raise UsageError(f"{game} has the verdicts {', '.join(names)}, not {args.verdict!r}")
        tasks = tuple(t for t in tasks if t.name == args.verdict)
    try:
        os.makedirs(args.dir, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot make the folder {args.dir}: {e.strerror or e}") from None
    client = None
    if args.scheduler:
        try:
            client = cluster.connect(args.scheduler)
        except RuntimeError as e:
            raise UsageError(str(e)) from None
    t0 = time.monotonic()
    answers: dict[str, dict] = {}
    try:
        for task in tasks:
            if task.won_if and answers.get(task.won_if, {}).get("outcome") == SOLVED:
                answers[task.name] = dict(answers[task.won_if], won_by=task.won_if)
                continue
            left = None if args.max_seconds is None else max(0.001, args.max_seconds - (time.monotonic() - t0))
            folder = os.path.join(args.dir, task.name)
            proof = layered.search(task.space, folder, memory=args.memory, max_seconds=left, workers=args.workers,
                                   scheduler=client, progress=sys.stderr, label=f"{game} {task.name}")
            answers[task.name] = _answer(task, proof)
    except KeyboardInterrupt:
        print(f"baker8bit: interrupted; the finished layers are kept in {args.dir}: the same command goes on "
              "from there", file=sys.stderr)
        return 130
    except layered.SearchError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"{args.dir}: {e.strerror or e}") from None
    finally:
        if client is not None:
            client.close()
    search = "compiled" if all(search_name(k) == "compiled" for k in KINDS) else "pure"
    if args.json:
        out = {"game": game, "deal": args.deal, "search": search, "dir": args.dir}
        out.update(tasks[0].space.describe())
        out.update(answers)
        print(json.dumps(out))
        return 0
    for name, answer in answers.items():
        print(_line(name, answer, os.path.join(args.dir, name)))
    return 0
