"""A game in progress: the position and its take-back memory (``core/history.py``).

``push(move)`` makes a move, ``pop()`` takes the last one back and returns it
(python-chess's ``Board.push``/``pop``); ``redo()`` re-makes the last move
taken back, where the rules have a redo. The 1989 program's rules implemented here
(docs/FAITHFULNESS.md):

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
- no moves left: with ``rules.no_moves_left`` (not the 1989 game) ``lost`` says when no legal
  move is left; the game goes on (a take-back is still possible).
"""

from __future__ import annotations

from baker8bit.core.history import History
from baker8bit.freecell.moves import Move, RunMove, apply, apply_run, is_legal, legal_moves, run_fits
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet


class IllegalMove(ValueError):
    pass


class Game:
    def __init__(self, rules: RuleSet, position: Position, deal: int | None = None,
                 history: History[Position, Move | RunMove] | None = None):
        position.check(rules)
        self.rules = rules
        self.deal = deal
        self.position = position
        self.history: History[Position, Move | RunMove] = history if history is not None else History(rules.history)
        self.start = position  # the position as dealt (Restart returns to it)
        self.cheated = False  # a move was made with King Albert's cheat (the game is won with it)

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
        self.history.push(self.position, move, keep_redo)
        self.position = after

    make = push

    def pop(self) -> Move | RunMove | None:
        """Take the last move back; return it, or None when nothing is remembered."""
        taken = self.history.pop(redo=self.rules.redo)
        if taken is None:
            return None
        self.position, move = taken
        return move

    def take_back(self) -> bool:
        return self.pop() is not None

    def redo(self) -> Move | RunMove | None:
        """Make again the last move taken back (rules with a redo); None when there is none."""
        move = self.history.redo()
        if move is not None:
            self.push(move, keep_redo=True)
        return move

    def restart(self) -> None:
        """Back to the position as dealt: every move forgotten, the move count 0."""
        self.position = self.start
        self.history.clear()

    @property
    def moves(self) -> int:
        return self.history.count

    @property
    def takebacks_left(self) -> int:
        return len(self.history)

    # -- mark ----------------------------------------------------------------

    @property
    def mark(self) -> int | None:
        return self.history.mark

    def set_mark(self) -> None:
        self.history.set_mark()

    @property
    def at_mark(self) -> bool:
        return self.history.at_mark

    @property
    def won(self) -> bool:
        return self.position.is_complete()

    @property
    def lost(self) -> bool:
        """Whether the game says NO MOVES LEFT (rules with ``no_moves_left``): not won, and no legal
        single move is left (so no group move either, which is single moves; a take-back is no
        move, a cheat is none; King Albert's automatic moves are legal moves home)."""
        if not self.rules.no_moves_left:
            return False
        if self._lost_at is not self.position:  # once a position: the screen asks every frame
            self._lost_at = self.position
            self._lost = not self.won and not legal_moves(self.position, self.rules)
        return self._lost

    _lost_at: Position | None = None
    _lost = False
