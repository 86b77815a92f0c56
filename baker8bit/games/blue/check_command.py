"""Blue's ``check`` (``baker8bit check blue``, through ``Variant.checker``): can a Blue layout be won?

    baker8bit check blue FILE              (a game file; '-' = a layout on stdin)
    baker8bit check blue --deal N [--suits S --ranks R]     (--game blue; --seed N as before)
        [--memory 512M] [--effort K] [--max-seconds S] [--each] [--moves] [--json]

Prints the verdict with the aces as dealt and with the best ordering (and,
for a game file with moves played, the position at its cursor); ``--each``
adds a line per ace ordering; ``--json`` prints one JSON object instead (with ``search``:
``compiled`` or ``pure``, the search that ran). Exit 0 after an answer, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys

from baker8bit.core.arguments import UsageError, deal_arg, memory_arg, positive_float
from baker8bit.core.cards import SUITS
from baker8bit.core.compiled import search_name
from baker8bit.core.deal import MAX_DEAL, DealError, check_deal_number
from baker8bit.games.blue import checker, gamefile, rules
from baker8bit.games.blue.game import OPTIONS

SIZE = {o.name: o for o in OPTIONS}  # --suits and --ranks of --deal: the sizes the game deals


def _effort(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        raise argparse.ArgumentTypeError(f"effort must be a whole number 1..1000, not {text!r}")
    return int(text)


SUMMARY = ("Blue: decide, for the aces as dealt and for the best ordering of the aces, whether a layout "
           "can be won")


def add_arguments(p) -> None:
    p.add_argument("file", nargs="?", help="a Blue game file, or '-' for a layout on standard input")
    p.add_argument("--deal", "--seed", "-s", dest="seed", type=deal_arg, default=None, metavar="N",
                   help=f"deal number 1..{MAX_DEAL} (--seed and -s, as Blue's ./blue -s, say the same)")
    p.add_argument("--suits", type=SIZE["suits"].argument, default=4, help="suits (rows) 2..4 for --deal (default 4)")
    p.add_argument("--ranks", type=SIZE["ranks"].argument, default=13,
                   help="cards per suit 3..13 for --deal (default 13)")
    p.add_argument("--memory", type=memory_arg, default=checker.DEFAULT_MEMORY,
                   help="memory for the positions examined, e.g. 512M, 2G (default 512M)")
    p.add_argument("--effort", type=_effort, default=checker.DEFAULT_EFFORT,
                   help="the runs of a search may keep K times --memory one after the other "
                   f"(more tries, same memory; default {checker.DEFAULT_EFFORT})")
    p.add_argument("--max-seconds", type=positive_float, default=60.0,
                   help="time limit per search in seconds (default 60)")
    p.add_argument("--each", action="store_true", help="also a verdict for every ordering of the aces")
    p.add_argument("--moves", action="store_true", help="print the winning moves")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: the layout, a verdict per ordering asked for, the search that ran")


def _stdin_layout(text: str) -> tuple[rules.Layout, bytes]:
    """A bare layout on stdin (``gamefile.read_layout``: errors name the line)."""
    try:
        return gamefile.read_layout(text)
    except gamefile.GameFileError as e:
        raise UsageError(f"stdin: {e}") from None


def _line(label: str, res: checker.Result, lay: rules.Layout, show: bool) -> str:
    aces = "".join(SUITS[s] for s in res.aces) if res.aces else "-"
    n = len(res.moves)
    text = f"{label:<14} {res.outcome:<10} aces {aces:<4} {n:>4} move{'s' if n != 1 else ' '} " \
           f"{res.positions:>9} positions {res.seconds:8.2f} s"
    if show and res.moves:
        text += "\n  " + " ".join(m.text(lay) for m in res.moves)
    return text


def _json(res: checker.Result, lay: rules.Layout) -> dict:
    return {"outcome": res.outcome, "aces": "".join(SUITS[s] for s in res.aces) if res.aces else None,
            "moves": [m.text(lay) for m in res.moves], "positions": res.positions,
            "seconds": round(res.seconds, 6)}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def short(message: str, limit: int = 200) -> str:
    """A message cut to ``limit`` characters (a file's 100 MB token is not echoed)."""
    return message if len(message) <= limit else message[: limit - 3] + "..."


def load_game(path: str):
    """A Blue game file, or UsageError with a short message."""
    try:
        return gamefile.load(path, bare=True)
    except gamefile.GameFileError as e:
        raise UsageError(f"{path}: {short(str(e))}") from None


def run(args: argparse.Namespace) -> int:
    current = None
    if args.file and args.seed is not None:
        raise UsageError("give a FILE or --deal, not both")
    if args.file == "-":
        data = sys.stdin.buffer.read(gamefile.MAX_BYTES + 1)
        if len(data) > gamefile.MAX_BYTES:
            raise UsageError(f"stdin: more than {gamefile.MAX_BYTES} bytes: not a Blue layout")
        lay, board = _stdin_layout(data.decode("ascii", "replace"))
        if rules.aces_of(board, lay) != lay.dealt_aces():
            current = board  # a layout whose aces are already reordered
            board = rules.with_aces(board, lay.dealt_aces(), lay)
    elif args.file:
        game = load_game(args.file)  # a game file or a bare layout (what `show` prints)
        lay, board = game.layout, game.initial
        if game.cursor or game.aces != lay.dealt_aces():
            current = game.board
    elif args.seed is not None:
        try:
            lay = rules.Layout(args.suits, args.ranks)
            board = rules.deal(check_deal_number(args.seed), lay)
        except (rules.RulesError, DealError) as e:
            raise UsageError(str(e)) from None
    else:
        raise UsageError("check blue needs a FILE, '-' (stdin) or --deal N")
    lim = dict(max_memory=args.memory, max_seconds=args.max_seconds, effort=args.effort)
    if args.json:
        return _run_json(board, current, lay, args.each, lim)
    print(f"Blue {lay.name} ({plural(lay.suits, 'suit')}, {plural(lay.ranks, 'rank')})")
    print(rules.board_text(board, lay))
    ans = checker.check_layout(board, lay, each=args.each, **lim)  # out of memory: cli.py's one line
    print(_line("aces as dealt", ans["dealt"], lay, args.moves))
    print(_line("best ordering", ans["best"], lay, args.moves))
    for order, res in ans.get("each", {}).items():
        print(_line("  " + "".join(SUITS[s] for s in order), res, lay, False))
    if current is not None:
        print(_line("current", checker.solve(current, lay, **lim), lay, args.moves))
    return 0


def _run_json(board: bytes, current: bytes | None, lay: rules.Layout, each: bool, lim: dict) -> int:
    ans = checker.check_layout(board, lay, each=each, **lim)  # out of memory: cli.py's one line
    out = {"game": "blue", "layout": lay.name, "suits": lay.suits, "ranks": lay.ranks,
           "board": rules.board_text(board, lay), "search": search_name("blue"),
           "dealt": _json(ans["dealt"], lay), "best": _json(ans["best"], lay)}
    if each:
        out["each"] = {"".join(SUITS[s] for s in order): _json(res, lay) for order, res in ans["each"].items()}
    if current is not None:
        out["current"] = _json(checker.solve(current, lay, **lim), lay)
    print(json.dumps(out))
    return 0
