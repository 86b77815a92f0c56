"""Lay out the Baker key machine's view onto the virtual GRAPHICS 1 screen.

Rows and columns come from ``data/layout.toml``; colours from
``palettes/baker-colours.toml`` (via ``palette``). The layout keeps to what
an Atari could show: each row's cells use that row's background and its
four colour registers; rows are grouped in bands whose registers change
between rows (see docs/FAITHFULNESS.md, "The screen").
"""

from __future__ import annotations

from dataclasses import dataclass

from baker8bit.core import cards
from baker8bit.atari import palette as pal
from baker8bit.atari.font import STAR, SUIT_SYMBOLS
from baker8bit.freecell.game import Game
from baker8bit.console.machine import View
from baker8bit.atari.screen import Screen, layout_data

# Default GRAPHICS 1 registers PF0..PF3 (atari-facts.md 1.2): gold, green, blue, red.
DEFAULTS = [pal.GOLD, pal.GREEN, pal.BLUE, pal.RED]
# The key-letter rows: purple letters, a black selected letter, on a light band (a DLI changes COLBK).
LETTERS = [pal.PURPLE, pal.SELECTED, pal.TEXT, pal.GOLD]
PURPLE_REG, BLACK_REG = 0, 1
TEXT_ROWS = [pal.TEXT, pal.GOLD, pal.GREEN, pal.RED]


@dataclass(frozen=True)
class Options:
    glyphs: bool = False  # suit symbol beside the rank (off: the 1989 look)


def _reg(colour: int) -> int:
    return DEFAULTS.index(colour)


SUIT_REG = [_reg(c) for c in pal.SUIT_COLOURS]


def _card_text(card: int, opts: Options) -> str:
    t = cards.rank_char(card)
    return t + SUIT_SYMBOLS[cards.suit_of(card)] if opts.glyphs else t


def field_columns(columns: int) -> list[int]:
    """Screen column of each field column: two cells apart, centred."""
    cfg = layout_data()
    cols, step = cfg["screen"]["cols"], cfg["baker"]["spacing"]
    first = (cols - (step * (columns - 1) + 1)) // 2
    return [first + step * i for i in range(columns)]


def parking_columns(cells: int) -> list[int]:
    b = layout_data()["baker"]
    return [b["p_col"] + b["spacing"] * (i + 1) for i in range(cells)]


def terminal_label_column(suits: int) -> int:
    cfg = layout_data()
    return cfg["screen"]["cols"] - cfg["baker"]["spacing"] * suits - 2


def terminal_columns(suits: int) -> list[int]:
    t, step = terminal_label_column(suits), layout_data()["baker"]["spacing"]
    return [t + step * (i + 1) for i in range(suits)]


def letter_line_t_column() -> int:
    """The ``T`` key at the right end of the purple line (it turns black for a group command)."""
    return layout_data()["screen"]["cols"] - 1


def compose(
    view: View, game: Game | None, frame: int = 0, opts: Options = Options(), notes: tuple[str, ...] = ()
) -> Screen:
    """The screen for this frame. ``notes``: lines for the foot of the title (statistics, messages)."""
    scr = Screen(border=pal.BORDER)
    if view.phase == "prompt" or game is None:
        title(scr, view.prompt_digit, view.prompt_deal, notes)
    else:
        _game(scr, view, game, frame, opts)
    return scr


