"""What the window adds above the key machine, never recorded: the key list behind ``?``, the pad's
buttons behind SELECT (where the game gives SELECT nothing else), the quit question (Ctrl+Q, or the
pad's GUIDE button or START on the menu; then Y or A, N or B), the record key (Ctrl+R: ``REC`` on
screen while the session is written to the recordings folder), ``DEMO`` while the attract-mode
demonstration plays, and a hint of ``?`` on the menu and the titles.

While the key list or the question is up, the machine does not run (no key reaches it and its
clock stands), so a recording and the statistics never see them.
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from baker8bit.atari.screen import Screen
from baker8bit.window import gamepad, keyboard

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
    "ARROWS MOVE CURSOR",
    ".      PICK, PUT",
    ",      CARD HOME",
    "BKSP   CANCEL, BACK",
    "",
    "CTRL R RECORD",
    "CTRL Q QUIT",
    "?      THESE KEYS",
    "",
    "ANY KEY: BACK",
)
PAD_LIST = (
    "    PAD BUTTONS",
    "",
    "D-PAD  MOVE CURSOR",
    "A      PICK, PUT",
    "B      CANCEL, BACK",
    "X      HELP: A MOVE",
    "Y      CARD HOME",
    "START  NEW GAME",
    "SELECT OPTIONS, KEYS",
    "L      MARK, MODE",
    "R      REDO",
    "GUIDE  QUIT",
    "",
    "MENU   D-PAD, A",
    "TITLE  UP DOWN:DIGIT",
    "       A: DEAL",
    "",
    "KEYS   ARROWS . BKSP",
    "       F1 , ESC ? P",
    "       RETURN",
    "",
    "ANY BUTTON: BACK",
)
QUIT_QUESTION = ("QUIT BAKER8BIT?", "", "Y: YES   N: NO", "", "YOUR GAME IS SAVED")
QUIT_PAD = ("QUIT BAKER8BIT?", "", "A: YES   B: NO", "", "YOUR GAME IS SAVED")  # asked by the pad
# a second window on one data folder (sessions/session.py): the first keeps the saved game
QUIT_UNSAVED = ("QUIT BAKER8BIT?", "", "Y: YES   N: NO", "", "GAME NOT SAVED")
QUIT_PAD_UNSAVED = ("QUIT BAKER8BIT?", "", "A: YES   B: NO", "", "GAME NOT SAVED")
HINT = "?:KEYS"
REC = "REC"


class Overlay:
    def __init__(self, quit: Callable[[], None] | None = None):
        self.showing: tuple[str, ...] | None = None  # KEY_LIST, PAD_LIST or a quit question
        # the quit questions, asked by the keyboard and by the pad: the UNSAVED ones in a window that
        # keeps no saved game
        self.question, self.pad_question = QUIT_QUESTION, QUIT_PAD
        self.quit = quit or pyxel.quit
        self.record: Callable[[], None] | None = None  # the record key's action (a session to record)

    # -- keys --------------------------------------------------------------------------

    def take(self, slash: bool, ctrl_q: bool, yes: bool, no: bool, any_key: bool, ctrl_r: bool = False,
             pad_help: bool = False, pad_quit: bool = False) -> bool:
        """One frame's window keys; True when they were the overlay's (the machine waits).
        ``pad_help``: the pad's SELECT where it means nothing else; ``pad_quit``: GUIDE, or START
        on the menu."""
        if ctrl_r and self.showing is None and self.record is not None:
            self.record()
            return True
        if self.showing in (self.question, self.pad_question):
            if yes:
                self.showing = None
                self.quit()
            elif no:
                self.showing = None
            return True
        if self.showing in (KEY_LIST, PAD_LIST):
            if any_key or slash or pad_help:
                self.showing = None
            return True
        if ctrl_q or pad_quit:
            self.showing = self.pad_question if pad_quit and not ctrl_q else self.question
            return True
        if slash or pad_help:
            self.showing = KEY_LIST if slash else PAD_LIST
            return True
        return False

    def update(self, select_free: bool = True, on_menu: bool = False) -> bool:
        """Read the keyboard and the pad (live play only). ``select_free``: the game gives the
        pad's SELECT no key (it shows the pad's buttons); ``on_menu``: START asks the quit question."""
        ctrl = pyxel.btn(pyxel.KEY_CTRL) or pyxel.btn(pyxel.KEY_GUI)
        keys = keyboard.pressed()
        pad = gamepad.pressed()
        return self.take(
            slash=pyxel.btnp(pyxel.KEY_SLASH) and not ctrl,
            ctrl_q=ctrl and pyxel.btnp(pyxel.KEY_Q),
            ctrl_r=ctrl and pyxel.btnp(pyxel.KEY_R),
            yes="Y" in keys or "PAD_A" in pad,
            no="N" in keys or "ESC" in keys or "PAD_B" in pad,
            any_key=bool(keys or pad),
            pad_help=select_free and "PAD_SELECT" in pad,
            pad_quit=gamepad.guide() or (on_menu and "PAD_START" in pad),
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
