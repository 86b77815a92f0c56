"""Reduced decks: the exact value of play without seeing the deck, beside full knowledge."""

from __future__ import annotations

import itertools

import pytest

from baker8bit.games.sequence import reduced as rd
from baker8bit.games.sequence.rules import SEQUENCES


def distinct_orders(deck: rd.Deck) -> list[tuple[int, ...]]:
    return sorted(set(itertools.permutations(deck.cards())))


def test_the_full_deck_is_mccarthys():
    d = rd.Deck(13, 4, 4).check()
    assert all(d.seq(k, i) == SEQUENCES[k][i] for k in range(4) for i in range(13))


@pytest.mark.parametrize("bad", [(4, 2, 1), (5, 5, 1), (5, 2, 0), (5, 2, 5)])
def test_bad_decks_are_refused(bad):
    with pytest.raises(ValueError):
        rd.Deck(*bad).check()


@pytest.mark.parametrize("deck", [rd.Deck(2, 1, 1), rd.Deck(3, 1, 1), rd.Deck(3, 2, 1), rd.Deck(5, 1, 1)])
def test_optimal_play_lies_between_the_player_and_full_knowledge(deck):
    """Exactly, over every order: the chance a win exists (full knowledge) bounds the best play
    without it from above; the sampling player, averaged over every order, from below."""
    orders = distinct_orders(deck)  # each distinct order is equally likely
    clair = sum(rd.clairvoyant(deck, o) for o in orders) / len(orders)
    player = sum(rd.sampling(deck, o, 8, 0) for o in orders) / len(orders)  # one seed: it cannot hint at the order
    best = rd.optimal(deck)
    assert 0 <= player <= best + 1e-12 and best <= clair + 1e-12 <= 1 + 1e-12


def test_one_pile_of_two_ranks_always_wins():
    # 1 then 2: the hand 2 waits on the storage pile while the 1 goes home
    assert rd.optimal(rd.Deck(2, 1, 1)) == 1.0
    assert all(rd.clairvoyant(rd.Deck(2, 1, 1), o) for o in [(1, 2), (2, 1)])


def test_knowing_the_deck_can_matter():
    """A deck where full knowledge wins more often than the best play without it."""
    deck = rd.Deck(3, 2, 1)
    orders = distinct_orders(deck)
    clair = sum(rd.clairvoyant(deck, o) for o in orders) / len(orders)
    assert rd.optimal(deck) < clair
