"""``baker8bit solve``: one deal or board searched for a win.

    baker8bit solve [--game ID] --suits 4 --deal 5 [--json] [--max-states N] [--max-seconds S]
                    [--memory SIZE]   (the FreeCell family: a seen table that forgets past SIZE)
    baker8bit solve --board FILE          (fc-solve board text; '-' = stdin)
    baker8bit solve ... --pad             (the win as pad buttons: `keys` types them back)
"""

from __future__ import annotations

import argparse
import json
import sys

from baker8bit import games
from baker8bit.commands.common import (
    DEFAULT_MAX_STATES,
    UsageError,
    add_game_args,
    add_limit_args,
    fail,
    memory_arg,
    start_of,
    variant_of,
)
from baker8bit.console import pad, script
from baker8bit.console.contract import ESCALATION_SECONDS
from baker8bit.games import KeyMachine


def having(option: str) -> str:
    """The games whose search takes ``option`` (``Variant.search_options``), from the registry."""
    return ", ".join(v.id for v in games.all_variants() if option in v.search_options)


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "solve", help="solve a deal or a board",
        description="Search a deal or a board for a win; print the outcome, the keys a player "
        "types to win (`keys` plays them: EI = column E to parking space I, FT = column F to its "
        "terminal pile; sequence H3; Blue: ace swaps such as AABA if the aces as dealt find no "
        "win, P, then a card's slot and its gap's), the moves, the "
        "positions examined, the time and which search decided. Without --max-states and --nested it "
        "escalates: the game's searches in turn, cheap to strong, each with its own budget of positions, "
        f"sized to end within about {ESCALATION_SECONDS:g} s a deal (--max-seconds: a time limit too), and "
        "names the step that decided (sequence: dfs, "
        "nested-2, nested-3; the 1989 game, Baker's Game, Eight Off: table-1m, table-8m; King Albert, "
        "FreeCell: table-1m with each move order, restarts, table-16m; Blue: restarts, exhaustive) "
        "before the search (compiled or pure).",
    )
    add_game_args(p)
    add_limit_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--memory", type=memory_arg, default=None, metavar="SIZE",
                   help=f"{having('memory')} (the compiled search): keep "
                   "at most SIZE (e.g. 16G) of positions seen; past it the search forgets some and "
                   "searches them again when it meets them, so a deal too large for memory can still "
                   "be won or proved lost (slower; --max-states then counts positions searched, again or not)")
    p.add_argument("--nested", type=int, default=None, metavar="L",
                   help=f"{having('nested')}: the nested Monte Carlo search of level L (1, 2 or 3) instead of the "
                   "depth-first one, seeds 1, 2, ... until one wins or --max-states moves are played; "
                   "it wins or says unknown (it proves nothing lost)")
    p.add_argument("--pad", action="store_true",
                   help="print the win as pad buttons only (<UP> <DOWN> <LEFT> <RIGHT> move the cursor from "
                   "where it starts, <A> presses the place under it; Blue's P is <L>); `keys` types them "
                   "back; with --json, as the list \"pad\"")
    p.set_defaults(func=run)


def pad_buttons(rules, position, deal, keys) -> list[str]:
    """The pad buttons that type ``keys`` (a solution's) on a machine dealt as ``keys`` starts,
    from the cursor's first place (``console/pad.buttons_for``), checked to end in WINNER."""
    m = KeyMachine(rules=rules, deal=deal, position=position)
    buttons = pad.buttons_for(m, list("".join(keys)), m.settle)
    if not m.game.won:
        raise ValueError("the pad buttons for this solution do not end in WINNER")
    return buttons


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
            return fail(f"the game {variant.id} has no option --memory for solve (it is for {having('memory')})")
        extra["memory"] = args.memory
    if args.nested is not None:
        if "nested" not in variant.search_options:
            return fail(f"the game {variant.id} has no option --nested for solve (it is for {having('nested')})")
        extra["nested"] = args.nested
    try:
        if args.max_states is None and args.nested is None:  # no search chosen: cheap to strong
            result = variant.escalate(position, rules, max_seconds=args.max_seconds, **extra)
        else:
            result = variant.solve(position, rules, max_states=args.max_states or DEFAULT_MAX_STATES,
                                   max_seconds=args.max_seconds, **extra)
        buttons = pad_buttons(rules, position, _deal, result.keys) if args.pad and result.keys else None
    except ValueError as e:
        return fail(str(e))
    if args.json:
        out = result.json()
        if args.pad:
            out["pad"] = [pad.NAMES[b] for b in buttons or ()]
        print(json.dumps(out))
        return 0
    print(result.outcome)
    if buttons:
        print(" ".join(script.token(b) for b in buttons))
    elif result.keys:
        print(" ".join(result.keys))
    made = f" ({len(result.automatic)} made by the game itself, not typed)" if result.automatic else ""
    pressed = f", {len(buttons)} pad buttons" if buttons else ""
    print(f"{len(result.moves)} moves{made}{pressed}, {result.positions} states, {result.seconds:.3f} s, "
          f"{result.search} search")
    return 0
