"""Depth-first search for games that build down in alternating colours (King Albert).

The sibling of ``search.py`` (which builds in suit only and is tuned for it); this one is kept
plain so that it can be read against the rules, and made faster later.

A state is ``(cols, cells, found)``: a tuple of ``bytes`` per column (top card first, exposed
card last; a card is ``suit * 13 + rank``), a tuple per cell (a card, or ``FREE``), and per suit
how many cards are home. Two states that differ only in the order of their columns or of their
cells win or lose together, so the set of states seen holds a canonical key (the columns sorted,
then the cells sorted). The moves are single-card moves, as fc-solve's atomic moves:

- a card home that is not safe (below), from a column or a cell;
- a card from a cell onto the exposed card one rank higher of the other colour, or into the
  first empty column (if the rules let it fill one);
- an exposed card onto such a card in another column, or into the first empty column (not a
  lone card: that gives the same key), or into the first empty cell (only where the cells are
  not a reserve: nothing may enter King Albert's).

After every move the **safe moves home** are made at once (``safety.py``, "Alternating
colours"): a card goes home when both cards that could ever be put on it (one rank lower, the
other colour) are free: home already, or the next of their suit with both cards that could go on
them free (the free-card rule); an ace always. King Albert's own rule for its automatic moves is
the narrower one (both home), so the moves are made in the game's order: the ones its rule makes
from the columns first, repeatedly; then one move of the player's (a safe card in a cell, else a
column's top card safe by the free-card rule only: the game moves only the tops of the building
stacks, and only by its rule), and the columns are looked at again. ``Result.auto``
lists the indices of the moves the game makes by itself when its rules have ``auto_home``.

The stack holds states; each carries its depth, and the path of moves is cut back to it when it
is popped (everything popped between a state and its children lies below them). A limit on the
states kept (``max_states``) or on the time makes the answer ``unknown``; with none, the search
is exhaustive, and ``unsolvable`` is a proof.
"""

from __future__ import annotations

import time

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver.search import Result

FREE = 254  # an empty cell
_SEP = b"\xff"
_CLOCK_EVERY = 512


def _red(card: int) -> bool:
    return card // 13 in (1, 2)  # diamonds and hearts (cards.SUITS = "CDHS")


def _other_colour(card: int) -> tuple[int, int]:
    """The two suits of the other colour."""
    return (0, 3) if _red(card) else (1, 2)


def _game_safe(card: int, found) -> bool:
    """Does the game move ``card`` home by itself (King Albert's automatic move): may it go home,
    with both cards that could be put on it home already?"""
    s, r = divmod(card, 13)
    if found[s] != r:
        return False
    a, b = _other_colour(card)
    return found[a] >= r and found[b] >= r


def _free(card: int, found) -> bool:
    """Is ``card`` home, or the next of its suit with both cards that could go on it free?"""
    s, r = divmod(card, 13)
    if found[s] != r:
        return found[s] > r
    return r == 0 or all(_free(o * 13 + r - 1, found) for o in _other_colour(card))


