"""The contract every game meets: what a game gives the console, and all the console asks of it.

A game lives in one folder under ``baker8bit/games/`` with a ``game.toml`` (its id, name,
credit, menu place and title lines) and, unless it is only data on the FreeCell-family engine,
a ``variant.py`` whose ``VARIANT`` is a ``Variant``. The registry (``games/__init__.py``) gives
the console a ``Registry`` of them; everything shared (the menu, the machine's clock and events,
screen, sound, recordings, saved games, statistics, HELP, demo, GIF, video, the command line)
reaches a game only through the methods and attributes declared here, so nothing outside a
game's folder asks how many suits or columns there are to learn which game it is.

Each ability a game may have is declared once, here, with its default: a game overrides what it
has and inherits what it has not. Nothing probes a game for an attribute.

The game in progress (``Variant.new_game``) and its key dialogue (``Variant.dialogue``) meet the
contracts of ``console/dialogue.py`` (``Dialogue``) and ``core/history.py`` (``History``): a game
gives ``rules``, ``deal``, ``position``, ``history``, ``moves``, ``takebacks_left``, ``won``,
``lost`` (the game says NO MOVES LEFT), ``at_mark`` and ``take_back()`` / ``redo()``.
"""

from __future__ import annotations

import argparse
import itertools
import time
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, NamedTuple, Protocol

from baker8bit.core.outcome import SearchResult

BOARD_BYTES = 1 << 16  # a board is a few hundred bytes; 64 KiB leaves room for comments

# The time one deal's escalation is sized to take (``Variant.escalate``: ``solve`` and ``survey``
# without ``--max-states``): each step of a game's ladder has a budget of positions, chosen so that
# the whole ladder ends within it on this project's two-core machine. The clock decides nothing
# by default, so a deal's verdict is the same on any machine; ``--max-seconds`` adds a time limit.
ESCALATION_SECONDS = 30.0
ESCALATION_STATES = 2_000_000  # the one step of a game that declares no ladder


