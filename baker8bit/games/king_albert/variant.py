"""King Albert (Andrew Pipkin's instructions, 2000): nine stacks dealt 1..9, a reserve of seven.

The rules are the FreeCell-family engine's with the data of ``game.toml`` (alternating colours,
a reserve nothing may enter, automatic moves home, the shift "cheat"). What is this game's own:

- two options, **starting rank** (0..12: the rank already on the suit stacks when a game
  starts) and **automatic card moving** (on by default). Each pair of values is a rule set of
  its own (``king-albert``, ``king-albert-manual``, ``king-albert-r3``,
  ``king-albert-r3-manual``), so saved games, recordings and statistics name it;
- its dialogue (``dialogue.py``: run selection, moves to empty stacks, the cheat, the buttons
  and the options window) and its screen (``screen.py``);
- boards: the ``Freecells:`` line is the reserve and must list seven places.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from baker8bit.console.contract import Option, VariantError, hit_places
from baker8bit.freecell import boardtext
from baker8bit.freecell.variant import FreecellVariant
from baker8bit.games.king_albert.dialogue import KingAlbertDialogue
from baker8bit.games.king_albert.prove import KingAlbertSpace
from baker8bit.games.king_albert.screen import OPTION_ROWS, WINDOW, draw_game
from baker8bit.research.layered import ProofTask

RANKS = tuple(range(13))  # 0: the suit stacks start empty; 12: only the kings are left to play
SHIFT_KEY = "X"  # what a held Shift puts before a key: the next run move ignores the empty stacks it needs


def ruleset_name(rank: int, auto: bool) -> str:
    return "king-albert" + (f"-r{rank}" if rank else "") + ("" if auto else "-manual")


class KingAlbertVariant(FreecellVariant):
    options = (
        Option("starting_rank", RANKS, 0, "the rank already on the suit stacks, 0..12 (default 0: none)", metavar="K"),
        Option("auto", (True, False), True, "automatic moves to the suit stacks, on or off (default on)"),
    )
    shift_key = SHIFT_KEY
    double_click_repeats = True  # a double-click on a stack selects its run ("clicking twice on the stack")
    game_phases = ("spread",)

    def __init__(self, data, source: str):
        super().__init__(data, source)
        (base,) = self._rule_sets.values()
        self._rule_sets = {}
        for auto in (True, False):
            for rank in RANKS:
                name = ruleset_name(rank, auto)
                tag = "" if name == base.name else name
                self._rule_sets[name] = replace(base, name=name, base=rank, auto_home=auto, tag=tag)

    def check_options(self, given: dict[str, Any]) -> dict[str, Any]:
        rank = given.get("starting_rank")
        if rank is not None and rank not in RANKS:
            raise VariantError(
                f"{self.id}: the starting rank must be 0..12 (0: the suit stacks start empty), not {rank}"
            )
        return super().check_options(given)

    def rules(self, options: dict[str, Any] | None = None):
        o = self.check_options(options or {})
        return self._rule_sets[ruleset_name(o["starting_rank"], o["auto"])]

    def options_of(self, rules) -> dict[str, Any]:
        return {"starting_rank": rules.base, "auto": rules.auto_home}

    def read_board(self, text: str, options: dict[str, Any] | None = None):
        columns, cells = boardtext.shape(text)
        rules = self.rules(options)
        if cells != rules.cells:
            raise VariantError(
                f"a King Albert board has a reserve of {rules.cells} places on its Freecells line "
                f"(a card or '-'), not {cells}"
            )
        return super().read_board(text, options)

    def dialogue(self, game, timing, emit, clock):
        return KingAlbertDialogue(game, timing, emit, clock, self)

    def draw_game(self, scr, view, game, frame: int, look) -> None:
        draw_game(scr, view, game, frame, look)

    def right_click(self, key: str | None, view) -> list[str]:
        """A right click on a stack: ``S`` and its letter (its top card, or its selected cards,
        to empty stacks)."""
        if key is None or len(key) != 1 or not key.isalpha() or key == "T":
            return []  # a right click on nothing: nothing moves
        return [key] if view.phase == "spread" else ["S", key]

    def pad_places(self, scr, view, game):
        """While the options window is open, its three lines; else the family's places (the
        stacks, the reserve, ``T``, then the buttons)."""
        if view.phase == "options":
            return hit_places(scr.hits, keep=lambda row, col: row in OPTION_ROWS and WINDOW[0] <= col <= WINDOW[1])
        return super().pad_places(scr, view, game)

    def pad_buttons(self, rules):
        """SELECT opens the options window (``V``), as the OPTIONS button does."""
        return {**super().pad_buttons(rules), "PAD_SELECT": "V"}

    def proof_space(self, position, rules) -> tuple:
        """The position proved by the safe moves home and every other legal single-card move, its
        columns in no order (``prove.py``): one verdict, ``proof``."""
        return (ProofTask("proof", KingAlbertSpace(rules, position)),)

    def describe(self, rules) -> str:
        return "KING ALBERT" + (f" FROM {rules.base}" if rules.base else "")

    def stats_rows(self) -> tuple[tuple[str, str], ...]:
        return (("king-albert", "AUTO"), ("king-albert-manual", "HAND"))


VARIANT = KingAlbertVariant.from_package(__package__)
