"""A FreeCell-family game as data: the variant interface implemented from a ``game.toml``.

A game of the family is one folder with a ``game.toml`` (its name, title
lines and rule sets) and an ``__init__.py`` that makes
``FreecellVariant.from_package(__name__)`` (or a small subclass, as the 1989
game's suit option needs). Everything else, the rules engine, the dialogue,
the layout, the board text and the solver, is shared.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from baker8bit.console.prompt import DealPrompt
from baker8bit.console.screens import draw_title_lines
from baker8bit.freecell import boardtext, layout
from baker8bit.freecell.dialogue import Dialogue
from baker8bit.freecell.game import Game
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet, read_rulesets
from baker8bit.games.variant import SolveResult, Variant, VariantError


class FreecellVariant(Variant):
    def __init__(self, package: str, data: dict):
        self.package = package
        self.id = data["id"]
        self.name = data["name"]
        self.credit = data.get("credit", "")
        self.title_lines = tuple(data.get("title", ()))
        self._rule_sets = read_rulesets(data.get("rulesets", {}), self.id, f"{package}/game.toml")

    @classmethod
    def from_package(cls, package: str) -> FreecellVariant:
        text = resources.files(package).joinpath("game.toml").read_text("utf-8")
        return cls(package, tomllib.loads(text))

    # -- rules -------------------------------------------------------------------------

    def rule_sets(self) -> dict[str, RuleSet]:
        return dict(self._rule_sets)

    def rules(self, options: dict[str, Any] | None = None) -> RuleSet:
        self.check_options(options or {})
        (only,) = self._rule_sets.values()
        return only

    def new_game(self, rules: RuleSet, deal: int | None, position: Position | None = None) -> Game:
        if position is None:
            return Game.dealt(rules, deal)
        return Game(rules, position, deal)

    def dialogue(self, game: Game, timing, emit, clock) -> Dialogue:
        return Dialogue(game, timing, emit, clock)

    # -- screens -----------------------------------------------------------------------

    def title(self) -> DealPrompt:
        return DealPrompt()

    def draw_title(self, scr, view, notes: tuple[str, ...]) -> None:
        draw_title_lines(scr, self.title_lines, notes)
        from baker8bit.console.screens import draw_deal_entry

        draw_deal_entry(scr, view.prompt_deal)

    def draw_game(self, scr, view, game: Game, frame: int, look) -> None:
        layout.draw_game(scr, view, game, frame, look)

    # -- boards, solver ----------------------------------------------------------------

    def read_board(self, text: str, options: dict[str, Any] | None = None) -> tuple[Position, RuleSet]:
        rules = self.rules(options)
        check_board_shape(text, rules, self)
        return boardtext.read(text, rules)

    def write_board(self, position: Position, rules: RuleSet) -> str:
        return boardtext.write(position, rules)

    def planner(self, rules: RuleSet, deal: int, strategy: str | None = None):
        from baker8bit.freecell.demo import Planner

        if strategy is not None:
            raise VariantError(f"the game {self.id} has no strategies (--strategy is for sequence)")
        return Planner(rules, deal)

    shortens = True  # ``solve`` takes ``shorten`` (the survey turns it off)
    forgets = True   # ``solve`` takes ``memory``: a seen table that forgets past it

    def solve(self, position: Position, rules: RuleSet, max_states=None, max_seconds=None,
              shorten: bool = True, memory: int | None = None) -> SolveResult:
        """The fast search's answer, its line shortened (``solver/shorten.py``) unless ``shorten``
        is False; its keys leave out the moves the game makes itself. ``memory``: bytes for a
        seen table that forgets when full (``solver.solve``)."""
        from baker8bit.freecell.solver import search_name, solve
        from baker8bit.freecell.solver.shorten import shorten as shorter

        r = solve(position, rules, max_states=max_states, max_seconds=max_seconds, memory=memory)
        if shorten:
            r = shorter(position, rules, r)
        return SolveResult(r.outcome, tuple(r.keys(rules)), len(r.moves), r.states, r.seconds, search_name(rules),
                           tuple(r.automatic(rules)))


def check_board_shape(text: str, rules: RuleSet, variant: Variant) -> None:
    """Refuse a board of another game with a message that names both games.

    The shape is the number of column lines and of cells on the ``Freecells:``
    line; a board whose shape fits another registered game's rule set but not
    this one's is that game's board."""
    columns, cells = boardtext.shape(text)
    if columns == rules.columns and cells <= rules.cells:
        return
    from baker8bit import games

    for other in games.all_variants():
        for rs in other.rule_sets().values():
            if isinstance(rs, RuleSet) and rs.columns == columns and cells <= rs.cells and other.id != variant.id:
                raise VariantError(
                    f"this is a board of {other.id} ({columns} columns, {rs.cells} cells), "
                    f"not of {variant.id} ({rules.columns} columns, {rules.cells} cells)"
                )
