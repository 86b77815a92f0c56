"""A virtual Atari GRAPHICS 1 screen: 20 x 24 character cells, each a glyph in one colour register.

Every character row has its own background and four colour registers (the
display-list-interrupt trick lets a program change them between rows); each
cell holds a glyph and the number (0-3) of the register it is drawn in, as the
top two bits of a GRAPHICS 1 character code choose PF0..PF3 (atari-facts.md
2.2). Colours are Atari colour bytes. Nothing here knows of Pyxel; the
renderer (``render.py``) turns a screen into pixels.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources


@cache
def layout_data() -> dict:
    return tomllib.loads(resources.files("baker8bit").joinpath("data/layout.toml").read_text("utf-8"))


@dataclass(frozen=True)
class Geometry:
    cols: int
    rows: int
    cell_w: int
    cell_h: int
    border_x: int
    border_y: int

    @property
    def width(self) -> int:  # the whole picture, border included
        return self.cols * self.cell_w + 2 * self.border_x

    @property
    def height(self) -> int:
        return self.rows * self.cell_h + 2 * self.border_y


def geometry() -> Geometry:
    return Geometry(**layout_data()["screen"])


@dataclass
class Row:
    background: int
    registers: list[int]  # PF0..PF3, Atari colour bytes
    cells: list[tuple[str, int] | None]


@dataclass
class Screen:
    geometry: Geometry = field(default_factory=geometry)
    border: int = 0
    rows: list[Row] = field(default_factory=list)
    # what a click on a cell means: (row, col) -> the key it stands for (the layout fills it)
    hits: dict[tuple[int, int], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.rows:
            self.rows = [Row(0, [0, 0, 0, 0], [None] * self.geometry.cols) for _ in range(self.geometry.rows)]

    def band(self, first: int, last: int, background: int, registers: list[int]) -> None:
        """Set the background and registers of rows first..last (a DLI at each band's top)."""
        for r in range(first, last + 1):
            self.rows[r].background = background
            self.rows[r].registers = list(registers)

    def put(self, row: int, col: int, text: str, register: int) -> None:
        """Write text from (row, col); characters past the right edge are dropped."""
        cells = self.rows[row].cells
        for i, ch in enumerate(text):
            if 0 <= col + i < len(cells):
                cells[col + i] = None if ch == " " else (ch, register)

    def hit(self, row: int, col: int, key: str, rows: int = 1, cols: int = 1) -> None:
        """Clicking any cell of this block stands for pressing ``key``."""
        for r in range(row, min(row + rows, self.geometry.rows)):
            for c in range(col, min(col + cols, self.geometry.cols)):
                self.hits[(r, c)] = key

    def key_at(self, row: int, col: int) -> str | None:
        return self.hits.get((row, col))

    def text_at(self, row: int) -> str:
        """The row as text (for tests and debugging)."""
        return "".join(" " if c is None else c[0] for c in self.rows[row].cells)

    def colour_at(self, row: int, col: int) -> int | None:
        c = self.rows[row].cells[col]
        return None if c is None else self.rows[row].registers[c[1]]
