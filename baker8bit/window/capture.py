"""Headless captures: what the window would show, written to PNG files atomically."""

from __future__ import annotations

import os
import struct
import tempfile
import zlib
from pathlib import Path

import pyxel

from baker8bit.atari.screen import geometry
from baker8bit.console.look import Look
from baker8bit.console.screens import compose
from baker8bit.games import KeyMachine
from baker8bit.window import aspect
from baker8bit.window.app import App, AppOptions


class CaptureError(OSError):
    pass


def shaped(app: App, scale: int = 1, shape: str = aspect.DEFAULT) -> tuple[bytes, int, int]:
    """The app's picture as last drawn, in this pixel shape at this vertical scale."""
    g = geometry()
    return aspect.resample(app.picture_bytes(), g.width, g.height, shape, scale)


def screenshot(app: App, out: str | os.PathLike, scale: int = 1, shape: str = aspect.DEFAULT) -> tuple[int, int]:
    """Draw the app's current frame and write it as a PNG (temp file, then rename): ``scale``
    scanlines a scanline, the columns resampled to the pixel ``shape`` (window/aspect.py).
    Returns the PNG's width and height."""
    out = Path(out)
    if not 1 <= scale <= 16:
        raise ValueError(f"scale must be 1..16, not {scale}")
    app.draw()
    directory = out.parent if str(out.parent) else Path(".")
    if not directory.is_dir():
        raise CaptureError(f"cannot write {out}: no such directory {directory}")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".png", dir=directory)
    except OSError as e:  # (not the temporary file's name: the user named ``out``)
        raise CaptureError(f"cannot write {out}: {e.strerror or e}") from None
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # an ordinary file, not mkstemp's private 0600
    try:
        data, w, h = shaped(app, scale, shape)
        write_png(tmp, data, w, h)
        check_png(tmp, out)
        os.replace(tmp, out)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return w, h


def write_png(path: str | os.PathLike, data: bytes, w: int, h: int) -> None:
    """Pyxel writes the picture (palette indices, w x h) as a PNG."""
    img = pyxel.Image(w, h)
    img.data_ptr()[:] = data
    img.save(str(path), 1)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def check_png(tmp: str | os.PathLike, out: str | os.PathLike) -> None:
    """The PNG Pyxel wrote is whole (its chunks chain from the signature to IEND, each CRC
    right) and on disk (fsynced); Pyxel does not say when a full disk cut it short."""

    with open(tmp, "rb+") as f:
        data = f.read()
        if not data.startswith(PNG_SIGNATURE):
            raise CaptureError(f"cannot write {out}: the screenshot came out {'empty' if not data else 'damaged'} "
                               "(a full disk?)")
        at = len(PNG_SIGNATURE)
        while True:
            if at + 12 > len(data):
                raise CaptureError(f"cannot write {out}: the PNG was cut short (a full disk?)")
            size, kind = struct.unpack(">I4s", data[at:at + 8])
            body = data[at + 8:at + 8 + size]
            crc = data[at + 8 + size:at + 12 + size]
            if len(body) < size or len(crc) < 4 or zlib.crc32(kind + body) != struct.unpack(">I", crc)[0]:
                raise CaptureError(f"cannot write {out}: the PNG was cut short (a full disk?)")
            at += 12 + size
            if kind == b"IEND":
                break
        try:
            os.fsync(f.fileno())
        except OSError as e:
            raise CaptureError(f"cannot write {out}: {e.strerror or e}") from None


def engine_screen(machine: KeyMachine, renderer, glyphs: bool = False):
    """The machine's own screen (the screen model, and its pixels drawn by ``renderer``, a
    ``window.render.Renderer``), without the window's overlay: what the golden screenshots hold
    (tools/make_goldens.py writes them, tests/test_screen.py compares them)."""

    g = geometry()
    img = pyxel.Image(g.width, g.height)
    scr = compose(machine.view(), machine.game, machine.frame, Look(glyphs=glyphs))
    renderer.draw(scr, img)
    return scr, img


def headless_app(machine: KeyMachine, glyphs: bool = False, pal: bool = False) -> App:
    return App(machine, AppOptions(headless=True, glyphs=glyphs, pal=pal, sound=False))
