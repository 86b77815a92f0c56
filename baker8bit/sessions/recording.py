"""Frame-exact session recordings: what the player pressed, and on which frame.

The key machine is deterministic: given its seed, its timing, its starting
state and the keys with the frames they were pressed on, it goes through the
same states, events and views again. A recording holds exactly that::

    baker8bit-recording 1
    program 0.1.0
    seed 12345
    timing flash_frames=120 flash_half=8 group_step=12 winner_half=20
    start rules=baker4 deal=11982
    frames 7200
    keys 3
    120 B
    131 K
    400 SPACE
    end

- ``baker8bit-recording 1``: the format and its version. A newer version is
  refused ("written by a newer baker8bit"), an unknown one too.
- ``program``: the baker8bit version that recorded it (see "Compatibility").
- ``seed``: the key machine's seed, which draws the deal numbers of new games
  started from the suit prompt, so those replay too.
- ``timing``: the frame timings the machine ran with; the replay uses them.
- ``start``: the state before the first key, one of
  ``start menu`` (the console's menu of games),
  ``start prompt`` (the 1989 suit prompt) or ``start prompt game=ID`` (a game's title),
  ``start rules=NAME deal=D`` (a dealt game of rule set NAME: ``baker4``,
  ``bakers-game``, ``eight-off``, ...),
  ``start board rules=NAME`` or ``start board rules=NAME deal=D`` followed by the
  board in fc-solve format, each line behind ``| ``, and
  ``start saved`` followed by a saved game (``savegame`` format) behind ``| ``
  (a resumed game, take-back memory and mark included). Each may end in
  ``menu=yes``: the machine has the console's menu above the game's title
  (ESC on an empty title entry goes there). Each may end in ``prefer=NAME,...``: the
  rule sets a game started from a title gets (King Albert's remembered options:
  ``prefer=king-albert-r3-manual``); without it the defaults, so older recordings read
  as before, except for a game whose options came later (``Variant.recorded_defaults``:
  sequence's HELP player), which a recording without it gets as they were then, and which
  a recording made since always names when a title of it can be reached
  (``prefer=sequence-sampling``). Recordings of 0.1.0 name the 1989
  game by suit count, ``suits=S`` for ``rules=bakerS``; they still replay.
- ``frames``: how many frames the session lasted.
- ``keys N``, then N lines ``<frame> <KEY>`` in the order pressed (frames never
  decrease; several keys may share a frame), then ``end``. Key names are those
  of ``keys.KEYS``: ``A``..``Z``, ``0``..``9``, ``SPACE``, ``ESC``, ``RETURN``,
  ``HELP``, and the pad's ``UP`` ``DOWN`` ``LEFT`` ``RIGHT`` ``PAD_A`` .. ``PAD_R``
  (console/pad.py: a button is kept as itself, not as the keys it stands for, so its
  cursor replays too; a recording made before the pad has none and replays as it did).
  Keys pressed while the machine ignores keys are recorded too.
  The count and ``end`` make a cut-off file an error, not a shorter session.

Frame semantics: a key "at frame f" was pressed while ``machine.frame == f``.
Replaying, for each frame f from 0 to ``frames - 1`` the keys of frame f are
pressed, ``on_frame(machine)`` is called (the screen of frame f), then the
machine ticks; keys at frame ``frames`` are pressed last. The replayed machine
ends in the recorder's state: same frame, game, events, view.

Compatibility: a recording replays only on a key machine that behaves as the
recording one did. ``MACHINE_CHANGES`` lists each program version whose key
machine behaves differently from the version before it (rules, key handling,
timings' defaults, events, deal generator). A recording from program version
X replays here (version Y) when no change is listed after X up to Y; it is
refused when X is older than such a change Z ("recorded with baker8bit X;
this is Y, whose key machine differs since Z: ...") and when X is newer than Y.
Whoever changes the key machine's behaviour adds a row;
``tests/test_recording.py`` replays a stored 0.1.0 recording and fails if the
machine drifts without one.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from baker8bit import __version__, games
from baker8bit.console.contract import VariantError
from baker8bit.console.machine import KEYS, MENU, PROMPT, normalize_key
from baker8bit.core import timing as timingmod
from baker8bit.core.deal import DealError, check_deal_number
from baker8bit.core.files import write_text
from baker8bit.core.textlines import Lines, check_header, decimal, quote, read_text
from baker8bit.core.timing import Timing
from baker8bit.freecell import boardtext
from baker8bit.freecell.game import Game
from baker8bit.freecell.position import Position
from baker8bit.games import KeyMachine, compat
from baker8bit.sessions import savegame, userdata

MAGIC = "baker8bit-recording"
MAX_FRAMES = 60 * 60 * 60 * 24  # a day of play at 60 frames a second: more is no real session
FORMAT_VERSION = 1

# (program version, what changed in the key machine's behaviour), oldest first.
MACHINE_CHANGES: list[tuple[str, str]] = [
    ("0.1.0", "the first key machine"),
]


class RecordingError(ValueError):
    """A recording that cannot be read or replayed; the message says where and why."""


# -- versions --------------------------------------------------------------------


def parse_version(text: str) -> tuple[int, ...]:
    parts = [decimal(p) for p in text.split(".")]
    if not text or len(parts) > 8 or None in parts:
        raise ValueError(f"bad program version {quote(text)} (expected numbers like 0.1.0)")
    return tuple(parts)


def compatibility(recorded: str, current: str = __version__) -> str | None:
    """None when a recording from program ``recorded`` replays exactly here, else the reason."""
    r, c = parse_version(recorded), parse_version(current)
    if r > c:
        return f"recorded with baker8bit {recorded}, which is newer than this {current}; update baker8bit to replay it"
    for version, what in reversed(MACHINE_CHANGES):
        v = parse_version(version)
        if r < v <= c:
            return (f"recorded with baker8bit {recorded}; this is {current}, "
                    f"whose key machine differs since {version}: {what}")
    return None


# -- the recording ---------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """The machine's state before the first key."""

    kind: str                    # "menu", "prompt", "deal", "board" or "saved"
    rules: str | None = None     # deal and board: the rule set's name
    deal: int | None = None      # deal (required) and board (optional)
    text: str | None = None      # board text (board) or saved-game text (saved)
    game: str | None = None      # prompt: the game whose title it is (None: the 1989 game)
    menu: bool = False           # the console's menu is above the game's title
    prefer: tuple[str, ...] = ()  # menu and prompt: the rule sets games started from a title get (remembered options)

    def prefs(self) -> dict:
        """The options games started from a title get: those ``prefer`` names, and for a game it
        does not name, its ``Variant.recorded_defaults`` (the options of recordings that name none)."""
        out = {}
        for name in self.prefer:
            rs = games.ruleset(name)
            out[rs.game] = games.of_rules(rs).options_of(rs)
        for v in games.all_variants():
            if v.recorded_defaults is not None and v.id not in out:
                out[v.id] = dict(v.recorded_defaults)
        return out

    def machine(self, seed: int, timing: Timing, program: str | None = None) -> KeyMachine:
        """A fresh machine in this start, with ``timing`` (and its version's HELP: ``games/compat.py``)
        and the rules of baker8bit ``program``, the version that recorded it (None: this one's)."""
        if self.kind in ("menu", "prompt"):
            return KeyMachine(seed=seed, timing=timing, game=self.game, menu=self.menu, prefs=self.prefs(),
                              program=program)
        if self.kind == "saved":
            m = savegame.machine_from_game(savegame.parse(self.text or ""), seed, timing, menu=self.menu,
                                           program=program)
            m.prefs = self.prefs()
            return m
        rs = games.ruleset(self.rules)
        pos = None
        if self.kind == "board":
            pos, rs = games.of_rules(rs).record_board_read(self.text or "", rs)
        return KeyMachine(seed=seed, rules=rs, deal=self.deal, position=pos, timing=timing, menu=self.menu,
                          prefs=self.prefs(), program=program)

    @classmethod
    def of(cls, machine: KeyMachine) -> Start:
        """The start that rebuilds a fresh machine (no key pressed yet)."""
        g, menu = machine.game, machine.menu
        prefs = dict(machine.prefs)
        for v in games.all_variants():  # a game whose options came later: always named, when reachable
            if v.recorded_defaults is not None and v.id not in prefs and (menu or machine.variant.id == v.id):
                prefs[v.id] = {}
        prefer = tuple(games.get(gid).rules(o).name for gid, o in sorted(prefs.items()))
        if machine.phase == MENU:
            return cls("menu", menu=True, prefer=prefer)
        if machine.phase == PROMPT or g is None:
            return cls("prompt", game=None if machine.variant.id == games.DEFAULT else machine.variant.id, menu=menu,
                       prefer=prefer)
        v = machine.variant
        if v.saves and (g.history or g.moves or g.mark is not None or any(e.kind == "resume" for e in machine.events)):
            return cls("saved", text=savegame.dump(g), menu=menu, prefer=prefer)
        if g.deal is not None and v.same_position(g.position, v.new_game(g.rules, g.deal).position):
            return cls("deal", rules=g.rules.name, deal=g.deal, menu=menu, prefer=prefer)
        return cls("board", rules=g.rules.name, deal=g.deal, text=v.record_board_text(g.position, g.rules), menu=menu,
                   prefer=prefer)


