"""``baker8bit replay``: play a recording back in the window, or render it headless to GIF or PNGs."""

from __future__ import annotations

from pathlib import Path

from baker8bit.commands.common import (
    UsageError,
)
from baker8bit.commands.window_args import (
    add_aspect_arg,
    capture_options,
    scale_arg,
    speed_arg,
    video,
)
from baker8bit.core import files
from baker8bit.sessions import recording


def register(sub) -> None:
    p = sub.add_parser("replay", help="play back a recording (window), or render it to a GIF, PNG frames or a "
                       "video with sound")
    p.add_argument("file", help="a recording made with `baker8bit --record FILE`")
    p.add_argument("--speed", type=speed_arg, default=1.0, help="replay speed (2 = twice as fast)")
    p.add_argument("--gif", metavar="OUT", help="render headless to an animated GIF instead of a window")
    p.add_argument("--video", metavar="OUT",
                   help="render headless to a video with sound: OUT.mp4 (H.264, AAC) or OUT.webm (VP9, Opus); "
                        'needs PyAV: pip install av')
    p.add_argument("--png-dir", metavar="DIR", help="render headless: one PNG for each frame the screen changes")
    p.add_argument("--scale", type=scale_arg, default=None,
                   help="pixel scale (window; GIF and PNGs 1, video 2 if not given)")
    p.add_argument("--window-scale", type=scale_arg, default=None, metavar="N",
                   help="window: exactly N times the picture, sharp N x N pixels (for capture software)")
    p.add_argument("--fullscreen", action="store_true", help="window: start fullscreen (F11 toggles)")
    p.add_argument("--glyphs", action="store_true", help="suit symbol beside the rank")
    p.add_argument("--pal", action="store_true", help="PAL palette")
    p.add_argument("--mute", action="store_true", help="no sound (window)")
    p.add_argument("--click", action="store_true", help="video: a key click on every key, as the Atari OS made")
    add_aspect_arg(p)
    p.set_defaults(func=run)


def load(path: str) -> recording.Recording:
    try:
        rec = recording.load(path)
    except OSError as e:
        raise UsageError(f"cannot read recording {path}: {e.strerror or e}") from None
    except recording.RecordingError as e:
        raise UsageError(f"{path}: {e}") from None
    reason = recording.compatibility(rec.program)
    if reason:
        raise UsageError(f"{path}: {reason}")
    return rec


def run(args) -> int:
    capture_options(args)  # options that need a window, refused before any frame is rendered
    rec = load(args.file)
    inputs = [args.file]
    files.distinct(args.gif, args.video)
    for out in (args.gif, args.video):  # refused now, before any frame is rendered
        if out:
            files.target(out, inputs)
    if args.video:
        print(video(rec, args.video, args, inputs))
        if not (args.gif or args.png_dir):
            return 0
    if args.gif or args.png_dir:
        from baker8bit.window.video import render_headless  # Pyxel, loaded by the commands that draw

        if args.png_dir:  # the folder is made (or refused) before any frame is rendered
            folder = Path(args.png_dir)
            if folder.exists() and not folder.is_dir():
                raise UsageError(f"cannot write PNGs into {args.png_dir}: it is a file, not a folder")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise UsageError(f"cannot make the folder {args.png_dir}: {e.strerror or e}") from None
        try:
            out = render_headless(rec, gif=args.gif, png_dir=args.png_dir, scale=args.scale or 1,
                                  glyphs=args.glyphs, pal=args.pal, shape=args.aspect, inputs=inputs)
        except OSError as e:
            raise UsageError(str(e)) from None
        print(out)
        return 0
    from baker8bit.window.video import replay_window  # Pyxel, loaded by the commands that draw

    replay_window(rec, speed=args.speed, scale=args.scale, glyphs=args.glyphs, pal=args.pal, sound=not args.mute,
                  shape=args.aspect, **capture_options(args))
    return 0


