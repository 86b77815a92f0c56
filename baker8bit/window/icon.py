"""Our window icon, drawn in the Atari's way: a playing card on the GRAPHICS 1 grid, the spade of
the 1989 program's title in black, in palette colours 0..15 (the Atari's greys, hue 0).

``1`` is transparent (the colour key); ``0`` black, ``8`` grey, ``f`` white.
"""

from __future__ import annotations

import pyxel

ICON = (
    "1111111111111111",
    "1000000000000001",
    "10ffffffffffff01",
    "10f0ffffffffff01",
    "10ffffff0fffff01",
    "10fffff000ffff01",
    "10ffff00000fff01",
    "10fff0000000ff01",
    "10ff000000000f01",
    "10ff000000000f01",
    "10fff00f0f00ff01",
    "10fffff000ffff01",
    "10ffff00000fff01",
    "10ffffffffff0f01",
    "1088888888888801",
    "1111111111111111",
)
SCALE = 4
TRANSPARENT = 1


def install() -> None:
    """Set the window's icon (after ``pyxel.init`` and the palette)."""
    pyxel.icon(list(ICON), SCALE, TRANSPARENT)