@dataclass(frozen=True)
class Recording:
    seed: int
    start: Start
    frames: int
    keys: tuple[tuple[int, str], ...] = ()
    timing: Timing = field(default_factory=timingmod.timing)
    program: str = __version__

    def __post_init__(self) -> None:
        last = 0
        for frame, key in self.keys:
            if key not in KEYS:
                raise RecordingError(f"unknown key {quote(key)}")
            if frame < last:
                raise RecordingError(f"key {key} at frame {frame} comes after frame {last}")
            last = frame
        if last > self.frames:
            raise RecordingError(f"a key at frame {last}, but the session lasted {self.frames} frames")


# -- recording -------------------------------------------------------------------


class Recorder:
    """Records a session: press keys and tick through it instead of through the machine.

    ``Recorder(seed=..., suits=..., deal=...)`` (or ``position=``, or a saved
    ``game=``) builds the machine exactly as the replay will;
    ``Recorder.attach(machine, seed)`` takes a fresh machine (frame 0, no key
    pressed yet, its random generator untouched since ``KeyMachine(seed=seed)``).
    """

    def __init__(
        self,
        seed: int = 0,
        suits: int | None = None,
        deal: int | None = None,
        position: Position | None = None,
        game: Game | None = None,
        timing: Timing | None = None,
        **machine_options,
    ):
        """``machine_options``: more of ``KeyMachine``'s (``rules=``, ``menu=``, ``game=`` a game id is
        ``variant=`` here, since ``game=`` is a saved game)."""
        timing = timing or timingmod.timing()
        if "variant" in machine_options:
            machine_options["game"] = machine_options.pop("variant")
        if game is not None:
            machine = savegame.machine_from_game(game, seed, timing, menu=machine_options.get("menu", False))
        else:
            machine = KeyMachine(seed=seed, suits=suits, deal=deal, position=position, timing=timing,
                                 **machine_options)
        self._begin(machine, seed)

    @classmethod
    def attach(cls, machine: KeyMachine, seed: int) -> Recorder:
        if machine.frame != 0:
            raise RecordingError(f"a recording starts at frame 0; this machine is at frame {machine.frame}")
        if machine.seed != seed or machine.rng.getstate() != random.Random(seed).getstate():
            raise RecordingError(f"this machine's deal numbers do not come from a fresh seed {seed}")
        self = cls.__new__(cls)
        self._begin(machine, seed)
        return self

    def _begin(self, machine: KeyMachine, seed: int) -> None:
        self.machine = machine
        self.seed = seed
        self.start = Start.of(machine)
        self.keys: list[tuple[int, str]] = []

    def press(self, key: str) -> None:
        k = normalize_key(key)
        self.keys.append((self.machine.frame, k))
        self.machine.press(k)

    def tick(self) -> None:
        self.machine.tick()

    def recording(self) -> Recording:
        return Recording(
            seed=self.seed,
            start=self.start,
            frames=self.machine.frame,
            keys=tuple(self.keys),
            timing=self.machine.timing,
        )


