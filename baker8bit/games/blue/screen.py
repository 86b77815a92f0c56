"""Blue on the GRAPHICS 1 screen: one character a slot (docs/FAITHFULNESS.md, "Blue").

Four rows of fourteen slots leave one cell per card on a 20-column screen, so
a card is its rank character (A 2-9 T J Q K) in its suit's colour (the 1989
game's suit colours), a gap a dot, a gap the selected card may go to a star
(both blink after T found two). The column keys run over the grid on the
light band of the key letters (``A`` for the aces' column, ``1``-``9``, ``0``
for 10, ``J`` ``Q`` ``K``), the row letters at the left: the board's rows
``A``-``D``, the strategy's ``E``-``H`` (a card not drawn yet is ``-``).
Below: the keys of the mode, the card in hand, HELP's answer and the status.
Every slot is a click target (its two keys); so are the mode line, the keys
shown and the deal number (ESC).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from baker8bit.atari import palette as pal
from baker8bit.atari.font import STAR
from baker8bit.console.look import DEFAULTS, LETTERS, PURPLE_REG, SUIT_REG, TEXT_ROWS
from baker8bit.console.screens import draw_deal_entry, draw_title_lines
from baker8bit.core.cards import RANKS
from baker8bit.games.blue.dialogue import BOARD_ROWS, COLUMNS, PLAN_ROWS, PLAY, slot_key
from baker8bit.games.blue.rules import GAP, card_text, rank_of, suit_of

GOLD, GREEN, BLUE, RED = 0, 1, 2, 3  # DEFAULTS registers
TEXT, T_GOLD, T_GREEN, T_RED = 0, 1, 2, 3  # TEXT_ROWS registers

HELP_LINES = {
    "strategy": (("CARD THEN E-H SLOT", None), ("ACE THEN ACE: SWAP", None), ("X:ERASE  P:PLAY", "P")),
    "play": (("CARD THEN GAP OR T", None), ("SPACE:BACK RET:FWD", None), ("S:START L:LAST", None)),
}
FILE_LINE = "W:SAVE R:LOAD HELP"


@cache
def layout() -> dict:
    return tomllib.loads(resources.files(__package__).joinpath("game.toml").read_text("utf-8"))["layout"]


def _grid(scr, view, game, frame: int, first_row: int, letters: str, cells, plan: bool) -> None:
    lay = layout()
    glay = game.position.layout
    w = glay.width
    scr.band(first_row, first_row + glay.suits - 1, pal.BACKGROUND, DEFAULTS)
    for r in range(glay.suits):
        row = first_row + r
        letter = letters[r]
        scr.put(row, 0, letter, RED if game.pending == letter else GOLD)
        for col in range(w):
            key = slot_key(letter, col)
            x = lay["grid_col"] + col
            scr.hit(row, x, key)
            index = r * w + col
            c = cells[index]
            off = ((view.flashing == key and not view.flash_lit)
                   or (view.highlight == key and not view.highlight_lit)
                   or (key in view.hint and not view.hint_lit))
            if off:
                continue
            if not plan and index in game.marks:
                scr.put(row, x, STAR, GOLD if view.highlight_lit else RED)
            elif c is None:
                scr.put(row, x, "-", BLUE)
            elif c == GAP:
                scr.put(row, x, ".", BLUE)
            else:
                scr.put(row, x, RANKS[rank_of(c) - 1], SUIT_REG[suit_of(c)])


def _keys_row(scr, view, row: int, width: int) -> None:
    lay = layout()
    scr.band(row, row, pal.BAND, LETTERS)
    if view.flashing == "line" and not view.flash_lit:
        return
    scr.put(row, lay["grid_col"], COLUMNS[:width], PURPLE_REG)


def draw_game(scr, view, game, frame: int) -> None:
    lay = layout()
    g = scr.geometry
    pos = game.position
    glay = pos.layout
    scr.band(0, g.rows - 1, pal.BACKGROUND, TEXT_ROWS)

    scr.put(lay["name_row"], 0, game.rules.title, T_GOLD)
    deal = f"#{game.deal}" if game.deal is not None else ""
    scr.put(lay["name_row"], g.cols - len(deal), deal, TEXT)
    scr.hit(lay["name_row"], g.cols - len(deal), "ESC", cols=len(deal))
    mode = "PLAY" if game.mode == PLAY else "STRATEGY"
    scr.put(lay["mode_row"], 0, mode, T_GOLD if game.mode == PLAY else T_GREEN)
    scr.hit(lay["mode_row"], 0, "P", cols=len(mode))
    moves = f"MOVE {pos.cursor}/{len(pos.history)}"
    scr.put(lay["mode_row"], g.cols - len(moves), moves, TEXT)

    _keys_row(scr, view, lay["board_keys_row"], glay.width)
    _grid(scr, view, game, frame, lay["board_row"], BOARD_ROWS, pos.board, plan=False)
    _keys_row(scr, view, lay["plan_keys_row"], glay.width)
    _grid(scr, view, game, frame, lay["plan_row"], PLAN_ROWS, pos.strategy, plan=True)
    scr.band(lay["plan_keys_row"] - 1, lay["plan_keys_row"] - 1, pal.BACKGROUND, TEXT_ROWS)
    scr.put(lay["plan_keys_row"] - 1, 0, "TARGET LAYOUT", T_GREEN)

    for i, (text, key) in enumerate(HELP_LINES[game.mode]):
        scr.put(lay["help_row"] + i, 0, text, TEXT)
        if key:
            scr.hit(lay["help_row"] + i, 0, key, cols=len(text))
    scr.put(lay["help_row"] + 3, 0, FILE_LINE, TEXT)
    scr.hit(lay["help_row"] + 3, 0, "W", cols=6)
    scr.hit(lay["help_row"] + 3, 7, "R", cols=6)
    scr.hit(lay["help_row"] + 3, 14, "HELP", cols=4)

    if game.pen is not None:
        scr.put(lay["pen_row"], 0, f"PEN {card_text(game.pen)}", T_GREEN)
    elif view.highlight:
        row, col = view.highlight.split()
        if row in BOARD_ROWS:
            c = pos.board[BOARD_ROWS.index(row) * glay.width + COLUMNS.index(col)]
            scr.put(lay["pen_row"], 0, f"{card_text(c)} AT {row}{COLUMNS.index(col)}", T_GOLD)
    if game.marks:
        scr.put(lay["pen_row"], 10, "TWO GAPS", T_RED)
    if view.hint_text:
        scr.put(lay["hint_row"], 0, view.hint_text[: g.cols], T_RED)

    status = lay["status_row"]
    if view.winner:
        if view.winner_lit:
            scr.put(status, 0, "WINNER", T_GREEN)
        scr.put(status, 7, f"{pos.cursor}", TEXT)
    elif game.message:
        scr.put(status, 0, game.message[: g.cols], T_GOLD)
    elif not pos.legal_moves():
        scr.put(status, 0, "NO MOVES LEFT", T_RED)
    else:
        scr.put(status, 0, f"{len(pos.legal_moves())} MOVES OPEN", TEXT)


def draw_title(scr, view, title_lines, notes) -> None:
    draw_title_lines(scr, title_lines, notes)
    lay = layout()
    s, _, r = view.prompt_digit.partition("X")
    text = f"SUITS {s}  RANKS {r}"
    col = (scr.geometry.cols - len(text)) // 2
    scr.put(lay["size_row"], col, text, T_GOLD)
    scr.hit(lay["size_row"], col, "S", cols=7)
    scr.hit(lay["size_row"], col + 9, "R", cols=len(text) - 9)
    draw_deal_entry(scr, view.prompt_deal)
