"""Cost of one frame's update plus draw in the real app, every game: idle and while HELP thinks.

    python benchmarks/bench_frame.py --game all            # every game, 3000 frames a state
    python benchmarks/bench_frame.py --game king-albert --frames 6000
    python benchmarks/bench_frame.py --smoke               # every game, 60 frames a state (the tests)
    python benchmarks/bench_frame.py --game all --busy     # the same with one core kept busy

Runs the real window app (``window/app.py``) headless (``pyxel.init(..., headless=True)``) on a
fresh deal of each game's default rule set and times ``update()`` plus ``draw()``, the work of one
1/60 s frame (16.7 ms), in two states:

- ``idle``: no key; the game's screen as dealt (after 30 warm-up frames: glyph atlases are built on
  first use).
- ``HELP``: HELP pressed through the app's key source (so its press is inside the timed ``update``),
  frames ticked until the ``hint`` event arrives, then a fresh deal (drawn once, untimed, as a
  player sees the board before pressing) and HELP again. These frames
  start 1/60 s apart, as in the window (``--no-pace``: back to back), so HELP's work between
  frames, if it has any, gets the time it has in play. Every frame from
  the press to the answer is a HELP frame, whether the search runs in slices between frames, in the
  press itself, or elsewhere: only the public behaviour (the key, frames, the event) is used. A deal
  HELP does not answer within ``--max-frames`` is left for the next. HELP's search runs as in the
  window (``AppOptions.help_worker``: a worker process) though the app is headless; ``--inline``
  runs it in the frame, as tests and replays do. The header names the runner.

First comes the peer, ``(machine) loop``: a plain Python loop of about half a millisecond of work
paced as the frames are; its wall time beyond its CPU time is what the machine adds to any
frame (on a virtual machine, time stolen by the host: several milliseconds now and then), the
floor under every game's largest figures. For the 1989 game it also times a full board (a
19-card column, a letter flashing) with the glyphs option off and on (``baker full``,
``baker glyphs``). Prints the median, 99th percentile and largest time in milliseconds per game
and state, and for HELP how many answers came and their mean frames.
The wall time is what a player sees; beside it, the same figures of the main thread's CPU time
(``time.thread_time``), which other work on a shared machine does not inflate: a frame that is
slow on the wall but not in CPU was preempted (on a busy 2-core machine, slices of about 4 ms).

HELP's note also says how many of its frames the window *held* the game for the worker
(``App.held_frames``: a result due at the next frame had not come, so the game's frame stayed and
the window went on drawing; the answer then comes later on the clock, at the same frame of the
game) and the mean frames of the game each answer took beside the window's.

``--busy``: another process keeps one core busy all along (a plain loop at normal priority, as a
stream encoder such as OBS does while the game plays), and the idle frames are paced too. This is
the measure of "frames first": the frame must not wait for HELP, and HELP's worker (at the lowest
priority) must not take the frame's core; HELP may answer later.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit import games  # noqa: E402
from baker8bit.core import events as ev  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.freecell import boardtext  # noqa: E402
from baker8bit.games import KeyMachine  # noqa: E402
from baker8bit.window.app import App, AppOptions, init_pyxel  # noqa: E402

WARM_UP = 30
FRAME_MS = 1000 / 60
# HELP as the window runs it (off the frame, in a worker, where the app has one), or inline
WINDOW_HELP = {"worker": True}

# Column A holds 19 cards: 7 dealt under the king of spades, then Q..A of spades.
FULL = """
Foundations: C-0 D-0 H-0 S-0
Freecells: 2C 3C 4C -
: 7H 2D 3D 4D 5D 6D 7D KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
: KC QC JC TC 9C 8C 7C 6C 5C AC
: KD QD JD TD 9D 8D AD
: KH QH JH TH 9H 8H AH
: 6H 5H 4H 3H 2H
:
:
:
"""


class Keys:
    """The app's key source: keys queued by the benchmark, pressed in the next update."""

    def __init__(self) -> None:
        self.queued: list[str] = []

    def keys(self, frame: int) -> list[str]:
        out, self.queued = self.queued, []
        return out


def app_options(glyphs: bool = False) -> AppOptions:
    """Headless, silent; HELP's runner as the window's (``--inline``: in the frame), where the app
    lets one choose (``AppOptions.help_worker``)."""
    extra = {}
    if "help_worker" in {f.name for f in dataclasses.fields(AppOptions)}:
        extra["help_worker"] = WINDOW_HELP["worker"]
    return AppOptions(headless=True, glyphs=glyphs, sound=False, **extra)


