"""``baker8bit demo``: the program plays a solvable deal to WINNER by itself, in the window or to a video."""

from __future__ import annotations

import random
import sys
import time

from baker8bit import games
from baker8bit.commands.common import (
    UsageError,
    add_game_args,
    seed_arg,
    start_of,
)
from baker8bit.commands.window import tell
from baker8bit.commands.window_args import (
    add_window_args,
    capture_options,
    speed_arg,
    video,
)
from baker8bit.core import files
from baker8bit.games import KeyMachine
from baker8bit.sessions import userdata
from baker8bit.sessions.demo import planner, recording_of
from baker8bit.sessions.session import Session
from baker8bit.sessions.video import VideoError, check_target, load_av


def register(sub) -> None:
    p = sub.add_parser("demo", help="the program plays a solvable deal to WINNER by itself; any key stops")
    add_game_args(p, board=False, deal_default="a random one; the demo plays the first solvable deal from there")
    add_window_args(p)
    p.add_argument("--speed", type=speed_arg, default=1.0, help="pace (2 = twice as fast)")
    p.add_argument("--strategy", metavar="NAME|FILE", default=None,
                   help="; ".join(f"{v.id}: watch a strategy ({', '.join(v.strategies)}, or a strategy file) "
                                  "play the deal" for v in games.all_variants() if v.strategies))
    p.add_argument("--video", metavar="OUT", help="no window: render the demonstration to a video with sound, "
                   'OUT.mp4 or OUT.webm (needs PyAV: pip install av; --scale: pixel scale, 2 if not given)')
    p.add_argument("--seed", type=seed_arg, default=None,
                   help="with --video: the machine's seed (default: from the clock)")
    p.set_defaults(func=run_demo)


def run_demo(args) -> int:
    from baker8bit.window.app import AppOptions, check_display  # Pyxel, loaded by the commands that open the window

    seed = random.Random(time.time_ns()).randrange(2**31)
    if getattr(args, "seed", None) is not None:
        seed = args.seed
    rules, _, _ = start_of(args)
    capture_options(args)  # --scale with --window-scale: one line before the search for a deal
    if getattr(args, "video", None):
        try:  # a wrong name or no PyAV: one line before the search for a deal
            check_target(args.video)
            load_av()
        except VideoError as e:
            raise UsageError(str(e)) from None
        files.target(args.video, [args.strategy])  # the strategy file itself, a folder, a device: refused
    deal = args.deal or random.Random(seed).randint(1, 32000)
    try:
        pending = planner(rules, deal, args.strategy)  # reads the strategy; searches nothing yet
    except (RuntimeError, ValueError) as e:  # a bad strategy, or one for a game that has none
        raise UsageError(str(e)) from None
    if not getattr(args, "video", None):
        check_display()  # no display: one line before the search for a deal
    print(f"baker8bit: looking for a solvable deal of {rules.title.lower()} from #{deal} ...", flush=True)
    try:
        plan = pending.finish()
    except (RuntimeError, ValueError) as e:  # a game's planner: no deal won
        raise UsageError(str(e)) from None
    if getattr(args, "video", None):
        return demo_video(plan, args, seed)
    print(f"baker8bit: playing deal #{plan.deal} in {len(plan.commands)} commands; any key stops")

    opts = AppOptions(scale=args.scale, crt=args.crt, pal=bool(args.pal), glyphs=bool(args.glyphs),
                      sound=not args.mute, aspect=args.aspect, **capture_options(args))
    session = Session(userdata.data_dir())
    for message in session.messages:
        print(f"baker8bit: {message}", file=sys.stderr)
    session.tell = tell  # what goes wrong later is said on the terminal too
    demo_app(plan, args.speed, opts, seed, session).run()
    return 0


def demo_video(plan, args, seed: int) -> int:
    """``demo --video``: the demonstration recorded (``sessions/demo.recording_of``), then rendered
    headless as ``replay --video`` renders a recording."""
    print(f"baker8bit: rendering deal #{plan.deal} ({len(plan.commands)} commands) to {args.video}", flush=True)
    print(video(recording_of(plan, seed, args.speed), args.video, args, [args.strategy]))
    return 0


def demo_app(plan, speed: float, opts, seed: int, session=None):
    """The window of ``demo``: the demonstration over the game's title; a game played after it (any
    key stops the demonstration) is the player's, counted and saved as in ``baker8bit``."""
    from baker8bit.window.app import App  # Pyxel, loaded by the commands that open the window

    title = KeyMachine(seed=seed, game=plan.rules.game, menu=True)
    if session is not None:
        title = session.start(title)
    app = App(title, opts, session=session, attract=True)
    app.start_demo(plan, speed)
    return app
