"""The registry of games: every folder of this package that holds a ``game.toml`` is a game.

A game's ``game.toml`` gives its id (``baker8bit --game ID``), name, credit, its place on the
menu (``menu``) and its title lines. Its variant (``console/contract.Variant``) is ``VARIANT`` in
the folder's ``variant.py``; a game of the FreeCell family that is only data has no
``variant.py``, and its ``game.toml`` says ``engine = "freecell"`` and lists its rule sets.
A new game is a new folder: nothing here names one (docs/ARCHITECTURE.md, "How to add a game").

The console is given this registry (``registry()``); ``KeyMachine`` here is the console's key
machine with these games.
"""

from __future__ import annotations

import importlib
import tomllib
from functools import cache
from importlib import resources

from baker8bit.console import machine
from baker8bit.console.contract import Registry, UnknownGame, Variant, VariantError
from baker8bit.freecell.variant import FreecellVariant
from baker8bit.games import compat

__all__ = ["DEFAULT", "KeyMachine", "UnknownGame", "Variant", "VariantError", "all_variants", "get", "ids",
           "of_rules", "registry", "rule_set_hint", "ruleset"]

DEFAULT = "baker"  # the 1989 game: the one a command means when it names none


def _variant(folder: str, data: dict) -> Variant:
    if resources.files(__name__).joinpath(folder).joinpath("variant.py").is_file():
        return importlib.import_module(f"{__name__}.{folder}.variant").VARIANT
    if data.get("engine") == "freecell":

        return FreecellVariant(data, f"games/{folder}/game.toml")
    raise ValueError(f"games/{folder}: a game folder needs a variant.py or engine = \"freecell\" in its game.toml")


@cache
def registry() -> Registry:
    """Every game of this package, in the order of their ``menu`` numbers."""
    found = []
    for entry in resources.files(__name__).iterdir():
        toml = entry.joinpath("game.toml")
        if entry.is_dir() and toml.is_file():
            data = tomllib.loads(toml.read_text("utf-8"))
            found.append((int(data["menu"]), entry.name, data))
    menus = [m for m, _, _ in found]
    if len(set(menus)) != len(menus):
        raise ValueError(f"two games share a menu place: {sorted(menus)}")
    return Registry((_variant(folder, data) for _, folder, data in sorted(found)), DEFAULT)


def all_variants() -> tuple[Variant, ...]:
    return registry().variants


def ids() -> tuple[str, ...]:
    return registry().ids()


def get(game_id: str | None) -> Variant:
    """The variant registered as ``game_id`` (None: the 1989 game)."""
    return registry().get(game_id)


def ruleset(name: str):
    """The rule set named ``name`` in any game (saved games and recordings name rule sets)."""
    return registry().ruleset(name)


def rule_set_hint() -> str:
    return registry().rule_set_hint()


def of_rules(rules) -> Variant:
    """The variant a rule set belongs to."""
    return registry().of_rules(rules)


def read_board(variant: Variant, text: str, options=None):
    """``variant.read_board``; a board of another game is named as that game's."""
    return registry().read_board(variant, text, options)


class KeyMachine(machine.KeyMachine):
    """The console's key machine (``console/machine.py``) with this package's games, and the HELP
    of its timing's version (``compat.profile``: a recording of an earlier version's) and the rules
    of its ``program`` version (``compat.rules_profile``: a recording's; None: today's)."""

    def __init__(self, program: str | None = None, **options):
        timing = options.get("timing")
        super().__init__(registry(), help_profile=compat.profile(timing) if timing is not None else None,
                         rules_profile=compat.rules_profile(program), **options)
