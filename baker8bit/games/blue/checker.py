"""Decide whether a Blue layout can be won: solved (with the moves), unsolvable
(only when the search examined every reachable position: a proof), or unknown
(the memory budget or the time limit ran out first).

The search (docs/games/blue.md, "The checker", has the proofs):

- depth-first, over positions kept as their board ``bytes`` (S * (R + 1)
  bytes, the compact key: no second encoding is built per position);
- a set of every position met (a transposition table): a position already
  met is never expanded again, which is all "the search examined everything"
  needs to be exhaustive;
- a position with no move that is not won is dead (nothing to expand);
- moves are tried best first (a card put in its final place first, a card
  taken out of its final place last): this only changes which win is found
  and how fast, never a verdict;
- the ace orderings share one search ("any ordering"): the aces' suits are
  left undecided (255 in column 0) and a row's suit is fixed only when a 2
  goes into its column 1, the one place where the ace's suit matters. One
  exhaustive search proves all S! orderings unsolvable at once; a win fixes
  the ordering (every row ends with its 2 in column 1).

No move is played as "safe" and no card is frozen: the two dominances one
would try first (cards of a row's correct prefix never need to move; a move
extending a correct prefix never hurts) are false, with small boards as
counterexamples (tests/test_blue_prune.py); every pruning above is checked
against the unpruned search on every 2x3, 2x4, 3x3 and 2x5 layout there.

The budget: ``max_memory`` bytes for the table, at ``position_bytes(layout)``
each (the key object and its share of the set), and ``max_seconds``.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field

from baker8bit.freecell.solver.search import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.games.blue import restarts, rules
from baker8bit.games.blue.rules import GAP, Layout, Move

UNDECIDED = 255  # an ace whose suit is not chosen yet (column 0, "any ordering")
DEFAULT_MEMORY = 512 * 1024 * 1024
_CLOCK_EVERY = 1024
NOISE = 3.5  # how far a seeded run may reorder the moves (scores are -4 .. 4; tuned, docs/games/blue.md)

__all__ = ["SOLVED", "UNSOLVABLE", "UNKNOWN", "Result", "solve", "solve_any", "check_layout",
           "position_bytes", "parse_memory"]


@dataclass
class Result:
    outcome: str
    moves: list[Move] = field(default_factory=list)
    aces: tuple[int, ...] | None = None  # the ordering the moves are played with
    positions: int = 0
    seconds: float = 0.0


def position_bytes(layout: Layout) -> int:
    """Bytes one remembered position costs: its bytes object and about two
    8-byte set slots (a set is at most 60 % full), plus its stack share."""
    return sys.getsizeof(bytes(layout.size)) + 40


def parse_memory(text: str) -> int:
    """``512M``, ``2G``, ``100000K`` or a number of bytes."""
    t = text.strip().upper().removesuffix("B")
    mult = 1
    if t and t[-1] in "KMG":
        mult = 1024 ** ("KMG".index(t[-1]) + 1)
        t = t[:-1]
    try:
        n = int(float(t) * mult)
    except ValueError:
        n = 0
    if n < 1024 * 1024:
        raise ValueError(f"memory must be at least 1M (e.g. 512M or 2G), not {text!r}")
    return n


def stuck(b: bytes, layout: Layout) -> bool:
    """True if some card out of its final place can never move again: the
    position is dead (docs/games/blue.md, "dead positions", has the proof).

    ``mobile`` grows to the least fixed point of: a card may move if a card
    it may go beside (one lower: the slot after it; one higher: the slot
    before it; for a 2, column 1 of the rows its ace may head) may move, or
    the slot beside that card is a gap or holds a card that may move."""
    w = layout.width
    top, last = layout.ranks, w - 1
    pos = {}
    for i, x in enumerate(b):
        if x:
            pos[x] = i
    col1: dict[int, int] = {}
    open_rows = []
    for a in range(0, layout.size, w):
        if b[a] == UNDECIDED:
            open_rows.append(a + 1)
        else:
            col1[b[a] >> 4] = a + 1
    cards = [x for x in pos if 1 < (x & 15) <= top]
    mobile: set[int] = set()
    changed = True
    while changed:
        changed = False
        for x in cards:
            if x in mobile:
                continue
            rk = x & 15
            ok = False
            if rk > 2:
                if x - 1 in mobile:
                    ok = True
                else:
                    q = pos[x - 1]
                    if q % w != last:
                        y = b[q + 1]
                        ok = y == 0 or y in mobile
            else:
                for s in ([col1[x >> 4]] if (x >> 4) in col1 else open_rows):
                    y = b[s]
                    if y == 0 or y in mobile:
                        ok = True
                        break
            if not ok and rk < top:
                if x + 1 in mobile:
                    ok = True
                else:
                    q = pos[x + 1]
                    if q % w > 1:
                        y = b[q - 1]
                        ok = y == 0 or y in mobile
            if ok:
                mobile.add(x)
                changed = True
    for x in cards:
        if x not in mobile:
            i = pos[x]
            a = b[i - i % w]
            if (x & 15) != i % w + 1 if a == UNDECIDED else x != a + i % w:
                return True
    return False


def _search(start: bytes, layout: Layout, max_positions: int, max_seconds: float | None,
            prune: bool = True, order_seed: int | None = None):
    """(outcome, moves, positions) for ``start``; column 0 may hold UNDECIDED.

    ``order_seed`` (None: none) shakes the move order: each move's score gets a
    seeded random amount in [0, NOISE) added, so runs with different seeds try
    different wins first. The order never changes a verdict: a run that empties
    its stack has still met every reachable position."""
    t0 = time.monotonic()
    deadline = None if max_seconds is None else t0 + max_seconds
    shake = random.Random(order_seed).random if order_seed is not None else None
    w, top, n_suits = layout.width, layout.ranks, layout.suits
    last = w - 1
    ace_cols = range(0, layout.size, w)

    def won(b: bytes) -> bool:
        for base in ace_cols:
            ace = b[base]
            if ace == UNDECIDED:
                ace = b[base + 1] - 1
                if ace & 15 != 1:  # column 1 must hold a 2
                    return False
            if b[base + 1 : base + last] != bytes(range(ace + 1, ace + top)) or b[base + last]:
                return False
        return True

    def fronts(b: bytes) -> list[int]:
        """Per row, the first slot after the run ace, 2, 3 ... of the row's suit."""
        out = []
        for base in ace_cols:
            ace = b[base]
            j = 1
            if ace == UNDECIDED:
                if b[base + 1] & 15 != 2:
                    out.append(base + 1)
                    continue
                ace, j = b[base + 1] - 1, 2
            while j < last and b[base + j] == ace + j:
                j += 1
            out.append(base + j)
        return out

    seen = {start}
    stack = [(start, 0, None)]
    path: list[Move] = []
    positions = 0
    while stack:
        b, depth, move = stack.pop()
        if depth:
            del path[depth - 1 :]
            path.append(move)
        positions += 1
        if won(b):
            return SOLVED, list(path), positions
        if (prune or not depth) and stuck(b, layout):
            continue
        if deadline is not None and positions % _CLOCK_EVERY == 0 and time.monotonic() > deadline:
            return UNKNOWN, [], positions
        kids = []
        front = fronts(b)
        i = b.find(0)
        while i >= 0:
            left = b[i - 1]
            cands = []
            if left == UNDECIDED:
                taken = {b[a] >> 4 for a in ace_cols if b[a] != UNDECIDED}
                cands = [s * 16 + 2 for s in range(n_suits) if s not in taken]
            elif left and (left & 15) < top:
                cands.append(left + 1)
            if i % w != last:
                right = b[i + 1]
                if right != UNDECIDED and (right & 15) > 2 and (right - 1) not in cands:
                    cands.append(right - 1)
            for c in cands:
                p = b.index(c)
                nb = bytearray(b)
                nb[p] = GAP
                nb[i] = c
                if left == UNDECIDED and not (i % w != last and b[i + 1] == c + 1):
                    nb[i - 1] = c - 1  # the row takes the suit of this 2 (unless its 3 allows it anyway)
                key = bytes(nb)
                if key in seen:
                    continue
                # best first: onto a run's end, then freeing a run's end; never
                # (last) taking a card off a run
                row_p = front[p // w]
                score = (3 if i == front[i // w] else 0) + (1 if p == row_p else 0) - (4 if p < row_p else 0)
                if shake is not None:
                    score += NOISE * shake()
                kids.append((score, key, Move(c, i)))
            i = b.find(0, i + 1)
        if not kids:
            continue
        if len(seen) + len(kids) > max_positions:
            return UNKNOWN, [], positions
        kids.sort(key=lambda k: k[0])  # the best last: popped first
        d = depth + 1
        for _score, key, mv in kids:
            seen.add(key)
            stack.append((key, d, mv))
    return UNSOLVABLE, [], positions


def _search_with_restarts(start: bytes, layout: Layout, budget: int, max_seconds: float | None,
                          prune: bool = True):
    """(outcome, moves, positions): runs of ``_search`` with the caps of
    ``restarts.plan(budget)`` (at most ``budget`` positions kept in all, never
    more than one run's cap at once), run k with order seed k (run 0: the plain
    order), until one wins, one exhausts the reachable positions (unsolvable),
    or the plan or the time runs out (unknown)."""
    t0 = time.monotonic()
    total = 0
    for k, cap in enumerate(restarts.plan(budget)):
        left = None if max_seconds is None else max_seconds - (time.monotonic() - t0)
        if left is not None and left <= 0:
            break
        outcome, path, n = _search(start, layout, cap, left, prune, k if k else None)
        total += n
        if outcome != UNKNOWN:
            return outcome, path, total
    return UNKNOWN, [], total


def _prune_inside(layout: Layout) -> bool:
    """The dead-position test at every position pays on small layouts (it
    cuts most of an unsolvable layout's tree); at 4 x 13 it costs four times
    a position and cut almost nothing in our trials, so it runs at the root only."""
    return layout.size <= 40


def _limits(layout: Layout, max_memory: int | None, max_positions: int | None) -> int:
    cap = (max_memory or DEFAULT_MEMORY) // position_bytes(layout)
    return min(cap, max_positions) if max_positions else cap


def solve(board: bytes, layout: Layout, aces: tuple[int, ...] | None = None, *,
          max_memory: int | None = None, max_positions: int | None = None,
          max_seconds: float | None = None) -> Result:
    """The verdict for ``board`` with the aces ``aces`` (default: as on the board)."""
    t0 = time.monotonic()
    start = board if aces is None else rules.with_aces(board, aces, layout)
    outcome, path, n = _search_with_restarts(start, layout, _limits(layout, max_memory, max_positions),
                                             max_seconds, _prune_inside(layout))
    return Result(outcome, path, rules.aces_of(start, layout), n, time.monotonic() - t0)


def solve_any(board: bytes, layout: Layout, *, max_memory: int | None = None,
              max_positions: int | None = None, max_seconds: float | None = None) -> Result:
    """The verdict with the best ace ordering (rule 6): solved with the ordering
    that wins and its moves, or unsolvable for every ordering."""
    t0 = time.monotonic()
    b = bytearray(board)
    for a in range(0, layout.size, layout.width):
        b[a] = UNDECIDED
    outcome, path, n = _search_with_restarts(bytes(b), layout, _limits(layout, max_memory, max_positions),
                                             max_seconds, _prune_inside(layout))
    aces = None
    if outcome == SOLVED:
        final = bytes(b)
        for m in path:  # replay to read the ordering off the final board
            nb = bytearray(final)
            nb[final.index(m.card)] = GAP
            nb[m.to] = m.card
            if m.to % layout.width == 1 and nb[m.to - 1] == UNDECIDED and nb[m.to + 1] != m.card + 1:
                nb[m.to - 1] = m.card - 1
            final = bytes(nb)
        aces = tuple(final[a + 1] >> 4 for a in range(0, layout.size, layout.width))
    return Result(outcome, path, aces, n, time.monotonic() - t0)


def check_layout(board: bytes, layout: Layout, *, each: bool = False, **limits) -> dict:
    """The checker's answer for a layout: ``{"dealt": Result, "best": Result}``
    and, with ``each``, ``"each": {ordering: Result}`` for all S! orderings
    (when the best ordering is unsolvable, every ordering is, by that one proof)."""
    dealt = solve(board, layout, layout.dealt_aces(), **limits)
    # the aces as dealt are one of the orderings: a win with them is a best win
    best = dealt if dealt.outcome == SOLVED else solve_any(board, layout, **limits)
    out = {"dealt": dealt, "best": best}
    if each:
        res = {}
        for order in rules.orderings(layout):
            if out["best"].outcome == UNSOLVABLE:
                res[order] = Result(UNSOLVABLE, [], order, 0, 0.0)
            else:
                res[order] = solve(board, layout, order, **limits)
        out["each"] = res
    return out
