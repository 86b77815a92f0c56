"""Issue 14, the look of an Atari: every printed character has a glyph, the title is a
GRAPHICS 0 text screen, the status line is GRAPHICS 1 gold, the light band runs edge to edge,
and every screen keeps the DLI budget."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
import pyxel
from conftest import pyxel_ready

from baker8bit import games
from baker8bit.atari import font
from baker8bit.atari import palette as pal
from baker8bit.atari.screen import GR0, GR1, MAX_DLIS
from baker8bit.console import script
from baker8bit.console.look import Look
from baker8bit.console.screens import compose
from baker8bit.games import KeyMachine
from baker8bit.sessions import stats
from baker8bit.sessions.session import stats_lines
from baker8bit.window.render import Renderer

PACKAGE = Path(__file__).resolve().parent.parent / "baker8bit"


def _source_strings(pattern: str) -> set[str]:
    """String literals the code assigns to what the screens print (found in the source)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


HINT_TEXTS = _source_strings(r'hint_text = "([^"]+)"')  # THINKING, NO WIN FROM HERE, NO ANSWER, NO MOVES LEFT
SHORT_NOTES = _source_strings(r'_note\([^\n]*?"([A-Z ]+)"\)') | {"CANNOT SAVE", "LAST GAME LOST"}


def _notes(variant) -> list[tuple[str, ...]]:
    """The title's possible foots, each as the title shows it (up to five lines)."""
    st = stats.Stats()
    for name in st.games:
        st.games[name] = stats.RuleSetStats(won=7, lost=3)  # 70%
    return [(note,) for note in SHORT_NOTES] + [tuple(stats_lines(s, variant)) for s in (st, stats.Stats())]


def every_screen():
    """Many screens through the real drawing code: the menu, every game's title (typed into,
    with every note), every saved-game offer, and every rule set's game with selections,
    flashes, group commands, take-backs, HELP answers and WINNER, with and without glyphs."""
    from baker8bit.window.app import offer_screen

    yield compose(KeyMachine(menu=True).view(), None)
    for v in games.all_variants():
        m = KeyMachine(game=v.id)
        for notes in _notes(v):
            yield compose(m.view(), None, notes=notes)
        for key in "4119820":
            m.press(key)
            yield compose(m.view(), None)
        for rules in v.rule_sets().values():
            g = v.new_game(rules, 11982)
            yield offer_screen(g)
            for keys in ("", "A", "AB", "GI B", "TB", "P", "AT", "H", "1", "HA"):
                m = KeyMachine(rules=rules, deal=11982)
                script.run(m, [("key", k) for k in keys.replace(" ", "")] + [("raw", True), ("wait", 2)])
                view = m.view()
                for glyphs in (False, True):
                    yield compose(view, m.game, m.frame, Look(glyphs=glyphs))
                for text in HINT_TEXTS:
                    yield compose(dataclasses.replace(view, hint_text=text), m.game, m.frame)
                yield compose(dataclasses.replace(view, winner=True, winner_lit=True, moves=1234), m.game, m.frame)


SCREENS = list(every_screen())


def test_every_printed_character_has_a_glyph():
    glyphs = font.load()
    printed = {cell[0] for scr in SCREENS for row in scr.rows for cell in row.cells if cell is not None}
    missing = {ch for ch in printed if ch not in glyphs and ch.upper() not in glyphs}
    assert not missing, f"characters printed without a glyph: {sorted(missing)}"
    assert {"%", "#", ":", "'", ".", "(", ")", "?", "-"} <= printed  # the collection reaches the notes and titles


def test_the_collection_has_each_hint_text():
    assert {"THINKING", "NO WIN FROM HERE", "NO ANSWER"} <= HINT_TEXTS


def test_titles_and_menu_are_graphics_0_and_games_graphics_1():
    for scr in SCREENS:
        texts = "".join(scr.text_at(r) for r in range(scr.geometry.rows))
        if scr.geometry.mode == GR0:
            assert scr.geometry.cols == 40 and scr.geometry.cell_w == 8
            assert scr.border == pal.BACKGROUND  # COLBK: black border round the blue field
            for row in scr.rows:
                assert row.background == pal.TEXT_BACKGROUND == 0x94
                assert set(row.registers) == {pal.TEXT} == {0x9A}  # hue of COLOR2, luminance of COLOR1
        else:
            assert scr.geometry.mode == GR1 and scr.geometry.cols == 20
            assert font.BLOCK not in texts  # GRAPHICS 1's 64 characters have no solid block


def test_the_1989_title_asks_as_print_and_input_would():
    m = KeyMachine()
    scr = compose(m.view(), None)
    assert scr.geometry.mode == GR0
    assert scr.text_at(13).startswith("  HOW MANY SUITS (2-4)?" + font.BLOCK)  # from LMARGN 2
    m.press("4")
    assert compose(m.view(), None).text_at(13).strip() == "HOW MANY SUITS (2-4)?4"


