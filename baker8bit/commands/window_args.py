"""Options of the commands that open the window or render its frames (the window, ``shot``,
``demo``, ``replay``): scale, speed, the picture's look, capture sizes, and a video's target."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from baker8bit.commands.common import (
    UsageError,
)
from baker8bit.core import files
from baker8bit.sessions import recording
from baker8bit.sessions.video import VideoError, check_target, load_av


def scale_arg(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 16:
        raise argparse.ArgumentTypeError(f"scale must be a whole number 1..16, not {text!r}")
    return int(text)


def speed_arg(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        v = 0
    if not 0.1 <= v <= 16:
        raise argparse.ArgumentTypeError(f"speed must be a number from 0.1 to 16, not {text!r}")
    return v


def add_aspect_arg(p) -> None:
    p.add_argument("--aspect", choices=["ntsc", "pal", "square"], default="ntsc",
                   help="pixel shape: an NTSC Atari's (0.857 wide, the default), a PAL one's (1.040), or square")


def add_look_args(p) -> None:
    p.add_argument("--glyphs", action=argparse.BooleanOptionalAction, default=None,
                   help="suit symbol beside the rank (the window remembers it)")
    p.add_argument("--pal", action=argparse.BooleanOptionalAction, default=None,
                   help="PAL palette and 50 Hz timing (the window remembers it)")
    add_aspect_arg(p)


def add_window_args(p) -> None:
    """Options of every command that opens the window."""
    add_look_args(p)
    p.add_argument("--scale", type=scale_arg, default=None, help="window scale 1..16 (the window remembers it)")
    p.add_argument("--window-scale", type=scale_arg, default=None, metavar="N",
                   help="a window of exactly N times the picture, every pixel a sharp N x N block "
                        "(for capture software; fullscreen keeps whole multiples); instead of --scale")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 or Alt+Enter toggles)")
    p.add_argument("--crt", action="store_true", help="Pyxel's CRT-like screen filter")
    p.add_argument("--mute", action="store_true", help="no sound (the window remembers it)")
    p.add_argument("--sound", action="store_true", help="sound again after a remembered --mute")


def capture_options(args) -> dict:
    """``--window-scale`` and ``--fullscreen`` as AppOptions; --scale and --window-scale are two
    ways of sizing the window, so not both."""
    window_scale = getattr(args, "window_scale", None)
    if window_scale is not None and getattr(args, "scale", None) is not None:
        raise UsageError("give --scale or --window-scale, not both")
    headless = [f"--{name.replace('_', '-')}" for name in ("video", "gif", "png_dir") if getattr(args, name, None)]
    if headless and (window_scale is not None or getattr(args, "fullscreen", False)):
        raise UsageError(f"--window-scale and --fullscreen size a window, and {headless[0]} opens none "
                         "(its pixel scale is --scale)")
    return {"window_scale": window_scale, "fullscreen": bool(getattr(args, "fullscreen", False))}


def video_recording_path(out: str):
    """The recording a ``--video OUT`` session keeps when no ``--record`` is given: beside the
    video, ``demo.mp4`` -> ``demo-recording.txt``."""

    p = Path(out).resolve()
    return p.with_name(f"{p.stem}-recording.txt")


def check_video_target(out: str, inputs=()) -> None:
    """A video name and PyAV checked before the window opens: one line, exit 2 (``inputs``: the
    files the session reads, never written over)."""

    try:
        check_target(out)
        load_av()
    except VideoError as e:
        raise UsageError(str(e)) from None
    files.target(out, inputs)
    if not Path(out).resolve().parent.is_dir():
        raise UsageError(f"cannot write {out}: no such directory {Path(out).resolve().parent}")


def video(rec: recording.Recording, out: str, args, inputs=()) -> str:
    """Render ``rec`` to the video ``out`` (``--video``): a progress bar on stderr, a summary returned.
    ``inputs``: the files it is made from (the recording), never written over."""

    try:
        check_target(out)
        load_av()
        from baker8bit.window.video import render_video  # Pyxel, loaded by the commands that draw

        return render_video(rec, out, scale=getattr(args, "scale", None) or 2, glyphs=bool(args.glyphs),
                            pal=bool(args.pal), shape=args.aspect, click=bool(getattr(args, "click", False)),
                            progress=sys.stderr, inputs=inputs)
    except (VideoError, OSError) as e:
        raise UsageError(str(e)) from None
