"""``baker8bit`` with no command: the window, at the menu of games or at what the options ask for."""

from __future__ import annotations

import atexit
import random
import subprocess
import sys
import time
from pathlib import Path

from baker8bit import games
from baker8bit.commands.common import (
    UsageError,
    add_game_args,
    deal_arg,
    machine_for,
)
from baker8bit.commands.window_args import (
    add_window_args,
    capture_options,
    check_video_target,
    video_recording_path,
)
from baker8bit.sessions import options, userdata
from baker8bit.sessions.session import Session


def register_root(parser) -> None:
    add_game_args(parser, board=True, game_default=None,
                  deal_default="the title asks; with --suits or --ranks alone a random deal")
    add_window_args(parser)
    parser.add_argument("--click", action="store_true", help="a key click, as the Atari OS made")
    parser.add_argument("--record", metavar="FILE", help="record the session (every key, by frame) to FILE")
    parser.add_argument("--video", metavar="OUT", dest="video_after",
                        help="when the window closes, render the session to a video with sound, OUT.mp4 or OUT.webm "
                             "(from the --record FILE, else from OUT-recording.txt beside it; "
                             'needs PyAV: pip install av)')
    for variant, flag, ours in program_flags():
        parser.add_argument(flag, dest=_dest(flag), metavar="SEED" if ours == "deal" else "FILE",
                            type=deal_arg if ours == "deal" else None, default=None,
                            help=f"{variant.name.title()}'s own program's {flag}: the same as --{ours}, "
                            f"and the game is {variant.id} unless --game says another")
    parser.set_defaults(func=run_window)


def program_flags():
    """(variant, flag, our option) of the flags games take as their own programs did (``Variant.program_flags``)."""
    return [(v, flag, ours) for v in games.all_variants() for flag, ours in v.program_flags]


def _dest(flag: str) -> str:
    return "program_" + flag.lstrip("-")


def seed_and_file(args) -> None:
    """A game's own program's flags (Blue's ``./blue -s N``, ``./blue -f FILE``) are ``--deal`` and
    ``--board``; without ``--game`` they name their game, as its program did."""
    for variant, flag, ours in program_flags():
        value = vars(args).get(_dest(flag))
        if value is None:
            continue
        if args.game is None:
            args.game = variant.id
        if ours == "deal":
            if args.deal is not None and args.deal != value:
                raise UsageError(f"give {flag} or --deal, not both")
            args.deal = value
        else:
            if args.board:
                raise UsageError(f"give {flag} or --board, not both")
            args.board = value


def remember_options(args, session):
    """The window's look and sound: the remembered options (``sessions/options.py``) with those
    given on the command line, which are remembered in turn."""

    if session.data_dir is None:
        return options.Remembered().given(**given_options(args))
    path = session.data_dir / options.FILE
    remembered, message, writable = options.load_or_set_aside(path)
    if message:
        session.messages.append(message)
    chosen = remembered.given(**given_options(args))
    if chosen != remembered and writable:
        message = options.save(path, chosen)
        if message:
            session.messages.append(message)
    return chosen


def given_options(args) -> dict:
    sound = False if args.mute else (True if args.sound else None)
    palette = None if args.pal is None else ("pal" if args.pal else "ntsc")
    return dict(scale=args.scale, glyphs=args.glyphs, sound=sound, palette=palette)


def run_window(args) -> int:
    from baker8bit.window.app import App, AppOptions  # Pyxel, loaded by the commands that draw

    # The wall clock seeds the random deal numbers here, outside the engine; the
    # deal number is on screen, so any game can be replayed by its number.
    seed = random.Random(time.time_ns()).randrange(2**31)
    seed_and_file(args)
    capture_options(args)  # --scale with --window-scale: one line before anything
    # a bad -f file stops here (one line, exit 2), before any window
    machine = machine_for(args, seed, menu=True, random_deal=True)
    record = Path(args.record).resolve() if args.record else None
    video_out = getattr(args, "video_after", None)
    if video_out:
        record = record or video_recording_path(video_out)
        check_video_target(video_out)
    if record is not None and not record.parent.is_dir():
        raise UsageError(f"cannot record to {args.record}: no such directory {record.parent}")
    session = Session(userdata.data_dir(), record)
    chosen = remember_options(args, session)
    for message in session.messages:
        print(f"baker8bit: {message}", file=sys.stderr)
    offer = session.saved_game  # the next start offers to resume it; ESC goes on to what was asked
    machine = session.start(machine)
    opts = AppOptions(scale=chosen.scale, crt=args.crt, pal=chosen.palette == "pal", glyphs=chosen.glyphs,
                      sound=chosen.sound, click=args.click, aspect=args.aspect, **capture_options(args))
    if video_out:

        look = replay_look(chosen.palette == "pal", bool(chosen.glyphs), args.aspect, args.click)
        atexit.register(video_after, record, video_out, look)  # Pyxel ends the process when the window closes
    App(machine, opts, session=session, offer=offer, attract=True).run()
    return 0


# -- a video of the session when the window closes (``baker8bit --video OUT``) ------------------


def replay_look(pal: bool, glyphs: bool, shape: str, click: bool) -> list[str]:
    """The ``replay`` options that render a video as the window looked and sounded."""
    return (["--pal"] if pal else []) + (["--glyphs"] if glyphs else []) + ["--aspect", shape] + \
        (["--click"] if click else [])


def video_after(record, out: str, look: list[str]) -> int:
    """Render the session's recording to ``out`` in a fresh process (the window's Pyxel is gone):
    ``baker8bit replay RECORD --video OUT``, its progress and summary on this terminal."""

    if not record.is_file():
        print(f"baker8bit: no video: the session left no recording at {record}", file=sys.stderr)
        return 1
    print(f"baker8bit: rendering the session ({record}) to {out}", file=sys.stderr, flush=True)
    command = [sys.executable, "-m", "baker8bit", "replay", str(record), "--video", str(out), *look]
    try:
        return subprocess.run(command).returncode
    except KeyboardInterrupt:
        return 130
