"""Options shared by several sub-commands: which game, which of its options, which deal, which board."""

from __future__ import annotations

import argparse
import sys

from baker8bit import games
from baker8bit.core.deal import MAX_DEAL, DealError, check_deal_number
from baker8bit.core.sizes import parse_memory
from baker8bit.freecell import boardtext
from baker8bit.games.variant import VariantError


class UsageError(Exception):
    """Bad input from the user: the CLI prints one clear line and exits 2."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``<error_name>: <message>``, with exit status 2
    (argparse's own prints the usage first). ``error_name``: the program the line names (the
    CLI's sub-command parsers are made by argparse without it, and name ``baker8bit``)."""

    def __init__(self, *args, error_name: str = "baker8bit", **kwargs):
        super().__init__(*args, **kwargs)
        self.error_name = error_name

    def error(self, message: str) -> None:
        self.exit(2, f"{self.error_name}: {message}\n")


def suits_arg(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"suits must be 2, 3 or 4, not {text!r}")
    return int(text)


def ranks_arg(text: str) -> int:
    if not text.isdigit() or not 3 <= int(text) <= 13:
        raise argparse.ArgumentTypeError(f"ranks must be a whole number 3..13, not {text!r}")
    return int(text)


def deal_arg(text: str) -> int:
    try:
        return check_deal_number(int(text))
    except (ValueError, DealError):
        raise argparse.ArgumentTypeError(f"deal must be a whole number 1..{MAX_DEAL}, not {text!r}") from None


def positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, not {text!r}")
    return n


def positive_float(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = 0.0
    if not x > 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return x


def memory_arg(text: str) -> int:
    """A memory size: ``512M``, ``2G``, ``100000K`` or bytes, at least 1M."""
    try:
        return parse_memory(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def auto_arg(text: str) -> bool:
    if text not in ("on", "off"):
        raise argparse.ArgumentTypeError(f"auto must be on or off, not {text!r}")
    return text == "on"


def game_arg(text: str) -> str:
    if text not in games.ids():
        raise argparse.ArgumentTypeError(f"unknown game {text!r} (known: {', '.join(games.ids())})")
    return text


def add_game_choice(p: argparse.ArgumentParser, default: str | None = games.DEFAULT) -> None:
    p.add_argument("--game", type=game_arg, default=default,
                   help=f"which game: {', '.join(games.ids())} (default {games.DEFAULT})")


def add_game_args(p: argparse.ArgumentParser, board: bool = True, game_default: str | None = games.DEFAULT,
                  deal_default: str = "1") -> None:
    add_game_choice(p, game_default)
    p.add_argument("--suits", type=suits_arg, default=None,
                   help="the 1989 game (baker) and blue: 2, 3 or 4 suits (default 4)")
    p.add_argument("--ranks", type=ranks_arg, default=None, help="blue: 3..13 cards a suit (default 13)")
    p.add_argument("--deal", type=deal_arg, default=None, help=f"deal number 1..{MAX_DEAL} (default {deal_default})")
    p.add_argument("--starting-rank", type=int, default=None, metavar="K",
                   help="King Albert: the rank already on the suit stacks, 0..12 (default 0)")
    p.add_argument("--auto", type=auto_arg, default=None, metavar="on|off",
                   help="King Albert: automatic moves to the suit stacks, on or off (default on)")
    p.add_argument("--hint", default=None, metavar="sampling|lookahead",
                   help="sequence: the player HELP asks, sampling or lookahead (default sampling)")
    if board:
        p.add_argument("--board", metavar="FILE", help="start from a board file, as `show` prints one (fc-solve's "
                       "format; Blue: a game file or a layout); '-' = stdin")


def game_options(args: argparse.Namespace) -> dict:
    """The game options given on the command line (None where not given)."""
    return {"suits": getattr(args, "suits", None), "ranks": getattr(args, "ranks", None),
            "starting_rank": getattr(args, "starting_rank", None), "auto": getattr(args, "auto", None),
            "hint": getattr(args, "hint", None)}


def variant_of(args: argparse.Namespace):
    """The chosen game, with its options checked: ``--suits`` for a game without suits is an error."""
    variant = games.get(getattr(args, "game", None))
    try:
        variant.check_options(game_options(args))
    except VariantError as e:
        raise UsageError(str(e)) from None
    return variant


BOARD_BYTES = 1 << 16  # a board is a few hundred bytes; 64 KiB leaves room for comments


def read_board_file(path: str, variant, options: dict):
    """A board from a file or stdin (``-``), read with a size cap; UsageError on anything wrong."""
    from baker8bit.sessions.textlines import decode

    cap = getattr(variant, "board_bytes", BOARD_BYTES)  # a Blue game file with its history: 1 MiB
    try:
        if path == "-":
            data = sys.stdin.buffer.read(cap + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(cap + 1)
    except OSError as e:
        raise UsageError(f"cannot read board {path}: {e.strerror or e}") from None
    if len(data) > cap:
        raise UsageError(f"cannot read board {path}: over {cap // 1024} KiB, not a board")
    try:
        text = decode(data, boardtext.BoardError)
    except boardtext.BoardError as e:
        raise UsageError(f"cannot read board {path}: {e}") from None
    try:
        return variant.read_board(text, options)
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
