"""Depth-first search over single-card moves, with duplicate detection.

The search state is kept small and hashable:

- ``cols``: a tuple of ``bytes``, one per column (top card first, exposed card
  last); a card is its int ``suit * 13 + rank``, which fits in a byte;
- ``cells``: a tuple of card or 254 (empty) per parking space, in the game's own order;
- ``found``: per suit, how many cards are home.

Two positions that differ only in the order of their columns or of their
parking spaces win or lose together, so the visited set holds a canonical key:
the columns sorted and joined with a separator byte, then the sorted parked
cards (the terminal piles follow from which cards are left). The states kept
in the stack are the real ones, so the moves on the path are real key letters.

Rule sets: building in suit (the 1989 game, Baker's Game, Eight Off), any
card or only a king into an empty column, cells dealt full or empty.

Every legal move home is made at once (``safety.py`` proves this loses no win),
so an expanded state never has one and its moves are, in order of preference:
a parked card onto the card one rank higher of its suit, an exposed card onto
it, a parked card into an empty column, an exposed card into an empty column,
an exposed card into a parking space. Only the first empty column and the
first empty parking space are tried (the others lead to the same key), and a
lone card is not moved into an empty column (that leads to the same key too).

The stack holds states, not iterators: a state's unseen children are pushed
(the preferred one last, so it is explored first) and marked seen at once. A
popped entry carries its depth; the path of moves is cut back to that depth,
since everything popped between a state and its children lies below them.

A state reached by a single move (no card went home) does not move that card
again: the position would always be seen already, so skipping it changes
nothing. If the card went from place P to Q and now goes from Q to R, either
R is P or a place like it (a parking space, an empty column, the card it came
off), and the position is the parent's; or the position is the one the parent
reaches by moving the card straight from P to R, a move the parent generated
(the card was exposed or parked there, the card one rank higher or the first
empty place was the same), and every child of the parent is marked seen
before this state is expanded.

Each state also carries its exposed cards ({card: column} and a bit mask) and
a mask of its parked cards, updated from its parent's; with no empty column
and no empty parking space (most states), the only moves are onto the card
one rank higher, found with two mask operations.

Speed (tools/bench_solver.py, 4-suit deals 1..1000, this machine): the same
verdicts as fc-solve's soft-dfs on every deal, with about half its positions
(3.0 million against its 5.6 million iterations, thanks to the moves home and
the first-empty-place rule), but about 8 microseconds a position against its
1.2, so about 3.5 times its time (23 s against 6.5 s). Most of what is left
is building a key per candidate move (a list copy, a sort of the columns, a
join, a hash), and two in three candidates turn out to be seen already. What
would close the gap: the same search in C (a compiled core, states as fixed
64-byte arrays, an open-addressing hash set), or fewer positions: a sound
pruning beyond the moves home (for example partial-order reduction of
independent moves), which this module does not try.
"""

from __future__ import annotations

import bisect
import time
from dataclasses import dataclass, field

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet

_SEP = b"\xff"
_FREE = 254  # an empty parking space in ``cells`` (cards are 0..51)
_BYTE = [bytes((c,)) for c in range(256)]
_PARENT = [c + 1 if c % 13 != 12 else 255 for c in range(52)]  # 255: no card
_BIT = [1 << c for c in range(52)]
_UNDER = sum(_BIT[c] for c in range(52) if c % 13 != 12)  # cards with a parent

# How often (in states) the clock is read when max_seconds is set.
_CLOCK_EVERY = 512
_NO_LIMIT = 1 << 62  # more states than any search could keep

# Move-ordering weights (a heuristic: they change which win is found first and
# how fast, never a verdict). A move costs W_BURY for each card a suit needs
# next that it buries (or, negative, uncovers a card above), W_CELL for filling
# a parking space, W_EMPTY for filling an empty column, W_DIG per card still
# above the shallowest needed card of the source column.
W_BURY, W_CELL, W_EMPTY, W_DIG = 10, 3, 3, 1


# At most this many ``found`` tuples keep a column cache (then all are dropped;
# only speed depends on it).
_FOUND_CACHE = 256
# At most this many columns are cached per ``found`` (then that cache is emptied).
_COLUMN_CACHE = 1 << 16


