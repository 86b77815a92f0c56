"""The registry of games: one folder and one id each (``baker8bit --game ID``).

``GAMES`` lists the game packages in menu order; each has a ``VARIANT``
(``games.variant.Variant``). A new game is one more folder and one more line
here (docs/ARCHITECTURE.md, "How to add a game").
"""

from __future__ import annotations

import importlib
from functools import cache

from baker8bit.games.variant import Variant, VariantError

GAMES = ("baker", "bakers_game", "eight_off", "sequence", "blue", "king_albert")
DEFAULT = "baker"


class UnknownGame(VariantError):
    pass


@cache
def all_variants() -> tuple[Variant, ...]:
    return tuple(importlib.import_module(f"baker8bit.games.{p}").VARIANT for p in GAMES)


def ids() -> tuple[str, ...]:
    return tuple(v.id for v in all_variants())


def get(game_id: str | None) -> Variant:
    """The variant registered as ``game_id`` (None: the 1989 game)."""
    for v in all_variants():
        if v.id == (game_id or DEFAULT):
            return v
    raise UnknownGame(f"unknown game {game_id!r} (known: {', '.join(ids())})")


def ruleset(name: str):
    """The rule set named ``name`` in any game (saved games and recordings name rule sets)."""
    for v in all_variants():
        found = v.rule_sets().get(name)
        if found is not None:
            return found
    shown = repr(name[:40]) + ("..." if len(name) > 40 else "")
    raise KeyError(f"unknown rule set {shown} ({rule_set_hint()})")


def rule_set_hint() -> str:
    """A short reminder of the rule sets' names for error messages (all of them would be long)."""
    examples = ", ".join(next(iter(v.rule_sets())) for v in all_variants())
    return f"each game names its own, such as {examples}; `baker8bit stats` lists them all"


def of_rules(rules) -> Variant:
    """The variant a rule set belongs to."""
    return get(rules.game)
