"""``baker8bit`` (the window) and ``baker8bit shot`` (a headless screenshot)."""

from __future__ import annotations

import random
import sys
import time

from baker8bit.commands.common import UsageError, add_game_args, deal_arg, start_of, variant_of
from baker8bit.console import script
from baker8bit.console.machine import KeyMachine

RANDOM_DEALS = 32000  # the deal numbers a random game is drawn from, as the 1989 prompt's


def scale_arg(text: str) -> int:
    import argparse

    if not text.isdigit() or not 1 <= int(text) <= 16:
        raise argparse.ArgumentTypeError(f"scale must be a whole number 1..16, not {text!r}")
    return int(text)


def speed_arg(text: str) -> float:
    import argparse

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
    import argparse

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


def register_root(parser) -> None:
    add_game_args(parser, board=True, game_default=None,
                  deal_default="the title asks; with --suits or --ranks alone a random deal")
    add_window_args(parser)
    parser.add_argument("--click", action="store_true", help="a key click, as the Atari OS made")
    parser.add_argument("--record", metavar="FILE", help="record the session (every key, by frame) to FILE")
    parser.add_argument("--video", metavar="OUT", dest="video_after",
                        help="when the window closes, render the session to a video with sound, OUT.mp4 or OUT.webm "
                             "(from the --record FILE, else from OUT-recording.txt beside it; "
                             'needs pip install "baker8bit[video]")')
    parser.add_argument("-s", dest="seed_deal", metavar="SEED", type=deal_arg, default=None,
                        help="Blue's deal SEED (as Blue's ./blue -s: the game is Blue unless --game says "
                        "another; then the same as --deal)")
    parser.add_argument("-f", dest="game_file", metavar="FILE", default=None,
                        help="a Blue game file or layout (as Blue's ./blue -f; its size is the file's; "
                        "the game is Blue unless --game says another; then the same as --board)")
    parser.set_defaults(func=run_window)


def seed_and_file(args) -> None:
    """``-s SEED`` and ``-f FILE`` (the Blue program's options, ``./blue -s N``, ``./blue -f FILE``) are
    ``--deal`` and ``--board``; without ``--game`` they mean Blue, as in that program."""
    seed, path = getattr(args, "seed_deal", None), getattr(args, "game_file", None)
    if (seed is not None or path is not None) and args.game is None:
        args.game = "blue"  # the Blue program's options; the other games' are --deal and --board
    if seed is not None:
        if args.deal is not None and args.deal != seed:
            raise UsageError("give -s or --deal, not both")
        args.deal = seed
    if path is not None:
        if args.board:
            raise UsageError("give -f or --board, not both")
        args.board = path


def register(sub) -> None:
    p = sub.add_parser("shot", help="write what the window would show after some keys, as a PNG")
    add_game_args(p, game_default=None)
    add_look_args(p)
    p.add_argument("script", nargs="?", default="", help="keys to play first (see `keys`)")
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--scale", type=scale_arg, default=1,
                   help="scanlines per Atari scanline in the PNG (1: 224 high; 336 wide with --aspect square)")
    p.add_argument("--seed", type=int, default=0, help="seed for random deal numbers")
    p.add_argument("--title", action="store_true",
                   help="start at the game's title (the 1989 suit prompt) instead of a deal")
    p.add_argument("--menu", action="store_true", help="start at the console's menu of games")
    p.set_defaults(func=run_shot)

    p = sub.add_parser("demo", help="the program plays a solvable deal to WINNER by itself; any key stops")
    add_game_args(p, board=False, deal_default="a random one; the demo plays the first solvable deal from there")
    add_window_args(p)
    p.add_argument("--speed", type=speed_arg, default=1.0, help="pace (2 = twice as fast)")
    p.add_argument("--strategy", metavar="NAME|FILE", default=None,
                   help="sequence: watch a strategy (random, greedy, best, or a strategy file) play the deal")
    p.add_argument("--video", metavar="OUT", help="no window: render the demonstration to a video with sound, "
                   'OUT.mp4 or OUT.webm (needs pip install "baker8bit[video]"; --scale: pixel scale, 2 if not given)')
    p.add_argument("--seed", type=int, default=None, help="with --video: the machine's seed (default: from the clock)")
    p.set_defaults(func=run_demo)

    p = sub.add_parser("sound", help="write one of the game's sounds as a WAV file")
    p.add_argument("name", choices=["tone", "buzzer", "click"], help="which sound")
    p.add_argument("--out", required=True, help="WAV file to write")
    p.add_argument("--pal", action="store_true", help="PAL clock instead of NTSC")
    p.set_defaults(func=run_sound)


