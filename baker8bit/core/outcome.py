"""What every search answers: one outcome type and one result type, for every game.

A search decides a position (or a layout, or a deal): ``SOLVED`` with a winning line,
``UNSOLVABLE`` when it examined every position it could reach (a proof), or ``UNKNOWN`` when a
limit stopped it first. ``SearchResult`` carries that answer from every search to every place
that reads one: ``solve`` and ``solve --json``, the survey and study CSVs, HELP's levels, the
demonstration and the fc-solve cross-check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Outcome(StrEnum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


SOLVED, UNSOLVABLE, UNKNOWN = Outcome.SOLVED, Outcome.UNSOLVABLE, Outcome.UNKNOWN
OUTCOMES = tuple(Outcome)


@dataclass(frozen=True)
class SearchResult:
    """A search's answer.

    ``outcome``: solved, unsolvable (a proof) or unknown. ``moves``: the winning line in the
    search's own notation (key pairs in the FreeCell family, ``Move`` objects in Blue and
    sequence), empty unless solved. ``positions``: positions the search examined (moves played,
    for the nested search). ``seconds``: the time it took. ``search``: which search decided,
    ``"compiled"`` or ``"pure"`` (``core/compiled.py``), or a longer name where a game has
    several (``"nested-2 compiled"``). ``keys``: the key groups a player types to win, as
    ``baker8bit keys`` reads them (``"EI"``, ``"FT"``; sequence ``"H3"``; Blue ``"P"`` then
    ``"B5C7"``), leaving out the moves a game makes by itself. ``automatic``: those moves, each as
    ``(after, move)``: the game makes ``move`` once the player has typed ``after`` key groups.
    ``answer``: what HELP shows of it (a game's own: a move, an ace ordering, ...). ``detail``:
    anything else a search reports (Blue's ace ordering, the run that decided, King Albert's
    most empty columns), a read-only mapping. ``final``: the search has ended for good, decided
    or not (HELP asks no further level of it).
    """

    outcome: Outcome
    moves: tuple = ()
    positions: int = 0
    seconds: float = 0.0
    search: str = "pure"
    keys: tuple[str, ...] = ()
    automatic: tuple[tuple[int, str], ...] = ()
    answer: Any = None
    detail: dict = field(default_factory=dict, compare=False)
    final: bool = False

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "outcome", Outcome(self.outcome))
        except ValueError:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {self.outcome!r}") from None
        object.__setattr__(self, "moves", tuple(self.moves))
        object.__setattr__(self, "keys", tuple(self.keys))
        object.__setattr__(self, "automatic", tuple((int(a), str(m)) for a, m in self.automatic))

    @property
    def decided(self) -> bool:
        return self.outcome != UNKNOWN

    @property
    def solved(self) -> bool:
        return self.outcome == SOLVED

    def json(self) -> dict:
        """The object ``solve --json`` prints (``solution``: the keys; ``moves``: how many moves the
        winning line has; ``states``: the positions; ``automatic``: the moves the game makes
        itself, not typed, each ``{"after": n, "move": m}``)."""
        return {"outcome": str(self.outcome), "solution": list(self.keys), "moves": len(self.moves),
                "states": self.positions, "seconds": round(self.seconds, 6), "search": self.search,
                "automatic": [{"after": a, "move": m} for a, m in self.automatic]}
