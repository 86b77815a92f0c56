"""What every game's key dialogue shares: select, flash, take back, redo, WINNER, HELP's blink.

The 1989 program's dialogue, in the part that is not about cards: the first key
turns black (``select``), the same key again cancels; a wrong key flashes a letter
or the line of letters for ``flash_frames``, during which keys are dropped (the
owner asks ``busy``); space takes back (the tone, or the buzzer back at the mark),
RETURN re-makes a move taken back where the rules have a redo; a move sounds the
tone and may end in WINNER. A game's dialogue subclasses this and says what its
keys mean (``freecell/dialogue.py``, ``games/sequence/dialogue.py``).

The game object gives ``rules`` (with ``label`` and ``redo``), ``deal``,
``moves``, ``takebacks_left``, ``won``, ``lost`` (no legal move is left, where the game says so:
``NO MOVES LEFT``), ``at_mark``, ``take_back()`` and ``redo()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from baker8bit.console import thinking
from baker8bit.core import events as ev
from baker8bit.core.outcome import SearchResult
from baker8bit.core.timing import Timing

IDLE, SELECTED, FLASH, WON = "idle", "selected", "flash", "won"


@dataclass(frozen=True)
class Request:
    """What a dialogue asks of the machine that owns it, which acts on it in the frame of the key
    that asked: ``new`` (a new game, with ``options``: King Albert's NEW GAME), ``save`` (``text``
    kept as the file ``name``) or ``load`` (the file ``name``, at most ``limit`` bytes: Blue's W
    and R). The machine answers a save or a load with ``Dialogue.answer``; a dialogue knows no files."""

    kind: str
    options: Mapping[str, Any] | None = None
    name: str = ""
    text: str = ""
    limit: int = 0


class Dialogue:
    # What the machine reads after each key: a ``Request`` to act on, and the options a game
    # started from a title gets from now on (King Albert's options window), or None.
    request: Request | None = None
    next_options: Mapping[str, Any] | None = None

    def __init__(self, game, timing: Timing, emit: Callable[..., None], clock: Callable[[], int]):
        self.game = game
        self.timing = timing
        self.emit = emit  # emit(kind, *args): the owner stamps the frame
        self.clock = clock  # the owner's frame
        self.phase = IDLE
        self.selected: str | None = None
        self.select_start = 0
        self.flashing: str | None = None
        self.flash_start = 0
        self.winner_start = 0
        # HELP thinks off the frame (console/thinking.py)
        self.advisor = thinking.Advisor(timing.help_rate, timing.help_first)
        self.hint: tuple[str, ...] = ()
        self.hint_text = ""
        self.hint_start = 0

    def begin(self, resumed: bool = False) -> None:
        g = self.game
        self.emit(ev.DEAL, g.rules.label, g.deal)
        if resumed:
            self.emit(ev.RESUME, g.moves, g.takebacks_left)
        if g.won:
            self.win()
        else:
            self.say_lost()

    @property
    def busy(self) -> bool:
        """True while something plays out; keys are not acted on."""
        return self.phase == FLASH

    @property
    def black(self) -> frozenset[str]:
        return frozenset((self.selected,)) if self.phase == SELECTED and self.selected else frozenset()

    def tick(self, frame: int) -> None:
        self.tick_advisor(frame)
        if self.phase == FLASH and frame - self.flash_start >= self.timing.flash_frames:
            self.phase = IDLE
            self.flashing = None

    def ready(self, frame: int) -> bool:
        """Whether ``tick(frame)`` would not wait for HELP's worker (``Advisor.ready``)."""
        return not self.advisor.thinking or self.advisor.ready(frame)

    def tick_advisor(self, frame: int) -> None:
        """HELP's answer, at the frame it is due."""
        if self.advisor.thinking:
            thought = self.advisor.tick(frame)
            if thought is not None:
                self.hint_start = frame
                self.show_thought(thought)

    def clear(self) -> None:
        """Forget a half-typed command and any HELP answer (the game goes to the title)."""
        self.selected = None
        self.clear_hint()

    def clear_hint(self) -> None:
        if self.advisor.thinking:
            self.advisor.cancel()
            self.emit(ev.HELP_CANCELLED)
        self.hint = ()
        self.hint_text = ""

    def press(self, k: str) -> None:
        """A key in the game (not ESC, not while busy, not after WINNER: the owner sees to those)."""
        if self.phase == IDLE:
            self.on_idle(k)
        elif self.phase == SELECTED:
            self.on_selected(k)

    def think(self, task: thinking.Task) -> None:
        """HELP: start ``task``; its answer comes to ``show_thought`` at the frame it is due
        (this one, for a level due at frame 0)."""
        self.advisor.start(task, self.clock())
        self.tick_advisor(self.clock())

    def show_thought(self, thought: SearchResult) -> None:
        """Show HELP's answer (a game's dialogue says how)."""
        raise NotImplementedError

    def screen_detail(self) -> Mapping[str, Any]:
        """What the game's screen shows of the dialogue beyond the ``View``'s fields (King Albert:
        how many cards are selected, the options window's settings); nothing by default."""
        return {}

    def pending(self) -> tuple[str, ...]:
        """The keys that put down what is picked up, so nothing is (the pad's B, before it takes
        back): the selected place's key again; none when nothing is picked up."""
        return (self.selected,) if self.phase == SELECTED and self.selected else ()

    def answer(self, request: Request, data: bytes | None, error: str | None) -> None:
        """The machine's answer to a ``save`` or ``load`` request: ``error`` (a sentence) when it
        failed, else, for a load, the file's bytes (``data``)."""

    def on_idle(self, k: str) -> None:
        raise NotImplementedError

    def on_selected(self, k: str) -> None:
        raise NotImplementedError

    # -- the shared keys and effects ----------------------------------------------------

    def select(self, k: str) -> None:
        self.selected = k
        self.select_start = self.clock()
        self.phase = SELECTED
        self.emit(ev.SELECT, k)

    def cancel(self, k: str) -> None:
        self.emit(ev.CANCEL, k)
        self.selected = None
        self.phase = IDLE

    def take_back(self) -> None:
        """Space: the last move back, with the tone, or the buzzer when that is the marked position."""
        g = self.game
        if g.take_back():
            self.emit(ev.TAKEBACK)
            self.emit(ev.BUZZER if g.at_mark else ev.TONE)
            self.say_lost()

    def redo(self) -> None:
        """RETURN, where the rules have a redo: the last move taken back, made again."""
        move = self.game.redo()
        if move is not None:
            self.emit(ev.REDO)
            self.announce(move)

    def start_flash(self, what: str) -> None:
        self.selected = None
        self.flashing = what
        self.flash_start = self.clock()
        self.phase = FLASH
        self.emit(ev.FLASH, what)

    def announce(self, move) -> None:
        """A move was made: its two keys, the tone, and WINNER when it won the game (or ``no moves``
        when no legal move is left)."""
        keys = self.move_keys(move)
        self.emit(ev.MOVE, keys[0], keys[1])
        self.emit(ev.TONE)
        if self.game.won:
            self.on_win()
            self.win()
        else:
            self.say_lost()

    def say_lost(self) -> None:
        """The game has come to a position: the ``no moves`` event when no legal move is left there
        (``game.lost``: the games whose rules say so); the screen says NO MOVES LEFT while it lasts.
        Nothing else changes: a take-back still goes back (the game is not over, as WINNER is)."""
        if self.game.lost:
            self.emit(ev.NO_MOVES)

    def move_keys(self, move) -> str:
        return str(move)

    def on_win(self) -> None:
        """What a won game stops (a group move's remaining steps)."""

    def win(self) -> None:
        self.phase = WON
        self.winner_start = self.clock()
        self.emit(ev.WINNER)
