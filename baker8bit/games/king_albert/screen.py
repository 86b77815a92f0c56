"""King Albert on the virtual GRAPHICS 1 screen (20 x 24 cells), in the Atari style of the others.

- row 0: ``T`` and the four suit stacks, upper left ("The suit stacks are located in the upper
  left corner"); row 1: the reserve, upper right ("The reserve is located in the upper right
  corner"), its key letters ``J``-``P`` under it on a light band (row 2);
- row 3: the purple line of stack letters ``A``-``I`` with ``T`` at its right end; rows 4-20:
  the nine building stacks (a stack longer than 17 cards shows its last 17, the top card
  always in sight); a selected run blinks whole;
- rows 21-22: the buttons, each with its key: ``Q NEW GAME``, ``R RESTART``, ``SPACE UNDO``,
  ``V OPTIONS`` (light bands, as the key-letter rows);
- row 23: moves, the deal number, WINNER, HELP's answers, ``TO SPACES?`` while ``S`` waits
  for a stack, ``NO MOVES LEFT`` when no legal move is left, ``CHEAT`` for a game a cheat was
  used in;
- the options window (``V``) is drawn over the field (rows 5-15, columns 1-18): ``S STARTING
  RANK`` with its value (``NONE``, ``A`` .. ``Q``) on the line under it, ``A AUTO MOVES ON/OFF``,
  ``V OK``; each line is its key.

Every place, button and option line is marked with ``Screen.hit``, so the mouse plays it all;
the pad's cursor is the key letter in red (``look.key_register``), in the options window only
while it is open.
"""

from __future__ import annotations

import dataclasses

from baker8bit.atari import palette as pal
from baker8bit.atari.screen import Screen
from baker8bit.console.look import BLACK_REG, DEFAULTS, LETTERS, PURPLE_REG, SUIT_REG, TEXT_ROWS, key_register
from baker8bit.console.look import register as _reg
from baker8bit.core import cards
from baker8bit.freecell.screen import _card_text, field_columns, no_moves_text, pile_top, put_card

TOP, RESERVE, RESERVE_LETTERS, LINE, FIELD, FIELD_ROWS = 0, 1, 2, 3, 4, 17
BUTTONS = ((21, 0, "Q NEW GAME", "Q"), (21, 11, "R RESTART", "R"),
           (22, 0, "SPACE UNDO", "SPACE"), (22, 11, "V OPTIONS", "V"))
STATUS = 23
CHEAT_COL = 11  # CHEAT on the status line, after the move count
OPTION_ROWS = range(5, 16)  # the options window, over the field
WINDOW = (1, 18)  # its first and last column
WINDOW_TEXT = 16  # its lines: columns 2-17, a blank column either side


def reserve_columns(cells: int) -> list[int]:
    """Two cells apart, ending at the right edge (upper right)."""
    return [19 - 2 * (cells - 1 - i) for i in range(cells)]


def pile_columns(suits: int) -> list[int]:
    return [2 + 2 * s for s in range(suits)]