def _per_found(cache: dict, found, make, *args):
    """``cache[found]``, made by ``make(found, *args)`` when missing; a cache that holds
    ``_FOUND_CACHE`` entries is emptied first (only speed depends on it)."""
    entry = cache.get(found)
    if entry is None:
        if len(cache) >= _FOUND_CACHE:
            cache.clear()
        entry = cache[found] = make(found, *args)
    return entry


class _ColumnInfo(dict):
    """Per ``found``: column bytes -> (gain, bury), the heuristic's terms.

    ``bury`` is W_BURY for each card a suit needs next in the column; ``gain``
    is W_DIG per card above the shallowest such card (99 if none), less
    ``bury``, less W_EMPTY if the column holds one card. Filled on demand;
    ``homes[c]`` says whether card c may go home."""

    __slots__ = ("homes", "table")

    @classmethod
    def for_found(cls, found) -> _ColumnInfo:
        self = cls()
        need = [k * 13 + f for k, f in enumerate(found) if f < 13]
        table = bytearray(256)
        for c in need:
            table[c] = 1
        self.table = bytes(table)
        self.homes = [bool(x) for x in table]
        return self

    def __missing__(self, col: bytes):
        if len(self) >= _COLUMN_CACHE:
            self.clear()
        marks = col.translate(self.table)
        buried = marks.count(1)
        dig = len(col) - 1 - marks.rfind(1) if buried else 99
        gain = W_DIG * dig - W_BURY * buried - (W_EMPTY if len(col) == 1 else 0)
        value = self[col] = (gain, W_BURY * buried)
        return value


class _ParkKeys(dict):
    """ckey -> {card: the ckey after parking that card}, rows filled by _run."""

    __slots__ = ()

    def __missing__(self, ckey: bytes) -> dict:
        if len(self) >= _COLUMN_CACHE:
            self.clear()
        row = self[ckey] = {}
        return row


@dataclass
class Result:
    """What a search found.

    ``outcome`` is ``"solved"`` (``moves`` wins the game from the position, in
    key notation, including the moves home), ``"unsolvable"`` (every position
    reachable was examined: a proof) or ``"unknown"`` (a limit stopped it).
    ``states`` counts the distinct positions generated; ``seconds`` the time
    spent searching.
    """

    outcome: str
    moves: list[str] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    auto: tuple[int, ...] = ()  # indices of the moves a game with automatic moves home makes itself
    # colour_core only (None elsewhere): the most empty columns of any position the search made
    # (King Albert's tip; exact when the search was exhaustive)
    max_empty: int | None = None

    def keys(self, rules: RuleSet) -> list[str]:
        """The moves a player makes: all of them, or, where the rules move cards home
        automatically, all but the ones the game makes itself."""
        if not rules.auto_home:
            return list(self.moves)
        skip = set(self.auto)
        return [m for i, m in enumerate(self.moves) if i not in skip]

    def automatic(self, rules: RuleSet) -> list[tuple[int, str]]:
        """The moves the game makes itself (none where the rules have no automatic moves), each
        as ``(after, move)``: made once the player has typed ``after`` of ``keys(rules)``."""
        if not rules.auto_home:
            return []
        skip = set(self.auto)
        typed, out = 0, []
        for i, m in enumerate(self.moves):
            if i in skip:
                out.append((typed, m))
            else:
                typed += 1
        return out


def move_names(rules: RuleSet) -> list[list[str]]:
    """``names[s][d]``: the key notation of a move from place s to place d (columns, then
    cells, then the terminal piles, ``T``), e.g. ``"EI"``, ``"FT"``."""
    letters = [rules.column_letter(i) for i in range(rules.columns)]
    letters += [rules.cell_letter(j) for j in range(rules.cells)]
    letters.append("T")
    return [[a + b for b in letters] for a in letters]


def _cell_key(cells) -> bytes:
    """The parking spaces' part of a key: a separator, then the sorted cells
    (empty ones, 254, last); the column part always has ncol-1 separators."""
    return _SEP + bytes(sorted(cells))


