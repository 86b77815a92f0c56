"""A virtual Atari text screen: GRAPHICS 1 (20 x 24 cells, the games) or GRAPHICS 0 (40 x 24, titles).

Every character row has its own background and four colour registers (the
display-list-interrupt trick lets a program change them between rows); each
cell holds a glyph and the number (0-3) of the register it is drawn in, as the
top two bits of a GRAPHICS 1 character code choose PF0..PF3 (docs/ATARI.md,
the text modes). Colours are Atari colour bytes. Nothing here knows of Pyxel; the
renderer (``render.py``) turns a screen into pixels.

The border is COLBK. In GRAPHICS 1 a row's background *is* COLBK, so a DLI
that changes a row's background changes the border beside that row too
(``border_of``); in GRAPHICS 0 the field's background is COLPF2 and the border
stays COLBK. A GRAPHICS 0 screen has one text colour: the hue of COLPF2 with
the luminance of COLPF1 (docs/ATARI.md); its rows hold that colour in
every register, and a character may be in inverse video (bit 7 of its code:
the field's colour on a block of the text colour), which GRAPHICS 1, whose
top two bits choose the register, does not have.

``dlis`` lists the register changes between rows, each one a display-list
interrupt; ``MAX_DLIS`` and ``MAX_DLI_WRITES`` are the budget every screen keeps.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources


@cache
def layout_data() -> dict:
    return tomllib.loads(resources.files("baker8bit").joinpath("data/layout.toml").read_text("utf-8"))


GR1, GR0 = 6, 2  # ANTIC modes: GRAPHICS 1 (double-width 16 x 8 cells), GRAPHICS 0 (8 x 8)
# The DLI budget of one frame (docs/FAITHFULNESS.md, "The screen"): a DLI is a bit on one
# row's display-list instruction, so at most one per row boundary; each may rewrite the five
# colour registers (COLBK, COLPF0-3), five stores that fit the blank last scanline of the row
# above (our glyphs leave row 7 blank). We allow ourselves at most 6 a frame.
MAX_DLIS = 6
MAX_DLI_WRITES = 5


@dataclass(frozen=True)
class Geometry:
    mode: int  # ANTIC mode: 6 (GRAPHICS 1) or 2 (GRAPHICS 0)
    cols: int
    rows: int
    cell_w: int
    cell_h: int
    border_x: int
    border_y: int
    left_margin: int = 0  # GRAPHICS 0: LMARGN, where a plain PRINT starts

    @property
    def pixel_w(self) -> int:  # hi-res pixels per glyph bit: 2 in GRAPHICS 1, 1 in GRAPHICS 0
        return self.cell_w // 8

    @property
    def width(self) -> int:  # the whole picture, border included
        return self.cols * self.cell_w + 2 * self.border_x

    @property
    def height(self) -> int:
        return self.rows * self.cell_h + 2 * self.border_y


def geometry(mode: int = GR1) -> Geometry:
    """The GRAPHICS 1 game screen, or (``GR0``) the GRAPHICS 0 text screen of titles and the menu."""
    return Geometry(**layout_data()["screen" if mode == GR1 else "text_screen"])


@dataclass
class Row:
    background: int
    registers: list[int]  # PF0..PF3, Atari colour bytes
    # each cell: (glyph, register), or (glyph, register, True) in inverse video (GRAPHICS 0 only)
    cells: list[tuple | None]


@dataclass
class Screen:
    geometry: Geometry = field(default_factory=geometry)
    border: int = 0
    rows: list[Row] = field(default_factory=list)
    # the click blocks given by ``hit``, in order, not yet written into ``hits`` (most frames
    # never read them: a block is spread over its cells only when a click or the pad asks)
    _blocks: list[tuple[int, int, int, int, str]] = field(default_factory=list, repr=False, compare=False)
    _hits: dict[tuple[int, int], str] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.rows:
            self.rows = [Row(0, [0, 0, 0, 0], [None] * self.geometry.cols) for _ in range(self.geometry.rows)]

    @classmethod
    def text(cls, border: int = 0) -> Screen:
        """A GRAPHICS 0 text screen (40 x 24)."""
        return cls(geometry=geometry(GR0), border=border)

    def border_of(self, row: int) -> int:
        """The border's colour beside this row: COLBK, which in GRAPHICS 1 is the row's background."""
        return self.rows[row].background if self.geometry.mode == GR1 else self.border

    def dlis(self) -> list[tuple[int, int]]:
        """(row, registers written) for each row whose colours differ from the row above:
        one display-list interrupt each (row 0 takes the shadow registers at vertical blank)."""
        out = []
        for r in range(1, len(self.rows)):
            a, b = self.rows[r - 1], self.rows[r]
            writes = (a.background != b.background) + sum(x != y for x, y in zip(a.registers, b.registers, strict=True))
            if writes:
                out.append((r, writes))
        return out

    def band(self, first: int, last: int, background: int, registers: list[int]) -> None:
        """Set the background and registers of rows first..last (a DLI at each band's top)."""
        for r in range(first, last + 1):
            self.rows[r].background = background
            self.rows[r].registers = list(registers)

    def put(self, row: int, col: int, text: str, register: int, inverse: bool = False) -> None:
        """Write text from (row, col); characters past the right edge are dropped. ``inverse``:
        in inverse video (GRAPHICS 0 only; a space is then a block of the text colour)."""
        if inverse and self.geometry.mode != GR0:
            raise ValueError("GRAPHICS 1 has no inverse video: its characters' top bits choose the colour")
        cells = self.rows[row].cells
        for i, ch in enumerate(text):
            if 0 <= col + i < len(cells):
                if inverse:
                    cells[col + i] = (ch, register, True)
                else:
                    cells[col + i] = None if ch == " " else (ch, register)

    def hit(self, row: int, col: int, key: str, rows: int = 1, cols: int = 1) -> None:
        """Clicking any cell of this block stands for pressing ``key`` (a later block over the
        same cell wins)."""
        self._blocks.append((row, col, rows, cols, key))

    @property
    def hits(self) -> dict[tuple[int, int], str]:
        """What a click on a cell means: (row, col) -> the key it stands for (the layout fills
        it with ``hit``; the dict itself may be changed)."""
        for row, col, rows, cols, key in self._blocks:
            for r in range(row, min(row + rows, self.geometry.rows)):
                for c in range(col, min(col + cols, self.geometry.cols)):
                    self._hits[(r, c)] = key
        self._blocks.clear()
        return self._hits

    def key_at(self, row: int, col: int) -> str | None:
        return self.hits.get((row, col))

    def text_at(self, row: int) -> str:
        """The row as text (for tests and debugging)."""
        return "".join(" " if c is None else c[0] for c in self.rows[row].cells)

    def colour_at(self, row: int, col: int) -> int | None:
        c = self.rows[row].cells[col]
        return None if c is None else self.rows[row].registers[c[1]]
