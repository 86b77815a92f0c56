"""``baker8bit solve``: one deal or board searched for a win.

    baker8bit solve [--game ID] --suits 4 --deal 5 [--json] [--max-states N] [--max-seconds S]
                    [--memory SIZE]   (the FreeCell family: a seen table that forgets past SIZE)
    baker8bit solve --board FILE          (fc-solve board text; '-' = stdin)
"""

from __future__ import annotations

import argparse
import json
import sys

from baker8bit.commands.common import (
    UsageError,
    add_game_args,
    add_limit_args,
    fail,
    memory_arg,
    start_of,
    variant_of,
)


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "solve", help="solve a deal or a board",
        description="Search a deal or a board for a win; print the outcome, the keys a player "
        "types to win (`keys` plays them: EI = column E to parking space I, FT = column F to its "
        "terminal pile; sequence H3; Blue: ace swaps such as AABA if the aces as dealt find no "
        "win, P, then a card's slot and its gap's), the moves, the "
        "positions examined, the time and which search ran (compiled or pure).",
    )
    add_game_args(p)
    add_limit_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--memory", type=memory_arg, default=None, metavar="SIZE",
                   help="the 1989 game, Baker's Game, Eight Off and King Albert, compiled search: keep "
                   "at most SIZE (e.g. 16G) of positions seen; past it the search forgets some and "
                   "searches them again when it meets them, so a deal too large for memory can still "
                   "be won or proved lost (slower; --max-states then counts positions searched, again or not)")
    p.add_argument("--nested", type=int, default=None, metavar="L",
                   help="sequence: the nested Monte Carlo search of level L (1, 2 or 3) instead of the "
                   "depth-first one, seeds 1, 2, ... until one wins or --max-states moves are played; "
                   "it wins or says unknown (it proves nothing lost)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules, position, _deal = start_of(args)
    except UsageError as e:
        print(f"baker8bit: {e}", file=sys.stderr)
        return 2
    variant = variant_of(args)
    extra = {}
    if args.memory is not None:
        if "memory" not in variant.search_options:
            return fail(f"the game {variant.id} has no option --memory for solve "
                         "(it is for the 1989 game, Baker's Game, Eight Off and King Albert)")
        extra["memory"] = args.memory
    if args.nested is not None:
        if "nested" not in variant.search_options:
            return fail(f"the game {variant.id} has no option --nested for solve (it is for sequence)")
        extra["nested"] = args.nested
    try:
        result = variant.solve(position, rules, max_states=args.max_states, max_seconds=args.max_seconds, **extra)
    except ValueError as e:
        return fail(str(e))
    if args.json:
        print(json.dumps(result.json()))
        return 0
    print(result.outcome)
    if result.keys:
        print(" ".join(result.keys))
    made = f" ({len(result.automatic)} made by the game itself, not typed)" if result.automatic else ""
    print(f"{len(result.moves)} moves{made}, {result.positions} states, {result.seconds:.3f} s, {result.search} search")
    return 0