def wants_title(args) -> bool:
    """Start at a title: no deal, suit count or board asked for (or ``shot --title``/``--menu``)."""
    asked = getattr(args, "title", False) or getattr(args, "menu", False)
    sized = args.suits is not None or getattr(args, "ranks", None) is not None
    return asked or (not sized and args.deal is None and not args.board)


def machine_for(args, seed: int, menu: bool = False, random_deal: bool = False) -> KeyMachine:
    """A machine on what the options ask for: a deal, a board, a game's title, or (no game named) the menu.
    ``random_deal`` (the window): options that name no deal (``--suits 3`` alone) deal a random game,
    drawn from ``seed`` as the title's new games are, instead of always game 1."""
    variant = variant_of(args)  # options the game does not have are an error
    # sequence's --hint: the HELP player of this game and of every game started from its title
    # (the session remembers it in game-options.json, as King Albert's options window's)
    prefs = {variant.id: {"hint": args.hint}} if getattr(args, "hint", None) else None
    if wants_title(args):
        at_menu = getattr(args, "menu", False) or (menu and args.game is None)
        return KeyMachine(seed=seed, game=None if at_menu else args.game, menu=menu or at_menu, prefs=prefs)
    rs, pos, deal = start_of(args)
    if random_deal and args.deal is None and not args.board:
        deal = random.Random(seed).randint(1, RANDOM_DEALS)
        pos = variant.new_game(rs, deal).position
    return KeyMachine(seed=seed, rules=rs, deal=deal, position=pos, menu=menu, prefs=prefs)


def run_shot(args) -> int:
    from baker8bit.window.capture import headless_app, screenshot

    try:
        steps = script.parse(args.script)
    except script.ScriptError as e:
        raise UsageError(str(e)) from None
    m = machine_for(args, args.seed)
    script.run(m, steps)
    app = headless_app(m, glyphs=bool(args.glyphs), pal=bool(args.pal))
    try:
        w, h = screenshot(app, args.out, args.scale, args.aspect)
    except (OSError, ValueError) as e:
        raise UsageError(str(e)) from None
    print(f"{args.out}: {w}x{h} PNG, {args.aspect} pixels")  # one line, as `sound` and `replay --gif` say
    return 0


def run_demo(args) -> int:
    from baker8bit.console.demo import planner
    from baker8bit.games.sequence.strategy import StrategyError
    from baker8bit.games.variant import VariantError
    from baker8bit.window.app import AppOptions

    seed = random.Random(time.time_ns()).randrange(2**31)
    if getattr(args, "seed", None) is not None:
        seed = args.seed
    rules, _, _ = start_of(args)
    capture_options(args)  # --scale with --window-scale: one line before the search for a deal
    if getattr(args, "video", None):
        from baker8bit.sessions.video import VideoError, check_target, load_av

        try:  # a wrong name or no PyAV: one line before the search for a deal
            check_target(args.video)
            load_av()
        except VideoError as e:
            raise UsageError(str(e)) from None
    deal = args.deal or random.Random(seed).randint(1, 32000)
    print(f"baker8bit: looking for a solvable deal of {rules.title.lower()} from #{deal} ...", flush=True)
    try:
        plan = planner(rules, deal, args.strategy).finish()
    except (RuntimeError, VariantError, StrategyError) as e:
        raise UsageError(str(e)) from None
    if getattr(args, "video", None):
        return demo_video(plan, args, seed)
    print(f"baker8bit: playing deal #{plan.deal} in {len(plan.commands)} commands; any key stops")
    from baker8bit.sessions import userdata
    from baker8bit.sessions.session import Session

    opts = AppOptions(scale=args.scale, crt=args.crt, pal=bool(args.pal), glyphs=bool(args.glyphs),
                      sound=not args.mute, aspect=args.aspect, **capture_options(args))
    session = Session(userdata.data_dir())
    for message in session.messages:
        print(f"baker8bit: {message}", file=sys.stderr)
    demo_app(plan, args.speed, opts, seed, session).run()
    return 0