# -- replay ----------------------------------------------------------------------


def replay(
    rec: Recording,
    on_frame: Callable[[KeyMachine], None] | None = None,
    check_program: bool = True,
) -> KeyMachine:
    """Rebuild the machine and feed the keys at their frames; see the module docstring.

    HELP answers replay too: its answer comes at a frame set by the recorded timings
    (positions a frame, ``console/thinking.py``; those of earlier versions, ``games/compat.py``).
    ``check_program=False`` replays a recording refused by ``compatibility``
    anyway (for investigating, never for showing a replay as exact).
    """
    if check_program:
        reason = compatibility(rec.program)
        if reason:
            raise RecordingError(reason)
    try:
        m = rec.start.machine(rec.seed, rec.timing, rec.program)
    except (ValueError, KeyError, boardtext.BoardError, savegame.SaveError) as e:  # VariantError is a ValueError
        raise RecordingError(f"the start cannot be rebuilt: {e}") from None
    m.files = userdata.DataFiles()  # a game's own files (Blue's W and R), as when it was recorded
    keys = rec.keys
    i = 0
    for frame in range(rec.frames):
        while i < len(keys) and keys[i][0] == frame:
            m.press(keys[i][1])
            i += 1
        if on_frame is not None:
            on_frame(m)
        m.tick()
    while i < len(keys):  # keys pressed on the last frame, after its tick
        m.press(keys[i][1])
        i += 1
    return m


