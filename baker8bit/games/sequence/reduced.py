"""Sequence solitaire on reduced decks: the true value of correct play, beside full knowledge.

A reduced deck has ``ranks`` ranks (a prime larger than ``piles``, so that every final pile
takes every rank once, as 13 does for the full game) and ``piles`` copies of each rank, with
``piles`` final piles (pile k starts with k and goes up by k, cyclically), ``storage`` storage
piles (four in the full game; fewer for small decks, where four leave nothing to decide), one
hand card and rule 4d automatic. ``Deck(13, 4, 4)`` is McCarthy's game.

Three values of a deck, from the same rules (``docs/games/sequence.md``, "Reduced decks"):

* ``optimal(deck)``: the chance that a player who sees only what the handout shows (the
  face-up cards, so the multiset of unseen cards) wins with the best play: an exact
  expectimax over the next card turned up, each unseen rank as likely as its copies. The
  position a player knows is (hand card, storage piles, final-pile counts); the unseen cards
  are the rest, in an order every ordering of which is as likely. Exact up to floating point.
* ``clairvoyant(order)``: does a win exist knowing the order (exhaustive search)?
* ``sampling(order, samples, seed)``: the sampling player of ``players.py`` on this deck:
  at each choice, the move that wins the most sampled orders of the unseen cards, each
  decided exactly by ``clairvoyant``.
"""

from __future__ import annotations

import argparse
import random
from functools import cache
from typing import NamedTuple

from baker8bit.games.sequence.study import wilson as _wilson

STORAGE = 4


class Deck(NamedTuple):
    ranks: int  # a prime > piles
    piles: int  # final piles, and copies of each rank
    storage: int = STORAGE  # storage piles

    def check(self) -> Deck:
        if self.ranks < 2 or any(self.ranks % q == 0 for q in range(2, self.ranks)):
            raise ValueError(f"ranks must be a prime, not {self.ranks}")
        if not 1 <= self.piles < self.ranks:
            raise ValueError(f"piles must be 1..{self.ranks - 1}, not {self.piles}")
        if not 1 <= self.storage <= STORAGE:
            raise ValueError(f"storage piles must be 1..{STORAGE}, not {self.storage}")
        return self

    def seq(self, k: int, i: int) -> int:
        """The rank final pile k (0-based) takes as its i-th card (0 when complete)."""
        return ((i + 1) * (k + 1) - 1) % self.ranks + 1 if i < self.ranks else 0

    def cards(self) -> list[int]:
        return [r for r in range(1, self.ranks + 1) for _ in range(self.piles)]

    def size(self) -> int:
        return self.ranks * self.piles


def _moves(deck: Deck, hand, storage, finals):
    """(kind, arg, new storage, new finals): kind "S" a storage top home (deterministic),
    "H" the hand card home or onto storage (a new card turns up)."""
    needs = [deck.seq(k, f) for k, f in enumerate(finals)]
    out = []
    seen = set()
    for s, pile in enumerate(storage):
        if pile and pile not in seen:
            seen.add(pile)
            for k in range(deck.piles):
                if needs[k] == pile[-1]:
                    st = storage[:s] + (pile[:-1],) + storage[s + 1:]
                    out.append(("S", _canon(st), finals[:k] + (finals[k] + 1,) + finals[k + 1:]))
    if hand is not None:
        for k in range(deck.piles):
            if needs[k] == hand:
                out.append(("H", storage, finals[:k] + (finals[k] + 1,) + finals[k + 1:]))
        seen = set()
        for s, pile in enumerate(storage):
            if pile not in seen:
                seen.add(pile)
                st = storage[:s] + (pile + (hand,),) + storage[s + 1:]
                out.append(("H", _canon(st), finals))
    return out


def _canon(storage):
    return tuple(sorted(storage))


def optimal(deck: Deck) -> float:
    """The exact chance of a win with the best play that does not see the deck."""
    deck.check()
    full = tuple([deck.ranks] * deck.piles)
    counts0 = [0] + [deck.piles] * deck.ranks

    @cache
    def value(hand, storage, finals) -> float:
        if finals == full:
            return 1.0
        # the unseen cards: every rank's copies not home, not in storage, not the hand
        unseen = list(counts0)
        for k, f in enumerate(finals):
            for i in range(f):
                unseen[deck.seq(k, i)] -= 1
        for pile in storage:
            for r in pile:
                unseen[r] -= 1
        if hand is not None:
            unseen[hand] -= 1
        total = sum(unseen)
        best = 0.0
        for kind, st, fin in _moves(deck, hand, storage, finals):
            if kind == "S":
                v = value(hand, st, fin)
            elif total == 0:
                v = value(None, st, fin)
            else:
                v = sum((unseen[r] / total * value(r, st, fin) for r in range(1, deck.ranks + 1)
                         if unseen[r]), 0.0)
            if v > best:
                best = v
                if best == 1:
                    break
        return best

    n = deck.size()
    empty = ((),) * deck.storage
    return sum((deck.piles / n * value(r, empty, (0,) * deck.piles) for r in range(1, deck.ranks + 1)),
               0.0)


