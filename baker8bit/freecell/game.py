"""A game in progress: the position, the move stack, the mark, the redo list and the move count.

``push(move)`` makes a move, ``pop()`` takes the last one back and returns it
(python-chess's ``Board.push``/``pop``); ``redo()`` re-makes the last move
taken back, where the rules have a redo. BAKER-1989.md rows implemented here:

- take back: space restores the previous position; ``rules.history`` (300)
  moves are remembered, older ones forgotten, a take-back beyond does nothing.
  A rule set with ``history = 0`` remembers every move (Baker's Game: "unlimited
  undo").
- mark: one mark; a new mark replaces it; the player is "at the mark" when
  take-backs have returned to it; a new move made from a position before the
  mark removes it (take-backs can no longer reach it), and so does forgetting
  it from the take-back memory.
- move count: single-card moves on the path from the deal (a take-back
  subtracts one).
"""

from __future__ import annotations

from collections import deque

from baker8bit.freecell.moves import Move, RunMove, apply, apply_run, is_legal, run_fits, step_between
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
        # the positions a take-back returns to, oldest first; a bounded deque forgets the oldest
        self.history: deque[Position] = deque(maxlen=rules.history or None)
        self.undone: list[Move] = []  # moves taken back, the last one taken back last (for redo)
        self.moves = 0
        self.mark: int | None = None
        self.start = position  # the position as dealt (Restart returns to it)

    @classmethod
    def dealt(cls, rules: RuleSet, deal: int) -> Game:
        return cls(rules, Position.dealt(deal, rules), deal)

    # -- moves ---------------------------------------------------------------

    def can(self, move: Move) -> bool:
        return is_legal(self.position, move, self.rules)

    def push(self, move: Move | RunMove, keep_redo: bool = False) -> None:
        if isinstance(move, RunMove):
            if not (self.rules.cheat and run_fits(self.position, move, self.rules)):
                raise IllegalMove(f"illegal run move {move}")
            after = apply_run(self.position, move)
        elif not is_legal(self.position, move, self.rules):
            raise IllegalMove(f"illegal move {move.text(self.rules)}")
        else:
            after = apply(self.position, move)
        if self.mark is not None and self.moves < self.mark:
            self.mark = None  # a new line of play from before the mark
        self.history.append(self.position)
        self.position = after
        self.moves += 1
        if not keep_redo:
            self.undone.clear()
        if self.mark is not None and self.mark < self.moves - len(self.history):
            self.mark = None  # forgotten by the take-back memory

    make = push

    def pop(self) -> Move | None:
        """Take the last move back; return it, or None when nothing is remembered.

        The stack keeps positions (they are immutable and a take-back is the
        previous one); the move taken back is the one legal move between them."""
        if not self.history:
            return None
        before, after = self.history.pop(), self.position
        move = step_between(before, after, self.rules)
        self.position = before
        self.moves -= 1
        if self.rules.redo:
            self.undone.append(move)
        return move

    def take_back(self) -> bool:
        return self.pop() is not None

    def redo(self) -> Move | None:
        """Make again the last move taken back (rules with a redo); None when there is none."""
        if not self.undone:
            return None
        move = self.undone.pop()
        self.push(move, keep_redo=True)
        return move

    def restart(self) -> None:
        """Back to the position as dealt: every move forgotten, the move count 0."""
        self.position = self.start
        self.history.clear()
        self.undone.clear()
        self.moves = 0
        self.mark = None

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
