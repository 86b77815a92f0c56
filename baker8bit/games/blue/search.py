"""One run of the Blue checker's depth-first search, and its dead-position test.

This file is plain Python and the reference; ``fastsearch.pyx`` is the same run in
C data structures (packed keys in a fixed table), built as ``_csearch`` by
the package build (``setup.py``) (optional: same runs, same answers, about twenty times as
fast in 60 % of the memory; ``tests/test_blue_search_compiled.py`` compares the
two). ``implementation()`` picks ``_csearch`` when it imports.
The proofs of what the search may skip are in docs/games/blue.md ("The checker").
"""

from __future__ import annotations

import random
import time

from baker8bit.core.compiled import choose
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.games.blue.rules import GAP, Layout, Move

UNDECIDED = 255  # an ace whose suit is not chosen yet (column 0, "any ordering")
NOISE = 3.5  # how far a seeded run may reorder the moves (scores are -4 .. 5.5; tuned, docs/games/blue.md)
OPENS = 1.5  # the score of a move whose new gap takes a card blocking a row's run end (tuned, docs/games/blue.md)
CLOCK_EVERY = 1024
POSITION_BYTES = None  # a position's cost is its bytes object's here (``checker.position_bytes``)


def implementation(pure: bool | None = None):
    """The search module to run: ``_csearch`` (fastsearch.pyx compiled) when it
    imports, else this one. ``pure=True``, or the environment variable
    ``BAKER8BIT_PURE_SOLVER=1``, asks for this one."""

    return choose("baker8bit.games.blue._csearch", "baker8bit.games.blue.search", pure)


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


def is_won(b: bytes, size: int, w: int, top: int) -> bool:
    """Every row holds its ace's suit from 2 to the top rank, then the gap (an
    UNDECIDED ace takes the suit of the 2 in column 1)."""
    last = w - 1
    for base in range(0, size, w):
        ace = b[base]
        if ace == UNDECIDED:
            ace = b[base + 1] - 1
            if ace & 15 != 1:  # column 1 must hold a 2
                return False
        for j in range(1, last):
            if b[base + j] != ace + j:
                return False
        if b[base + last]:
            return False
    return True


def fronts(b: bytes, size: int, w: int) -> list[int]:
    """Per row, the first slot after the run ace, 2, 3 ... of the row's suit."""
    last = w - 1
    out = []
    for base in range(0, size, w):
        ace = b[base]
        j = 1
        if ace == UNDECIDED:
            if b[base + 1] & 15 != 2:
                out.append(base + 1)
                continue
            ace = b[base + 1] - 1
            j = 2
        while j < last and b[base + j] == ace + j:
            j += 1
        out.append(base + j)
    return out


def opens(nb, p: int, i: int, front: list[int], w: int) -> bool:
    """True if the gap a move leaves (slot ``p``; ``nb`` is the board after it, ``i`` the slot
    it filled) may take a card that sits at a row's run end (``front``, read before the move):
    the card after that card's one lower, or before its one higher. That card can then leave,
    and the row's next card come. A gap after an undecided ace is not counted."""
    left = nb[p - 1]
    right = nb[p + 1] if p % w != w - 1 else GAP
    lok = left != GAP and left != UNDECIDED
    rok = right != GAP and right != UNDECIDED
    for q in front:
        if q == p or q == i:
            continue
        x = nb[q]
        if x != GAP and x != UNDECIDED and ((lok and left + 1 == x) or (rok and right - 1 == x)):
            return True
    return False


def run(start: bytes, layout: Layout, max_positions: int, max_seconds: float | None,
        prune: bool = True, order_seed: int | None = None):
    """(outcome, moves, positions) of one depth-first run from ``start``
    (column 0 may hold UNDECIDED), keeping at most ``max_positions``.

    Moves are tried best first: onto a row's run end (+3), freeing a run end
    (+1), leaving a gap that a card blocking a run end may go to (+1.5, ``opens``),
    never taking a card off a run (-4, last). ``order_seed`` (None:
    none) shakes that order: each move's score gets a seeded random amount in
    [0, NOISE) added, so runs with different seeds try different wins first.
    The order never changes a verdict: a run that empties its stack has met
    every reachable position. ``prune``: the dead-position test at every
    position (else at the start only)."""
    t0 = time.monotonic()
    timed = max_seconds is not None
    deadline = t0 + max_seconds if timed else 0.0
    shaken = order_seed is not None
    shake = random.Random(order_seed).random if shaken else None
    w = layout.width
    top = layout.ranks
    n_suits = layout.suits
    size = layout.size
    last = w - 1
    seen = {start}
    # board, depth, the move to it, the slot that move emptied (-1 if it fixed an ace:
    # then undoing it does not give the parent back)
    stack = [(start, 0, None, -1)]
    path: list[Move] = []
    positions = 0
    while stack:
        b, depth, move, back = stack.pop()
        if depth:
            del path[depth - 1 :]
            path.append(move)
        positions += 1
        if is_won(b, size, w, top):
            return SOLVED, list(path), positions
        if (prune or not depth) and stuck(b, layout):
            continue
        if timed and positions % CLOCK_EVERY == 0 and time.monotonic() > deadline:
            return UNKNOWN, [], positions
        kids = []
        front = fronts(b, size, w)
        i = b.find(0)
        while i >= 0:
            left = b[i - 1]
            cands = []
            if left == UNDECIDED:
                taken = {b[a] >> 4 for a in range(0, size, w) if b[a] != UNDECIDED}
                cands = [s * 16 + 2 for s in range(n_suits) if s not in taken]
            elif left and (left & 15) < top:
                cands.append(left + 1)
            if i % w != last:
                right = b[i + 1]
                if right != UNDECIDED and (right & 15) > 2 and (right - 1) not in cands:
                    cands.append(right - 1)
            for c in cands:
                if i == back and c == move[0] and left != UNDECIDED:
                    continue  # the move just made, undone (fixing no ace): the parent, met already
                p = b.index(c)
                nb = bytearray(b)
                nb[p] = GAP
                nb[i] = c
                fix = left == UNDECIDED and not (i % w != last and b[i + 1] == c + 1)
                if fix:
                    nb[i - 1] = c - 1  # the row takes the suit of this 2 (unless its 3 allows it anyway)
                key = bytes(nb)
                if key in seen:
                    continue
                row_p = front[p // w]
                score = (3 if i == front[i // w] else 0) + (1 if p == row_p else 0) - (4 if p < row_p else 0)
                if opens(nb, p, i, front, w):
                    score += OPENS
                if shaken:
                    score += NOISE * shake()
                kids.append((score, key, Move(c, i), -1 if fix else p))
            i = b.find(0, i + 1)
        if not kids:
            continue
        if len(seen) + len(kids) > max_positions:
            return UNKNOWN, [], positions
        kids.sort(key=_score)  # the best last: popped first
        d = depth + 1
        for _kid_score, key, mv, p in kids:
            seen.add(key)
            stack.append((key, d, mv, p))
    return UNSOLVABLE, [], positions


def _score(kid) -> float:
    return kid[0]
