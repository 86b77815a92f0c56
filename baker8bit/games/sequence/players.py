"""Players of sequence solitaire: strategies, and two reference players.

Every player plays one game of a deck with ``play(deck, seed) -> Result``;
anything random in it comes from ``random.Random(seed)`` (the study uses the
deal number), so a game is the same every time.

* ``StrategyPlayer``: a strategy of the language (``strategy.py``), which also
  covers random play and greedy play. A strategy that allows no move while
  moves exist loses the game, with the reason ``"no rule chose a move"``.
* ``Clairvoyant``: the exact search of ``solver.py``, which knows the order of
  the deck (an upper bound for any player): short seeded randomized tries for a
  win, then an exhaustive depth-first search with proven reductions only; past
  ``max_states`` positions it answers "unknown", never a guess.
* ``Lookahead``: play without seeing the deck by rollouts, in the spirit of Yan,
  Diaconis, Rusmevichientong and Van Roy ("Solitaire: Man Versus Machine",
  2005): at every choice it tries each legal move on ``samples`` random orders
  of the unseen cards (the same orders for every move), finishes each of them
  with the ``base`` strategy, and makes the move with the best total score
  (cards brought home, a win counting double: the base strategy wins too
  rarely for a count of wins alone to tell moves apart). It looks
  only at what a player sees: the order of the real deck never enters.
* ``Sampling``: the strongest player here that does not see the deck
  (determinized sampling): each distinct move is tried on sampled orders of the
  unseen cards by the clairvoyant search's quick eager tries, and the move that
  wins on the most samples is made. It too sees only the multiset of unseen cards.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass, field
from typing import Protocol

from baker8bit.core.outcome import SOLVED, UNSOLVABLE
from baker8bit.games.sequence import search as _search
from baker8bit.games.sequence import solver as _solver
from baker8bit.games.sequence import strategy as strat
from baker8bit.games.sequence.rules import (
    DECK_SIZE,
    MAX_MOVES,
    POSITION,
    Move,
    State,
)

WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass
class Result:
    outcome: str  # won, lost or unknown
    moves: list[Move] = field(default_factory=list)
    reason: str = ""  # why a game ended without a win
    states: int = 0  # positions examined (search players)
    home: int = 0  # cards in the final piles at the end

    @property
    def won(self) -> bool:
        return self.outcome == WON


class Player(Protocol):
    name: str

    def play(self, deck: tuple[int, ...], seed: int) -> Result: ...


def play_out(state: State, next_move, limit: int = MAX_MOVES) -> Result:
    """Play from ``state`` with ``next_move(state) -> Move | None`` until the game ends.

    Bounded: at most ``limit`` moves (a game cannot have more than 104), and a
    move the player returns that is not legal is a lost game with the reason.
    """
    moves: list[Move] = []
    while True:
        if state.won():
            return Result(WON, moves, "", home=state.cards_home())
        legal = state.legal_moves()
        if not legal:
            return Result(LOST, moves, "no legal move", home=state.cards_home())
        if len(moves) >= limit:
            return Result(LOST, moves, f"no end after {limit} moves", home=state.cards_home())
        move = next_move(state)
        if move is None:
            return Result(LOST, moves, "no rule chose a move", home=state.cards_home())
        if move not in legal:
            return Result(LOST, moves, f"illegal move {move}", home=state.cards_home())
        moves.append(move)
        state = state.apply(move)


class StrategyPlayer:
    def __init__(self, strategy: strat.Strategy, name: str | None = None):
        self.strategy = strategy
        self.name = name or strategy.name

    def next_move(self, state: State, rng: random.Random | None = None) -> Move | None:
        return strat.choose(self.strategy, state, rng or random.Random(0))

    def play(self, deck: tuple[int, ...], seed: int) -> Result:
        rng = random.Random(seed)
        return play_out(State.start(deck), lambda s: strat.choose(self.strategy, s, rng))


# ---- clairvoyant: exact search knowing the deck --------------------------------------------


class Clairvoyant:
    name = "clairvoyant"

    def __init__(self, max_states: int = 200_000):
        self.max_states = max_states

    def play(self, deck: tuple[int, ...], seed: int = 0) -> Result:
        return solve(State.start(deck), self.max_states, seed)


def solve(start: State, max_states: int = 200_000, seed: int = 0, max_seconds: float | None = None) -> Result:
    """Search from ``start`` knowing the deck: won (with the moves), lost, or unknown.

    The search is ``solver.solve`` (proven reductions only; "lost" means every
    continuation was examined, "unknown" that ``max_states`` positions or ``max_seconds`` ran out).
    """
    r = _solver.solve(start, max_states, seed=seed, max_seconds=max_seconds)
    outcome = {SOLVED: WON, UNSOLVABLE: LOST}.get(r.outcome, UNKNOWN)  # the game the player plays
    return Result(outcome, list(r.moves), r.detail["reason"], states=r.positions, home=DECK_SIZE if r.solved else 0)


# ---- look-ahead: sampling the unseen cards ----------------------------------------------------


class Lookahead:
    name = "lookahead"

    def __init__(self, samples: int = 8, base: strat.Strategy | None = None):
        self.samples = samples
        self.base = base or strat.load("best")

    def rollout_score(self, state: State, rng: random.Random) -> int:
        """Cards home at the end of a game finished by the base strategy (a win: 52 + 52)."""
        r = play_out(state, lambda s: strat.choose(self.base, s, rng))
        return r.home + (DECK_SIZE if r.won else 0)

    def next_move(self, state: State, rng: random.Random) -> Move | None:
        legal = state.legal_moves()
        if len(legal) <= 1:
            return legal[0] if legal else None
        # one move per distinct result (two empty storage piles are the same choice)
        distinct: dict = {}
        for m in legal:
            after = state.apply(m)
            key = (after.hand, after.finals, tuple(sorted(after.storage)))
            distinct.setdefault(key, (m, after))
        if len(distinct) == 1:
            return legal[0]
        unseen = sorted(state.deck)  # the multiset only: the real order is never used
        orders = []
        for _ in range(self.samples):
            rng.shuffle(unseen)
            orders.append(tuple(unseen))
        seeds = [rng.random() for _ in range(self.samples)]
        best, best_score = None, -1
        for m, after in distinct.values():
            score = 0
            for order, seed in zip(orders, seeds, strict=True):
                sample = _with_deck(after, state, order)
                score += self.rollout_score(sample, random.Random(seed))
            if score > best_score:
                best, best_score = m, score
        return best

    def play(self, deck: tuple[int, ...], seed: int) -> Result:
        rng = random.Random(seed)
        return play_out(State.start(deck), lambda s: self.next_move(s, rng))


def _with_deck(after: State, before: State, order: tuple[int, ...]) -> State:
    """``after`` with its hidden cards taken from a sampled order of ``before``'s unseen cards."""
    if len(after.deck) == len(before.deck):  # no card turned up
        return after._replace(deck=order)
    # the hand card was played and the next one turned up: it is the sample's first card
    if not order:
        return after
    return after._replace(hand=order[0], deck=order[1:])


