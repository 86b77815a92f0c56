"""``baker8bit shot``: what the window would show after some keys, as a PNG (headless)."""

from __future__ import annotations

from baker8bit.commands.common import (
    UsageError,
    add_game_args,
    machine_for,
    seed_arg,
)
from baker8bit.commands.window_args import (
    add_look_args,
    scale_arg,
)
from baker8bit.console import script
from baker8bit.core import files


def register(sub) -> None:
    p = sub.add_parser("shot", help="write what the window would show after some keys, as a PNG")
    add_game_args(p, game_default=None)
    add_look_args(p)
    p.add_argument("script", nargs="?", default="", help="keys to play first (see `keys`)")
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--scale", type=scale_arg, default=1,
                   help="scanlines per Atari scanline in the PNG (default 1: 224 high; 336 wide with --aspect square)")
    p.add_argument("--seed", type=seed_arg, default=0, help="seed for random deal numbers")
    p.add_argument("--title", action="store_true",
                   help="start at the game's title (the 1989 suit prompt) instead of a deal")
    p.add_argument("--menu", action="store_true", help="start at the console's menu of games")
    p.set_defaults(func=run_shot)


def run_shot(args) -> int:
    from baker8bit.window.capture import headless_app, screenshot  # Pyxel, loaded by the commands that draw

    try:
        steps = script.parse(args.script)
    except script.ScriptError as e:
        raise UsageError(str(e)) from None
    inputs = [args.board]
    files.target(args.out, inputs)  # refused (the board itself, a folder, a device) before any work
    m = machine_for(args, args.seed)
    script.run(m, steps)
    app = headless_app(m, glyphs=bool(args.glyphs), pal=bool(args.pal))
    try:
        w, h = screenshot(app, args.out, args.scale, args.aspect, inputs)
    except (OSError, ValueError) as e:
        raise UsageError(str(e)) from None
    print(f"{args.out}: {w}x{h} PNG, {args.aspect} pixels")  # one line, as `sound` and `replay --gif` say
    return 0
