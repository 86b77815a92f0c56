"""The rule parameters of the FreeCell-family search, read from a rule set in one place.

The compiled search (``fastfamily.pyx``, built as ``_cfamily``) knows no game: it takes these
numbers and tables, as Solvitaire's presets and fc-solve's ``--game`` options describe a game.
A new game of the family (Seahaven Towers: ten columns, four cells, kings only into an empty
column, building in suit) is a ``game.toml`` and a layout; nothing here changes unless its build
rule is new.

- ``parents[c]``: the cards c may be put on (one rank higher; the same suit, or either suit of
  the other colour): the **build rule**.
- ``kids[c]``: the cards that may be put on c. A card goes home at once (safely,
  ``safety.py``) when it may go home and every card of ``kids[c]`` is free (home, or the next
  of its suit with its own kids free): in suit that is every legal move home (the one card that
  fits on it is below it on its suit stack), in alternating colours a rule in the spirit of
  Horne's (both cards of the other colour one rank lower are home, or may go home with theirs
  free).
- ``cells`` and ``reserve``: how many cells, and whether they are a reserve nothing may enter
  (King Albert's) or free cells a column's top card may be parked in.
- ``any_empty``: whether any card may fill an empty column (``empty = "any"``) or only a king.
- ``game_order``: the order the safe moves home are made in: the game's own automatic moves
  (the columns while any goes, then one cell; King Albert, whose ``detail["auto"]`` marks them),
  or the 1989 game's (every column once, then every cell, again while any went).
- ``scheme``: which move orders (a heuristic: they change which win is found and how soon,
  never a verdict): 0 the in-suit one of ``search.py`` (``SUIT_ORDERS``), 1 the two of
  alternating colours (``COLOUR_ORDERS``), tried in turn while a search stops at its limit;
  ``orders(p)`` gives them as ``Order`` weights, which both searches read.
- ``home_moves``: whether a legal move home can be unsafe, so worth trying as a move (not in
  suit, where every card that may go home is safe: the one card that fits on it is below it).

The searches: ``family.py`` (the plain-Python reference, and the specification) and
``fastfamily.pyx`` (the same search compiled). Neither knows a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver.search import W_BURY, W_CELL, W_DIG, W_EMPTY

NOWHERE = 255  # no card
RED_SUITS = (1, 2)  # diamonds and hearts (cards.SUITS = "CDHS")


@dataclass(frozen=True)
class Params:
    build: str
    columns: int
    cells: int
    reserve: bool
    any_empty: bool
    suits: int
    game_order: bool
    scheme: int
    parents: tuple[tuple[int, int], ...]  # 52 pairs; NOWHERE where there is none
    kids: tuple[tuple[int, int], ...]
    tables: bytes = b""  # parents then kids, two bytes a card each: the compiled search's copy

    @property
    def total(self) -> int:
        """Cards home when the game is won."""
        return 13 * self.suits

    @property
    def home_moves(self) -> bool:
        """May a card that may go home be unsafe there (a card of another suit could still go on
        it)? Then a move home is a move the search tries; else every one is made at once."""
        return any(k != NOWHERE and k // 13 != c // 13 for c, pair in enumerate(self.kids) for k in pair)


# -- move orders (a heuristic: lower goes first; they change which win is found and how soon,
# never a verdict) ---------------------------------------------------------------------------

# The kinds of move, in the order of ``Order.prio``.
KINDS = ("home_cell", "home_col", "cell_parent", "cell_empty", "parent", "empty", "park")


@dataclass(frozen=True)
class Order:
    """One move order's weights. A move costs ``prio`` of its kind; a move out of a column adds
    the column's gain, a move onto a column its burial (``family.column_terms``):

    - scheme 0 (in suit, ``search.py``'s): the cards the suit stacks need next (``need_ranks``
      1); the gain is ``w_dig`` per card above the shallowest needed card of the column (99 if
      none), less its burial, less ``w_empty`` for a lone card; the burial ``w_bury`` per
      needed card in the destination column.
    - scheme 1 (alternating colours): the cards a suit stack takes within its next
      ``need_ranks`` ranks; the gain is ``-w_dig`` for a lone card, else ``-w_dig`` per needed
      card under the top one plus ``w_long`` per card above the nearest of them (0 if none);
      no burial."""

    prio: tuple[int, ...]  # by KINDS
    w_bury: int
    w_dig: int
    w_long: int
    w_empty: int
    need_ranks: int


# In suit: search.py's weights (the one order).
SUIT_ORDERS = (Order(prio=(0, 0, -W_CELL, W_EMPTY - W_CELL + 1, 0, W_EMPTY + 2, W_CELL + 3),
                     w_bury=W_BURY, w_dig=W_DIG, w_long=0, w_empty=W_EMPTY, need_ranks=1),)
# In alternating colours: moves home, then moves that dig towards cards the suit stacks need
# soon, then moves out of the reserve onto a column, then the other moves between columns;
# moves into an empty column last. Tuned on King Albert deals 1..100 at 50,000 positions (48
# solved, against 42 with W_DIG 8 and W_LONG 1, 45 with a cost for burying needed cards, 39 with
# moves out of the reserve after the column moves). The second order weighs the cards above a
# needed card four times more: it wins deals 61 and 100 at 77,281 and 50,823 positions, where
# the first is lost past 6,000,000 (each order is a whole depth-first search, so each verdict
# is sound; a second order decides deals where the first is lost, as fc-solve's "flares" do).
P_HOME, P_CELL_PARENT, P_PARENT, P_CELL_EMPTY, P_EMPTY, P_PARK = 0, 10, 20, 40, 50, 60
_COLOUR_PRIO = (P_HOME, P_HOME, P_CELL_PARENT, P_CELL_EMPTY, P_PARENT, P_EMPTY, P_PARK)
COLOUR_ORDERS = (Order(prio=_COLOUR_PRIO, w_bury=0, w_dig=32, w_long=2, w_empty=0, need_ranks=2),
                 Order(prio=_COLOUR_PRIO, w_bury=0, w_dig=32, w_long=8, w_empty=0, need_ranks=2))
SCHEMES = (SUIT_ORDERS, COLOUR_ORDERS)  # by Params.scheme


def orders(p: Params) -> tuple[Order, ...]:
    """The move orders of a search, tried in turn while it stops at its limit."""
    return SCHEMES[p.scheme]


# Restarts (the escalation's middle step in alternating colours): many short depth-first searches,
# each with a move order of its own, drawn at random from a fixed seed (seed i for the i-th), so
# every run makes the same searches. A depth-first search that starts down a wrong branch can
# spend millions of positions under it; another order starts elsewhere, as fc-solve's random
# depth-first search does. The ranges keep the moves home first and every priority well within
# ``family.PRIO0``. Tuned on King Albert deals 1047..8908 that the two orders of
# ``COLOUR_ORDERS`` left unknown at 1,000,000 positions (every sixth of them: 27 of 39 decided
# by 40 orders of 300,000 positions, the last at order 29); held-out results: docs/games/king-albert.md.
def restart_orders(p: Params, count: int) -> tuple[Order, ...]:
    """``count`` seeded move orders for restarts (seeds 1..count); alternating colours only."""
    if p.scheme != 1:
        raise ValueError("restarts are for the search in alternating colours")
    out = []
    for seed in range(1, count + 1):
        r = random.Random(seed)
        prio = (P_HOME, P_HOME, r.randint(0, 30), r.randint(20, 60), r.randint(0, 30), r.randint(30, 70),
                r.randint(40, 80))  # by KINDS: the two moves home first, then the others at random
        out.append(Order(prio=prio, w_bury=0, w_dig=r.choice((4, 8, 16, 32, 64)), w_long=r.randint(0, 12),
                         w_empty=0, need_ranks=r.randint(1, 3)))
    return tuple(out)


def _other_colour(suit: int) -> tuple[int, int]:
    red = suit in RED_SUITS
    return (0, 3) if red else RED_SUITS


def _pair(cards: list[int]) -> tuple[int, int]:
    cards = cards + [NOWHERE] * (2 - len(cards))
    return cards[0], cards[1]


def parents_of(build: str, c: int) -> tuple[int, int]:
    """The cards card c may be put on under the build rule (``NOWHERE`` pads the pair)."""
    suit, rank = divmod(c, 13)
    if rank == 12:
        return NOWHERE, NOWHERE
    if build == "suit":
        return c + 1, NOWHERE
    return _pair([s * 13 + rank + 1 for s in _other_colour(suit)])


def kids_of(build: str, c: int) -> tuple[int, int]:
    """The cards that may be put on card c under the build rule."""
    suit, rank = divmod(c, 13)
    if rank == 0:
        return NOWHERE, NOWHERE
    if build == "suit":
        return c - 1, NOWHERE
    return _pair([s * 13 + rank - 1 for s in _other_colour(suit)])


@lru_cache(maxsize=8)
def _table(of, build: str) -> tuple[tuple[int, int], ...]:
    return tuple(of(build, c) for c in range(52))


def supports(rules: RuleSet) -> bool:
    """Rule sets the family search takes: building in suit with free cells (the 1989 game,
    Baker's Game, Eight Off), or in alternating colours with the four suits the colours need
    (King Albert). Others go to ``choose.searcher``'s reference search."""
    if rules.build == "suit":
        return not rules.reserve
    return rules.build == "colour" and rules.suits == 4


@lru_cache(maxsize=64)  # a rule set is frozen; a survey asks for the same one per deal
def params(rules: RuleSet) -> Params:
    """The search's parameters for a rule set (``supports(rules)`` must hold)."""
    if not supports(rules):
        raise ValueError(f"the family search does not take {rules.name} (builds by {rules.build})")
    colour = rules.build == "colour"
    parents, kids = _table(parents_of, rules.build), _table(kids_of, rules.build)
    return Params(
        build=rules.build,
        columns=rules.columns,
        cells=rules.cells,
        reserve=rules.reserve,
        any_empty=rules.empty != "kings",
        suits=rules.suits,
        game_order=colour,
        scheme=1 if colour else 0,
        parents=parents,
        kids=kids,
        tables=bytes(x for table in (parents, kids) for pair in table for x in pair),
    )
