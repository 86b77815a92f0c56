"""What the player sees: golden screenshots, and proof that an Atari could show every screen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pyxel
from conftest import pyxel_ready
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.atari import palette
from baker8bit.atari.screen import GR0, GR1, MAX_DLI_WRITES, MAX_DLIS, geometry
from baker8bit.console import script
from baker8bit.console.screens import compose
from baker8bit.games import KeyMachine
from baker8bit.sessions import scenarios
from baker8bit.window.capture import engine_screen
from baker8bit.window.render import Renderer

GOLDEN = Path(__file__).parent / "golden"
SCENARIOS = scenarios.load(GOLDEN / "scenarios.toml")
G = geometry()


@pytest.fixture(scope="module")
def renderer():
    pyxel_ready()
    return Renderer()


def pixels(img) -> bytes:
    return bytes(img.data_ptr())


def render(machine: KeyMachine, renderer: Renderer, glyphs: bool = False):
    return render_both(machine, renderer, glyphs)[1]


def render_both(machine: KeyMachine, renderer: Renderer, glyphs: bool = False):
    """The screen model and its pixels."""
    return engine_screen(machine, renderer, glyphs)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_screen_matches_reviewed_golden_png(name, renderer):
    spec = SCENARIOS[name]
    img = render(scenarios.machine(spec), renderer, spec.get("glyphs", False))
    golden = pyxel.Image(G.width, G.height)
    golden.load(0, 0, str(GOLDEN / f"{name}.png"))
    assert pixels(img) == pixels(golden), f"{name}: the screen differs from tests/golden/{name}.png"


def test_goldens_cover_the_issue_list():
    wanted = {"title", "deal2", "deal3", "deal4", "selected", "flash_letter_lit", "flash_letter_dark",
              "flash_line_lit", "flash_line_dark", "mark_blue", "winner"}
    assert wanted <= set(SCENARIOS)
    assert all((GOLDEN / f"{n}.png").exists() for n in SCENARIOS)


def test_the_two_flash_phases_differ_and_the_line_disappears(renderer):
    lit = render(scenarios.machine(SCENARIOS["flash_line_lit"]), renderer)
    dark_machine = scenarios.machine(SCENARIOS["flash_line_dark"])
    dark = render(dark_machine, renderer)
    assert pixels(lit) != pixels(dark)
    scr = compose(dark_machine.view(), dark_machine.game)
    assert scr.text_at(3).strip() == ""


# ---- an Atari could show it ------------------------------------------------------------------


def assert_atari_screen(scr, img) -> None:
    """What one frame of an Atari could show: in each character row, each cell is the row's
    background plus at most one colour (GRAPHICS 1: one register per cell; GRAPHICS 0: the one
    text colour), at most five colours in all (COLBK and four registers); the border beside
    each row is that row's COLBK (in GRAPHICS 1 the row's background itself: a DLI that changes
    it changes the border too); the colour changes between rows fit the DLI budget."""
    g = scr.geometry
    data = pixels(img)
    w = g.width
    assert max(data) < palette.SIZE  # every colour is one of the palette file's
    for r in range(g.rows):
        y0 = g.border_y + r * g.cell_h
        bg = palette.index_of(scr.rows[r].background)  # the row's COLBK (GRAPHICS 0: COLPF2)
        row_colours = set()
        for c in range(g.cols):
            x0 = g.border_x + c * g.cell_w
            cell = {data[(y0 + y) * w + x0 + x] for y in range(g.cell_h) for x in range(g.cell_w)}
            row_colours |= cell
            assert len(cell - {bg}) <= 1, f"cell {r},{c} uses {len(cell - {bg})} colours besides its background"
        limit = 5 if g.mode == GR1 else 2  # GRAPHICS 0: the field and the one text colour
        assert len(row_colours | {bg}) <= limit, f"row {r} uses {len(row_colours | {bg})} colours"
        border = palette.index_of(scr.border_of(r))
        if g.mode == GR1:
            assert border == bg
        for y in range(y0, y0 + g.cell_h):
            line = data[y * w:(y + 1) * w]
            assert set(line[: g.border_x]) == set(line[g.width - g.border_x:]) == {border}, f"row {r}'s border"
    assert_dli_budget(scr)


def assert_dli_budget(scr) -> None:
    dlis = scr.dlis()
    assert len(dlis) <= MAX_DLIS, f"{len(dlis)} DLIs in one frame (at most {MAX_DLIS})"
    assert all(n <= MAX_DLI_WRITES for _, n in dlis)
    if scr.geometry.mode == GR0:
        assert dlis == []  # one text colour on the whole screen


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_golden_screen_is_one_an_atari_could_show(name, renderer):
    spec = SCENARIOS[name]
    assert_atari_screen(*render_both(scenarios.machine(spec), renderer, spec.get("glyphs", False)))


@given(
    suits=st.sampled_from([2, 3, 4]),
    deal=st.integers(1, 2**31 - 1),
    keys=st.lists(st.sampled_from(list("ABCDEFGHIJKLTP") + ["SPACE"]), max_size=30),
    glyphs=st.booleans(),
    wait=st.integers(0, 40),
)
@settings(max_examples=25, deadline=None)
def test_any_game_screen_is_one_an_atari_could_show(suits, deal, keys, glyphs, wait):
    pyxel_ready()
    m = KeyMachine(suits=suits, deal=deal)
    script.run(m, [("key", k) for k in keys] + [("raw", True), ("wait", wait)])
    assert_atari_screen(*render_both(m, Renderer(), glyphs))


def test_the_field_shows_one_rank_character_per_card_in_its_suit_colour():
    m = KeyMachine(suits=4, deal=1)
    scr = compose(m.view(), m.game)
    from baker8bit.freecell.screen import field_columns

    x = field_columns(8)[0]
    column_a = "".join(scr.text_at(4 + j)[x] for j in range(7))
    assert column_a == "JK24366"  # JD KD 2S 4C 3S 6D 6S
    assert scr.colour_at(4, x) == palette.SUIT_COLOURS[1]  # JD: diamonds
    assert scr.colour_at(6, x) == palette.SUIT_COLOURS[3]  # 2S: spades


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_shot_command_writes_exactly_the_window(tmp_path, renderer):
    from baker8bit.cli import main

    out = tmp_path / "deal4.png"
    assert main(["shot", "--suits", "4", "--deal", "11982", "--out", str(out), "--aspect", "square"]) == 0
    assert png_size(out) == (G.width, G.height) == (336, 224)
    shot, golden = pyxel.Image(G.width, G.height), pyxel.Image(G.width, G.height)
    shot.load(0, 0, str(out))
    golden.load(0, 0, str(GOLDEN / "deal4.png"))
    assert pixels(shot) == pixels(golden)
    big = tmp_path / "big.png"
    assert main(
        ["shot", "--suits", "2", "--deal", "3", "GH", "--out", str(big), "--scale", "3", "--aspect", "square"]
    ) == 0
    assert png_size(big) == (3 * 336, 3 * 224)


@pytest.mark.parametrize("shape, scale, size", [
    ("ntsc", 1, (288, 224)),  # 336 x 0.857 = 288: an NTSC pixel is 6/7 as wide as high
    ("ntsc", 2, (576, 448)),
    (None, 2, (576, 448)),  # the default is the true shape, NTSC
    ("pal", 1, (349, 224)),  # 336 x 1.040
    ("square", 2, (672, 448)),
])
def test_shot_reshapes_the_pixels_on_output(tmp_path, renderer, shape, scale, size):
    from baker8bit.cli import main

    out = tmp_path / "x.png"
    args = ["shot", "--suits", "4", "--deal", "11982", "--out", str(out), "--scale", str(scale)]
    assert main(args + (["--aspect", shape] if shape else [])) == 0
    assert png_size(out) == size
    img = pyxel.Image(*size)
    img.load(0, 0, str(out))
    golden = pyxel.Image(G.width, G.height)
    golden.load(0, 0, str(GOLDEN / "deal4.png"))
    # every output pixel is the golden pixel it was resampled from: scanlines repeated, columns picked
    for x, y in ((0, 0), (size[0] // 2, size[1] // 3), (size[0] - 1, size[1] - 1), (size[0] // 5, 24 * scale)):
        assert img.pget(x, y) == golden.pget(x * G.width // size[0], y // scale)


def test_shot_command_refuses_a_missing_folder_and_leaves_nothing(tmp_path, capsys):
    from baker8bit.cli import main

    assert main(["shot", "--suits", "4", "--out", str(tmp_path / "nope" / "x.png")]) == 2
    assert "no such directory" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_shot_writes_a_relative_path_where_the_user_is(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent  # this tree, not whichever baker8bit is installed
    res = subprocess.run(
        [sys.executable, "-m", "baker8bit", "shot", "--suits", "2", "--out", "rel.png"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert res.returncode == 0, res.stderr
    assert png_size(tmp_path / "rel.png") == (288, 224)  # the NTSC pixel shape
    # one line says what was written; Pyxel's "no audio device" chatter stays out of the output
    assert res.stdout == "rel.png: 288x224 PNG, ntsc pixels\n"


def test_make_goldens_draws_what_the_goldens_hold(renderer):
    """tools/make_goldens.py rebuilds every golden pixel for pixel (it once drew the window's
    ``?:KEYS`` hint into the title screens, which the goldens do not hold)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_goldens", GOLDEN.parent.parent / "tools" / "make_goldens.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    for name, scenario in SCENARIOS.items():
        golden = pyxel.Image(G.width, G.height)
        golden.load(0, 0, str(GOLDEN / f"{name}.png"))
        assert tool.picture(scenario, renderer) == pixels(golden), name


