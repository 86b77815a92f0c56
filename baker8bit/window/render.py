"""Turn a virtual GRAPHICS 1 or GRAPHICS 0 screen into pixels on a ``pyxel.Image``.

Works on any image: the window's ``pyxel.screen`` or an offscreen
``pyxel.Image`` for tests and captures. Pixel values are palette indices
(``palette.index_of`` of the Atari colour byte); the Pyxel palette is set to
the Atari palette by ``install_palette``. Glyphs come from our BDF font,
drawn double width in GRAPHICS 1 (ANTIC mode 6), single width in GRAPHICS 0
(mode 2). The border beside each row is that row's COLBK (``Screen.border_of``):
a DLI that changes the background of a GRAPHICS 1 row changes the border too, edge
to edge; above the field the border is the shadow COLBK, below it the last row's.
For speed, each glyph is drawn once per colour into an atlas image and then
copied with ``blt``.
"""

from __future__ import annotations

import pyxel

from baker8bit.atari import font
from baker8bit.atari import palette as pal
from baker8bit.atari.screen import Screen

TRANSPARENT = 255  # atlas background; not a palette index (the palette has 128 colours)
_PER_ROW = 16


def install_palette(name: str = "ntsc") -> None:
    """Make Pyxel's colour list the Atari palette (needs ``pyxel.init``)."""
    pyxel.colors[:] = pal.load(name)


class Renderer:
    def __init__(self) -> None:
        self.glyphs = font.load()
        self.chars = sorted(self.glyphs)
        self.slot = {ch: i for i, ch in enumerate(self.chars)}
        self.atlas: dict[int, pyxel.Image] = {}

    def _atlas(self, index: int, px: int = 2) -> pyxel.Image:
        img = self.atlas.get((index, px))
        if img is None:
            rows = (len(self.chars) + _PER_ROW - 1) // _PER_ROW
            img = pyxel.Image(8 * px * _PER_ROW, 8 * rows)
            img.cls(TRANSPARENT)
            for ch, i in self.slot.items():
                ox, oy = 8 * px * (i % _PER_ROW), 8 * (i // _PER_ROW)
                for y, bits in enumerate(self.glyphs[ch]):
                    for x in range(8):
                        if bits & (0x80 >> x):
                            img.rect(ox + px * x, oy + y, px, 1, index)
            self.atlas[(index, px)] = img
        return img

    def draw(self, scr: Screen, target: pyxel.Image) -> None:
        g = scr.geometry
        target.cls(pal.index_of(scr.border))
        last = len(scr.rows) - 1
        target.rect(0, g.border_y + len(scr.rows) * g.cell_h, g.width, g.border_y, pal.index_of(scr.border_of(last)))
        for r, row in enumerate(scr.rows):
            y = g.border_y + r * g.cell_h
            target.rect(0, y, g.width, g.cell_h, pal.index_of(scr.border_of(r)))
            target.rect(g.border_x, y, g.cols * g.cell_w, g.cell_h, pal.index_of(row.background))
            for c, cell in enumerate(row.cells):
                if cell is None:
                    continue
                ch, reg = cell
                i = self.slot.get(ch.upper(), self.slot["?"])
                atlas = self._atlas(pal.index_of(row.registers[reg]), g.pixel_w)
                target.blt(
                    g.border_x + c * g.cell_w, y, atlas,
                    g.cell_w * (i % _PER_ROW), 8 * (i // _PER_ROW), g.cell_w, g.cell_h, TRANSPARENT,
                )