def demo_video(plan, args, seed: int) -> int:
    """``demo --video``: the demonstration recorded (``console/demo.recording_of``), then rendered
    headless as ``replay --video`` renders a recording."""
    from baker8bit.commands.replay import video
    from baker8bit.console.demo import recording_of

    print(f"baker8bit: rendering deal #{plan.deal} ({len(plan.commands)} commands) to {args.video}", flush=True)
    print(video(recording_of(plan, seed, args.speed), args.video, args))
    return 0


def demo_app(plan, speed: float, opts, seed: int, session=None):
    """The window of ``demo``: the demonstration over the game's title; a game played after it (any
    key stops the demonstration) is the player's, counted and saved as in ``baker8bit``."""
    from baker8bit.window.app import App

    title = KeyMachine(seed=seed, game=plan.rules.game, menu=True)
    if session is not None:
        title = session.start(title)
    app = App(title, opts, session=session, attract=True)
    app.start_demo(plan, speed)
    return app


def run_sound(args) -> int:
    from baker8bit.atari import pokey
    from baker8bit.sessions.atomic import AtomicWriteError

    spec = pokey.sounds()[args.name]
    standard = "pal" if args.pal else "ntsc"
    try:
        pokey.write_wav(args.out, spec.render(pokey.PCM_RATE, standard), pokey.PCM_RATE)
    except AtomicWriteError as e:  # (its message says the old file is unchanged)
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write {args.out}: {e.strerror or e}") from None
    hz = spec.frequency(standard)
    print(f"{args.out}: {args.name}, {spec.seconds(standard):.3f} s, fundamental {hz:.2f} Hz")
    return 0


def remember_options(args, session):
    """The window's look and sound: the remembered options (``sessions/options.py``) with those
    given on the command line, which are remembered in turn."""
    from baker8bit.sessions import options

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
    from pathlib import Path

    from baker8bit.sessions import userdata
    from baker8bit.sessions.session import Session
    from baker8bit.window.app import App, AppOptions

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
        import atexit

        look = replay_look(chosen.palette == "pal", bool(chosen.glyphs), args.aspect, args.click)
        atexit.register(video_after, record, video_out, look)  # Pyxel ends the process when the window closes
    App(machine, opts, session=session, offer=offer, attract=True).run()
    return 0


# -- a video of the session when the window closes (``baker8bit --video OUT``) ------------------


def capture_options(args) -> dict:
    """``--window-scale`` and ``--fullscreen`` as AppOptions; --scale and --window-scale are two
    ways of sizing the window, so not both."""
    window_scale = getattr(args, "window_scale", None)
    if window_scale is not None and getattr(args, "scale", None) is not None:
        raise UsageError("give --scale or --window-scale, not both")
    return {"window_scale": window_scale, "fullscreen": bool(getattr(args, "fullscreen", False))}


def video_recording_path(out: str):
    """The recording a ``--video OUT`` session keeps when no ``--record`` is given: beside the
    video, ``demo.mp4`` -> ``demo-recording.txt``."""
    from pathlib import Path

    p = Path(out).resolve()
    return p.with_name(f"{p.stem}-recording.txt")


def check_video_target(out: str) -> None:
    """A video name and PyAV checked before the window opens: one line, exit 2."""
    from pathlib import Path

    from baker8bit.sessions.video import VideoError, check_target, load_av

    try:
        check_target(out)
        load_av()
    except VideoError as e:
        raise UsageError(str(e)) from None
    if not Path(out).resolve().parent.is_dir():
        raise UsageError(f"cannot write {out}: no such directory {Path(out).resolve().parent}")


def replay_look(pal: bool, glyphs: bool, shape: str, click: bool) -> list[str]:
    """The ``replay`` options that render a video as the window looked and sounded."""
    return (["--pal"] if pal else []) + (["--glyphs"] if glyphs else []) + ["--aspect", shape] + \
        (["--click"] if click else [])


def video_after(record, out: str, look: list[str]) -> int:
    """Render the session's recording to ``out`` in a fresh process (the window's Pyxel is gone):
    ``baker8bit replay RECORD --video OUT``, its progress and summary on this terminal."""
    import subprocess

    if not record.is_file():
        print(f"baker8bit: no video: the session left no recording at {record}", file=sys.stderr)
        return 1
    print(f"baker8bit: rendering the session ({record}) to {out}", file=sys.stderr, flush=True)
    command = [sys.executable, "-m", "baker8bit", "replay", str(record), "--video", str(out), *look]
    try:
        return subprocess.run(command).returncode
    except KeyboardInterrupt:
        return 130
