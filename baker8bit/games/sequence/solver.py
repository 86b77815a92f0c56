"""The exact (clairvoyant) search of sequence solitaire: knows the order of the deck.

``solve(state, max_states)`` answers a ``SearchResult``: solved (with the moves), unsolvable
(every continuation was examined, up to the proven reductions below) or unknown (the budget of
positions, or of seconds, ran out; ``detail["reason"]`` says which). The proofs of the reductions
are in ``docs/games/sequence.md`` ("The exact search"); each can be switched off
(``Pruning``) and ``tests/test_sequence_solver.py`` checks that switching them on
changes no verdict against ``solve_plain``, a search without any of them.

The search itself is one run of ``search.py`` (plain Python, the reference) or of
its compiled copy ``_csearch`` (``fastsearch.pyx``; the same answers, about thirty
times as fast), as ``core/compiled.py`` chooses (``BAKER8BIT_PURE_SOLVER=1``: the
reference). ``implementation_name()`` says which ran.

Reductions (all proven, none a heuristic):

* ``symmetry``: the storage piles are interchangeable, so a position is
  remembered with its storage piles sorted, and of two storage piles with the
  same contents only one is tried.
* ``forced``: a card that fits a final pile and is the last copy of its rank
  not yet home (so no other final pile still needs that rank) is played there
  at once, without trying anything else.
* ``deadlock`` (the reach test, ``search.dead``): a position is lost when some
  final pile can never be completed even if every card in the hand or the deck
  were free and storage cards only had to wait for the cards above them.
* Positions proven lost are remembered (a transposition table): the same
  position reached by another order of moves is not searched again.

Phase 1, tries (at most ``TRY_SHARE`` of the budget, ``TRY_STATES`` positions each): runs
that always play home when they can and never put the hand card in storage
then ("eager"), the first in the plain order, the others with the order of the
storage piles and the order of the home plays shaken (seeded by ``seed``: the
same answer every time). Eager play may miss wins, so the tries only ever answer "won" (or, when the unshaken
eager run is exhausted, pass on to phase 2 at once). Phase 2, the exact search:
plays home first, then the hand card on the storage pile whose top is needed
soonest after it, empty piles next, and piles whose top is needed before it last.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from baker8bit.core import compiled
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE, SearchResult
from baker8bit.games.sequence import search as _search
from baker8bit.games.sequence.rules import DECK_SIZE, PILES, POSITION, RANKS, Move, State

TRY_STATES = 200  # positions a try may examine (measured best of 100..10,000: many short tries)
TRY_SHARE = 0.9  # the share of the budget the tries may use before the exact search
TRY_NOISE = 300  # thousandths: the chance a position of a shaken try rotates its home plays (and, apart,
# shuffles its storage order)


@dataclass(frozen=True)
class Pruning:
    """Which of the proven reductions a search makes (each can be switched off to check it)."""

    symmetry: bool = True
    forced: bool = True
    deadlock: bool = True

    @property
    def flags(self) -> int:
        return ((_search.SYMMETRY if self.symmetry else 0) | (_search.FORCED if self.forced else 0)
                | (_search.DEAD if self.deadlock else 0))


ALL = Pruning()
NONE = Pruning(False, False, False)


class _Limit(Exception):
    pass


def implementation_name() -> str:
    """``"compiled"`` or ``"pure"``: the search ``solve`` runs now (``core/compiled.py``)."""

    return compiled.search_name("sequence")


def deadlocked(storage, finals) -> bool:
    """The reach test (``search.dead``) on storage piles and final-pile counts, the other cards
    not home being in the hand or the deck (in any order: the test does not use it)."""
    rest = []
    for r in RANKS:
        left = sum(1 for k in range(PILES) if POSITION[k][r] >= finals[k])
        rest += [r] * (left - sum(p.count(r) for p in storage))
    return _search.dead([list(p) for p in storage], list(finals), rest, 0)


def solve(start: State, max_states: int = 200_000, pruning: Pruning = ALL, seed: int = 0,
          max_seconds: float | None = None, pure: bool | None = None, try_states: int = TRY_STATES) -> SearchResult:
    """Search from ``start`` knowing the deck (see the module text); ``max_seconds`` (None: no
    limit) stops it with "unknown", as ``max_states`` does; ``pure=True`` runs the reference;
    ``try_states``: the positions of one try (longer tries for the hardest deals: README)."""
    impl = _search.implementation(pure)
    cards = start.coming()
    storage, finals = start.storage, start.finals
    deadline = 0.0 if max_seconds is None else time.monotonic() + max_seconds
    flags = pruning.flags
    used = 0
    cap = int(max_states * TRY_SHARE)
    i = 0
    while used < cap:
        budget = min(try_states, cap - used)
        o, codes, count = impl.run(cards, storage, finals, budget, flags | _search.EAGER,
                                   seed * 1_000_003 + i, TRY_NOISE if i else 0, deadline)
        used += min(count, budget)
        if o == _search.WON:
            return _result(SOLVED, [_search.decode(c) for c in codes], "", used)
        if deadline and time.monotonic() > deadline:
            return _result(UNKNOWN, [], "time limit reached", used)
        if o == _search.LOST and i == 0:  # the whole eager tree is exhausted: shaking adds nothing
            break
        i += 1
    o, codes, count = impl.run(cards, storage, finals, max(1, max_states - used), flags, 0, 0, deadline)
    used += count
    if o == _search.WON:
        return _result(SOLVED, [_search.decode(c) for c in codes], "", used)
    if o == _search.LOST:
        return _result(UNSOLVABLE, [], "no win exists", used)
    why = "time limit reached" if deadline and time.monotonic() > deadline else f"state limit {max_states} reached"
    return _result(UNKNOWN, [], why, used)


def _result(outcome: str, moves: list, reason: str, positions: int) -> SearchResult:
    return SearchResult(outcome, tuple(moves), positions, search=implementation_name(), detail={"reason": reason})


def solve_plain(start: State, max_states: int = 2_000_000) -> SearchResult:
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
        return SearchResult(UNKNOWN, (), count, search="pure", detail={"reason": f"state limit {max_states} reached"})
    return SearchResult(SOLVED if ok else UNSOLVABLE, tuple(path) if ok else (), count, search="pure",
                        detail={"reason": "" if ok else "no win exists"})


__all__ = ["ALL", "NONE", "DECK_SIZE", "Move", "Pruning", "deadlocked",
           "implementation_name", "solve", "solve_plain"]
