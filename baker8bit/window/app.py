"""The Pyxel window: a thin shell around the key machine.

``update`` takes this frame's keys (from the keyboard and the pad, or from a recording or a
demonstration), presses them, ticks the machine once, and hands the machine's
events to the listeners (sound, and the session: statistics, saved game,
recording). ``draw`` lays the machine's view out on the virtual GRAPHICS 1
screen and renders it. Live play, replays and GIF rendering all go through
this same ``update``, so a replay shows exactly what was played.
"""

from __future__ import annotations

import atexit
import os
import re
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pyxel

from baker8bit import games
from baker8bit.atari.screen import Screen, geometry
from baker8bit.console import thinking, worker
from baker8bit.console.demo import DemoKeys
from baker8bit.console.look import Look
from baker8bit.console.machine import Event
from baker8bit.console.pointer import Pointer
from baker8bit.console.screens import compose, draw_offer
from baker8bit.freecell.game import Game
from baker8bit.games import KeyMachine
from baker8bit.sessions.demo import planner
from baker8bit.window import aspect, gamepad, icon, keyboard, mouse, render
from baker8bit.window.audio import Audio
from baker8bit.window.overlay import QUIT_PAD_UNSAVED, QUIT_UNSAVED, Overlay

NTSC_FPS, PAL_FPS = 60, 50
CRT_SCREEN_MODE = 2  # Pyxel's "retro" screen filter
ATTRACT_AFTER = 3600  # frames (a minute) without a key on the title before the demonstration starts
DEMO_WINNER_HOLD = 600  # frames the end of a demonstration (WINNER) stays before the title returns
PLAN_STATES = 500  # solver positions per frame while the title prepares a demonstration


@dataclass(frozen=True)
class AppOptions:
    scale: int | None = None  # window scale (None: Pyxel picks one that fits the display)
    crt: bool = False  # Pyxel's CRT-like screen filter
    pal: bool = False  # PAL palette and 50 Hz timing
    glyphs: bool = False  # suit symbol beside the rank
    headless: bool = False  # no window, no audio device: tests and captures
    sound: bool = True  # also headless: the sounds are rendered and "played" to no device
    click: bool = False  # a key click on every key press (off: the 1989 program may not have clicked)
    fps: int | None = None  # override the frame rate (tests flip fast); None: 60, or 50 with pal
    capture_sec: int | None = None  # length of Pyxel's screen recording (Alt+3)
    mouse: bool = True  # clicks stand for the keys of what is clicked (console/pointer.py)
    aspect: str = aspect.DEFAULT  # pixel shape in the window: ntsc, pal or square (window/aspect.py)
    # the window at exactly this multiple of the picture in its pixel shape (scale 1), each pixel a sharp
    # N x N block, and integer scaling in fullscreen (for capture software); None: ``scale``
    window_scale: int | None = None
    fullscreen: bool = False  # start fullscreen (F11 or Alt+Enter toggles)
    # HELP's search in a worker process (console/worker.py), off the frame; None: in a window
    # yes, headless no (the answers and their frames are the same either way)
    help_worker: bool | None = None


_initialised: tuple | None = None
audio_ok = True  # False when Pyxel found no sound device: the window plays silently

WITHOUT_A_WINDOW = ("Without a window: `baker8bit keys \"...\"` plays by key script, `baker8bit shot` draws a "
                    "screen to PNG, `baker8bit replay --gif` renders a recording; or run it in a desktop session")
NO_DISPLAY = "no display: DISPLAY and WAYLAND_DISPLAY are not set, so no window can open. " + WITHOUT_A_WINDOW
NO_X_SERVER = "no display: no X server answers at DISPLAY={display!r}, so no window can open. " + WITHOUT_A_WINDOW
AUDIO_NOISE = ("ALSA lib", "Failed to initialize audio", "audio device", "snd_", "PulseAudio", "jack server")
X_PROBE_SECONDS = 3.0  # an X server answers a connection at once; a host that is not there may not


