"""One position of a game: the field, the parking spaces and the terminal piles.

A position is immutable, so a take-back is simply the previous position.

- ``columns``: one tuple per field column, top (first dealt) card first, the
  exposed card last.
- ``cells``: one entry per parking space, a card or None.
- ``foundations``: per suit, how many cards are on its terminal pile (0..13);
  the top card of suit s is rank ``foundations[s] - 1``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from baker8bit.core import cards
from baker8bit.core.deal import shuffled
from baker8bit.freecell.rules import RuleSet


@dataclass(frozen=True)
class Position:
    columns: tuple[tuple[int, ...], ...]
    cells: tuple[int | None, ...]
    foundations: tuple[int, ...]

    @classmethod
    def dealt(cls, deal: int, rules: RuleSet) -> Position:
        """Deal number ``deal`` under ``rules``: the generator's cards go out row by row,
        card i to column ``i mod C`` (docs/FAITHFULNESS.md, "deal" [decided]); when the rules deal
        cells full (Eight Off), the last cards drawn fill them, leftmost first."""
        order = shuffled(deal, rules.suits)
        field = rules.cards - rules.cells_dealt
        if rules.deal == "triangle":
            columns = triangle(order[:field], rules.columns)
        else:
            columns = tuple(tuple(order[i:field:rules.columns]) for i in range(rules.columns))
        cells = tuple(order[field:]) + (None,) * (rules.cells - rules.cells_dealt)
        if rules.base:
            # A starting rank: the same deal, with the cards already on the suit stacks taken
            # out of it where they fell (stacks get shorter, reserve places empty).
            def out(c):
                return c is not None and cards.rank_of(c) < rules.base

            columns = tuple(tuple(c for c in col if not out(c)) for col in columns)
            cells = tuple(None if out(c) else c for c in cells)
        return cls(columns=columns, cells=cells, foundations=(rules.base,) * rules.suits)

    @property
    def suits(self) -> int:
        return len(self.foundations)

    def all_cards(self) -> list[int]:
        """Every card of the position, including the ones on the terminal piles."""
        out = [c for col in self.columns for c in col]
        out += [c for c in self.cells if c is not None]
        for s, n in enumerate(self.foundations):
            out += [cards.make(r, s) for r in range(n)]
        return out

    def is_complete(self) -> bool:
        """Every card is on its terminal pile: the game is won."""
        return all(n == 13 for n in self.foundations)

    def check(self, rules: RuleSet) -> None:
        """Raise ValueError unless this is a legal position of ``rules``."""
        if len(self.columns) != rules.columns or len(self.cells) != rules.cells:
            raise ValueError("wrong number of columns or parking spaces")
        if len(self.foundations) != rules.suits or any(not 0 <= n <= 13 for n in self.foundations):
            raise ValueError("bad terminal piles")
        counts = Counter(self.all_cards())
        expected = set(cards.deck(rules.suits))
        dup = [cards.to_text(c) for c, n in counts.items() if n > 1]
        if dup:
            raise ValueError(f"duplicated card(s): {' '.join(sorted(dup))}")
        wrong = [cards.to_text(c) for c in counts if c not in expected]
        if wrong:
            raise ValueError(f"card(s) not in a {rules.suits}-suit game: {' '.join(sorted(wrong))}")
        missing = [cards.to_text(c) for c in expected if c not in counts]
        if missing:
            raise ValueError(f"missing card(s): {' '.join(missing)}")


def triangle(order: list[int], ncol: int) -> tuple[tuple[int, ...], ...]:
    """King Albert's deal: column i gets i+1 cards, dealt row by row as a player deals them
    (row k: one card to each of columns k..C-1, left to right)."""
    cols: list[list[int]] = [[] for _ in range(ncol)]
    it = iter(order)
    for row in range(ncol):
        for i in range(row, ncol):
            cols[i].append(next(it))
    return tuple(tuple(c) for c in cols)
