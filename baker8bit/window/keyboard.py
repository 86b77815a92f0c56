"""The PC keyboard as the Atari's: which Pyxel keys press which key-machine keys.

Letters work with or without Shift or Caps Lock (Pyxel reports the key, not
the character); in a game that gives Shift a key (King Albert's cheat, ``X``) a letter typed
with Shift held is that key and the letter. F1 is HELP, the Atari XL/XE key. Keys are taken on the
frame they go down only (no key repeat for commands). While Alt, Ctrl or the
GUI key is held, nothing goes to the game, so Pyxel's own shortcuts
(Alt+Enter fullscreen, Alt+1 screenshot, Alt+2/Alt+3 screen recording, Alt+0
performance monitor, Alt+9 screen mode) do not also type into it.
"""

from __future__ import annotations

import pyxel

LETTERS = {getattr(pyxel, f"KEY_{c}"): c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
DIGITS = {getattr(pyxel, f"KEY_{d}"): d for d in "0123456789"}
DIGITS.update({getattr(pyxel, f"KEY_KP_{d}"): d for d in "0123456789"})
SPECIAL = {
    pyxel.KEY_SPACE: "SPACE",
    pyxel.KEY_ESCAPE: "ESC",
    pyxel.KEY_RETURN: "RETURN",
    pyxel.KEY_KP_ENTER: "RETURN",
    pyxel.KEY_F1: "HELP",
    pyxel.KEY_HELP: "HELP",
}
KEYMAP: dict[int, str] = {**LETTERS, **DIGITS, **SPECIAL}
ARROWS = {pyxel.KEY_UP: "UP", pyxel.KEY_DOWN: "DOWN", pyxel.KEY_LEFT: "LEFT", pyxel.KEY_RIGHT: "RIGHT"}
PAD_BUTTONS = {pyxel.KEY_PERIOD: "PAD_A", pyxel.KEY_BACKSPACE: "PAD_B", pyxel.KEY_COMMA: "PAD_Y"}
HOLD, REPEAT = 18, 6  # frames: an arrow held repeats after 0.3 s, 10 times a second
NAMES = frozenset({**KEYMAP, **ARROWS, **PAD_BUTTONS}.values())  # the keys the keyboard can press
MODIFIERS = (pyxel.KEY_ALT, pyxel.KEY_CTRL, pyxel.KEY_GUI)


def pressed() -> list[str]:
    """Key-machine keys that went down this frame, in a fixed order."""
    if any(pyxel.btn(m) for m in MODIFIERS):
        return []
    out = [name for key, name in KEYMAP.items() if pyxel.btnp(key)]
    out += [name for key, name in ARROWS.items() if pyxel.btnp(key, hold=HOLD, repeat=REPEAT)]
    return out + [name for key, name in PAD_BUTTONS.items() if pyxel.btnp(key)]


SHIFTS = (pyxel.KEY_SHIFT,)


def shift_held() -> bool:
    return any(pyxel.btn(k) for k in SHIFTS)


def with_shift(keys: list[str], shift_key: str | None) -> list[str]:
    """With Shift held, each letter is preceded by the game's shift key (King Albert: ``X``, the
    cheat), so a recording holds it as a key of its own; without one, the keys as they are."""
    if not shift_key or not shift_held():
        return keys
    out: list[str] = []
    for k in keys:
        if len(k) == 1 and k.isalpha() and k != shift_key:
            out.append(shift_key)
        out.append(k)
    return out


def pyxel_key(name: str) -> int:
    """The Pyxel key for a key-machine key (tests use it with ``pyxel.set_btn``)."""
    for key, n in {**KEYMAP, **ARROWS, **PAD_BUTTONS}.items():
        if n == name:
            return key
    raise KeyError(name)
