"""The shape of an Atari pixel: ``--aspect ntsc|pal|square``.

An Atari's hi-res pixel (half a colour clock) is not square. atari800's
``videomode.c`` gives the pixel aspect ratios (width / height), as docs/ATARI.md states them:

- NTSC: (12 + 3/11) / 14.31818 = 0.857 (pixels taller than wide), 6/7 to within 0.0001;
- PAL: 14.75 / 14.187576 = 1.040.

The picture is drawn as the Atari makes it (336 x 224 hi-res pixels by scanlines, square
in the frame buffer) and reshaped on output only: each scanline is repeated ``scale``
times (an integer vertical scale) and the columns are resampled, nearest neighbour, to
``round(336 * scale * ratio)``. The default is the true shape of the machine the game
was published for, NTSC: at scale 1 the 336 x 224 picture becomes 288 x 224, at scale 2
576 x 448. ``square`` keeps the frame buffer's pixels (the golden test images).
"""

from __future__ import annotations

from functools import cache
from operator import itemgetter

RATIOS = {
    "ntsc": (12 + 3 / 11) / 14.31818,  # 0.857
    "pal": 14.75 / 14.187576,  # 1.040
    "square": 1.0,
}
NAMES = tuple(RATIOS)
DEFAULT = "ntsc"


def check(name: str) -> str:
    if name not in RATIOS:
        raise ValueError(f"unknown aspect {name!r}; expected one of {', '.join(NAMES)}")
    return name


def size(name: str, width: int, height: int, scale: int = 1) -> tuple[int, int]:
    """The output size of a ``width`` x ``height`` picture at this vertical ``scale``."""
    return round(width * scale * RATIOS[check(name)]), height * scale


@cache
def _columns(width: int, out_width: int) -> itemgetter:
    cols = [min(width - 1, (2 * x + 1) * width // (2 * out_width)) for x in range(out_width)]
    return itemgetter(*cols)


def resample(data: bytes, width: int, height: int, name: str, scale: int = 1) -> tuple[bytes, int, int]:
    """The picture (one palette index a pixel, rows top first) reshaped: (pixels, width, height)."""
    out_w, out_h = size(name, width, height, scale)
    if (out_w, out_h) == (width, height):
        return bytes(data), width, height
    pick = _columns(width, out_w)
    rows = []
    for y in range(height):
        row = bytes(pick(data[y * width:(y + 1) * width]))
        rows.extend([row] * scale)
    return b"".join(rows), out_w, out_h


def to_picture(name: str, width: int, height: int, out_w: int, out_h: int, x: int, y: int) -> tuple[int, int]:
    """A point of the reshaped output (a mouse position) as a pixel of the picture."""
    return x * width // out_w, y * height // out_h
