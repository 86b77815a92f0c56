"""The keys of sequence solitaire, in the 1989 program's style.

``H`` is the hand card, ``A``..``D`` the storage piles, ``1``..``4`` the final
piles. A move is two keys, source then target, as the handout's moves are
written (``H3``: the hand card to final pile 3; ``HB``: onto storage pile B;
``C1``: the top of storage pile C to final pile 1); ``T`` as the target sends
the card to the first final pile it continues. The first key turns black (the
card blinks); the same key again cancels; an empty source flashes its letter;
a move the rules do not allow flashes the line of letters. Space takes back,
RETURN redoes, HELP shows the move the look-ahead player would make. A game
ends in WINNER (any key goes back to the title) or, with no legal move left,
with ``NO MOVES LEFT`` on the status line (space still takes back).
"""

from __future__ import annotations

from typing import Callable

from baker8bit.core import events as ev
from baker8bit.core.timing import Timing
from baker8bit.games.sequence.play import SequenceGame
from baker8bit.games.sequence.rules import STORAGE_NAMES, Move

IDLE, SELECTED, FLASH, WON = "idle", "selected", "flash", "won"
SOURCES = "H" + STORAGE_NAMES
FINALS = "1234"


class _NoAdvisor:
    thinking = False

    def cancel(self) -> None:
        pass


class SequenceDialogue:
    def __init__(self, game: SequenceGame, timing: Timing, emit: Callable[..., None], clock: Callable[[], int]):
        self.game = game
        self.timing = timing
        self.emit = emit
        self.clock = clock
        self.phase = IDLE
        self.selected: str | None = None
        self.select_start = 0
        self.flashing: str | None = None
        self.flash_start = 0
        self.winner_start = 0
        self.advisor = _NoAdvisor()
        self.hint: tuple[str, ...] = ()
        self.hint_text = ""
        self.hint_start = 0

    def begin(self, resumed: bool = False) -> None:
        self.emit(ev.DEAL, self.game.rules.label, self.game.deal)
        if resumed:
            self.emit(ev.RESUME, self.game.moves, self.game.takebacks_left)
        if self.game.won:
            self._win()

    @property
    def busy(self) -> bool:
        return self.phase == FLASH

    @property
    def black(self) -> frozenset[str]:
        return frozenset((self.selected,)) if self.phase == SELECTED and self.selected else frozenset()

    def tick(self, frame: int) -> None:
        if self.phase == FLASH and frame - self.flash_start >= self.timing.flash_frames:
            self.phase = IDLE
            self.flashing = None

    def clear(self) -> None:
        self.selected = None
        self.clear_hint()

    def clear_hint(self) -> None:
        self.hint = ()
        self.hint_text = ""

    # -- keys ----------------------------------------------------------------

    def press(self, k: str) -> None:
        if self.phase == IDLE:
            self._on_idle(k)
        elif self.phase == SELECTED:
            self._on_selected(k)

    def _on_idle(self, k: str) -> None:
        g = self.game
        self.clear_hint()
        if k == "SPACE":
            if g.take_back():
                self.emit(ev.TAKEBACK)
                self.emit(ev.TONE)
        elif k == "RETURN":
            move = g.redo()
            if move is not None:
                self.emit(ev.REDO)
                self._announce(move)
        elif k == "HELP":
            self._help()
        elif k in SOURCES:
            has_card = g.position.hand is not None if k == "H" else bool(g.position.storage[STORAGE_NAMES.index(k)])
            if not has_card:
                self._start_flash(k)
            else:
                self.selected = k
                self.select_start = self.clock()
                self.phase = SELECTED
                self.emit(ev.SELECT, k)

    def _on_selected(self, k: str) -> None:
        g = self.game
        if k == self.selected:
            self.emit(ev.CANCEL, k)
            self.selected = None
            self.phase = IDLE
            return
        if not (len(k) == 1 and (k.isalpha() or k in FINALS)):
            return  # waits for a target key
        move = self._move(self.selected, k)
        if move is None or not g.can(move):
            self._start_flash("line")
            return
        self.selected = None
        self.phase = IDLE
        g.push(move)
        self._announce(move)

    def _move(self, src: str, dst: str) -> Move | None:
        source = "H" if src == "H" else STORAGE_NAMES.index(src)
        if dst in FINALS:
            return Move(source, int(dst), True)
        if dst == "T":
            card = self.game.position.hand if src == "H" else self.game.position.storage[source][-1]
            fits = self.game.position.fits(card)
            return Move(source, fits[0], True) if fits else None
        if dst in STORAGE_NAMES and src == "H":
            return Move("H", STORAGE_NAMES.index(dst), False)
        return None

    def _help(self) -> None:
        from baker8bit.games.sequence.players import best_move

        self.emit(ev.HELP)
        self.hint_start = self.clock()
        move = best_move(self.game.position) if not self.game.position.over() else None
        if move is None:
            self.hint_text = "NO MOVES LEFT"
            self.emit(ev.HINT, "lost")
            return
        text = str(move)
        self.hint = tuple(text)
        self.emit(ev.HINT, text)

    def _start_flash(self, what: str) -> None:
        self.selected = None
        self.flashing = what
        self.flash_start = self.clock()
        self.phase = FLASH
        self.emit(ev.FLASH, what)

    def _announce(self, move: Move) -> None:
        text = str(move)
        self.emit(ev.MOVE, text[0], text[1])
        self.emit(ev.TONE)
        if self.game.won:
            self._win()

    def _win(self) -> None:
        self.phase = WON
        self.winner_start = self.clock()
        self.emit(ev.WINNER)
