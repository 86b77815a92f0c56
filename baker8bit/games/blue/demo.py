"""Demonstrations of Blue: a deal the checker wins (aces as dealt), played by its keys.

The plan switches to play mode (``P``) and then names each move by its two
slots (``B5C7``: the card at B5 to the gap at C7). The checker's budget is
counted in positions, so the same deal always gives the same plan."""

from __future__ import annotations

from baker8bit.console.contract import VariantError
from baker8bit.console.demo import DealTrier
from baker8bit.core.deal import MAX_DEAL
from baker8bit.games.blue import checker, rules
from baker8bit.games.blue.dialogue import BOARD_ROWS, COLUMNS
from baker8bit.games.blue.shorten import shorten

SEARCH_POSITIONS = 50_000  # positions the checker may use on one deal (one effort) before the next is tried


def slot_keys(index: int, layout) -> str:
    return BOARD_ROWS[index // layout.width] + COLUMNS[index % layout.width]


def ace_swaps(have: tuple[int, ...], want: tuple[int, ...], layout) -> tuple[str, ...]:
    """The strategy-mode keys that turn the ace ordering ``have`` into ``want``: for each row
    in turn whose ace is not the one wanted, that row's ace then the ace it swaps with."""
    order, out = list(have), []
    for r, s in enumerate(want):
        if order[r] != s:
            j = order.index(s)
            out.append(slot_keys(r * layout.width, layout) + slot_keys(j * layout.width, layout))
            order[r], order[j] = order[j], order[r]
    return tuple(out)


def commands(board: bytes, moves, layout) -> tuple[str, ...]:
    """The keys of ``moves`` from ``board``: ``P``, then a source slot and a gap each."""
    out = ["P"]
    for m in moves:
        out.append(slot_keys(board.index(m.card), layout) + slot_keys(m.to, layout))
        board = rules.apply(board, m)
    return tuple(out)


class BluePlanner(DealTrier):
    max_deal = MAX_DEAL

    def __init__(self, rules_, deal: int, strategy: str | None = None):
        if strategy is not None:

            raise VariantError("blue has no strategies to demonstrate (demo --strategy is for sequence)")
        super().__init__(rules_, deal)

    def commands_for(self, deal: int) -> tuple[str, ...] | None:
        layout = self.rules.layout
        board = rules.deal(deal, layout)
        result = checker.solve(board, layout, max_positions=SEARCH_POSITIONS, effort=1)
        if result.outcome != checker.SOLVED:
            return None
        return commands(board, shorten(board, result.moves, layout), layout)
