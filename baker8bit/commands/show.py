"""``baker8bit show``: print a deal in fc-solve's board format."""

from __future__ import annotations

from baker8bit.commands.common import add_game_args, start_of, variant_of


def register(sub) -> None:
    p = sub.add_parser("show", help="print a deal (or a board file, checked) in fc-solve board format")
    add_game_args(p)
    p.set_defaults(func=run)


def run(args) -> int:
    rs, pos, deal = start_of(args)
    print(variant_of(args).show(rs, pos, deal), end="")
    return 0
