"""The Pyxel window: a thin shell around the key machine.

``update`` turns the keys that went down this frame into key-machine keys and
ticks the machine once; the machine's events become sounds; ``draw`` lays the
machine's view out on the virtual GRAPHICS 1 screen and renders it. Other
listeners (recording, statistics, saved games) can subscribe to the events.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

import pyxel

from baker8bit import keyboard, render
from baker8bit.keys import Event, KeyMachine
from baker8bit.layout_baker import Options, compose
from baker8bit.screen import geometry

NTSC_FPS, PAL_FPS = 60, 50
CRT_SCREEN_MODE = 2  # Pyxel's "retro" screen filter


@dataclass(frozen=True)
class AppOptions:
    scale: int | None = None  # window scale (None: Pyxel picks one that fits the display)
    crt: bool = False  # Pyxel's CRT-like screen filter
    pal: bool = False  # PAL palette and 50 Hz timing
    glyphs: bool = False  # suit symbol beside the rank
    headless: bool = False  # no window, no audio device: tests and captures
    sound: bool = True  # also headless: the sounds are rendered and "played" to no device
    click: bool = False  # a key click on every key press (off: the 1989 program may not have clicked)
    fps: int | None = None  # override the frame rate (tests flip fast); None: 60, or 50 with pal


_initialised: tuple | None = None


@contextmanager
def _quiet_stderr(quiet: bool):
    """Hide the audio library's complaints (on stdout and stderr) when running headless."""
    if not quiet:
        yield
        return
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)


def init_pyxel(opts: AppOptions) -> None:
    """``pyxel.init`` once per process (Pyxel allows one window); later calls reuse it."""
    global _initialised
    g = geometry()
    key = (g.width, g.height, opts.pal)
    if _initialised is None:
        cwd = os.getcwd()  # pyxel.init moves to the main script's folder; relative paths must keep working
        with _quiet_stderr(opts.headless):
            pyxel.init(
                g.width, g.height, title="BAKER SOLITAIRE", fps=opts.fps or (PAL_FPS if opts.pal else NTSC_FPS),
                quit_key=pyxel.KEY_NONE, display_scale=opts.scale, headless=opts.headless,
            )
        os.chdir(cwd)
        _initialised = key
    render.install_palette("pal" if opts.pal else "ntsc")
    if opts.crt:
        pyxel.screen_mode(CRT_SCREEN_MODE)


class App:
    def __init__(self, machine: KeyMachine, opts: AppOptions = AppOptions()):
        init_pyxel(opts)
        self.machine = machine
        self.opts = opts
        self.layout = Options(glyphs=opts.glyphs)
        self.renderer = render.Renderer()
        self.listeners: list[Callable[[Event], None]] = []
        self.audio = None
        if opts.sound:
            from baker8bit.audio import Audio

            self.audio = Audio(standard="pal" if opts.pal else "ntsc", click=opts.click)
            self.listeners.append(self.audio.handle)

    def update(self) -> None:
        for key in keyboard.pressed():
            if self.audio:
                self.audio.key_click()
            self.machine.press(key)
        self.machine.tick()
        self.dispatch()

    def dispatch(self) -> None:
        for event in self.machine.drain_events():
            for listener in self.listeners:
                listener(event)

    def draw(self) -> None:
        self.draw_on(pyxel.screen)

    def draw_on(self, target: pyxel.Image) -> None:
        m = self.machine
        self.renderer.draw(compose(m.view(), m.game, m.frame, self.layout), target)

    def run(self) -> None:
        pyxel.run(self.update, self.draw)

    # -- headless driving (tests, captures) ---------------------------------------------

    def frame(self, keys: tuple[str, ...] = ()) -> None:
        """One frame with these key-machine keys going down, as the window would see it."""
        codes = [keyboard.pyxel_key(k) for k in keys]
        for c in codes:
            pyxel.set_btn(c, True)
        self.update()
        self.draw()
        for c in codes:
            pyxel.set_btn(c, False)
        pyxel.flip()
