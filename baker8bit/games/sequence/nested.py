"""Nested Monte Carlo search for a clairvoyant win of sequence solitaire: the plain-Python reference.

Nested Monte Carlo search (T. Cazenave, "Nested Monte-Carlo Search", IJCAI 2009) plays a game
move by move. At level 1 it tries every legal move, finishes each with one random game (a
*playout*, by ``_policy``) and keeps the best sequence met so far (the most cards home); it then
plays the first move of that sequence, and so on to the end. At level L it does the same with a
search of level L - 1 in place of the playout. It knows the deck (the cards come in the order
given) and only ever answers "won" with the moves: it proves no loss, so a deal it does not win
stays unknown. Docs: docs/games/sequence.md, "Nested Monte Carlo search".

``fastnested.pyx`` is the same search in C, built as ``_cnested`` by the package build
(``setup.py``): the same moves, score and count of positions for the same seed
(``tests/test_sequence_nested.py`` compares them). ``implementation()`` picks it when it imports.

Moves are ``search.py``'s codes (``source * 8 + target``; ``search.decode`` makes them ``Move``s).
The random numbers are xorshift64 (G. Marsaglia, "Xorshift RNGs", 2003: shifts 13, 7, 17), so the
two implementations draw the same numbers on every machine.
"""

from __future__ import annotations

from baker8bit.core.compiled import choose
from baker8bit.games.sequence.rules import wait
from baker8bit.games.sequence.search import HAND, SEQ

MASK = (1 << 64) - 1
SEED_MUL, SEED_ADD = 2654435761, 88172645463325252  # a seed to the generator's first state
P_HOME = 0.93  # the playout plays home, when it can, with this chance
NOISE = 3.0  # the random part of a storage pile's score in the playout
WON = 52


def implementation(pure: bool | None = None):
    """``_cnested`` (fastnested.pyx compiled) when it imports and the reference is not asked for
    (``pure=True`` or ``BAKER8BIT_PURE_SOLVER=1``), else this module."""

    return choose("baker8bit.games.sequence._cnested", "baker8bit.games.sequence.nested", pure)


class _Game:
    """The position, copied for each move tried: the cards in order (the hand card first),
    the index of the hand card, the final-pile counts and the storage piles (bottom first)."""

    __slots__ = ("cards", "p", "fins", "piles")

    def __init__(self, cards, p, fins, piles):
        self.cards, self.p, self.fins, self.piles = cards, p, fins, piles

    def copy(self) -> _Game:
        return _Game(self.cards, self.p, list(self.fins), [list(x) for x in self.piles])

    def moves(self) -> list[int]:
        """Storage tops home (piles 0..3, final piles 0..3), the hand card home, then the hand
        card on each storage pile (of piles alike, the first only)."""
        out = []
        fins = self.fins
        for s in range(4):
            pile = self.piles[s]
            if pile:
                for k in range(4):
                    if SEQ[k][fins[k]] == pile[-1]:
                        out.append(s * 8 + k)
        if self.p < len(self.cards):
            h = self.cards[self.p]
            for k in range(4):
                if SEQ[k][fins[k]] == h:
                    out.append(HAND * 8 + k)
            for s in range(4):
                if all(self.piles[j] != self.piles[s] for j in range(s)):
                    out.append(HAND * 8 + 4 + s)
        return out

    def play(self, m: int) -> None:
        src, dst = m >> 3, m & 7
        if dst < 4:
            if src == HAND:
                self.p += 1
            else:
                self.piles[src].pop()
            self.fins[dst] += 1
        else:
            self.piles[dst - 4].append(self.cards[self.p])
            self.p += 1

    def score(self) -> int:
        return sum(self.fins)


class _Search:
    def __init__(self, seed: int):
        self.state = (seed * SEED_MUL + SEED_ADD) & MASK or 1
        self.positions = 0  # moves played, in the search and its playouts

    def rnd(self) -> float:
        x = self.state
        x ^= (x << 13) & MASK
        x ^= x >> 7
        x ^= (x << 17) & MASK
        self.state = x
        return (x >> 11) * (1.0 / 9007199254740992.0)

    def play(self, g: _Game, m: int) -> None:
        g.play(m)
        self.positions += 1

    def policy(self, g: _Game, ms: list[int]) -> int:
        """A playout's move: home (one of the home plays, each as likely) with chance ``P_HOME``;
        else the storage pile with the best score: above the hand card a top needed soon after
        it, an empty pile next, a top needed before it last, plus a random part."""
        home = [m for m in ms if m & 7 < 4]
        if home and self.rnd() < P_HOME:
            return home[int(self.rnd() * len(home))]
        if len(home) == len(ms):
            return ms[int(self.rnd() * len(ms))]
        wh = wait(g.fins, g.cards[g.p])
        best, best_score = -1, -1e9
        for m in ms:
            if m & 7 < 4:
                continue
            pile = g.piles[(m & 7) - 4]
            if not pile:
                sc = 2.0
            else:
                wt = wait(g.fins, pile[-1])
                sc = (5.0 - 0.3 * (wt - wh)) if wt > wh else (-3.0 + 0.1 * wt)
            sc += self.rnd() * NOISE
            if sc > best_score:
                best_score, best = sc, m
        return best

    def playout(self, g: _Game, seq: list[int]) -> int:
        while True:
            ms = g.moves()
            if not ms:
                return g.score()
            m = self.policy(g, ms)
            self.play(g, m)
            seq.append(m)

    def nested(self, g: _Game, level: int, out: list[int]) -> int:
        """Level ``level`` from ``g`` (played on): appends its moves to ``out``; the score."""
        best_score, best = -1, []
        played: list[int] = []
        while True:
            ms = g.moves()
            if not ms:
                out.extend(played)
                return g.score()
            for m in ms:
                c = g.copy()
                self.play(c, m)
                seq: list[int] = []
                sc = self.playout(c, seq) if level == 1 else self.nested(c, level - 1, seq)
                if sc > best_score:
                    best_score, best = sc, played + [m] + seq
                    if sc == WON:
                        out.extend(best)
                        return sc
            m = best[len(played)]
            self.play(g, m)
            played.append(m)


def run(cards, storage, finals, level: int, seed: int):
    """One search of level ``level`` (>= 1) from the position (``cards``: the hand card then
    the deck, in order; ``storage``: four piles of ranks, bottom first; ``finals``: the four
    counts). Returns ``(score, moves, positions)``: the cards home at the end of the best game
    found (52: won, with its moves as codes), and the moves played in all."""
    if level < 1:
        raise ValueError("a nested search has level 1 or more")
    s = _Search(seed)
    out: list[int] = []
    score = s.nested(_Game(tuple(cards), 0, list(finals), [list(x) for x in storage]), level, out)
    return score, out, s.positions
