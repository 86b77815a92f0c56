"""The demonstration: the program plays a solvable deal to WINNER by itself.

A plan is a deal and its winning line, found by the solver and written as the
player's own commands (single moves, and group moves ``TBC`` where the line
moves a run). ``DemoKeys`` presses those keys at a person's pace, waiting
while a group move plays out, so the demonstration shows the same tones and
screens a player would. Any real key ends it (the app decides what then).
"""

from __future__ import annotations

from dataclasses import dataclass

from baker8bit.freecell.advisor import first_command
from baker8bit.core.deal import MAX_DEAL
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import group_moves, parse_move
from baker8bit.freecell.solver import SOLVED, Search

KEY_GAP = 10  # frames between the keys of one command
MOVE_GAP = 30  # frames between commands (half a second: a person reading the board)
START_GAP = 60  # frames before the first key
DEAL_TRIES = 50  # deals tried after an unsolvable or too-hard one


@dataclass(frozen=True)
class Plan:
    rules: object  # the rule set (freecell.rules.RuleSet)
    deal: int
    commands: tuple[str, ...]  # "EI", "FT", "TBC" ...


def commands_of(game: Game, moves: list[str]) -> list[str]:
    """A winning line as the player's commands: runs of single moves that make a group move become ``Txy``."""
    g = Game(game.rules, game.position, game.deal)
    out, i = [], 0
    while i < len(moves):
        cmd = first_command(g, moves[i:])
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
        self._search = Search(self._game.position, self.rules, max_states=self.max_states)

    def step(self, states: int = 2000) -> Plan | None:
        if self.plan is not None:
            return self.plan
        result = self._search.step(states)
        if result is None:
            return None
        if result.outcome == SOLVED:
            self.plan = Plan(self.rules, self.deal, tuple(commands_of(self._game, result.moves)))
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


class DemoKeys:
    """A key source that plays a plan: ``keys(frame)`` gives the next key when it is time."""

    def __init__(self, plan: Plan, machine_of, speed: float = 1.0):
        self.machine_of = machine_of  # a function giving the current key machine
        self.speed = speed
        self.queue: list[tuple[str, int]] = []  # (key, frames to wait before it)
        for cmd in plan.commands:
            for j, key in enumerate(cmd):
                self.queue.append((key, MOVE_GAP if j == 0 else KEY_GAP))
        self.queue[0] = (self.queue[0][0], START_GAP)
        self.wait_from: int | None = None

    @property
    def done(self) -> bool:
        return not self.queue

    def keys(self, frame: int) -> list[str]:
        m = self.machine_of()
        if not self.queue or m.busy:
            self.wait_from = None
            return []
        if self.wait_from is None:
            self.wait_from = frame
        key, gap = self.queue[0]
        if frame - self.wait_from < max(1, round(gap / self.speed)):
            return []
        self.queue.pop(0)
        self.wait_from = None
        return [key]
