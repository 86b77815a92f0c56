"""Lay a FreeCell-family game out on the virtual GRAPHICS 1 screen.

The 1989 layout (docs/FAITHFULNESS.md, "The screen"): ``P`` and the parking spaces
(gold stars) at the top left with their key letters underneath, ``T`` and the
terminal piles (green stars) at the top right, the purple line of column
letters over the field with ``T`` at its right end, the field, and a status
line (``NO MOVES LEFT`` there when no legal move is left, in the games whose rules say so). Rows
and spacing come from ``data/layout.toml``; colours from the
palette's ``baker-colours.toml``. A rule set with the ``two-rows`` layout
(Eight Off: eight cells) puts the terminal piles on a row of their own under
the cell letters.

The layout keeps to what an Atari could show: each row's cells use that
row's background and its four colour registers; rows are grouped in bands
whose registers change between rows (docs/FAITHFULNESS.md, "The screen").
It also marks which cells stand for which key (``Screen.hit``), so a click
on a card, a star, a letter or an empty column is that place's letter. The pad's
cursor is the place's key letter in red (``look.key_register``).
"""

from __future__ import annotations

from baker8bit.atari import palette as pal
from baker8bit.atari.font import STAR, SUIT_SYMBOLS
from baker8bit.atari.screen import Screen, layout_data
from baker8bit.console.look import DEFAULTS, LETTERS, SUIT_REG, TEXT_ROWS, Look, key_register
from baker8bit.console.look import register as _reg
from baker8bit.core import cards


def _card_text(card: int, opts: Look) -> str:
    t = cards.rank_char(card)
    return t + SUIT_SYMBOLS[cards.suit_of(card)] if opts.glyphs else t


def put_card(scr: Screen, row: int, x: int, card: int | None, opts: Look, empty: int) -> None:
    """A card in its suit's colour, or, where there is none, a star in the colour ``empty``
    (gold for a parking place, green for a terminal pile)."""
    if card is None:
        scr.put(row, x, STAR, _reg(empty))
    else:
        scr.put(row, x, _card_text(card, opts), SUIT_REG[cards.suit_of(card)])


def pile_top(foundations, suit: int) -> int | None:
    """The card on top of a suit's terminal pile, or None while it is empty."""
    n = foundations[suit]
    return cards.make(n - 1, suit) if n else None


def field_columns(columns: int) -> list[int]:
    """Screen column of each field column: two cells apart, centred."""
    cfg = layout_data()
    cols, step = cfg["screen"]["cols"], cfg["freecell"]["spacing"]
    first = (cols - (step * (columns - 1) + 1)) // 2
    return [first + step * i for i in range(columns)]


def parking_columns(cells: int) -> list[int]:
    b = layout_data()["freecell"]
    return [b["p_col"] + b["spacing"] * (i + 1) for i in range(cells)]


def terminal_label_column(piles: int) -> int:
    cfg = layout_data()
    return cfg["screen"]["cols"] - cfg["freecell"]["spacing"] * piles - 2


def terminal_columns(piles: int) -> list[int]:
    t, step = terminal_label_column(piles), layout_data()["freecell"]["spacing"]
    return [t + step * (i + 1) for i in range(piles)]


def letter_line_t_column() -> int:
    """The ``T`` key at the right end of the purple line (it turns black for a group command)."""
    return layout_data()["screen"]["cols"] - 1


def no_moves_text(room: int) -> str:
    """What the status line says when no legal move is left (``game.lost``), in ``room`` cells:
    ``NO MOVES LEFT``, or ``NO MOVES`` beside a long deal number."""
    return "NO MOVES LEFT" if room >= len("NO MOVES LEFT") else "NO MOVES"


def terminal_row(rules) -> int:
    b = layout_data()["freecell"]
    return b["top_row"] if rules.layout == "one-row" else b["terminal_row"]


def draw_game(scr: Screen, view, game, frame: int, opts: Look) -> None:
    b = layout_data()["freecell"]
    g = scr.geometry
    rs, pos = game.rules, game.position
    top, cl_row, line_row, f_row, status = (
        b["top_row"], b["cell_letter_row"], b["letter_row"], b["field_row"], b["status_row"]
    )
    t_row = terminal_row(rs)
    scr.band(0, g.rows - 1, pal.BACKGROUND, DEFAULTS)
    for r in (cl_row, line_row):
        scr.band(r, r, pal.BAND, LETTERS)
    scr.band(status, status, pal.BACKGROUND, TEXT_ROWS)

    def card_blinks_off(letter: str) -> bool:
        """The selected card blinks where the rules ask for it (not in the 1989 game)."""
        return view.highlight == letter and not view.highlight_lit

    # Top row: P and the parking spaces (cells), T and the terminal piles.
    scr.put(top, b["p_col"], "P", _reg(pal.MARK if view.at_mark else pal.LABEL))
    for i, x in enumerate(parking_columns(rs.cells)):
        card, letter = pos.cells[i], rs.cell_letter(i)
        scr.hit(top, x, letter, rows=2)
        if card is None or not card_blinks_off(letter):
            put_card(scr, top, x, card, opts, pal.GOLD)
    tx = terminal_label_column(rs.suits)
    scr.put(t_row, tx, "T", _reg(pal.LABEL))
    scr.hit(t_row, tx, "T", cols=g.cols - tx)
    for s, x in enumerate(terminal_columns(rs.suits)):
        put_card(scr, t_row, x, pile_top(pos.foundations, s), opts, pal.GREEN)

    # Key letters: cell letters under their stars, the purple line over the field.
    def letter(row: int, x: int, ch: str) -> None:
        if view.flashing == ch or (view.flashing == "line" and row == line_row):
            if not view.flash_lit:
                return
        if ch in view.hint and not view.hint_lit:
            return
        scr.put(row, x, ch, key_register(ch, view, ch in view.black))

    for i, x in enumerate(parking_columns(rs.cells)):
        letter(cl_row, x, rs.cell_letter(i))
    xs = field_columns(rs.columns)
    for i, x in enumerate(xs):
        letter(line_row, x, rs.column_letter(i))
        scr.hit(line_row, x, rs.column_letter(i), rows=status - line_row)
    letter(line_row, letter_line_t_column(), "T")
    scr.hit(line_row, letter_line_t_column(), "T")

    # The field: one rank character per card, in its suit's colour.
    for i, x in enumerate(xs):
        column = pos.columns[i][: b["field_rows"]]
        for j, card in enumerate(column):
            if j == len(column) - 1 and card_blinks_off(rs.column_letter(i)):
                continue
            scr.put(f_row + j, x, _card_text(card, opts), SUIT_REG[cards.suit_of(card)])

    # Status line.
    deal = f"#{game.deal}" if game.deal is not None else ""
    if view.hint_text:
        scr.put(status, 0, view.hint_text, 2 if view.hint_text == "THINKING" else 3)
        return
    scr.put(status, g.cols - len(deal), deal, 0)
    scr.hit(status, g.cols - len(deal), "ESC", cols=len(deal))  # click the game number: back to the title
    if view.winner:
        if view.winner_lit:
            scr.put(status, 0, "WINNER", 1)
        scr.put(status, 7, f"{view.moves}", 0)
    elif game.lost:
        scr.put(status, 0, no_moves_text(g.cols - len(deal) - 1), 3)
    else:
        left = f"MOVES {view.moves}"
        if len(left) + 1 + len(deal) > g.cols:
            left = f"{view.moves}"
        scr.put(status, 0, left, 0)
