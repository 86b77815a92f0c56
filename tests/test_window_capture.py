"""A window for capture software: ``--window-scale N`` (a window of exactly N times the picture,
every pixel a sharp N x N block) and the fullscreen toggle (F11, ``--fullscreen``)."""

from __future__ import annotations

import pytest
import pyxel
from conftest import pyxel_ready

from baker8bit import games
from baker8bit.cli import main
from baker8bit.games import KeyMachine
from baker8bit.window import app as appmod
from baker8bit.window.app import AppOptions, window_geometry


@pytest.mark.parametrize("shape, n, size", [("ntsc", 3, (288, 224)), ("square", 2, (336, 224)),
                                            ("pal", 4, (349, 224))])
def test_window_scale_is_the_picture_at_scale_1_shown_n_times(shape, n, size):
    width, height, display = window_geometry(AppOptions(window_scale=n, aspect=shape))
    assert (width, height) == size and display == n
    # the window is then exactly N times the picture: N x N screen pixels a picture pixel
    assert (width * display, height * display) == (size[0] * n, size[1] * n)


def test_without_window_scale_the_window_is_as_before():
    assert window_geometry(AppOptions(scale=2)) == (576, 448, 1)
    assert window_geometry(AppOptions()) == (576, 448, None)  # Pyxel picks the display scale
    assert window_geometry(AppOptions(aspect="square", scale=3)) == (336, 224, 3)
    assert window_geometry(AppOptions(headless=True, window_scale=3)) == (336, 224, None)


def test_f11_toggles_fullscreen(monkeypatch):
    pyxel_ready()
    calls = []
    monkeypatch.setattr(pyxel, "fullscreen", calls.append)
    app = appmod.App(KeyMachine(seed=1, rules=games.ruleset("baker4"), deal=1),
                     AppOptions(headless=True, sound=False))
    monkeypatch.setattr(pyxel, "btnp", lambda key, *a, **k: key == pyxel.KEY_F11)
    frame = app.machine.frame
    app.update()
    app.update()
    assert calls == [True, False]
    assert app.machine.frame == frame + 2  # F11 is no key of the game: the frames go on


DEMO_REC = str(__import__("pathlib").Path(__file__).resolve().parent.parent / "docs" / "demo-recording.txt")


@pytest.mark.parametrize("command", [[], ["demo"], ["replay", DEMO_REC]])
def test_scale_and_window_scale_together_is_one_line(command, capsys):
    assert main([*command, "--scale", "2", "--window-scale", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--window-scale" in err


@pytest.mark.parametrize("value", ["0", "17", "1.5"])
def test_window_scale_takes_a_whole_number_1_to_16(value, capsys):
    with pytest.raises(SystemExit) as e:  # argparse's own exit, one line
        main(["--window-scale", value])
    assert e.value.code == 2
    assert "scale must be a whole number 1..16" in capsys.readouterr().err