class WindowError(RuntimeError):
    """The window cannot open (no display, Pyxel's own error); the message says how to play without.
    ``code`` is the exit status: 2 when the environment has no display (found before any work),
    1 when Pyxel itself failed."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


def x_server_answers(display: str, timeout: float = X_PROBE_SECONDS) -> bool:
    """Does an X server accept a connection at ``display`` (``[host]:N[.S]``, as X11 reads
    DISPLAY; a host may be an IPv6 address in brackets)? A DISPLAY of another form names no
    server. SDL, under Pyxel, waits forever for a server that is not there; a socket connect does not."""
    m = re.fullmatch(r"(?:(unix|tcp)/)?(\[[0-9A-Fa-f:]+\]|[A-Za-z0-9_.-]*):(\d+)(?:\.\d+)?", display)
    if m is None:
        return False
    protocol, host, number = m.group(1), m.group(2).strip("[]"), int(m.group(3))
    if host in ("", "unix") and protocol != "tcp":  # the local server's socket (Linux: abstract first)
        paths = [f"\0/tmp/.X11-unix/X{number}"] if sys.platform.startswith("linux") else []
        paths.append(f"/tmp/.X11-unix/X{number}")
        for path in paths:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.settimeout(timeout)
                try:
                    sock.connect(path)
                    return True
                except OSError:
                    continue
        return False
    try:  # a server over the network, as ssh -X forwards it (localhost:10): port 6000 + N
        socket.create_connection((host or "localhost", 6000 + number), timeout=timeout).close()
        return True
    except OSError:
        return False


def check_display() -> None:
    """On Linux (and the BSDs) a window needs X11 or Wayland; say so instead of hanging in Pyxel:
    no display named, or an X display where no server answers (Wayland's is trusted as named)."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        display = os.environ.get("DISPLAY", "")
        if not display and not os.environ.get("WAYLAND_DISPLAY"):
            raise WindowError(NO_DISPLAY, code=2)
        if display and not os.environ.get("WAYLAND_DISPLAY") and not x_server_answers(display):
            raise WindowError(NO_X_SERVER.format(display=display), code=2)


@contextmanager
def _captured_output():
    """Catch what the libraries under Pyxel print (fd 1 and 2) into a list of lines."""

    lines: list[str] = []
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    saved = [os.dup(1), os.dup(2)]
    with tempfile.TemporaryFile() as cap:
        try:
            os.dup2(cap.fileno(), 1)
            os.dup2(cap.fileno(), 2)
            yield lines
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            cap.seek(0)
            lines.extend(cap.read(1 << 16).decode("utf-8", "replace").splitlines())


def quiet_init(init: Callable[[], None]) -> tuple[bool, list[str]]:
    """Run ``init`` (``pyxel.init`` for a window) with the sound libraries' chatter caught:
    (sound works, the other lines, to show). No sound server: ALSA's dozen lines become one."""
    with _captured_output() as lines:
        init()
    noise = [ln for ln in lines if any(n in ln for n in AUDIO_NOISE)]
    return not noise, [ln for ln in lines if ln not in noise and ln.strip()]


@contextmanager
def _quiet_output(quiet: bool):
    """Hide the audio library's complaints (on stdout and stderr) when running headless."""
    if not quiet:
        yield
        return
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)


