"""King Albert's dialogue: the 1989 keys, with the instructions' mouse moves, buttons and options.

Keys (each a click too, ``screen.py`` marks where):

- a letter selects a building stack (``A``-``I``, its top card) or a reserve card (``J``-``P``);
  the same letter again selects the stack's whole ordered run ("clicking twice on the stack"),
  once more cancels; then a stack letter is the destination, ``T`` the suit stacks. From a
  stack onto a card, the ordered cards move that fit ("if there is a card in the ordered
  sequence which has a different color and a rank one less"), needing an empty stack for each
  moved card below the top card; into an empty stack, one card, or, with the run selected, as
  many as there are empty stacks. ``T``, letter, letter is the 1989 group command, kept.
- ``S`` then a letter (a right click on a stack): its top card, or its selected cards, to empty
  stacks, one card each, until no card or no empty stack is left.
- ``X`` (Shift held, ``Variant.shift_key``): the next run move is made even without the empty
  stacks it needs, in one move (the "cheat"; the game is then a game won with a cheat).
- the buttons: ``Q`` NEW GAME (a random deal, the options set), ``R`` RESTART (the deal as
  dealt), ``SPACE`` UNDO, ``V`` OPTIONS (``S`` the next starting rank, ``A`` automatic moves on
  or off, ``V`` or ``RETURN`` closes).

After each of the player's moves (and at the deal and a restart) the cards that may go home
safely from the tops of the stacks go, one move each, ``group_step`` frames apart, when the
rules (or the options window) have automatic moves on; undo takes them back one at a time.
"""

from __future__ import annotations

from baker8bit.console.dialogue import FLASH, IDLE, SELECTED, WON, Request
from baker8bit.core import events as ev
from baker8bit.freecell.dialogue import LETTERS, MOVING, FreecellDialogue
from baker8bit.freecell.moves import GroupError, Move, RunMove, card_at, group_moves, run_fits, run_length, safe_home

SPREAD, OPTIONS = "spread", "options"
NEW, RESTART, UNDO, OPEN, TO_SPACES, CHEAT = "Q", "R", "SPACE", "V", "S", "X"
RANK_KEY, AUTO_KEY = "S", "A"


