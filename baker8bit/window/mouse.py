"""The mouse, read from Pyxel: the clicks of this frame, as (button, x, y) in screen pixels.

A left button's release is reported too, as ("release", x, y): a drag (press on
one place, release on another) is two clicks (``console/pointer.py``).
What a click means is the console's business (``console/pointer.py``)."""

from __future__ import annotations

import pyxel

BUTTONS = ((pyxel.MOUSE_BUTTON_LEFT, "left"), (pyxel.MOUSE_BUTTON_RIGHT, "right"))


def clicks() -> list[tuple[str, int, int]]:
    out = [(name, pyxel.mouse_x, pyxel.mouse_y) for button, name in BUTTONS if pyxel.btnp(button)]
    if pyxel.btnr(pyxel.MOUSE_BUTTON_LEFT):
        out.append(("release", pyxel.mouse_x, pyxel.mouse_y))
    return out
