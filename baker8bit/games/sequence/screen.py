"""Sequence solitaire on the GRAPHICS 1 screen, in the 1989 game's style.

Final piles 1-4 at the top (their top card, a green star while empty), their
keys on the light band, the rank each takes next; then the keys ``H`` and
``A``-``D`` on the band and the storage piles fanned below them, the hand card
under ``H``; the cards left in the deck and the status line at the foot.
Cards are ranks only (rule 1: suits are ignored), one colour. Positions come
from ``game.toml`` ``[layout]``; every place is a click target.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from baker8bit.atari import palette as pal
from baker8bit.atari.font import STAR
from baker8bit.console.look import BLACK_REG, DEFAULTS, LETTERS, PURPLE_REG, TEXT_ROWS
from baker8bit.games.sequence.rules import STORAGE_NAMES, pile_card, rank_text

GOLD, GREEN, BLUE, RED = 0, 1, 2, 3


@cache
def layout() -> dict:
    return tomllib.loads(resources.files(__package__).joinpath("game.toml").read_text("utf-8"))["layout"]


def draw_game(scr, view, game, frame: int) -> None:
    lay = layout()
    g = scr.geometry
    pos = game.position
    cols = lay["columns"]
    scr.band(0, g.rows - 1, pal.BACKGROUND, DEFAULTS)
    for r in (lay["final_key_row"], lay["storage_key_row"]):
        scr.band(r, r, pal.BAND, LETTERS)
    scr.band(lay["status_row"], lay["status_row"], pal.BACKGROUND, TEXT_ROWS)

    def key(row: int, col: int, ch: str) -> None:
        if view.flashing == ch or (view.flashing == "line" and row in (lay["final_key_row"], lay["storage_key_row"])):
            if not view.flash_lit:
                return
        if ch in view.hint and not view.hint_lit:
            return
        scr.put(row, col, ch, BLACK_REG if ch in view.black else PURPLE_REG)

    def card_off(letter: str) -> bool:
        return view.highlight == letter and not view.highlight_lit

    # final piles
    scr.put(lay["final_row"], 0, "FINAL", GOLD)
    scr.put(lay["needs_row"], 0, "NEEDS", GOLD)
    for k, x in enumerate(cols, start=1):
        n = pos.finals[k - 1]
        if n == 0:
            scr.put(lay["final_row"], x, STAR, GREEN)
        else:
            scr.put(lay["final_row"], x, rank_text(pile_card(k, n - 1)), GOLD)
        key(lay["final_key_row"], x, str(k))
        need = pos.needs(k)
        scr.put(lay["needs_row"], x, rank_text(need) if need else "-", BLUE)
        scr.hit(lay["final_row"], x, str(k), rows=3)

    # storage piles and the hand card
    key(lay["storage_key_row"], lay["hand_col"], "H")
    scr.hit(lay["storage_key_row"], lay["hand_col"] - 1, "H", rows=2, cols=3)
    if pos.hand is not None and not card_off("H"):
        scr.put(lay["storage_row"], lay["hand_col"], rank_text(pos.hand), RED)
    for s, x in enumerate(cols):
        letter = STORAGE_NAMES[s]
        key(lay["storage_key_row"], x, letter)
        scr.hit(lay["storage_key_row"], x - 1, letter, rows=lay["deck_row"] - lay["storage_key_row"], cols=3)
        pile = pos.storage[s]
        shown = pile[-lay["storage_rows"]:]
        row = lay["storage_row"]
        if len(pile) > len(shown):
            shown = pile[-(lay["storage_rows"] - 1):]
            scr.put(row, x, "+", BLUE)
            row += 1
        for j, r in enumerate(shown):
            if j == len(shown) - 1 and card_off(letter):
                continue
            scr.put(row + j, x, rank_text(r), GOLD)

    scr.put(lay["deck_row"], 0, f"DECK {len(pos.deck)}", GOLD)

    # status line
    status = lay["status_row"]
    deal = f"#{game.deal}" if game.deal is not None else ""
    scr.put(status, g.cols - len(deal), deal, 0)
    scr.hit(status, g.cols - len(deal), "ESC", cols=len(deal))
    if view.hint_text:
        scr.put(status, 0, view.hint_text, 3)
    elif view.winner:
        if view.winner_lit:
            scr.put(status, 0, "WINNER", 1)
        scr.put(status, 7, f"{view.moves}", 0)
    elif game.lost:
        scr.put(status, 0, "NO MOVES LEFT", 3)
    else:
        scr.put(status, 0, f"MOVES {view.moves}", 0)