def _exposed(cols, cells) -> tuple[dict, int, int]:
    """A state's exposed cards as {card: column} and as a mask (bit c for
    card c), and its parked cards as a mask."""
    tops = {}
    mask = cmask = 0
    for i, col in enumerate(cols):
        if col:
            tops[col[-1]] = i
            mask |= _BIT[col[-1]]
    for c in cells:
        if c != _FREE:
            cmask |= _BIT[c]
    return tops, mask, cmask


def _key(cols, ckey: bytes) -> bytes:
    return _SEP.join(sorted(cols)) + ckey


class Search:
    """A search that can run in slices: call ``step`` until it returns a Result.

    ``max_states`` bounds the positions kept (so memory); ``max_seconds`` bounds
    the time spent inside ``step`` (read from ``time.perf_counter``; with only
    ``max_states`` set the result is fully deterministic). Slicing never
    changes the result: the order of the search does not depend on it.
    """

    def __init__(
        self,
        position: Position,
        rules: RuleSet,
        max_states: int | None = None,
        max_seconds: float | None = None,
    ) -> None:
        position.check(rules)
        if rules.build != "suit":
            raise ValueError(f"the solver builds in suit only; {rules.name} builds by {rules.build}")
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.result: Result | None = None
        ncol, ncell = rules.columns, rules.cells
        self._ncol = ncol
        self._total = rules.cards
        self._kings_only = rules.empty == "kings"  # an empty column takes only a king
        self._names = move_names(rules)
        self._home = ncol + ncell  # place index of the terminal area
        self._to_home = [row[self._home] for row in self._names]

        cols = tuple(bytes(c) for c in position.columns)
        cells = tuple(_FREE if c is None else c for c in position.cells)
        found = tuple(position.foundations)
        moves: list[str] = []
        cols, cells, found = self._go_home(list(cols), list(cells), list(found), moves)
        ckey = _cell_key(cells)
        self._seen = {_key(cols, ckey)}
        self._path: list[tuple[str, ...]] = []
        self._by_found: dict = {}
        self._parks = _ParkKeys()
        self._stack = []
        if sum(found) == self._total:
            self.result = Result(SOLVED, list(moves), 1, 0.0)
        else:
            self._stack.append((cols, cells, ckey, found, 0, tuple(moves), -1, *_exposed(cols, cells)))

    # -- safe moves home ------------------------------------------------------

    def _go_home(self, cols: list, cells: list, found: list, moves: list):
        """Make every legal move home, repeatedly (see safety.py); note them.

        The order: pass over the columns (each sends home as many cards as it
        can), then the parking spaces, and again until a pass moves nothing."""
        to_home, ncol = self._to_home, self._ncol
        need = {k * 13 + f for k, f in enumerate(found) if f < 13}  # may go home
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(cols):
                if col and col[-1] in need:
                    n = len(col)
                    while n and col[n - 1] in need:
                        n -= 1
                        c = col[n]
                        need.remove(c)
                        if c % 13 != 12:
                            need.add(c + 1)
                        found[c // 13] += 1
                        moves.append(to_home[i])
                    cols[i] = col[:n]
                    moved = True
            for j, c in enumerate(cells):
                if c in need:  # never _FREE
                    need.remove(c)
                    if c % 13 != 12:
                        need.add(c + 1)
                    found[c // 13] += 1
                    cells[j] = _FREE
                    moves.append(to_home[ncol + j])
                    moved = True
        return tuple(cols), tuple(cells), tuple(found)

    def _after(self, cl: list, cells, found, move: str):
        """A child whose move exposed a card that may go home: send it (and any
        card that follows) home; return the child and its moves."""
        moves = [move]
        cols, cells, found = self._go_home(cl, list(cells), list(found), moves)
        return cols, cells, found, tuple(moves)

    # -- the search -------------------------------------------------------------

    def step(self, budget_states: int | None = None) -> Result | None:
        """Search until about ``budget_states`` more positions were generated
        (a state's children are generated together, so a slice may overrun by
        a few), or until done. Return the Result when done, else None; once
        done, return the same Result again. ``None`` budget: run to the end."""
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        try:
            return self._run(budget_states, t0)
        finally:
            self.seconds += time.perf_counter() - t0
            if self.result is not None:
                self.result.seconds = self.seconds

    def _finish(self, outcome: str, moves: list[str]) -> Result:
        self.result = Result(outcome, moves, len(self._seen), self.seconds)
        self._stack = []
        return self.result

    def _run(self, budget: int | None, t0: float) -> Result | None:
        seen = self._seen
        stack = self._stack
        path = self._path
        names = self._names
        ncol = self._ncol
        total = self._total
        max_states = self.max_states if self.max_states is not None else _NO_LIMIT
        stop_at = len(seen) + max(1, budget) if budget is not None else _NO_LIMIT
        deadline = (
            t0 + (self.max_seconds - self.seconds) if self.max_seconds is not None else None
        )
        next_clock = len(seen) + _CLOCK_EVERY
        add = seen.add
        pop = stack.pop
        push = stack.extend
        join = _SEP.join
        PARENT, BYTE, FREE, BIT, UNDER = _PARENT, _BYTE, _FREE, _BIT, _UNDER
        after = self._after
        to_home = self._to_home
        by_found = self._by_found
        parks = self._parks
        bisect_right = bisect.bisect_right
        FREE_BYTE = _BYTE[_FREE]
        any_empty = not self._kings_only
        last_found = None
        info = homes = None
        W_LEAVE_CELL = W_EMPTY - W_CELL + 1

        while stack:
            n = len(seen)
            if n >= stop_at:
                return None
            if deadline is not None and n >= next_clock:
                next_clock = n + _CLOCK_EVERY
                if time.perf_counter() >= deadline:
                    return self._finish(UNKNOWN, [])
            cols, cells, ckey, found, depth, moves, last, tops, mask, cmask = pop()
            path[depth:] = (moves,)
            d1 = depth + 1

            # The heuristic, per column (cached by its bytes, per ``found``):
            # see _ColumnInfo. ``homes`` tells which cards may go home.
            if found is not last_found:
                last_found = found
                fi = _per_found(by_found, found, _ColumnInfo.for_found)
                info = fi
                homes = fi.homes

            # Candidate moves as (priority, source place, destination place,
            # card); places: columns 0..ncol-1, then parking spaces. The
            # tuples are all different, so the sort fixes their order whatever
            # the order they are made in. ``last`` (the card the move to this
            # state moved) is not moved again: see the module docstring.
            cands = []
            if len(tops) == ncol and FREE not in cells:
                # No empty column and no empty parking space: the only moves
                # are onto the card one rank higher, found with the masks
                # (bit c set: card c exposed, or parked).
                onto = (mask >> 1) & UNDER
                pairs = mask & onto
                while pairs:
                    b = pairs & -pairs
                    pairs ^= b
                    c = b.bit_length() - 1
                    if c != last:
                        si = tops[c]
                        di = tops[c + 1]
                        cands.append((info[cols[si]][0] + info[cols[di]][1], si, di, c))
                pairs = cmask & onto
                while pairs:
                    b = pairs & -pairs
                    pairs ^= b
                    c = b.bit_length() - 1
                    if c != last:
                        di = tops[c + 1]
                        cands.append((info[cols[di]][1] - W_CELL, ncol + cells.index(c), di, c))
                if not cands:
                    continue
            else:
                tget = tops.get
                empty = -1 if len(tops) == ncol else cols.index(b"")
                j = ncol
                for c in cells:
                    if c != FREE and c != last:
                        di = tget(PARENT[c])
                        if di is not None:
                            cands.append((info[cols[di]][1] - W_CELL, j, di, c))
                        if empty >= 0 and (any_empty or c % 13 == 12):
                            cands.append((W_LEAVE_CELL, j, empty, c))
                    j += 1
                free = ncol + cells.index(FREE) if FREE in cells else -1
                for c, si in tops.items():
                    if c == last:
                        continue
                    col = cols[si]
                    gain = info[col][0]
                    di = tget(PARENT[c])
                    if di is not None:
                        cands.append((gain + info[cols[di]][1], si, di, c))
                    if empty >= 0 and len(col) > 1 and (any_empty or c % 13 == 12):
                        cands.append((gain + W_EMPTY + 2, si, empty, c))
                    if free >= 0:
                        cands.append((gain + W_CELL + 3, si, free, c))
                if not cands:
                    continue
            cands.sort()

            # The children, with their exposed cards (``tops``, ``mask``) and
            # parked ones (``cmask``) updated from this state's.
            children = []
            for _prio, s, d, c in cands:
                cl = list(cols)
                if s < ncol:
                    rest = cl[s] = cols[s][:-1]
                    if d < ncol:
                        cl[d] = cols[d] + BYTE[c]
                        nk = ckey
                    else:
                        # A card replaces an empty space (254, sorted last).
                        row = parks[ckey]
                        nk = row.get(c)
                        if nk is None:
                            at = bisect_right(ckey, c, 1, len(ckey) - 1)
                            nk = row[c] = ckey[:at] + BYTE[c] + ckey[at:-1]
                    if rest and homes[rest[-1]]:
                        # The move exposed a card that may go home. Send home
                        # it and the cards under it while they may go: if
                        # none of them lets a card exposed elsewhere (or
                        # parked) go home, those are exactly the moves
                        # _go_home would make (nothing else could go home
                        # before the move); else _go_home is called.
                        others = mask | cmask
                        if d < ncol and cols[d]:
                            others ^= BIT[c + 1]  # now under c
                        nf = list(found)
                        n = len(rest)
                        alone = True
                        while n:
                            x = rest[n - 1]
                            if nf[x // 13] != x % 13:
                                break
                            nf[x // 13] += 1
                            n -= 1
                            if x % 13 != 12 and others & BIT[x + 1]:
                                alone = False  # the card after x is elsewhere
                                break
                        if d < ncol:
                            nc = cells
                        else:
                            nc = list(cells)
                            nc[d - ncol] = c
                            nc = tuple(nc)
                        if alone:
                            cl[s] = rest[:n]
                            nfound = tuple(nf)
                            mvs = (names[s][d],) + (to_home[s],) * (len(rest) - n)
                        else:
                            cl, nc, nfound, mvs = after(cl, nc, found, names[s][d])
                            nk = _cell_key(nc)
                        key = join(sorted(cl)) + nk
                        if key in seen:
                            continue
                        if len(seen) >= max_states:
                            return self._finish(UNKNOWN, [])
                        add(key)
                        if sum(nfound) == total:
                            path.append(mvs)
                            return self._finish(SOLVED, [m for ms in path for m in ms])
                        children.append((cl, nc, nk, nfound, d1, mvs, -1, *_exposed(cl, nc)))
                        continue
                    key = join(sorted(cl)) + nk
                    if key in seen:
                        continue
                    if len(seen) >= max_states:
                        return self._finish(UNKNOWN, [])
                    add(key)
                    t = tops.copy()
                    if d < ncol:
                        nc = cells
                        t[c] = d
                        m = mask
                        cm = cmask
                        if cols[d]:
                            del t[c + 1]
                            m ^= BIT[c + 1]
                    else:
                        nc = list(cells)
                        nc[d - ncol] = c
                        nc = tuple(nc)
                        del t[c]
                        m = mask ^ BIT[c]
                        cm = cmask | BIT[c]
                    if rest:
                        r = rest[-1]
                        t[r] = s
                        m |= BIT[r]
                else:
                    cl[d] = cols[d] + BYTE[c]
                    nk = ckey.replace(BYTE[c], b"", 1) + FREE_BYTE  # still sorted
                    key = join(sorted(cl)) + nk
                    if key in seen:
                        continue
                    if len(seen) >= max_states:
                        return self._finish(UNKNOWN, [])
                    add(key)
                    nc = list(cells)
                    nc[s - ncol] = FREE
                    nc = tuple(nc)
                    t = tops.copy()
                    t[c] = d
                    m = mask | BIT[c]
                    cm = cmask ^ BIT[c]
                    if cols[d]:
                        del t[c + 1]
                        m ^= BIT[c + 1]
                children.append((cl, nc, nk, found, d1, (names[s][d],), c, t, m, cm))
            children.reverse()
            push(children)
        return self._finish(UNSOLVABLE, [])
