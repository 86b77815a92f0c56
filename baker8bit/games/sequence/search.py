"""One run of sequence solitaire's clairvoyant depth-first search: the plain-Python reference.

``fastsearch.pyx`` is the same run in C arrays, built as ``_csearch`` by the package build
(``setup.py``): the same outcome, the same moves and the same count of positions, faster
(``tests/test_sequence_search_compiled.py`` compares the two). ``implementation()`` picks
``_csearch`` when it imports, unless ``BAKER8BIT_PURE_SOLVER=1``.

The position is kept in place and undone on return: ``cards`` (the hand card and the deck
in the order they turn up), ``p`` (the index of the hand card; ``p == n`` once the deck is
used up), four storage piles of ranks (bottom first) and the four final-pile counts.

A move is one integer ``source * 8 + target``: source 0..3 a storage pile, 4 the hand;
target 0..3 a final pile, 4..7 a storage pile (``decode`` turns it into a ``rules.Move``).

``flags`` switch the reductions (each proved in docs/games/sequence.md, "The exact search"):
``SYMMETRY`` (piles remembered sorted; equal piles tried once), ``FORCED`` (the last copy of a
rank that fits goes home at once), ``DEAD`` (the reach test of ``dead``), and ``EAGER`` (not a
reduction: a try that never puts the hand card in storage when a card can go home; it may
miss wins, so the caller only believes its wins). Positions proven lost are remembered (a
transposition table) in every mode.
"""

from __future__ import annotations

import time

from baker8bit.core.compiled import choose
from baker8bit.games.sequence.rules import POSITION, SEQUENCES, Move, wait

SYMMETRY, FORCED, DEAD, EAGER = 1, 2, 4, 8
WON, LOST, UNKNOWN = 0, 1, 2
HAND = 4
NOISE_SCALE = 1000  # noise is a chance in thousandths
CLOCK_MASK = 4095  # the clock is read every 4096 positions
LCG_A, LCG_C, LCG_M = 1103515245, 12345, 0x7FFFFFFF

# SEQ[k][i]: the rank final pile k (0..3) takes as its i-th card (i = 13: none, 0)
SEQ = tuple(tuple(s) + (0,) for s in SEQUENCES)
POS = POSITION  # POS[k][rank]: where rank comes in final pile k


def implementation(pure: bool | None = None):
    """``_csearch`` (fastsearch.pyx compiled) when it imports and the plain references are
    not asked for (``pure=True`` or ``BAKER8BIT_PURE_SOLVER=1``), else this module."""

    return choose("baker8bit.games.sequence._csearch", "baker8bit.games.sequence.search", pure)


def decode(code: int) -> Move:
    src, dst = divmod(code, 8)
    source = "H" if src == HAND else src
    return Move(source, dst + 1, True) if dst < 4 else Move(source, dst - 4, False)


def dead(piles, fins, cards, p) -> bool:
    """The reach test: True when some final pile can never be completed, whatever is played.

    It computes an over-estimate of what can ever happen (docs/games/sequence.md, "Dead
    positions", has the proof): ``reach[k]``, how far final pile k may get, and ``gone[s]``,
    how many cards off the top of storage pile s may leave. A pile may take its next rank r
    when a copy of r is in the hand or the deck, or a storage card of rank r may leave; a
    storage card may leave when every card above it may, and some final pile that still needs
    its rank may get to it. Grown to a fixed point; a pile short of 13 then is dead.
    """
    free = [0] * 14  # copies in the hand or the deck
    for i in range(p, len(cards)):
        free[cards[i]] += 1
    marked = [0] * 14  # storage cards of a rank that may leave
    reach = list(fins)
    gone = [0, 0, 0, 0]
    changed = True
    while changed:
        changed = False
        for k in range(4):
            while reach[k] < 13:
                r = SEQ[k][reach[k]]
                if free[r] or marked[r]:
                    reach[k] += 1
                    changed = True
                else:
                    break
        for s in range(4):
            pile = piles[s]
            while gone[s] < len(pile):
                y = pile[len(pile) - 1 - gone[s]]
                ok = False
                for k in range(4):
                    q = POS[k][y]
                    if fins[k] <= q <= reach[k]:
                        ok = True
                        break
                if not ok:
                    break
                gone[s] += 1
                marked[y] += 1
                changed = True
    return reach[0] < 13 or reach[1] < 13 or reach[2] < 13 or reach[3] < 13


class _Limit(Exception):
    pass


