"""The keys of sequence solitaire, in the 1989 program's style.

``H`` is the hand card, ``A``..``D`` the storage piles, ``1``..``4`` the final
piles. A move is two keys, source then target, as the handout's moves are
written (``H3``: the hand card to final pile 3; ``HB``: onto storage pile B;
``C1``: the top of storage pile C to final pile 1); ``T`` as the target sends
the card to the first final pile it continues. The first key turns black (the
card blinks); the same key again cancels; an empty source flashes its letter;
a move the rules do not allow flashes the line of letters. Space takes back,
RETURN redoes, HELP shows the move the sampling player would make (the game's ``hint``
option; ``lookahead``, the look-ahead player's). A game
ends in WINNER (any key goes back to the title) or, with no legal move left,
with ``NO MOVES LEFT`` on the status line (space still takes back).
"""

from __future__ import annotations

from baker8bit.console import dialogue as base
from baker8bit.console import thinking
from baker8bit.console.dialogue import IDLE
from baker8bit.core import events as ev
from baker8bit.core.outcome import SOLVED, UNSOLVABLE, SearchResult
from baker8bit.games.sequence.players import best_move, hint_samples, sampling_move
from baker8bit.games.sequence.rules import STORAGE_NAMES, Move

SOURCES = "H" + STORAGE_NAMES
FINALS = "1234"


# HELP's answer (the look-ahead player's move: a fixed amount of work, no budget) comes this
# many frames after the press, time enough for a worker process to find it (34 ms at most on
# deals 1..100 on the machine the benchmarks ran on).
HELP_FRAMES = 6


def think(position, budget: int) -> SearchResult:
    """HELP's task: the move the look-ahead player makes here (``players.best_move``), or None
    when the game is over ("unsolvable": no move is left)."""
    move = best_move(position) if not position.over() else None
    return SearchResult(UNSOLVABLE if move is None else SOLVED, answer=move)


# HELP with the sampling player (``hint=sampling``): ``players.hint_samples(help_rate)`` samples
# (64 at 8000), answered this many frames after the press (533 ms). Each distinct move on each
# sample gets one eager try of at most ``players.SAMPLE_STATES`` (200) positions; measured with
# the compiled search on the shared machine along the player's games of deals 1..50 (3755
# choices): median 25 ms, p99 83 ms (docs/games/sequence.md, ``bench_sequence.py``).
SAMPLING_FRAMES = 32


def think_sampling(position, samples: int) -> SearchResult:
    """HELP's task with the sampling player: its move here with ``samples`` samples (the task's
    one budget), seeded from the visible position; None when the game is over."""
    move = sampling_move(position, samples) if not position.over() else None
    return SearchResult(UNSOLVABLE if move is None else SOLVED, answer=move)


class SequenceDialogue(base.Dialogue):
    def on_idle(self, k: str) -> None:
        g = self.game
        self.clear_hint()
        if k == "SPACE":
            self.take_back()
        elif k == "RETURN":
            self.redo()
        elif k == "HELP":
            self._help()
        elif k in SOURCES:
            has_card = g.position.hand is not None if k == "H" else bool(g.position.storage[STORAGE_NAMES.index(k)])
            if has_card:
                self.select(k)
            else:
                self.start_flash(k)

    def on_selected(self, k: str) -> None:
        g = self.game
        if k == self.selected:
            self.cancel(k)
            return
        if not (len(k) == 1 and (k.isalpha() or k in FINALS)):
            return  # waits for a target key
        move = self._move(self.selected, k)
        if move is None or not g.can(move):
            self.start_flash("line")
            return
        self.selected = None
        self.phase = IDLE
        g.push(move)
        self.announce(move)

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
        self.emit(ev.HELP)
        self.hint_start = self.clock()
        self.hint_text = "THINKING"
        if self.game.rules.hint == "sampling":
            self.think(thinking.Task(think_sampling, (self.game.position,), levels=(SAMPLING_FRAMES,),
                                     budget=hint_samples(self.timing.help_rate)))
            return
        self.think(thinking.Task(think, (self.game.position,), levels=(HELP_FRAMES,), budget=0))

    def show_thought(self, thought: SearchResult) -> None:
        if thought.answer is None:
            self.hint_text = "NO MOVES LEFT"
            self.emit(ev.HINT, "lost")
            return
        text = str(thought.answer)
        self.hint_text = ""
        self.hint = tuple(text)
        self.emit(ev.HINT, text)