class KingAlbertDialogue(FreecellDialogue):
    def __init__(self, game, timing, emit, clock, variant):
        super().__init__(game, timing, emit, clock)
        self.variant = variant  # its rule sets: the options window changes the game's
        self.cheat = False  # X (Shift) was pressed: the next run move ignores the empty stacks
        self.spread_from: tuple[str, int] | None = None  # the selection S acts on
        # what the screen shows besides the view (screen.py reads them off the game)
        self.next_options = {"starting_rank": game.rules.base, "auto": game.rules.auto_home}
        self.count = 0  # the cards of the selected stack's run that are selected

    @property
    def busy(self) -> bool:
        return self.phase in (FLASH, MOVING)

    @property
    def black(self) -> frozenset[str]:
        if self.phase == SPREAD:
            return frozenset(("S",))
        return super().black

    def begin(self, resumed: bool = False) -> None:
        super().begin(resumed)
        if not resumed and self.phase != WON:
            self._auto()

    # -- keys ----------------------------------------------------------------------

    def press(self, k: str) -> None:
        if self.phase == OPTIONS:
            self._on_options(k)
        elif k == NEW:
            self.clear()
            self.phase = IDLE
            self.request = Request("new", options=dict(self.next_options))
        elif k == RESTART:
            self.clear()
            self.phase = IDLE
            self.game.restart()
            self.emit(ev.RESTART)
            self.emit(ev.TONE)
            if not self._auto():
                self.say_lost()
        elif k == OPEN:
            self.clear()
            self.phase = OPTIONS
        elif k == CHEAT and self.phase in (IDLE, SELECTED):
            self.cheat = True
        elif k == UNDO and self.phase in (SELECTED, SPREAD):
            self.clear()
            self.phase = IDLE
            self.take_back()
        elif self.phase == SPREAD:
            self._on_spread(k)
        elif k == TO_SPACES and self.phase in (IDLE, SELECTED):
            self.clear_hint()
            self.spread_from = (self.selected, self.count) if self.phase == SELECTED else None
            self.selected = None
            self.phase = SPREAD
            self.emit(ev.SELECT, "S")
        else:
            super().press(k)

    def clear(self) -> None:
        self.count = 0
        self.spread_from = None
        self.cheat = False
        super().clear()

    def pending(self) -> tuple[str, ...]:
        """The options window closes with ``V``; ``S`` waiting for a stack is cancelled with ``S``;
        a stack whose top card alone is selected takes its letter twice (the first selects its
        run, the second puts it down)."""
        if self.phase == OPTIONS:
            return (OPEN,)
        if self.phase == SPREAD:
            return (TO_SPACES,)
        if self.phase == SELECTED and self.selected:
            place = self.game.rules.place(self.selected)
            if self.count == 1 and place[0] == "column" and run_length(self.game.position.columns[place[1]],
                                                                       self.game.rules) > 1:
                return (self.selected, self.selected)
        return super().pending()

    def screen_detail(self) -> dict:
        return {"count": self.count, "options": dict(self.next_options)}

    def select(self, k: str) -> None:
        self.count = 1
        super().select(k)

    def on_selected(self, k: str) -> None:
        g = self.game
        if k == self.selected:
            place = g.rules.place(k)
            if self.count == 1 and place[0] == "column" and run_length(g.position.columns[place[1]], g.rules) > 1:
                self.count = run_length(g.position.columns[place[1]], g.rules)
                self.emit(ev.SELECT, k)  # "first select all the ordered cards by clicking twice on the stack"
            else:
                self.cancel(k)
            return
        if k not in LETTERS:
            return
        src = g.rules.place(self.selected)
        dst = ("terminal", -1) if k == "T" else g.rules.place(k)
        if dst is None:
            self.start_flash("line")
            return
        single = Move(src, dst)
        if src[0] == "column" and dst[0] == "column" and not (self.count == 1 and g.can(single)):
            self._run(src[1], dst[1], k)
            return
        if not g.can(single):
            self.start_flash("line")
            return
        self._done()
        self._do_move(single)
        self._after()

    def _run(self, src: int, dst: int, k: str) -> None:
        """A run from stack ``src`` to stack ``dst``: the engine's group move (n cards need n-1
        empty stacks; into an empty stack, as many cards as empty stacks), or with the cheat one
        move of all of them."""
        g = self.game
        pos, rules = g.position, g.rules
        try:
            steps = group_moves(pos, src, dst, rules)
        except GroupError as e:
            n = self._cheat_count(src, dst)
            if n is None:
                self.start_flash(self.selected if e.side == "src" else k)
                return
            self._cheat_move(RunMove(src, dst, n))
            return
        moved = sum(m.dst == ("column", dst) for m in steps)  # each card of the run lands there once
        if not pos.columns[dst] and self.cheat and self.count > moved:
            self._cheat_move(RunMove(src, dst, self.count))  # all the selected cards, at once
            return
        self._done()
        self.queue = steps
        self.phase = MOVING
        self._step_group()

    def _cheat_count(self, src: int, dst: int) -> int | None:
        """How many cards the cheat moves from ``src`` onto ``dst``, or None (no cheat, or no
        card of the run fits)."""
        if not self.cheat or not self.game.rules.cheat:
            return None
        pos, rules = self.game.position, self.game.rules
        col, target = pos.columns[src], pos.columns[dst]
        run = run_length(col, rules)
        if not target:
            return self.count if self.count > 1 else None
        n = target[-1] % 13 - col[-1] % 13
        return n if 2 <= n <= run and self._fits(src, dst, n) else None

    def _fits(self, src: int, dst: int, n: int) -> bool:
        return run_fits(self.game.position, RunMove(src, dst, n), self.game.rules)

    def _cheat_move(self, move: RunMove) -> None:
        g = self.game
        self._done()
        g.push(move)
        g.cheated = True
        keys = move.keys(g.rules)
        self.emit(ev.CHEAT, keys[0], keys[1], move.n)
        self.announce(move)
        self._after()

    def _on_spread(self, k: str) -> None:
        g = self.game
        if k == TO_SPACES:
            self.emit(ev.CANCEL, "S")
            self.clear()
            self.phase = IDLE
            return
        if k not in LETTERS:
            return
        place = g.rules.place(k)
        if place is None or card_at(g.position, place) is None:
            self.start_flash(k if place is not None else "line")
            return
        empties = [i for i, col in enumerate(g.position.columns) if not col]
        n = self.spread_from[1] if self.spread_from and self.spread_from[0] == k else 1
        if place[0] == "column":
            n = min(n, len(g.position.columns[place[1]]) - 1)  # a lone card stays (it is its own empty stack)
        if not empties or n < 1:
            self.start_flash(k)  # no empty stack to move to
            return
        steps = [Move(place, ("column", e)) for e in empties[:n]]
        self._done()
        self.queue = steps
        self.phase = MOVING
        self._step_group()

    def _on_options(self, k: str) -> None:
        o = self.next_options
        if k == RANK_KEY:
            o["starting_rank"] = (o["starting_rank"] + 1) % 13  # takes effect with the next new game
        elif k == AUTO_KEY:
            o["auto"] = not o["auto"]
            # takes effect at once: the game goes on under the rule set with the other setting
            self.game.rules = self.variant.rules({"starting_rank": self.game.rules.base, "auto": o["auto"]})
        elif k in (OPEN, "RETURN", "SPACE"):
            self.phase = IDLE
            return
        else:
            return
        self.emit(ev.OPTIONS, o["starting_rank"], "on" if o["auto"] else "off")

    # -- moves -----------------------------------------------------------------------

    def _done(self) -> None:
        """A command was understood: the selection and the cheat are used up."""
        self.selected = None
        self.count = 0
        self.spread_from = None
        self.cheat = False
        self.phase = IDLE

    def _after(self) -> None:
        if self.phase != WON:
            self._auto()

    def _auto(self) -> bool:
        """Queue the next automatic move home, if the rules have them and one is due."""
        if not self.game.rules.auto_home or self.phase == WON:
            return False
        m = safe_home(self.game.position, self.game.rules)
        if m is None:
            return False
        self.queue.append(m)
        self.auto_next = True
        self.phase = MOVING
        self.next_step = self.clock() + self.timing.group_step
        return True

    auto_next = False  # the move queued is an automatic one

    def _step_group(self) -> None:
        move = self.queue.pop(0)
        if self.auto_next and not self.queue:
            self.auto_next = False
            self.emit(ev.AUTO, move.keys(self.game.rules)[0])
        self._do_move(move)
        if self.phase == WON:
            return
        if self.queue:
            self.next_step = self.clock() + self.timing.group_step
        elif not self._auto():
            self.phase = IDLE