def help_runner() -> str:
    """What runs HELP's search in this process (the name of the installed runner), if the console says."""
    try:
        from baker8bit.console import thinking
    except ImportError:
        return "the game's own"
    return type(thinking.runner()).__name__


class Bench:
    """One app on one game, with the events it dispatched since the last look."""

    def __init__(self, machine: KeyMachine, glyphs: bool = False):
        self.keys = Keys()
        self.seen: list[ev.Event] = []
        self.app = App(machine, app_options(glyphs), source=self.keys)
        self.app.listeners.append(self.seen.append)
        self.next_start = 0.0

    def new_machine(self, machine: KeyMachine) -> None:
        """A fresh deal in the same app, its automatic moves played out and its screen drawn once
        (not timed: a player presses HELP on a screen already shown, so the press's frame is
        timed for HELP's work, not for drawing a new deal)."""
        for _ in range(10_000):
            if not machine.busy:
                break
            machine.tick()
        machine.drain_events()
        self.app.machine = machine
        self.app.draw()
        self.seen.clear()

    def frame(self, paced: bool = False) -> tuple[float, float]:
        """One timed frame: update plus draw, in ms of wall time and of this thread's CPU time.
        ``paced``: the frame starts no sooner than 1/60 s after the last paced one began, as in
        ``pyxel.run`` (work done between frames, such as a HELP worker's, gets real time)."""
        if paced:
            now = time.perf_counter()
            if self.next_start > now:
                time.sleep(self.next_start - now)
            self.next_start = max(self.next_start + 1 / 60, time.perf_counter())
        c = time.thread_time()
        t = time.perf_counter()
        self.app.update()
        self.app.draw()
        return (time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000

    def warm_up(self, paced: bool = False) -> None:
        for _ in range(WARM_UP):
            self.frame(paced)
        self.seen.clear()


def measure_idle(game: str, frames: int, paced: bool = False) -> list[tuple[float, float]]:
    b = Bench(KeyMachine(game=game, deal=1))
    b.new_machine(b.app.machine)
    b.warm_up(paced)
    return [b.frame(paced) for _ in range(frames)]


@dataclasses.dataclass
class HelpFrames:
    """What ``measure_help`` saw: each frame's times, and per answer the window's frames and the
    game's frames it took; deals left unanswered; the slowest frame's place after its press (0 the
    press's frame); frames the window held the game for HELP's worker (``App.held_frames``)."""

    times: list[tuple[float, float]]
    took: list[int]
    game_took: list[int]
    left: int
    slowest_at: int
    held: int


def measure_help(game: str, frames: int, max_frames: int, paced: bool = True) -> HelpFrames:
    """Frames while HELP thinks on fresh deals 1, 2, ..."""
    b = Bench(KeyMachine(game=game, deal=1))
    b.new_machine(b.app.machine)
    b.warm_up(paced)  # paced: half a second, as a player takes to press HELP (a worker starts)
    held0 = getattr(b.app, "held_frames", 0)
    deal, out, took, game_took, left = 1, [], [], [], 0
    waited, slowest, at = 0, -1.0, 0
    pressed = b.app.machine.frame
    b.keys.queued.append("HELP")
    while len(out) < frames:
        out.append(b.frame(paced))
        if out[-1][0] > slowest:
            slowest, at = out[-1][0], waited
        waited += 1
        kinds = [e.kind for e in b.seen]
        hint = next((e for e in b.seen if e.kind == ev.HINT), None)
        b.seen.clear()
        if hint is not None or waited >= max_frames:
            if hint is not None:
                took.append(waited)
                game_took.append(hint.frame - pressed)
            else:
                left += 1
                b.app.machine.press("ESC")  # to the title: a key cancels HELP's search
            deal += 1
            waited = 0
            b.new_machine(KeyMachine(game=game, deal=deal))
            pressed = b.app.machine.frame
            b.keys.queued.append("HELP")
        elif waited == 1 and ev.HELP not in kinds:
            raise RuntimeError(f"{game}: HELP was not taken (events {kinds})")
    return HelpFrames(out, took, game_took, left, at, getattr(b.app, "held_frames", 0) - held0)


def keep_a_core_busy() -> subprocess.Popen:
    """Another program that keeps one core busy (``--busy``): a plain loop at normal priority."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def measure_board(glyphs: bool, frames: int) -> list[tuple[float, float]]:
    """The 1989 game's full board (a 19-card column), an empty column's letter flashing every 4 s."""
    rs = games.ruleset("baker4")
    pos, rs = boardtext.read(FULL, rs)
    b = Bench(KeyMachine(rules=rs, position=pos), glyphs=glyphs)
    b.warm_up()
    out = []
    for i in range(frames):
        if i % 240 == 0:
            b.keys.queued.append("H")  # an empty column: its letter flashes for two seconds
        out.append(b.frame())
    return out


PEER_WORK = 10_000  # additions of the peer loop a frame: about 0.5 ms on the 2-core machine


def measure_machine(frames: int, paced: bool = True) -> list[tuple[float, float]]:
    """The peer: a plain Python loop of about half a millisecond of work, paced as the frames are.
    What its wall time has beyond its CPU time is what the machine itself adds to any frame (a
    virtual machine's stolen time, other programs): the floor under the game's figures."""
    out, next_start, x = [], 0.0, 0
    for _ in range(frames):
        if paced:
            now = time.perf_counter()
            if next_start > now:
                time.sleep(next_start - now)
            next_start = max(next_start + 1 / 60, time.perf_counter())
        c, t = time.thread_time(), time.perf_counter()
        for i in range(PEER_WORK):
            x += i
        out.append(((time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000))
    return out


def figures(times: list[float]) -> tuple[float, float, float]:
    t = sorted(times)
    return statistics.median(t), t[int(0.99 * (len(t) - 1))], t[-1]


def line(game: str, state: str, times: list[tuple[float, float]], note: str = "") -> str:
    wall = " ".join(f"{x:>8.3f}" for x in figures([w for w, _ in times]))
    cpu = " ".join(f"{x:>8.3f}" for x in figures([c for _, c in times]))
    return f"{game:<12} {state:<7} {len(times):>6} {wall}  {cpu}  {note}".rstrip()


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="bench_frame", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", help=f"all, or one of {', '.join(games.ids())}")
    ap.add_argument("--frames", type=int, default=None, help="timed frames a state (default 3000; --smoke: 60)")
    ap.add_argument("--max-frames", type=int, default=3600,
                    help="frames to wait for one HELP answer before the next deal (default 3600)")
    ap.add_argument("--pace", action=argparse.BooleanOptionalAction, default=True,
                    help="HELP frames at 60 a second, as the window runs them (default; --no-pace: "
                         "back to back)")
    ap.add_argument("--inline", action="store_true",
                    help="HELP's search in the frame (as in tests and replays), not as in the window")
    ap.add_argument("--no-board", action="store_true", help="skip the 1989 game's full-board rows")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: 60 frames a state, a few seconds")
    ap.add_argument("--busy", action="store_true",
                    help="another process keeps one core busy all along (as a stream encoder does); "
                         "idle frames paced too")
    args = ap.parse_args(argv)
    frames = args.frames if args.frames is not None else (60 if args.smoke else 3000)
    try:
        ids = games.ids() if args.game == "all" else (games.get(args.game).id,)
    except games.UnknownGame as e:
        ap.error(str(e))
    WINDOW_HELP["worker"] = not args.inline
    hog = keep_a_core_busy() if args.busy else None
    try:
        init_pyxel(AppOptions(headless=True))
        App(KeyMachine(game=ids[0], deal=1), app_options(), source=Keys())  # installs the window's runner
        print(f"update+draw of the real app, headless, {frames} frames a state, ms (a frame is {FRAME_MS:.1f} ms); "
              f"HELP runner: {help_runner()}"
              + (f"; busy: process {hog.pid} keeps one core busy, idle frames paced" if hog else ""))
        print(f"{'':<12} {'':<7} {'':>6} {'wall time':^26}  {'CPU time (this thread)':^26}")
        print(f"{'game':<12} {'state':<7} {'frames':>6} {'median':>8} {'p99':>8} {'max':>8}  "
              f"{'median':>8} {'p99':>8} {'max':>8}")
        print(line("(machine)", "loop", measure_machine(frames), "a plain loop, paced: what the machine adds"),
              flush=True)
        for game in ids:
            print(line(game, "idle", measure_idle(game, frames, args.busy and args.pace)), flush=True)
            h = measure_help(game, frames, args.max_frames, args.pace)
            mean = f"{statistics.mean(h.took):.1f}" if h.took else "-"
            mean_game = f"{statistics.mean(h.game_took):.1f}" if h.game_took else "-"
            note = (f"HELP answered {len(h.took)} deals, {mean} frames each ({mean_game} of the game)"
                    + (f", {h.left} unanswered" if h.left else "")
                    + f"; held {h.held} frames; slowest: frame {h.slowest_at} after the press")
            print(line(game, "HELP", h.times, note), flush=True)
            if game == "baker" and not args.no_board:
                print(line(game, "full", measure_board(False, frames), "19-card column, a letter flashing"))
                print(line(game, "glyphs", measure_board(True, frames), "the same, glyphs on"), flush=True)
    finally:
        if hog is not None:
            hog.kill()
            hog.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