# ---- sampling: the clairvoyant search on sampled orders of the unseen cards ---------------


SAMPLES = 64  # sampled orders a choice (measured: docs/games/sequence.md)
SAMPLE_STATES = 200  # positions of each eager try


class Sampling:
    """Determinized sampling ("perfect-information Monte Carlo"): at each choice, ``samples``
    orders of the unseen cards are drawn (the multiset of cards still face down: the real
    order never enters); each distinct move is played on every sampled order and the position
    after it handed to the clairvoyant search's eager tries (``search.run`` with ``EAGER``,
    ``max_states`` positions); the move that wins on the most samples is made (ties: the
    first in the order of ``State.legal_moves``, home plays first). The same orders serve
    every move, so moves are compared on the same deals. A move that the proven ``forced``
    reduction makes (the last copy of a rank that fits) is made without sampling.
    """

    name = "sampling"

    def __init__(self, samples: int = 64, max_states: int = 200):
        self.samples = samples
        self.max_states = max_states

    def next_move(self, state: State, rng: random.Random) -> Move | None:
        legal = state.legal_moves()
        if len(legal) <= 1:
            return legal[0] if legal else None
        for m in legal:  # a forced home play (docs/games/sequence.md, reduction 3)
            if m.final:
                card = state.hand if m.from_hand else state.storage[m.source][-1]
                if sum(1 for k in range(4) if _needs_later(state, k, card)) == 1:
                    return m
        distinct: dict = {}
        for m in legal:
            after = state.apply(m)
            key = (len(after.deck), after.hand if len(after.deck) == len(state.deck) else None,
                   after.finals, tuple(sorted(after.storage)))
            distinct.setdefault(key, m)
        moves = list(distinct.values())
        if len(moves) == 1:
            return moves[0]
        impl = _search.implementation()
        unseen = sorted(state.deck)
        wins = [0] * len(moves)
        for _i in range(self.samples):
            rng.shuffle(unseen)
            sample = state._replace(deck=tuple(unseen))
            seed = rng.randrange(1 << 30)
            for j, m in enumerate(moves):
                after = sample.apply(m)
                if after.won():
                    return m
                cards = ((after.hand,) + after.deck) if after.hand is not None else ()
                o, _codes, _n = impl.run(cards, after.storage, after.finals, self.max_states,
                                         _search.SYMMETRY | _search.FORCED | _search.DEAD | _search.EAGER,
                                         seed, 0)
                wins[j] += o == _search.WON
        best = max(range(len(moves)), key=lambda j: (wins[j], -j))
        return moves[best]

    def play(self, deck: tuple[int, ...], seed: int) -> Result:
        rng = random.Random(seed)
        return play_out(State.start(deck), lambda s: self.next_move(s, rng))