def clairvoyant(deck: Deck, order, storage=None, finals=None) -> bool:
    """Is there a win knowing the order (``order``: the hand card, then the deck)? Exhaustive."""
    order = tuple(order)
    full = tuple([deck.ranks] * deck.piles)
    lost: set = set()

    def win(p, storage, finals) -> bool:
        if finals == full:
            return True
        key = (p, storage, finals)
        if key in lost:
            return False
        hand = order[p] if p < len(order) else None
        for kind, st, fin in _moves(deck, hand, storage, finals):
            if win(p + (kind == "H"), st, fin):
                return True
        lost.add(key)
        return False

    return win(0, storage if storage is not None else ((),) * deck.storage,
               finals if finals is not None else (0,) * deck.piles)


def sampling(deck: Deck, order, samples: int, seed: int) -> bool:
    """Does the sampling player win the deal ``order``? It sees the hand card and the multiset
    of unseen cards only; each move is scored by the sampled orders on which a win remains."""
    rng = random.Random(seed)
    order = tuple(order)
    full = tuple([deck.ranks] * deck.piles)
    p, storage, finals = 0, ((),) * deck.storage, (0,) * deck.piles
    while finals != full:
        hand = order[p] if p < len(order) else None
        moves = _moves(deck, hand, storage, finals)
        if not moves:
            return False
        if len(moves) > 1:
            unseen = list(order[p + 1:])  # as a multiset only: shuffled before any use
            wins = [0] * len(moves)
            for _ in range(samples):
                rng.shuffle(unseen)
                for j, (kind, st, fin) in enumerate(moves):
                    if kind == "S":
                        rest = (hand,) + tuple(unseen) if hand is not None else ()
                    else:
                        rest = tuple(unseen)
                    wins[j] += clairvoyant(deck, rest, st, fin)
            j = max(range(len(moves)), key=lambda i: (wins[i], -i))
        else:
            j = 0
        kind, storage, finals = moves[j]
        p += kind == "H"
    return True


def random_orders(deck: Deck, count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = deck.cards()
        rng.shuffle(cards)
        out.append(tuple(cards))
    return out


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    return _wilson(wins, n, z)


def row(deck: Deck, deals: int, samples: int, seed: int = 1) -> dict:
    """One line of the reduced-deck table: the optimal value (exact), the clairvoyant rate and
    the sampling player's rate on the same ``deals`` random orders (seeded), with intervals."""
    orders = random_orders(deck, deals, seed)
    clair = sum(clairvoyant(deck, o) for o in orders)
    player = sum(sampling(deck, o, samples, seed * 100_003 + i) for i, o in enumerate(orders))
    return {"deck": deck, "optimal": optimal(deck), "deals": deals, "clairvoyant": clair,
            "clairvoyant_interval": wilson(clair, deals), "sampling": player,
            "sampling_interval": wilson(player, deals), "samples": samples}


def main(argv: list[str] | None = None) -> None:
    """``python -m baker8bit.games.sequence.reduced RANKS,PILES,STORAGE ... [--deals N] [--samples S]``"""

    ap = argparse.ArgumentParser(prog="python -m baker8bit.games.sequence.reduced")
    ap.add_argument("decks", nargs="+", help="RANKS,PILES,STORAGE, e.g. 5,2,1")
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--samples", type=int, default=16)
    args = ap.parse_args(argv)
    print("| deck (ranks x copies, storage piles) | cards | optimal, not seeing the deck (exact) | "
          "clairvoyant | sampling player | deals |")
    print("|---|---:|---:|---|---|---:|")
    for spec in args.decks:
        try:
            deck = Deck(*map(int, spec.split(","))).check()
        except (TypeError, ValueError) as e:
            raise SystemExit(f"bad deck {spec!r}: {e}") from None
        r = row(deck, args.deals, args.samples)
        (cl, ch), (sl, sh) = r["clairvoyant_interval"], r["sampling_interval"]
        print(f"| {deck.ranks} x {deck.piles}, {deck.storage} | {deck.size()} | {r['optimal']:.2%} | "
              f"{r['clairvoyant'] / args.deals:.2%} ({cl:.1%} - {ch:.1%}) | "
              f"{r['sampling'] / args.deals:.2%} ({sl:.1%} - {sh:.1%}) | {args.deals} |", flush=True)


if __name__ == "__main__":
    main()
