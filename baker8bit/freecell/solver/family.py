"""The search of the FreeCell family in plain Python: the reference, and the specification, of
the compiled one (``fastfamily.pyx``, built as ``_cfamily``).

It knows no game. It takes the rules as ``params.Params`` (the build rule as the cards each card
may go on and the cards that may go on it, the cells and whether they are a reserve, the
empty-column rule, the order of the safe moves home, the move orders), the same parameters the
compiled search takes, and for every rule set ``params.supports`` both make the same search:
candidate for candidate and state for state, so the same outcome, positions, moves, automatic
moves (``detail["auto"]``) and ``detail["max_empty"]``. Building in suit (the 1989 game, Baker's Game, Eight
Off) and in alternating colours (King Albert) are the same loop; so would Seahaven Towers be
(building in suit, kings only into an empty column: ``tests/test_family.py``).

**The position** is the columns (a tuple of ``bytes``, bottom card first), the cells (a tuple,
``FREE`` for an empty one) and ``found`` (per suit, how many cards are home). **The seen set**
holds a compact key:

    key = sum(under[c] << 6 * c for every card c)

where ``under[c]`` is the card c lies on in its column, or ``BOTTOM`` (c is the bottom card of
a column), ``PARKED`` (c is in a cell) or ``HOME`` (c is on its suit stack, or is not dealt in
this rule set: a starting rank puts the low cards home before the game). It is canonical with
no sort (the order of the columns and of the cells is not in it) and one-to-one with the
positions up to that order (``docs/SOLVER.md``, "The compact key"). A move changes one
``under`` (the moved card's), a card sent home its own: a candidate's key is its parent's XOR
one shifted byte, tested against the seen set before the child is made.

**The moves** are single-card moves:

- a card home, from a column or a cell, where a move home may be unsafe (``Params.home_moves``:
  not in suit, where every card that may go home goes at once);
- a card from a cell onto an exposed card it may go on (its parents: one in suit, two in
  alternating colours), or into the first empty column (if the rules let that card fill one);
- an exposed card onto such a card, or into the first empty column (not a lone card), or into
  the first empty cell where the cells are not a reserve (nothing may enter King Albert's).

**Pruning** (``prune=True``, the default; each rule is proved in ``docs/SOLVER.md``):

1. the safe moves home are made at once (``safety.py``: a card goes home when every card that
   could go on it is free, that is home, or the next of its suit with every card that could go
   on it free; in suit that is every move home), in the game's order where it moves cards home
   itself (``params.game_order``: the columns' cards the game's rule moves while any goes, then
   one move of the player's, and again; ``detail["auto"]`` marks the game's), else in the 1989
   game's (every column once, then every cell, again while any went);
2. only the first empty column and the first empty cell are tried;
3. a lone card is not moved into an empty column;
4. the card just moved is not moved again (unless the move sent cards home).

``prune=False`` turns all four off (every legal single-card move, each move home an ordinary
move, every empty column and cell tried): the unpruned search the tests compare verdicts with.

**The move order** (``params.Order``; a heuristic: it changes which win is found and how soon,
never a verdict): a move costs its kind's priority, plus the gain of its source column and the
burial of its destination column (``column_terms``); the candidates are sorted as integers
(priority, source, destination, card: all different, so the order does not depend on the order
they are made in), the best is explored first. The orders of ``params.orders`` are tried in
turn while a search stops at its limit, each a whole depth-first search.

The stack holds positions, not iterators: a position's unseen children are marked seen at once
and pushed, the best last. A popped entry carries its depth; the path of steps (each the move
and the moves home after it, with their automatic flags) is cut back to that depth.

Shortcuts save time and change nothing else (the compiled search makes the first too, and
needs none of the others; the tests compare the two searches state for state):

- in the 1989 order, the cards a move uncovers are walked home down their column while no card
  sent home lets another exposed or parked card go (then the walk is all ``_settle`` would do);
- the moves onto a parent, and home, are found with masks of the exposed and parked cards
  (``_with_parent_in``), carried from parent to child;
- a plain move (no card goes home after it) whose key is seen already is left out as its
  candidate is made: the loop would skip it, as the seen set only grows (``_Terms`` keeps what
  parking a column's top card XORs into a key, ``_LAND`` what landing a card on another does);
- a move home that lets no card go home after it (none of the cards it may let go is safe:
  the position was settled) is a plain move, its child made without ``_settle``;
- a child with no empty column, no free cell and no move but the card just moved (which may not
  move again) is marked seen but not pushed: popped, it would make no candidate
  (``docs/SOLVER.md``, rule 6).

Written with CPython's costs in mind: the candidates are one-digit ints
(under 2 ** 30), decoded by a table (``_places``); the rule parameters are read once per search,
not per position. ``benchmarks/bench_family_pure.py`` times it against the two searches it
replaced (``docs/SOLVER.md``, "One pure search").
"""

