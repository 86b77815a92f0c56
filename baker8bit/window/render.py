"""Turn a virtual GRAPHICS 1 or GRAPHICS 0 screen into pixels on a ``pyxel.Image``.

Works on any image: the window's ``pyxel.screen`` or an offscreen
``pyxel.Image`` for tests and captures. Pixel values are palette indices
(``palette.index_of`` of the Atari colour byte); the Pyxel palette is set to
the Atari palette by ``install_palette``. Glyphs come from our BDF font,
drawn double width in GRAPHICS 1 (ANTIC mode 6), single width in GRAPHICS 0
(mode 2). The border beside each row is that row's COLBK (``Screen.border_of``):
a DLI that changes the background of a GRAPHICS 1 row changes the border too, edge
to edge; above the field the border is the shadow COLBK, below it the last row's.
A GRAPHICS 0 character in inverse video is a block of the text colour with
the glyph in the field's colour. For speed, each glyph is drawn once per colour
into an atlas image and then copied with ``blt``, and a screen drawn again on the
same image draws only the rows that changed.
"""

from __future__ import annotations

import pyxel

from baker8bit.atari import font
from baker8bit.atari import palette as pal
from baker8bit.atari.screen import Screen

TRANSPARENT = 255  # atlas background; not a palette index (the palette has 128 colours)
_PER_ROW = 16
_BASE = 1  # the colour the glyphs are drawn in once, mapped to each colour asked for
_TARGETS = 4  # the images whose last drawn screen a renderer remembers (the window's, captures')


def install_palette(name: str = "ntsc") -> None:
    """Make Pyxel's colour list the Atari palette (needs ``pyxel.init``)."""
    pyxel.colors[:] = pal.load(name)


class Renderer:
    def __init__(self) -> None:
        self.glyphs = font.load()
        self.chars = sorted(self.glyphs)
        self.slot = {ch: i for i, ch in enumerate(self.chars)}
        self.atlas: dict[tuple[int, int], pyxel.Image] = {}
        self.bases: dict[int, pyxel.Image] = {}  # per glyph width: the glyphs in colour _BASE
        # per target image (by id, the image kept so the id stays its): what was drawn on it
        self._drawn: dict[int, tuple[pyxel.Image, tuple, list[tuple]]] = {}

    def _atlas(self, index: int, px: int = 2) -> pyxel.Image:
        """Every glyph in colour ``index``, ``px`` pixels a glyph pixel wide: the glyphs drawn once
        per width in colour ``_BASE``, then copied in one ``blt`` with that colour mapped to
        ``index`` (a colour first seen mid-game costs one copy, not a frame of drawing)."""
        img = self.atlas.get((index, px))
        if img is None:
            base = self._base(px)
            img = pyxel.Image(base.width, base.height)
            img.cls(TRANSPARENT)
            img.pal(_BASE, index)
            img.blt(0, 0, base, 0, 0, base.width, base.height, TRANSPARENT)
            img.pal()
            self.atlas[(index, px)] = img
        return img

    def _base(self, px: int) -> pyxel.Image:
        img = self.bases.get(px)
        if img is None:
            rows = (len(self.chars) + _PER_ROW - 1) // _PER_ROW
            img = pyxel.Image(8 * px * _PER_ROW, 8 * rows)
            img.cls(TRANSPARENT)
            for ch, i in self.slot.items():
                ox, oy = 8 * px * (i % _PER_ROW), 8 * (i // _PER_ROW)
                for y, bits in enumerate(self.glyphs[ch]):
                    for x in range(8):
                        if bits & (0x80 >> x):
                            img.rect(ox + px * x, oy + y, px, 1, _BASE)
            self.bases[px] = img
        return img

    def draw(self, scr: Screen, target: pyxel.Image) -> bool:
        """Draw ``scr`` on ``target``; whether any pixel may have changed. Only the rows that
        differ from what this renderer last drew on the same target are drawn again (the frame's
        work is then what changed: most frames change nothing, a blink one row); anything else
        drawn on the target in between must come through ``forget``."""
        g = scr.geometry
        last = len(scr.rows) - 1
        whole = (g, scr.border, scr.border_of(last))  # the field's edges: the border above and below it
        rows = [(scr.border_of(r), row.background, tuple(row.registers), tuple(row.cells))
                for r, row in enumerate(scr.rows)]
        before = self._drawn.get(id(target))
        if before is None or before[0] is not target or before[1] != whole or len(before[2]) != len(rows):
            target.cls(pal.index_of(scr.border))
            target.rect(0, g.border_y + len(scr.rows) * g.cell_h, g.width, g.border_y, pal.index_of(whole[2]))
            changed = range(len(rows))
        else:
            changed = [r for r, sig in enumerate(rows) if sig != before[2][r]]
        for r in changed:
            self._row(scr, r, target)
        self._drawn.pop(id(target), None)
        self._drawn[id(target)] = (target, whole, rows)
        while len(self._drawn) > _TARGETS:
            del self._drawn[next(iter(self._drawn))]
        return bool(changed)

    def forget(self, target: pyxel.Image) -> None:
        """The next ``draw`` on ``target`` draws it whole (something else drew on it)."""
        self._drawn.pop(id(target), None)

    def _row(self, scr: Screen, r: int, target: pyxel.Image) -> None:
        g = scr.geometry
        row = scr.rows[r]
        y = g.border_y + r * g.cell_h
        target.rect(0, y, g.width, g.cell_h, pal.index_of(scr.border_of(r)))
        target.rect(g.border_x, y, g.cols * g.cell_w, g.cell_h, pal.index_of(row.background))
        for c, cell in enumerate(row.cells):
            if cell is None:
                continue
            ch, reg = cell[0], cell[1]
            i = self.slot.get(ch.upper(), self.slot["?"])
            colour = row.registers[reg]
            if len(cell) > 2:  # inverse video: the cell in the text colour, the glyph in the field's
                target.rect(g.border_x + c * g.cell_w, y, g.cell_w, g.cell_h, pal.index_of(colour))
                colour = row.background
            atlas = self._atlas(pal.index_of(colour), g.pixel_w)
            target.blt(
                g.border_x + c * g.cell_w, y, atlas,
                g.cell_w * (i % _PER_ROW), 8 * (i // _PER_ROW), g.cell_w, g.cell_h, TRANSPARENT,
            )
