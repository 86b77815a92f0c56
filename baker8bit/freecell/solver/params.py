"""The rule parameters of the FreeCell-family search, read from a rule set in one place.

The compiled search (``fastfamily.pyx``, built as ``_cfamily``) knows no game: it takes these
numbers and tables, as Solvitaire's presets and fc-solve's ``--game`` options describe a game.
A new game of the family (Seahaven Towers: ten columns, four cells, kings only into an empty
column, building in suit) is a ``game.toml`` and a layout; nothing here changes unless its build
rule is new.

- ``parents[c]``: the cards c may be put on (one rank higher; the same suit, or either suit of
  the other colour): the **build rule**.
- ``kids[c]``: the cards that may be put on c. A card goes home at once (safely,
  ``safety.py``) when it may go home and every card of ``kids[c]`` is home: in suit that is
  every legal move home (the one card that fits on it is below it on its suit stack), in
  alternating colours Horne's rule (both cards of the other colour one rank lower are home).
- ``cells`` and ``reserve``: how many cells, and whether they are a reserve nothing may enter
  (King Albert's) or free cells a column's top card may be parked in.
- ``any_empty``: whether any card may fill an empty column (``empty = "any"``) or only a king.
- ``game_order``: the order the safe moves home are made in: the game's own automatic moves
  (the columns while any goes, then one cell; King Albert, whose ``Result.auto`` marks them),
  or the 1989 game's (every column once, then every cell, again while any went).
- ``scheme``: which move order (a heuristic: it changes which win is found and how soon,
  never a verdict): 0 the in-suit one of ``search.py``, 1 the alternating-colour one of
  ``colour_core.py`` (whose weights ``colour_core.ORDERS`` holds).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from baker8bit.freecell.rules import RuleSet

NOWHERE = 255  # no card
RED_SUITS = (1, 2)  # diamonds and hearts (cards.SUITS = "CDHS")


@dataclass(frozen=True)
class Params:
    build: str
    columns: int
    cells: int
    reserve: bool
    any_empty: bool
    suits: int
    game_order: bool
    scheme: int
    parents: tuple[tuple[int, int], ...]  # 52 pairs; NOWHERE where there is none
    kids: tuple[tuple[int, int], ...]
    tables: bytes = b""  # parents then kids, two bytes a card each: the compiled search's copy

    @property
    def total(self) -> int:
        """Cards home when the game is won."""
        return 13 * self.suits


def _other_colour(suit: int) -> tuple[int, int]:
    red = suit in RED_SUITS
    return (0, 3) if red else RED_SUITS


def _pair(cards: list[int]) -> tuple[int, int]:
    cards = cards + [NOWHERE] * (2 - len(cards))
    return cards[0], cards[1]


def parents_of(build: str, c: int) -> tuple[int, int]:
    """The cards card c may be put on under the build rule (``NOWHERE`` pads the pair)."""
    suit, rank = divmod(c, 13)
    if rank == 12:
        return NOWHERE, NOWHERE
    if build == "suit":
        return c + 1, NOWHERE
    return _pair([s * 13 + rank + 1 for s in _other_colour(suit)])


def kids_of(build: str, c: int) -> tuple[int, int]:
    """The cards that may be put on card c under the build rule."""
    suit, rank = divmod(c, 13)
    if rank == 0:
        return NOWHERE, NOWHERE
    if build == "suit":
        return c - 1, NOWHERE
    return _pair([s * 13 + rank - 1 for s in _other_colour(suit)])


@lru_cache(maxsize=8)
def _table(of, build: str) -> tuple[tuple[int, int], ...]:
    return tuple(of(build, c) for c in range(52))


def supports(rules: RuleSet) -> bool:
    """Rule sets the family search takes: building in suit with free cells (the 1989 game,
    Baker's Game, Eight Off), or in alternating colours with the four suits the colours need
    (King Albert). Others go to ``choose.searcher``'s reference search."""
    if rules.build == "suit":
        return not rules.reserve
    return rules.build == "colour" and rules.suits == 4


@lru_cache(maxsize=64)  # a rule set is frozen; a survey asks for the same one per deal
def params(rules: RuleSet) -> Params:
    """The search's parameters for a rule set (``supports(rules)`` must hold)."""
    if not supports(rules):
        raise ValueError(f"the family search does not take {rules.name} (builds by {rules.build})")
    colour = rules.build == "colour"
    parents, kids = _table(parents_of, rules.build), _table(kids_of, rules.build)
    return Params(
        build=rules.build,
        columns=rules.columns,
        cells=rules.cells,
        reserve=rules.reserve,
        any_empty=rules.empty != "kings",
        suits=rules.suits,
        game_order=colour,
        scheme=1 if colour else 0,
        parents=parents,
        kids=kids,
        tables=bytes(x for table in (parents, kids) for pair in table for x in pair),
    )