def init_pyxel(opts: AppOptions) -> None:
    """``pyxel.init`` once per process (Pyxel allows one window); later calls reuse it."""
    global _initialised, audio_ok
    g = geometry()
    if _initialised is None:
        if not opts.headless:
            check_display()
        cwd = os.getcwd()  # pyxel.init moves to the main script's folder; relative paths must keep working
        # Headless, Pyxel's screen is the Atari picture itself (captures reshape it on output); in
        # the window it is the picture in the chosen pixel shape, scanlines repeated `scale` times
        # (2 when Pyxel picks the window size) and columns resampled (aspect.py).
        width, height, display_scale = window_geometry(opts)
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl-C stays Python's

        def init() -> None:
            pyxel.init(
                width, height, title="BAKER SOLITAIRE", fps=opts.fps or (PAL_FPS if opts.pal else NTSC_FPS),
                quit_key=pyxel.KEY_NONE, display_scale=display_scale, headless=opts.headless,
                capture_sec=opts.capture_sec,
            )

        try:
            if opts.headless:
                with _quiet_output(True):
                    init()
            else:
                audio_ok, other = quiet_init(init)
                for line in other:
                    print(line, file=sys.stderr)
                if not audio_ok and opts.sound:
                    print("baker8bit: no sound device found; playing silently", file=sys.stderr)
        except Exception as e:  # Pyxel panics as an exception when the window cannot open
            raise WindowError(f"cannot open the window: {str(e)[:200]}") from None
        finally:
            signal.signal(signal.SIGINT, signal.default_int_handler)  # whatever Pyxel's libraries set
        os.chdir(cwd)
        _initialised = (g.width, g.height, opts.pal)
        if not opts.headless and opts.window_scale:
            pyxel.integer_scale(True)  # fullscreen too shows whole multiples of the pixels
        if not opts.headless and opts.fullscreen:
            pyxel.fullscreen(True)
    render.install_palette("pal" if opts.pal else "ntsc")
    if not opts.headless:

        icon.install()  # our own icon, not Pyxel's
    if opts.crt:
        pyxel.screen_mode(CRT_SCREEN_MODE)


def window_geometry(opts: AppOptions) -> tuple[int, int, int | None]:
    """Pyxel's screen size and display scale for these options. Headless: the Atari picture itself.
    ``window_scale`` N: the picture in its pixel shape at scale 1, shown N times as large by Pyxel
    (every pixel an N x N block). Else the picture in its shape at ``scale`` scanlines a scanline
    (2 when Pyxel picks the window size), columns resampled (aspect.py), shown at 1."""
    g = geometry()
    if opts.headless:
        return g.width, g.height, opts.scale
    if opts.window_scale:
        width, height = aspect.size(opts.aspect, g.width, g.height, 1)
        return width, height, opts.window_scale
    if opts.aspect == "square":
        return g.width, g.height, opts.scale
    width, height = aspect.size(opts.aspect, g.width, g.height, opts.scale or 2)
    return width, height, 1 if opts.scale else None


class KeySource(Protocol):
    def keys(self, frame: int) -> list[str]: ...


class Keyboard:
    """The PC keyboard and the first game controller (see keyboard.py and gamepad.py)."""

    def keys(self, frame: int) -> list[str]:
        return keyboard.pressed() + gamepad.pressed()

    def with_shift(self, keys: list[str], shift_key: str | None) -> list[str]:
        """A letter typed with Shift held, in a game that gives Shift a key (King Albert's cheat):
        that key first."""
        return keyboard.with_shift(keys, shift_key)


class Scripted:
    """Keys fixed in advance, by the frame they are pressed in (a recording, a demonstration)."""

    def __init__(self, keys: list[tuple[int, str]]):
        self.by_frame: dict[int, list[str]] = {}
        for frame, key in keys:
            self.by_frame.setdefault(frame, []).append(key)
        self.last = max((f for f, _ in keys), default=-1)

    def keys(self, frame: int) -> list[str]:
        return self.by_frame.get(frame, [])


def offer_screen(g: Game) -> Screen:
    """The title of a saved game's variant offering it: RETURN goes on, ESC deals anew."""
    scr = Screen.text()
    variant = games.of_rules(g.rules)
    what = f"SAVED GAME {variant.describe(g.rules)}"
    offer = (what,) if len(what) <= scr.geometry.cols else ("SAVED GAME", variant.describe(g.rules))
    offer += (f"#{g.deal}  MOVE {g.moves}" if g.deal else f"MOVE {g.moves}", "RETURN: GO ON", "ESC: NEW GAME")
    draw_offer(scr, variant, offer)
    return scr


def run_until_signal(update: Callable[[], None], draw: Callable[[], None],
                     before_exit: Callable[[], None] | None = None) -> None:
    """``pyxel.run``, with Ctrl-C (SIGINT) or SIGTERM in the terminal noted by a handler and acted on
    at the next frame: ``before_exit`` keeps the work, one line says so, exit 130 (143 for SIGTERM)
    through ``SystemExit`` (Pyxel exits with its code), never a traceback."""
    caught: list[int] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda signum, _frame: caught.append(signum))

    def frame() -> None:
        if caught:
            if before_exit is not None:
                before_exit()
            interrupt = caught[0] == signal.SIGINT
            print(f"baker8bit: {'interrupted' if interrupt else 'terminated'}", file=sys.stderr, flush=True)
            raise SystemExit(130 if interrupt else 128 + caught[0])
        update()

    pyxel.run(frame, draw)