def draw_game(scr: Screen, view, game, frame: int, opts) -> None:
    g = scr.geometry
    rs, pos = game.rules, game.position
    scr.band(0, g.rows - 1, pal.BACKGROUND, DEFAULTS)
    for r in (RESERVE_LETTERS, LINE, 21, 22):
        scr.band(r, r, pal.BAND, LETTERS)
    scr.band(STATUS, STATUS, pal.BACKGROUND, TEXT_ROWS)
    selected = view.highlight
    count = view.detail.get("count", 1) or 1
    window = view
    if view.phase == "options":  # the cursor is in the options window, not on the letters under it
        view = dataclasses.replace(view, cursor=None)

    def blinks_off(letter: str) -> bool:
        return selected == letter and not view.highlight_lit

    # The suit stacks, upper left.
    scr.put(TOP, 0, "T", _reg(pal.LABEL))
    scr.hit(TOP, 0, "T", cols=9)
    for s, x in enumerate(pile_columns(rs.suits)):
        put_card(scr, TOP, x, pile_top(pos.foundations, s), opts, pal.GREEN)

    def letter(row: int, x: int, ch: str, line: bool) -> None:
        if view.flashing == ch or (view.flashing == "line" and line):
            if not view.flash_lit:
                return
        if ch in view.hint and not view.hint_lit:
            return
        scr.put(row, x, ch, key_register(ch, view, ch in view.black))

    # The reserve, upper right: every card playable; an empty place is a gold star.
    for i, x in enumerate(reserve_columns(rs.cells)):
        card, ch = pos.cells[i], rs.cell_letter(i)
        scr.hit(RESERVE, x, ch, rows=2)
        if card is None or not blinks_off(ch):
            put_card(scr, RESERVE, x, card, opts, pal.GOLD)
        letter(RESERVE_LETTERS, x, ch, False)

    # The stack letters and the building stacks.
    xs = field_columns(rs.columns)
    for i, x in enumerate(xs):
        ch = rs.column_letter(i)
        letter(LINE, x, ch, True)
        scr.hit(LINE, x, ch, rows=FIELD_ROWS + 1)
        column = pos.columns[i][-FIELD_ROWS:]
        for j, card in enumerate(column):
            if blinks_off(ch) and j >= len(column) - count:
                continue
            scr.put(FIELD + j, x, _card_text(card, opts), SUIT_REG[cards.suit_of(card)])
    letter(LINE, g.cols - 1, "T", True)
    scr.hit(LINE, g.cols - 1, "T")

    # The buttons.
    for row, col, text, key in BUTTONS:
        k, _, label = text.partition(" ")
        scr.put(row, col, k, key_register(key, view))
        scr.put(row, col + len(k) + 1, label, BLACK_REG)
        scr.hit(row, col, key, cols=len(text))

    if window.phase == "options":
        _options_window(scr, window, game)

    # Status line.
    deal = f"#{game.deal}" if game.deal is not None else ""
    if view.hint_text:
        scr.put(STATUS, 0, view.hint_text, 2 if view.hint_text == "THINKING" else 3)
        return
    scr.put(STATUS, g.cols - len(deal), deal, 0)
    scr.hit(STATUS, g.cols - len(deal), "ESC", cols=len(deal))
    if view.winner:
        if view.winner_lit:
            scr.put(STATUS, 0, "WINNER", 1)
        scr.put(STATUS, 7, f"{view.moves}", 0)
    elif view.phase == "spread":
        scr.put(STATUS, 0, "TO SPACES?", 1)
    elif game.lost:
        scr.put(STATUS, 0, no_moves_text(CHEAT_COL - 1 if game.cheated else g.cols - len(deal) - 1), 3)
    else:
        scr.put(STATUS, 0, f"MOVES {view.moves}", 0)
    if game.cheated and not view.winner_lit:
        scr.put(STATUS, 0 if view.winner else CHEAT_COL, "CHEAT", 3)


def option_lines(options: dict) -> tuple[tuple[int, str, str | None, int], ...]:
    """The options window's lines: (row, text, key, register), each text within the window (at
    most ``WINDOW_TEXT`` cells from column 2). The starting rank's value has a line of its own under
    its name: ``STARTING RANK NONE`` is 18 cells after its key, more than the window holds."""
    rank = options["starting_rank"]
    return (
        (6, "    OPTIONS", None, PURPLE_REG),
        (8, "S STARTING RANK", "S", BLACK_REG),
        (9, "  " + ("NONE" if rank == 0 else cards.RANKS[rank - 1]), "S", BLACK_REG),
        (10, "  NEXT NEW GAME", None, PURPLE_REG),
        (12, f"A AUTO MOVES {'ON' if options['auto'] else 'OFF'}", "A", BLACK_REG),
        (14, "V OK", "V", BLACK_REG),
    )


def _options_window(scr: Screen, view, game) -> None:
    """The options window over the field: each line is its key (click it, or type it)."""
    o = view.detail.get("options") or {"starting_rank": game.rules.base, "auto": game.rules.auto_home}
    scr.band(OPTION_ROWS[0], OPTION_ROWS[-1], pal.BAND, LETTERS)
    for r in OPTION_ROWS:
        scr.put(r, WINDOW[0], " " * (WINDOW[1] - WINDOW[0] + 1), 2)
        for c in range(WINDOW[0], WINDOW[1] + 1):
            scr.hits.pop((r, c), None)
    keyed = set()
    for row, text, key, reg in option_lines(o):
        if key:
            if key not in keyed:  # the key letter on the option's first line
                scr.put(row, 2, text[0], key_register(key, view))
            scr.put(row, 4, text[2:], reg)
            scr.hit(row, 2, key, cols=WINDOW_TEXT)
            keyed.add(key)
        else:
            scr.put(row, 2, text, reg)
