"""HELP's thinking: a search off the frame, whose answer arrives at a frame fixed by the game.

A HELP search is a *task*: a plain function of the position and of a budget of positions, run
at growing budgets, one *level* after another. Level ``k`` is due ``levels[k]`` frames after the
press and may use ``rate * levels[k]`` positions (``rate``: the timing's ``help_rate``, recorded
in every recording), but none sooner than the timing's ``help_first`` (the worker's head
start: the machine takes a key and ticks in the same frame, so a level due at frame 1 would be
due in the frame of the press). At a due frame the machine takes level ``k``'s result: a decided one (a
move, or a proof that no win exists) is the answer; an undecided one waits for the next level;
the last level's answer may be "unknown". So the answer, and the frame it comes at, depend only
on the position and the recorded rate, never on the machine's speed.

Who runs the levels is a *runner*:

- ``Inline`` (the default: tests, ``keys``, replays, GIFs) runs a level when its result is
  asked for, in the caller's frame;
- ``console/worker.py``'s ``WorkerRunner`` (the window) runs the levels in a worker process as
  soon as HELP is pressed, so a frame only looks whether a result has come (``ready``, which never
  waits). When the worker is behind what ``rate`` promises (a slow or busy machine), the window
  does not wait for it: it holds the game's frame (``KeyMachine.ready``), so the answer comes
  later on the clock but at the same frame of the game, the same answer.

A level's result is the same whoever runs it: a search is a function of its position and its
budget (``tests/test_help_thinking.py`` checks both runners give the same answers at the same
frames).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE, SearchResult

__all__ = [
    "EVERY_FRAME", "LEVELS", "SOLVED", "UNKNOWN", "UNSOLVABLE", "Advisor", "Inline", "Task", "runner", "use",
]

# The frames after the press at which the levels are due: twice the budget each time, then
# 2 s and 4 s of game time (60 frames a second).
LEVELS = (1, 2, 4, 8, 16, 32, 64, 120, 240)
# A carrying task's levels (``Task.carry``): one a frame to the last of LEVELS. Its levels repeat
# nothing of each other, so a level a frame costs the worker no more work than a level a doubling;
# the answer comes at the first frame the positions it took allow.
EVERY_FRAME = tuple(range(1, LEVELS[-1] + 1))


@dataclass(frozen=True)
class Task:
    """``fn(*args, budget)`` returns a ``SearchResult``; ``fn`` is a module-level function and the
    args are plain data, so a worker process can run it. ``levels``: the due frames (default
    ``LEVELS``; a level due at frame 0 answers in the frame of the press). ``budget``: None for
    ``rate`` positions a frame of each level, or the one budget of every level (a task of
    fixed cost). ``by_level``: ``fn`` also gets the level's index after the budget (a search
    that varies by level: King Albert's move orders, taken in turn). ``carry``: the levels are
    one search that carries on from level to level: ``fn(*args, budgets)`` yields one
    ``SearchResult`` a level, level k's within all the positions ``budgets[k]`` allows since the
    press (Blue's plan of runs); a level then repeats nothing of the levels before it.
    ``rate``: positions a frame for this task (the timing's ``help_plan`` for a carrying task),
    else the advisor's. ``lead``: the worker's head start in frames (the timing's ``help_lead``
    for a carrying task): a level due ``f`` frames after the press gets ``rate * (f - lead)``
    positions (none before ``lead``), so the worker, which starts at the press, is ``lead``
    frames of work ahead of every level."""

    fn: Callable[..., Any]
    args: tuple = ()
    levels: tuple[int, ...] = LEVELS
    budget: int | None = None
    by_level: bool = False
    carry: bool = False
    rate: int | None = None
    lead: int = 0

    def budgets(self, rate: int) -> tuple[int, ...]:
        rate = rate if self.rate is None else self.rate
        return tuple(rate * max(f - self.lead, 0) if self.budget is None else self.budget for f in self.levels)

    def run(self, budget: int, level: int = 0) -> SearchResult:
        if self.by_level:
            return self.fn(*self.args, budget, level)
        return self.fn(*self.args, budget)

    def results(self, budgets: tuple[int, ...]) -> Iterator[SearchResult]:
        """Each level's result in turn (a runner takes them in order, as they fall due)."""
        if self.carry:
            return iter(self.fn(*self.args, budgets))
        return (self.run(b, k) for k, b in enumerate(budgets))


class Inline:
    """Runs a level in the frame that asks for it."""

    def __init__(self) -> None:
        self._tasks: dict[int, tuple[Iterator[SearchResult], list[SearchResult]]] = {}

    def submit(self, job: int, task: Task, budgets: tuple[int, ...]) -> None:
        self._tasks = {job: (task.results(budgets), [])}

    def ready(self, job: int, level: int) -> bool:
        """Whether ``result`` would not wait: always (it computes the level there and then)."""
        return True

    def result(self, job: int, level: int) -> SearchResult:
        levels, done = self._tasks[job]
        while len(done) <= level:
            done.append(next(levels))
        return done[level]

    def cancel(self, job: int) -> None:
        self._tasks.pop(job, None)


_runner: Any = None
# Job numbers, one sequence for every advisor: the runner is shared by every game a window
# shows, so a late result of an abandoned game's task never passes for a new game's.
_jobs = itertools.count(1)


def runner():
    """The runner the advisors use (``Inline`` unless the window installed a worker)."""
    global _runner
    if _runner is None:
        _runner = Inline()
    return _runner


def use(new) -> Any:
    """Install a runner (the window's worker); returns the one it replaces."""
    global _runner
    old, _runner = _runner, new
    return old


@dataclass
class Advisor:
    """One HELP task at a time: ``start`` at the press, ``tick`` every frame (and in the frame
    of the press, for a level due then)."""

    rate: int
    first: int = 0  # no level is due sooner after the press (the timing's help_first)
    # What a recording of an earlier version turns a task into (``sessions/compat.py``), or None
    profile: Callable[[Task], Task] | None = None
    _job: int = 0
    _task: Task | None = None
    _start: int = 0
    _level: int = 0
    _runner: Any = field(default=None, repr=False)

    @property
    def thinking(self) -> bool:
        return self._task is not None

    def start(self, task: Task, frame: int) -> None:
        if self.profile is not None:
            task = self.profile(task)
        self.cancel()
        self._job = next(_jobs)
        self._task, self._start, self._level = task, frame, 0
        self._runner = runner()
        self._runner.submit(self._job, task, task.budgets(self.rate))

    def cancel(self) -> None:
        if self._task is not None:
            self._runner.cancel(self._job)
            self._task = None

    def due(self, level: int) -> int:
        """The frame after the press a level of the task is due: its ``levels`` frame, but not
        sooner than ``first``."""
        return max(self._task.levels[level], self.first)

    def ready(self, frame: int) -> bool:
        """Whether ``tick(frame)`` has every result it would take (the runner's ``ready``): the
        window ticks the game only then, so it never waits for the worker (``KeyMachine.ready``)."""
        level = self._level
        while self._task is not None and frame >= self._start + self.due(level):
            if not self._runner.ready(self._job, level):
                return False
            thought = self._runner.result(self._job, level)  # there already: no wait
            if thought.decided or thought.final or level == len(self._task.levels) - 1:
                return True
            level += 1
        return True

    def tick(self, frame: int) -> SearchResult | None:
        """The answer, at the frame it is due; None before (and when not thinking)."""
        while self._task is not None and frame >= self._start + self.due(self._level):
            thought = self._runner.result(self._job, self._level)
            if thought.decided or thought.final or self._level == len(self._task.levels) - 1:
                self._runner.cancel(self._job)
                self._task = None
                return thought
            self._level += 1
        return None
