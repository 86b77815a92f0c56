"""Moves of the FreeCell family, driven by a rule set: legality, single moves, group moves.

A place is ``("column", i)``, ``("cell", i)`` or ``("terminal", suit)``.
A move is a pair of places. Its text form is the 1989 key notation, two
letters, ``T`` standing for the terminal area (``BK``, ``EI``, ``FT``), and
round-trips: ``Move.from_text(m.text(rules), rules) == m`` (as python-chess's
``Move.uci``/``from_uci``).

What the rules decide (``RuleSet``): how a card builds on a column (same suit
or alternating colour, one rank lower), what an empty column takes (any card,
or a king), and so how long a run is and where a group move may park cards.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from baker8bit.core import cards
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet

Place = tuple[str, int]


class Move(NamedTuple):
    src: Place
    dst: Place

    def keys(self, rules: RuleSet) -> str:
        """The move's text: the two key letters a player types for it."""
        return place_letter(self.src, rules) + place_letter(self.dst, rules)

    text = keys

    @staticmethod
    def from_text(text: str, rules: RuleSet) -> Move:
        return parse_move(text, rules)


def place_letter(place: Place, rules: RuleSet) -> str:
    kind, i = place
    if kind == "column":
        return rules.column_letter(i)
    if kind == "cell":
        return rules.cell_letter(i)
    return "T"


def parse_move(text: str, rules: RuleSet) -> Move:
    """``"BK"`` -> Move; the second letter may be ``T`` (terminal area)."""
    t = text.strip().upper()
    if len(t) != 2:
        raise ValueError(f"a move is two letters, not {text!r}")
    src = rules.place(t[0])
    if src is None:
        raise ValueError(f"no place {t[0]!r} in {text!r}")
    if t[1] == "T":
        return Move(src, ("terminal", -1))
    dst = rules.place(t[1])
    if dst is None:
        raise ValueError(f"no place {t[1]!r} in {text!r}")
    return Move(src, dst)


def card_at(pos: Position, place: Place) -> int | None:
    """The movable card at a column or parking space, or None if it is empty."""
    kind, i = place
    if kind == "column":
        col = pos.columns[i]
        return col[-1] if col else None
    if kind == "cell":
        return pos.cells[i]
    return None


def builds_on(card: int, top: int, rules: RuleSet) -> bool:
    """May ``card`` go onto ``top`` in a column: one rank lower, same suit or the other colour."""
    if cards.rank_of(top) != cards.rank_of(card) + 1:
        return False
    if rules.build == "suit":
        return cards.suit_of(top) == cards.suit_of(card)
    return cards.is_red(top) != cards.is_red(card)


def fills_empty(card: int, rules: RuleSet) -> bool:
    """May ``card`` go into an empty column?"""
    return rules.empty == "any" or cards.rank_of(card) == 12


def accepts(pos: Position, place: Place, card: int, rules: RuleSet) -> bool:
    """May ``card`` be put on ``place``? (Source legality is checked elsewhere.)"""
    kind, i = place
    if kind == "terminal":
        return pos.foundations[cards.suit_of(card)] == cards.rank_of(card)
    if kind == "cell":
        return pos.cells[i] is None and not rules.reserve  # nothing enters a reserve
    col = pos.columns[i]
    if not col:
        return fills_empty(card, rules)  # 1989: "any exposed or parked card"; Eight Off: a king
    return builds_on(card, col[-1], rules)


def is_legal(pos: Position, move: Move, rules: RuleSet) -> bool:
    src, dst = move
    if src[0] == "terminal" or src == dst:
        return False  # a card never leaves its terminal pile
    card = card_at(pos, src)
    if card is None:
        return False
    if src[0] == "cell" and dst[0] == "cell":
        return False  # a parked card is not "exposed": it may not be parked again
    return accepts(pos, dst, card, rules)


def apply(pos: Position, move: Move) -> Position:
    """The position after a legal single-card move (caller checks legality)."""
    src, dst = move
    columns = list(pos.columns)
    cells = list(pos.cells)
    foundations = list(pos.foundations)
    if src[0] == "column":
        card = columns[src[1]][-1]
        columns[src[1]] = columns[src[1]][:-1]
    else:
        card = cells[src[1]]
        cells[src[1]] = None
    if dst[0] == "column":
        columns[dst[1]] = columns[dst[1]] + (card,)
    elif dst[0] == "cell":
        cells[dst[1]] = card
    else:
        foundations[cards.suit_of(card)] += 1
    return Position(tuple(columns), tuple(cells), tuple(foundations))