def _needs_later(state: State, k: int, rank: int) -> bool:
    """Does final pile k (0..3) still need ``rank`` (now or later)?"""

    return POSITION[k][rank] >= state.finals[k]


def best_move(state: State, samples: int = 8, seed: int = 0) -> Move | None:
    """The move the best player (the look-ahead) makes in ``state``, for HELP.

    Uses only what the player can see; the same state and seed give the same move.
    """
    return Lookahead(samples).next_move(state, random.Random(seed))


# ---- HELP with the sampling player ----------------------------------------------------------

HINT_SAMPLES = 64  # HELP's samples at help_rate 8000 (a compiled install): docs/games/sequence.md
HINT_MIN_SAMPLES = 4


def hint_samples(help_rate: int) -> int:
    """The samples HELP's sampling player draws at this ``help_rate`` (positions a frame, kept in
    every recording): 64 at 8000 (a compiled install), 6 at 800 (plain Python), never below 4.
    A function of the recorded rate only, so a replay draws the same number on any machine."""
    return max(HINT_MIN_SAMPLES, min(HINT_SAMPLES, help_rate // 125))


def visible_seed(state: State) -> int:
    """A seed made from what a player sees (the hand card, the storage piles, the final piles
    and the multiset of face-down cards): the same position gives the same seed in every
    process and on every run (no ``hash()``, which Python randomizes), and the order of the
    face-down cards never enters it."""

    seen = (state.hand, tuple(state.storage), tuple(state.finals), tuple(sorted(state.deck)))
    return zlib.crc32(repr(seen).encode("ascii"))


def sampling_move(state: State, samples: int = HINT_SAMPLES) -> Move | None:
    """The move the sampling player makes in ``state`` with ``samples`` samples, seeded from the
    visible position (``visible_seed``), for HELP: the same position and samples give the same
    move, whoever runs it; None when no move is legal."""
    return Sampling(samples, SAMPLE_STATES).next_move(state, random.Random(visible_seed(state)))


def player(name: str, **options) -> Player:
    """``clairvoyant``, ``lookahead``, ``sampling`` or a strategy (a shipped name or a file)."""
    if name == "clairvoyant":
        return Clairvoyant(options.get("max_states", 200_000))
    if name == "lookahead":
        return Lookahead(options.get("samples") or 8)
    if name == "sampling":
        return Sampling(options.get("samples") or SAMPLES, SAMPLE_STATES)
    return StrategyPlayer(strat.load(name))


def search_of(name: str) -> str:
    """The search a player runs: the clairvoyant search's ``"compiled"`` or ``"pure"``
    (``core/compiled.py``), ``"none"`` for a player that runs no search."""
    if name in SEARCHING:
        return _solver.implementation_name()
    return "none"


SEARCHING = ("clairvoyant", "sampling")  # players that run the clairvoyant search
PLAYERS = ("clairvoyant", "lookahead", "sampling")  # the players ``player`` knows by name besides strategies


def timed_play(p: Player, deck: tuple[int, ...], seed: int) -> tuple[Result, float]:
    t = time.perf_counter()
    r = p.play(deck, seed)
    return r, time.perf_counter() - t
