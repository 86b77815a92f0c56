"""The rules of Blue (Marco Corvi's Gaps variant), see docs/games/blue.md.

A layout of S suits and R ranks (the full game: 4 and 13) has S rows of
W = R + 1 slots. Slot 0 of every row holds an ace; the other slots hold the
other cards and S gaps. A board is ``bytes`` of length S * W, row by row; a
card is ``suit * 16 + rank`` (rank 1 = ace .. R), a gap is 0. This is both
the state the screen draws and the checker's compact position key.

Seed rule sentences (numbers as in the seed) and where they live:

1. "A stack of 52 cards is used; 13 cards for four suits."      -> Layout
2. "The cards are layed out in four rows, thirteen cards per row." -> deal()
3. "Next the aces are placed to the left of the rows ..."       -> deal()
4. "... four ordered rows, with an empty spot at the rightmost position" -> won()
5. "Any card (except the aces) can be moved to an empty spot, either
   before the card with same suit and higher by one in value, or after the
   card with the same suit and lower by one in value."           -> moves()
6. "Before moving the cards, the player can rearrange the aces" -> Game.set_aces()
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import NamedTuple

from baker8bit.core.cards import RANKS, SUITS
from baker8bit.core.deal import check_deal_number
from baker8bit.core.history import History

GAP = 0
MIN_RANKS, MAX_RANKS = 2, 13
MIN_SUITS, MAX_SUITS = 1, 4
ROW_LETTERS = "ABCD"


class RulesError(ValueError):
    """A move, layout or option that the rules do not allow."""


def card(suit: int, rank: int) -> int:
    return suit * 16 + rank


def suit_of(c: int) -> int:
    return c >> 4


def rank_of(c: int) -> int:
    return c & 15


def card_text(c: int) -> str:
    """``5H``, ``TS``, ``AC``; a gap is ``--``."""
    if c == GAP:
        return "--"
    return RANKS[rank_of(c) - 1] + SUITS[suit_of(c)]


@dataclass(frozen=True)
class Layout:
    """The size of a game: ``suits`` rows of ``ranks + 1`` slots."""

    suits: int = 4
    ranks: int = 13

    def __post_init__(self) -> None:
        if not (isinstance(self.suits, int) and MIN_SUITS <= self.suits <= MAX_SUITS):
            raise RulesError(f"suits must be {MIN_SUITS}..{MAX_SUITS}, not {self.suits!r}")
        if not (isinstance(self.ranks, int) and MIN_RANKS <= self.ranks <= MAX_RANKS):
            raise RulesError(f"ranks must be {MIN_RANKS}..{MAX_RANKS}, not {self.ranks!r}")

    @property
    def width(self) -> int:
        return self.ranks + 1

    @property
    def size(self) -> int:
        return self.suits * self.width

    @property
    def name(self) -> str:
        """The seed's name: suits x slots per row (2 suits of 3 cards = "2x4")."""
        return f"{self.suits}x{self.width}"

    def cards(self) -> list[int]:
        return [card(s, r) for s in range(self.suits) for r in range(1, self.ranks + 1)]

    def parse_card(self, text: str) -> int:
        t = text.strip().upper()
        if t == "--":
            return GAP
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise RulesError(f"not a card: {text!r}")
        c = card(SUITS.index(t[1]), RANKS.index(t[0]) + 1)
        if suit_of(c) >= self.suits or rank_of(c) > self.ranks:
            raise RulesError(f"{t} is not a card of a {self.suits}-suit, {self.ranks}-rank game")
        return c

    def slot_text(self, index: int) -> str:
        """``B7``: row letter, column number (column 0 holds the aces)."""
        return f"{ROW_LETTERS[index // self.width]}{index % self.width}"

    def parse_slot(self, text: str) -> int:
        t = text.strip().upper()
        if len(t) < 2 or t[0] not in ROW_LETTERS[: self.suits] or not t[1:].isdigit():
            raise RulesError(f"not a slot: {text!r} (write a row letter and a column, e.g. B7)")
        col = int(t[1:])
        if not 1 <= col <= self.ranks:
            raise RulesError(f"column must be 1..{self.ranks}, not {col}")
        return ROW_LETTERS.index(t[0]) * self.width + col

    def dealt_aces(self) -> tuple[int, ...]:
        """The aces as dealt: the ace of suit s goes to row s."""
        return tuple(range(self.suits))


FULL = Layout(4, 13)


class Move(NamedTuple):
    """``card`` goes to the gap at slot index ``to``. Text: ``5H>B7``."""

    card: int
    to: int

    def text(self, layout: Layout) -> str:
        return f"{card_text(self.card)}>{layout.slot_text(self.to)}"

    @staticmethod
    def parse(text: str, layout: Layout) -> Move:
        c, sep, slot = text.strip().partition(">")
        if not sep:
            raise RulesError(f"not a move: {text!r} (write e.g. 5H>B7)")
        m = Move(layout.parse_card(c), layout.parse_slot(slot))
        if m.card == GAP or rank_of(m.card) == 1:
            raise RulesError(f"not a move: {text!r} (aces never move)")
        return m


