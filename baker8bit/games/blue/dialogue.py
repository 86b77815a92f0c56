"""The keys of Blue (docs/games/blue.md, "The console").

Every slot on the screen has a two-key name: a row letter, then the column's
character from the header over the grid (``A`` for the aces' column, ``1``..
``9``, ``0`` for 10, ``J`` ``Q`` ``K`` for 11, 12, 13). The board's rows are
``A``..``D``; the strategy's rows (the layout the player aims for) ``E``..``H``.
A click on a slot is its two keys (``console/pointer.py``).

The game starts in **strategy** mode: a board card (or a drawn strategy card)
takes the pen, a strategy slot receives it, and the pen goes on to the next
card of that suit (so clicking slot after slot draws a run); ``X`` erases the
pen's card from the strategy; an ace then another ace swaps them (before the
first move only). ``P`` switches to **play** mode (and back): a card, then its
gap (or ``T``: the one gap it fits; with two, a buzzer and both gaps marked,
the next slot picks one; none: the card flashes, nothing moves).

In both modes: SPACE one move back, RETURN one forward, ``S`` to the start,
``L`` to the last move; ``W`` writes the game file, ``R`` reads it back
(``FILE_NAME`` in the user data folder); HELP asks the checker (a fixed number
of positions, so a recording replays) for the next move of a win.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from baker8bit.console import dialogue as base
from baker8bit.console import thinking
from baker8bit.console.dialogue import IDLE, SELECTED, WON
from baker8bit.core import events as ev
from baker8bit.core.cards import SUITS
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE, SearchResult
from baker8bit.core.timing import Timing
from baker8bit.games.blue import checker, gamefile
from baker8bit.games.blue.game import BlueGame, rules_of
from baker8bit.games.blue.rules import GAP, Move, RulesError, aces_of, apply, card_text, rank_of, with_aces

STRATEGY, PLAY = "strategy", "play"
BOARD_ROWS, PLAN_ROWS = "ABCD", "EFGH"
COLUMNS = "A1234567890JQK"  # the key of columns 0..13
FILE_NAME = "blue.txt"  # the game file W writes and R reads, in the user data folder
HELP_CAP = 250_000  # positions one run of HELP's plan may keep (the Luby runs' largest, docs/games/blue.md)


def slot_key(row_letter: str, col: int) -> str:
    """The hit key of a slot: its two keys, space-separated (``"B 5"``)."""
    return f"{row_letter} {COLUMNS[col]}"


def think_plan(board: bytes, lay, can_set_aces: bool, orderings: int, cores: int,
               budgets: tuple[int, ...]) -> Iterator[SearchResult]:
    """HELP's task (``console/thinking.py``, a carrying task): the checker's plans of runs,
    checked at each level's budget (``checker.solve_by_levels``), so a level goes on from where
    the level before it stopped. While the aces may still be placed, the aces undecided (the
    search that also finds the wins of the aces as they are; a proof is one for every ordering
    still open) beside a plan for each ordering, which get ``orderings`` percent of the
    positions (the timing's ``help_orderings``; 0: the undecided plan alone), or, at ``cores`` 2
    (the timing's ``help_cores``), run beside it in a thread of their own, each side with all of
    the positions; else the aces as they are. Each level's result is ``thought_of``'s."""
    share = min(orderings, 100) if can_set_aces else 0  # a recording's value over 100: all of it
    for res in checker.solve_by_levels(board, lay, budgets, any_aces=can_set_aces, cap=HELP_CAP, orderings=share,
                                       cores=cores):
        yield thought_of(res, board, lay)


def thought_of(res: SearchResult, board: bytes, lay, acyclic: bool = True) -> SearchResult:
    """What HELP shows of a checker's result on ``board``: a win's first move when its
    ordering is the board's, else its ordering (each with the win, ``line``); a proof is
    "unsolvable"; else unknown. ``acyclic``: the line with its cycles cut (``cut_cycles``), else
    as found."""
    if res.outcome == SOLVED and res.moves:
        aces = tuple(res.detail["aces"])
        start = with_aces(board, aces, lay)
        line = (start, tuple(cut_cycles(start, res.moves) if acyclic else res.moves))
        if aces == aces_of(board, lay):
            return SearchResult(SOLVED, answer=("move", line[1][0], line), positions=res.positions)
        return SearchResult(SOLVED, answer=("aces", aces, line), positions=res.positions)
    outcome = UNSOLVABLE if res.outcome == UNSOLVABLE else UNKNOWN
    return SearchResult(outcome, positions=res.positions)


def cut_cycles(start: bytes, moves: list[Move]) -> list[Move]:
    """``moves`` from ``start`` without the loops that come back to a board met before: a win
    found with the aces undecided can pass a board twice once its ordering is fixed (two
    positions that differed only in an ace not yet placed), and HELP, which answers a board
    with the line's move from it (``on_line``), would then lead the player round that loop for
    ever. Each move is still legal from the board before it; the line ends on the same board."""
    boards, out = {start: 0}, []
    b = start
    for m in moves:
        b = apply(b, m)
        if b in boards:  # back to a board of the line: drop the loop
            del out[boards[b]:]
            boards = {x: i for x, i in boards.items() if i <= len(out)}
        else:
            out.append(m)
            boards[b] = len(out)
    return out


def on_line(line, board: bytes) -> Move | None:
    """The move HELP's remembered win makes from ``board``, if ``board`` is one of its boards
    (before its last move); else None."""
    start, moves = line
    b = start
    for m in moves:
        if b == board:
            return m
        b = apply(b, m)
    return None


def from_line(line, board: bytes, lay, can_set_aces: bool):
    """HELP's answer from its remembered win, without a search: the win's next move when
    ``board`` is one of its boards; while the aces may still be placed and ``board`` is the
    win's start with other aces, the win's ordering again; else None."""
    move = on_line(line, board)
    if move is not None:
        return ("move", move, line)
    aces = aces_of(line[0], lay)
    if can_set_aces and with_aces(board, aces, lay) == line[0]:
        return ("aces", aces, line)
    return None


def _known(answer, budget: int) -> SearchResult:
    """HELP's task when its remembered win answers (``from_line``)."""
    return SearchResult(SOLVED, answer=answer)


class BlueDialogue(base.Dialogue):
    """Blue's keys on the shared dialogue (``console/dialogue.py``: flash, WINNER, HELP's blink);
    ``selected`` is the hit key of the selected slot (it blinks)."""

    def __init__(self, game: BlueGame, timing: Timing, emit: Callable[..., None], clock: Callable[[], int]):
        super().__init__(game, timing, emit, clock)
        game.mode = STRATEGY if game.moves == 0 else PLAY
        self.line = None  # HELP's last win, (start board, moves): a board on it is answered at once

    # -- what the screen reads ------------------------------------------------

    @property
    def lay(self):
        return self.game.position.layout

    def begin(self, resumed: bool = False) -> None:
        super().begin(resumed or bool(self.game.moves))  # a game file loaded mid-game goes on

    def clear(self) -> None:
        self._deselect()
        self.clear_hint()

    def _deselect(self) -> None:
        g = self.game
        self.selected = None
        g.pen = None
        g.marks = ()
        g.pending = None
        if self.phase == SELECTED:
            self.phase = IDLE

    def pending(self) -> tuple[str, ...]:
        """A card picked up from the board is put down with its slot again; the pen (a strategy
        card picked up from the target layout, or the next card of a run drawn) with the pen
        card's board slot twice (the first picks it up there, the second puts it down)."""
        if self.phase != SELECTED:
            return ()
        if self.selected and self.selected[0] in BOARD_ROWS:
            return (self.selected,)
        pen = self.game.pen
        if pen is None:
            return ()
        i = self.game.position.board.index(pen)
        slot = slot_key(BOARD_ROWS[i // self.lay.width], i % self.lay.width)
        return (slot, slot)

    # -- keys -------------------------------------------------------------------

    def press(self, k: str) -> None:
        if self.phase not in (IDLE, SELECTED):
            return
        g = self.game
        g.message = ""
        self.clear_hint()
        lay = self.lay
        if g.pending is not None:
            row, g.pending = g.pending, None
            if k in COLUMNS[: lay.width]:
                self._slot(row, COLUMNS.index(k))
                return
        if k in BOARD_ROWS[: lay.suits] or k in PLAN_ROWS[: lay.suits]:
            g.pending = k
            return
        if k == "P":
            self._deselect()
            g.mode = PLAY if g.mode == STRATEGY else STRATEGY
            self.emit(ev.MODE, g.mode)
        elif k == "T":
            if self.phase == SELECTED and g.mode == PLAY:
                self._go()
        elif k == "X":
            if self.phase == SELECTED and g.mode == STRATEGY:
                self._erase()
        elif k in ("SPACE", "RETURN", "S", "L"):
            self._history(k)
        elif k == "W":
            self._save()
        elif k == "R":
            self._load()
        elif k == "HELP":
            self._help()

    def _slot(self, row: str, col: int) -> None:
        lay = self.lay
        board = row in BOARD_ROWS
        index = (BOARD_ROWS if board else PLAN_ROWS).index(row) * lay.width + col
        key = slot_key(row, col)
        if self.game.mode == PLAY:
            if board:
                self._play_slot(index, key)
        elif board:
            self._strategy_board(index, key)
        else:
            self._strategy_plan(index, key)

    def _select(self, key: str | None, what: str) -> None:
        self.selected = key
        self.select_start = self.clock()
        self.phase = SELECTED
        self.emit(ev.SELECT, what)

    # -- play mode ----------------------------------------------------------------

    def _play_slot(self, index: int, key: str) -> None:
        g = self.game.position
        c = g.board[index]
        if self.phase == IDLE:
            if c == GAP or rank_of(c) == 1:
                self._start_flash(key)  # a gap or an ace: nothing to pick up
            else:
                self._select(key, card_text(c))
            return
        if key == self.selected:
            self.emit(ev.CANCEL, card_text(self._selected_card()))
            self._deselect()
            return
        card = self._selected_card()
        if index in g.targets(card):
            self._move(Move(card, index))
        else:
            self._start_flash(key)  # not a gap this card fits: it stays where it was

    def _selected_card(self) -> int:
        row, col = self.selected.split()
        lay = self.lay
        return self.game.position.board[BOARD_ROWS.index(row) * lay.width + COLUMNS.index(col)]

    def _go(self) -> None:
        """``T`` (a double-click): the card's one gap; two: a buzzer and both marked; none: a flash."""
        card = self._selected_card()
        targets = self.game.position.targets(card)
        if not targets:
            self._start_flash(self.selected)
        elif len(targets) == 1:
            self._move(Move(card, targets[0]))
        else:
            self.game.marks = tuple(targets)
            self.emit(ev.BUZZER)

    def _move(self, move: Move) -> None:
        g = self.game
        g.position.play(move)
        self._deselect()
        self._announce(move)

    def _announce(self, move: Move) -> None:
        self.announce(move)

    def move_keys(self, move: Move) -> tuple[str, str]:
        return card_text(move.card), self.lay.slot_text(move.to)

    # -- strategy mode ------------------------------------------------------------

    def _strategy_board(self, index: int, key: str) -> None:
        g = self.game
        c = g.position.board[index]
        lay = self.lay
        if self.phase == SELECTED and key == self.selected:
            self.emit(ev.CANCEL, card_text(g.pen))
            self._deselect()
            return
        if (self.phase == SELECTED and self.selected and self.selected[0] in BOARD_ROWS
                and index % lay.width == 0 and g.pen is not None and rank_of(g.pen) == 1):
            self._swap_aces(BOARD_ROWS.index(self.selected[0]), index // lay.width)
            return
        if c == GAP:
            self._start_flash(key)
            return
        g.pen = c
        self._select(key, card_text(c))

    def _swap_aces(self, a: int, b: int) -> None:
        g = self.game
        if not g.position.can_set_aces():
            g.message = "ACES ONLY AT START"
            self._start_flash(self.selected)
            return
        order = list(g.position.aces)
        order[a], order[b] = order[b], order[a]
        g.position.set_aces(tuple(order))
        self._deselect()
        self.emit(ev.ACES, "".join(SUITS[s] for s in order))
        self.emit(ev.TONE)

    def _strategy_plan(self, index: int, key: str) -> None:
        g = self.game
        lay = self.lay
        plan = list(g.position.strategy)
        if g.pen is None:
            if plan[index] is None or plan[index] == GAP:
                self._start_flash(key)  # nothing drawn here to pick up
                return
            g.pen = plan[index]
            self._select(key, card_text(g.pen))
            return
        pen = g.pen
        if (rank_of(pen) == 1) != (index % lay.width == 0):
            self._start_flash(key)  # aces in column A, and only aces
            return
        plan = [None if c == pen else c for c in plan]
        plan[index] = pen
        try:
            g.position.set_strategy(plan)
        except RulesError:
            self._start_flash(key)
            return
        self.emit(ev.PLAN, card_text(pen), lay.slot_text(index))
        nxt = pen + 1 if rank_of(pen) < lay.ranks else None  # the pen goes on along the suit
        self.selected = None
        g.pen = nxt
        if nxt is None:
            self._deselect()

    def _erase(self) -> None:
        g = self.game
        pen = g.pen
        if pen in g.position.strategy:
            g.position.set_strategy(None if c == pen else c for c in g.position.strategy)
            self.emit(ev.PLAN, card_text(pen), "-")
        self._deselect()

    # -- history, files, help -------------------------------------------------------

    def _history(self, k: str) -> None:
        pos = self.game.position
        self._deselect()
        if k == "SPACE" or k == "S":
            steps = 1 if k == "SPACE" else pos.cursor
            for _ in range(steps):
                pos.back()
                self.emit(ev.TAKEBACK)
            if steps:
                self.emit(ev.TONE)
            return
        steps = 1 if k == "RETURN" else len(pos.history) - pos.cursor
        for _ in range(min(steps, len(pos.history) - pos.cursor)):
            pos.forward()
            self.emit(ev.REDO)
            self._announce(pos.history[pos.cursor - 1])
            if self.phase == WON:
                return

    def _save(self) -> None:
        self.request = base.Request("save", name=FILE_NAME, text=gamefile.dumps(self.game.position))

    def _load(self) -> None:
        self.request = base.Request("load", name=FILE_NAME, limit=gamefile.MAX_BYTES)

    def answer(self, request: base.Request, data: bytes | None, error: str | None) -> None:
        """The game file written (W) or read (R) by the machine (``console/machine.py``)."""
        if request.kind == "save":
            self._saved(error)
            return
        try:
            if error is not None:
                raise gamefile.GameFileError(error)
            loaded = gamefile.from_bytes(data)
        except gamefile.GameFileError as e:
            text = str(e)
            self.game.message = ("NO SAVED GAME" if "cannot read" in text
                                 else ("BAD " + text.split(":")[0]).upper()[:20])
            self.emit(ev.LOAD, "error", text)
            self._start_flash("line")
            return
        self._loaded(loaded)

    def _saved(self, error: str | None) -> None:
        if error is not None:  # a failed save never stops the game
            self.game.message = "CANNOT SAVE"
            self.emit(ev.SAVE, f"error {error}")
            return
        self.game.message = "SAVED " + FILE_NAME.upper()
        self.emit(ev.SAVE, FILE_NAME)

    def _loaded(self, loaded) -> None:
        new = BlueGame(rules_of(loaded.layout), loaded.seed, loaded)
        self.game = new
        new.mode = STRATEGY if loaded.cursor == 0 else PLAY
        new.message = "LOADED " + FILE_NAME.upper()
        self.emit(ev.LOAD, FILE_NAME)
        self.emit(ev.DEAL, new.rules.label, new.deal)
        self.emit(ev.RESUME, new.moves, new.takebacks_left)
        if new.won:
            self._win()

    def _help(self) -> None:
        pos = self.game.position
        self.emit(ev.HELP)
        self.hint_start = self.clock()
        self.hint_text = "THINKING"
        known = from_line(self.line, pos.board, self.lay, pos.can_set_aces()) if self.line else None
        if known is not None:  # from HELP's last win, at the first frame a level may be due
            self.think(thinking.Task(_known, (known,), levels=(1,), budget=0))
        else:  # the plans of runs, carried on from level to level
            self.think(thinking.Task(think_plan, (pos.board, self.lay, pos.can_set_aces(),
                                                  self.timing.help_orderings, self.timing.help_cores),
                                     carry=True,
                                     rate=self.timing.help_plan, lead=self.timing.help_lead,
                                     levels=thinking.EVERY_FRAME))

    def show_thought(self, thought: SearchResult) -> None:
        pos, lay = self.game.position, self.lay
        if thought.outcome == SOLVED and len(thought.answer) > 2:
            self.line = thought.answer[2]
        if thought.outcome == SOLVED and thought.answer[0] == "move":
            m = thought.answer[1]
            src = pos.board.index(m.card)
            self.hint = (slot_key(BOARD_ROWS[src // lay.width], src % lay.width),
                         slot_key(BOARD_ROWS[m.to // lay.width], m.to % lay.width))
            self.hint_text = m.text(lay)
            self.emit(ev.HINT, self.hint_text)
        elif thought.outcome == SOLVED:
            want = thought.answer[1]
            self.hint_text = "ACES " + "".join(SUITS[s] for s in want)
            have = aces_of(pos.board, lay)
            row = next((r for r in range(lay.suits) if have[r] != want[r]), None)
            if row is not None:  # the first swap: this row's ace and the one it wants
                self.hint = (slot_key(BOARD_ROWS[row], 0), slot_key(BOARD_ROWS[have.index(want[row])], 0))
            self.emit(ev.HINT, self.hint_text)
        elif thought.outcome == UNSOLVABLE:
            self.hint_text = "NO WIN FROM HERE"
            self.emit(ev.HINT, "lost")
        else:
            self.hint_text = "NO ANSWER"
            self.emit(ev.HINT, "unknown")

    def _start_flash(self, what: str | None) -> None:
        self._deselect()
        self.start_flash(what or "line")

    def win(self) -> None:
        self._deselect()
        super().win()

    _win = win
