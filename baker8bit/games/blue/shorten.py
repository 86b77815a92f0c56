"""Shorter Blue solutions: cut the detours out of a winning line (docs/games/blue.md, "Shorter
solutions").

A depth-first search wins by the first line it meets, and that line wanders: a card goes
somewhere and comes back, or three moves do what one would. ``shorten`` keeps the line's
boards b0 .. bn and, from each board b_i in turn, looks at every board within ``depth`` moves;
if one of them is a later board b_j of the line reached in fewer than j - i moves, the moves
i .. j are replaced by that shorter way. It repeats until a whole pass changes nothing.

Every replacement is a sequence of legal moves (``rules.moves``) from b_i to b_j, and the line
after b_j is untouched, so the result is a legal line from the same start to the same won
board, never longer than the input (tests/test_blue_shorten.py replays it through
``rules.Game.play`` and the console's ``keys``). It needs fixed aces: shorten after the
ordering is chosen (the checker's ``detail["aces"]``).
"""

from __future__ import annotations

from baker8bit.games.blue import rules
from baker8bit.games.blue.rules import Layout, Move

DEPTH = 3  # moves looked ahead from each board of the line (one pass costs ~ n * 8**DEPTH boards)


def boards_of(start: bytes, moves: list[Move]) -> list[bytes]:
    out = [start]
    for m in moves:
        out.append(rules.apply(out[-1], m))
    return out


def _shortcut(board: bytes, here: int, index: dict[bytes, int], layout: Layout, depth: int):
    """The farthest later board of the line reachable from ``board`` (the line's board
    ``here``) in fewer moves than the line takes, and the moves to it; None if none is."""
    best: tuple[int, list[Move]] | None = None
    frontier = [(board, [])]
    seen = {board}
    for d in range(1, depth + 1):
        nxt = []
        for b, path in frontier:
            for m in rules.moves(b, layout):
                nb = rules.apply(b, m)
                if nb in seen:
                    continue
                seen.add(nb)
                p = path + [m]
                j = index.get(nb, -1)
                if j - here > d and (best is None or j > best[0]):
                    best = (j, p)
                nxt.append((nb, p))
        frontier = nxt
    return best


def shorten(start: bytes, moves: list[Move], layout: Layout, depth: int = DEPTH) -> list[Move]:
    """A line from ``start`` to the board ``moves`` end at, never longer, with detours cut."""
    moves = list(moves)
    changed = True
    while changed:
        changed = False
        line = boards_of(start, moves)
        index = {b: i for i, b in enumerate(line)}  # a later repeat wins: a cycle is cut too
        i = 0
        out: list[Move] = []
        while i < len(moves):
            cut = _shortcut(line[i], i, index, layout, depth)
            j = index[line[i]]
            if j > i and (cut is None or j >= cut[0]):  # the line comes back here: drop the cycle
                cut = (j, [])
            if cut is None:
                out.append(moves[i])
                i += 1
            else:
                out.extend(cut[1])
                i = cut[0]
                changed = True
        moves = out
    return moves
