"""Positions as text, in fc-solve's plain board format.

    Foundations: C-0 D-A H-K S-K
    Freecells: 5C -
    : JD KD 2S 4C
    : 2D KC

One ``:`` line per field column, top card first, exposed card last; ``T`` for
ten (``10`` is read too). With 2 or 3 suits the absent suits are written as
complete foundations (``H-K S-K``), so fc-solve can solve the position as a
Baker's Game with ``--freecells-num N --stacks-num C``. Reading needs the rule
set the board is for (a game's ``read_board`` knows it; the 1989 game tells
its suit count from the number of column lines).
"""

from __future__ import annotations

from baker8bit.core import cards
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet


class BoardError(ValueError):
    """A board text that cannot be read; the message names the line and card."""


def write(pos: Position, rules: RuleSet) -> str:
    found = []
    for s in range(4):
        if s < rules.suits:
            n = pos.foundations[s]
            found.append(f"{cards.SUITS[s]}-{'0' if n == 0 else cards.RANKS[n - 1]}")
        else:
            found.append(f"{cards.SUITS[s]}-K")
    lines = ["Foundations: " + " ".join(found)]
    lines.append("Freecells: " + " ".join("-" if c is None else cards.to_text(c) for c in pos.cells))
    for col in pos.columns:
        lines.append((": " + " ".join(cards.to_text(c) for c in col)).rstrip())
    return "\n".join(lines) + "\n"


def _whose(rules: RuleSet, verb: str = "need") -> str:
    """"4 suits need" for the 1989 game (its rule sets are told apart by suit count), else "eight-off has"."""
    return f"{rules.suits} suits {verb}" if rules.tag else f"{rules.game} has"


def _q(token: str, limit: int = 40) -> str:
    """A token quoted for a message, at most ``limit`` characters of it."""
    return repr(token[:limit]) + ("..." if len(token) > limit else "")


def _card(token: str, lineno: int) -> int:
    try:
        return cards.from_text(token)
    except cards.CardError:
        raise BoardError(f"line {lineno}: malformed card {_q(token)}") from None


def shape(text: str) -> tuple[int, int]:
    """(column lines, tokens on the Freecells line) of a board text, without checking its cards."""
    columns = cells = 0
    for raw in text.splitlines():
        line = raw.strip()
        low = line.lower()
        if not line or line.startswith("#") or low.startswith("foundations:"):
            continue
        if low.startswith("freecells:"):
            cells = len(line.split(":", 1)[1].split())
        else:
            columns += 1
    return columns, cells


def read(text: str, rules: RuleSet) -> tuple[Position, RuleSet]:
    """Read a board; check that every card of the game is there exactly once."""
    foundations: dict[int, int] = {}
    cells: list[int | None] = []
    columns: list[tuple[int, ...]] = []
    where: dict[int, int] = {}  # card -> line it was read on
    seen_found = seen_cells = False

    def note(card: int, lineno: int, token: str) -> int:
        if card in where:
            raise BoardError(f"line {lineno}: card {token[:40]} is duplicated (also on line {where[card]})")
        where[card] = lineno
        return card

    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        low = line.lower()
        if low.startswith("foundations:"):
            if seen_found:
                raise BoardError(f"line {lineno}: a second Foundations line")
            seen_found = True
            for token in line.split(":", 1)[1].split():
                suit, _, value = token.partition("-")
                if suit.upper() not in cards.SUITS or not value:
                    raise BoardError(f"line {lineno}: malformed foundation {_q(token)}")
                v = value.upper()
                n = 0 if v == "0" else (10 if v == "10" else cards.RANKS.find(v) + 1)
                if n <= 0 and v != "0":
                    raise BoardError(f"line {lineno}: malformed foundation {_q(token)}")
                s = cards.SUITS.index(suit.upper())
                if s in foundations:
                    raise BoardError(f"line {lineno}: suit {suit.upper()} given twice")
                foundations[s] = n
        elif low.startswith("freecells:"):
            if seen_cells:
                raise BoardError(f"line {lineno}: a second Freecells line")
            seen_cells = True
            for token in line.split(":", 1)[1].split():
                if token in ("-", "--"):
                    cells.append(None)
                else:
                    cells.append(note(_card(token, lineno), lineno, token))
        else:
            body = line[1:] if line.startswith(":") else line
            col = tuple(note(_card(t, lineno), lineno, t) for t in body.split())
            columns.append(col)

    if len(columns) != rules.columns:
        raise BoardError(f"{len(columns)} columns, but {_whose(rules)} {rules.columns}")
    if len(cells) > rules.cells:
        raise BoardError(f"{len(cells)} parking spaces, but {_whose(rules, 'have')} {rules.cells}")
    cells += [None] * (rules.cells - len(cells))

    found = tuple(foundations.get(s, 0) for s in range(rules.suits))
    for s in range(rules.suits, 4):
        if s in foundations and foundations[s] != 13:
            raise BoardError(
                f"suit {cards.SUITS[s]} is not in a {rules.suits}-suit game; write it as {cards.SUITS[s]}-K"
            )
    for card, lineno in where.items():
        s, r = cards.suit_of(card), cards.rank_of(card)
        if s >= rules.suits:
            raise BoardError(f"line {lineno}: card {cards.to_text(card)} is not in a {rules.suits}-suit game")
        if r < found[s]:
            raise BoardError(f"line {lineno}: card {cards.to_text(card)} is also on its terminal pile")
    missing = [
        cards.to_text(c)
        for c in cards.deck(rules.suits)
        if c not in where and cards.rank_of(c) >= found[cards.suit_of(c)]
    ]
    if missing:
        raise BoardError(f"missing card(s): {' '.join(missing)}")
    pos = Position(tuple(columns), tuple(cells), found)
    return pos, rules