class _Run:
    def __init__(self, cards, storage, finals, max_states, flags, seed, noise, deadline=0.0):
        self.deadline = deadline  # time.monotonic() past which the run gives up (0: never)
        self.cards = tuple(cards)
        self.n = len(self.cards)
        self.p = 0
        self.piles = [list(x) for x in storage]
        self.fins = list(finals)
        self.max_states = max_states
        self.flags = flags
        self.rng = seed & LCG_M
        self.noise = noise  # thousandths: the chance a position rotates its home plays (and, apart, shuffles
        # its storage order)
        self.count = 0
        self.failed: set = set()
        self.path: list[int] = []
        # left[r]: copies of rank r not home (= final piles that still need r)
        self.left = [0] * 14
        for r in range(1, 14):
            self.left[r] = sum(1 for k in range(4) if POS[k][r] >= self.fins[k])

    def _rand(self) -> int:
        self.rng = (self.rng * LCG_A + LCG_C) & LCG_M
        return self.rng >> 8

    # ---- moves done and undone in place -----------------------------------------------------

    def _home(self, src: int, k: int) -> None:
        if src == HAND:
            r = self.cards[self.p]
            self.p += 1
        else:
            r = self.piles[src].pop()
        self.fins[k] += 1
        self.left[r] -= 1
        self.path.append(src * 8 + k)

    def _put(self, s: int) -> None:
        self.piles[s].append(self.cards[self.p])
        self.p += 1
        self.path.append(HAND * 8 + 4 + s)

    def _undo(self, count: int) -> None:
        for _ in range(count):
            code = self.path.pop()
            src, dst = code >> 3, code & 7
            if dst >= 4:
                self.piles[dst - 4].pop()
                self.p -= 1
                continue
            self.fins[dst] -= 1
            r = SEQ[dst][self.fins[dst]]
            self.left[r] += 1
            if src == HAND:
                self.p -= 1
            else:
                self.piles[src].append(r)

    def _forced(self) -> int:
        """Play home every card that fits and is the last copy of its rank; how many."""
        played = 0
        again = True
        while again:
            again = False
            for s in range(4):
                pile = self.piles[s]
                while pile:
                    t = pile[-1]
                    if self.left[t] != 1:
                        break
                    k = _fits(self.fins, t)
                    if k < 0:
                        break
                    self._home(s, k)
                    played += 1
                    again = True
            if self.p < self.n:
                h = self.cards[self.p]
                if self.left[h] == 1:
                    k = _fits(self.fins, h)
                    if k >= 0:
                        self._home(HAND, k)
                        played += 1
                        again = True
        return played

    def _key(self) -> bytes:
        parts = [bytes(x) for x in self.piles]
        if self.flags & SYMMETRY:
            parts.sort()
        f = self.fins
        return bytes((self.p, f[0], f[1], f[2], f[3])) + b"\x00".join(parts)

    def _wait(self, r: int) -> int:
        return wait(self.fins, r)

    def _put_order(self, hand: int) -> list[int]:
        """The storage piles for the hand card, best first: piles whose top is needed after
        the hand card (the closest first), empty piles, then the others (needed latest first);
        of equal piles only the first (with ``SYMMETRY``)."""
        scored = []
        wh = self._wait(hand)
        for i in range(4):
            pile = self.piles[i]
            if self.flags & SYMMETRY and any(self.piles[j] == pile for j in range(i)):
                continue
            if not pile:
                score = 100
            else:
                wt = self._wait(pile[-1])
                score = wt - wh if wt > wh else 200 - wt
            scored.append(score * 4 + i)
        scored.sort()
        out = [x & 3 for x in scored]
        if self.noise and len(out) > 1 and self._rand() % NOISE_SCALE < self.noise:
            for i in range(len(out) - 1, 0, -1):
                j = self._rand() % (i + 1)
                out[i], out[j] = out[j], out[i]
        return out

    # ---- the search ------------------------------------------------------------------------

    def dfs(self) -> bool:
        flags = self.flags
        forced = self._forced() if flags & FORCED else 0
        fins, piles = self.fins, self.piles
        if self.p >= self.n and fins[0] == 13 and fins[1] == 13 and fins[2] == 13 and fins[3] == 13:
            return True
        key = self._key()
        if key in self.failed:
            self._undo(forced)
            return False
        self.count += 1
        if self.count > self.max_states:
            raise _Limit
        if self.deadline and not self.count & CLOCK_MASK and time.monotonic() > self.deadline:
            raise _Limit
        if flags & DEAD and dead(piles, fins, self.cards, self.p):
            self.failed.add(key)
            self._undo(forced)
            return False
        played = False
        s0 = k0 = 0  # a shaken position starts its home plays at another storage and final pile
        if self.noise and self._rand() % NOISE_SCALE < self.noise:
            s0 = self._rand() & 3
            k0 = self._rand() & 3
        for si in range(4):
            s = (si + s0) & 3
            pile = piles[s]
            if not pile:
                continue
            if flags & SYMMETRY and any(piles[j] == pile for j in range(s)):
                continue
            t = pile[-1]
            for ki in range(4):
                k = (ki + k0) & 3
                if SEQ[k][fins[k]] == t:
                    played = True
                    self._home(s, k)
                    if self.dfs():
                        return True
                    self._undo(1)
        if self.p < self.n:
            hand = self.cards[self.p]
            for ki in range(4):
                k = (ki + k0) & 3
                if SEQ[k][fins[k]] == hand:
                    played = True
                    self._home(HAND, k)
                    if self.dfs():
                        return True
                    self._undo(1)
            if not (flags & EAGER and played):
                for s in self._put_order(hand):
                    self._put(s)
                    if self.dfs():
                        return True
                    self._undo(1)
        self.failed.add(key)
        self._undo(forced)
        return False


def _fits(fins, r: int) -> int:
    """The first final pile (0..3) whose next card is ``r``, or -1."""
    for k in range(4):
        if SEQ[k][fins[k]] == r:
            return k
    return -1


def run(cards, storage, finals, max_states: int, flags: int, seed: int = 0, noise: int = 0,
        deadline: float = 0.0):
    """Search from the position (``cards``: the hand card then the deck, in order).

    Returns ``(outcome, moves, count)``: ``WON`` with the moves as codes (see the module
    text), ``LOST`` (every continuation examined, up to the proven reductions), or
    ``UNKNOWN`` when more than ``max_states`` positions would be needed; ``count`` is the
    positions examined. ``seed`` and ``noise`` (thousandths) shake the move order: with chance
    ``noise`` a position starts its home plays at another storage pile and final pile (a
    rotation), and, apart, with chance ``noise`` shuffles the storage piles for the hand card;
    ``deadline`` (a ``time.monotonic()`` value, 0 for none) also ends the run with ``UNKNOWN``.
    """
    r = _Run(cards, storage, finals, max_states, flags, seed, noise, deadline)
    try:
        ok = r.dfs()
    except _Limit:
        return UNKNOWN, [], r.count
    return (WON, list(r.path), r.count) if ok else (LOST, [], r.count)
