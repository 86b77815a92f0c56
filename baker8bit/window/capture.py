"""Headless captures: what the window would show, written to PNG files atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pyxel

from baker8bit.atari.screen import geometry
from baker8bit.window import aspect
from baker8bit.window.app import App, AppOptions
from baker8bit.console.machine import KeyMachine


class CaptureError(OSError):
    pass


def shaped(app: App, scale: int = 1, shape: str = aspect.DEFAULT) -> tuple[bytes, int, int]:
    """The app's picture as last drawn, in this pixel shape at this vertical scale."""
    g = geometry()
    return aspect.resample(app.picture_bytes(), g.width, g.height, shape, scale)


def screenshot(app: App, out: str | os.PathLike, scale: int = 1, shape: str = aspect.DEFAULT) -> None:
    """Draw the app's current frame and write it as a PNG (temp file, then rename): ``scale``
    scanlines a scanline, the columns resampled to the pixel ``shape`` (window/aspect.py)."""
    out = Path(out)
    if not 1 <= scale <= 16:
        raise ValueError(f"scale must be 1..16, not {scale}")
    app.draw()
    directory = out.parent if str(out.parent) else Path(".")
    if not directory.is_dir():
        raise CaptureError(f"cannot write {out}: no such directory {directory}")
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".png", dir=directory)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # an ordinary file, not mkstemp's private 0600
    try:
        data, w, h = shaped(app, scale, shape)
        img = pyxel.Image(w, h)
        img.data_ptr()[:] = data
        img.save(tmp, 1)
        if not os.path.getsize(tmp):
            raise CaptureError(f"cannot write {out}: the screenshot came out empty")
        os.replace(tmp, out)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def headless_app(machine: KeyMachine, glyphs: bool = False, pal: bool = False) -> App:
    return App(machine, AppOptions(headless=True, glyphs=glyphs, pal=pal, sound=False))
