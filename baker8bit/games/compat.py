"""Older versions' timings, HELP and rules, in one place: recordings of earlier versions replay as made.

A recording's timing line names every timing its version had. The timings added since are,
newest first, ``help_cores``, ``help_orderings``, ``help_lead``, ``help_plan``, ``help_first`` and
``help_rate``; a recording that lacks one was made before it, and lacks every newer one too. This
module is the one place that knows what that means:

- ``accepted`` and ``timing`` read a timing line (``sessions/recording.py``): a timing a version
  did not have is 0 in the ``Timing`` it replays with, which is what that version did (Blue's
  HELP's plans sharing one core's positions, ``help_cores``; its plan with the aces undecided
  alone, no plans of fixed orderings, ``help_orderings``; no head start for the worker,
  ``help_lead``; no frame of head start for the levels, ``help_first``); ``unrecorded`` names
  those a recording leaves out when it is written again.
- ``profile`` gives the HELP of a timing's version, which ``games.KeyMachine`` hands the machine:
  ``CURRENT`` for the timings of today; ``LEVELS`` without ``help_plan`` (before one plan of runs
  carried Blue's HELP on from level to level: each level searched again, with seeds of its own);
  0.2.0's without ``help_rate`` (the FreeCell family's HELP ran the reference search a slice a
  frame; Blue's and sequence's answered in the frame of the press). A profile turns the task a
  game's dialogue asks HELP for today into the task that version ran
  (``console/thinking.Advisor.profile``), so the dialogues know only today's HELP.

- ``rules_profile`` gives the rules of a recording's program version, which ``games.KeyMachine``
  hands the machine (``KeyMachine.rules_profile``: each game begun gets its rule set as that
  version played it). Before ``SUPERMOVES`` a group move carried one card a free place in every
  game (``RuleSet.group = "places"``); Baker's Game and FreeCell now carry longer runs through the
  empty columns (``"supermove"``), so a ``T`` command of an older recording that flashed, or
  moved fewer cards into an empty column, would do otherwise. Only the rule set's ``group`` is
  turned back: Eight Off's runs are the same under both (an empty pile takes only a king), King
  Albert's and the 1989 game's are ``"places"`` (so King Albert's options window, which picks
  today's rule set, needs no profile), and ``NO MOVES LEFT`` changes no key's effect (a replay of
  an older recording shows it, and its event, where today's program would).

The older searches these tasks run stay because the recordings and goldens of those versions in
the tests replay through them (``tests/data/machine-1989.jsonl``: 0.2.0's HELP).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

from baker8bit import __version__
from baker8bit.console.thinking import Task
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE, SearchResult
from baker8bit.core.timing import Timing
from baker8bit.freecell import advisor
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver import searcher
from baker8bit.games.blue import checker
from baker8bit.games.blue import dialogue as blue
from baker8bit.games.sequence import dialogue as sequence
from baker8bit.games.sequence.players import HINT_SAMPLES

# The timings added since the first recordings, newest first: a recording without one lacks the
# newer ones too.
LATER = ("help_cores", "help_orderings", "help_lead", "help_plan", "help_first", "help_rate")


@dataclass(frozen=True)
class Profile:
    """The HELP of one version: ``adapt`` turns today's task into that version's (None: today's)."""

    name: str
    adapt: Callable[[Task], Task] | None = None

    def __call__(self, task: Task) -> Task:
        return task if self.adapt is None else self.adapt(task)


def accepted(present: set[str]) -> bool:
    """Whether a timing line naming ``present`` is one some version wrote."""
    names = {f.name for f in fields(Timing)}
    return any(present == names - set(LATER[:k]) for k in range(len(LATER) + 1))


def timing(values: dict[str, int]) -> Timing:
    """The ``Timing`` of a timing line's values (``accepted``): the timings it lacks are 0."""
    return Timing(**{f.name: values.get(f.name, 0) for f in fields(Timing)})


def before(name: str, timing_: Timing) -> Timing:
    """``timing_`` as a version before ``name`` (one of ``LATER``) had it: that timing and every newer
    one 0, as a recording of that version reads (``before("help_rate", t)``: 0.2.0's)."""
    return replace(timing_, **{n: 0 for n in LATER[: LATER.index(name) + 1]})


def unrecorded(timing_: Timing) -> frozenset[str]:
    """The timings a recording of this timing leaves out: those its version did not have (a timing
    line's values are at least 1, so those are its zeros)."""
    return frozenset(name for name in LATER if getattr(timing_, name) == 0)


# -- 0.3.0 before help_plan: Blue's HELP searched again at each level ----------------------------

BLUE_EFFORT = 4  # a level's budget of B positions is 4 runs' worth of B / 4 each (checker effort 4)
BLUE_SEEDS = 1 << 20  # level k's plan shakes its runs with order seeds from k * BLUE_SEEDS on


def blue_level(board: bytes, lay, can_set_aces: bool, budget: int, level: int = 0) -> SearchResult:
    """Blue's HELP at one level: the checker within ``budget`` positions in all, as
    ``BLUE_EFFORT`` efforts of ``budget / BLUE_EFFORT``, its plan's order seeds starting at
    ``level * BLUE_SEEDS``; while the aces may still be placed, the aces undecided; the win as
    found (its loops not cut)."""
    share = max(1, budget // BLUE_EFFORT)
    seeds = level * BLUE_SEEDS
    if can_set_aces:
        res = checker.solve_any(board, lay, max_positions=share, effort=BLUE_EFFORT, orderings=False, seeds=seeds)
    else:
        res = checker.solve(board, lay, max_positions=share, effort=BLUE_EFFORT, seeds=seeds)
    return blue.thought_of(res, board, lay, acyclic=False)


def _levels(task: Task) -> Task:
    if task.fn is blue.think_plan:  # its args less today's orderings and cores (0 in such a recording)
        return Task(blue_level, task.args[:3], by_level=True)
    return task


LEVELS = Profile("levels", _levels)


# -- 0.2.0: the reference search in slices; Blue and sequence in the frame of the press ------------

BLUE_POSITIONS = 20_000  # Blue's budget: each search with the whole of it and one effort


def sliced(position, rules, states: int, max_states: int, budgets) -> Iterator[SearchResult]:
    """The FreeCell family's HELP: the reference search (``solver.searcher``) of ``states``
    positions a frame, one level a frame, until it ends (within ``max_states`` positions)."""
    search = searcher(position, rules, max_states=max_states)
    for _ in budgets:
        result = search.step(states)
        if result is None:
            yield SearchResult(UNKNOWN)
        else:  # the search ended: its answer is HELP's, decided or not
            yield SearchResult(result.outcome, answer=list(result.keys) if result.outcome == SOLVED else [],
                               positions=result.positions, final=True)
            return


def blue_pressed(board: bytes, lay, can_set_aces: bool, budget: int) -> SearchResult:
    """Blue's HELP: the aces as they are, then (while they may still be placed) the aces
    undecided, each search with the whole budget and one effort; "unsolvable" is the verdict on
    the aces as they are even while they may still be placed."""
    res = checker.solve(board, lay, max_positions=budget, effort=1)
    positions = res.positions
    if res.outcome == SOLVED and res.moves:
        return SearchResult(SOLVED, answer=("move", res.moves[0]), positions=positions)
    if can_set_aces:
        best = checker.solve_any(board, lay, max_positions=budget, effort=1, orderings=False)
        positions += best.positions
        if best.outcome == SOLVED and best.detail["aces"] is not None:
            return SearchResult(SOLVED, answer=("aces", tuple(best.detail["aces"])), positions=positions)
    return SearchResult(UNSOLVABLE if res.outcome == UNSOLVABLE else UNKNOWN, positions=positions)


def sliced_profile(states: int, max_states: int) -> Profile:
    """0.2.0's HELP with the timing's ``help_states`` and ``help_max_states``."""

    def adapt(task: Task) -> Task:
        if task.fn is advisor.think:
            frames = max_states // states + 2  # a slice generates at least ``states`` positions
            return Task(sliced, (*task.args, states, max_states), levels=tuple(range(1, frames + 1)), budget=0,
                        carry=True)
        if task.fn is blue.think_plan:
            return Task(blue_pressed, task.args[:3], levels=(0,), budget=BLUE_POSITIONS)
        if task.fn is sequence.think_sampling:
            return Task(task.fn, task.args, levels=(0,), budget=HINT_SAMPLES)
        if task.fn is sequence.think:
            return Task(task.fn, task.args, levels=(0,), budget=0)
        return task

    return Profile("sliced", adapt)


CURRENT = Profile("current")


def profile(timing_: Timing) -> Profile:
    """The HELP of this timing's version (0.2.0's with the slices of its own ``help_states`` and
    ``help_max_states``)."""
    missing = unrecorded(timing_)
    if "help_rate" in missing:
        return sliced_profile(timing_.help_states, timing_.help_max_states)
    if "help_plan" in missing:
        return LEVELS
    return CURRENT


# -- before SUPERMOVES: every group move carried one card a free place ------------------------------

# The program version whose Baker's Game, Eight Off and FreeCell carry runs through the empty columns
# (``RuleSet.group``) and say NO MOVES LEFT (``RuleSet.no_moves_left``): the next release's.
SUPERMOVES = "0.4.0"


def version(text: str) -> tuple[int, ...]:
    """A program version as numbers (``"0.3.0"`` -> ``(0, 3, 0)``); a recording's is checked when read."""
    return tuple(int(p) for p in text.split("."))


def places(rules: Any) -> Any:
    """``rules`` as a version before ``SUPERMOVES`` played them: a FreeCell-family rule set's group
    move with one card a free place; any other game's rules as they are."""
    if isinstance(rules, RuleSet) and rules.group != "places":
        return replace(rules, group="places")
    return rules


def rules_profile(program: str | None, current: str | None = None) -> Callable[[Any], Any] | None:
    """What the rule sets of a recording made with baker8bit ``program`` become on the ``current``
    version (None: this one): ``places`` for a recording older than ``SUPERMOVES`` once the current
    version has them (as ``sessions/recording.compatibility`` counts a change); None (today's
    rules) otherwise."""
    current = current or __version__
    if program is None or not version(program) < version(SUPERMOVES) <= version(current):
        return None
    return places
