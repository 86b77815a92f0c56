"""The key machine: the 1989 program's keyboard dialogue as a deterministic state machine.

It takes the player's keys (``press``) and one ``tick`` per 1/60 s frame, and
gives (a) the game, (b) a ``View`` of what the screen shows in the 1989
program's terms and (c) sound and screen events stamped with their frame.
It knows nothing of Pyxel: the app turns keys into ``press`` calls and the
view and events into pixels and sounds.

Keys are named ``"A"``..``"Z"``, ``"0"``..``"9"``, ``"SPACE"``, ``"ESC"``,
``"RETURN"`` and ``"HELP"``. Each rule below is a row of BAKER-1989.md; the
decisions taken where the article is silent are listed in docs/FAITHFULNESS.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from baker8bit.freecell import rules as rulesmod
from baker8bit.freecell.advisor import Advisor
from baker8bit.core.deal import MAX_DEAL, check_deal_number, random_deal_number
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import GroupError, Move, card_at, group_moves
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet, Timing

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SPECIAL = ("SPACE", "ESC", "RETURN", "HELP")
KEYS = tuple(LETTERS) + tuple("0123456789") + SPECIAL

PROMPT, IDLE, SELECTED, GROUP, FLASH, MOVING, WON = (
    "prompt", "idle", "selected", "group", "flash", "moving", "won"
)


class Event(NamedTuple):
    frame: int
    text: str  # "move B K", "tone", "flash B", "flash line", "buzzer", "winner", ...

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class View:
    """What the screen shows this frame, in the 1989 program's terms."""

    phase: str
    suits: int | None          # None on the suit prompt
    deal: int | None
    prompt_digit: str          # the digit typed at the suit prompt, or ""
    prompt_deal: str           # the game number typed after it, or "" (a random game)
    black: frozenset[str]      # letters shown black: the selected source, "T" for a group command
    flashing: str | None       # a letter, "line" (the purple line of letters), or None
    flash_lit: bool            # whether the flashing thing is lit this frame
    at_mark: bool              # the P label is blue
    winner: bool               # WINNER is flashing
    winner_lit: bool
    moves: int
    hint: tuple[str, ...]      # letters the HELP answer blinks ("T" too for a group move), else ()
    hint_lit: bool             # whether the hint letters are lit this frame
    hint_text: str             # "THINKING", "NO WIN FROM HERE", "NO ANSWER" or ""


def normalize_key(key: str) -> str:
    k = key.upper()
    if k == " ":
        k = "SPACE"
    if k not in KEYS:
        raise ValueError(f"unknown key {key!r}")
    return k


