"""``baker8bit study``: many deals of a game played by strategies (``Variant.study``: sequence).

    baker8bit study sequence --strategy random greedy best --deals 1-10000 --out games.csv
                             [--resume] [--workers K] [--chart FILE.png] ...

The game is a word (``study sequence``) or ``--game ID``; its study adds its options and does the
work (``games/sequence/study_command.py``). A game without a study is refused in one line.
"""

from __future__ import annotations

import argparse

from baker8bit import games
from baker8bit.commands.common import add_game_word, game_word


def _studies():
    return [v for v in games.all_variants() if v.study is not None]


def register(subparsers) -> None:
    known = _studies()
    p = subparsers.add_parser(
        "study", help="play many deals of a game with strategies; one CSV row per game",
        description="Play every deal of a range with each strategy in worker processes (" +
        "; ".join(v.study.SUMMARY for v in known) + "); write one CSV row per game, show progress on "
        "stderr and end with a table of wins, win rates and their 95% intervals. Ctrl-C stops it and "
        "keeps the rows written so far.",
    )
    add_game_word(p, tuple(v.id for v in known))
    for v in known:
        v.study.add_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = game_word(args, tuple(v.id for v in _studies()), "study")
    return games.get(game).study.run(args)
