"""Rule sets, read from ``data/rulesets.toml``.

A rule set holds the numbers of one game (columns, parking spaces, suits,
take-back memory) and the key letters they get: columns are lettered from
``A`` left to right, the parking spaces take the next letters (BAKER-1989.md,
"key letters" [decided]).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

BUILDS = ("suit",)
EMPTIES = ("any",)


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    suits: int
    columns: int
    cells: int
    build: str
    empty: str
    history: int
    marks: int

    @property
    def cards(self) -> int:
        return self.suits * 13

    @property
    def letters(self) -> str:
        """All place letters: columns first, then parking spaces."""
        return "".join(chr(ord("A") + i) for i in range(self.columns + self.cells))

    def column_letter(self, i: int) -> str:
        return chr(ord("A") + i)

    def cell_letter(self, i: int) -> str:
        return chr(ord("A") + self.columns + i)

    def place(self, letter: str) -> tuple[str, int] | None:
        """``("column", i)`` or ``("cell", i)`` for a key letter, else None."""
        i = ord(letter.upper()) - ord("A") if len(letter) == 1 else -1
        if 0 <= i < self.columns:
            return ("column", i)
        if self.columns <= i < self.columns + self.cells:
            return ("cell", i - self.columns)
        return None


@dataclass(frozen=True)
class Timing:
    flash_frames: int
    flash_half: int
    group_step: int
    winner_half: int
    help_states: int
    help_max_states: int
    help_half: int


@cache
def _data() -> dict:
    text = resources.files("baker8bit").joinpath("data/rulesets.toml").read_text("utf-8")
    return tomllib.loads(text)


def ruleset(name: str) -> RuleSet:
    data = _data()
    if name == "timing" or name not in data:
        known = ", ".join(k for k in data if k != "timing")
        raise KeyError(f"unknown rule set {name!r} (known: {known})")
    rs = RuleSet(name=name, **data[name])
    if rs.build not in BUILDS or rs.empty not in EMPTIES:
        raise ValueError(f"rule set {name!r}: unsupported build/empty rule")
    return rs


def baker(suits: int) -> RuleSet:
    """The 1989 program's rules for 2, 3 or 4 suits."""
    if suits not in (2, 3, 4):
        raise ValueError(f"suits must be 2, 3 or 4, not {suits}")
    return ruleset(f"baker{suits}")


def timing() -> Timing:
    return Timing(**_data()["timing"])
