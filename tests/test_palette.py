"""The Atari palette files and the game's colour choices."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from conftest import pyxel_ready

from baker8bit.atari import palette

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "docs" / "ATARI.md"  # the palette tables, "The palettes"


def _build_palette_tool():
    spec = importlib.util.spec_from_file_location("build_palette", REPO / "tools" / "build_palette.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", palette.NAMES)
def test_palette_has_128_colours(name):
    colours = palette.load(name)
    assert len(colours) == 128
    assert all(0 <= c <= 0xFFFFFF for c in colours)


def test_ntsc_colours_are_all_distinct():
    assert len(set(palette.load("ntsc"))) == 128


def test_pal_hue_15_repeats_hue_1_and_nothing_else_repeats():
    # Both emulators' PAL tables give hue 15 the colours of hue 1 (docs/ATARI.md, "Colours").
    colours = palette.load("pal")
    assert colours[8:16] == colours[120:128]
    assert len(set(colours)) == 120


def test_default_registers_have_reference_rgb():
    # docs/ATARI.md, "Colours": the default registers' Altirra NTSC RGB.
    assert palette.rgb(0x28) == 0xAA7E00
    assert palette.rgb(0xCA) == 0x26C575
    assert palette.rgb(0x94) == 0x00489D
    assert palette.rgb(0x46) == 0xBB4556
    assert palette.rgb(0x00) == 0x000000


def test_pal_differs_from_ntsc():
    assert palette.load("pal") != palette.load("ntsc")
    assert palette.rgb(0x28, "pal") == 0xCF6A40  # docs/ATARI.md, Altirra's default PAL palette: hue 2, luminance 8


def test_index_of_ignores_luminance_bit_0():
    assert palette.index_of(0x00) == 0
    assert palette.index_of(0x28) == 2 * 8 + 4
    assert palette.index_of(0x29) == palette.index_of(0x28)
    assert palette.index_of(0xFF) == 127
    with pytest.raises(ValueError):
        palette.index_of(0x100)
    with pytest.raises(ValueError):
        palette.index_of(-1)


def test_unknown_palette_name_is_refused():
    with pytest.raises(ValueError):
        palette.load("secam")


def test_game_colours_are_the_documented_bytes():
    assert palette.BACKGROUND == 0x00
    assert palette.GOLD == 0x28
    assert palette.GREEN == 0xCA
    assert palette.BLUE == 0x94
    assert palette.RED == 0x46
    assert palette.SELECTED & 0x0F == 0  # luminance 0: black
    assert palette.PURPLE >> 4 in (5, 6)  # an Atari purple hue
    assert palette.TEXT == 0x9A  # GRAPHICS 0 text: the hue of COLOR2 ($94), the luminance of COLOR1 ($CA)
    assert palette.TEXT_BACKGROUND == 0x94


def test_suit_colours_are_distinct_and_clubs_is_green():
    suits = palette.suit_colours()
    assert len(suits) == 4 and len(set(suits)) == 4
    assert suits[0] == palette.GREEN  # clubs is in every game: "one suit is green"
    assert set(suits) == {palette.GOLD, palette.GREEN, palette.BLUE, palette.RED}


def test_colours_are_visible_on_the_background_except_selected():
    bg = palette.rgb(palette.BACKGROUND)
    for name, byte in palette.colours().items():
        if name in ("background", "border", "selected"):
            continue
        assert palette.rgb(byte) != bg, name


def test_pyxel_loads_the_palette_file():
    pyxel = pytest.importorskip("pyxel")
    pyxel_ready()  # one pyxel.init per process, shared by all tests (conftest)
    before = list(pyxel.colors)
    try:
        pyxel.load_pal(str(palette.path_of("ntsc")))
        assert list(pyxel.colors) == palette.load("ntsc")
    finally:
        pyxel.colors[:] = before


def test_committed_files_match_the_reference_tables():
    built = _build_palette_tool().build(REFERENCE)
    for name, text in built.items():
        assert (REPO / "palettes" / name).read_text(encoding="ascii") == text, name


def test_builder_takes_even_luminance_columns():
    tool = _build_palette_tool()
    table = [[hue * 16 + lum for lum in range(16)] for hue in range(16)]
    out = tool.palette_128(table)
    assert out[:3] == [0, 2, 4]
    assert out[palette.index_of(0xCA)] == 0xCA
    assert tool.pyxpal_text([0xAA7E00, 0x1]) == "aa7e00\n000001\n"


def test_builder_parses_a_markdown_table():
    tool = _build_palette_tool()
    rows = "\n".join(
        f"| {h:X} ({h * 16}) | " + " | ".join(f"#{h:02X}00{lum:02X}" for lum in range(16)) + " |"
        for h in range(16)
    )
    md = "### T\n\n| hue \\ lum | ... |\n|---|\n" + rows + "\n\n### next\n"
    table = tool.parse_table(md, "### T")
    assert table[3][5] == 0x030005
    with pytest.raises(ValueError):
        tool.parse_table(md, "### missing")
