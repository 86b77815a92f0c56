"""The game controller, read from Pyxel: which buttons of the first pad press which key-machine keys.

The d-pad is ``UP`` ``DOWN`` ``LEFT`` ``RIGHT`` and the buttons ``PAD_A`` .. ``PAD_R``
(``console/pad.py`` says what each does); the left stick moves as the d-pad does. A button
is taken on the frame it goes down; a direction held repeats after ``HOLD`` frames every
``REPEAT`` frames, as a console's menus do. GUIDE (the controller's home button) is the
window's own: it asks the quit question, and never reaches the machine. The machine sees the
same keys whatever sends them, so nothing about timing or replays depends on the device.
"""

from __future__ import annotations

import pyxel

DIRECTIONS = {
    pyxel.GAMEPAD1_BUTTON_DPAD_UP: "UP",
    pyxel.GAMEPAD1_BUTTON_DPAD_DOWN: "DOWN",
    pyxel.GAMEPAD1_BUTTON_DPAD_LEFT: "LEFT",
    pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT: "RIGHT",
}
BUTTONS = {
    pyxel.GAMEPAD1_BUTTON_A: "PAD_A",
    pyxel.GAMEPAD1_BUTTON_B: "PAD_B",
    pyxel.GAMEPAD1_BUTTON_X: "PAD_X",
    pyxel.GAMEPAD1_BUTTON_Y: "PAD_Y",
    pyxel.GAMEPAD1_BUTTON_START: "PAD_START",
    pyxel.GAMEPAD1_BUTTON_BACK: "PAD_SELECT",
    pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER: "PAD_L",
    pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER: "PAD_R",
}
GUIDE = pyxel.GAMEPAD1_BUTTON_GUIDE
HOLD, REPEAT = 18, 6  # frames: a direction held repeats after 0.3 s, 10 times a second
STICK = 20000  # of 32767: the left stick past this is a direction (a dead zone for worn sticks)
STICK_AXES = ((pyxel.GAMEPAD1_AXIS_LEFTX, "LEFT", "RIGHT"), (pyxel.GAMEPAD1_AXIS_LEFTY, "UP", "DOWN"))


class Stick:
    """The left stick as a d-pad: a direction when it leaves the dead zone, repeating while held."""

    def __init__(self) -> None:
        self.held: dict[int, tuple[str, int]] = {}  # axis -> (direction, frames held)
        self.frame: int | None = None  # Pyxel's frame the stick was last read in, and what it gave
        self.last: list[str] = []

    def pressed(self) -> list[str]:
        """This frame's directions (read once a frame: the overlay and the game both ask)."""
        if self.frame == pyxel.frame_count:
            return list(self.last)
        self.frame = pyxel.frame_count
        out = []
        for axis, low, high in STICK_AXES:
            value = pyxel.btnv(axis)
            way = low if value < -STICK else high if value > STICK else None
            if way is None:
                self.held.pop(axis, None)
                continue
            was, frames = self.held.get(axis, (None, 0))
            frames = frames + 1 if was == way else 0
            self.held[axis] = (way, frames)
            if frames == 0 or (frames >= HOLD and (frames - HOLD) % REPEAT == 0):
                out.append(way)
        self.last = out
        return list(out)


_stick = Stick()


def pressed() -> list[str]:
    """Key-machine keys the pad pressed this frame, in a fixed order: directions, then buttons."""
    out = [name for button, name in DIRECTIONS.items() if pyxel.btnp(button, hold=HOLD, repeat=REPEAT)]
    out += [way for way in _stick.pressed() if way not in out]
    return out + [name for button, name in BUTTONS.items() if pyxel.btnp(button)]


def guide() -> bool:
    """The GUIDE button went down this frame (the window's quit question)."""
    return pyxel.btnp(GUIDE)


def pyxel_button(name: str) -> int:
    """The Pyxel button for a pad key (tests press it with ``pyxel.set_btn``)."""
    for button, n in {**DIRECTIONS, **BUTTONS}.items():
        if n == name:
            return button
    raise KeyError(name)
