"""A Blue game as the console plays it: the rule sets (one per layout size) and the game adapter.

``rules.Game`` is the whole game (the board as dealt, the aces, the strategy,
the history and its cursor); this wraps it in what the console reads of every
game (``rules`` with its name and label, ``deal``, ``position``, ``moves``,
``won``, ``takebacks_left``, ``mark``). The console's "position" of a Blue
game is the ``rules.Game`` itself: the game file (``gamefile``) is its text.
"""

from __future__ import annotations

from dataclasses import dataclass

from baker8bit.console.contract import Option
from baker8bit.games.blue import gamefile
from baker8bit.games.blue.rules import Game, Layout

SUITS = (2, 3, 4)  # --suits: a one-suit game is a single row, nothing to plan
RANKS = tuple(range(3, 14))  # --ranks: two ranks leave nothing to move


@dataclass(frozen=True)
class BlueRules:
    """One layout size: S suits of R ranks (``blue-4x13`` is the full game)."""

    suits: int = 4
    ranks: int = 13
    game: str = "blue"
    marks: int = 0
    redo: bool = True
    highlight: bool = True
    history: int = 0
    cheat: bool = False  # no move made with a cheat counts apart in the statistics
    cards: int = 0  # statistics: the fewest moves a win can take (a layout may be dealt nearly won)

    @property
    def name(self) -> str:
        return f"blue-{self.suits}x{self.ranks}"

    @property
    def label(self) -> str:
        return self.name

    @property
    def title(self) -> str:
        return f"BLUE {self.suits}X{self.ranks}"

    @property
    def layout(self) -> Layout:
        return Layout(self.suits, self.ranks)


OPTIONS = (
    Option("suits", SUITS, 4, "rows of the layout, one suit a row (default 4)", deals=True),
    Option("ranks", RANKS, 13, "cards of each suit, 3..13 (default 13)", deals=True),
)
RULES = {r.name: r for r in (BlueRules(s, k) for s in SUITS for k in RANKS)}
DEFAULT = RULES["blue-4x13"]


def rules_of(layout: Layout) -> BlueRules:
    return RULES[f"blue-{layout.suits}x{layout.ranks}"]


def copy(game: Game) -> Game:
    """An independent copy (through the game file, which keeps everything)."""
    return gamefile.loads(gamefile.dumps(game))


class BlueGame:
    def __init__(self, rules: BlueRules, deal: int | None, position: Game):
        self.rules = rules
        self.deal = deal
        self.position = position
        self.cheated = False
        # what the dialogue shows on the screen (dialogue.py sets them, screen.py reads them)
        self.mode = "strategy"
        self.pen: int | None = None  # strategy mode: the card the next strategy slot receives
        self.marks: tuple[int, ...] = ()  # play mode: the two gaps a card may go to (after T)
        self.pending: str | None = None  # the row letter typed, waiting for its column
        self.message = ""  # the status line's note (SAVED, LOADED, ...)

    @property
    def game(self) -> Game:
        return self.position

    @property
    def moves(self) -> int:
        return self.position.cursor

    @property
    def takebacks_left(self) -> int:
        return self.position.cursor

    @property
    def won(self) -> bool:
        return self.position.won()

    @property
    def lost(self) -> bool:
        return False  # Blue says nothing when no card can move: its description names no such message

    @property
    def mark(self) -> int | None:
        return None  # no mark in this game

    @property
    def history(self):
        return self.position.line

    @property
    def at_mark(self) -> bool:
        return False
