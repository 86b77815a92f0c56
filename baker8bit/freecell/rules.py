"""Rule sets of the FreeCell family, as data.

A rule set holds everything that tells one game of the family from another:
the numbers (suits, columns, cells), how cards build, what an empty column
takes, how many cells are dealt full, how deep the take-back goes, whether
there is a mark and a redo. Each game keeps its rule sets in its own folder
(``games/<game>/rules.toml``) and registers them; the engine (``moves``,
``game``, ``position``, the solver, the dialogue and the screen layout) reads
only this object, never a game's name.

Key letters: columns are lettered from ``A`` left to right and the cells take
the next letters (docs/FAITHFULNESS.md, "key letters" [decided]); ``T`` is the
terminal (foundation) area.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

BUILDS = ("suit", "colour")  # down in suit; down in alternating colour
EMPTIES = ("any", "kings")  # what an empty column takes: any card, or only a king (or a king-led run)
DEALS = ("rows", "triangle")
# rows: the cards go out row by row, card i to column i mod C, the last ones to cells;
# triangle (King Albert): column i gets i+1 cards, dealt row by row (row k to columns k..C-1),
# the cards left over to the cells
LAYOUTS = ("one-row", "two-rows")  # cells and foundations on one top row, or foundations on a row of their own
GROUPS = ("places", "supermove")
# How many cards a group move (``T`` source destination) carries, each time as the single moves a
# player could make one card at a time (``moves.group_moves``):
# places: n cards need n-1 free places, each an empty cell or an empty column holding one card (the
#   1989 program's group move; King Albert's "an empty space for every moved card below the top card");
# supermove: an empty column may hold a part of the run as well, as moving card by card allows: up to
#   (free cells + 1) x 2^(empty columns) cards, the destination not counted when it is itself empty
#   (Baker's Game's "simulating what could be achieved by moving cards individually").


class RulesError(ValueError):
    """A rule set in a data file that the engine cannot play."""


@dataclass(frozen=True)
class RuleSet:
    name: str  # "baker4", "bakers-game", "eight-off": the rule set's id (saved games name it)
    game: str  # the registered game it belongs to ("baker", "bakers-game", ...)
    title: str
    suits: int
    columns: int
    cells: int
    build: str = "suit"
    empty: str = "any"
    cells_dealt: int = 0  # how many cells (leftmost first) the deal fills
    deal: str = "rows"
    history: int = 0  # moves the take-back remembers; 0 = all of them
    marks: int = 0  # positions that can be marked (P); 0 = no mark, P is an ordinary letter
    redo: bool = False  # RETURN re-makes a move taken back
    tag: str = ""  # how events and statistics name games of this rule set ("4" for the 1989 game with 4 suits)
    layout: str = "one-row"
    highlight: bool = True  # the selected card blinks as well as its letter turning black
    reserve: bool = False  # the cells are a reserve: dealt full, nothing may enter them, never refilled
    base: int = 0  # ranks already on the suit stacks when a game starts (King Albert's "starting rank")
    auto_home: bool = False  # the game moves a card home itself when nothing can go on it any more
    cheat: bool = False  # a whole ordered run may be moved at once without the empty places it needs
    group: str = "places"  # how many cards a group move carries (GROUPS)
    no_moves_left: bool = False  # the game says NO MOVES LEFT when no legal move is left (the 1989 program did not)

    def __post_init__(self) -> None:
        if self.build not in BUILDS:
            raise RulesError(f"rule set {self.name!r}: build must be one of {BUILDS}, not {self.build!r}")
        if self.empty not in EMPTIES:
            raise RulesError(f"rule set {self.name!r}: empty must be one of {EMPTIES}, not {self.empty!r}")
        if self.group not in GROUPS:
            raise RulesError(f"rule set {self.name!r}: group must be one of {GROUPS}, not {self.group!r}")
        if self.deal not in DEALS or self.layout not in LAYOUTS:
            raise RulesError(f"rule set {self.name!r}: unknown deal or layout")
        if not 1 <= self.suits <= 4 or not 1 <= self.columns or not 0 <= self.cells_dealt <= self.cells:
            raise RulesError(f"rule set {self.name!r}: impossible numbers")
        if self.columns + self.cells > 19:  # T is the 20th letter
            raise RulesError(f"rule set {self.name!r}: more places than letters before T")
        if not 0 <= self.base <= 12:
            raise RulesError(f"rule set {self.name!r}: the starting rank must be 0..12, not {self.base}")
        if self.deal == "triangle" and self.columns * (self.columns + 1) // 2 + self.cells_dealt != self.cards:
            raise RulesError(f"rule set {self.name!r}: a triangle of {self.columns} columns and "
                             f"{self.cells_dealt} cells is not {self.cards} cards")
        if self.history < 0 or self.marks not in (0, 1):
            raise RulesError(f"rule set {self.name!r}: history must be >= 0 and marks 0 or 1")

    @property
    def cards(self) -> int:
        return self.suits * 13

    @property
    def label(self) -> str:
        """How events and statistics name this rule set's games."""
        return self.tag or self.game

    @property
    def letters(self) -> str:
        """All place letters: columns first, then cells."""
        return "".join(chr(ord("A") + i) for i in range(self.columns + self.cells))

    def column_letter(self, i: int) -> str:
        return chr(ord("A") + i)

    def cell_letter(self, i: int) -> str:
        return chr(ord("A") + self.columns + i)

    def place(self, letter: str) -> tuple[str, int] | None:
        """``("column", i)`` or ``("cell", i)`` for a key letter, else None."""
        i = ord(letter.upper()) - ord("A") if len(letter) == 1 else -1
        if 0 <= i < self.columns:
            return ("column", i)
        if self.columns <= i < self.columns + self.cells:
            return ("cell", i - self.columns)
        return None

    def fcsolve_order(self) -> str:
        """fc-solve's ``-to`` (atomic moves only): to the foundations (0, 1), stack card to an
        empty stack (A), to a parent (B), to a free cell (C, not when the cells are a reserve
        nothing may enter), free cell card to a parent (D), to an empty stack (E)."""
        return "01ABDE" if self.reserve else "01ABCDE"

    def fcsolve_args(self) -> list[str]:
        """fc-solve's options for this game: atomic single-card moves, our numbers and rules."""
        return [
            "--freecells-num", str(self.cells), "--stacks-num", str(self.columns),
            "--sequences-are-built-by", "suit" if self.build == "suit" else "alternate_color",
            "--empty-stacks-filled-by", "all" if self.empty == "any" else "kings",
            "--sequence-move", "limited",
        ]


_FIELDS = {f.name for f in fields(RuleSet)}


def read_rulesets(data: dict, game: str, source: str) -> dict[str, RuleSet]:
    """The rule sets of one game's ``game.toml`` (its ``[rulesets.NAME]`` tables)."""
    out = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise RulesError(f"{source}: {name} is not a table")
        unknown = set(table) - _FIELDS
        if unknown:
            raise RulesError(f"{source}: [{name}] has unknown keys {sorted(unknown)}")
        out[name] = RuleSet(name=name, game=game, **table)
    return out
