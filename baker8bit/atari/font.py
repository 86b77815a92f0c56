"""The game's own 8x8 font, read from ``fonts/baker8bit.bdf``.

The BDF is built from the text grid ``fonts/baker8bit.txt`` by
``tools/build_font.py`` and ships inside the package (``atari/assets/fonts/``)
(the glyphs are ours, drawn in the Atari style). A glyph
is 8 row bytes, top row first, most significant bit = leftmost pixel, exactly
as an Atari character set stores it. The font has capitals only; ``glyph``
draws a lower-case letter with its capital. ``pyxel.Font`` can load the same
file (through ``importlib.resources.as_file(BDF)``) for ``pyxel.text``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

BDF: Traversable = resources.files("baker8bit.atari") / "assets" / "fonts" / "baker8bit.bdf"
SIZE = 8

STAR = "\u2605"  # the parking and terminal stars
CLUB, DIAMOND, HEART, SPADE = "\u2663", "\u2666", "\u2665", "\u2660"
SUIT_SYMBOLS = (CLUB, DIAMOND, HEART, SPADE)  # cards.SUITS order
BLOCK = "\u2588"  # solid block, for cursors


class FontError(ValueError):
    pass


def parse_bdf(text: str) -> dict[str, tuple[int, ...]]:
    """Character -> 8 row bytes, from BDF text with glyphs of at most 8x8 pixels.

    Each glyph bitmap is placed in the 8x8 cell by its BBX, relative to the
    font's ascent (FONT_ASCENT, else the FONTBOUNDINGBOX top).
    """
    glyphs: dict[str, tuple[int, ...]] = {}
    ascent = None
    fbb_top = None
    lines = iter(text.splitlines())
    if next(lines, "").split()[:1] != ["STARTFONT"]:
        raise FontError("not a BDF file (no STARTFONT)")
    for line in lines:
        words = line.split()
        if not words:
            continue
        key = words[0]
        if key == "FONTBOUNDINGBOX":
            _, h, _, y = map(int, words[1:5])
            fbb_top = h + y
        elif key == "FONT_ASCENT":
            ascent = int(words[1])
        elif key == "STARTCHAR":
            code = bbx = None
            for line in lines:
                words = line.split()
                if not words:
                    continue
                if words[0] == "ENCODING":
                    code = int(words[1])
                elif words[0] == "BBX":
                    bbx = tuple(map(int, words[1:5]))
                elif words[0] == "BITMAP":
                    break
            else:
                raise FontError("glyph without BITMAP")
            if code is None or bbx is None:
                raise FontError(f"glyph {code} lacks ENCODING or BBX")
            w, h, x, y = bbx
            top = (ascent if ascent is not None else fbb_top) - (y + h)
            if w + x > SIZE or top < 0 or top + h > SIZE or x < 0:
                raise FontError(f"glyph {code} does not fit an 8x8 cell: BBX {bbx}")
            cell = [0] * SIZE
            for r in range(h):
                row = next(lines, "ENDCHAR").strip()
                if row == "ENDCHAR":
                    raise FontError(f"glyph {code}: bitmap has fewer than {h} rows")
                nbits = 4 * len(row)
                value = int(row, 16) >> (nbits - w) if nbits >= w else int(row, 16)
                cell[top + r] = (value << (SIZE - w - x)) & 0xFF
            if next(lines, "").strip() != "ENDCHAR":
                raise FontError(f"glyph {code}: no ENDCHAR after {h} rows")
            glyphs[chr(code)] = tuple(cell)
        elif key == "ENDFONT":
            return glyphs
    raise FontError("no ENDFONT")


@cache
def _load() -> dict[str, tuple[int, ...]]:
    return parse_bdf(BDF.read_text(encoding="ascii"))


def load() -> dict[str, tuple[int, ...]]:
    """Every glyph of the font: character -> 8 row bytes (MSB = leftmost pixel)."""
    return dict(_load())


def glyph(ch: str) -> tuple[int, ...]:
    """The 8 row bytes of ``ch``; lower case is drawn as upper case. KeyError if absent."""
    glyphs = _load()
    if ch in glyphs:
        return glyphs[ch]
    upper = ch.upper()
    if len(upper) == 1 and upper in glyphs:
        return glyphs[upper]
    raise KeyError(f"no glyph for {ch!r}")


def pixels(ch: str) -> list[str]:
    """The glyph as 8 strings of ``#`` and ``.`` (for tests and debugging)."""
    return [format(row, "08b").replace("1", "#").replace("0", ".") for row in glyph(ch)]
