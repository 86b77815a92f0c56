"""Cards: a card is a small int, ``suit * 13 + rank`` (rank 0 = ace ... 12 = king).

Ranks are written with one character, as the 1989 program showed them
(``A 2 3 4 5 6 7 8 9 T J Q K``); suits are numbered in the Microsoft FreeCell
order, clubs, diamonds, hearts, spades, and a game of N suits uses the first N.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS_PER_SUIT = 13

Card = int


def make(rank: int, suit: int) -> Card:
    return suit * RANKS_PER_SUIT + rank


def rank_of(card: Card) -> int:
    return card % RANKS_PER_SUIT


def suit_of(card: Card) -> int:
    return card // RANKS_PER_SUIT


def is_red(card: Card) -> bool:
    """Diamonds and hearts are red, clubs and spades black (for alternating-colour building)."""
    return suit_of(card) in (1, 2)


def rank_char(card: Card) -> str:
    """The one character the 1989 screen showed for a card (``T`` for ten)."""
    return RANKS[rank_of(card)]


def to_text(card: Card) -> str:
    """Two-character text such as ``TD`` (ten of diamonds), as fc-solve writes it."""
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


class CardError(ValueError):
    """A card written in a way we cannot read."""


def from_text(text: str) -> Card:
    """Read ``TD``, ``10D``, ``ah`` ... into a card; raise CardError otherwise."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(f"not a card: {text!r}")
    return make(RANKS.index(t[0]), SUITS.index(t[1]))


def deck(suits: int) -> list[Card]:
    """All cards of a game with ``suits`` suits, in suit order then rank order."""
    return [make(r, s) for s in range(suits) for r in range(RANKS_PER_SUIT)]
