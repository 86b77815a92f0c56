"""A game in progress: the position, the take-back memory, the mark and the move count.

BAKER-1989.md rows implemented here:
- take back: space restores the previous position; ``rules.history`` (300)
  moves are remembered, older ones forgotten, a take-back beyond does nothing.
- mark: one mark; a new mark replaces it; the player is "at the mark" when
  take-backs have returned to it; a new move made from a position before the
  mark removes it (take-backs can no longer reach it), and so does forgetting
  it from the take-back memory.
- move count: single-card moves on the path from the deal (a take-back
  subtracts one).
"""

from __future__ import annotations

from collections import deque

from baker8bit.freecell.moves import Move, apply, is_legal
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet


class IllegalMove(ValueError):
    pass


class Game:
    def __init__(self, rules: RuleSet, position: Position, deal: int | None = None):
        position.check(rules)
        self.rules = rules
        self.deal = deal
        self.position = position
        self.history: deque[Position] = deque(maxlen=rules.history)
        self.moves = 0
        self.mark: int | None = None

    @classmethod
    def dealt(cls, rules: RuleSet, deal: int) -> "Game":
        return cls(rules, Position.dealt(deal, rules), deal)

    # -- moves ---------------------------------------------------------------

    def can(self, move: Move) -> bool:
        return is_legal(self.position, move)

    def make(self, move: Move) -> None:
        if not is_legal(self.position, move):
            raise IllegalMove(f"illegal move {move.keys(self.rules)}")
        if self.mark is not None and self.moves < self.mark:
            self.mark = None  # a new line of play from before the mark
        self.history.append(self.position)
        self.position = apply(self.position, move)
        self.moves += 1
        if self.mark is not None and self.mark < self.moves - len(self.history):
            self.mark = None  # forgotten by the take-back memory

    def take_back(self) -> bool:
        if not self.history:
            return False
        self.position = self.history.pop()
        self.moves -= 1
        return True

    @property
    def takebacks_left(self) -> int:
        return len(self.history)

    # -- mark ----------------------------------------------------------------

    def set_mark(self) -> None:
        self.mark = self.moves

    @property
    def at_mark(self) -> bool:
        return self.mark is not None and self.mark == self.moves

    @property
    def won(self) -> bool:
        return self.position.is_complete()
