"""Speed of the GIF writer on a synthetic 2-minute game session (a benchmark, not a test).

The session looks like the game's screen: 336x224 pixels of palette indices on
a black background with coloured 16x8 blocks (cards and letters). Every 30
frames one block changes colour or moves, and for 2 seconds out of every 4 a
word-sized region blinks on and off every 8 frames. Frames are fresh ``bytes``
each time, as a renderer would hand them over; only the writer is timed.

Prints, for scale 1 and 2: frames seen, images stored, file size, seconds spent
in the writer, and seconds of video per second of wall time.

Run: python benchmarks/bench_gif.py [--seconds 120] [--fps 60]
     python benchmarks/bench_gif.py --smoke     # a 3-second session (the tests run this)
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
import tempfile
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.sessions.gif import GifWriter  # noqa: E402

W, H = 336, 224
BW, BH = 16, 8


def block(screen: bytearray, col: int, row: int, colour: int) -> None:
    x, y = col * BW, row * BH
    for yy in range(y, y + BH):
        screen[yy * W + x : yy * W + x + BW] = bytes([colour]) * BW


def session(seconds: float, fps: float):
    """Yield the frames of the synthetic session."""
    rng = random.Random(1989)
    screen = bytearray(W * H)  # colour 0 is black
    cols, rows = W // BW, H // BH
    for _ in range(120):  # the dealt board
        block(screen, rng.randrange(cols), rng.randrange(rows), rng.randrange(1, 128))
    blink_row, blink_cols = rows - 2, range(4, 9)  # a five-letter word near the bottom
    word = [rng.randrange(1, 128) for _ in blink_cols]
    frames = round(seconds * fps)
    blink_period = round(2 * fps)
    for i in range(frames):
        if i % 30 == 0 and i:
            block(screen, rng.randrange(cols), rng.randrange(rows - 3), rng.choice((0, rng.randrange(1, 128))))
        blinking = (i // blink_period) % 2 == 1
        lit = not blinking or (i // 8) % 2 == 0
        for c, colour in zip(blink_cols, word, strict=True):
            block(screen, c, blink_row, colour if lit else 0)
        yield bytes(screen)


def run(scale: int, seconds: float, fps: float) -> None:
    palette = [(i * 0x030507) & 0xFFFFFF for i in range(128)]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "session.gif")
        spent = 0.0
        w = GifWriter(path, W, H, palette, scale=scale, fps=fps)
        for frame in session(seconds, fps):
            t = time.perf_counter()
            w.add_frame(frame)
            spent += time.perf_counter() - t
        t = time.perf_counter()
        w.close()
        spent += time.perf_counter() - t
        size = os.path.getsize(path)
    video = w.frames_seen / fps
    print(
        f"scale {scale}: {w.frames_seen} frames seen, {w.frames_written} images stored, "
        f"{size:,} bytes, {spent:.2f} s in the writer, "
        f"{video / spent:.0f} s of video per s of wall time"
    )


def main(argv: list[str] | None = None) -> None:
    ap = OneLineParser(error_name="bench_gif", description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--fps", type=float, default=60.0)
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: a 3-second session")
    args = ap.parse_args(argv)
    if args.smoke:
        args.seconds = min(args.seconds, 3.0)
    for scale in (1, 2):
        run(scale, args.seconds, args.fps)


if __name__ == "__main__":
    main()
