"""What the window adds above the key machine, never recorded: the key list behind ``?``, the quit
question (Ctrl+Q, then Y or N), the record key (Ctrl+R: ``REC`` on screen while the session is
written to the recordings folder), ``DEMO`` while the attract-mode demonstration plays, and a hint
of ``?`` on the menu and the titles.

While the key list or the question is up, the machine does not run (no key reaches it and its
clock stands), so a recording and the statistics never see them.
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from baker8bit.atari.screen import Screen
from baker8bit.window import keyboard

KEY_LIST = (
    "        KEYS",
    "",
    "A-Z    A PILE, THEN",
    "       WHERE IT GOES",
    "T      TERMINAL PILE",
    "T A B  GROUP MOVE",
    "SPACE  TAKE BACK",
    "P      MARK",
    "RETURN REDO, START",
    "F1     HELP: A MOVE",
    "ESC    NEW GAME",
    "0-9    GAME NUMBER",
    "CLICK  A PILE",
    "",
    "CTRL R RECORD",
    "CTRL Q QUIT",
    "?      THESE KEYS",
    "",
    "ANY KEY: BACK",
)
QUIT_QUESTION = ("QUIT BAKER8BIT?", "", "Y: YES   N: NO", "", "YOUR GAME IS SAVED")
HINT = "?:KEYS"
REC = "REC"


class Overlay:
    def __init__(self, quit: Callable[[], None] | None = None):
        self.showing: tuple[str, ...] | None = None  # KEY_LIST or QUIT_QUESTION
        self.quit = quit or pyxel.quit
        self.record: Callable[[], None] | None = None  # the record key's action (a session to record)

    # -- keys --------------------------------------------------------------------------

    def take(self, slash: bool, ctrl_q: bool, yes: bool, no: bool, any_key: bool, ctrl_r: bool = False) -> bool:
        """One frame's window keys; True when they were the overlay's (the machine waits)."""
        if ctrl_r and self.showing is None and self.record is not None:
            self.record()
            return True
        if self.showing is QUIT_QUESTION:
            if yes:
                self.showing = None
                self.quit()
            elif no:
                self.showing = None
            return True
        if self.showing is KEY_LIST:
            if any_key or slash:
                self.showing = None
            return True
        if ctrl_q:
            self.showing = QUIT_QUESTION
            return True
        if slash:
            self.showing = KEY_LIST
            return True
        return False

    def update(self) -> bool:
        """Read the keyboard (live play only)."""
        ctrl = pyxel.btn(pyxel.KEY_CTRL) or pyxel.btn(pyxel.KEY_GUI)
        keys = keyboard.pressed()
        return self.take(
            slash=pyxel.btnp(pyxel.KEY_SLASH) and not ctrl,
            ctrl_q=ctrl and pyxel.btnp(pyxel.KEY_Q),
            ctrl_r=ctrl and pyxel.btnp(pyxel.KEY_R),
            yes="Y" in keys,
            no="N" in keys or "ESC" in keys,
            any_key=bool(keys),
        )

    # -- the screen --------------------------------------------------------------------

    def draw(self, scr: Screen, phase: str, demo: bool, recording: bool = False) -> None:
        if self.showing is not None:
            lines = self.showing
            top = max(0, (scr.geometry.rows - len(lines)) // 2)
            for r in range(scr.geometry.rows):
                scr.rows[r].cells = [None] * scr.geometry.cols
            scr.hits.clear()  # a click lands on nothing here
            for i, line in enumerate(lines):
                scr.put(top + i, 0, line[: scr.geometry.cols], 0)
            return
        if recording:  # the on-screen mark: the middle of the bottom row, or the first free row
            if not _put_if_free(scr, scr.geometry.rows - 1, (scr.geometry.cols - len(REC)) // 2, REC):
                for row in range(scr.geometry.rows):
                    if _put_if_free(scr, row, scr.geometry.cols - len(REC), REC):
                        break
        if demo:
            _put_if_free(scr, scr.geometry.rows - 1, (scr.geometry.cols - 4) // 2, "DEMO")
        elif phase in ("menu", "prompt"):
            _put_if_free(scr, 0, scr.geometry.cols - len(HINT), HINT)


def _put_if_free(scr: Screen, row: int, col: int, text: str) -> bool:
    cells = scr.rows[row].cells
    if all(cells[c] is None for c in range(col, col + len(text))):
        scr.put(row, col, text, 0)
        return True
    return False
