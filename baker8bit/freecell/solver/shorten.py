"""Shorter winning lines: a pass over a solution that drops the moves a person would not make.

The searches find *a* winning line, not a short one: depth-first, they park cards and move them
back, go round in cycles and move a card twice where once would do. ``shorten`` rewrites a
solved ``Result`` into a line that is never longer, by three rewrites tried again and again
until none applies:

- **cycles**: where the line comes back to a position it has been in (the same cards in the same
  places), the moves between are dropped;
- **a move dropped**: a move whose removal leaves a line that still wins;
- **two moves of one card made one**: a card moved from ``s`` to ``d`` and later, in its next
  move, from ``d`` to ``e`` is moved once, from ``s`` to ``e``, at the time of either move (both
  dropped when ``e`` is ``s``: a move undone). This removes pointless parking.

Every rewrite is kept only if the whole rest of the line replays from the position before it,
each move checked legal (``moves.is_legal``), to a won position: the result is a legal winning
line by construction, whatever the rewrites do. In a game with automatic moves home
(``rules.auto_home``: King Albert) the line is rewritten with every move typed, then played
again as the game plays it: the game makes its automatic moves (``moves.safe_home``) after each
typed one, and a move of the line whose card the game has already sent home is its automatic
move, not typed. That line is replayed too; if it did not win, the line is left as it was.

The pass is deterministic (no clock): the same line in, the same line out. Its work is bounded
by ``max_replays`` line replays (a replay stops at its first illegal move), and, where a caller
must know what it costs (HELP, within a level's budget), by ``max_moves``: the moves it applies
and the positions it looks at, counted one each. A pass that would go over ``max_moves`` stops
where it is and gives the shortest line it has checked so far (the line given, at worst).
"""

from __future__ import annotations

from dataclasses import replace

from baker8bit.core import cards
from baker8bit.core.outcome import SOLVED
from baker8bit.freecell.moves import Move, apply, card_at, is_legal, legal_moves, parse_move, safe_home
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver.search import Result

MAX_REPLAYS = 20_000


class _Spent(Exception):
    """The pass has used its ``max_moves``."""


class _Work:
    """What the pass has done, in moves applied and positions looked at (one each); ``limit``
    None: no bound."""

    def __init__(self, limit: int | None = None):
        self.limit, self.used = limit, 0

    def spend(self, n: int = 1) -> None:
        self.used += n
        if self.limit is not None and self.used > self.limit:
            raise _Spent

    def apply(self, pos: Position, m: Move) -> Position:
        self.spend()
        return apply(pos, m)


_FREE = _Work()  # the unbounded counter of callers that do not count


def _wins(pos: Position, line: list[Move], rules: RuleSet, work: _Work = _FREE) -> bool:
    """Does ``line`` play legally from ``pos`` to a won position?"""
    for m in line:
        if not is_legal(pos, m, rules):
            return False
        pos = work.apply(pos, m)
    return pos.is_complete()


def _play(pos: Position, line: list[Move], rules: RuleSet, work: _Work = _FREE) -> list[Position] | None:
    """The positions ``line`` goes through from ``pos`` (``pos`` first) if every move is legal and
    the last is won; else None."""
    out = [pos]
    for m in line:
        if not is_legal(pos, m, rules):
            return None
        pos = work.apply(pos, m)
        out.append(pos)
    return out if pos.is_complete() else None


def _positions(pos: Position, line: list[Move], work: _Work = _FREE) -> list[Position]:
    out = [pos]
    for m in line:
        pos = work.apply(pos, m)
        out.append(pos)
    return out


def _shape(p: Position) -> tuple:
    """A position with its columns in any order and its cells in any order."""
    return (tuple(sorted(p.columns)), tuple(sorted(c for c in p.cells if c is not None)), p.foundations)


def _relabel(a: Position, b: Position) -> dict:
    """Places of ``b`` -> the places of ``a`` holding the same cards (``a`` and ``b`` of one shape)."""
    out = {}
    for kind, xs, ys in (("column", a.columns, b.columns), ("cell", a.cells, b.cells)):
        empty_a = [i for i, x in enumerate(xs) if not x]
        where = {x: i for i, x in enumerate(xs) if x}
        for j, y in enumerate(ys):
            out[(kind, j)] = (kind, where[y] if y else empty_a.pop(0))
    return out


