"""The mouse, read from Pyxel: the clicks of this frame, as (button, x, y) in screen pixels.

What a click means is the console's business (``console/pointer.py``)."""

from __future__ import annotations

import pyxel

BUTTONS = ((pyxel.MOUSE_BUTTON_LEFT, "left"), (pyxel.MOUSE_BUTTON_RIGHT, "right"))


def clicks() -> list[tuple[str, int, int]]:
    return [(name, pyxel.mouse_x, pyxel.mouse_y) for button, name in BUTTONS if pyxel.btnp(button)]