def test_every_screen_keeps_the_dli_budget():
    counts = {len(scr.dlis()) for scr in SCREENS}
    assert max(counts) <= MAX_DLIS
    game = [scr for scr in SCREENS if scr.geometry.mode == GR1]
    # the two light band rows: on and off again, twice; the status line needs none
    assert {len(scr.dlis()) for scr in game} == {4}
    assert all(n == 3 for scr in game for _, n in scr.dlis())  # COLBK, COLPF0, COLPF1


def test_status_line_is_graphics_1_text_in_colour_0_gold():
    m = KeyMachine(suits=4, deal=11982)
    scr = compose(m.view(), m.game)
    status = scr.geometry.rows - 1
    assert scr.text_at(status).startswith("MOVES 0")
    assert scr.colour_at(status, 0) == scr.rows[status].registers[0] == pal.GOLD == 0x28
    assert scr.rows[status].registers == scr.rows[status - 1].registers  # no DLI for it


def test_the_light_band_runs_edge_to_edge():
    pyxel_ready()
    m = KeyMachine(suits=4, deal=11982)
    scr = compose(m.view(), m.game)
    g = scr.geometry
    img = pyxel.Image(g.width, g.height)
    Renderer().draw(scr, img)
    for row in (1, 3):
        y = g.border_y + row * g.cell_h
        assert scr.rows[row].background == pal.BAND
        assert {img.pget(x, y) for x in (0, 3, g.width - 1)} == {pal.index_of(pal.BAND)}
    assert img.pget(0, g.border_y + 2 * g.cell_h) == pal.index_of(pal.BACKGROUND)


@pytest.mark.parametrize("mode", [GR0, GR1])
def test_both_modes_fill_the_same_picture(mode):
    from baker8bit.atari.screen import geometry

    g = geometry(mode)
    assert (g.width, g.height) == (336, 224)
    assert g.cols * g.cell_w == 320 and g.rows * g.cell_h == 192


# ---- pixel shape (--aspect) ---------------------------------------------------------------


def test_pixel_aspect_ratios_are_the_reference_values():
    from baker8bit.window import aspect

    assert round(aspect.RATIOS["ntsc"], 3) == 0.857  # docs/ATARI.md, "The screen": (12+3/11)/14.31818
    assert round(aspect.RATIOS["pal"], 3) == 1.040  # 14.75/14.187576
    assert abs(aspect.RATIOS["ntsc"] - 6 / 7) < 1e-4
    assert aspect.size("ntsc", 336, 224, 1) == (288, 224)
    assert aspect.size("pal", 336, 224, 2) == (699, 448)
    assert aspect.size("square", 336, 224, 3) == (1008, 672)
    with pytest.raises(ValueError):
        aspect.size("secam", 336, 224)


def test_resample_repeats_scanlines_and_picks_columns():
    from baker8bit.window import aspect

    w, h = 14, 2
    data = bytes(range(w)) + bytes(range(100, 100 + w))
    out, ow, oh = aspect.resample(data, w, h, "ntsc", 1)
    assert (ow, oh) == (12, 2)  # 14 x 6/7
    assert list(out[:ow]) == sorted(set(out[:ow])) and len(set(out[:ow])) == 12  # in order, 2 of 14 dropped
    big, bw, bh = aspect.resample(data, w, h, "ntsc", 2)
    assert (bw, bh) == (24, 4)
    rows = [big[i * bw:(i + 1) * bw] for i in range(bh)]
    assert rows[0] == rows[1] and rows[2] == rows[3] and rows[2][0] == 100 and rows[0][-1] == 13
    assert aspect.resample(data, w, h, "square", 1) == (data, w, h)


def test_a_click_on_the_reshaped_window_lands_on_its_picture_pixel():
    from baker8bit.window import aspect

    assert aspect.to_picture("ntsc", 336, 224, 576, 448, 575, 447) == (335, 223)
    assert aspect.to_picture("ntsc", 336, 224, 576, 448, 288, 224) == (168, 112)


def test_the_app_presents_its_picture_on_a_screen_of_another_shape():
    from baker8bit.window.app import App, AppOptions

    pyxel_ready()
    app = App(KeyMachine(suits=4, deal=11982), AppOptions(headless=True, sound=False, aspect="ntsc"))
    app._direct, app.picture = False, pyxel.Image(336, 224)  # as in a window of another size
    app.draw()
    assert bytes(pyxel.screen.data_ptr()) == app.picture_bytes()  # Pyxel's screen of 336 x 224: unshaped
