"""The keyboard dialogue of a FreeCell-family game: the 1989 program's, driven by the rule set.

It takes the player's keys once a game is dealt: a letter selects a column or
cell (it turns black), a second letter names where the card goes (``T`` for
its terminal pile); ``T``, letter, letter is a group move; space takes back;
``P`` marks (rules with a mark); RETURN re-makes a move taken back (rules with
a redo); HELP asks the solver. Illegal moves flash a letter or the purple line
for ``flash_frames``; keys pressed during a flash or a group move are dropped,
as the 1989 program's blocking loops read none. Each rule is a row of
BAKER-1989.md; the decisions where the article is silent are listed in
docs/FAITHFULNESS.md.

The dialogue knows nothing of the title, the menu, files or Pyxel: the
console machine (``console/machine.py``) owns it, its clock and its events.
"""

from __future__ import annotations

from typing import Callable

from baker8bit.core import events as ev
from baker8bit.core.timing import Timing
from baker8bit.freecell.advisor import Advisor
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import GroupError, Move, card_at, group_moves

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

IDLE, SELECTED, GROUP, FLASH, MOVING, WON = "idle", "selected", "group", "flash", "moving", "won"


class Dialogue:
    """One game's dialogue. ``emit(kind, *args)`` hands events to the owner, ``clock()`` gives the frame."""

    def __init__(self, game: Game, timing: Timing, emit: Callable[..., None], clock: Callable[[], int]):
        self.game = game
        self.timing = timing
        self.emit = emit
        self.clock = clock
        self.phase = IDLE
        self.selected: str | None = None
        self.group_src: str | None = None
        self.flashing: str | None = None
        self.flash_start = 0
        self.select_start = 0
        self.queue: list[Move] = []
        self.next_step = 0
        self.winner_start = 0
        self.advisor = Advisor(timing.help_states, timing.help_max_states)
        self.hint: tuple[str, ...] = ()
        self.hint_text = ""
        self.hint_start = 0

    def begin(self, resumed: bool = False) -> None:
        g = self.game
        self.emit(ev.DEAL, g.rules.label, g.deal)
        if resumed:
            self.emit(ev.RESUME, g.moves, g.takebacks_left)
        if g.won:
            self._win()

    @property
    def busy(self) -> bool:
        """True while a flash or a group move plays out; keys are not acted on."""
        return self.phase in (FLASH, MOVING)

    @property
    def black(self) -> frozenset[str]:
        out: set[str] = set()
        if self.phase == SELECTED and self.selected:
            out.add(self.selected)
        if self.phase == GROUP:
            out.add("T")
            if self.group_src:
                out.add(self.group_src)
        return frozenset(out)

    # -- time ----------------------------------------------------------------

    def tick(self, frame: int) -> None:
        if self.advisor.thinking:
            self._think(frame)
        if self.phase == FLASH and frame - self.flash_start >= self.timing.flash_frames:
            self.phase = IDLE
            self.flashing = None
        elif self.phase == MOVING and frame >= self.next_step:
            self._step_group()

    def _think(self, frame: int) -> None:
        answer = self.advisor.tick()
        if answer is None:
            return
        self.hint_start = frame
        if answer.outcome == "solved":
            letters = answer.keys
            self.hint = tuple(letters[1:]) + ("T",) if letters[0] == "T" else tuple(letters)
            self.hint_text = ""
            self.emit(ev.HINT, answer.keys)
        elif answer.outcome == "unsolvable":
            self.hint_text = "NO WIN FROM HERE"
            self.emit(ev.HINT, "lost")
        else:
            self.hint_text = "NO ANSWER"
            self.emit(ev.HINT, "unknown")

    def clear(self) -> None:
        """Forget a half-typed command and any HELP answer (the game goes to the title)."""
        self.selected = None
        self.group_src = None
        self.clear_hint()

    def clear_hint(self) -> None:
        if self.advisor.thinking:
            self.advisor.cancel()
            self.emit(ev.HELP_CANCELLED)
        self.hint = ()
        self.hint_text = ""

    # -- keys ----------------------------------------------------------------

    def press(self, k: str) -> None:
        """A key in the game (not ESC, not while busy, not after WINNER: the owner sees to those)."""
        if self.phase == IDLE:
            self._on_idle(k)
        elif self.phase == SELECTED:
            self._on_selected(k)
        elif self.phase == GROUP:
            self._on_group(k)

    def _on_idle(self, k: str) -> None:
        g = self.game
        self.clear_hint()  # any key ends a HELP answer or cancels the search
        if k == "T":
            self.phase = GROUP
            self.group_src = None
            self.emit(ev.SELECT, "T")
        elif k == "P" and g.rules.marks:
            g.set_mark()
            self.emit(ev.MARK)
        elif k == "SPACE":
            if g.take_back():
                self.emit(ev.TAKEBACK)
                self.emit(ev.BUZZER if g.at_mark else ev.TONE)
        elif k == "RETURN" and g.rules.redo:
            move = g.redo()
            if move is not None:
                self.emit(ev.REDO)
                self._announce(move)
        elif k == "HELP":
            self.emit(ev.HELP)
            self.advisor.start(g)
            self.hint_text = "THINKING"
        elif len(k) == 1 and g.rules.place(k) is not None:
            if card_at(g.position, g.rules.place(k)) is None:
                self._start_flash(k)  # an empty place has no card to move
            else:
                self.selected = k
                self.select_start = self.clock()
                self.phase = SELECTED
                self.emit(ev.SELECT, k)
        # other keys (digits, letters that name no place) are ignored

    def _on_selected(self, k: str) -> None:
        g = self.game
        assert self.selected is not None
        if k == self.selected:
            self.emit(ev.CANCEL, k)
            self.selected = None
            self.phase = IDLE
            return
        if k not in LETTERS:
            return  # the program waits for a destination letter
        src = g.rules.place(self.selected)
        dst = ("terminal", -1) if k == "T" else g.rules.place(k)
        if dst is None or not g.can(Move(src, dst)):
            self._start_flash("line")
            return
        self.selected = None
        self.phase = IDLE
        self._do_move(Move(src, dst))

    def _on_group(self, k: str) -> None:
        g = self.game
        if k == "T":
            self.emit(ev.CANCEL, "T")  # "To stop this command ... press T again."
            self.group_src = None
            self.phase = IDLE
            return
        if k not in LETTERS:
            return
        place = g.rules.place(k)
        if place is None:
            self._start_flash("line")
            return
        if self.group_src is None:
            if place[0] != "column" or card_at(g.position, place) is None:
                self._start_flash(k)
            else:
                self.group_src = k
                self.emit(ev.SELECT, k)
            return
        src = g.rules.place(self.group_src)
        if place[0] != "column":
            self._start_flash(k)
            return
        try:
            steps = group_moves(g.position, src[1], place[1], g.rules)
        except GroupError as e:
            self._start_flash(self.group_src if e.side == "src" else k)
            return
        self.group_src = None
        self.queue = steps
        self.phase = MOVING
        self._step_group()

    # -- effects -------------------------------------------------------------

    def _start_flash(self, what: str) -> None:
        self.selected = None
        self.group_src = None
        self.flashing = what
        self.flash_start = self.clock()
        self.phase = FLASH
        self.emit(ev.FLASH, what)

    def _do_move(self, move: Move) -> None:
        self.game.push(move)
        self._announce(move)

    def _announce(self, move: Move) -> None:
        keys = move.text(self.game.rules)
        self.emit(ev.MOVE, keys[0], keys[1])
        self.emit(ev.TONE)
        if self.game.won:
            self.queue = []
            self._win()

    def _step_group(self) -> None:
        move = self.queue.pop(0)
        self._do_move(move)
        if self.phase == WON:
            return
        if self.queue:
            self.next_step = self.clock() + self.timing.group_step
        else:
            self.phase = IDLE

    def _win(self) -> None:
        self.phase = WON
        self.winner_start = self.clock()
        self.emit(ev.WINNER)