# -- text ------------------------------------------------------------------------


def _block(text: str) -> list[str]:
    return [("| " + line).rstrip() for line in text.splitlines()]


def dump(rec: Recording) -> str:
    s = rec.start
    lines = [
        f"{MAGIC} {FORMAT_VERSION}",
        f"program {rec.program}",
        f"seed {rec.seed}",
        "timing " + " ".join(f"{f.name}={getattr(rec.timing, f.name)}" for f in fields(Timing)
                             if f.name not in compat.unrecorded(rec.timing)),
    ]
    menu = " menu=yes" if s.menu else ""
    prefer = f" prefer={','.join(s.prefer)}" if s.prefer else ""
    if s.kind == "menu":
        lines.append("start menu" + (f" prefer={','.join(s.prefer)}" if s.prefer else ""))
    elif s.kind == "prompt":
        lines.append("start prompt" + ("" if s.game is None else f" game={s.game}") + menu
                     + (f" prefer={','.join(s.prefer)}" if s.prefer else ""))
    elif s.kind == "deal":
        lines.append(f"start rules={s.rules} deal={s.deal}{menu}{prefer}")
    elif s.kind == "board":
        lines.append(f"start board rules={s.rules}" + ("" if s.deal is None else f" deal={s.deal}") + menu + prefer)
        lines += _block(s.text or "")
    else:
        lines.append("start saved" + menu + prefer)
        lines += _block(s.text or "")
    lines.append(f"frames {rec.frames}")
    lines.append(f"keys {len(rec.keys)}")
    lines += [f"{frame} {key}" for frame, key in rec.keys]
    lines.append("end")
    return "\n".join(lines) + "\n"


