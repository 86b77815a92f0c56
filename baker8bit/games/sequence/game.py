"""A sequence-solitaire game as the console plays it: the deal, the position, take-back and redo.

``rules.State`` is the position; the take-back memory is ``core/history.py``'s, unlimited, with
redo and no mark; and what the console reads of every game (``rules`` with its name and label,
``deal``, ``moves``, ``won``, ``takebacks_left``, ``mark``).
"""

from __future__ import annotations

from dataclasses import dataclass

from baker8bit.core.history import History
from baker8bit.games.sequence.rules import DECK_SIZE, Move, SequenceError, State


@dataclass(frozen=True)
class SequenceRules:
    """A rule set of the game, in the shape the console's files and statistics read. The rules
    of play are the same in every one; ``hint`` is the player HELP asks: ``lookahead`` in the rule
    set ``sequence`` (recordings and statistics that name no HELP player name it:
    ``Variant.recorded_defaults``), ``sampling`` in ``sequence-sampling`` (the default)."""

    name: str = "sequence"
    game: str = "sequence"
    title: str = "SEQUENCE SOLITAIRE"
    suits: int = 4  # a full deck; the suits are ignored (rule 1)
    cards: int = DECK_SIZE
    marks: int = 0
    redo: bool = True
    highlight: bool = True
    history: int = 0
    cheat: bool = False  # no move made with a cheat counts apart in the statistics
    hint: str = "lookahead"

    @property
    def label(self) -> str:
        return self.name


RULES = SequenceRules()  # HELP: the look-ahead player (the rule set of every game before the option)
SAMPLING_RULES = SequenceRules(name="sequence-sampling", hint="sampling")
HINTS = {"sampling": SAMPLING_RULES, "lookahead": RULES}  # the ``hint`` option's values, default first


class SequenceGame:
    def __init__(self, rules: SequenceRules, deal: int | None, position: State):
        self.rules = rules
        self.deal = deal
        self.position = position
        self.history: History[State, Move] = History()
        self.cheated = False

    @property
    def moves(self) -> int:
        return self.history.count

    @property
    def takebacks_left(self) -> int:
        return len(self.history)

    @property
    def won(self) -> bool:
        return self.position.won()

    @property
    def lost(self) -> bool:
        return self.position.lost()

    @property
    def mark(self) -> int | None:
        return None  # no mark in this game

    @property
    def at_mark(self) -> bool:
        return False

    @property
    def played(self) -> tuple[Move, ...]:
        """The moves made, oldest first."""
        return self.history.moves

    def can(self, move: Move) -> bool:
        return self.position.is_legal(move)

    def push(self, move: Move, keep_redo: bool = False) -> None:
        if not self.can(move):
            raise SequenceError(f"illegal move {move}")
        self.history.push(self.position, move, keep_redo)
        self.position = self.position.apply(move)

    def pop(self) -> Move | None:
        taken = self.history.pop()
        if taken is None:
            return None
        self.position, move = taken
        return move

    def take_back(self) -> bool:
        return self.pop() is not None

    def redo(self) -> Move | None:
        move = self.history.redo()
        if move is not None:
            self.push(move, keep_redo=True)
        return move