def safe_home(pos: Position, rules: RuleSet) -> Move | None:
    """King Albert's automatic move (``rules.auto_home``; ``solver/shorten.py`` follows it): the
    first stack whose top card the game moves home by itself: the card may go home and both cards
    that might be put on it (one rank lower, the other colour) are home already."""
    found = pos.foundations
    for i, col in enumerate(pos.columns):
        if not col:
            continue
        c = col[-1]
        s, r = divmod(c, 13)
        others = (0, 3) if s in (1, 2) else (1, 2)
        if found[s] == r and all(found[o] >= r for o in others):
            return Move(("column", i), ("terminal", -1))
    return None


def sources(pos: Position) -> list[Place]:
    return [("column", i) for i, c in enumerate(pos.columns) if c] + [
        ("cell", i) for i, c in enumerate(pos.cells) if c is not None
    ]


def legal_moves(pos: Position, rules: RuleSet) -> list[Move]:
    """Every legal single-card move, in a fixed order (sources, then destinations)."""
    dests: list[Place] = [("terminal", -1)]
    dests += [("column", i) for i in range(len(pos.columns))]
    dests += [("cell", i) for i in range(len(pos.cells))]
    out = []
    for src in sources(pos):
        for dst in dests:
            m = Move(src, dst)
            if is_legal(pos, m, rules):
                out.append(m)
    return out


# ---- group moves -------------------------------------------------------------


def run_length(column: tuple[int, ...], rules: RuleSet) -> int:
    """Length of the built run at the bottom (exposed end) of a column (in suit, or alternating colour)."""
    if not column:
        return 0
    n = 1
    while n < len(column) and builds_on(column[-n], column[-n - 1], rules):
        n += 1
    return n


def free_places(pos: Position, exclude: tuple[int, ...], rules: RuleSet) -> list[Place]:
    """Where a group move may park single cards: empty cells (leftmost first), then empty
    columns not in ``exclude`` when an empty column takes any card (a king-only empty
    column cannot hold the cards a run parks, which are not all kings)."""
    return free_cells(pos, rules) + empty_columns(pos, exclude, rules)


def free_cells(pos: Position, rules: RuleSet) -> list[Place]:
    """The empty cells a card may be parked in, leftmost first (none in a reserve)."""
    return [] if rules.reserve else [("cell", i) for i, c in enumerate(pos.cells) if c is None]


def empty_columns(pos: Position, exclude: tuple[int, ...], rules: RuleSet) -> list[Place]:
    """The empty columns (not in ``exclude``) that may hold parked cards, leftmost first: none
    where an empty column takes only a king (moving card by card, only the run's king could go
    there, and the king is the card that moves last)."""
    if rules.empty != "any":
        return []
    return [("column", i) for i, c in enumerate(pos.columns) if not c and i not in exclude]


def carried(cells: int, empties: int, rules: RuleSet) -> int:
    """The most cards a group move carries with ``cells`` free cells and ``empties`` empty columns
    that may hold cards (``RuleSet.group``): one card a free place, or, moving card by card
    through the empty columns as well, (cells + 1) x 2^empties."""
    if rules.group == "places":
        return cells + empties + 1
    return (cells + 1) << empties


@cache
def _split(n: int, cells: int, empties: int) -> tuple[int, int]:
    """(single moves, cards put first into an empty column) of the shortest way of carrying
    ``n`` cards by moving them card by card through ``cells`` free cells and ``empties`` empty
    columns: one card a free place when they are enough (2n-1 moves: no card can move fewer than
    twice but the landing one), else the top h cards into the first empty column, the rest to
    the destination with the other places, the h cards after them; the split with the fewest
    moves, and of those the most cards put into the empty column (Pipkin's tip: "transfer as
    many cards as possible to each space and then reassemble the sequence")."""
    if n - 1 <= cells + empties:
        return 2 * n - 1, 0
    if n > (cells + 1) << empties:
        raise ValueError(f"{n} cards are more than {cells} cells and {empties} empty columns carry")
    best = (0, 0)
    most = (cells + 1) << (empties - 1)  # what the other places carry, into the empty column and from it
    for h in range(1, n):
        if h <= most and n - h <= most:
            moves = 2 * _split(h, cells, empties - 1)[0] + _split(n - h, cells, empties - 1)[0]
            if not best[0] or moves <= best[0]:
                best = (moves, h)
    return best


def _carry(src: Place, dst: Place, n: int, cells: list[Place], empties: list[Place]) -> list[Move]:
    """The single moves that carry the ``n`` bottom cards of ``src`` (a run) onto ``dst`` (``_split``):
    with enough free places, the n-1 covering cards out (exposed card first, to the cells then
    the empty columns, leftmost first), the landing card, the parked cards back in reverse order."""
    _, h = _split(n, len(cells), len(empties))
    if not h:
        parked = (cells + empties)[: n - 1]
        return [Move(src, p) for p in parked] + [Move(src, dst)] + [Move(p, dst) for p in reversed(parked)]
    home, rest = empties[0], empties[1:]
    return _carry(src, home, h, cells, rest) + _carry(src, dst, n - h, cells, rest) + _carry(home, dst, h, cells, rest)