class KeyMachine:
    """The keyboard dialogue. ``seed`` feeds the deal numbers of new random games."""

    def __init__(
        self,
        seed: int = 0,
        suits: int | None = None,
        deal: int | None = None,
        position: Position | None = None,
        timing: Timing | None = None,
    ):
        self.frame = 0
        self.timing = timing or rulesmod.timing()
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.game: Game | None = None
        self.phase = PROMPT
        self.prompt_digit = ""
        self.prompt_deal = ""
        self._selected: str | None = None
        self._group_src: str | None = None
        self._flash: str | None = None
        self._flash_start = 0
        self._queue: list[Move] = []
        self._next_step = 0
        self._winner_start = 0
        self.advisor = Advisor(self.timing.help_states, self.timing.help_max_states)
        self.hint: tuple[str, ...] = ()
        self.hint_text = ""
        self._hint_start = 0
        if position is not None:
            if suits is None:
                raise ValueError("a position needs its suit count")
            self._start(Game(rulesmod.baker(suits), position, deal))
        elif suits is not None:
            self.new_game(suits, deal)

    # -- state ---------------------------------------------------------------

    @property
    def rules(self) -> RuleSet | None:
        return self.game.rules if self.game else None

    @property
    def busy(self) -> bool:
        """True while a flash or a group move plays out; keys are not acted on."""
        return self.phase in (FLASH, MOVING)

    def emit(self, text: str) -> None:
        self.events.append(Event(self.frame, text))

    def drain_events(self) -> list[Event]:
        out, self.events = self.events, []
        return out

    def new_game(self, suits: int, deal: int | None = None) -> None:
        rules = rulesmod.baker(suits)
        deal = random_deal_number(self.rng) if deal is None else check_deal_number(deal)
        self._start(Game.dealt(rules, deal))

    def resume(self, game: Game) -> None:
        """Go on with a game already under way (a saved game), take-back memory and mark intact.

        Emits ``deal S D`` then ``resume M H`` (M moves made, H take-backs left),
        so observers know the game did not start here.
        """
        self._start(game, resumed=True)

    def _start(self, game: Game, resumed: bool = False) -> None:
        self.game = game
        self.phase = IDLE
        self._clear_selection()
        self.emit(f"deal {game.rules.suits} {game.deal}")
        if resumed:
            self.emit(f"resume {game.moves} {game.takebacks_left}")
        if game.won:
            self._win()

    def _clear_selection(self) -> None:
        self._selected = None
        self._group_src = None
        self._clear_hint()

    def _clear_hint(self) -> None:
        if self.advisor.thinking:
            self.advisor.cancel()
            self.emit("help cancelled")
        self.hint = ()
        self.hint_text = ""

    def view(self) -> View:
        g = self.game
        black: set[str] = set()
        if self.phase == SELECTED and self._selected:
            black.add(self._selected)
        if self.phase == GROUP:
            black.add("T")
            if self._group_src:
                black.add(self._group_src)
        t = self.timing
        return View(
            phase=self.phase,
            suits=g.rules.suits if g and self.phase != PROMPT else None,
            deal=g.deal if g and self.phase != PROMPT else None,
            prompt_digit=self.prompt_digit,
            prompt_deal=self.prompt_deal,
            black=frozenset(black),
            flashing=self._flash if self.phase == FLASH else None,
            flash_lit=self.phase == FLASH and self._lit(self._flash_start, t.flash_half),
            at_mark=bool(g and self.phase != PROMPT and g.at_mark),
            winner=self.phase == WON,
            winner_lit=self.phase == WON and self._lit(self._winner_start, t.winner_half),
            moves=g.moves if g else 0,
            hint=self.hint,
            hint_lit=self._lit(self._hint_start, t.help_half),
            hint_text=self.hint_text,
        )

    def _lit(self, since: int, half: int) -> bool:
        """Blinking: lit for ``half`` frames from ``since``, then dark as long, and so on."""
        return ((self.frame - since) // half) % 2 == 0

    # -- time ----------------------------------------------------------------

    def tick(self) -> None:
        """One frame (1/60 s) passes."""
        self.frame += 1
        if self.advisor.thinking:
            self._think()
        if self.phase == FLASH and self.frame - self._flash_start >= self.timing.flash_frames:
            self.phase = IDLE
            self._flash = None
        elif self.phase == MOVING and self.frame >= self._next_step:
            self._step_group()

    # -- keys ----------------------------------------------------------------

    def _think(self) -> None:
        answer = self.advisor.tick()
        if answer is None:
            return
        self._hint_start = self.frame
        if answer.outcome == "solved":
            letters = answer.keys
            self.hint = tuple(letters[1:]) + ("T",) if letters[0] == "T" else tuple(letters)
            self.hint_text = ""
            self.emit(f"hint {answer.keys}")
        elif answer.outcome == "unsolvable":
            self.hint_text = "NO WIN FROM HERE"
            self.emit("hint lost")
        else:
            self.hint_text = "NO ANSWER"
            self.emit("hint unknown")

    def press(self, key: str) -> None:
        k = normalize_key(key)
        if self.busy:
            return  # the original's flash and move loops read no keys
        if self.phase == PROMPT:
            self._on_prompt(k)
        elif self.phase == WON:
            self._to_prompt()  # "Press any key to play again."
        elif k == "ESC":
            self._to_prompt()  # "To start a new game press the ESC key."
        elif self.phase == IDLE:
            self._on_idle(k)
        elif self.phase == SELECTED:
            self._on_selected(k)
        elif self.phase == GROUP:
            self._on_group(k)

    def _to_prompt(self) -> None:
        self.phase = PROMPT
        self.prompt_digit = ""
        self.prompt_deal = ""
        self._clear_selection()
        self.emit("prompt")

    def _on_prompt(self, k: str) -> None:
        """The title: the suit count (2-4), then optionally a game number, then RETURN.

        ``4 RETURN`` deals a random game, as in 1989; ``4 11982 RETURN`` deals
        game 11982. Space rubs out the last digit; ESC clears the entry.
        """
        if k.isdigit():
            if not self.prompt_digit:
                if k in ("2", "3", "4"):
                    self.prompt_digit = k
            elif (self.prompt_deal or k != "0") and int(self.prompt_deal + k) <= MAX_DEAL:
                self.prompt_deal += k
        elif k == "SPACE":
            if self.prompt_deal:
                self.prompt_deal = self.prompt_deal[:-1]
            else:
                self.prompt_digit = ""
        elif k == "ESC":
            self.prompt_digit = self.prompt_deal = ""
        elif k == "RETURN" and self.prompt_digit:
            suits, deal = int(self.prompt_digit), int(self.prompt_deal) if self.prompt_deal else None
            self.prompt_digit = self.prompt_deal = ""
            self.new_game(suits, deal)

    def _on_idle(self, k: str) -> None:
        g = self.game
        assert g is not None
        self._clear_hint()  # any key ends a HELP answer or cancels the search
        if k == "T":
            self.phase = GROUP
            self._group_src = None
            self.emit("select T")
        elif k == "P":
            g.set_mark()
            self.emit("mark")
        elif k == "SPACE":
            if g.take_back():
                self.emit("takeback")
                self.emit("buzzer" if g.at_mark else "tone")
        elif k == "HELP":
            self.emit("help")
            self.advisor.start(g)
            self.hint_text = "THINKING"
        elif len(k) == 1 and g.rules.place(k) is not None:
            if card_at(g.position, g.rules.place(k)) is None:
                self._start_flash(k)  # an empty place has no card to move
            else:
                self._selected = k
                self.phase = SELECTED
                self.emit(f"select {k}")
        # other keys (digits, RETURN, letters that name no place) are ignored

    def _on_selected(self, k: str) -> None:
        g = self.game
        assert g is not None and self._selected is not None
        if k == self._selected:
            self.emit(f"cancel {k}")
            self._selected = None
            self.phase = IDLE
            return
        if k not in LETTERS:
            return  # the program waits for a destination letter
        src = g.rules.place(self._selected)
        dst = ("terminal", -1) if k == "T" else g.rules.place(k)
        if dst is None or not g.can(Move(src, dst)):
            self._start_flash("line")
            return
        self._selected = None
        self.phase = IDLE
        self._do_move(Move(src, dst))

    def _on_group(self, k: str) -> None:
        g = self.game
        assert g is not None
        if k == "T":
            self.emit("cancel T")  # "To stop this command ... press T again."
            self._group_src = None
            self.phase = IDLE
            return
        if k not in LETTERS:
            return
        place = g.rules.place(k)
        if place is None:
            self._start_flash("line")
            return
        if self._group_src is None:
            if place[0] != "column" or card_at(g.position, place) is None:
                self._start_flash(k)
            else:
                self._group_src = k
                self.emit(f"select {k}")
            return
        src = g.rules.place(self._group_src)
        if place[0] != "column":
            self._start_flash(k)
            return
        try:
            steps = group_moves(g.position, src[1], place[1])
        except GroupError as e:
            self._start_flash(self._group_src if e.side == "src" else k)
            return
        self._group_src = None
        self._queue = steps
        self.phase = MOVING
        self._step_group()

    # -- effects -------------------------------------------------------------

    def _start_flash(self, what: str) -> None:
        self._selected = None
        self._group_src = None
        self._flash = what
        self._flash_start = self.frame
        self.phase = FLASH
        self.emit(f"flash {what}")

    def _do_move(self, move: Move) -> None:
        g = self.game
        assert g is not None
        g.make(move)
        keys = move.keys(g.rules)
        self.emit(f"move {keys[0]} {keys[1]}")
        self.emit("tone")
        if g.won:
            self._queue = []
            self._win()

    def _step_group(self) -> None:
        move = self._queue.pop(0)
        self._do_move(move)
        if self.phase == WON:
            return
        if self._queue:
            self._next_step = self.frame + self.timing.group_step
        else:
            self.phase = IDLE

    def _win(self) -> None:
        self.phase = WON
        self._winner_start = self.frame
        self.emit("winner")

    def settle(self, limit: int = 100_000) -> None:
        """Tick until keys are acted on again (a flash or group move has played out)."""
        n = 0
        while self.busy:
            self.tick()
            n += 1
            if n > limit:
                raise RuntimeError("key machine did not settle")