# -- drawing only what changed ---------------------------------------------------------------------


@st.composite
def screens(draw, mode):
    from baker8bit.atari.screen import Screen

    scr = Screen(geometry=geometry(mode), border=draw(st.sampled_from([0x00, 0x94, 0x36])))
    g = scr.geometry
    for _ in range(draw(st.integers(0, 6))):
        row = draw(st.integers(0, g.rows - 1))
        text = draw(st.text(alphabet="AB 10?*", min_size=1, max_size=8))
        scr.put(row, draw(st.integers(0, g.cols - 1)), text, draw(st.integers(0, 3)),
                inverse=mode == GR0 and draw(st.booleans()))
    if draw(st.booleans()):
        first = draw(st.integers(0, g.rows - 1))
        scr.band(first, draw(st.integers(first, g.rows - 1)), draw(st.sampled_from([0x00, 0xC4, 0x26])),
                 [0x0E, 0x28, 0x94, 0x46])
    return scr


@given(st.data(), st.sampled_from([GR0, GR1]))
@settings(max_examples=40, deadline=None)
def test_a_screen_drawn_over_the_last_equals_it_drawn_afresh(data, mode):
    """The renderer draws again only the rows that changed since it last drew on an image: after
    any run of screens the image is pixel for pixel the last screen drawn on a fresh image, and a
    screen drawn again unchanged draws nothing."""
    pyxel_ready()
    incremental = Renderer()
    target = pyxel.Image(G.width, G.height)
    for _ in range(data.draw(st.integers(1, 4))):
        scr = data.draw(screens(mode))
        incremental.draw(scr, target)
        fresh = pyxel.Image(G.width, G.height)
        Renderer().draw(scr, fresh)
        assert pixels(target) == pixels(fresh)
        assert incremental.draw(scr, target) is False and pixels(target) == pixels(fresh)


def test_a_forgotten_image_is_drawn_whole_again(renderer):
    scr, _ = engine_screen(KeyMachine(suits=4, deal=1), renderer)
    target = pyxel.Image(G.width, G.height)
    renderer.draw(scr, target)
    before = pixels(target)
    target.cls(3)  # something else drew on it
    renderer.forget(target)
    assert renderer.draw(scr, target) is True and pixels(target) == before


def test_click_blocks_are_spread_on_demand_and_a_later_block_wins():
    from baker8bit.atari.screen import Screen

    scr = Screen.text()
    scr.hit(2, 3, "A", rows=2, cols=2)
    scr.hit(3, 4, "B")
    assert scr.key_at(2, 3) == "A" and scr.key_at(3, 4) == "B" and scr.key_at(3, 3) == "A"
    scr.hits.pop((2, 3))
    scr.hit(0, 39, "C", cols=5)  # cut at the screen's edge
    assert scr.key_at(2, 3) is None and scr.key_at(0, 39) == "C" and len(scr.hits) == 4
