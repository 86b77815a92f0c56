"""A FreeCell-family game as data: the variant contract implemented from a ``game.toml``.

A game of the family is one folder with a ``game.toml``: its name, title lines and rule sets
(``[rulesets.NAME]``, the fields of ``rules.RuleSet``), and ``engine = "freecell"``. The
registry makes its variant from that (``games/__init__.py``); a game with something the data
cannot say (the 1989 game's suit option and prompt, King Albert's options and dialogue)
subclasses ``FreecellVariant`` in its own ``variant.py``. Everything else, the rules engine,
the dialogue, the screen, the board text and the solver, is shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baker8bit.console.contract import Step, Variant, VariantError, read_game_toml
from baker8bit.console.prompt import DealPrompt
from baker8bit.console.screens import draw_deal_entry, draw_title_lines
from baker8bit.core.outcome import SearchResult
from baker8bit.freecell import boardtext, screen, solver
from baker8bit.freecell.advisor import warm
from baker8bit.freecell.demo import Planner
from baker8bit.freecell.dialogue import FreecellDialogue
from baker8bit.freecell.game import Game
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet, read_rulesets
from baker8bit.freecell.solver.shorten import shorten as shorter

# The escalation (``Variant.escalate``), sized so a deal ends within about the 30 s default. In
# suit (the 1989 game, Baker's Game, Eight Off): the search with a table of 1,000,000 positions,
# then of 8,000,000. In alternating colours (King Albert, FreeCell), where a depth-first search
# that starts down a wrong branch can stay under it for millions of positions: the search with
# 1,000,000 positions for each of its two move orders; then restarts, 40 short searches of
# 250,000 positions, each with a seeded move order of its own (``params.restart_orders``: wins
# the first steps miss); then one search of 16,000,000 positions, large enough to prove most
# losses whole (King Albert's lost deals of 1..10,000 need at most about 11,500,000). At most
# 28,000,000 positions (King Albert examines about 1,000,000 a second compiled; the last step's
# table takes about 650 MB); the plain search, many times slower, takes a tenth of each.
LADDER_COMPILED = (Step("table-1m", 1_000_000), Step("table-8m", 8_000_000))
LADDER_PURE = (Step("table-100k", 100_000), Step("table-800k", 800_000))
RESTARTS = 40
LADDER_COLOUR_COMPILED = (Step("table-1m", 1_000_000), Step("restarts", 250_000, (("restarts", RESTARTS),)),
                          Step("table-16m", 16_000_000, (("order", 0),)))
LADDER_COLOUR_PURE = (Step("table-100k", 100_000), Step("restarts", 25_000, (("restarts", RESTARTS),)),
                      Step("table-1.6m", 1_600_000, (("order", 0),)))


class FreecellVariant(Variant):
    search_options = frozenset({"memory", "shorten"})

    def __init__(self, data: Mapping[str, Any], source: str):
        super().__init__(data)
        self._rule_sets = read_rulesets(data.get("rulesets", {}), self.id, source)

    @classmethod
    def from_package(cls, package: str) -> FreecellVariant:
        """The variant of the game folder ``package`` (its ``game.toml``)."""
        return cls(read_game_toml(package), package.replace(".", "/") + "/game.toml")

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

    def dialogue(self, game: Game, timing, emit, clock) -> FreecellDialogue:
        return FreecellDialogue(game, timing, emit, clock)

    # -- screens -----------------------------------------------------------------------

    def title(self) -> DealPrompt:
        return DealPrompt()

    def draw_title(self, scr, view, notes: tuple[str, ...]) -> None:
        draw_title_lines(scr, self.title_lines, notes)
        draw_deal_entry(scr, view.prompt_deal, view.cursor)

    def draw_game(self, scr, view, game: Game, frame: int, look) -> None:
        screen.draw_game(scr, view, game, frame, look)

    def pad_places(self, scr, view, game: Game):
        """The field's columns first (the cursor starts on the first), then the cells, then ``T``
        (the foundations), then anything else the screen has (King Albert's buttons)."""
        places = super().pad_places(scr, view, game)

        def kind(p) -> int:
            where = game.rules.place(p.key) if len(p.key) == 1 else None
            return 0 if where and where[0] == "column" else 1 if where else 2 if p.key == "T" else 3

        return tuple(sorted(places, key=kind))

    # -- boards, solver ----------------------------------------------------------------

    def read_board(self, text: str, options: Mapping[str, Any] | None = None) -> tuple[Position, RuleSet]:
        return boardtext.read(text, self.rules(options))

    def write_board(self, position: Position, rules: RuleSet) -> str:
        return boardtext.write(position, rules)

    def record_board_read(self, text: str, rules: RuleSet) -> tuple[Position, RuleSet]:
        return boardtext.read(text, rules)

    def board_shape(self, text: str) -> str | None:
        """``N columns, K cells`` when one of this game's rule sets has N columns and K cells or
        more (a board lists the cells in use); the shape is what ``boardtext.shape`` counts."""
        try:
            columns, cells = boardtext.shape(text)
        except boardtext.BoardError:
            return None
        for rs in self._rule_sets.values():
            if rs.columns == columns and cells <= rs.cells:
                return self.shape_of(rs)
        return None

    def shape_of(self, rules: RuleSet) -> str:
        return f"{rules.columns} columns, {rules.cells} cells"

    def warm(self) -> None:
        """The search tables of the default rule set (``advisor.warm``)."""

        warm(self.rules())

    def planner(self, rules: RuleSet, deal: int, strategy: str | None = None):
        if strategy is not None:
            raise VariantError(f"the game {self.id} has no strategies (--strategy is for sequence)")
        return Planner(rules, deal)

    def escalation(self, rules: RuleSet) -> tuple[Step, ...]:
        compiled = solver.search_name(rules) == "compiled"
        if rules.build == "colour":
            return LADDER_COLOUR_COMPILED if compiled else LADDER_COLOUR_PURE
        return LADDER_COMPILED if compiled else LADDER_PURE

    def solve(self, position: Position, rules: RuleSet, max_states=None, max_seconds=None,
              shorten: bool = True, memory: int | None = None, order: int | None = None,
              restarts: int = 0) -> SearchResult:
        """The fast search's answer, its line shortened (``solver/shorten.py``) unless ``shorten``
        is False; its keys leave out the moves the game makes itself. ``memory``: bytes for a
        seen table that forgets when full; ``order``: one move order only; ``restarts``: that
        many seeded move orders instead, each with ``max_states`` (``solver.solve``)."""

        r = solver.solve(position, rules, max_states=max_states, max_seconds=max_seconds, memory=memory,
                         order=order, restarts=restarts)
        return shorter(position, rules, r) if shorten else r
