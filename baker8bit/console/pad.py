"""The pad: a game controller's buttons and the arrow keys, one more source of keys for the machine.

The machine knows each button as a key of its own (``PAD_KEYS``), so a recording holds pad presses
as it holds letters and replays them frame for frame; a button stands for keys the machine already
has, pressed in the frame of the button, so what it does is exactly what those keys do (the letter
turns black, the line flashes, the tone sounds), and no key of any game changes. The window maps a
controller (``window/gamepad.py``) and the keyboard's arrows and three spare keys
(``window/keyboard.py``) onto these names.

A cursor shows once a button has been pressed (``View.cursor``) and goes over:

- the menu: the games (their click targets); A chooses (the game's digit);
- a title: its options and the game number's digits (``console/prompt.DealPrompt.pad``): UP and
  DOWN change the one under the cursor, LEFT and RIGHT move, A deals (RETURN), B rubs out a
  digit (space), START is ESC;
- a game: the game's places (``Variant.pad_places``, by default its click targets). A presses the
  place under the cursor (the keys a click there gives); B puts down what is picked up
  (``Dialogue.pending``), else takes back (space); X asks HELP; Y sends the card under the cursor
  home (its place, then ``T``: the double-click); START is ESC; SELECT, L and R are what the game
  gives them (``Variant.pad_buttons``: King Albert's options, the mark, the redo);
- WINNER: A, B, X, Y or START plays again.

RIGHT and LEFT take the places in the game's order (the screen's reading order unless the game
says otherwise), round from the last to the first; UP and DOWN go to the row of places above or
below (round from the bottom to the top), to the place nearest in the screen's columns.
``route`` finds the fewest arrows from one place to another, so a game's keys become buttons
(``buttons_for``: ``solve --pad``).
"""

from __future__ import annotations

from collections import deque

from baker8bit.console.contract import Place, hit_places
from baker8bit.console.screens import compose

UP, DOWN, LEFT, RIGHT = "UP", "DOWN", "LEFT", "RIGHT"
ARROWS = (UP, DOWN, LEFT, RIGHT)
BUTTONS = ("PAD_A", "PAD_B", "PAD_X", "PAD_Y", "PAD_START", "PAD_SELECT", "PAD_L", "PAD_R")
PAD_KEYS = ARROWS + BUTTONS
# The buttons as players and key scripts name them (``<A>``, ``<START>``, ``<UP>``).
NAMES = {k: k.removeprefix("PAD_") for k in PAD_KEYS}
KEY_OF_NAME = {name: k for k, name in NAMES.items()}
PLAY_AGAIN = ("PAD_A", "PAD_B", "PAD_X", "PAD_Y", "PAD_START")  # "Press any key to play again."
HOME = "T"  # the key that sends a selected card home (the pointer's double-click)
CURSOR_HALF = 16  # frames: a cursor on a selected (black) letter shows red and black in turn


def move(places: tuple[Place, ...], at: str | None, arrow: str) -> str | None:
    """The place an arrow takes the cursor to from ``at`` (None, or a place no longer there: from
    the first, where the cursor starts)."""
    if not places:
        return None
    keys = [p.key for p in places]
    i = keys.index(at) if at in keys else 0
    if arrow in (RIGHT, LEFT):
        return keys[(i + (1 if arrow == RIGHT else -1)) % len(keys)]
    here = places[i]
    rows = sorted({p.row for p in places})
    row = rows[(rows.index(here.row) + (1 if arrow == DOWN else -1)) % len(rows)]
    return min((p for p in places if p.row == row), key=lambda p: (abs(p.col - here.col), p.col)).key