def title(scr: Screen, digit: str, deal: str, notes: tuple[str, ...] = (), entry: bool = True) -> None:
    """The title: credits, the suit prompt and the game number, and the notes below.

    While the suit count is typed, the cursor block follows it; then it moves to
    the game number, where "RANDOM" stands until a digit is typed. ``entry``
    False leaves the prompt out (the saved-game offer uses the title too).
    """
    g = scr.geometry
    t = layout_data()["title_screen"]
    scr.band(0, g.rows - 1, pal.BACKGROUND, TEXT_ROWS)
    colours = pal.colours()
    for item in layout_data()["title"]:
        text = item["text"]
        scr.put(item["row"], (g.cols - len(text)) // 2, text, TEXT_ROWS.index(colours[item["colour"]]))
    if entry:
        block = "\u2588"
        scr.put(t["prompt_row"], (g.cols - 9) // 2, "(2-4)? " + (digit or block), 0)
        if not digit:
            number = "RANDOM"
        elif not deal:
            number = block + " RANDOM"
        else:
            number = deal + block
        scr.put(t["game_row"], 1, "GAME # " + number, 1)
    for i, line in enumerate(notes[: g.rows - t["notes_row"]]):
        scr.put(t["notes_row"] + i, (g.cols - len(line)) // 2, line[: g.cols], 0)


def _game(scr: Screen, view: View, game: Game, frame: int, opts: Options) -> None:
    b = layout_data()["baker"]
    g = scr.geometry
    rs, pos = game.rules, game.position
    top, cl_row, line_row, f_row, status = (
        b["top_row"], b["cell_letter_row"], b["letter_row"], b["field_row"], b["status_row"]
    )
    scr.band(0, g.rows - 1, pal.BACKGROUND, DEFAULTS)
    for r in (cl_row, line_row):
        scr.band(r, r, pal.BAND, LETTERS)
    scr.band(status, status, pal.BACKGROUND, TEXT_ROWS)

    # Top row: P and the parking spaces, T and the terminal piles.
    scr.put(top, b["p_col"], "P", _reg(pal.MARK if view.at_mark else pal.LABEL))
    for i, x in enumerate(parking_columns(rs.cells)):
        card = pos.cells[i]
        if card is None:
            scr.put(top, x, STAR, _reg(pal.GOLD))
        else:
            scr.put(top, x, _card_text(card, opts), SUIT_REG[cards.suit_of(card)])
    tx = terminal_label_column(rs.suits)
    scr.put(top, tx, "T", _reg(pal.LABEL))
    for s, x in enumerate(terminal_columns(rs.suits)):
        n = pos.foundations[s]
        if n == 0:
            scr.put(top, x, STAR, _reg(pal.GREEN))
        else:
            scr.put(top, x, _card_text(cards.make(n - 1, s), opts), SUIT_REG[s])

    # Key letters: parking letters under their stars, the purple line over the field.
    def letter(row: int, x: int, ch: str) -> None:
        if view.flashing == ch or (view.flashing == "line" and row == line_row):
            if not view.flash_lit:
                return
        if ch in view.hint and not view.hint_lit:
            return
        scr.put(row, x, ch, BLACK_REG if ch in view.black else PURPLE_REG)

    for i, x in enumerate(parking_columns(rs.cells)):
        letter(cl_row, x, rs.cell_letter(i))
    xs = field_columns(rs.columns)
    for i, x in enumerate(xs):
        letter(line_row, x, rs.column_letter(i))
    letter(line_row, letter_line_t_column(), "T")

    # The field: one rank character per card, in its suit's colour.
    for i, x in enumerate(xs):
        for j, card in enumerate(pos.columns[i][: b["field_rows"]]):
            scr.put(f_row + j, x, _card_text(card, opts), SUIT_REG[cards.suit_of(card)])

    # Status line.
    deal = f"#{game.deal}" if game.deal is not None else ""
    if view.hint_text:
        scr.put(status, 0, view.hint_text, 2 if view.hint_text == "THINKING" else 3)
        return
    scr.put(status, g.cols - len(deal), deal, 0)
    if view.winner:
        if view.winner_lit:
            scr.put(status, 0, "WINNER", 1)
        scr.put(status, 7, f"{view.moves}", 0)
    else:
        left = f"MOVES {view.moves}"
        if len(left) + 1 + len(deal) > g.cols:
            left = f"{view.moves}"
        scr.put(status, 0, left, 0)
