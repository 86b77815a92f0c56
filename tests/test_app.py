"""The real Pyxel app, headless, driven by simulated key presses (pyxel.set_btn)."""

from __future__ import annotations

import pytest
import pyxel
from conftest import pyxel_ready

from baker8bit.atari import pokey
from baker8bit.console.screens import compose
from baker8bit.freecell.screen import field_columns, parking_columns
from baker8bit.games import KeyMachine
from baker8bit.window import keyboard
from baker8bit.window.app import App, AppOptions


@pytest.fixture
def app():
    pyxel_ready()
    return App(KeyMachine(suits=4, deal=1), AppOptions(headless=True, sound=True))


def screen_pixels() -> bytes:
    return bytes(pyxel.screen.data_ptr())


def test_pressing_B_then_K_moves_the_card_on_screen(app):
    app.frame()
    before = screen_pixels()
    scr = compose(app.machine.view(), app.machine.game)
    x_b, x_k = field_columns(8)[1], parking_columns(4)[2]
    assert scr.text_at(4 + 6)[x_b] == "9" and scr.text_at(0)[x_k] == "\u2605"  # 9C at the foot of B, a star at K
    app.frame(("B",))
    assert compose(app.machine.view(), app.machine.game).rows[3].cells[x_b][1] == 1  # B is black
    app.frame()
    app.frame(("K",))
    scr = compose(app.machine.view(), app.machine.game)
    assert scr.text_at(0)[x_k] == "9" and scr.text_at(4 + 6)[x_b] == " "
    assert screen_pixels() != before
    assert app.audio.played == ["tone"]  # the tone sounds in the frame the card moves


def test_letters_work_with_shift_and_keys_do_not_repeat(app):
    pyxel.set_btn(pyxel.KEY_SHIFT, True)
    pyxel.set_btn(pyxel.KEY_LSHIFT, True)
    try:
        app.frame(("G",))
    finally:
        pyxel.set_btn(pyxel.KEY_SHIFT, False)
        pyxel.set_btn(pyxel.KEY_LSHIFT, False)
        pyxel.flip()
    assert app.machine.view().black == {"G"}
    code = keyboard.pyxel_key("G")
    pyxel.set_btn(code, True)  # G held down for 60 frames: one press, no repeat
    for _ in range(60):
        app.update()
        pyxel.flip()
    pyxel.set_btn(code, False)
    pyxel.flip()
    assert app.machine.phase == "idle" and app.machine.game.moves == 0  # selected once, cancelled once


def test_alt_shortcuts_do_not_type_into_the_game(app):
    app.frame(("ESC",))
    assert app.machine.phase == "prompt"
    pyxel.set_btn(pyxel.KEY_ALT, True)
    app.frame(("3",))  # Alt+3 is Pyxel's screen recording, not a suit count
    pyxel.set_btn(pyxel.KEY_ALT, False)
    pyxel.flip()
    assert app.machine.view().prompt_digit == ""
    app.frame(("3",))
    app.frame(("RETURN",))
    assert app.machine.phase == "idle" and app.machine.rules.suits == 3


def test_f1_is_help_and_every_key_machine_key_has_a_pc_key():
    assert keyboard.KEYMAP[pyxel.KEY_F1] == "HELP"
    names = set(keyboard.KEYMAP.values())
    assert set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") <= names
    assert {"SPACE", "ESC", "RETURN", "HELP"} <= names


def test_the_group_move_is_drawn_card_by_card(app):
    pyxel_ready()
    from conftest import GROUP_BOARD, board

    pos, rs = board(GROUP_BOARD)
    a = App(KeyMachine(suits=2, position=pos), AppOptions(headless=True))
    for k in "TBC":
        a.frame((k,))
    shots, counts = set(), []
    for _ in range(8 * a.machine.timing.group_step):
        a.frame()
        shots.add(screen_pixels())
        counts.append(a.machine.game.moves)
    assert counts[-1] == 7 and len(set(counts)) == 7  # each single move shown on its own frames
    assert len(shots) >= 7
    assert a.audio.played == ["tone"] * 7


def test_sounds_play_through_pyxel_at_the_pokey_frequency(app, tmp_path):
    from test_pokey import autocorrelation_hz, within_1_percent

    for name, low in (("tone", 300), ("buzzer", 30)):
        out = tmp_path / f"{name}.wav"
        spec = pokey.sounds()[name]
        pyxel.sounds[app.audio.slots[name]].save(str(out), spec.seconds())
        samples, rate = pokey.read_wav(out)
        assert within_1_percent(autocorrelation_hz(samples, rate, low_hz=low), spec.frequency())
