"""Deal numbers: the Microsoft FreeCell generator, over 26, 39 or 52 cards.

Source of the algorithm (a fact, widely documented; e.g. fc-solve's
``make-microsoft-freecell-board`` and Rosetta Code "Deal cards for FreeCell"):
the C runtime LCG ``s = (s * 214013 + 2531011) mod 2^31``, ``rand = s >> 16``;
the deck is rank-major (index = rank * N + suit); each draw picks
``rand % cards_left``, takes that card and moves the last card into its place.
How the drawn cards are laid out is each game's business (for the FreeCell
family: ``freecell.position.Position.dealt``).
"""

from __future__ import annotations

import random

from baker8bit.core import cards

MAX_DEAL = 2**31 - 1


class DealError(ValueError):
    pass


def check_deal_number(deal: int) -> int:
    if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= MAX_DEAL:
        raise DealError(f"deal number must be 1..{MAX_DEAL}, not {deal!r}")
    return deal


def shuffled(deal: int, suits: int) -> list[cards.Card]:
    """The cards in the order the generator deals them."""
    check_deal_number(deal)
    n = suits * 13
    # rank-major deck: index = rank * suits + suit
    deck = [cards.make(i // suits, i % suits) for i in range(n)]
    seed = deal
    out = []
    for left in range(n, 0, -1):
        seed = (seed * 214013 + 2531011) & 0x7FFFFFFF
        j = (seed >> 16) % left
        out.append(deck[j])
        deck[j] = deck[left - 1]
    return out


def random_deal_number(rng: random.Random) -> int:
    """A deal number for a "random" new game, from an injected, seeded generator."""
    return rng.randint(1, MAX_DEAL)