from __future__ import annotations

import gc
import time
from dataclasses import replace
from functools import cache, lru_cache

from baker8bit.core.compiled import COMPILED, PURE
from baker8bit.core.outcome import SearchResult
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver import params as _params
from baker8bit.freecell.solver.params import NOWHERE, Order, Params

# a position's exposed cards as {card: column} and as a mask, and its parked cards as a mask
# (the readable search's; the same empty cell, 254), and the same bounds of the caches
from baker8bit.freecell.solver.search import (
    _COLUMN_CACHE,
    _FREE,
    SOLVED,
    UNKNOWN,
    UNSOLVABLE,
    _exposed,
    _per_found,
    make_result,
    move_names,
)

FREE = _FREE  # an empty cell (254)
BOTTOM, PARKED, HOME = 52, 53, 54  # the values of ``under`` that are not cards
CLOCK_EVERY = 512  # how often (in states) the clock is read when max_seconds is set
NO_LIMIT = 1 << 62  # more states than any search could keep
KEY_BYTES = None  # no seen table that forgets here (the compiled search's slot size: ``_cfamily``)
PRIO0 = 1 << 13  # added to a priority (well within +-PRIO0) in a candidate integer: under 2 ** 30,
# so a one-digit Python int (the compiled search adds 1 << 14: the order is the same)

