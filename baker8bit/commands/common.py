"""Options shared by several sub-commands: which game, which of its options, which deal, which board."""

from __future__ import annotations

import argparse
import random
import sys

from baker8bit import games
from baker8bit.console.contract import ESCALATION_SECONDS, Option, Variant, VariantError
from baker8bit.console.contract import word as _word
from baker8bit.core import files
from baker8bit.core.arguments import (  # noqa: F401 (the commands take them from here)
    OneLineParser,
    UsageError,
    bounded_int,
    deal_arg,
    memory_arg,
    positive_float,
    positive_int,
    samples_arg,
    seed_arg,
    states_arg,
    workers_arg,
)
from baker8bit.core.deal import MAX_DEAL
from baker8bit.core.textlines import decode
from baker8bit.freecell import boardtext
from baker8bit.games import KeyMachine
from baker8bit.research import cluster
from baker8bit.sessions.userdata import DataFiles


def game_arg(text: str) -> str:
    if text not in games.ids():
        raise argparse.ArgumentTypeError(f"unknown game {text!r} (known: {', '.join(games.ids())})")
    return text


def add_game_choice(p: argparse.ArgumentParser, default: str | None = games.DEFAULT) -> None:
    p.add_argument("--game", type=game_arg, default=default,
                   help=f"which game: {', '.join(games.ids())} (default {games.DEFAULT})")


def declared_options() -> dict[str, list[tuple[Variant, Option]]]:
    """Every game option the games declare, by name, with the games that have it (menu order)."""
    out: dict[str, list[tuple[Variant, Option]]] = {}
    for v in games.all_variants():
        for o in v.options:
            out.setdefault(o.name, []).append((v, o))
    return out


def option_type(name: str, lists: bool = False):
    """The argparse type of the game option ``name``: a value some game's ``Option`` takes (each
    game checks its own later, ``variant_of``); with ``lists``, a comma-separated list of them."""
    declared = declared_options()[name]

    def one(text: str):
        error = None
        for _, option in declared:
            try:
                return option.parse(text.strip())
            except ValueError as e:
                error = error or e
        raise argparse.ArgumentTypeError(str(error))

    def many(text: str):
        values = [one(part) for part in text.split(",")]
        return [v for i, v in enumerate(values) if v not in values[:i]]

    return many if lists else one


def option_help(name: str) -> str:
    """The help of a game option: each game that has it, with what it means there."""
    return "; ".join(f"{v.id}: {o.help}" for v, o in declared_options()[name])


def add_game_options(p: argparse.ArgumentParser, lists: bool = False) -> None:
    """An option for each game option the games declare (``--suits``, ``--starting-rank``, ...):
    made from the games' ``Option``s, not written here. ``lists``: each takes a list (``2,3,4``)."""
    for name, declared in declared_options().items():
        option = declared[0][1]
        metavar = option.metavar or ("|".join(_word(x) for x in option.values) if len(option.values) <= 4 else None)
        p.add_argument("--" + option.flag, dest=name, type=option_type(name, lists), default=None,
                       metavar=("LIST" if lists else metavar), help=option_help(name))


def add_game_args(p: argparse.ArgumentParser, board: bool = True, game_default: str | None = games.DEFAULT,
                  deal_default: str = "1") -> None:
    add_game_choice(p, game_default)
    add_game_options(p)
    p.add_argument("--deal", type=deal_arg, default=None, help=f"deal number 1..{MAX_DEAL} (default {deal_default})")
    if board:
        p.add_argument("--board", metavar="FILE", help="start from a board file, as `show` prints one (fc-solve's "
                       "format; Blue: a game file or a layout); '-' = stdin")


def game_options(args: argparse.Namespace) -> dict:
    """The game options given on the command line (None where not given)."""
    given = vars(args)
    return {name: given.get(name) for name in declared_options()}


def variant_of(args: argparse.Namespace):
    """The chosen game, with its options checked: ``--suits`` for a game without suits is an error."""
    variant = games.get(getattr(args, "game", None))
    try:
        variant.check_options(game_options(args))
    except VariantError as e:
        raise UsageError(str(e)) from None
    return variant


# our other files, by the first word of their first line: what they are, and what reads them
NOT_BOARDS = {
    "baker8bit-recording": "a recording, not a board: `baker8bit replay {path}` plays it",
    "baker8bit-savegame": "a saved game, not a board: the window offers it when it starts",
    "baker8bit-stats": "the statistics, not a board: `baker8bit stats` shows them",
    "baker8bit-options": "remembered options, not a board",
}


def read_board_file(path: str, variant, options: dict):
    """A board from a file or stdin (``-``), read once, with a size cap and never waiting on a
    FIFO (``files.read_input``); UsageError on anything wrong."""

    cap = variant.board_bytes  # a Blue game file with its history: 1 MiB
    try:
        if path == "-":
            data = sys.stdin.buffer.read(cap + 1)
        else:
            data = files.read_input(path, cap)
    except OSError as e:
        raise UsageError(f"cannot read board {path}: {e.strerror or e}") from None
    if len(data) > cap:
        raise UsageError(f"cannot read board {path}: over {cap // 1024} KiB, not a board")
    try:
        text = decode(data, boardtext.BoardError)
    except boardtext.BoardError as e:
        raise UsageError(f"cannot read board {path}: {e}") from None
    first = text.lstrip().partition("\n")[0].split(" ", 1)[0]
    if first in NOT_BOARDS:
        raise UsageError(f"{path} is {NOT_BOARDS[first].format(path=path)}")
    try:
        return games.read_board(variant, text, options)
    except (boardtext.BoardError, VariantError) as e:
        raise UsageError(f"{path}: {e}") from None


