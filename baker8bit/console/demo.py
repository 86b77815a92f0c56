"""The demonstration's plan and its presser: the program plays a deal by itself, in any game.

A plan is a deal and the player's own commands for it (each a few keys), made
by the game's planner (``Variant.planner``: for the FreeCell family a winning
line found by the solver, ``freecell/demo.py``; for sequence solitaire a won
deal, or a strategy file's play). ``DemoKeys`` presses those keys at a
person's pace, waiting while a flash or a group move plays out, so the
demonstration shows the same tones and screens a player would. Any real key
ends it (the app decides what then). ``sessions/demo.py`` asks a game for its plan and records a
demonstration.
"""

from __future__ import annotations

from dataclasses import dataclass

KEY_GAP = 10  # frames between the keys of one command
MOVE_GAP = 30  # frames between commands (half a second: a person reading the board)
START_GAP = 60  # frames before the first key
DEAL_TRIES = 50  # deals tried after an unsolvable or too-hard one


@dataclass(frozen=True)
class Plan:
    rules: object  # the rule set (freecell.rules.RuleSet)
    deal: int
    commands: tuple[str, ...]  # "EI", "FT", "TBC" ...


class DealTrier:
    """A planner that tries deals one by one, from the one asked for, until one is won: a game's
    planner gives ``commands_for(deal)`` (the commands of a win of that deal, or None) and
    ``max_deal`` (the last deal number, after which it starts again at 1)."""

    max_deal = 1

    def __init__(self, rules, deal: int):
        self.rules, self.deal = rules, deal
        self.tries = 0
        self.plan: Plan | None = None

    def commands_for(self, deal: int) -> tuple[str, ...] | None:
        raise NotImplementedError

    def step(self, states: int = 2000) -> Plan | None:
        """Try one deal: the Plan when it is won (and from then on), else None."""
        if self.plan is not None:
            return self.plan
        found = self.commands_for(self.deal)
        if found is not None:
            self.plan = Plan(self.rules, self.deal, found)
            return self.plan
        self.tries += 1
        if self.tries >= DEAL_TRIES:
            raise RuntimeError(f"no deal won from {self.deal - self.tries + 1} in {DEAL_TRIES} tries")
        self.deal = self.deal % self.max_deal + 1
        return None

    def finish(self) -> Plan:
        while (plan := self.step()) is None:
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
