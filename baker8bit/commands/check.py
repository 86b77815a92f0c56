"""``baker8bit check``: decide a layout of a game that has a checker (``Variant.checker``: Blue).

    baker8bit check blue FILE              (a game file; '-' = a layout on stdin)
    baker8bit check blue --deal N [--suits S --ranks R] [--json] ...

The game is a word (``check blue``) or ``--game ID``; its checker adds its options and does the
work (``games/blue/check_command.py``). A game without a checker is refused in one line.
"""

from __future__ import annotations

import argparse

from baker8bit import games
from baker8bit.commands.common import add_game_word, game_word


def _checkers():
    return [v for v in games.all_variants() if v.checker is not None]


def register(subparsers) -> None:
    known = _checkers()
    p = subparsers.add_parser(
        "check", help="decide whether a layout of a variant game can be won",
        description="; ".join(v.checker.SUMMARY for v in known) + ": solved (with the moves), unsolvable "
        "(the search examined everything: a proof) or unknown (the memory or time ran out).",
    )
    add_game_word(p, tuple(v.id for v in known))
    for v in known:
        v.checker.add_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = game_word(args, tuple(v.id for v in _checkers()), "check", file_field="file")
    return games.get(game).checker.run(args)
