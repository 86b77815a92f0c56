"""The console machine: one deterministic machine for every game, and its one owner of time and events.

It takes the player's keys (``press``) and one ``tick`` per 1/60 s frame, and
gives (a) the game, (b) a ``View`` of what the screen shows and (c) typed
events (``core.events``) stamped with their frame. It goes through three
places: the console's **menu** of games (when it has one), a game's
**title** (the 1989 suit prompt, or the game-number prompt), and the
**game**, whose keys go to the game's dialogue (``freecell/dialogue.py`` for
the FreeCell family). The game's variant (``games/``) makes the rules, the
game, the title and the dialogue; this module never asks which game it is.
It knows nothing of Pyxel: the window turns keys and clicks into ``press``
calls and the view and events into pixels and sounds.

Keys are named ``"A"``..``"Z"``, ``"0"``..``"9"``, ``"SPACE"``, ``"ESC"``,
``"RETURN"`` and ``"HELP"``, and the pad's (``console/pad.py``: ``"UP"``, ``"DOWN"``,
``"LEFT"``, ``"RIGHT"``, ``"PAD_A"`` .. ``"PAD_R"``), each of which stands for keys of the
first kind and moves the pad's cursor; a machine never given a pad key behaves as before it had any.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from baker8bit.console.contract import Registry
from baker8bit.console.pad import CURSOR_HALF, PAD_KEYS, Pad
from baker8bit.core import events as ev
from baker8bit.core import timing as timingmod
from baker8bit.core.deal import check_deal_number, random_deal_number
from baker8bit.core.events import Event
from baker8bit.core.timing import Timing, lit

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SPECIAL = ("SPACE", "ESC", "RETURN", "HELP")
KEYS = tuple(LETTERS) + tuple("0123456789") + SPECIAL + PAD_KEYS

MENU, PROMPT = "menu", "prompt"
IDLE, SELECTED, GROUP, FLASH, MOVING, WON = "idle", "selected", "group", "flash", "moving", "won"

__all__ = ["KEYS", "PAD_KEYS", "KeyMachine", "View", "Event", "normalize_key", "MENU", "PROMPT", "WON"]


@dataclass(frozen=True)
class View:
    """What the screen shows this frame."""

    phase: str                 # "menu", "prompt" (a game's title), or the dialogue's phase
    suits: int | None          # None on the menu and the title
    deal: int | None
    prompt_digit: str          # the option digit typed on the title (the 1989 suit count), or ""
    prompt_deal: str           # the game number typed, or "" (a random game)
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
    game: str = ""             # the variant's id
    highlight: str | None = None  # the place whose card blinks while selected (not in the 1989 game)
    highlight_lit: bool = True
    # the game of the title or the game (``console/contract.Variant``), and on the menu every game
    # the console offers: what draws the screen and what the pointer's clicks mean
    variant: Any = field(default=None, compare=False, repr=False)
    detail: Mapping[str, Any] = field(default_factory=dict)  # the dialogue's ``screen_detail``
    menu: tuple = field(default=(), compare=False, repr=False)
    # The pad's cursor (console/pad.py), None until a pad button or arrow is pressed: on the menu
    # the game's digit, on a title what ``DealPrompt.cursor`` names, in a game the place's key.
    cursor: str | None = None
    cursor_lit: bool = True  # a cursor on a selected (black) letter: red this frame, else black


class Files(Protocol):
    """Files by name, for a dialogue's requests: ``save`` writes ``text`` whole or not at all,
    ``load`` reads at most ``limit + 1`` bytes; each raises OSError with a sentence that says why."""

    def save(self, name: str, text: str) -> None: ...

    def load(self, name: str, limit: int) -> bytes: ...


def normalize_key(key: str) -> str:
    k = key.upper()
    if k == " ":
        k = "SPACE"
    if k not in KEYS:
        raise ValueError(f"unknown key {key!r}")
    return k


class KeyMachine:
    """The console machine. ``games``: the registry of the games it offers (``console/contract.py``;
    ``baker8bit.games.KeyMachine`` is this machine with the package's games). ``seed`` feeds the
    deal numbers of new random games.

    It starts in a game when given ``rules`` (or ``suits``, the 1989 game's
    option, or other ``options``), a ``deal`` or a ``position``; else on the
    title of ``game`` (default the 1989 game), or on the menu when ``menu``
    is set and no game is named. With ``menu``, ESC on an empty title entry
    goes back to the menu; without it (the 1989 program) it does nothing.
    """

    def __init__(
        self,
        games: Registry,
        seed: int = 0,
        suits: int | None = None,
        deal: int | None = None,
        position=None,
        timing: Timing | None = None,
        game: str | None = None,
        options: dict[str, Any] | None = None,
        rules=None,
        menu: bool = False,
        prefs: dict[str, dict[str, Any]] | None = None,
        help_profile: Callable | None = None,
        rules_profile: Callable | None = None,
    ):
        self.games = games
        # what HELP's tasks become for a recording of an earlier version (``games/compat.py``)
        self.help_profile = help_profile
        # what the rule sets become for a recording of an earlier version (``games/compat.py``):
        # each game begun gets its rules as that version played them
        self.rules_profile = rules_profile
        # Where a dialogue's save and load requests go (``sessions/userdata.DataFiles``: the user
        # data folder), set by whoever runs the machine; None: they fail, as with no folder.
        self.files: Files | None = None
        self.frame = 0
        # Options a game started from its title gets, per game id (King Albert's remembered
        # options window); a game's dialogue may change them (``next_options``).
        self.prefs: dict[str, dict[str, Any]] = {g: dict(o) for g, o in (prefs or {}).items()}
        self.timing = timing or timingmod.timing()
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.menu = menu
        self.pad = Pad()
        self.variant = games.of_rules(rules) if rules is not None else games.get(game)
        self.title = self.variant.title()
        self.dialogue = None
        self._phase = MENU if menu and game is None and rules is None else PROMPT
        opts = dict(options or {})
        if suits is not None:
            opts["suits"] = suits
        if rules is None and (opts or deal is not None or position is not None):
            rules = self.variant.rules(opts)
        if position is not None and rules is None:
            raise ValueError("a position needs its rules")
        if rules is not None:
            self.start_game(rules, deal, position)

    # -- state ---------------------------------------------------------------

    @property
    def game(self):
        return self.dialogue.game if self.dialogue is not None else None

    @property
    def rules(self):
        return self.game.rules if self.game else None

    @property
    def phase(self) -> str:
        return self._phase if self._phase in (MENU, PROMPT) else self.dialogue.phase

    @property
    def advisor(self):
        return self.dialogue.advisor if self.dialogue is not None else None

    @property
    def busy(self) -> bool:
        """True while a flash or a group move plays out; keys are not acted on."""
        return self._phase not in (MENU, PROMPT) and self.dialogue.busy

    def emit(self, kind: str, *args) -> None:
        self.events.append(Event(self.frame, kind, args))

    def drain_events(self) -> list[Event]:
        out, self.events = self.events, []
        return out

    # -- games ---------------------------------------------------------------

    def start_game(self, rules, deal: int | None = None, position=None) -> None:
        """Deal a game (a random deal number when ``deal`` is None), or set one up from a position."""
        if position is None:
            deal = random_deal_number(self.rng) if deal is None else check_deal_number(deal)
        self._begin(self.variant.new_game(rules, deal, position))

    def resume(self, game) -> None:
        """Go on with a game already under way (a saved game), take-back memory and mark intact.

        Emits ``deal S D`` then ``resume M H`` (M moves made, H take-backs left),
        so observers know the game did not start here.
        """
        self._begin(game, resumed=True)

    def _begin(self, game, resumed: bool = False) -> None:
        if self.rules_profile is not None:
            game.rules = self.rules_profile(game.rules)
        self.variant = self.games.of_rules(game.rules)
        self.title = self.variant.title()
        self._phase = "game"
        old, self.dialogue = self.dialogue, self.variant.dialogue(game, self.timing, self.emit, lambda: self.frame)
        self.dialogue.advisor.profile = self.help_profile
        if old is not None:  # the hint letters' blink keeps its clock from game to game, as in 1989's one loop
            self.dialogue.hint_start = old.hint_start
        self.dialogue.begin(resumed)
        self.pad.at = None
        if self.pad.shown:
            self.pad.settle(self)

    # -- the screen ----------------------------------------------------------

    def view(self) -> View:
        d, t = self.dialogue, self.timing
        in_game = d is not None and self._phase not in (MENU, PROMPT)
        g = d.game if in_game else None
        phase = self.phase
        highlight = None
        if in_game and phase == SELECTED and g.rules.highlight:
            highlight = d.selected
        return View(
            phase=phase,
            suits=g.rules.suits if g else None,
            deal=g.deal if g else None,
            prompt_digit=self.title.digit,
            prompt_deal=self.title.deal,
            black=d.black if in_game else frozenset(),
            flashing=d.flashing if phase == FLASH else None,
            flash_lit=phase == FLASH and lit(self.frame, d.flash_start, t.flash_half),
            at_mark=bool(g and g.at_mark),
            winner=phase == WON,
            winner_lit=phase == WON and lit(self.frame, d.winner_start, t.winner_half),
            moves=d.game.moves if d is not None else 0,
            hint=d.hint if d is not None else (),
            hint_lit=lit(self.frame, d.hint_start if d is not None else 0, t.help_half),
            hint_text=d.hint_text if d is not None else "",
            game=self.variant.id,
            highlight=highlight,
            highlight_lit=highlight is None or lit(self.frame, d.select_start, t.flash_half),
            variant=self.variant,
            detail=d.screen_detail() if in_game else {},
            menu=self.games.variants if phase == MENU else (),
            cursor=self._cursor(phase),
            cursor_lit=not self.pad.shown or lit(self.frame, self.pad.since, CURSOR_HALF),
        )

    def _cursor(self, phase: str) -> str | None:
        if not self.pad.shown:
            return None
        if phase == MENU:
            return self.pad.menu_cursor(self)
        if phase == PROMPT:
            return self.title.cursor()
        return self.pad.at

    # -- time ----------------------------------------------------------------

    def ready(self) -> bool:
        """Whether the next ``tick`` has all it needs: HELP's results due then have come from the
        worker that thinks off the frame (``console/thinking.py``; always, where HELP runs in the
        frame). The window ticks only then: while HELP's worker is behind (a busy machine), it
        holds the game's frame instead of waiting, and keys still come (any key cancels HELP). So
        an answer may come later on the clock, never at another frame of the game."""
        if self.dialogue is None or self._phase in (MENU, PROMPT):
            return True
        return self.dialogue.ready(self.frame + 1)

    def tick(self) -> None:
        """One frame (1/60 s) passes."""
        self.frame += 1
        if self.dialogue is not None and self._phase not in (MENU, PROMPT):
            self.dialogue.tick(self.frame)

    # -- keys ----------------------------------------------------------------

    def press(self, key: str) -> None:
        k = normalize_key(key)
        if k in PAD_KEYS:
            if not self.busy:  # dropped during a flash or a move, as every key is
                self.pad.press(self, k)
            return
        self._press(k)

    def pad_means(self, k: str) -> bool:
        """Whether the pad's SELECT (or L, R) stands for a key here; where it does not, the window
        gives SELECT its own meaning (the key help)."""
        return self._phase not in (MENU, PROMPT) and k in self.variant.pad_buttons(self.rules)

    def _press(self, k: str) -> None:
        if self._phase == MENU:
            self._on_menu(k)
        elif self.busy:
            return  # the original's flash and move loops read no keys
        elif self._phase == PROMPT:
            self._on_title(k)
        elif self.dialogue.phase == WON:
            self._to_prompt()  # "Press any key to play again."
        elif k == "ESC":
            self._to_prompt()  # "To start a new game press the ESC key."
        else:
            self.dialogue.press(k)
            self._take_request()

    def _take_request(self) -> None:
        """What a game's dialogue asks after a key (``console/dialogue.Request``): a new game with
        options (King Albert's NEW GAME button), or a file saved or read through ``files`` (Blue's
        W and R); and the options games started from a title get from now on."""
        d = self.dialogue
        if d.next_options is not None:
            self.prefs[self.variant.id] = dict(d.next_options)
        req, d.request = d.request, None
        if req is None:
            return
        if req.kind == "new":
            self.start_game(self.variant.rules(req.options), None)
            return
        data, error = None, None
        if self.files is None:
            error = "no folder for files here"
        else:
            try:
                if req.kind == "save":
                    self.files.save(req.name, req.text)
                else:
                    data = self.files.load(req.name, req.limit)
            except OSError as e:
                error = str(e)
        d.answer(req, data, error)

    def _to_prompt(self) -> None:
        self._phase = PROMPT
        self.title = self.variant.title()
        self.dialogue.clear()
        self.emit(ev.PROMPT)

    def _on_title(self, k: str) -> None:
        action = self.title.press(k)
        if action is None:
            return
        if action[0] == "menu":
            if self.menu:
                self._phase = MENU
                self.emit(ev.MENU)
            return
        _, options, deal = action
        options = {**self.prefs.get(self.variant.id, {}), **(options or {})}
        self.start_game(self.variant.rules(options), deal)

    def _on_menu(self, k: str) -> None:
        variants = self.games.variants
        if k.isdigit() and 1 <= int(k) <= len(variants):
            self.variant = variants[int(k) - 1]
            self.title = self.variant.title()
            self._phase = PROMPT
            self.emit(ev.CHOOSE, self.variant.id)

    def settle(self, limit: int = 100_000) -> None:
        """Tick until keys are acted on again (a flash or group move has played out)."""
        n = 0
        while self.busy:
            self.tick()
            n += 1
            if n > limit:
                raise RuntimeError("key machine did not settle")