def start_of(args: argparse.Namespace):
    """The rules, starting position and deal number the options ask for."""
    variant = variant_of(args)
    options = game_options(args)
    if getattr(args, "board", None):
        if args.deal is not None:
            raise UsageError("give --deal or --board, not both")
        pos, rs = read_board_file(args.board, variant, options)
        return rs, pos, None
    rs = variant.rules(options)
    deal = args.deal or 1
    return rs, variant.new_game(rs, deal).position, deal


def add_game_word(p: argparse.ArgumentParser, known: tuple[str, ...]) -> None:
    """The game of a command made for some games only (``study``, ``check``): as a word
    (``study sequence``) or, as every other command takes it, ``--game ID``; default the first."""
    p.add_argument("game_word", nargs="?", metavar="GAME",
                   help=f"the game: {', '.join(known)} (default {known[0]}; --game ID says the same)")
    p.add_argument("--game", type=game_arg, default=None, help=f"the game: {', '.join(known)} (default {known[0]})")


def game_word(args: argparse.Namespace, known: tuple[str, ...], command: str, file_field: str | None = None) -> str:
    """The game ``add_game_word`` read. With ``file_field``, a first word that is no game id and a
    missing file is the file (``check --game blue FILE``)."""
    word = args.game_word
    if word is not None and word not in games.ids() and file_field and getattr(args, file_field) is None:
        setattr(args, file_field, word)
        word = None
    if word is not None and word not in games.ids():
        raise UsageError(f"unknown game {word!r} (known: {', '.join(games.ids())})")
    if word is not None and args.game is not None and word != args.game:
        raise UsageError(f"give the game once: {word!r} or --game {args.game}")
    game = word or args.game or known[0]
    if game not in known:
        raise UsageError(f"{command} is for {' and '.join(known)} only, not {game}")
    args.game = game
    return game


def wants_title(args) -> bool:
    """Start at a title: no deal, board or option that deals (``Option.deals``: the 1989 suit
    count, Blue's size) asked for (or ``shot --title``/``--menu``)."""
    given = vars(args)
    asked = given.get("title", False) or given.get("menu", False)
    dealing = any(given.get(name) is not None for name, declared in declared_options().items()
                  if any(o.deals for _, o in declared))
    return asked or (not dealing and args.deal is None and not args.board)


def machine_for(args, seed: int, menu: bool = False, random_deal: bool = False) -> KeyMachine:
    """A machine on what the options ask for: a deal, a board, a game's title, or (no game named) the menu.
    ``random_deal`` (the window): options that name no deal (``--suits 3`` alone) deal a random game,
    drawn from ``seed`` as the title's new games are, instead of always game 1."""
    variant = variant_of(args)  # options the game does not have are an error
    # the options that do not deal (sequence's --hint, King Albert's --starting-rank): this game's
    # and every game's started from its title (the session remembers them in game-options.json)
    kept = {o.name: game_options(args)[o.name] for o in variant.options
            if not o.deals and game_options(args)[o.name] is not None}
    prefs = {variant.id: kept} if kept else None
    if wants_title(args):
        at_menu = getattr(args, "menu", False) or (menu and args.game is None)
        m = KeyMachine(seed=seed, game=None if at_menu else args.game, menu=menu or at_menu, prefs=prefs)
    else:
        rs, pos, deal = start_of(args)
        if random_deal and args.deal is None and not args.board:
            deal = random.Random(seed).randint(1, RANDOM_DEALS)
            pos = variant.new_game(rs, deal).position
        m = KeyMachine(seed=seed, rules=rs, deal=deal, position=pos, menu=menu, prefs=prefs)
    m.files = DataFiles()  # a game's own files (Blue's W and R), in the user data folder
    return m


RANDOM_DEALS = 32000  # the deal numbers a random game is drawn from, as the 1989 prompt's


DEFAULT_MAX_STATES = 2_000_000


def add_limit_args(p: argparse.ArgumentParser) -> None:
    """``--max-states`` and ``--max-seconds``, both None when not given: without ``--max-states``
    (and ``--nested``) ``solve`` and ``survey`` run the game's escalation (``Variant.escalate``)."""
    p.add_argument(
        "--max-states", type=states_arg, default=None,
        help="one search of up to this many positions (default: the game's escalation, each step with "
        "its own budget, at most about 700 MB of memory a deal for the 1989 game, Baker's Game and Eight Off, "
        "1.3 GB for King Albert and FreeCell, 1.2 GB for Blue, 60 MB for sequence; with --nested, "
        f"and for Blue's deals in survey, {DEFAULT_MAX_STATES})",
    )
    p.add_argument(
        "--max-seconds", type=positive_float, default=None,
        help="give up (outcome 'unknown') after this many seconds (default: no time limit; the escalation's "
        f"steps are counted in positions, sized to end within about {ESCALATION_SECONDS:g} s a deal on two cores)",
    )


def address_arg(text: str) -> str:
    try:
        return cluster.check_address(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def fail(message: str) -> int:
    print(f"baker8bit: {message}", file=sys.stderr)
    return 2