# ---- dealing ------------------------------------------------------------------


def shuffled(seed: int, layout: Layout) -> list[int]:
    """The S*R cards in the order the Microsoft FreeCell generator draws them.

    The deck is rank-major (index = (rank - 1) * S + suit), as in
    ``baker8bit.core.deal``; for 4 suits and 13 ranks this is exactly the
    order of ``core.deal.shuffled(seed, 4)`` (a test checks it).
    """
    check_deal_number(seed)
    s_n = layout.suits
    deck = [card(i % s_n, i // s_n + 1) for i in range(s_n * layout.ranks)]
    state = seed
    out = []
    for left in range(len(deck), 0, -1):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = (state >> 16) % left
        out.append(deck[j])
        deck[j] = deck[left - 1]
    return out


def lay_out(order: list[int], layout: Layout) -> bytes:
    """Rule 2 then rule 3: card i goes to row i // R, column 1 + i % R; then
    the ace of suit s goes to column 0 of row s and leaves a gap where it lay."""
    if sorted(order) != sorted(layout.cards()):
        raise RulesError("the cards to lay out are not the cards of the layout")
    w, r_n = layout.width, layout.ranks
    board = bytearray(layout.size)
    for i, c in enumerate(order):
        if rank_of(c) == 1:
            board[suit_of(c) * w] = c  # rule 3: the ace goes left ...
        else:
            board[(i // r_n) * w + 1 + i % r_n] = c  # ... and its place stays a gap
    return bytes(board)


def deal(seed: int, layout: Layout = FULL) -> bytes:
    """The initial board of deal ``seed`` (1 .. 2**31 - 1), aces as dealt."""
    return lay_out(shuffled(seed, layout), layout)


# ---- the rules on a board ------------------------------------------------------


def check_board(board: bytes, layout: Layout) -> None:
    """Raise RulesError unless ``board`` holds every card once, aces in column 0."""
    if len(board) != layout.size:
        raise RulesError(f"a board of this layout has {layout.size} slots, not {len(board)}")
    want = sorted(layout.cards())
    have = sorted(c for c in board if c != GAP)
    if have != want:
        seen: set[int] = set()
        for c in board:
            if c != GAP and c in seen:
                raise RulesError(f"{card_text(c)} is there twice")
            seen.add(c)
        for c in want:
            if c not in seen:
                raise RulesError(f"{card_text(c)} is missing")
        raise RulesError("a card that is not part of this layout")
    for i in range(layout.size):
        if (rank_of(board[i]) == 1 and board[i] != GAP) != (i % layout.width == 0):
            if i % layout.width == 0:
                raise RulesError(f"row {ROW_LETTERS[i // layout.width]} has no ace in column 0")
            raise RulesError(f"{card_text(board[i])} is at {layout.slot_text(i)}: aces belong in column 0")


def moves(board: bytes, layout: Layout) -> list[Move]:
    """Rule 5: every legal move, in slot order of the gaps.

    A gap at column j accepts the card one higher than its left neighbour
    (column j - 1; in column 1 that is the ace, so the 2 of the ace's suit)
    and the card one lower than its right neighbour (column j + 1, which does
    not exist in the last column). A gap or a king on the left, a gap, a 2 (an
    ace never moves) or the row's end on the right, give nothing.
    """
    out: list[Move] = []
    w, top = layout.width, layout.ranks
    i = board.find(0)
    while i >= 0:
        left = board[i - 1]
        if left and (left & 15) < top:
            out.append(Move(left + 1, i))
        if (i + 1) % w:
            right = board[i + 1]
            if (right & 15) > 2 and (not out or out[-1] != (right - 1, i)):
                out.append(Move(right - 1, i))
        i = board.find(0, i + 1)
    return out


def apply(board: bytes, move: Move, layout: Layout | None = None) -> bytes:
    """The board after ``move``; RulesError if it is not legal."""
    if layout is not None and move not in moves(board, layout):
        raise RulesError(f"illegal move {move.text(layout)}")
    b = bytearray(board)
    b[board.index(move.card)] = GAP
    b[move.to] = move.card
    return bytes(b)


def won(board: bytes, layout: Layout) -> bool:
    """Rule 4: every row runs from its ace to its king, the gap rightmost."""
    w = layout.width
    for row in range(layout.suits):
        base = row * w
        ace = board[base]
        if board[base : base + w - 1] != bytes(range(ace, ace + layout.ranks)) or board[base + w - 1]:
            return False
    return True


def with_aces(board: bytes, order: tuple[int, ...], layout: Layout) -> bytes:
    """Rule 6: the board with the ace of suit ``order[row]`` in each row."""
    if sorted(order) != list(range(layout.suits)):
        raise RulesError(f"an ace ordering names each suit once, not {order!r}")
    b = bytearray(board)
    for row, s in enumerate(order):
        b[row * layout.width] = card(s, 1)
    return bytes(b)


def aces_of(board: bytes, layout: Layout) -> tuple[int, ...]:
    return tuple(suit_of(board[row * layout.width]) for row in range(layout.suits))


def orderings(layout: Layout) -> list[tuple[int, ...]]:
    return list(itertools.permutations(range(layout.suits)))


def board_text(board: bytes, layout: Layout) -> str:
    """Rows of two-character cells (``--`` = gap), one line per row."""
    w = layout.width
    return "\n".join(" ".join(card_text(c) for c in board[r * w : (r + 1) * w]) for r in range(layout.suits))


def parse_board(text: str, layout: Layout) -> bytes:
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(rows) != layout.suits or any(len(r) != layout.width for r in rows):
        raise RulesError(f"a {layout.name} board is {layout.suits} rows of {layout.width} cells")
    board = bytes(layout.parse_card(t) for row in rows for t in row)
    check_board(board, layout)
    return board


# ---- the game: aces, moves and a history --------------------------------------


class Game:
    """A game in progress: the board as dealt, the ace ordering chosen before
    the first move, the moves made and a cursor in them (history: back and
    forward to any point). ``strategy`` is the player's target layout: a
    tuple of S * W cells, each a card, GAP, or None (not drawn)."""

    def __init__(self, layout: Layout, initial: bytes, seed: int | None = None):
        check_board(initial, layout)
        self.layout = layout
        self.initial = initial
        self.seed = seed
        self.aces = aces_of(initial, layout)
        self.strategy: tuple[int | None, ...] = (None,) * layout.size
        # the boards before each move played and the moves after the cursor (``core/history.py``)
        self.line: History[bytes, Move] = History()
        self._start = initial
        self._board = initial

    @classmethod
    def dealt(cls, seed: int, layout: Layout = FULL) -> Game:
        return cls(layout, deal(seed, layout), seed)

    @property
    def board(self) -> bytes:
        return self._board

    @property
    def history(self) -> list[Move]:
        """Every move of the game, those played (up to the cursor) and those after it."""
        return [*self.line.moves, *reversed(self.line.undone)]

    @property
    def cursor(self) -> int:
        """How many moves of ``history`` are played."""
        return self.line.count

    def start(self) -> bytes:
        """The board before the first move, with the chosen aces."""
        return self._start

    def legal_moves(self) -> list[Move]:
        return moves(self.board, self.layout)

    def targets(self, c: int) -> list[int]:
        """The gaps card ``c`` may go to (0, 1 or 2; two: the screen marks both)."""
        return [m.to for m in self.legal_moves() if m.card == c]

    def can_set_aces(self) -> bool:
        return self.cursor == 0

    def set_aces(self, order: tuple[int, ...]) -> None:
        """Rule 6: reorder the aces; only before the first move (cursor 0).
        Moves after the cursor were made with the old aces and are dropped."""
        if self.cursor:
            raise RulesError("the aces can be reordered only before the first move")
        self.aces = tuple(order)
        self._start = self._board = with_aces(self.initial, self.aces, self.layout)
        self.line.clear()

    def play(self, move: Move) -> None:
        """Make a legal move; the moves after the cursor are dropped."""
        nxt = apply(self.board, move, self.layout)
        self.line.push(self._board, move)
        self._board = nxt

    def go_to(self, n: int) -> None:
        """Move the history cursor to ``n`` moves played (0 .. len(history))."""
        if not 0 <= n <= len(self.line) + len(self.line.undone):
            raise RulesError(f"the history has moves 0..{len(self.history)}, not {n}")
        while self.cursor > n:
            self._board, _ = self.line.pop()
        while self.cursor < n:
            move = self.line.redo()
            nxt = apply(self._board, move, self.layout)
            self.line.push(self._board, move, keep_redo=True)
            self._board = nxt

    def back(self) -> bool:
        if self.cursor == 0:
            return False
        self.go_to(self.cursor - 1)
        return True

    def forward(self) -> bool:
        if not self.line.undone:
            return False
        self.go_to(self.cursor + 1)
        return True

    def won(self) -> bool:
        return won(self.board, self.layout)

    def set_strategy(self, cells) -> None:
        cells = tuple(cells)
        if len(cells) != self.layout.size:
            raise RulesError(f"a strategy has {self.layout.size} cells, not {len(cells)}")
        seen = set()
        for i, c in enumerate(cells):
            if c is None or c == GAP:
                continue
            if c in seen:
                raise RulesError(f"{card_text(c)} is twice in the strategy")
            seen.add(c)
            if (rank_of(c) == 1) != (i % self.layout.width == 0):
                raise RulesError(f"strategy: {card_text(c)} at {self.layout.slot_text(i)}: aces belong in column 0")
        self.strategy = cells
