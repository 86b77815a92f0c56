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
    + ".,:;!?-+/()#'\"=*<>%"
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


# The Atari style (docs/ATARI.md, "The font"): every glyph inside rows 1-6 and columns 1-6
# of its cell, so rows 0 and 7 and columns 0 and 7 stay blank. Exceptions, and why:
WIDE = {"M": (1, 7), "W": (1, 7)}  # as in the Atari's own set, only M and W reach column 7
FULL_CELL = {  # graphics characters fill the cell edge to edge, like the Atari's graphics set
    font.BLOCK,  # the GRAPHICS 0 cursor: an inverse-video space, all 64 pixels
    font.STAR,  # the parking and terminal stars (a redefined character: ATASCII has no star)
    *font.SUIT_SYMBOLS,  # the ATASCII heart, club, diamond and spade are graphics characters
}


def bounding_box(ch: str) -> tuple[int, int, int, int]:
    """(first row, last row, first column, last column) of the set pixels."""
    rows = font.pixels(ch)
    ys = [y for y, r in enumerate(rows) if "#" in r]
    xs = [x for r in rows for x, p in enumerate(r) if p == "#"]
    return min(ys), max(ys), min(xs), max(xs)


@pytest.mark.parametrize("ch", sorted(set(font.load()) - {" "} - FULL_CELL))
def test_every_glyph_stays_in_rows_1_to_6_and_columns_1_to_6(ch):
    top, bottom, left, right = bounding_box(ch)
    first, last = WIDE.get(ch, (1, 6))
    assert 1 <= top and bottom <= 6, f"{ch!r}: rows {top}-{bottom}, not within 1-6"
    assert first <= left and right <= last, f"{ch!r}: columns {left}-{right}, not within {first}-{last}"


def test_capitals_and_digits_are_six_rows_tall_and_mostly_six_wide():
    for c in string.ascii_uppercase + string.digits:
        top, bottom, left, right = bounding_box(c)
        assert (top, bottom) == (1, 6), c
        assert (left, right) == WIDE.get(c, (1, 6)) or c in "1I", c  # 1 and I are narrower


def test_the_exceptions_are_only_the_graphics_characters():
    assert FULL_CELL <= set(font.load())
    assert all(not ("#" in font.pixels(c)[0] and c.isalnum()) for c in font.load())


@pytest.mark.parametrize("c, stem_rows", [("H", (1, 2, 4, 5, 6)), ("L", range(1, 6)),
                                           ("T", range(2, 7)), ("I", range(2, 6)), ("U", range(1, 6))])
def test_atari_style_vertical_strokes_are_two_pixels_wide(c, stem_rows):
    # In rows with no horizontal stroke, every run of set pixels is 2 wide.
    for y in stem_rows:
        row = font.pixels(c)[y]
        runs = [len(r) for r in row.split(".") if r]
        assert runs and all(n == 2 for n in runs), (c, row)


def test_block_is_solid():
    assert font.glyph(font.BLOCK) == (0xFF,) * 8


def test_pixels_draws_msb_leftmost():
    assert font.pixels("L")[6] == ".######."
    assert font.pixels("L")[1] == ".##....."


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