class GroupError(ValueError):
    """A group move that cannot be made; ``letter_side`` says which letter flashes."""

    def __init__(self, message: str, side: str):
        super().__init__(message)
        self.side = side  # "src" or "dst"


def group_moves(pos: Position, src: int, dst: int, rules: RuleSet) -> list[Move]:
    """The single moves that the group command ``T src dst`` stands for.

    docs/FAITHFULNESS.md, "group move" and "group move order" [decided]: the run lands
    on the destination when the destination's exposed card is one rank higher in
    the same suit (or, for an empty destination, the longest run that fits). For
    n cards it needs n-1 free places. The n-1 covering cards go out exposed card
    first to free parking spaces then empty columns (leftmost first), the landing
    card moves, and the parked cards come back in reverse order: 2n-1 moves.
    Under other rules the same holds with their building rule; into an empty
    column that takes only kings, the run must be led by a king. With ``group =
    "supermove"`` a run longer than the free places allow is carried through the empty
    columns as moving card by card allows (``carried``, ``_split``); a run the free places
    allow moves exactly as above.
    """
    source = pos.columns[src]
    if src == dst:
        raise GroupError("source and destination are the same column", "dst")
    if not source:
        raise GroupError("the source column is empty", "src")
    run = run_length(source, rules)
    cells, empties = free_cells(pos, rules), empty_columns(pos, (src, dst), rules)
    most = carried(len(cells), len(empties), rules)

    def too_many(n: int) -> GroupError:
        if rules.group == "places" or not empties:  # one card a free place
            return GroupError(f"{n} cards need {n - 1} free places, there are {len(cells) + len(empties)}", "src")
        return GroupError(f"{n} cards are more than {len(cells)} free cells and {len(empties)} empty columns "
                          f"carry ({most})", "src")
    target = pos.columns[dst]
    if target:
        top = target[-1]
        bottom = source[-1]
        n = cards.rank_of(top) - cards.rank_of(bottom)
        if not 1 <= n <= run or not builds_on(source[-n], top, rules):
            raise GroupError("no card of the run goes onto the destination", "dst")
        if n > most:
            raise too_many(n)
    elif rules.empty == "any":
        n = min(run, most)
    else:
        kings = [k for k in range(1, run + 1) if cards.rank_of(source[-k]) == 12]
        if not kings:
            raise GroupError("only a king-led run goes into an empty column", "dst")
        n = kings[0]
        if n > most:
            raise too_many(n)
    return _carry(("column", src), ("column", dst), n, cells, empties)


# ---- run moves at once (King Albert's "cheat") --------------------------------


class RunMove(NamedTuple):
    """``n`` ordered cards from the bottom of column ``src`` to column ``dst`` in one move,
    whatever the empty places (rules with a ``cheat``). Its keys are the two column letters."""

    src: int
    dst: int
    n: int

    def keys(self, rules: RuleSet) -> str:
        return rules.column_letter(self.src) + rules.column_letter(self.dst)

    text = keys


def run_fits(pos: Position, move: RunMove, rules: RuleSet) -> bool:
    """May the ``n`` bottom cards of ``src`` (an ordered run) go onto ``dst`` at once?"""
    src, dst = pos.columns[move.src], pos.columns[move.dst]
    if move.src == move.dst or not 2 <= move.n <= run_length(src, rules):
        return False
    lead = src[-move.n]
    return builds_on(lead, dst[-1], rules) if dst else fills_empty(lead, rules)


def apply_run(pos: Position, move: RunMove) -> Position:
    columns = list(pos.columns)
    cut = columns[move.src][-move.n:]
    columns[move.src] = columns[move.src][: -move.n]
    columns[move.dst] = columns[move.dst] + cut
    return Position(tuple(columns), pos.cells, pos.foundations)


def step_between(before: Position, after: Position, rules: RuleSet):
    """The one move (a single move, or with a ``cheat`` a run moved at once) from ``before``
    to ``after``, or None."""
    for m in legal_moves(before, rules):
        if apply(before, m) == after:
            return m
    if rules.cheat:
        for s in range(rules.columns):
            for d in range(rules.columns):
                for n in range(2, run_length(before.columns[s], rules) + 1):
                    m = RunMove(s, d, n)
                    if run_fits(before, m, rules) and apply_run(before, m) == after:
                        return m
    return None