def _cut_cycles(positions: list[Position], line: list[Move], rules: RuleSet, work: _Work = _FREE) -> list[Move] | None:
    """The line with the moves between two visits of one position dropped (the first position the
    line comes back to, up to its latest return), or None where the line has no cycle. A return
    with the columns (or cells) in another order counts: the rest of the line is then played with
    its places renamed, and kept only if it still wins."""
    seen: dict[tuple, int] = {}
    work.spend(len(positions))
    for j, p in enumerate(positions):
        i = seen.setdefault(_shape(p), j)
        if i == j:
            continue
        shape = _shape(p)
        for k in range(len(positions) - 1, j - 1, -1):  # the latest return to it
            if _shape(positions[k]) == shape:
                break
        names = _relabel(positions[i], positions[k])
        tail = [Move(names.get(m.src, m.src), names.get(m.dst, m.dst)) for m in line[k:]]
        if _wins(positions[i], tail, rules, work):
            return line[:i] + tail
        seen[shape] = j  # no way through here: look for a later one
    return None


def _candidates(positions: list[Position], line: list[Move], i: int):
    """Rewrites of ``line`` from move i on (the moves before i unchanged), shortest first."""
    m = line[i]
    card = card_at(positions[i], m.src)
    # the card's next move
    j = next((k for k in range(i + 1, len(line)) if card_at(positions[k], line[k].src) == card), None)
    if j is not None:
        s, e = m.src, line[j].dst
        if s == e:
            yield line[:i] + line[i + 1:j] + line[j + 1:]  # moved there and back
        else:
            yield line[:i] + line[i + 1:j] + [Move(s, e)] + line[j + 1:]  # one move, at the later time
            yield line[:i] + [Move(s, e)] + line[i + 1:j] + line[j + 1:]  # one move, at the earlier time
    if m.dst[0] != "terminal":
        yield line[:i] + line[i + 1:]  # the move dropped


def _removals(p: Position):
    """Every card on top of a place of ``p`` (a column's last card, a cell's card, a suit's top card
    home), as ``(place, key)``: ``key`` is that card and ``p`` without it. Two positions share a
    key exactly when one card in another place tells them apart: one move apart, if it is legal."""
    cols, cells, found = p.columns, p.cells, p.foundations
    for i, col in enumerate(cols):
        if col:
            yield ("column", i), (col[-1], cols[:i] + (col[:-1],) + cols[i + 1:], cells, found)
    for i, c in enumerate(cells):
        if c is not None:
            yield ("cell", i), (c, cols, cells[:i] + (None,) + cells[i + 1:], found)
    for s, n in enumerate(found):
        if n:
            yield ("terminal", -1), (cards.make(n - 1, s), cols, cells, found[:s] + (n - 1,) + found[s + 1:])


def _shortcuts(positions: list[Position], line: list[Move], rules: RuleSet, depth: int,
               work: _Work = _FREE) -> list[Move]:
    """One pass along the line: from each position, the furthest later position of the line that
    one legal move (or two, at ``depth`` 2) reaches, taken where it skips more moves than it makes."""
    ahead: dict[tuple, tuple[int, tuple]] = {}  # key -> (the latest line position with it, its place)
    work.spend(len(positions))
    for j, p in enumerate(positions):
        for place, key in _removals(p):
            ahead[key] = (j, place)

    def one_move(q: Position) -> tuple[int, Move | None]:
        work.spend()
        far, how = -1, None
        for src, key in _removals(q):
            j, dst = ahead.get(key, (-1, None))
            if j > far and dst != src and src[0] != "terminal":
                m = Move(src, dst)
                if is_legal(q, m, rules):
                    far, how = j, m
        return far, how

    out: list[Move] = []
    i = 0
    while i < len(line):
        p = positions[i]
        best_j, best = i + 1, [line[i]]  # the line's own move: a gain of 0
        j, m = one_move(p)
        if m is not None and j - i - 1 > best_j - i - len(best):
            best_j, best = j, [m]
        if depth >= 2:
            for m in legal_moves(p, rules):
                j, m2 = one_move(work.apply(p, m))
                if m2 is not None and j - i - 2 > best_j - i - len(best):
                    best_j, best = j, [m, m2]
        out.extend(best)
        i = best_j
    return out


