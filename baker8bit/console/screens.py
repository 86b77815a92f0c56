"""The console's screens: the game menu, the title every game has, the saved-game offer,
and ``compose``, which picks the screen for a frame (menu, the game's title, or the game).

All in the 1989 title's style: a GRAPHICS 0 text screen (40 x 24 cells of 8 x 8
pixels), light blue letters on blue, as the 1989 program most likely asked its
question with ``PRINT`` and ``INPUT`` on the text screen (docs/FAITHFULNESS.md).
GRAPHICS 0 has one text colour, so a title line's ``colour`` is not shown; the
cursor is the OS's, an inverse-video space (the block glyph). Each screen also
marks what a click on its cells means (``Screen.hit``): a game on the menu is its digit.
"""

from __future__ import annotations

from baker8bit.atari import palette as pal
from baker8bit.atari.font import BLOCK
from baker8bit.atari.screen import Screen, layout_data
from baker8bit.console.look import Look

# GRAPHICS 0: every register index draws the one text colour (COLPF2's hue, COLPF1's luminance).
TEXT_ROWS = [pal.TEXT] * 4
TEXT = GOLD = GREEN = 0


def text_screen(scr: Screen) -> None:
    """Colour a GRAPHICS 0 screen as after GRAPHICS 0: blue field, light blue letters, black border."""
    scr.band(0, scr.geometry.rows - 1, pal.TEXT_BACKGROUND, TEXT_ROWS)


def _centre(scr: Screen, row: int, text: str, register: int) -> int:
    col = (scr.geometry.cols - len(text)) // 2
    scr.put(row, col, text, register)
    return col


def draw_title_lines(scr: Screen, lines, notes: tuple[str, ...] = ()) -> None:
    """A title's fixed lines (row, text, colour name), and the notes at its foot (statistics, messages)."""
    g = scr.geometry
    t = layout_data()["title_screen"]
    text_screen(scr)
    for item in lines:
        _centre(scr, item["row"], item["text"], TEXT)
    for i, line in enumerate(notes[: g.rows - t["notes_row"]]):
        _centre(scr, t["notes_row"] + i, line[: g.cols], TEXT)


def draw_deal_entry(scr: Screen, deal: str) -> None:
    """The game-number prompt of a title (the 1989 game has its suit prompt instead), clickable."""
    t = layout_data()["title_screen"]
    number = deal + BLOCK if deal else BLOCK + " RANDOM"
    scr.put(t["prompt_row"], scr.geometry.left_margin, "GAME # " + number, GOLD)
    keys = "RETURN:DEAL ESC:MENU"
    col = _centre(scr, t["game_row"], keys, TEXT)
    scr.hit(t["game_row"], col, "RETURN", cols=11)
    scr.hit(t["game_row"], col + 12, "ESC", cols=8)


def draw_menu(scr: Screen, variants) -> None:
    """The console's menu: every registered game, a digit each; click a game or type its digit."""
    g = scr.geometry
    m = layout_data()["menu"]
    text_screen(scr)
    _centre(scr, m["name_row"], "BAKER8BIT", GOLD)
    _centre(scr, m["name_row"] + 2, "CHOOSE A GAME", GREEN)
    for i, v in enumerate(variants):
        row = m["first_row"] + m["game_rows"] * i
        x = g.left_margin
        scr.put(row, x, f"{i + 1} {v.name}"[: g.cols - x], GOLD)
        scr.put(row + 1, x + 2, v.credit[: g.cols - x - 2], TEXT)
        scr.hit(row, 0, str(i + 1), rows=2, cols=g.cols)
    _centre(scr, m["hint_row"], "DIGIT OR CLICK", TEXT)


def draw_offer(scr: Screen, variant, lines: tuple[str, ...]) -> None:
    """The saved-game offer: the game's title with what the game is, RETURN goes on, ESC deals anew."""
    draw_title_lines(scr, variant.title_lines, lines)
    t = layout_data()["title_screen"]
    for i, line in enumerate(lines[: scr.geometry.rows - t["notes_row"]]):
        for key in ("RETURN", "ESC"):
            if line.startswith(key + ":"):
                scr.hit(t["notes_row"] + i, 0, key, cols=scr.geometry.cols)


def compose(view, game, frame: int = 0, look: Look | None = None, notes: tuple[str, ...] = ()) -> Screen:
    """The screen for this frame: the menu, the game's title, or the game (the view names the
    games: ``View.menu``, ``View.variant``)."""
    if view.phase == "menu":
        scr = Screen.text(border=pal.BORDER)
        draw_menu(scr, view.menu)
        return scr
    variant = view.variant
    if view.phase == "prompt" or game is None:
        scr = Screen.text(border=pal.BORDER)
        variant.draw_title(scr, view, notes)
    else:
        scr = Screen(border=pal.BORDER)
        variant.draw_game(scr, view, game, frame, look or Look())
    return scr
