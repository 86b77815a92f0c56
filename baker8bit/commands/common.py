"""Options shared by several sub-commands: which game, which deal, which board."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from baker8bit.freecell import boardtext
from baker8bit.freecell import rules
from baker8bit.core.deal import MAX_DEAL, DealError, check_deal_number
from baker8bit.freecell.position import Position


class UsageError(Exception):
    """Bad input from the user: the CLI prints one clear line and exits 2."""


def suits_arg(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"suits must be 2, 3 or 4, not {text!r}")
    return int(text)


def deal_arg(text: str) -> int:
    try:
        return check_deal_number(int(text))
    except (ValueError, DealError):
        raise argparse.ArgumentTypeError(f"deal must be a whole number 1..{MAX_DEAL}, not {text!r}") from None


def add_game_args(p: argparse.ArgumentParser, board: bool = True) -> None:
    p.add_argument("--suits", type=suits_arg, default=None, help="2, 3 or 4 suits (default 4)")
    p.add_argument("--deal", type=deal_arg, default=None, help=f"deal number 1..{MAX_DEAL} (default 1)")
    if board:
        p.add_argument("--board", metavar="FILE", help="start from a board in fc-solve format ('-' = stdin)")


def read_board_file(path: str, suits: int | None = None) -> tuple[Position, rules.RuleSet]:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read board {path}: {e}") from None
    try:
        return boardtext.read(text, rules.baker(suits) if suits else None)
    except boardtext.BoardError as e:
        raise UsageError(f"{path}: {e}") from None


def start_of(args: argparse.Namespace) -> tuple[rules.RuleSet, Position, int | None]:
    """The rules, starting position and deal number the options ask for."""
    if getattr(args, "board", None):
        if args.deal is not None:
            raise UsageError("give --deal or --board, not both")
        pos, rs = read_board_file(args.board, args.suits)
        return rs, pos, None
    rs = rules.baker(args.suits or 4)
    deal = args.deal or 1
    return rs, Position.dealt(deal, rs), deal