def _options(rest: str, lines: Lines, allowed: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for token in rest.split():
        name, eq, value = token.partition("=")
        if not eq or name not in allowed or name in out:
            expected = " ".join(a + "=..." for a in allowed)
            raise lines.fail(f"unexpected {quote(token)} (expected {expected})", lines.last)
        out[name] = value
    return out


def _int(value: str, what: str, lines: Lines, signed: bool = False) -> int:
    """Exactly ASCII decimal (``-`` first only where ``signed``), at most 18 digits."""
    n = decimal(value[1:] if value.startswith("-") else value)
    if n is None:
        raise lines.fail(f"{what} must be a whole number, not {quote(value)}", lines.last)
    if value.startswith("-") and not signed:
        raise lines.fail(f"{what} cannot be negative", lines.last)
    return -n if value.startswith("-") else n


def _menu(o: dict[str, str], lines: Lines) -> bool:
    value = o.pop("menu", "no")
    if value not in ("yes", "no"):
        raise lines.fail(f"menu must be yes or no, not {quote(value)}", lines.last)
    return value == "yes"


def _rules_of(o: dict[str, str], lines: Lines, at: int):
    """The rule set a start names: ``rules=NAME``, or (0.1.0) ``suits=S`` for the 1989 game."""
    if "rules" in o and "suits" in o:
        raise lines.fail("give rules= or suits=, not both", at)
    if "suits" in o:
        suits = _int(o.pop("suits"), "suits", lines)
        try:
            return games.get(games.DEFAULT).rules({"suits": suits})
        except VariantError:
            raise lines.fail(f"suits must be 2, 3 or 4, not {suits}", at) from None
    name = o.pop("rules")
    try:
        return games.ruleset(name)
    except KeyError:
        raise lines.fail(f"unknown rule set {quote(name)} ({games.rule_set_hint()})", at) from None


def _prefer(o: dict[str, str], lines: Lines, at: int) -> tuple[str, ...]:
    """``prefer=NAME,NAME``: the rule sets games started from a title get (King Albert's options)."""
    names = tuple(n for n in o.get("prefer", "").split(",") if n)
    for n in names:
        try:
            games.ruleset(n)
        except KeyError as e:
            raise lines.fail(str(e).strip('"'), at) from None
    return names


def _start(rest: str, lines: Lines) -> Start:
    at = lines.last
    kind, _, opts = rest.partition(" ")
    if kind == "menu":
        o = _options(opts, lines, ("prefer",))
        return Start("menu", menu=True, prefer=_prefer(o, lines, at))
    if kind == "prompt":
        o = _options(opts, lines, ("game", "menu", "prefer"))
        menu = _menu(o, lines)
        game = o.get("game")
        if game is not None and game not in games.ids():
            raise lines.fail(f"unknown game {quote(game)} (known: {', '.join(games.ids())})", at)
        return Start("prompt", game=game, menu=menu, prefer=_prefer(o, lines, at))
    if kind == "saved":
        o = _options(opts, lines, ("menu", "prefer"))
        menu, prefer = _menu(o, lines), _prefer(o, lines, at)
        text, first = lines.block()
        if not text:
            raise lines.fail("'start saved' needs the saved game behind '| '", at)
        try:
            savegame.parse(text, first_line=first)
        except savegame.SaveError as e:
            raise RecordingError(f"in the saved game of 'start saved': {e}") from None
        return Start("saved", text=text, menu=menu, prefer=prefer)
    usage = "start must be 'menu', 'prompt [game=ID]', 'rules=NAME deal=D', 'board rules=NAME [deal=D]' or 'saved'"
    board = kind == "board"
    if not board and "=" not in kind:
        raise lines.fail(usage, at)
    o = _options(opts if board else rest, lines, ("rules", "suits", "deal", "menu", "prefer"))
    menu, prefer = _menu(o, lines), _prefer(o, lines, at)
    if not ({"rules", "suits"} & set(o)) or (not board and "deal" not in o):
        raise lines.fail(usage, at)
    rules = _rules_of(o, lines, at)
    deal = None
    if "deal" in o:
        try:
            deal = check_deal_number(_int(o["deal"], "deal", lines))
        except DealError as e:
            raise lines.fail(str(e), at) from None
    if not board:
        return Start("deal", rules=rules.name, deal=deal, menu=menu, prefer=prefer)
    text, first = lines.block()
    if not text:
        raise lines.fail("'start board' needs the board behind '| '", at)
    try:
        games.of_rules(rules).record_board_read("\n" * (first - 1) + text, rules)
    except (boardtext.BoardError, VariantError) as e:
        msg = str(e)
        raise RecordingError(msg if msg.startswith("line ") else f"line {first}: {msg}") from None
    return Start("board", rules=rules.name, deal=deal, text=text, menu=menu, prefer=prefer)


def parse(text: str) -> Recording:
    """Read a recording; raise RecordingError naming the line on anything wrong."""
    lines = Lines(text, 1, RecordingError)
    check_header(lines, MAGIC, FORMAT_VERSION, "recording")
    _, program = lines.next("program")
    try:
        parse_version(program)
    except ValueError as e:
        raise lines.fail(str(e), lines.last) from None
    _, seed_text = lines.next("seed")
    seed = _int(seed_text, "seed", lines, signed=True)
    _, timing_text = lines.next("timing")
    names = tuple(f.name for f in fields(Timing))
    t = _options(timing_text, lines, names)
    if not compat.accepted(set(t)):  # each version wrote its timings, and no later one's
        raise lines.fail(f"timing needs {' '.join(n + '=...' for n in names)}", lines.last)
    values = {n: _int(v, n, lines) for n, v in t.items()}
    if any(v < 1 for v in values.values()):
        raise lines.fail("timings are whole numbers of frames, at least 1", lines.last)
    timing = compat.timing(values)
    _, start_text = lines.next("start")
    start = _start(start_text, lines)
    _, frames_text = lines.next("frames")
    frames = _int(frames_text, "frames", lines)
    if frames > MAX_FRAMES:
        raise lines.fail(f"{frames} frames is more than {MAX_FRAMES // (60 * 60 * 60)} hours of play", lines.last)
    _, count_text = lines.next("keys")
    count = _int(count_text, "keys", lines)
    if count > len(lines.lines):
        raise lines.fail(f"the file ends early (truncated?): {count} keys announced, the file is shorter",
                         lines.last)
    keys: list[tuple[int, str]] = []
    last = 0
    for _ in range(count):
        while lines.i < len(lines.lines) and lines.lines[lines.i].strip()[:1] in ("", "#"):
            lines.i += 1
        if lines.i >= len(lines.lines):
            raise lines.fail(f"the file ends early (truncated?): {count} keys announced, {len(keys)} found")
        lineno = lines.lineno()
        parts = lines.lines[lines.i].split()
        lines.i += 1
        frame = decimal(parts[0]) if len(parts) == 2 else None
        if frame is None:
            raise lines.fail(
                f"expected '<frame> <KEY>', found {quote(' '.join(parts))} (a frame is digits 0-9)", lineno
            )
        name = parts[1]
        if name not in KEYS:
            raise lines.fail(f"unknown key {quote(name)} (keys are A-Z, 0-9, {', '.join(KEYS[36:])})", lineno)
        if frame < last:
            raise lines.fail(f"keys out of order: frame {frame} after frame {last}", lineno)
        if frame > frames:
            raise lines.fail(f"key at frame {frame}, after the session's last frame {frames}", lineno)
        keys.append((frame, name))
        last = frame
    lines.finish()
    return Recording(seed=seed, start=start, frames=frames, keys=tuple(keys), timing=timing, program=program)


def save(path: str | os.PathLike, rec: Recording) -> None:
    """Write the recording atomically (AtomicWriteError on failure, old file unchanged)."""
    write_text(path, dump(rec))


def load(path: str | os.PathLike) -> Recording:
    """Read a recording file (at most ``textlines.MAX_BYTES``); RecordingError if it is not a
    readable recording, OSError if it cannot be read."""
    return parse(read_text(path, RecordingError))