def _greedy(positions: list[Position], line: list[Move], rules: RuleSet, budget: int,
            work: _Work = _FREE) -> tuple[list[Move], int]:
    """One pass of the rewrites of ``_candidates`` from the first move on; the line and the replays used."""
    used, i = 0, 0
    while i < len(line) and used < budget:
        for cand in _candidates(positions, line, i):
            used += 1
            after = _play(positions[i], cand[i:], rules, work)
            if after is not None:
                line, positions = cand, positions[:i] + after
                break
        else:
            i += 1
    return line, used


def shorten_line(position: Position, rules: RuleSet, moves: list[str],
                 max_replays: int = MAX_REPLAYS, max_moves: int | None = None) -> list[str]:
    """A winning line of at most ``len(moves)`` moves (every move typed) from a winning one.

    Rounds of: cycles cut, one-move shortcuts, the rewrites of ``_candidates``, two-move
    shortcuts; until a round gains nothing or ``max_replays`` is spent (a shortcut pass counts
    as many replays as it costs, about: a two-move pass looks at every move's neighbours'), or
    ``max_moves`` moves applied and positions looked at (the line checked last is given)."""
    line = [parse_move(m, rules) for m in moves]
    if not _wins(position, line, rules):
        raise ValueError("shorten: the line given does not win")
    work = _Work(max_moves)
    try:
        used = 0
        while used < max_replays:
            before = len(line)
            while (
                used < max_replays
                and (cut := _cut_cycles(_positions(position, line, work), line, rules, work)) is not None
            ):
                line, used = cut, used + 1
            for step in ("one", "greedy", "two"):
                if used >= max_replays:
                    break
                if step == "greedy":
                    line, n = _greedy(_positions(position, line, work), line, rules, max_replays - used, work)
                    used += n
                else:
                    used += len(line) // 8 if step == "one" else len(line) * 2
                    line = _shortcuts(_positions(position, line, work), line, rules, 1 if step == "one" else 2, work)
            if len(line) >= before:
                break
    except _Spent:
        pass  # ``line`` is the last line checked to win
    return [m.keys(rules) for m in line]


def played_by_the_game(
    position: Position, rules: RuleSet, moves: list[str]
) -> tuple[list[str], tuple[int, ...]] | None:
    """A winning line with every move typed, as a game with automatic moves home plays it: the
    moves in the order they happen and the indices of the ones the game makes itself (a move of
    the line whose card the game has sent home already is left out); None if it does not win."""
    line = [parse_move(m, rules) for m in moves]
    before = _positions(position, line)
    moved = [card_at(p, m.src) for p, m in zip(before, line, strict=False)]  # the card each move moves
    pos, out, auto = position, [], []

    def settle() -> None:
        nonlocal pos
        while (m := safe_home(pos, rules)) is not None:
            auto.append(len(out))
            out.append(m.keys(rules))
            pos = apply(pos, m)

    settle()
    for m, card in zip(line, moved, strict=True):
        if pos.foundations[cards.suit_of(card)] > cards.rank_of(card):
            continue  # the game has sent this card home already
        if card_at(pos, m.src) != card or not is_legal(pos, m, rules):
            return None
        out.append(m.keys(rules))
        pos = apply(pos, m)
        settle()
    return (out, tuple(auto)) if pos.is_complete() else None


def shorten(position: Position, rules: RuleSet, result: Result, max_replays: int = MAX_REPLAYS,
            max_moves: int | None = None) -> Result:
    """``result`` with a shorter winning line (never longer; the same result if not solved)."""
    if result.outcome != SOLVED or not result.moves:
        return result
    line = shorten_line(position, rules, list(result.moves), max_replays, max_moves)
    if not rules.auto_home:
        return replace(result, moves=line, auto=()) if len(line) < len(result.moves) else result
    played = played_by_the_game(position, rules, line)
    if played is None or len(played[0]) >= len(result.moves):
        return result
    return replace(result, moves=played[0], auto=played[1])
