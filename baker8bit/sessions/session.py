"""What lasts beyond one sitting: statistics, the saved game, and a recording of the session.

A ``Session`` sits between the app and the key machine. Keys go through it
(so a recording sees them), and the machine's events come back to it:

- statistics follow the events (``stats.StatsTracker``) and are saved as they change;
  the title shows those of the game whose title it is (``notes``);
- the game in progress is saved after every move, take-back and mark, so
  quitting at any moment keeps it (Pyxel ends the program without a hook to
  save in); it is deleted when the game is won or abandoned;
- with a recording file, the recording is written after every key and every
  ten seconds of play, each time atomically.

No Pyxel here; file errors never stop the game, they become messages.
"""

from __future__ import annotations

import os
from pathlib import Path

from baker8bit import games
from baker8bit.atari import font
from baker8bit.console.machine import Event
from baker8bit.core import events as ev
from baker8bit.core.files import AtomicWriteError
from baker8bit.freecell.game import Game
from baker8bit.games import KeyMachine
from baker8bit.sessions import game_options, recording, savegame, stats, userdata

RECORDING_EVERY = 600  # frames between periodic saves of a recording


class Session:
    def __init__(self, data_dir: Path | None, record_path: Path | None = None):
        """``data_dir`` None: nothing is kept (demonstrations, replays, tests)."""
        self.data_dir = data_dir
        self.record_path = record_path
        self.messages: list[str] = []  # whole sentences, for the console
        self.screen_note = ""  # the latest, in 20 characters, for the title
        self.recorder: recording.Recorder | None = None
        self.machine: KeyMachine | None = None
        self.saved_game: Game | None = None
        self.last_loss = False
        self.keep_save_file = False  # the saved game could not be read: never overwrite or delete it
        self.tracker: stats.StatsTracker | None = None
        if data_dir is not None:
            try:
                data_dir.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                self._note(f"cannot make the data folder {data_dir}: {e.strerror or e}; "
                           "statistics and the saved game are not kept this time", "NOTHING IS SAVED")
                self.data_dir = data_dir = None
        if data_dir is not None:
            st, msg = stats.load_or_set_aside(self.stats_path)
            self._note(msg, "DAMAGED FILE KEPT")
            self.tracker = stats.StatsTracker(st, self.stats_path)
            self.saved_game, msg = savegame.load_or_set_aside(self.save_path)
            self._note(msg, "DAMAGED FILE KEPT")
            if msg and os.path.lexists(self.save_path):  # unreadable, and not moved aside
                self.keep_save_file = True
                self._note(f"the saved game {self.save_path} is left as it is; this session's game "
                           "is not saved", "GAME NOT SAVED")
        self.prefs: dict = {}  # each game's remembered options (King Albert's options window)
        if data_dir is not None:
            self.prefs, msg = game_options.load_or_set_aside(self.options_path)
            self._note(msg, "DAMAGED FILE KEPT")

    @property
    def stats_path(self) -> Path:
        return self.data_dir / userdata.STATS_FILE

    @property
    def options_path(self) -> Path:
        return self.data_dir / game_options.FILE

    @property
    def save_path(self) -> Path:
        return self.data_dir / userdata.SAVE_FILE

    def _note(self, msg: str | None, short: str = "CANNOT SAVE") -> None:
        if msg:
            self.messages.append(msg)
            self.screen_note = short

    # -- the machine -------------------------------------------------------------------

    def start(self, machine: KeyMachine | None = None, **machine_options) -> KeyMachine:
        """Take a fresh machine (frame 0) for this session, recorded from its first frame when
        recording; without one, build it from ``KeyMachine``'s options (``seed=``, ``suits=``, ...)."""
        if machine is None:
            machine = KeyMachine(**machine_options)
        if machine.frame == 0:  # the remembered options, before a recording notes the start
            machine.prefs = {**self.prefs, **machine.prefs}
        machine.files = userdata.DataFiles(self.data_dir)  # a game's own files (Blue's W and R)
        if self.record_path is not None or self.data_dir is not None:  # kept in memory for the record key
            self.recorder = recording.Recorder.attach(machine, machine.seed)
        self.machine = machine
        return machine

    def resume(self, seed: int, game: Game, menu: bool = True) -> KeyMachine:
        """A fresh machine going on with a saved game."""
        return self.start(savegame.machine_from_game(game, seed, menu=menu))

    def press(self, key: str) -> None:
        if self.recorder is not None:
            self.recorder.press(key)
        else:
            self.machine.press(key)

    def tick(self) -> None:
        self.machine.tick()
        if self.recorder is not None and self.machine.frame % RECORDING_EVERY == 0:
            self.save_recording()

    # -- events ------------------------------------------------------------------------

    def on_event(self, event: Event) -> None:
        kind = event.kind
        if kind == ev.DEAL:
            self.last_loss = False
        if self._track(event):
            self.last_loss = True
        if self.data_dir is not None and self.machine is not None:
            if kind in (ev.MOVE, ev.TAKEBACK, ev.MARK, ev.RESUME):
                self._save_game()
            elif kind in (ev.WINNER, ev.PROMPT):
                self._forget_game()
        if kind in (ev.OPTIONS, ev.DEAL) and self.data_dir is not None and self.machine is not None:
            self._save_options()
        if kind in (ev.MOVE, ev.PROMPT, ev.WINNER, ev.MARK, ev.TAKEBACK) and self.recorder is not None:
            self.save_recording()

    def _save_options(self) -> None:
        """Remember the options set (King Albert's options window) when they changed."""
        if self.machine.prefs != self.prefs:
            self.prefs = {g: dict(o) for g, o in self.machine.prefs.items()}
            self._note(game_options.save(self.options_path, self.prefs))

    def _track(self, event: Event) -> bool:
        """Give an event to the statistics; True when it made a game count as lost."""
        if self.tracker is None:
            return False
        lost = self.tracker.losses
        self.tracker.event(event)
        if self.tracker.save_error:
            self._note(self.tracker.save_error)
            self.tracker.save_error = None
        return self.tracker.losses > lost

    def _save_game(self) -> None:
        g = self.machine.game
        if not self.machine.variant.saves or self.keep_save_file:
            return
        if g is None or g.won or g.deal is None and g.moves == 0:
            return
        try:
            savegame.save(self.save_path, g)
        except AtomicWriteError as e:
            self._note(str(e))

    def _forget_game(self) -> None:
        if self.keep_save_file:
            return
        try:
            os.unlink(self.save_path)
        except FileNotFoundError:
            pass
        except OSError as e:
            self._note(f"cannot delete the saved game {self.save_path}: {e.strerror}", "CANNOT DELETE SAVE")

    # -- the saved game offered at start ------------------------------------------------

    def decline_saved_game(self) -> None:
        """ESC at the offer: the saved game is abandoned (a loss if a move was made) and deleted."""
        g = self.saved_game
        self.saved_game = None
        if g is None:
            return
        frame = self.machine.frame if self.machine is not None else 0
        self._track(Event(frame, ev.DEAL, (g.rules.label, g.deal)))
        self._track(Event(frame, ev.RESUME, (g.moves, g.takebacks_left)))
        self.last_loss = self._track(Event(frame, ev.PROMPT))
        self._forget_game()

    # -- the recording -----------------------------------------------------------------

    def toggle_recording(self, now: str) -> str | None:
        """The window's record key: start writing the session to ``recordings/<now>.txt`` (from its
        first frame, so that it replays), or stop (the file keeps the session so far). Returns the
        file's name when it starts, None when it stops."""
        if self.record_path is not None:
            self.save_recording()
            self.record_path = None
            return None
        if self.recorder is None or self.data_dir is None:
            self._note("nothing can be recorded: there is no data folder", "CANNOT RECORD")
            return None
        folder = self.data_dir / userdata.RECORDINGS_DIR
        try:
            folder.mkdir(exist_ok=True)
        except OSError as e:
            self._note(f"cannot make {folder}: {e.strerror or e}", "CANNOT RECORD")
            return None
        self.record_path = folder / f"baker8bit-{now}.txt"
        self.save_recording()
        return self.record_path.name

    def save_recording(self) -> None:
        if self.recorder is None or self.record_path is None:
            return
        try:
            recording.save(self.record_path, self.recorder.recording())
        except AtomicWriteError as e:
            self._note(str(e))

    # -- what the title shows ----------------------------------------------------------

    def notes(self) -> tuple[str, ...]:
        """Lines for the foot of the title: a lost game, problems, then the statistics of the
        game whose title is on screen (its ``stats_rows``), each line at most 20 characters.

        A game with several rows (the 1989 game: one per suit count) gets a table
        with the label first, headed by its option's name ("SUITS WON PLAYED WIN",
        rows 2, 3, 4); a game with one row gets "WON PLAYED WIN" and that row."""
        out: list[str] = []
        if self.last_loss:
            out.append("LAST GAME LOST")
        if self.screen_note:
            out.append(self.screen_note)
        if self.tracker is not None:
            variant = self.machine.variant if self.machine is not None else games.get(None)
            out.extend(stats_lines(self.tracker.stats, variant))
        return tuple(out)


def stats_lines(st: stats.Stats, variant) -> list[str]:
    """The title's statistics table for one game (see ``Session.notes``)."""
    rows = [(label, st.games.get(name, stats.RuleSetStats())) for name, label in variant.stats_rows()]

    sign = "%" if "%" in font.load() else ""  # a character without a glyph would show as "?"

    def numbers(s: stats.RuleSetStats) -> str:
        pct = "-" if s.win_percent is None else f"{s.win_percent}{sign}"
        return f"{s.won:>3} {s.played:>6} {pct:>3}"

    cheats = sum(s.cheat_wins for _, s in rows)
    if cheats:  # King Albert: games won with the cheat, counted apart
        rows_text = stats_lines_plain(rows, variant, numbers)
        return rows_text + [f"CHEAT WINS {cheats}"]
    return stats_lines_plain(rows, variant, numbers)


def stats_lines_plain(rows, variant, numbers) -> list[str]:
    if len(rows) == 1:
        return ["WON PLAYED WIN", numbers(rows[0][1])]
    head = variant.options[0].name.upper() if len(variant.options) == 1 else "GAME"
    return [f"{head:<5} WON PLAYED WIN"] + [f"{label[:5]:^5} {numbers(s)}" for label, s in rows]
