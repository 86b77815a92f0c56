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
    out: list[Place] = [] if rules.reserve else [("cell", i) for i, c in enumerate(pos.cells) if c is None]
    if rules.empty == "any":
        out += [("column", i) for i, c in enumerate(pos.columns) if not c and i not in exclude]
    return out


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
    column that takes only kings, the run must be led by a king.
    """
    source = pos.columns[src]
    if src == dst:
        raise GroupError("source and destination are the same column", "dst")
    if not source:
        raise GroupError("the source column is empty", "src")
    run = run_length(source, rules)
    free = free_places(pos, (src, dst), rules)
    target = pos.columns[dst]
    if target:
        top = target[-1]
        bottom = source[-1]
        n = cards.rank_of(top) - cards.rank_of(bottom)
        if not 1 <= n <= run or not builds_on(source[-n], top, rules):
            raise GroupError("no card of the run goes onto the destination", "dst")
        if n - 1 > len(free):
            raise GroupError(f"{n} cards need {n - 1} free places, there are {len(free)}", "src")
    elif rules.empty == "any":
        n = min(run, len(free) + 1)
    else:
        kings = [k for k in range(1, run + 1) if cards.rank_of(source[-k]) == 12]
        if not kings:
            raise GroupError("only a king-led run goes into an empty column", "dst")
        n = kings[0]
        if n - 1 > len(free):
            raise GroupError(f"{n} cards need {n - 1} free places, there are {len(free)}", "src")
    out: list[Move] = []
    parked = free[: n - 1]
    for place in parked:
        out.append(Move(("column", src), place))
    out.append(Move(("column", src), ("column", dst)))
    for place in reversed(parked):
        out.append(Move(place, ("column", dst)))
    return out


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
