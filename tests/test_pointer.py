"""The mouse: clicks stand for the keys of what they land on, in every game, through the real app."""

from __future__ import annotations

import pytest
import pyxel
from conftest import pyxel_ready

from baker8bit import games
from baker8bit.atari.screen import geometry
from baker8bit.console.pointer import DOUBLE_CLICK, Pointer
from baker8bit.console.screens import compose
from baker8bit.freecell.screen import field_columns, parking_columns
from baker8bit.games import KeyMachine
from baker8bit.window.app import App, AppOptions

G = geometry()


def centre(row: int, col: int, g=G) -> tuple[int, int]:
    """The pixel at the middle of a character cell (of the GRAPHICS 1 screen unless told)."""
    return g.border_x + col * g.cell_w + g.cell_w // 2, g.border_y + row * g.cell_h + g.cell_h // 2


def click(app: App, row: int, col: int, button: int = pyxel.MOUSE_BUTTON_LEFT) -> None:
    pyxel.set_mouse_pos(*centre(row, col, app.shown.geometry if app.shown is not None else G))
    pyxel.set_btn(button, True)
    app.update()
    app.draw()
    pyxel.set_btn(button, False)
    pyxel.flip()
    app.update()
    app.draw()
    pyxel.flip()


@pytest.fixture
def bakers_game():
    pyxel_ready()
    app = App(KeyMachine(rules=games.ruleset("bakers-game"), deal=1), AppOptions(headless=True, sound=False))
    app.draw()
    app.seen = []
    app.listeners.append(lambda e: app.seen.append(str(e)))
    return app


def test_click_a_card_then_a_free_cell_moves_it(bakers_game):
    app = bakers_game
    g_col, k_col = field_columns(8)[6], parking_columns(4)[2]
    card = app.machine.game.position.columns[6][-1]
    click(app, 4 + 5, g_col)  # the exposed card of column G (6 cards)
    assert app.machine.view().black == {"G"}
    click(app, 0, k_col)  # the star of cell K
    assert app.machine.game.position.cells[2] == card and "move G K" in app.seen


def test_a_click_anywhere_in_a_column_or_on_its_letter_is_that_column(bakers_game):
    app = bakers_game
    scr = app.shown
    x = field_columns(8)[3]
    assert {scr.key_at(r, x) for r in range(3, 23)} == {"D"}
    assert scr.key_at(0, parking_columns(4)[0]) == scr.key_at(1, parking_columns(4)[0]) == "I"
    assert scr.key_at(0, 19) == "T" and scr.key_at(3, 19) == "T"
    assert scr.key_at(10, 0) is None  # between the columns: nothing


def test_a_double_click_sends_a_card_home_when_it_can_go(bakers_game):
    app = bakers_game
    board = "Foundations: C-0 D-0 H-0 S-0\nFreecells: - - - -\n" + "\n".join(
        ": " + " ".join(c for c in col) for col in (
            ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C", "AC"],
            ["KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D", "AD"],
            ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H", "AH"],
            ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"],
            [], [], [], [])) + "\n"
    pos, rs = games.get("bakers-game").read_board(board)
    app.machine = KeyMachine(rules=rs, position=pos)
    app.draw()
    a = field_columns(8)[0]
    pyxel.set_mouse_pos(*centre(4 + 12, a))
    for _ in range(2):  # two clicks a few frames apart
        pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
        app.update()
        app.draw()
        pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
        pyxel.flip()
        app.update()
        pyxel.flip()
    assert app.machine.game.position.foundations[0] == 1 and "move A T" in app.seen


def test_pointer_rules_without_a_window():
    m = KeyMachine(rules=games.ruleset("eight-off"), deal=3)
    scr = compose(m.view(), m.game)
    p = Pointer()
    x = field_columns(8)[1]
    assert p.click(scr, *centre(5, x), frame=0, view=m.view()) == ["B"]
    m.press("B")
    assert p.click(scr, *centre(5, x), frame=DOUBLE_CLICK, view=m.view()) == ["T"]  # double-click: home
    assert p.click(scr, *centre(5, x), frame=100, view=m.view()) == ["B"]
    assert p.click(scr, *centre(5, x), frame=100 + DOUBLE_CLICK + 1, view=m.view()) == ["B"]  # too slow: B again
    assert p.click(scr, 2, 2, frame=300, view=m.view()) == []  # the border
    assert p.click(scr, *centre(10, 0), frame=300, view=m.view(), button="right") == ["SPACE"]
    menu = KeyMachine(menu=True)
    mscr = compose(menu.view(), None)
    assert p.click(mscr, *centre(5 + 3 * 2, 5), frame=0, view=menu.view()) == ["3"]
    assert p.click(mscr, *centre(5 + 3 * 2 + 1, 15), frame=0, view=menu.view()) == ["3"]  # its credit line too


def test_the_menu_and_a_title_are_played_by_mouse_alone():
    pyxel_ready()
    app = App(KeyMachine(seed=4, menu=True), AppOptions(headless=True, sound=False))
    app.draw()
    click(app, 5 + 3 * 1, 4)  # Baker's Game
    assert app.machine.phase == "prompt" and app.machine.variant.id == "bakers-game"
    row = [r for r in range(24) if "RETURN:DEAL" in app.shown.text_at(r)][0]
    click(app, row, app.shown.text_at(row).index("RETURN") + 2)  # RETURN: a random deal
    assert app.machine.phase == "idle" and app.machine.game is not None
    status = app.shown.text_at(23)
    click(app, 23, status.index("#") + 1)  # the game number: back to the title
    assert app.machine.phase == "prompt"
    row = [r for r in range(24) if "ESC:MENU" in app.shown.text_at(r)][0]
    click(app, row, app.shown.text_at(row).index("ESC") + 1)
    assert app.machine.phase == "menu"


def test_a_replay_ignores_the_mouse():
    from baker8bit.window.app import Scripted

    pyxel_ready()
    app = App(KeyMachine(rules=games.ruleset("bakers-game"), deal=1), AppOptions(headless=True, sound=False),
              source=Scripted([]))
    app.draw()
    click(app, 4 + 5, field_columns(8)[6])
    assert app.machine.view().black == frozenset()
