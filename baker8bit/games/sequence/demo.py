"""Demonstrations of sequence solitaire: a deal the exact search wins, played move by move,
or a strategy (shipped by name, or a file) playing a deal as it would (``demo --strategy``)."""

from __future__ import annotations

import random

from baker8bit.console.demo import DealTrier
from baker8bit.games.sequence import players
from baker8bit.games.sequence import strategy as strat
from baker8bit.games.sequence.rules import MAX_DEAL, State

SEARCH_STATES = 20_000  # positions the exact search may use on one deal before the next is tried


class SequencePlanner(DealTrier):
    max_deal = MAX_DEAL

    def __init__(self, rules, deal: int, strategy: str | None = None):
        super().__init__(rules, deal)
        self.strategy = strat.load(strategy) if strategy is not None else None  # StrategyError names the line

    def commands_for(self, deal: int) -> tuple[str, ...] | None:
        if self.strategy is not None:  # a strategy plays the deal asked for, won or lost
            player = players.StrategyPlayer(self.strategy)
            rng = random.Random(deal)  # a strategy that draws at random does so from the deal's seed
            result = players.play_out(State.dealt(deal), lambda s: player.next_move(s, rng))
            return tuple(str(m) for m in result.moves)
        result = players.solve(State.dealt(deal), SEARCH_STATES)
        return tuple(str(m) for m in result.moves) if result.won else None
