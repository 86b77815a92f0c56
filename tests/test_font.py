"""The 8x8 font: grid source, built BDF, and the loader."""

from __future__ import annotations

import importlib.util
import string
from pathlib import Path

import pytest

from conftest import pyxel_ready

from baker8bit.atari import font

REPO = Path(__file__).resolve().parent.parent
GRID = REPO / "fonts" / "baker8bit.txt"

REQUIRED = (
    " "
    + string.ascii_uppercase
    + string.digits
    + ".,:;!?-+/()#'\"=*<>"
    + font.STAR
    + "".join(font.SUIT_SYMBOLS)
    + font.BLOCK
)


def _tool():
    spec = importlib.util.spec_from_file_location("build_font", REPO / "tools" / "build_font.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_bdf_is_the_build_of_the_grid():
    # Catches an edit of the grid without a rebuild (or a hand edit of the BDF).
    built = _tool().build_bdf(GRID.read_text(encoding="utf-8"))
    assert font.BDF.read_text(encoding="ascii") == built


def test_bdf_glyphs_equal_grid_glyphs():
    grid = {chr(code): rows for code, _, rows in _tool().parse_grid(GRID.read_text(encoding="utf-8"))}
    assert font.load() == grid


@pytest.mark.parametrize("ch", list(REQUIRED))
def test_required_character_exists_and_is_8x8(ch):
    rows = font.glyph(ch)
    assert len(rows) == 8
    assert all(0 <= r <= 0xFF for r in rows)


def test_every_drawn_glyph_has_pixels_except_space():
    for ch, rows in font.load().items():
        assert any(rows) == (ch != " "), repr(ch)


def test_lower_case_is_drawn_as_upper_case():
    for c in string.ascii_lowercase:
        assert font.glyph(c) == font.glyph(c.upper())
    assert "a" not in font.load()


def test_missing_character_raises():
    with pytest.raises(KeyError):
        font.glyph("~")


def test_letters_and_digits_are_all_different():
    shapes = [font.glyph(c) for c in string.ascii_uppercase + string.digits]
    assert len(set(shapes)) == len(shapes)


def test_suits_star_and_block_are_all_different():
    shapes = [font.glyph(c) for c in (font.STAR, *font.SUIT_SYMBOLS, font.BLOCK, "*")]
    assert len(set(shapes)) == len(shapes)


def test_atari_style_capitals_leave_row_7_and_column_7_clear():
    for c in string.ascii_uppercase + string.digits:
        rows = font.glyph(c)
        assert rows[7] == 0, c
        assert all(r & 1 == 0 for r in rows), c


@pytest.mark.parametrize("c, stem_rows", [("H", (0, 1, 2, 4, 5, 6)), ("L", range(6)),
                                           ("T", range(1, 7)), ("I", range(1, 6)), ("U", range(6))])
def test_atari_style_vertical_strokes_are_two_pixels_wide(c, stem_rows):
    # In rows with no horizontal stroke, every run of set pixels is 2 wide.
    for y in stem_rows:
        row = font.pixels(c)[y]
        runs = [len(r) for r in row.split(".") if r]
        assert runs and all(n == 2 for n in runs), (c, row)


def test_block_is_solid():
    assert font.glyph(font.BLOCK) == (0xFF,) * 8


def test_pixels_draws_msb_leftmost():
    assert font.pixels("L")[6] == "#######."
    assert font.pixels("L")[0] == "##......"


def test_parse_grid_rejects_a_bad_row():
    bad = "glyph 0x41 A\n" + "#......\n" + "........\n" * 7
    with pytest.raises(ValueError):
        _tool().parse_grid(bad)


def test_parse_grid_rejects_a_duplicate_codepoint():
    block = "glyph 0x41 A\n" + "........\n" * 8
    with pytest.raises(ValueError):
        _tool().parse_grid(block + block.replace(" A", " B"))


def test_parse_bdf_rejects_truncated_font():
    text = font.BDF.read_text(encoding="ascii")
    with pytest.raises(font.FontError):
        font.parse_bdf(text.replace("ENDFONT\n", ""))
    with pytest.raises(font.FontError):
        font.parse_bdf("hello\n")


def test_parse_bdf_places_a_small_bbx_in_the_cell():
    text = (
        "STARTFONT 2.1\nFONTBOUNDINGBOX 8 8 0 -1\nSTARTPROPERTIES 1\nFONT_ASCENT 7\n"
        "ENDPROPERTIES\nCHARS 1\nSTARTCHAR x\nENCODING 120\nDWIDTH 8 0\n"
        "BBX 2 2 3 0\nBITMAP\nC0\n40\nENDCHAR\nENDFONT\n"
    )
    # 2x2 bitmap, 3 px from the left, bottom row on the baseline (cell rows 5 and 6).
    assert font.parse_bdf(text)["x"] == (0, 0, 0, 0, 0, 0b00011000, 0b00001000, 0)


def test_pyxel_draws_the_bdf_as_the_grid():
    pyxel = pytest.importorskip("pyxel")
    pyxel_ready()  # one pyxel.init per process, shared by all tests (conftest)
    pyxel_font = pyxel.Font(str(font.BDF))
    assert pyxel_font.text_width("AB") == 16
    text = "Q" + font.STAR + font.CLUB + "7"
    image = pyxel.Image(8 * len(text), 8)
    image.cls(0)
    image.text(0, 0, text, 1, pyxel_font)
    for i, ch in enumerate(text):
        drawn = tuple(
            sum(1 << (7 - x) for x in range(8) if image.pget(8 * i + x, y)) for y in range(8)
        )
        assert drawn == font.glyph(ch), ch