class App:
    def __init__(
        self,
        machine: KeyMachine | None = None,
        opts: AppOptions = AppOptions(),
        session=None,
        source: KeySource | None = None,
        offer: Game | None = None,
        attract: bool = False,
    ):
        """``session``: a ``session.Session`` (statistics, saved game, recording), or None.
        ``offer``: a saved game to offer at start (RETURN resumes it, ESC deals a new one)."""
        init_pyxel(opts)
        self.opts = opts
        if opts.help_worker if opts.help_worker is not None else not opts.headless:

            if not isinstance(thinking.runner(), worker.WorkerRunner):
                thinking.use(worker.WorkerRunner(games.registry))
        self.session = session
        self.machine = machine if machine is not None else KeyMachine()
        self.source: KeySource = source or Keyboard()
        self.offer = offer
        self.layout = Look(glyphs=opts.glyphs)
        self.renderer = render.Renderer()
        self.listeners: list[Callable[[Event], None]] = []
        self.demo = None  # the demonstration's key source while one plays
        self.attract = attract  # start a demonstration after a minute idle on the title
        self.idle = 0
        # frames the game was held for HELP's worker (``update``), and the machine and frame whose
        # keys the source gave last
        self.held_frames = 0
        self._keys_of: tuple | None = None
        self.planner = None
        self.demos = 0  # demonstrations started (each plans the next deal)
        self.demo_hold = 0  # frames WINNER has flashed at the end of a demonstration
        self.title_machine: KeyMachine | None = None
        self.pointer = Pointer()
        self.overlay = Overlay()  # the key list (?), the quit question (Ctrl+Q), the record key, DEMO
        self.fullscreen = opts.fullscreen
        self.recording_mark = False  # not for --record: its screens are those a replay shows
        if session is not None and session.data_dir is not None:
            self.overlay.record = self.toggle_recording
        if session is not None and not session.owner:  # another window keeps the saved game
            self.overlay.question, self.overlay.pad_question = QUIT_UNSAVED, QUIT_PAD_UNSAVED
        self.shown: Screen | None = None  # the screen last drawn: what a click lands on
        g = geometry()
        # The Atari picture (336 x 224): Pyxel's screen itself when it has that size, else an
        # image that ``draw`` reshapes into Pyxel's screen (``--aspect``).
        self._direct = (pyxel.width, pyxel.height) == (g.width, g.height)
        self.picture = pyxel.screen if self._direct else pyxel.Image(g.width, g.height)
        self._presented: bytes | None = None
        if opts.mouse and not opts.headless:
            pyxel.mouse(True)
        self.audio = None
        if opts.sound and (audio_ok or opts.headless):

            self.audio = Audio(standard="pal" if opts.pal else "ntsc", click=opts.click)
            self.listeners.append(self.audio.handle)
        if offer is None:
            self.dispatch()  # with an offer, the start waits until the player chooses

    # -- one frame ---------------------------------------------------------------------

    def update(self) -> None:
        if isinstance(self.source, Keyboard) and pyxel.btnp(pyxel.KEY_F11):
            self.toggle_fullscreen()
        if isinstance(self.source, Keyboard) and self.overlay.update(
                select_free=not self.machine.pad_means("PAD_SELECT"), on_menu=self.machine.phase == "menu"):
            return
        if self.demo is not None:
            self._demo_update()
            return
        frame = (self.machine, self.machine.frame)
        # a held frame (below) comes again: a script's keys of that frame were pressed already
        again = isinstance(self.source, Scripted) and self._keys_of is not None and (
            self._keys_of[0] is frame[0] and self._keys_of[1] == frame[1])
        keys = [] if again else self.source.keys(self.machine.frame)
        self._keys_of = frame
        if isinstance(self.source, Keyboard) and self.machine.game is not None:
            keys = self.source.with_shift(keys, self.machine.variant.shift_key)
        keys += self._clicked()
        if self.offer is not None:
            self._on_offer(keys)
            return
        if self.attract:
            self._count_idle(keys)
        for key in keys:
            if self.audio:
                self.audio.key_click()
            if self.session is not None:
                self.session.press(key)
            else:
                self.machine.press(key)
        if not self.machine.ready():
            # HELP's worker has not yet given a result due at the next frame (a busy machine): the
            # frame does not wait for it; the game's frame stays, and comes again next time
            self.held_frames += 1
        elif self.session is not None:
            self.session.tick()
        else:
            self.machine.tick()
        self.dispatch()

    def _clicked(self) -> list[str]:
        """The keys this frame's mouse clicks stand for (live play only: a replay has its keys)."""
        if not self.opts.mouse or not isinstance(self.source, Keyboard):
            return []
        scr = self.shown or self.screen()
        view = self.machine.view()
        out: list[str] = []
        g = geometry()
        for button, x, y in mouse.clicks():
            x, y = aspect.to_picture(self.opts.aspect, g.width, g.height, pyxel.width, pyxel.height, x, y)
            out += self.pointer.click(scr, x, y, self.machine.frame, view, button, shift=keyboard.shift_held())
        return out

    def dispatch(self) -> None:
        for event in self.machine.drain_events():
            for listener in self.listeners:
                listener(event)
            if self.session is not None and self.demo is None:  # a demonstration is not the player's game
                self.session.on_event(event)

    # -- the demonstration ---------------------------------------------------------------

    def start_demo(self, plan, speed: float = 1.0) -> None:
        """Play ``plan`` (a demo.Plan) in the window; any key returns to the title."""

        self.title_machine = self.machine
        self.machine = KeyMachine(seed=self.machine.seed, rules=plan.rules, deal=plan.deal)
        self.demo = DemoKeys(plan, lambda: self.machine, speed)
        self.demos += 1
        self.demo_hold = 0
        self.dispatch()

    def stop_demo(self) -> None:
        self.machine.drain_events()
        self.demo = None
        self.machine = self.title_machine if self.title_machine is not None else KeyMachine()
        self.title_machine = None
        self.idle = 0
        self.planner = None

    def _demo_update(self) -> None:
        live = keyboard.pressed() or gamepad.pressed() or (self.opts.mouse and mouse.clicks())
        if live or (isinstance(self.source, Scripted) and self.source.keys(self.machine.frame)):
            self.stop_demo()
            return
        for key in self.demo.keys(self.machine.frame):
            self.machine.press(key)
        self.machine.tick()
        self.dispatch()
        if self.demo.done and not self.machine.busy:  # WINNER (or a strategy's lost game) stays a while
            self.demo_hold += 1
            if self.demo_hold >= DEMO_WINNER_HOLD:
                self.stop_demo()

    def _count_idle(self, keys: list[str]) -> None:
        """On the title, a minute without a key starts the demonstration (planned meanwhile)."""

        if keys or self.machine.phase not in ("prompt", "menu"):
            self.idle = 0
            return
        self.idle += 1
        if self.planner is None:
            # each demonstration a new deal and rule set: on the 1989 title 4, 2, 3, 4, ... suits;
            # on the menu every game's rule sets in turn
            deal = (self.machine.seed + 7919 * self.demos) % 32000 + 1
            if self.machine.phase == "menu":
                choices = [rs for v in games.all_variants() for rs in v.rule_sets().values()]
            else:
                choices = list(self.machine.variant.rule_sets().values())
            self.planner = planner(choices[(self.demos + len(choices) - 1) % len(choices)], deal)
        plan = self.planner.step(PLAN_STATES)
        if plan is not None and self.idle >= ATTRACT_AFTER:
            self.start_demo(plan)

    def _on_offer(self, keys: list[str]) -> None:
        """RETURN (the pad's A) goes on with the saved game; ESC (the pad's B or START) deals anew."""
        for key in keys:
            key = {"PAD_A": "RETURN", "PAD_B": "ESC", "PAD_START": "ESC"}.get(key, key)
            if key == "RETURN":
                game, self.offer = self.offer, None
                self.session.saved_game = None
                self.machine = self.session.resume(self.machine.seed, game, menu=self.machine.menu)
                self.dispatch()
                return
            if key == "ESC":
                self.offer = None
                self.session.decline_saved_game()
                self.dispatch()  # now the game asked for (or the title) starts
                return

    def toggle_fullscreen(self) -> None:
        """F11: the window fills the screen, or goes back (Pyxel's Alt+Enter does the same)."""
        self.fullscreen = not self.fullscreen
        pyxel.fullscreen(self.fullscreen)

    def toggle_recording(self) -> None:
        name = self.session.toggle_recording(time.strftime("%Y%m%d-%H%M%S"))
        self.recording_mark = name is not None  # REC while the record key's recording runs
        print(f"baker8bit: recording to {self.session.record_path}" if name else "baker8bit: recording stopped",
              file=sys.stderr)
        if name:  # the record key keeps keys; a video with sound is made from them, now or later
            print(f"baker8bit: a video of it with sound: baker8bit replay {self.session.record_path} "
                  f"--video {Path(self.session.record_path).with_suffix('.mp4')}", file=sys.stderr)

    def screen(self) -> Screen:
        m = self.machine
        notes = self.session.notes() if self.session is not None else ()
        if self.offer is not None:
            return offer_screen(self.offer)
        scr = compose(m.view(), m.game, m.frame, self.layout, notes)
        self.overlay.draw(scr, m.phase, self.demo is not None, self.recording_mark)
        return scr

    def draw(self) -> None:
        changed = self.draw_on(self.picture)
        if not self._direct and changed:  # an unchanged picture is on Pyxel's screen already
            self._present()

    def _present(self) -> None:
        """Reshape the picture into Pyxel's screen (only when it changed: Pyxel keeps its screen)."""
        data = bytes(self.picture.data_ptr())
        if data == self._presented:
            return
        g = geometry()
        out, w, h = aspect.resample(data, g.width, g.height, self.opts.aspect, max(1, pyxel.height // g.height))
        if (w, h) == (pyxel.width, pyxel.height):
            pyxel.screen.data_ptr()[:] = out
        else:  # a screen of another size (Pyxel was started elsewhere): the picture unshaped
            pyxel.screen.cls(0)
            pyxel.screen.blt(0, 0, self.picture, 0, 0, g.width, g.height)
        self._presented = data

    def picture_bytes(self) -> bytes:
        """The Atari picture last drawn: one palette index a pixel, 336 x 224."""
        return bytes(self.picture.data_ptr())

    def draw_on(self, target: pyxel.Image) -> bool:
        """Draw this frame's screen on ``target``; whether a pixel of it may have changed."""
        self.shown = self.screen()
        return self.renderer.draw(self.shown, target)

    def run(self) -> None:
        """Pyxel's loop; Ctrl-C or SIGTERM saves the recording first (``run_until_signal``). When
        the window closes, however it closes, the session closes (``Session.close``: a game a
        second window cannot save counts as lost)."""
        if self.session is not None:
            atexit.register(self.session.close)  # Pyxel ends the process when the window closes
        run_until_signal(self.update, self.draw, self._keep_work)

    def _keep_work(self) -> None:
        """Before the window ends on a signal: the recording is saved (atomically); the saved game
        and statistics are written as the game goes."""
        if self.session is not None:
            self.session.save_recording()

    # -- headless driving (tests, captures) ---------------------------------------------

    def frame(self, keys: tuple[str, ...] = ()) -> None:
        """One frame with these key-machine keys going down, as the window would see it (the pad's
        keys through their keyboard keys: arrows, ``.``, Backspace, ``,``)."""
        codes = [keyboard.pyxel_key(k) if k in keyboard.NAMES else gamepad.pyxel_button(k) for k in keys]
        for c in codes:
            pyxel.set_btn(c, True)
        self.update()
        self.draw()
        for c in codes:
            pyxel.set_btn(c, False)
        pyxel.flip()