def _safe(card: int, found) -> bool:
    """May ``card`` go home now, and is that safe? Both cards that could go on it are free (the
    free-card rule, ``safety.py``: nothing need ever be put on it again)."""
    return found[card // 13] == card % 13 and _free(card, found)


def _key(cols, cells) -> bytes:
    return _SEP.join(sorted(cols)) + _SEP + bytes(sorted(cells))


class ColourSearch:
    """As ``search.Search``: ``step(budget)`` until it returns a ``Result``."""

    def __init__(self, position: Position, rules: RuleSet, max_states: int | None = None,
                 max_seconds: float | None = None) -> None:
        position.check(rules)
        if rules.build != "colour":
            raise ValueError(f"this search builds in alternating colours; {rules.name} builds by {rules.build}")
        self.rules = rules
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.result: Result | None = None
        self._ncol = rules.columns
        self._any_empty = rules.empty == "any"
        self._park = not rules.reserve  # may a card from a column enter an empty cell?
        letters = [rules.column_letter(i) for i in range(rules.columns)]
        letters += [rules.cell_letter(j) for j in range(rules.cells)] + ["T"]
        self._letters = letters
        self._home = len(letters) - 1
        cols = [bytes(c) for c in position.columns]
        cells = [FREE if c is None else c for c in position.cells]
        found = list(position.foundations)
        moves: list[str] = []
        auto: list[bool] = []
        self._settle(cols, cells, found, moves, auto)
        state = (tuple(cols), tuple(cells), tuple(found))
        self._seen = {_key(state[0], state[1])}
        self._path: list[tuple[tuple[str, ...], tuple[bool, ...]]] = []
        self._stack: list = []
        self._first = (tuple(moves), tuple(auto))
        # the most empty columns of any state seen (the study of the tip "a game is probably not
        # winnable if at least two spaces cannot be created"; see the README)
        self.max_empty = sum(1 for c in cols if not c)
        if sum(found) == 13 * rules.suits:
            self.result = Result(SOLVED, moves, 1, 0.0, tuple(i for i, a in enumerate(auto) if a))
        else:
            self._stack.append((state, 0, self._first))

    # -- the safe moves home ------------------------------------------------------

    def _settle(self, cols: list, cells: list, found: list, moves: list, auto: list) -> None:
        """Make the safe moves home: from the columns those the game moves itself while any goes
        (its automatic moves), then one move of the player's (a safe card from a cell, else a
        column's top card safe by the free-card rule only), and again."""
        home = self._home
        while True:
            moved = True
            while moved:
                moved = False
                for i, col in enumerate(cols):
                    while col and _game_safe(col[-1], found):
                        found[col[-1] // 13] += 1
                        col = col[:-1]
                        moves.append(self._letters[i] + "T")
                        auto.append(True)
                        moved = True
                    cols[i] = col
            for j, c in enumerate(cells):
                if c != FREE and _safe(c, found):
                    found[c // 13] += 1
                    cells[j] = FREE
                    moves.append(self._letters[self._ncol + j] + self._letters[home])
                    auto.append(False)
                    break
            else:
                for i, col in enumerate(cols):
                    if col and _safe(col[-1], found):
                        found[col[-1] // 13] += 1
                        cols[i] = col[:-1]
                        moves.append(self._letters[i] + "T")
                        auto.append(False)
                        break
                else:
                    return

    # -- the moves of a state -----------------------------------------------------------

    def _moves(self, cols, cells, found) -> list[tuple[int, int, int]]:
        """Candidate single moves as (source place, destination place, priority), best first.
        Places: columns 0..C-1, cells C.., home last."""
        ncol, home = self._ncol, self._home
        tops = {col[-1]: i for i, col in enumerate(cols) if col}
        empty = next((i for i, col in enumerate(cols) if not col), -1)
        free = next((j for j, c in enumerate(cells) if c == FREE), -1)
        out = []

        def parent_of(card: int) -> list[int]:
            """Columns whose exposed card takes ``card`` (one rank higher, the other colour)."""
            r = card % 13
            if r == 12:
                return []
            return [tops[s * 13 + r + 1] for s in _other_colour(card) if s * 13 + r + 1 in tops]

        for j, c in enumerate(cells):
            if c == FREE:
                continue
            src = ncol + j
            if found[c // 13] == c % 13:
                out.append((src, home, 0))
            for d in parent_of(c):
                out.append((src, d, 1))
            if empty >= 0 and (self._any_empty or c % 13 == 12):
                out.append((src, empty, 4))
        for c, i in tops.items():
            col = cols[i]
            if found[c // 13] == c % 13:
                out.append((i, home, 0))
            for d in parent_of(c):
                # prefer emptying short columns and uncovering low cards
                out.append((i, d, 2 if len(col) > 1 else 1))
            if len(col) > 1:
                if empty >= 0 and (self._any_empty or c % 13 == 12):
                    out.append((i, empty, 5))
                if self._park and free >= 0:
                    out.append((i, ncol + free, 6))
        out.sort(key=lambda m: m[2])
        return out

    def _child(self, state, move):
        """The state after ``move`` and its safe moves home, with their key pairs and auto flags."""
        cols, cells, found = list(state[0]), list(state[1]), list(state[2])
        s, d, _ = move
        ncol = self._ncol
        if s < ncol:
            card = cols[s][-1]
            cols[s] = cols[s][:-1]
        else:
            card = cells[s - ncol]
            cells[s - ncol] = FREE
        if d == self._home:
            found[card // 13] += 1
        elif d < ncol:
            cols[d] = cols[d] + bytes((card,))
        else:
            cells[d - ncol] = card
        moves = [self._letters[s] + self._letters[d]]
        auto = [False]
        self._settle(cols, cells, found, moves, auto)
        return (tuple(cols), tuple(cells), tuple(found)), (tuple(moves), tuple(auto))

    # -- the search -----------------------------------------------------------------

    def step(self, budget_states: int | None = None) -> Result | None:
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        try:
            return self._run(budget_states, t0)
        finally:
            self.seconds += time.perf_counter() - t0
            if self.result is not None:
                self.result.seconds = self.seconds

    def _finish(self, outcome: str, steps=()) -> Result:
        moves = [m for ms, _ in steps for m in ms]
        flags = [a for _, fs in steps for a in fs]
        self.result = Result(outcome, moves, len(self._seen), self.seconds,
                             tuple(i for i, a in enumerate(flags) if a))
        self._stack = []
        return self.result

    def _run(self, budget: int | None, t0: float) -> Result | None:
        seen, stack, path = self._seen, self._stack, self._path
        total = 13 * self.rules.suits
        stop_at = len(seen) + max(1, budget) if budget is not None else None
        deadline = t0 + self.max_seconds - self.seconds if self.max_seconds is not None else None
        next_clock = len(seen) + _CLOCK_EVERY
        while stack:
            if stop_at is not None and len(seen) >= stop_at:
                return None
            if deadline is not None and len(seen) >= next_clock:
                next_clock = len(seen) + _CLOCK_EVERY
                if time.perf_counter() >= deadline:
                    return self._finish(UNKNOWN)
            state, depth, step = stack.pop()
            path[depth:] = (step,)
            children = []
            for move in self._moves(*state):
                child, cstep = self._child(state, move)
                key = _key(child[0], child[1])
                if key in seen:
                    continue
                if self.max_states is not None and len(seen) >= self.max_states:
                    return self._finish(UNKNOWN)
                seen.add(key)
                empties = child[0].count(b"")
                if empties > self.max_empty:
                    self.max_empty = empties
                if sum(child[2]) == total:
                    return self._finish(SOLVED, path + [cstep])
                children.append((child, depth + 1, cstep))
            children.reverse()  # the best move is explored first
            stack.extend(children)
        return self._finish(UNSOLVABLE)