def route(places: tuple[Place, ...], at: str | None, key: str) -> list[str] | None:
    """The fewest arrows from ``at`` to the place ``key`` (None: no such place)."""
    keys = [p.key for p in places]
    if key not in keys:
        return None
    start = at if at in keys else keys[0]
    came: dict[str, tuple[str, str] | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == key:
            break
        for arrow in (RIGHT, LEFT, DOWN, UP):
            there = move(places, here, arrow)
            if there not in came:
                came[there] = (here, arrow)
                todo.append(there)
    path: list[str] = []
    while came[key] is not None:
        key, arrow = came[key]
        path.append(arrow)
    return path[::-1]


class Pad:
    """The pad's state in one machine: whether the cursor shows, where it is, when it last moved."""

    def __init__(self) -> None:
        self.shown = False  # the cursor shows once a pad button or arrow has been pressed
        self.since = 0  # the frame of the last button: a cursor on a black letter blinks from there
        self.at: str | None = None  # the game's place under the cursor (None: the first)
        self.among: tuple[str, ...] = ()  # the places ``at`` is one of (other places: it starts again)
        self.menu_at: str | None = None  # the menu's game under the cursor (None: the machine's game)

    # -- where the cursor can go --------------------------------------------------------------

    @staticmethod
    def places(machine) -> tuple[Place, ...]:
        """The places of the screen the machine shows now (the menu's games, or the game's places)."""
        view = machine.view()
        scr = compose(view, machine.game if view.phase != "menu" else None)
        if view.phase == "menu":
            return hit_places(scr.hits)
        return view.variant.pad_places(scr, view, machine.game)

    def menu_cursor(self, machine) -> str:
        return self.menu_at or str(machine.games.variants.index(machine.variant) + 1)

    def settle(self, machine) -> None:
        """The game's cursor on the first place when the screen's places are others than those it
        was on (a new game, King Albert's options window opened or closed)."""
        if machine.phase in ("menu", "prompt"):
            return
        keys = tuple(p.key for p in self.places(machine))
        if keys != self.among or self.at not in keys:
            self.at = keys[0] if keys else None
            self.among = keys

    # -- buttons --------------------------------------------------------------------------------

    def press(self, machine, k: str) -> None:
        """A button: the cursor moves, or the keys the button stands for here are pressed."""
        self.shown = True
        self.since = machine.frame
        phase = machine.phase
        if phase == "menu":
            self._menu(machine, k)
        elif phase == "prompt":
            for key in machine.title.pad(k):
                machine.press(key)
        elif phase == "won":
            if k in PLAY_AGAIN:
                machine.press("RETURN")
        elif k in ARROWS:
            places = self.places(machine)
            self.at = move(places, self.at, k)
            self.among = tuple(p.key for p in places)
        else:
            self._game(machine, k)
            self.settle(machine)  # the keys may have opened a window of other places (King Albert's options)

    def _menu(self, machine, k: str) -> None:
        at = self.menu_cursor(machine)
        if k in ARROWS:
            self.menu_at = move(self.places(machine), at, k)
        elif k == "PAD_A":
            self.menu_at = None  # back on the menu, the cursor is on the game chosen
            machine.press(at)

    def _game(self, machine, k: str) -> None:
        if self.at is None:
            self.settle(machine)
        d = machine.dialogue
        if k == "PAD_A":
            keys = self.at.split() if self.at else []
        elif k == "PAD_B":
            keys = _split(d.pending()) or ["SPACE"]
        elif k == "PAD_X":
            keys = ["HELP"]
        elif k == "PAD_Y":
            self._home(machine)
            return
        elif k == "PAD_START":
            keys = ["ESC"]
        else:
            key = machine.variant.pad_buttons(machine.rules).get(k)
            keys = [key] if key else []
        for key in keys:
            machine.press(key)

    def _home(self, machine) -> None:
        """Y: the card under the cursor home, as a double-click sends it: its place (unless it is
        picked up already), then ``T`` when that picked it up."""
        d, at = machine.dialogue, self.at
        if at is None:
            return
        if not (d.phase == "selected" and d.selected == at):
            for key in _split(d.pending()) + at.split():
                machine.press(key)
        d = machine.dialogue
        if machine.phase == "selected" and d.selected == at:
            machine.press(HOME)


def _split(keys: tuple[str, ...]) -> list[str]:
    return [k for key in keys for k in key.split()]


def buttons_for(machine, keys: list[str], settle) -> list[str]:
    """The buttons that play ``keys`` (a solution's keys, one character each) on ``machine`` from
    where its cursor is, pressing them as they go (``settle``: let a flash or a move play out
    before the next button, as a player would). Each run of keys that names a place is the
    arrows to it and A; a key no place gives is the button that stands for it (L for Blue's
    ``P``, X for HELP). A ``ValueError`` names a key no button gives."""
    out: list[str] = []
    i = 0
    while i < len(keys):
        settle()
        if machine.phase in ("menu", "prompt", "won"):
            raise ValueError(f"the game is over or not under way at key {i + 1} ({keys[i]})")
        direct = {key: b for b, key in machine.variant.pad_buttons(machine.rules).items()}
        direct.setdefault("HELP", "PAD_X")
        if keys[i] in direct:
            out.append(direct[keys[i]])
            machine.press(direct[keys[i]])
            i += 1
            continue
        places = Pad.places(machine)
        fits = [p for p in places if keys[i:i + len(p.key.split())] == p.key.split()]
        if not fits:
            raise ValueError(f"no place of the screen gives the key {keys[i]!r} (key {i + 1})")
        place = max(fits, key=lambda p: len(p.key.split()))
        for arrow in route(places, machine.pad.at, place.key):
            out.append(arrow)
            machine.press(arrow)
        out.append("PAD_A")
        machine.press("PAD_A")
        i += len(place.key.split())
    settle()
    return out
