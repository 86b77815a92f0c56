"""One take-back memory for every game: the moves made, the moves taken back, and a mark.

``History`` keeps, for each move it remembers, the position before it and the move (python-chess's
move stack). ``push`` records a move, ``pop`` takes the last one back and gives the position to
return to, ``redo`` gives the last move taken back to make again. A game owns its position; the
history only remembers.

- ``cap``: how many moves are remembered (the 1989 program's 300); older ones are forgotten, and
  a take-back beyond them does nothing. None: every move (Baker's Game's "unlimited undo").
- ``count``: the moves on the path from the start, forgotten ones included (the 1989 move count).
- the mark: one at a time, set at the current move count; ``at_mark`` when take-backs have
  returned to it. A move made from before the mark removes it (take-backs can no longer reach
  it), and so does forgetting it from the take-back memory.
- the moves taken back are kept for ``redo`` until a new move is made (``push``, unless it is the
  redo itself).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Generic, TypeVar

P = TypeVar("P")  # a position
M = TypeVar("M")  # a move


class History(Generic[P, M]):
    def __init__(self, cap: int | None = None, count: int = 0):
        self.cap = cap or None
        self._before: deque[P] = deque(maxlen=self.cap)
        self._moves: deque[M] = deque(maxlen=self.cap)
        self._undone: list[M] = []  # moves taken back, the last one taken back last
        self.count = count
        self.mark: int | None = None

    @classmethod
    def of(cls, cap: int | None, before: Iterable[P], moves: Iterable[M], count: int,
           mark: int | None = None) -> History[P, M]:
        """A history remembering ``moves``, each made from the position of ``before`` at its index,
        the last of them move ``count`` of the game (a saved game resumed)."""
        h = cls(cap, count)
        h._before.extend(before)
        h._moves.extend(moves)
        if len(h._before) != len(h._moves):
            raise ValueError("a position before each move")
        h.mark = mark
        return h

    # -- what it remembers -------------------------------------------------------------

    def __len__(self) -> int:
        """The moves a take-back can still take back."""
        return len(self._moves)

    @property
    def positions(self) -> tuple[P, ...]:
        """The positions before each remembered move, oldest first."""
        return tuple(self._before)

    @property
    def moves(self) -> tuple[M, ...]:
        """The remembered moves, oldest first."""
        return tuple(self._moves)

    @property
    def undone(self) -> tuple[M, ...]:
        """The moves taken back that ``redo`` makes again, the next one last."""
        return tuple(self._undone)

    @property
    def at_mark(self) -> bool:
        return self.mark is not None and self.mark == self.count

    # -- changes -------------------------------------------------------------------------

    def push(self, before: P, move: M, keep_redo: bool = False) -> None:
        """``move`` was made from ``before``."""
        if self.mark is not None and self.count < self.mark:
            self.mark = None  # a new line of play from before the mark
        self._before.append(before)
        self._moves.append(move)
        self.count += 1
        if not keep_redo:
            self._undone.clear()
        if self.mark is not None and self.mark < self.count - len(self._moves):
            self.mark = None  # forgotten by the take-back memory

    def pop(self, redo: bool = True) -> tuple[P, M] | None:
        """Take the last move back: (the position before it, the move), or None when nothing is
        remembered. With ``redo`` the move is kept for ``redo``."""
        if not self._moves:
            return None
        before, move = self._before.pop(), self._moves.pop()
        self.count -= 1
        if redo:
            self._undone.append(move)
        return before, move

    def redo(self) -> M | None:
        """The last move taken back, no longer kept (the game makes it again with ``push(...,
        keep_redo=True)``), or None."""
        return self._undone.pop() if self._undone else None

    def set_mark(self) -> None:
        self.mark = self.count

    def clear(self) -> None:
        """Back to the start: nothing remembered, no mark, the count 0."""
        self._before.clear()
        self._moves.clear()
        self._undone.clear()
        self.count = 0
        self.mark = None
