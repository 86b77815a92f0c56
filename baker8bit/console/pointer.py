"""The mouse as the keys it stands for: a click on a card, a star, a letter or a menu line is its key.

Every screen marks which of its cells stand for which key (``Screen.hit``);
``Pointer.click`` turns a click at a pixel into those keys, so the machine
only ever sees keys: recordings, replays and statistics do not know whether
a key was typed or clicked, and the keyboard works exactly as without a mouse.

- left click on a place: its letter (the first selects, the second names the
  destination, as two typed letters do);
- a second left click on the selected place within ``DOUBLE_CLICK`` frames (a
  double-click): ``T``, the card goes home if it can (else the letter line flashes,
  as ``T`` typed after it would);
- drag and drop: the left button pressed on a place and released on another is
  two clicks, the second where it is released (a card picked up, then its
  destination); released on nothing, the place's key again, which puts the
  card back (the second press of a selected place cancels it); released
  where it was pressed, nothing more;
- a place whose hit names several keys (a Blue slot: ``"B 5"``, a row and a
  column) gives them all, in order;
- any click after WINNER: RETURN ("Press any key to play again");
- right click in a game: space, the take-back;
- a click on nothing: nothing.

A game may give clicks other meanings (the pointer asks the variant named by the view):
``Variant.right_click(key, view)`` the keys of a right click on ``key`` (King Albert: ``S`` and
the stack, its cards to empty stacks), ``Variant.double_click_repeats`` a double-click is the
place's letter again (King Albert: the second click selects the stack's run) instead of ``T``,
and ``Variant.shift_key`` the key a click with Shift held is preceded by (King Albert's cheat).
"""

from __future__ import annotations

DOUBLE_CLICK = 20  # frames (a third of a second) between the two clicks of a double-click
IN_GAME = ("idle", "selected", "group")


class Pointer:
    def __init__(self) -> None:
        self.last: tuple[str, int] | None = None  # the last left click's key and frame
        self.down: str | None = None  # the key the left button went down on (a drag starts there)

    @staticmethod
    def cell(scr, x: int, y: int) -> tuple[int, int] | None:
        """The (row, column) of the character cell under pixel (x, y), or None in the border."""
        g = scr.geometry
        col, row = (x - g.border_x) // g.cell_w, (y - g.border_y) // g.cell_h
        if x < g.border_x or y < g.border_y or not (0 <= row < g.rows and 0 <= col < g.cols):
            return None
        return row, col

    def click(self, scr, x: int, y: int, frame: int, view, button: str = "left", shift: bool = False) -> list[str]:
        if button == "release":
            return self.release(scr, x, y, frame, view)
        if view.phase == "won":
            self.down = None
            return ["RETURN"]
        variant = view.variant
        where = self.cell(scr, x, y)
        key = scr.key_at(*where) if where is not None else None
        if button == "right":
            if variant is None or view.phase not in IN_GAME + variant.game_phases:
                return []
            return variant.right_click(key, view)
        self.down = key
        if key is None:
            self.last = None
            return []
        double = (
            self.last is not None and self.last[0] == key and frame - self.last[1] <= DOUBLE_CLICK
            and view.phase == "selected" and key in view.black
        )
        self.last = None if double else (key, frame)
        if double:
            self.down = None  # the second click of a double-click starts no drag
            if not variant.double_click_repeats:
                return ["T"]
        if shift and variant is not None and variant.shift_key and view.phase in IN_GAME:
            return [variant.shift_key, *key.split()]
        return key.split()

    def release(self, scr, x: int, y: int, frame: int, view) -> list[str]:
        """The left button goes up: a drop when it went down on a selected place and moved off it."""
        down, self.down = self.down, None
        if down is None or view.phase != "selected" or down not in view.black:
            return []
        where = self.cell(scr, x, y)
        key = scr.key_at(*where) if where is not None else None
        if key == down:
            return []  # a click, not a drag
        self.last = None
        return (key or down).split()  # dropped nowhere: the place's key again puts the card back

