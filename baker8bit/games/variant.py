"""The variant interface: what a game gives the console, and all the console asks of it.

A game lives in one folder under ``baker8bit/games/`` and registers one
``Variant`` under its id (``games/__init__.py``). Everything shared (the menu,
the machine's clock and events, screen, sound, recordings, saved games,
statistics, HELP, demo, GIF, the command line) reaches the game only through
these methods, so nothing outside a game's folder asks how many suits or
columns there are to learn which game it is.

Games of the FreeCell family (the 1989 Baker, Baker's Game, Eight Off, ...)
are data on one engine: ``freecell.variant.FreecellVariant`` implements this
interface from a ``game.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"
OUTCOMES = (SOLVED, UNSOLVABLE, UNKNOWN)


@dataclass(frozen=True)
class Option:
    """A game option, such as the 1989 game's suit count (``--suits`` on the command line)."""

    name: str
    values: tuple
    default: Any
    help: str


@dataclass(frozen=True)
class SolveResult:
    """What every game's search (``Variant.solve``) answers, the same for every game, so the
    commands (``solve``, ``solve --json``, ``survey``) need no branch per game.

    ``outcome``: ``"solved"``, ``"unsolvable"`` (the search examined everything: a proof) or
    ``"unknown"`` (a limit stopped it). ``keys``: when solved, the key groups a player types to
    win, as ``baker8bit keys --game ID`` reads them (``"EI"``, ``"FT"``; sequence ``"H3"``; Blue
    ``"P"`` then ``"B5C7"``), leaving out the moves a game makes by itself (King Albert's
    automatic moves). ``moves``: the moves of the winning line, those the game makes itself
    included. ``positions``: positions the search examined. ``search``: which search ran,
    ``"compiled"`` or ``"pure"`` (``core/compiled.py``). ``automatic``: the moves the game makes
    by itself on the way (King Albert with automatic moves on), each as ``(after, move)``: the
    game makes ``move`` once the player has typed the first ``after`` key groups of ``keys``."""

    outcome: str
    keys: tuple[str, ...] = ()
    moves: int = 0
    positions: int = 0
    seconds: float = 0.0
    search: str = "pure"
    automatic: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {self.outcome!r}")
        object.__setattr__(self, "keys", tuple(self.keys))
        object.__setattr__(self, "automatic", tuple((int(a), str(m)) for a, m in self.automatic))

    def json(self) -> dict:
        """The object ``solve --json`` prints (``solution``: the keys; ``states``: the positions;
        ``automatic``: the moves the game makes itself, not typed, each ``{"after": n, "move": m}``)."""
        return {"outcome": self.outcome, "solution": list(self.keys), "moves": self.moves,
                "states": self.positions, "seconds": round(self.seconds, 6), "search": self.search,
                "automatic": [{"after": a, "move": m} for a, m in self.automatic]}


class VariantError(ValueError):
    """Options, boards or files that do not fit the game; the message names the game."""


def flag(name: str) -> str:
    """The command-line flag of an option: ``starting_rank`` is ``--starting-rank``."""
    return name.replace("_", "-")


class Variant:
    id: str = ""  # "baker", "bakers-game", ...: the registered id (``--game ID``)
    name: str = ""  # the name on the menu and the title
    credit: str = ""  # one line under the name on the menu
    options: tuple[Option, ...] = ()
    # The options a game had before its options existed, for a recording that names none for it
    # (its ``prefer=`` does not list the game): sequence's HELP player before ``hint``. None: the
    # defaults, as for a game whose defaults never changed. A recording made since always lists it.
    options_before: dict[str, Any] | None = None
    saves = True  # the session keeps the game in progress (sessions/savegame.py) to offer it at the next start

    # -- options ---------------------------------------------------------------------

    def check_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Every option with its value: defaults filled in, unknown or bad ones refused."""
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if value is None:
                continue
            if name not in known:
                have = ", ".join("--" + flag(o.name) for o in self.options) or "none"
                raise VariantError(f"the game {self.id} has no option --{flag(name)} (its options: {have})")
            if value not in known[name].values:
                raise VariantError(f"{self.id}: --{flag(name)} must be one of {', '.join(map(str, known[name].values))}")
        return {o.name: given.get(o.name) if given.get(o.name) is not None else o.default for o in self.options}

    # -- what a game must give ---------------------------------------------------------

    def rules(self, options: dict[str, Any] | None = None):
        """The rule set for these options (checked with ``check_options``)."""
        raise NotImplementedError

    def rule_sets(self) -> dict:
        """Every rule set of the game by name (saved games and recordings name them)."""
        raise NotImplementedError

    def title(self):
        """A new title dialogue: its ``press(key)`` returns None, ``("start", rules, deal)`` or ``("menu",)``."""
        raise NotImplementedError

    def new_game(self, rules, deal: int | None, position=None):
        """A game dealt (deal number), or set up from a position."""
        raise NotImplementedError

    def dialogue(self, game, timing, emit, clock):
        """The in-game key dialogue for a game of this variant."""
        raise NotImplementedError

    def draw_title(self, scr, view, notes: tuple[str, ...]) -> None:
        raise NotImplementedError

    def draw_game(self, scr, view, game, frame: int, look) -> None:
        raise NotImplementedError

    def read_board(self, text: str, options: dict[str, Any] | None = None):
        """``(position, rules)`` from board text; the error names the game when the board is another's."""
        raise NotImplementedError

    def write_board(self, position, rules) -> str:
        raise NotImplementedError

    def show(self, rules, position, deal: int | None) -> str:
        """What ``baker8bit show`` prints for a deal or a board (the board text, unless the game says else)."""
        return self.write_board(position, rules)

    def solve(self, position, rules, max_states=None, max_seconds=None) -> SolveResult:
        """A ``SolveResult`` (solved with the keys that win, unsolvable as a proof, or unknown)
        within ``max_states`` positions and ``max_seconds`` seconds (None: no such limit)."""
        raise NotImplementedError

    def proof_space(self, position, rules) -> tuple | None:
        """The questions ``baker8bit prove`` asks of ``position`` by an exhaustive search on disk
        (``research/layered.py``): a tuple of ``research.layered.ProofTask`` (a verdict's name,
        the game's state space, and the earlier verdict whose win answers it too), searched in
        order. None (the default): the game has no state space for it, and ``prove`` refuses.
        Blue gives ``dealt`` and ``best`` (``games/blue/prove.py``), King Albert one
        (``games/king_albert/prove.py``)."""
        return None

    def planner(self, rules, deal: int, strategy: str | None = None):
        """A demonstration planner (``console/demo.py``); ``strategy`` only where the game has strategies."""
        raise NotImplementedError

    # -- how a recording starts from a board (sessions/recording.py, "start board") -------

    def record_board_text(self, position, rules) -> str:
        """The board text a recording keeps (fc-solve's format for the FreeCell family)."""
        from baker8bit.freecell import boardtext

        return boardtext.write(position, rules)

    def record_board_read(self, text: str, rules):
        """``(position, rules)`` back from ``record_board_text``."""
        from baker8bit.freecell import boardtext

        return boardtext.read(text, rules)

    def same_position(self, a, b) -> bool:
        return a == b

    survey = None  # a game with its own survey: survey(options, deals, out, err, workers, max_positions, max_seconds)

    def describe(self, rules) -> str:
        """A few words naming a game of this rule set (the saved-game offer says it)."""
        return self.name

    def stats_rows(self) -> tuple[tuple[str, str], ...]:
        """(rule set name, label) of each statistics row the title shows for this game."""
        return tuple((name, name) for name in self.rule_sets())
