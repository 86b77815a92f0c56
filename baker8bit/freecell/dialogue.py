"""The keyboard dialogue of a FreeCell-family game: the 1989 program's, driven by the rule set.

It takes the player's keys once a game is dealt: a letter selects a column or
cell (it turns black), a second letter names where the card goes (``T`` for
its terminal pile); ``T``, letter, letter is a group move; space takes back;
``P`` marks (rules with a mark); RETURN re-makes a move taken back (rules with
a redo); HELP asks the solver. Illegal moves flash a letter or the purple line
for ``flash_frames``; keys pressed during a flash or a group move are dropped,
as the 1989 program's blocking loops read none. Each rule, and each decision where the
article is silent, is a row of docs/FAITHFULNESS.md (the 1989 game).

The dialogue knows nothing of the title, the menu, files or Pyxel: the
console machine (``console/machine.py``) owns it, its clock and its events.
"""

from __future__ import annotations

from baker8bit.console import dialogue as base
from baker8bit.console import thinking
from baker8bit.console.dialogue import FLASH, IDLE, SELECTED, WON
from baker8bit.core import events as ev
from baker8bit.core.outcome import SearchResult
from baker8bit.freecell.advisor import first_command, think
from baker8bit.freecell.moves import GroupError, Move, card_at, group_moves

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

GROUP, MOVING = "group", "moving"
__all__ = ["FreecellDialogue", "IDLE", "SELECTED", "GROUP", "FLASH", "MOVING", "WON"]


class FreecellDialogue(base.Dialogue):
    """One game's dialogue; the shared parts (select, flash, take back, redo, WINNER) are
    ``console.dialogue.Dialogue``'s."""

    def __init__(self, game, timing, emit, clock):
        super().__init__(game, timing, emit, clock)
        self.group_src: str | None = None
        self.queue: list[Move] = []
        self.next_step = 0

    @property
    def busy(self) -> bool:
        """True while a flash or a group move plays out; keys are not acted on."""
        return self.phase in (FLASH, MOVING)

    @property
    def black(self) -> frozenset[str]:
        if self.phase == GROUP:
            return frozenset(("T", self.group_src) if self.group_src else ("T",))
        return super().black

    # -- time ----------------------------------------------------------------

    def tick(self, frame: int) -> None:
        if self.phase == MOVING and frame >= self.next_step:
            self.tick_advisor(frame)
            self._step_group()
        else:
            super().tick(frame)

    def show_thought(self, thought: SearchResult) -> None:
        moves = thought.answer or []
        if thought.outcome == "solved" and moves:
            letters = first_command(self.game, moves)
            self.hint = tuple(letters[1:]) + ("T",) if letters[0] == "T" else tuple(letters)
            self.hint_text = ""
            self.emit(ev.HINT, letters)
        elif thought.outcome == "unsolvable":
            self.hint_text = "NO WIN FROM HERE"
            self.emit(ev.HINT, "lost")
        else:
            self.hint_text = "NO ANSWER"
            self.emit(ev.HINT, "unknown")

    def clear(self) -> None:
        self.group_src = None
        super().clear()

    # -- keys ----------------------------------------------------------------

    def press(self, k: str) -> None:
        if self.phase == GROUP:
            self._on_group(k)
        else:
            super().press(k)

    def on_idle(self, k: str) -> None:
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
            self.take_back()
        elif k == "RETURN" and g.rules.redo:
            self.redo()
        elif k == "HELP":
            self.emit(ev.HELP)
            self.hint_text = "THINKING"
            self.think(thinking.Task(think, (g.position, g.rules), by_level=True))
        elif len(k) == 1 and g.rules.place(k) is not None:
            if card_at(g.position, g.rules.place(k)) is None:
                self.start_flash(k)  # an empty place has no card to move
            else:
                self.select(k)
        # other keys (digits, letters that name no place) are ignored

    def on_selected(self, k: str) -> None:
        g = self.game
        if k == self.selected:
            self.cancel(k)
            return
        if k not in LETTERS:
            return  # the program waits for a destination letter
        src = g.rules.place(self.selected)
        dst = ("terminal", -1) if k == "T" else g.rules.place(k)
        if dst is None or not g.can(Move(src, dst)):
            self.start_flash("line")
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
            self.start_flash("line")
            return
        if self.group_src is None:
            if place[0] != "column" or card_at(g.position, place) is None:
                self.start_flash(k)
            else:
                self.group_src = k
                self.emit(ev.SELECT, k)
            return
        src = g.rules.place(self.group_src)
        if place[0] != "column":
            self.start_flash(k)
            return
        try:
            steps = group_moves(g.position, src[1], place[1], g.rules)
        except GroupError as e:
            self.start_flash(self.group_src if e.side == "src" else k)
            return
        self.group_src = None
        self.queue = steps
        self.phase = MOVING
        self._step_group()

    # -- effects -------------------------------------------------------------

    def start_flash(self, what: str) -> None:
        self.group_src = None
        super().start_flash(what)

    def move_keys(self, move: Move) -> str:
        return move.text(self.game.rules)

    def on_win(self) -> None:
        self.queue = []

    def _do_move(self, move: Move) -> None:
        self.game.push(move)
        self.announce(move)

    def _step_group(self) -> None:
        move = self.queue.pop(0)
        self._do_move(move)
        if self.phase == WON:
            return
        if self.queue:
            self.next_step = self.clock() + self.timing.group_step
        else:
            self.phase = IDLE
