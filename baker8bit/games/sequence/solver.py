"""The exact (clairvoyant) search of sequence solitaire: knows the order of the deck.

``solve(state, max_states)`` answers "won" (with the moves), "lost" (every
continuation was examined, up to the proven reductions below) or "unknown"
(the budget of positions ran out). The proofs of the reductions are in
``docs/games/sequence.md`` ("The exact search"); each can be switched off
(``Rules``) and ``tests/test_sequence_solver.py`` checks that switching them
on changes no verdict against ``solve_plain``, a search without any of them.

Reductions (all proven, none a heuristic):

* ``symmetry``: the storage piles are interchangeable, so a position is
  remembered with its storage piles sorted, and of two storage piles with the
  same contents only one is tried for the hand card.
* ``forced``: a card that fits a final pile and is the last copy of its rank
  not yet home (so no other final pile still needs that rank) is played there
  at once, without trying anything else.
* ``deadlock``: a position is lost when the "must go home first" relation
  between storage cards that are last copies of their ranks has a cycle
  (storage: a card above another leaves first; final pile: a pile takes its
  cards in order).
* Positions proven lost are remembered (a transposition table): the same
  position reached by another order of moves is not searched again.

Move order (affects speed, not verdicts): a quick pass that always plays home
when it can (it may miss wins, so it only ever answers "won") with a tenth of
the budget, then the exact search: plays home first, then the hand card on
the storage pile whose top is needed soonest after it, empty piles next, and
piles whose top is needed before it last.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from baker8bit.games.sequence.rules import DECK_SIZE, PILES, POSITION, SEQUENCES, STORAGE, Move, State

WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass(frozen=True)
class Rules:
    symmetry: bool = True
    forced: bool = True
    deadlock: bool = True


ALL = Rules()
NONE = Rules(False, False, False)


@dataclass
class Outcome:
    outcome: str
    moves: list
    reason: str
    states: int


class _Limit(Exception):
    pass


def _left(finals, rank: int) -> list[int]:
    """Final piles (0..3) that still need ``rank``."""
    return [k for k in range(PILES) if POSITION[k][rank] >= finals[k]]


def deadlocked(storage, finals) -> bool:
    """True when the storage cards that are last copies of their ranks cannot all go home.

    Nodes: storage cards whose rank only one final pile still needs (so that
    pile is where they must go). Edges "x goes home before y": x above y in a
    storage pile; x before y in the order of their common final pile. A cycle
    means no order of moves can bring them all home.
    """
    target = {}
    for r in range(1, 14):
        left = _left(finals, r)
        if len(left) == 1:
            target[r] = left[0]
    if not target:
        return False
    succ: dict = {}
    indeg: dict = {}
    by_pile: list[list] = [[] for _ in range(PILES)]
    for s, pile in enumerate(storage):
        prev = None
        for i in range(len(pile) - 1, -1, -1):  # top first
            r = pile[i]
            k = target.get(r)
            if k is None:
                continue
            node = (s, i)
            succ[node] = []
            indeg.setdefault(node, 0)
            by_pile[k].append((POSITION[k][r], node))
            if prev is not None:
                succ[prev].append(node)
                indeg[node] = indeg.get(node, 0) + 1
            prev = node
    if len(succ) < 2:
        return False
    for k in range(PILES):
        lst = sorted(by_pile[k])
        for (_, a), (_, b) in zip(lst, lst[1:]):
            succ[a].append(b)
            indeg[b] += 1
    ready = [n for n, d in indeg.items() if d == 0]
    seen = 0
    while ready:
        n = ready.pop()
        seen += 1
        for m in succ[n]:
            indeg[m] -= 1
            if indeg[m] == 0:
                ready.append(m)
    return seen < len(succ)


RESTART_STATES = 500  # positions per randomized try
NOISE = 0.3  # chance that a try shuffles its order of storage piles at a position
RESTART_TOTAL = 60_000  # at most this many positions for the tries


def solve(start: State, max_states: int = 200_000, rules: Rules = ALL, seed: int = 0,
          max_seconds: float | None = None) -> Outcome:
    """Search from ``start`` knowing the deck (see the module text); ``max_seconds`` (None: no
    limit) stops it with "unknown", as ``max_states`` does.

    Half the budget (at most ``RESTART_TOTAL`` positions) goes to short randomized tries that always play home when
    they can (seeded by ``seed``: the same answer every time); they can only
    find wins. The rest goes to the exact search.
    """
    import random

    rng = random.Random(seed)
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    used = 0
    tries = 0
    cap = min(max_states // 2, RESTART_TOTAL)
    while used < cap and (deadline is None or time.monotonic() < deadline):
        budget = min(RESTART_STATES, cap - used)
        s = _Search(start, budget, rules, eager=True, deadline=deadline)
        if tries:
            s.rng, s.noise = rng, NOISE
        tries += 1
        r = s.run()
        used += r.states
        if r.outcome == WON:
            r.states = used
            return r
        if r.outcome == LOST and not tries - 1:  # the pure eager order exhausted: nothing random to add
            break
    exact = _Search(start, max(1, max_states - used), rules, eager=False, deadline=deadline).run()
    exact.states += used
    return exact


class _Search:
    def __init__(self, start: State, max_states: int, rules: Rules, eager: bool, deadline: float | None = None):
        self.cards = ((start.hand,) + start.deck) if start.hand is not None else ()
        self.n = len(self.cards)
        self.storage = list(start.storage)
        self.finals = list(start.finals)
        self.p = 0
        self.rules = rules
        self.eager = eager
        self.max_states = max_states
        self.deadline = deadline  # time.monotonic() past which the search gives up (None: never)
        self.count = 0
        self.failed: set = set()
        self.path: list[Move] = []
        self.rng = None
        self.noise = 0.0

    def run(self) -> Outcome:
        try:
            ok = self.dfs()
        except _Limit as e:
            return Outcome(UNKNOWN, [], str(e) or f"state limit {self.max_states} reached", self.count)
        except RecursionError:  # pragma: no cover - a game has at most 104 moves
            raise
        if ok:
            return Outcome(WON, list(self.path), "", self.count)
        return Outcome(LOST, [], "no win exists", self.count)

    # ---- moves, done and undone in place ------------------------------------------------

    def _home_from(self, s: int, k: int) -> None:
        pile = self.storage[s]
        self.storage[s] = pile[:-1]
        self.finals[k] += 1
        self.path.append(Move(s, k + 1, True))

    def _forced(self) -> int:
        """Play every forced card home (last copy of its rank, fits now); the number played."""
        finals, storage, cards = self.finals, self.storage, self.cards
        played = 0
        again = True
        while again:
            again = False
            for s in range(STORAGE):
                pile = storage[s]
                while pile:
                    left = _left(finals, pile[-1])
                    if len(left) == 1 and SEQUENCES[left[0]][finals[left[0]]] == pile[-1]:
                        self._home_from(s, left[0])
                        pile = storage[s]
                        played += 1
                        again = True
                    else:
                        break
            if self.p < self.n:
                h = cards[self.p]
                left = _left(finals, h)
                if len(left) == 1 and SEQUENCES[left[0]][finals[left[0]]] == h:
                    finals[left[0]] += 1
                    self.p += 1
                    self.path.append(Move("H", left[0] + 1, True))
                    played += 1
                    again = True
        return played

    def _undo(self, count: int) -> None:
        for _ in range(count):
            m = self.path.pop()
            self.finals[m.target - 1] -= 1
            if m.source == "H":
                self.p -= 1
            else:
                s = m.source
                self.storage[s] = self.storage[s] + (SEQUENCES[m.target - 1][self.finals[m.target - 1]],)

    def dfs(self) -> bool:
        rules = self.rules
        forced = self._forced() if rules.forced else 0
        finals, storage = self.finals, self.storage
        if self.p >= self.n and finals == [13, 13, 13, 13]:
            return True
        if rules.symmetry:
            key = (self.p, tuple(finals), tuple(sorted(storage)))
        else:
            key = (self.p, tuple(finals), tuple(storage))
        if key in self.failed:
            self._undo(forced)
            return False
        self.count += 1
        if self.count > self.max_states:
            raise _Limit
        if self.deadline is not None and not self.count & 1023 and time.monotonic() > self.deadline:
            raise _Limit("time limit reached")
        if rules.deadlock and deadlocked(storage, finals):
            self.failed.add(key)
            self._undo(forced)
            return False
        needs = [SEQUENCES[k][c] if c < 13 else 0 for k, c in enumerate(finals)]
        hand = self.cards[self.p] if self.p < self.n else None
        played = False
        tried = set()
        for s in range(STORAGE):
            pile = storage[s]
            if not pile:
                continue
            t = pile[-1]
            for k in range(PILES):
                if needs[k] != t:
                    continue
                if rules.symmetry:
                    if (pile, k) in tried:
                        continue
                    tried.add((pile, k))
                played = True
                self._home_from(s, k)
                if self.dfs():
                    return True
                self._undo(1)
        if hand is not None:
            for k in range(PILES):
                if needs[k] == hand:
                    played = True
                    finals[k] += 1
                    self.p += 1
                    self.path.append(Move("H", k + 1, True))
                    if self.dfs():
                        return True
                    self._undo(1)
            if not (self.eager and played):
                for s in self._put_order(hand):
                    pile = storage[s]
                    storage[s] = pile + (hand,)
                    self.p += 1
                    self.path.append(Move("H", s, False))
                    if self.dfs():
                        return True
                    self.path.pop()
                    self.p -= 1
                    storage[s] = pile
        self.failed.add(key)
        self._undo(forced)
        return False

    def _wait(self, rank: int) -> int:
        best = 13
        for k in range(PILES):
            d = POSITION[k][rank] - self.finals[k]
            if 0 <= d < best:
                best = d
        return best

    def _put_order(self, hand: int) -> list[int]:
        seen = set()
        scored = []
        wh = self._wait(hand)
        for i, pile in enumerate(self.storage):
            if self.rules.symmetry:
                if pile in seen:
                    continue
                seen.add(pile)
            if not pile:
                score = (1, 0)
            else:
                wt = self._wait(pile[-1])
                score = (0, wt - wh) if wt > wh else (2, -wt)
            scored.append((score, i))
        scored.sort()
        out = [i for _, i in scored]
        if self.rng is not None and self.rng.random() < self.noise:
            self.rng.shuffle(out)
        return out


def solve_plain(start: State, max_states: int = 2_000_000) -> Outcome:
    """The reference: every legal move of ``State.legal_moves`` in turn, lost positions remembered
    exactly as they are (no reduction at all). For checking ``solve`` on small positions."""
    failed: set = set()
    path: list[Move] = []
    count = 0

    def dfs(s: State) -> bool:
        nonlocal count
        if s.won():
            return True
        if s in failed:
            return False
        count += 1
        if count > max_states:
            raise _Limit
        for m in s.legal_moves():
            path.append(m)
            if dfs(s.apply(m)):
                return True
            path.pop()
        failed.add(s)
        return False

    try:
        ok = dfs(start)
    except _Limit:
        return Outcome(UNKNOWN, [], f"state limit {max_states} reached", count)
    return Outcome(WON if ok else LOST, list(path) if ok else [], "" if ok else "no win exists", count)


__all__ = ["ALL", "NONE", "DECK_SIZE", "LOST", "Outcome", "Rules", "UNKNOWN", "WON", "deadlocked", "solve",
           "solve_plain"]