class Step(NamedTuple):
    """One search of a game's escalation ladder (``Variant.escalation``): its ``name`` (the
    result's ``search`` starts with it: ``nested-2 compiled``), its budget of positions
    (``max_states``) and the ``solve`` options it runs with, as (name, value) pairs."""

    name: str
    max_states: int | None
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Option:
    """A game option, such as the 1989 game's suit count (``--suits`` on the command line; the
    commands make their options from these). ``values``: what it may be; ``default``: its value
    when not given; ``help``: what it means, for ``--help``; ``deals``: given alone on the command
    line, it deals a game at once (the 1989 suit count, Blue's size) where the other options
    (sequence's HELP player, King Albert's starting rank) are kept for the games started from the
    title; ``metavar``: how ``--help`` names its value (default: the values, when few)."""

    name: str
    values: tuple
    default: Any
    help: str
    deals: bool = False
    metavar: str | None = None

    @property
    def flag(self) -> str:
        return flag(self.name)

    def choices(self) -> str:
        """The values in words: ``2, 3 or 4``, ``on or off``, ``a whole number 0..12``."""
        v = self.values
        if len(v) > 4 and all(type(x) is int for x in v) and list(v) == list(range(v[0], v[0] + len(v))):
            return f"a whole number {v[0]}..{v[-1]}"
        words = [word(x) for x in v]
        return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]

    def argument(self, text: str) -> Any:
        """``parse`` as an argparse type: a bad value is argparse's one-line error."""
        try:
            return self.parse(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    def parse(self, text: str) -> Any:
        """The value typed on the command line (``4``, ``on``, ``sampling``), checked."""
        for value in self.values:
            if text == word(value):
                return value
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise ValueError(f"{self.name.replace('_', ' ')} must be {self.choices()}, not {shown!r}")


def word(value: Any) -> str:
    """How an option's value is typed: ``on``/``off`` for a yes-or-no, else its text."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


class Tool(Protocol):
    """A command a game does its own way (``baker8bit check``, ``baker8bit study``): the command
    lists the games that have one, adds each one's options and runs the chosen game's."""

    SUMMARY: str  # what it does, one clause for the command's help

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class Survey(Protocol):
    """A game's own ``baker8bit survey``: ``run`` writes its CSV rows to ``out`` and returns the
    table of results; ``read_rows`` reads such a CSV back, for ``--resume``, every line checked
    (a ValueError names the file, as ``name`` when given, and its first bad line)."""

    def run(self, options: Mapping[str, Any], deals, out, err, workers: int = 1, max_positions: int | None = None,
            max_seconds: float | None = None, proof_memory: int | None = None, kept=None) -> str: ...

    def read_rows(self, path: str, name: str | None = None) -> list: ...

    def check_exact(self, options: Mapping[str, Any]) -> None:
        """Refuse, before anything is written, a survey without deals (an exact count of every
        layout) of a size too large to count: a ValueError of one line naming the sizes that can
        be counted and ``--deals`` for the others."""


class Place(NamedTuple):
    """A place the pad's cursor goes to: the key (or keys, space-separated: a Blue slot's ``"B 5"``)
    a click on it gives, and the screen cell (row, column) it starts at, by which the arrows go up
    and down (``console/pad.py``)."""

    key: str
    row: int
    col: int


def hit_places(hits: Mapping[tuple[int, int], str], keep=None) -> tuple[Place, ...]:
    """The click targets of a screen (``Screen.hits``: cell -> key) as places in reading order: each
    key once, at its first cell (top row first, then leftmost). ``keep(row, col)``: only the cells
    it keeps (King Albert's options window)."""
    first: dict[str, tuple[int, int]] = {}
    for (row, col), key in sorted(hits.items()):
        if key not in first and (keep is None or keep(row, col)):
            first[key] = (row, col)
    return tuple(sorted((Place(k, r, c) for k, (r, c) in first.items()), key=lambda p: (p.row, p.col)))


class VariantError(ValueError):
    """Options, boards or files that do not fit the game; the message names the game."""


class UnknownGame(VariantError):
    pass


def flag(name: str) -> str:
    """The command-line flag of an option: ``starting_rank`` is ``--starting-rank``."""
    return name.replace("_", "-")


def read_game_toml(package: str) -> dict:
    """A game folder's ``game.toml`` (``package``: the folder's dotted name)."""
    return tomllib.loads(resources.files(package).joinpath("game.toml").read_text("utf-8"))


class Variant:
    """One game. The attributes and methods below are the whole contract; those that raise
    ``NotImplementedError`` every game gives, the others have the default a game without that
    ability needs."""

    # -- what it is (game.toml) ---------------------------------------------------------------

    id: str = ""  # "baker", "bakers-game", ...: the registered id (``--game ID``)
    name: str = ""  # the name on the menu and the title
    credit: str = ""  # one line under the name on the menu
    summary: str = ""  # how ``baker8bit --help`` names it ("Baker Solitaire (ANTIC, 1989)"); default the name
    menu: int = 0  # its place on the console's menu (1 first)
    title_lines: tuple = ()  # the title screen's fixed lines: {"row", "text", "colour"}

    def __init__(self, data: Mapping[str, Any]):
        self.id, self.name, self.credit = data["id"], data["name"], data.get("credit", "")
        self.summary = data.get("summary", self.name)
        self.menu = int(data.get("menu", 0))
        self.title_lines = tuple(data.get("title", ()))

    # -- options ---------------------------------------------------------------------------

    options: tuple[Option, ...] = ()
    # The options a recording gets for this game when its start names none for it (its
    # ``prefer=`` leaves the game out): None, the defaults. A game whose defaults changed since
    # recordings of it were made names what they were then (sequence's HELP player).
    recorded_defaults: Mapping[str, Any] | None = None

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its value: defaults filled in, unknown or bad ones refused."""
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if value is None:
                continue
            if name not in known:
                have = ", ".join("--" + flag(o.name) for o in self.options) or "none"
                raise VariantError(f"the game {self.id} has no option --{flag(name)} (its options: {have})")
            if value not in known[name].values:
                choices = ", ".join(map(word, known[name].values))
                raise VariantError(f"{self.id}: --{flag(name)} must be one of {choices}")
        return {o.name: given.get(o.name) if given.get(o.name) is not None else o.default for o in self.options}

    def options_of(self, rules) -> dict[str, Any]:
        """The options whose rule set is ``rules`` (the inverse of ``rules``)."""
        names = [o.name for o in self.options]
        for values in itertools.product(*(o.values for o in self.options)):
            chosen = dict(zip(names, values, strict=True))
            if self.rules(chosen) == rules:
                return chosen
        raise VariantError(f"{rules.name} is not a rule set of {self.id}")

    # -- rules and games (every game gives these) -----------------------------------------------

    def rules(self, options: Mapping[str, Any] | None = None):
        """The rule set for these options (checked with ``check_options``)."""
        raise NotImplementedError

    def rule_sets(self) -> dict:
        """Every rule set of the game by name (saved games and recordings name them)."""
        raise NotImplementedError

    def title(self):
        """A new title dialogue: its ``press(key)`` returns None, ``("start", options, deal)`` or ``("menu",)``."""
        raise NotImplementedError

    def new_game(self, rules, deal: int | None, position=None):
        """A game dealt (deal number), or set up from a position."""
        raise NotImplementedError

    def dialogue(self, game, timing, emit, clock):
        """The in-game key dialogue (``console/dialogue.Dialogue``) for a game of this variant."""
        raise NotImplementedError

    def draw_title(self, scr, view, notes: tuple[str, ...]) -> None:
        raise NotImplementedError

    def draw_game(self, scr, view, game, frame: int, look) -> None:
        raise NotImplementedError

    # -- boards and files ------------------------------------------------------------------

    saves = True  # the session keeps the game in progress (sessions/savegame.py) to offer it at the next start
    board_bytes = BOARD_BYTES  # the largest board file ``--board`` reads (Blue's game file: 1 MiB)

    def read_board(self, text: str, options: Mapping[str, Any] | None = None):
        """``(position, rules)`` from board text; the error names the game when the board is another's."""
        raise NotImplementedError

    def write_board(self, position, rules) -> str:
        raise NotImplementedError

    def show(self, rules, position, deal: int | None) -> str:
        """What ``baker8bit show`` prints for a deal or a board (the board text, unless the game says else)."""
        return self.write_board(position, rules)

    def record_board_text(self, position, rules) -> str:
        """The board text a recording keeps when it starts from a board (``start board``)."""
        return self.write_board(position, rules)

    def record_board_read(self, text: str, rules):
        """``(position, rules)`` back from ``record_board_text``."""
        return self.read_board(text, self.options_of(rules))

    def same_position(self, a, b) -> bool:
        return a == b

    def board_shape(self, text: str) -> str | None:
        """The shape of a board text (``8 columns, 4 cells``) when it is the shape of one of this
        game's rule sets, else None: a board another game cannot read is named this game's
        (``Registry.owner``)."""
        return None

    def shape_of(self, rules) -> str:
        """The shape of this rule set's boards, in the words of ``board_shape``."""
        return ""

    # -- the mouse and the keyboard --------------------------------------------------------

    shift_key: str | None = None  # the key a click with Shift held is preceded by (King Albert's cheat)
    double_click_repeats = False  # a double-click is the place's key again (King Albert), not ``T``
    game_phases: tuple[str, ...] = ()  # dialogue phases, besides idle/selected/group, that take a right click

    def right_click(self, key: str | None, view) -> list[str]:
        """The keys of a right click on the place ``key`` (None: on nothing): the take-back."""
        return ["SPACE"]

    # -- the pad (console/pad.py) ------------------------------------------------------------

    def pad_places(self, scr, view, game) -> tuple[Place, ...]:
        """Where the pad's cursor goes on the screen ``scr`` of ``game`` (drawn for ``view``), in
        the order RIGHT and LEFT take them; the first is where the cursor starts. By default every
        click target of the screen (``Screen.hit``) in reading order, but the deal number (ESC:
        the START button's)."""
        return tuple(p for p in hit_places(scr.hits) if p.key != "ESC")

    def pad_buttons(self, rules) -> Mapping[str, str]:
        """The keys the pad's SELECT, L and R buttons (``PAD_SELECT``, ``PAD_L``, ``PAD_R``) stand
        for in a game of ``rules``: by default L marks (``P``) where the rules have a mark and R
        redoes (RETURN) where they have a redo; SELECT is the window's key help."""
        out = {}
        if rules.marks:
            out["PAD_L"] = "P"
        if rules.redo:
            out["PAD_R"] = "RETURN"
        return out

    # The Blue program's command-line options (``./blue -s SEED``, ``./blue -f FILE``): each flag
    # and the option of ours it stands for (``deal`` or ``board``); given without ``--game``, the
    # flag names its game.
    program_flags: tuple[tuple[str, str], ...] = ()

    # -- searches -----------------------------------------------------------------------------

    # The ``solve`` options this game's search takes beyond its limits: "memory" (a seen table
    # that forgets), "nested" (sequence's nested Monte Carlo search), "shorten" (the pass that
    # cuts detours out of a win; the survey turns it off).
    search_options: frozenset[str] = frozenset()

    def solve(self, position, rules, max_states=None, max_seconds=None, **search_options) -> SearchResult:
        """A ``SearchResult`` (solved with the keys that win, unsolvable as a proof, or unknown)
        within ``max_states`` positions and ``max_seconds`` seconds (None: no such limit)."""
        raise NotImplementedError

    def escalation(self, rules) -> tuple[Step, ...]:
        """The searches ``escalate`` runs in turn, cheapest first; the first that decides answers.
        Default: the game's ``solve`` at ``ESCALATION_STATES`` positions."""
        return (Step("search", ESCALATION_STATES),)

    def escalate(self, position, rules, max_seconds: float | None = None, **search_options) -> SearchResult:
        """The steps of ``escalation(rules)`` in turn until one decides, each within its budget
        of positions and, when ``max_seconds`` is given, all of them within it (a step gets what
        is left of it, and none starts once it is spent). The answer is the deciding step's, or the last step's unknown;
        its ``search`` is the step's name then the search's (``nested-2 compiled``), its
        ``positions`` and ``seconds`` those of every step run, its ``detail["steps"]`` each step
        run as (name, positions; a step of several searches, move orders or restarts, counts them
        all where its answer's ``detail["searched"]`` does). ``search_options``: given to every step
        (``memory``, ``shorten``)."""
        t0 = time.perf_counter()
        runs: list[tuple[str, int]] = []
        result = None
        for step in self.escalation(rules):
            left = None if max_seconds is None else max_seconds - (time.perf_counter() - t0)
            if result is not None and left is not None and left <= 0:
                break
            r = self.solve(position, rules, step.max_states, None if left is None else max(left, 0.001),
                           **dict(step.options), **search_options)
            name = r.detail.get("step", step.name)
            runs.append((name, r.detail.get("searched", r.positions)))
            result = replace(r, search=f"{name} {r.search}",
                             detail={**r.detail, "step": name, "steps": tuple(runs)})
            if r.decided:
                break
        if result is None:
            raise ValueError(f"the game {self.id} declares no search to escalate")
        return replace(result, positions=sum(n for _, n in runs), seconds=time.perf_counter() - t0)

    def warm(self) -> None:
        """Make what HELP's first search needs (tables), before HELP's first task: nothing by default."""

    def planner(self, rules, deal: int, strategy: str | None = None):
        """A demonstration planner (``sessions/demo.py``); ``strategy`` only where the game has strategies."""
        raise NotImplementedError

    # The strategies the demonstration can play (``demo --strategy NAME``, or a strategy file):
    # none; sequence's shipped ones.
    strategies: tuple[str, ...] = ()

    # -- research: the game's own commands -----------------------------------------------------

    # A survey of its own (``survey --game ID``): Blue counts every layout exactly and checks
    # each deal twice (aces as dealt, best ordering). None: ``research/survey.py`` runs ``solve``.
    survey: Survey | None = None
    checker: Tool | None = None  # ``baker8bit check``: layouts decided (Blue)
    study: Tool | None = None  # ``baker8bit study``: how strategies fare over deals (sequence)

    def proof_space(self, position, rules):
        """What ``baker8bit prove`` searches exhaustively on disk for ``position``
        (``research/layered.py``): a tuple of ``research.layered.ProofTask`` (a verdict's name, the
        game's state space, and the earlier verdict whose win answers it too), searched in order;
        Blue gives ``dealt`` and ``best`` (``games/blue/prove.py``), King Albert one verdict
        (``games/king_albert/prove.py``). None, the default: no such proof (``prove`` refuses)."""
        return None

    # -- statistics and the saved-game offer ---------------------------------------------------

    def describe(self, rules) -> str:
        """A few words naming a game of this rule set (the saved-game offer says it)."""
        return self.name

    def stats_rows(self) -> tuple[tuple[str, str], ...]:
        """(rule set name, label) of each statistics row the title shows for this game."""
        return tuple((name, name) for name in self.rule_sets())


class Registry:
    """The games a console offers, in menu order. The console is given one; it never imports the
    games (``games/__init__.py`` makes the registry of this package)."""

    def __init__(self, variants: Iterable[Variant], default: str):
        self.variants: tuple[Variant, ...] = tuple(variants)
        self.default = default
        self._by_id = {v.id: v for v in self.variants}
        if len(self._by_id) != len(self.variants):
            raise ValueError("two games have one id")
        if default not in self._by_id:
            raise ValueError(f"the default game {default!r} is not registered")

    def __iter__(self):
        return iter(self.variants)

    def __len__(self) -> int:
        return len(self.variants)

    def ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    def get(self, game_id: str | None) -> Variant:
        """The variant registered as ``game_id`` (None: the default game)."""
        found = self._by_id.get(game_id or self.default)
        if found is None:
            raise UnknownGame(f"unknown game {game_id!r} (known: {', '.join(self.ids())})")
        return found

    def of_rules(self, rules) -> Variant:
        """The variant a rule set belongs to."""
        return self.get(rules.game)

    def ruleset(self, name: str):
        """The rule set named ``name`` in any game (saved games and recordings name rule sets)."""
        for v in self.variants:
            found = v.rule_sets().get(name)
            if found is not None:
                return found
        shown = repr(name[:40]) + ("..." if len(name) > 40 else "")
        raise KeyError(f"unknown rule set {shown} ({self.rule_set_hint()})")

    def rule_set_hint(self) -> str:
        """A short reminder of the rule sets' names for error messages (all of them would be long)."""
        examples = ", ".join(next(iter(v.rule_sets())) for v in self.variants)
        return f"each game names its own, such as {examples}; `baker8bit stats` lists them all"

    def owner(self, text: str, asked: Variant) -> Variant | None:
        """Another game whose boards have ``text``'s shape, when ``asked``'s have not."""
        if asked.board_shape(text) is not None:
            return None
        for other in self.variants:
            if other is not asked and other.board_shape(text) is not None:
                return other
        return None

    def read_board(self, variant: Variant, text: str, options: Mapping[str, Any] | None = None):
        """``variant.read_board``, whose error names the game a board of another game is of."""
        try:
            return variant.read_board(text, options)
        except ValueError:
            other = self.owner(text, variant)
            if other is None:
                raise
            shape = variant.shape_of(variant.rules(options))
            raise VariantError(f"this is a board of {other.id} ({other.board_shape(text)}), "
                               f"not of {variant.id}" + (f" ({shape})" if shape else "") +
                               f": give --game {other.id}") from None
