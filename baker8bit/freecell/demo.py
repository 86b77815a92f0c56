"""The demonstration of a FreeCell-family game: a solvable deal and its winning line as the player's commands.

A plan's commands are the player's own: single moves, and group moves ``TBC``
where the line moves a run. ``Planner`` finds one in slices (so the title keeps
running while it thinks), skipping deals the solver does not win; the line is shortened first
(``solver/shorten.py``), so the demonstration makes no move it undoes.
"""

from __future__ import annotations

from baker8bit.console.demo import DEAL_TRIES, Plan
from baker8bit.core.deal import MAX_DEAL
from baker8bit.core.outcome import SOLVED
from baker8bit.freecell.advisor import first_command
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import group_moves, parse_move
from baker8bit.freecell.solver import searcher
from baker8bit.freecell.solver.shorten import shorten


def commands_of(game: Game, moves: list[str], auto: tuple[int, ...] = ()) -> list[str]:
    """A winning line as the player's commands: runs of single moves that make a group move become ``Txy``;
    the moves at the indices ``auto`` are made by the game itself (King Albert's automatic moves)."""
    g = Game(game.rules, game.position, game.deal)
    out, i = [], 0
    skip = set(auto)
    while i < len(moves):
        if i in skip:
            g.make(parse_move(moves[i], g.rules))
            i += 1
            continue
        nxt = min((j for j in skip if j > i), default=len(moves))
        cmd = first_command(g, moves[i:nxt])
        n = 1 if not cmd.startswith("T") else _group_length(g, cmd)
        for m in moves[i : i + n]:
            g.make(parse_move(m, g.rules))
        out.append(cmd)
        i += n
    return out


def _group_length(g: Game, cmd: str) -> int:
    src, dst = g.rules.place(cmd[1])[1], g.rules.place(cmd[2])[1]
    return len(group_moves(g.position, src, dst, g.rules))


class Planner:
    """Finds a plan in slices (so the title screen keeps running while it thinks)."""

    def __init__(self, rules, deal: int, max_states: int = 200_000):
        self.rules, self.deal, self.max_states = rules, deal, max_states
        self.tries = 0
        self.plan: Plan | None = None
        self._begin()

    def _begin(self) -> None:
        self._game = Game.dealt(self.rules, self.deal)
        self._search = searcher(self._game.position, self.rules, max_states=self.max_states)

    def step(self, states: int = 2000) -> Plan | None:
        if self.plan is not None:
            return self.plan
        result = self._search.step(states)
        if result is None:
            return None
        if result.outcome == SOLVED:
            result = shorten(self._game.position, self.rules, result)  # a line a person can follow
            auto = result.auto if self.rules.auto_home else ()
            self.plan = Plan(self.rules, self.deal, tuple(commands_of(self._game, result.moves, auto)))
            return self.plan
        self.tries += 1
        if self.tries >= DEAL_TRIES:
            raise RuntimeError(f"no solvable deal found from {self.deal - self.tries + 1} in {DEAL_TRIES} tries")
        self.deal = self.deal % MAX_DEAL + 1
        self._begin()
        return None

    def finish(self) -> Plan:
        while (plan := self.step(50_000)) is None:
            pass
        return plan