_SH = [6 * c for c in range(52)]
_BYTE = [bytes((c,)) for c in range(256)]
_SUIT = [c // 13 for c in range(52)]
_RANK = [c % 13 for c in range(52)]
_BIT = [1 << c for c in range(55)]
_CARD_BIT = [1 << c for c in range(52)] + [0, 0, 0]  # a card's bit; none for BOTTOM, PARKED, HOME
_KINGS = sum(1 << c for c in range(12, 52, 13))  # the kings, as a mask
# what moving card c from a cell onto card pa XORs into a key (from a column: the column's
# ``_Terms`` park XOR this)
_LAND = [[(PARKED ^ pa) << (6 * c) for pa in range(52)] for c in range(52)]
_HOME_ALL = sum(HOME << (6 * c) for c in range(52))
_NO_FLAG = (False,)

supports = _params.supports  # the rule sets this search takes


def key_of(cols, cells) -> int:
    """A position's compact key, from scratch (see the module docstring)."""
    k = _HOME_ALL
    for col in cols:
        below = BOTTOM
        for c in col:
            k ^= (HOME ^ below) << (6 * c)
            below = c
    for c in cells:
        if c != FREE:
            k ^= (HOME ^ PARKED) << (6 * c)
    return k


@lru_cache(maxsize=16)
def _tables(p: Params) -> tuple[tuple, tuple]:
    """The build rule as Python tuples: each card's parents, and each card's kids of another suit
    as (suit, rank) pairs, the ones ``_safe`` asks about (``NOWHERE`` left out). A kid of c's own
    suit is one rank lower, so home whenever c may go home: in suit no card has a kid to ask
    about, and a card that may go home is safe."""
    parents = tuple(tuple(x for x in p.parents[c] if x != NOWHERE) for c in range(52))
    kids = tuple(tuple(divmod(x, 13) for x in p.kids[c] if x != NOWHERE and x // 13 != c // 13)
                 for c in range(52))
    return parents, kids


@lru_cache(maxsize=16)
def _shifts(p: Params) -> tuple[tuple[int, int], ...]:
    """The build rule as mask shifts: (shift, kids) pairs such that the cards with a parent in a
    mask m are the OR of ``(m >> shift) & kids`` (``m << -shift`` for a negative shift)."""
    groups: dict[int, int] = {}
    for c in range(52):
        for pa in p.parents[c]:
            if pa != NOWHERE:
                groups[pa - c] = groups.get(pa - c, 0) | 1 << c
    return tuple(sorted(groups.items()))


@lru_cache(maxsize=16)
def _lets_go(p: Params) -> tuple[int, ...]:
    """Per card x, as a mask: the cards that x sent home may let go home (the next of its suit,
    and the cards x may go on; in alternating colours, where a card is safe when the cards that
    may go on it are free (``_safe``), every card above x or the next of its suit by a chain of
    parents: their freedom may hang on x's suit stack). ``above`` is remembered card by card:
    in alternating colours each card has two parents, so the chains, walked afresh, cost
    about 10^5 calls (20 ms, in the first HELP of King Albert's window)."""
    @cache
    def above(y: int) -> int:
        m = 0
        for pa in p.parents[y]:
            if pa != NOWHERE:
                m |= 1 << pa | above(pa)
        return m

    out = []
    for x in range(52):
        nxt = 0 if x % 13 == 12 else 1 << (x + 1)
        m = nxt
        for pa in p.parents[x]:
            if pa != NOWHERE:
                m |= 1 << pa
        if p.home_moves:
            m |= above(x) | (above(x + 1) if nxt else 0)
        out.append(m)
    return tuple(out)


_SETUPS: dict[int, tuple] = {}  # id(p) -> (p, _setup(p)): a Params is hashed field by field


def _setup(p: Params) -> tuple:
    """What ``_run`` reads of the rule parameters, made once a rule set (remembered by the
    identity of ``p``: ``params.params`` gives one object a rule set): the numbers, the tables,
    and ``opens``: per ``under`` value of a moved card's place before or after a move, 1 where
    leaving it frees an empty column (BOTTOM) or a free cell (PARKED, not in a reserve)."""
    hit = _SETUPS.get(id(p))
    if hit is not None and hit[0] is p:  # (the entry holds p, so its id is not another's)
        return hit[1]
    parents, kids = _tables(p)
    opens = [0] * 55
    opens[BOTTOM] = 1
    opens[PARKED] = 0 if p.reserve else 1
    home = p.columns + p.cells
    setup = (p.columns, p.cells, home, p.total, p.any_empty, p.reserve, p.game_order, p.home_moves, parents,
             kids, _shifts(p), _lets_go(p), _places(p.columns, home), opens)
    if len(_SETUPS) >= 16:
        _SETUPS.clear()
    _SETUPS[id(p)] = (p, setup)
    return setup


def prepare(rules: RuleSet) -> None:
    """Make the tables a rule set's first search would make (``_setup``, 6 ms for King Albert),
    so that search is not the slow one: HELP's worker does this before its first task."""
    _setup(_params.params(rules))


@lru_cache(maxsize=16)
def _steps(names: tuple) -> list:
    """Each move's step, made once a rule set: ``steps[s][d]`` is ((its name,), (not
    automatic,))."""
    return [[((name,), _NO_FLAG) for name in row] for row in names]


@lru_cache(maxsize=4)
def _places(ncol: int, home: int) -> list:
    """A candidate integer's low 16 bits -> (source, destination, card, the card's shift in a
    key, xm, xp): xm is the card's bit where the move takes it into or out of the columns (the
    exposed cards' mask changes by it), xp where it takes it into or out of the cells (the
    parked cards'). A table for the places up to ``home``: one look-up instead of three shifts
    and masks, and the branches on the kinds of place."""
    table = [None] * (1 << 16)
    for s in range(home + 1):
        for d in range(home + 1):
            cols = (s < ncol) != (d < ncol)
            cells = (ncol <= s < home) != (ncol <= d < home)
            i = s << 11 | d << 6
            table[i:i + 52] = [(s, d, c, 6 * c, cols << c, cells << c) for c in range(52)]
    return table


def _with_parent_in(m: int, shifts) -> int:
    """The cards one of whose parents is in the mask m."""
    out = 0
    for shift, kids in shifts:
        out |= (m >> shift if shift >= 0 else m << -shift) & kids
    return out


def _safe(c: int, found, kids) -> bool:
    """May card c go home now, and safely? Every card that could go on it (``kids``: ``_tables``'
    kids of another suit) is free: home, or the next of its suit with every card that could go
    on it free (the free-card rule, ``safety.py``; in suit every kid is home)."""
    if found[_SUIT[c]] != _RANK[c]:
        return False
    for s, r in kids[c]:
        if found[s] <= r and not _free(s * 13 + r, found, kids):
            return False
    return True


def _free(c: int, found, kids) -> bool:
    """Is card c home, or the next of its suit with every card that could go on it free? (Each
    step is a rank lower, so the recursion is at most 13 deep, and mostly ends at once.)"""
    f, rank = found[_SUIT[c]], _RANK[c]
    if f != rank:
        return f > rank
    for s, r in kids[c]:
        if found[s] <= r and not _free(s * 13 + r, found, kids):
            return False
    return True


def _game_safe(c: int, found, kids) -> bool:
    """Does the game move card c home by itself (``moves.safe_home``, King Albert's automatic
    move)? It may go home and every card that could go on it is home."""
    if found[_SUIT[c]] != _RANK[c]:
        return False
    for s, r in kids[c]:
        if found[s] <= r:
            return False
    return True


def _walk(rest: bytes, nf: list, key: int, kids, lets_go, around: int):
    """The 1989 order's safe moves home after a move that uncovered a safe card, where they are
    all down its column. The position was settled, so the uncovered card is the only safe one:
    walk ``rest`` (the column after the move, bottom card first) home while its top is safe.
    While no card sent home lets go home (the next of its suit, the cards it may go on:
    ``lets_go``) a card of ``around`` (the child's other exposed and parked cards, a mask), the
    walk is all ``_settle`` would do, move for move: (the cards left in the column, the key
    after the walk), ``nf`` (the suit stacks after the move) updated in place. ``None``, ``nf``
    untouched, where a card does: then ``_settle`` decides. (Not in the game's order: there a
    card home mostly lets a reserve card go too, and the walk would be undone.)"""
    walked, n = list(nf), len(rest)
    while n and _safe(rest[n - 1], walked, kids):
        x = rest[n - 1]
        walked[_SUIT[x]] += 1
        n -= 1
        key ^= ((rest[n - 1] if n else BOTTOM) ^ HOME) << _SH[x]
        if around & lets_go[x]:
            return None
    nf[:] = walked
    return n, key


def _settled(p: Params, kids, cols, cells, nf: list, nkey: int, s: int, d: int, c: int, names,
             walked) -> tuple[list, list, int, list, list]:
    """The child of a settled position (``cols``, ``cells``) by the move of card c from place s
    to place d, with its safe moves home made: (columns, cells, key, moves, automatic flags).
    ``nf`` (changed in place) and ``nkey`` are the suit stacks and the key after the move alone;
    ``walked`` is ``_walk``'s answer (``None``: ``_settle`` makes the moves home)."""
    ncol = p.columns
    home = ncol + p.cells
    cl, nc = list(cols), list(cells)
    rest = b""
    if s < ncol:
        rest = cl[s] = cols[s][:-1]
    else:
        nc[s - ncol] = FREE
    if d < ncol:
        cl[d] = cols[d] + _BYTE[c]
    elif d != home:
        nc[d - ncol] = c
    mv, fl = [names[s][d]], [False]
    if walked is not None:
        n, key = walked
        cl[s] = rest[:n]
        gone = len(rest) - n
        return cl, nc, key, mv + [names[s][home]] * gone, fl + [False] * gone
    key = _settle(p, kids, cl, nc, nf, nkey, names, mv, fl)
    return cl, nc, key, mv, fl


def _any_safe(m: int, found, kids) -> bool:
    """Is any card of the mask m safe to go home?"""
    while m:
        b = m & -m
        m ^= b
        if _safe(b.bit_length() - 1, found, kids):
            return True
    return False


def _settle(p: Params, kids, cols: list, cells: list, found: list, key: int, names, moves: list,
            flags: list) -> int:
    """Make the safe moves home (the lists change in place), note them in ``moves`` and
    ``flags`` (the automatic ones), and return the key. In the game's order
    (``p.game_order``): the columns' cards the game moves home itself (``_game_safe``) while any
    goes, then one move of the player's (a safe card from a cell, else a column's top card safe
    by the free-card rule only: the game moves only the tops of the columns, and only by its
    rule), and again. Else the 1989 game's: every column once, then every cell, again while any
    went (in suit every safe card is one the game's rule moves). The moves made are the same
    whatever their order (a safe card stays safe: the suit stacks only grow, and a safe card
    stays exposed until it goes), so the settled position is too."""
    ncol = p.columns
    home = ncol + p.cells
    auto = p.game_order
    by_game = _game_safe if auto else _safe
    SUIT, RANK = _SUIT, _RANK
    while True:
        moved = True
        while moved:
            moved = False
            for i in range(ncol):
                col = cols[i]
                if not col or found[SUIT[col[-1]]] != RANK[col[-1]]:
                    continue  # (the top may not go home: speed only)
                n = len(col)
                while n and by_game(col[n - 1], found, kids):
                    c = col[n - 1]
                    found[SUIT[c]] += 1
                    n -= 1
                    key ^= ((col[n - 1] if n else BOTTOM) ^ HOME) << _SH[c]
                    moves.append(names[i][home])
                    flags.append(auto)
                    moved = True
                cols[i] = col[:n]
            if not auto:
                for j in range(len(cells)):
                    c = cells[j]
                    if c != FREE and found[SUIT[c]] == RANK[c] and _safe(c, found, kids):
                        key = _cell_home(c, j, cells, found, key, names[ncol + j][home], moves, flags)
                        moved = True
        if not auto:
            return key
        # One move of the player's, then the game's again: a safe card in a cell, else a column's
        # top card that is safe by the free-card rule but not one the game moves itself.
        for j in range(len(cells)):
            c = cells[j]
            if c != FREE and found[SUIT[c]] == RANK[c] and _safe(c, found, kids):
                key = _cell_home(c, j, cells, found, key, names[ncol + j][home], moves, flags)
                break
        else:
            for i in range(ncol):
                col = cols[i]
                if col and _safe(col[-1], found, kids):
                    c = col[-1]
                    found[SUIT[c]] += 1
                    key ^= ((col[-2] if len(col) > 1 else BOTTOM) ^ HOME) << _SH[c]
                    moves.append(names[i][home])
                    flags.append(False)
                    cols[i] = col[:-1]
                    break
            else:
                return key


def _cell_home(c: int, j: int, cells: list, found: list, key: int, name: str, moves: list,
               flags: list) -> int:
    """Cell j's card c home (never an automatic move); the key after it."""
    found[_SUIT[c]] += 1
    cells[j] = FREE
    moves.append(name)
    flags.append(False)
    return key ^ ((PARKED ^ HOME) << _SH[c])


class _Terms(dict):
    """Per ``found`` (the suit stacks) and move order: column bytes -> (gain, burial, park),
    filled on demand: the move order's terms for a move out of the column and onto it (see
    ``column_terms``), each shifted left 16 bits as a candidate integer holds it, and what
    parking the column's top card XORs into a key (``None`` if the card it uncovers is safe:
    then cards go home after the move, and the key is not known before it). ``safe`` holds the
    cards that may go home safely, ``homes`` (a mask) the cards that may go home."""

    __slots__ = ("need", "order", "scheme", "safe", "homes")

    @classmethod
    def for_found(cls, found, order: Order, scheme: int, kids) -> _Terms:
        self = cls()
        need = bytearray(256)
        for s, f in enumerate(found):
            for r in range(f, min(f + order.need_ranks, 13)):
                need[s * 13 + r] = 1
        self.need = bytes(need)
        self.order = order
        self.scheme = scheme
        self.safe = frozenset(s * 13 + f for s, f in enumerate(found) if f < 13 and _safe(s * 13 + f, found, kids))
        self.homes = sum(1 << (s * 13 + f) for s, f in enumerate(found) if f < 13)  # may go home (a mask)
        return self

    def __missing__(self, col: bytes) -> tuple[int, int, int | None]:
        if len(self) >= _COLUMN_CACHE:
            self.clear()
        gain, burial = column_terms(col, self.need, self.order, self.scheme)
        under = col[-2] if len(col) > 1 else BOTTOM
        park = None if under in self.safe else (under ^ PARKED) << _SH[col[-1]]
        terms = self[col] = (gain << 16, burial << 16, park)
        return terms




def column_terms(col: bytes, need: bytes, order: Order, scheme: int) -> tuple[int, int]:
    """A non-empty column's (gain, burial) under a move order (``params.Order``): the gain is
    added to a move out of the column, the burial to a move onto it. ``need`` marks the cards
    the suit stacks need soon (within ``order.need_ranks`` ranks)."""
    if scheme == 0:
        # the whole column: w_dig per card above the shallowest needed card (99 if none), less
        # the burial (w_bury per needed card), less w_empty for a lone card
        marks = col.translate(need)
        buried = marks.count(1)
        dig = len(col) - 1 - marks.rfind(1) if buried else 99
        bury = order.w_bury * buried
        return order.w_dig * dig - bury - (order.w_empty if len(col) == 1 else 0), bury
    # the cards under the top one: -w_dig for a lone card (it empties the column), else -w_dig
    # per needed card plus w_long per card above the nearest of them (0 if none); no burial
    if len(col) == 1:
        return -order.w_dig, 0
    marks = col[:-1].translate(need)
    n = marks.count(1)
    return (order.w_long * (len(col) - 2 - marks.rfind(1)) - order.w_dig * n if n else 0), 0


def solve(position: Position, rules: RuleSet, max_states: int | None = None,
          max_seconds: float | None = None, prune: bool = True, order: int | None = None,
          run=None, restarts: int = 0) -> SearchResult:
    """Search a position to the end (or to a limit): ``solved`` with a winning line (key
    notation; ``detail["auto"]`` marks the game's automatic moves: ``search.make_result``),
    ``unsolvable`` (a proof) or ``unknown``. ``detail["max_empty"]`` is the most empty columns
    of any position the search made (King Albert's tip; exact for a position proved unsolvable).

    The move orders of ``params.orders`` are tried in turn while a search stops at the limit,
    each with the whole ``max_states`` (and what is left of ``max_seconds``); ``positions`` is
    the last search's count. ``order``: only that one of them (its index; HELP's levels take
    them in turn, each with the level's whole budget). ``restarts``: that many seeded move orders
    (``params.restart_orders``) instead, each with ``max_states``. ``run`` is the search loop: ``_run`` of
    this module unless another that makes the same search (``_cfamily``) passes its own; the
    result's ``search`` says which: ``"pure"``, or ``"compiled"`` when ``run`` is given; its
    ``detail["searched"]`` counts the positions of every order run."""
    t0 = time.perf_counter()
    position.check(rules)
    p = _params.params(rules)  # the rule parameters, read from the rule set here only (raises if unsupported)
    kids = _setup(p)[9]  # (_tables(p)[1])
    names = move_names(rules)
    cols = [bytes(c) for c in position.columns]
    cells = [FREE if c is None else c for c in position.cells]
    found = list(position.foundations)
    moves: list[str] = []
    flags: list[bool] = []
    if prune:
        _settle(p, kids, cols, cells, found, 0, names, moves, flags)
    max_empty = sum(1 for c in cols if not c)
    search = PURE if run is None else COMPILED
    if sum(found) == p.total:
        return make_result(rules, SOLVED, moves, 1, time.perf_counter() - t0,
                           tuple(i for i, a in enumerate(flags) if a), max_empty, search)
    deadline = t0 + max_seconds if max_seconds is not None else None
    every = _params.restart_orders(p, restarts) if restarts else _params.orders(p)
    if order is not None:
        count = len(every)
        every = every[order:order + 1]
        if not every:
            raise ValueError(f"no move order {order} for {rules.name} ({count} of them)")
    # The search makes many small tuples and no reference cycles: the cyclic garbage collector
    # would only walk the stack again and again.
    collecting = gc.isenabled()
    gc.disable()
    searched = 0
    try:
        for weights in every:
            outcome, steps, states, empties = (run or _run)(
                p, weights, tuple(cols), tuple(cells), tuple(found), (tuple(moves), tuple(flags)), names,
                max_states if max_states is not None else NO_LIMIT, deadline, max_empty, prune)
            max_empty = max(max_empty, empties)
            searched += states
            if outcome != UNKNOWN or (deadline is not None and time.perf_counter() >= deadline):
                break
    finally:
        if collecting:
            gc.enable()
    line = [m for ms, _ in steps for m in ms]
    auto = [a for _, fs in steps for a in fs]
    result = make_result(rules, outcome, line, states, time.perf_counter() - t0,
                         tuple(i for i, a in enumerate(auto) if a), max_empty, search)
    return replace(result, detail={**result.detail, "searched": searched})


def _run(p: Params, order: Order, cols, cells, found, step0, names, max_states: int, deadline,
         max_empty: int, prune: bool = True):
    """The search of the rule set ``p`` with the move order ``order``, from a position (settled,
    when pruning) whose own moves are ``step0``: (outcome, the steps of the winning line,
    states, max_empty). A step is (moves, automatic flags): the root's, then each position's on
    the path from it."""
    ncol, ncell, home, total, any_empty, reserve, game_order, rule_home_moves, parents, kids, shifts, lets_go, \
        places, opens = _setup(p)
    home_moves = rule_home_moves or not prune  # unpruned, every move home is a move to try
    # each kind's priority as a candidate integer holds it (shifted), and the move home's field
    p_home_cell, p_home_col, p_cell_parent, p_cell_empty, p_parent, p_empty, p_park = (
        (x + PRIO0) << 16 for x in order.prio)
    to_home = home << 6
    scheme = p.scheme
    # The build rule's common case, chosen here once (speed only): one non-negative shift (in
    # suit: the cards with a parent in m are (m >> 1) & the cards below a king), so
    # _with_parent_in is one expression.
    one_shift = len(shifts) == 1 and shifts[0][0] >= 0
    sh1, km1 = shifts[0]
    steps = _steps(tuple(map(tuple, names)))
    key0 = key_of(cols, cells)
    seen = {key0}
    stack = [(cols, cells, key0, found, 0, step0, NOWHERE, *_exposed(cols, cells))]
    path: list = []
    next_clock = CLOCK_EVERY
    add = seen.add
    pop = stack.pop
    push = stack.extend
    SUIT, BYTE, BIT, CARD_BIT, LAND, KINGS = _SUIT, _BYTE, _BIT, _CARD_BIT, _LAND, _KINGS
    terms_by_found: dict = {}
    last_found = terms = None

    while stack:
        if deadline is not None and len(seen) >= next_clock:
            next_clock = len(seen) + CLOCK_EVERY
            if time.perf_counter() >= deadline:
                return UNKNOWN, [], len(seen), max_empty
        cols, cells, key, found, depth, step, last, tops, exposed, parked = pop()
        path[depth:] = (step,)
        d1 = depth + 1
        if found is not last_found:
            last_found = found
            terms = _per_found(terms_by_found, found, _Terms.for_found, order, scheme, kids)
            safe = terms.safe if prune else ()
            homes = terms.homes

        # The empty columns and the free cells (none in a reserve), counted. (The exposed cards,
        # card -> column and as a mask, and the parked cards as a mask, came with the entry.)
        nempty = ncol - len(tops)
        nfree = 0 if reserve else cells.count(FREE)
        room = nempty + nfree

        # The candidate moves, each one integer: (priority + PRIO0) << 16 | source << 11 |
        # destination << 6 | card, made as a sum: the kind's priority (``prio``, shifted), the
        # source column's gain and the destination column's burial (``terms``, shifted), and the
        # places and the card. (A sum, as the gain may be negative; the fields never overlap.)
        # A plain move whose position is seen already is left out as it is made: the loop
        # below would skip it (the seen set only grows), so only time changes.
        cands = []
        movers = exposed | parked  # the cards that may move: exposed or parked, not the last moved
        if last != NOWHERE:
            movers &= ~BIT[last]
        # Onto a parent: the cards one of whose parents is exposed, found with masks.
        pairs = movers & ((exposed >> sh1) & km1 if one_shift else _with_parent_in(exposed, shifts))
        while pairs:
            b = pairs & -pairs
            pairs ^= b
            c = b.bit_length() - 1
            if exposed & b:
                s = tops[c]
                gain, _, off = terms[cols[s]]  # off: None if the card it uncovers goes home
                g = p_parent + gain + (s << 11) + c
            else:
                off = 0  # (from a cell)
                g = p_cell_parent + ((ncol + cells.index(c)) << 11) + c
            land = LAND[c]
            for pa in parents[c]:
                d = tops.get(pa)
                if d is not None and (off is None or key ^ off ^ land[pa] not in seen):
                    cands.append(g + terms[cols[d]][1] + (d << 6))
        # Home (where a move home may be unsafe, or not pruning).
        if home_moves:
            pairs = movers & homes
            while pairs:
                b = pairs & -pairs
                pairs ^= b
                c = b.bit_length() - 1
                if exposed & b:
                    s = tops[c]
                    cands.append(p_home_col + terms[cols[s]][0] + (s << 11) + to_home + c)
                else:
                    cands.append(p_home_cell + ((ncol + cells.index(c)) << 11) + to_home + c)
        # Into an empty column (if the rules let the card fill one) or a free cell: pruning,
        # the first of each only, and no lone card into an empty column; else into every one.
        if nempty:
            fill = (cols.index(b"") << 6,) if prune else [i << 6 for i in range(ncol) if not cols[i]]
            fillers = movers if any_empty else movers & KINGS
            pairs = fillers & parked
            while pairs:  # from a cell
                b = pairs & -pairs
                pairs ^= b
                c = b.bit_length() - 1
                g = p_cell_empty + ((ncol + cells.index(c)) << 11) + c
                for d in fill:
                    cands.append(g + d)
            for c, s in tops.items():  # from a column
                if fillers & BIT[c] and (len(cols[s]) > 1 or not prune):
                    g = p_empty + terms[cols[s]][0] + (s << 11) + c
                    for d in fill:
                        cands.append(g + d)
        if nfree:
            if prune:
                to_free = (ncol + cells.index(FREE)) << 6
                for c, s in tops.items():
                    if c != last:
                        gain, _, park = terms[cols[s]]
                        if park is None or key ^ park not in seen:
                            cands.append(p_park + gain + (s << 11) + c + to_free)
            else:
                free = [(ncol + j) << 6 for j in range(ncell) if cells[j] == FREE]
                for c, s in tops.items():
                    g = p_park + terms[cols[s]][0] + (s << 11) + c
                    for d in free:
                        cands.append(g + d)
        if not cands:
            continue
        cands.sort()

        children = []
        for x in cands:
            s, d, c, sh, xm, xp = places[x & 0xFFFF]  # s: (x >> 11) & 31, d: (x >> 6) & 31, c: x & 63
            # The child's key before any safe move home: the moved card's ``under`` changes.
            if s < ncol:
                rest = cols[s][:-1]
                old = rest[-1] if rest else BOTTOM
            else:
                rest = b""
                old = PARKED
            if d < ncol:
                dst = cols[d]
                new = dst[-1] if dst else BOTTOM
            elif d < home:
                new = PARKED
            else:
                new = HOME
            nkey = key ^ ((old ^ new) << sh)
            # May cards go home after the move? The card it uncovers, if safe (``safe`` is empty
            # when not pruning); after a move home, a card that c lets go (the next of its suit,
            # a card it may go on, ``lets_go``: the position was settled, so no other card).
            if old in safe or d == home:
                nf = list(found)
                if d == home:
                    nf[SUIT[c]] += 1
                if d != home or prune and _any_safe(lets_go[c] & (exposed | parked) | CARD_BIT[old], nf, kids):
                    walked = None
                    if d != home and not game_order:  # the cards it uncovers, walked home?
                        walked = _walk(rest, nf, nkey, kids, lets_go, (exposed ^ CARD_BIT[new] ^ xm) | (parked ^ xp))
                        if walked is not None and walked[1] in seen:
                            continue  # (seen: known before the child is made)
                    cl, nc, nkey, mv, fl = _settled(p, kids, cols, cells, nf, nkey, s, d, c, names, walked)
                    if nkey in seen:
                        continue
                    if len(seen) >= max_states:
                        return UNKNOWN, [], len(seen), max_empty
                    add(nkey)
                    nstep = (tuple(mv), tuple(fl))
                    if sum(nf) == total:
                        path.append(nstep)
                        return SOLVED, path, len(seen), ncol
                    e = cl.count(b"")
                    if e > max_empty:
                        max_empty = e
                    children.append((cl, tuple(nc), nkey, tuple(nf), d1, nstep, NOWHERE, *_exposed(cl, nc)))
                    continue
            # A plain move: its key is tested before the child is made (most are seen).
            if nkey in seen:
                continue
            if len(seen) >= max_states:
                return UNKNOWN, [], len(seen), max_empty
            add(nkey)
            if old == BOTTOM and nempty + 1 > max_empty:
                max_empty = nempty + 1  # counted before the card lands (in an empty column, or not)
            # The child's exposed and parked cards as masks: the card c lands on is covered, the
            # card it lay on uncovered (``CARD_BIT``: none for BOTTOM, PARKED, HOME), and c
            # enters or leaves the exposed and the parked cards (xm, xp).
            m = (exposed ^ CARD_BIT[new] | CARD_BIT[old]) ^ xm
            pm = parked ^ xp
            if prune and room + opens[old] == opens[new] and d != home:
                # No empty column and no free cell in the child: if no card but c (which may not
                # move again) may go onto an exposed card, nor home, the child has no move. Seen,
                # but not pushed (popped, it would make no candidate): speed only.
                movers = (m | pm) & ~BIT[c]
                if not (movers & ((m >> sh1) & km1 if one_shift else _with_parent_in(m, shifts))) and not (
                        home_moves and movers & homes):
                    continue
            # The child: its columns, cells, suit stacks and exposed cards.
            cl = list(cols)
            nc = cells
            nfound = found
            t = tops.copy()
            if s < ncol:
                cl[s] = rest
                if rest:
                    t[old] = s
                if d >= ncol:
                    del t[c]  # (onto a column, c stays exposed: its column is set below)
            else:
                nc = list(cells)
                nc[s - ncol] = FREE
                nc = tuple(nc)
            if d < ncol:
                cl[d] = dst + BYTE[c]
                if dst:
                    del t[new]
                t[c] = d
            elif d == home:  # a move home that lets no card follow (unpruned: any move home)
                nfound = tuple(nf)
                if sum(nfound) == total:
                    path.append(steps[s][d])
                    return SOLVED, path, len(seen), ncol
            else:
                nc = list(nc)
                nc[d - ncol] = c
                nc = tuple(nc)
            children.append((cl, nc, nkey, nfound, d1, steps[s][d], c if prune else NOWHERE, t, m, pm))
        children.reverse()  # the preferred move is explored first
        push(children)
    return UNSOLVABLE, [], len(seen), max_empty
