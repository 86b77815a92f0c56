"""Demonstrations of sequence solitaire: a deal the exact search wins, played move by move,
or a strategy (shipped by name, or a file) playing a deal as it would (``demo --strategy``)."""

from __future__ import annotations

import random

from baker8bit.console.demo import DEAL_TRIES, Plan
from baker8bit.games.sequence import players
from baker8bit.games.sequence import strategy as strat
from baker8bit.games.sequence.rules import MAX_DEAL, State

SEARCH_STATES = 20_000  # positions the exact search may use on one deal before the next is tried


class SequencePlanner:
    def __init__(self, rules, deal: int, strategy: str | None = None):
        self.rules, self.deal = rules, deal
        self.strategy = strat.load(strategy) if strategy is not None else None  # StrategyError names the line
        self.tries = 0
        self.plan: Plan | None = None

    def step(self, states: int = 2000) -> Plan | None:
        if self.plan is not None:
            return self.plan
        if self.strategy is not None:
            player = players.StrategyPlayer(self.strategy)
            rng = random.Random(self.deal)  # a strategy that draws at random does so from the deal's seed
            result = players.play_out(State.dealt(self.deal), lambda s: player.next_move(s, rng))
            self.plan = Plan(self.rules, self.deal, tuple(str(m) for m in result.moves))
            return self.plan
        result = players.solve(State.dealt(self.deal), SEARCH_STATES)
        if result.won:
            self.plan = Plan(self.rules, self.deal, tuple(str(m) for m in result.moves))
            return self.plan
        self.tries += 1
        if self.tries >= DEAL_TRIES:
            raise RuntimeError(f"no deal won from {self.deal - self.tries + 1} in {DEAL_TRIES} tries")
        self.deal = self.deal % MAX_DEAL + 1
        return None

    def finish(self) -> Plan:
        while (plan := self.step()) is None:
            pass
        return plan
