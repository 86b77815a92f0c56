"""Statistics per rule set: games played, won and lost, fewest moves in a win, streaks.

Each rule set of each registered game (``games.all_variants()``) keeps its own
numbers under its name: ``baker2``, ``baker3``, ``baker4`` (the 1989 game with
2, 3 or 4 suits), ``bakers-game``, ``eight-off``, ...

The rules:

- A game **counts** once at least one move was made in it (a move taken back
  was still made; a move re-made with redo is made again). A game left with no
  move made does not count at all.
- It is **won** when WINNER is reached by a move. Its move count then (the
  number shown with WINNER: moves on the path from the deal, take-backs
  subtracted) may become the **fewest moves** of that rule set.
- It is **lost** when it counts and the player leaves it unwon: ESC (a new
  game), or quitting the program without saving the game to resume later.
- A game **saved** on quitting is neither: it goes on when resumed, and its
  moves made before the save still count it then. A resumed game that was
  already won (saved at its WINNER) is not won a second time.
- Only dealt games count: a game started from a board (``--board``, deal
  number unknown) is a puzzle, not a deal, and is not counted.
- **Played** = won + lost (games in progress are not in it). The **win rate**
  is won / played, shown as a whole percentage ("-" before any game).
- The **streak** is the number of wins since the last loss; a loss sets it to
  0. The **best streak** is the longest there has been.

The file is versioned JSON (format 2)::

    {"format": "baker8bit-stats", "version": 2, "program": "0.1.0",
     "games": {"baker2": {"won": 3, "lost": 1, "fewest_moves": 41, "streak": 2, "best_streak": 2},
               "baker3": {...}, "baker4": {...}, "bakers-game": {...}, "eight-off": {...}}}

Saving writes an entry for every registered rule set. Reading, a name that is
no registered rule set is an error naming it; a registered rule set without
an entry (a game added since the file was written) starts at zero. Format 1
(before there were other games: ``"suits": {"2": ..., "3": ..., "4": ...}``)
is still read, its entries becoming ``baker2``, ``baker3`` and ``baker4``; the
next save writes format 2. Each entry is checked: counts are whole numbers,
``fewest_moves`` is null before a win and at least the rule set's card count
after one, and streak <= best streak <= won.

A game won with a cheat (King Albert: a CHEAT event before its WINNER) is **counted apart**:
``cheat_wins`` goes up, and it is neither won nor lost (no streak, no fewest moves). The
field is written only when it is not 0 and read as 0 when absent.

It is written atomically, each change under a lock file (``stats.json.lock``)
and to the file as re-read then (``update``), so sessions running at once
merge their games; a file that cannot be read (permission denied) is never
overwritten; one that fails validation (``StatsError``) is
set aside as ``<name>.damaged-N`` by ``load_or_set_aside``, never deleted.

``StatsTracker`` reads a key machine's typed events (``core.events``: DEAL,
RESUME, MOVE, TAKEBACK, WINNER, PROMPT) and records wins and losses, so the
app only forwards events and says whether it saved on quitting.
"""

from __future__ import annotations

import errno
import json
import os
import time
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

from baker8bit import __version__, games
from baker8bit.core import events as ev
from baker8bit.core.events import Event
from baker8bit.core.files import AtomicWriteError, set_aside, write_text
from baker8bit.core.textlines import read_text


def _hint() -> str:
    return games.rule_set_hint()


MAGIC = "baker8bit-stats"
FORMAT_VERSION = 2
V1_SUITS = (2, 3, 4)  # format 1 kept the 1989 game's suit counts, now the rule sets baker2..baker4
FIELDS = ("won", "lost", "fewest_moves", "streak", "best_streak", "cheat_wins")


class StatsError(ValueError):
    """A statistics file that cannot be read; the message says which field and why."""


def rule_sets() -> dict:
    """Every registered rule set by name, in menu order (the games' order, then each game's)."""

    return {name: r for v in games.all_variants() for name, r in v.rule_sets().items()}


@cache
def _by_label() -> dict:
    out: dict = {}
    for r in rule_sets().values():
        if r.label in out:
            raise ValueError(f"rule sets {out[r.label].name} and {r.name} share the label {r.label!r}")
        out[r.label] = r
    return out


def rule_set_of_label(label: str):
    """The registered rule set a DEAL event's label names (``"4"``: baker4), or None.

    A DEAL event says its game by the rule set's label (the 1989 game's event
    text stays ``deal 4 11982``); labels are unique over the registry, so the
    label alone tells the rule set, and the tracker needs nothing but events."""
    return _by_label().get(str(label))


@dataclass
class RuleSetStats:
    won: int = 0
    lost: int = 0
    fewest_moves: int | None = None
    streak: int = 0
    best_streak: int = 0
    cheat_wins: int = 0  # games won with a cheat (King Albert's Shift): neither won nor lost, counted apart

    @property
    def played(self) -> int:
        return self.won + self.lost

    @property
    def win_percent(self) -> int | None:
        return None if not self.played else round(100 * self.won / self.played)


def _empty() -> dict[str, RuleSetStats]:
    return {name: RuleSetStats() for name in rule_sets()}


@dataclass
class Stats:
    games: dict[str, RuleSetStats] = field(default_factory=_empty)

    def _of(self, name: str) -> RuleSetStats:
        if name not in self.games:
            raise ValueError(f"unknown rule set {name!r} (known: {', '.join(self.games)})")
        return self.games[name]

    def record_win(self, name: str, moves: int) -> None:
        s = self._of(name)
        s.won += 1
        s.streak += 1
        s.best_streak = max(s.best_streak, s.streak)
        if s.fewest_moves is None or moves < s.fewest_moves:
            s.fewest_moves = moves

    def record_cheat_win(self, name: str) -> None:
        """A game won with a cheat: counted apart, not a win (no streak, no fewest moves) nor a loss."""
        self._of(name).cheat_wins += 1

    def record_loss(self, name: str) -> None:
        s = self._of(name)
        s.lost += 1
        s.streak = 0

    def reset(self, names: Iterable[str] | None = None) -> None:
        """Zero the named rule sets (all of them when None)."""
        for n in list(self.games) if names is None else names:
            self._of(n)
            self.games[n] = RuleSetStats()

    def summary(self) -> list[dict]:
        """One row per rule set, in menu order: rule_set, game (the variant id), label,
        played, won, lost, win_percent, fewest_moves, streak, best_streak."""
        known = rule_sets()
        rows = [
            {
                "rule_set": n,
                "game": known[n].game,
                "label": known[n].label,
                "played": s.played,
                "won": s.won,
                "lost": s.lost,
                "win_percent": s.win_percent,
                "fewest_moves": s.fewest_moves,
                "streak": s.streak,
                "best_streak": s.best_streak,
            }
            for n, s in self.games.items()
        ]
        for row in rows:  # games with a cheat (King Albert) say how many were won with it
            if known[row["rule_set"]].cheat:
                row["cheat_wins"] = self.games[row["rule_set"]].cheat_wins
        return rows

    @property
    def lost(self) -> int:
        """Games lost over all rule sets."""
        return sum(s.lost for s in self.games.values())

    @property
    def empty(self) -> bool:
        return all(s == RuleSetStats() for s in self.games.values())


# -- the file ----------------------------------------------------------------------


def dumps(stats: Stats) -> str:
    data = {
        "format": MAGIC,
        "version": FORMAT_VERSION,
        "program": __version__,
        "games": {n: _dump_entry(s) for n, s in stats.games.items()},
    }
    return json.dumps(data, indent=2) + "\n"


def _dump_entry(s: RuleSetStats) -> dict:
    """An entry as JSON; ``cheat_wins`` only when there are some (files stay as they were)."""
    d = asdict(s)
    if not d["cheat_wins"]:
        del d["cheat_wins"]
    return d


MAX_COUNT = 10**12  # far more games than a lifetime; a bigger number is damage


def _count(entry: dict, key: str, where: str) -> int:
    v = entry.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_COUNT:
        shown = repr(v)
        shown = shown if len(shown) <= 40 else shown[:40] + "..."
        raise StatsError(f"{where}.{key}: must be a whole number 0..{MAX_COUNT}, not {shown}")
    return v


def _entry(entry, where: str, rules, what: str) -> RuleSetStats:
    """One rule set's numbers, checked; ``what`` names its games in messages ("a 2-suit win")."""
    if not isinstance(entry, dict):
        raise StatsError(f"{where}: must be an object")
    extra = set(entry) - set(FIELDS)
    if extra:
        raise StatsError(f"{where}: unknown field(s) {', '.join(f[:40] for f in sorted(extra)[:3])}")
    won, lost = _count(entry, "won", where), _count(entry, "lost", where)
    streak, best = _count(entry, "streak", where), _count(entry, "best_streak", where)
    fewest = entry.get("fewest_moves")
    if won == 0 and fewest is not None:
        raise StatsError(f"{where}.fewest_moves: must be null when no game was won")
    if won > 0:
        fewest = _count(entry, "fewest_moves", where)
        if fewest < rules.cards:
            raise StatsError(f"{where}.fewest_moves: {fewest} is too few; {what} takes {rules.cards} or more")
    if not streak <= best <= won:
        raise StatsError(f"{where}: streak {streak}, best streak {best} and won {won} do not fit together")
    cheats = _count(entry, "cheat_wins", where) if "cheat_wins" in entry else 0
    return RuleSetStats(won, lost, fewest, streak, best, cheats)


def _loads_v1(data: dict) -> Stats:
    suits = data.get("suits")
    if not isinstance(suits, dict) or set(suits) != {str(n) for n in V1_SUITS}:
        raise StatsError('"suits" must have exactly the entries "2", "3" and "4"')
    known = rule_sets()
    out = Stats()
    for n in V1_SUITS:
        out.games[f"baker{n}"] = _entry(suits[str(n)], f"suits.{n}", known[f"baker{n}"], f"a {n}-suit win")
    return out


def _loads_v2(data: dict) -> Stats:
    entries = data.get("games")
    if not isinstance(entries, dict):
        raise StatsError('"games" must be an object, an entry per rule set')
    known = rule_sets()
    unknown = [n for n in entries if n not in known]
    if unknown:
        raise StatsError(
            f"unknown rule set(s) {', '.join(repr(n[:40]) for n in unknown[:3])} in \"games\" ({_hint()})"
        )
    out = Stats()
    for n, entry in entries.items():
        out.games[n] = _entry(entry, f"games.{n}", known[n], f"a win of {n}")
    return out


def loads(text: str) -> Stats:
    """Read and validate statistics (format 1 or 2); StatsError on anything wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise StatsError(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise StatsError("not a statistics file (nested too deeply)") from None
    except ValueError as e:  # a number of thousands of digits
        raise StatsError(f"not a statistics file ({str(e)[:60]})") from None
    if not isinstance(data, dict) or data.get("format") != MAGIC:
        raise StatsError(f"not a baker8bit statistics file (\"format\" should be {MAGIC!r})")
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise StatsError(f"bad version {repr(v)[:40]}")
    if v > FORMAT_VERSION and v < 10**6:
        raise StatsError(
            f"statistics format {v} was written by a newer baker8bit; "
            f"this one ({__version__}) reads formats 1 to {FORMAT_VERSION}"
        )
    if v == 1:
        return _loads_v1(data)
    if v == 2:
        return _loads_v2(data)
    raise StatsError(f"unknown statistics format version {str(v)[:20]}")


def save(path: str | os.PathLike, stats: Stats) -> None:
    """Write atomically (format 2); AtomicWriteError (old file unchanged) on failure."""
    write_text(path, dumps(stats))


def load(path: str | os.PathLike) -> Stats:
    """Read a statistics file; FileNotFoundError if missing, StatsError if damaged."""
    return loads(read_text(path, StatsError))


LOCK_WAIT = 10.0  # seconds to wait for another baker8bit to finish writing the statistics


@contextmanager
def locked(path: str | os.PathLike, wait: float = LOCK_WAIT):
    """Hold ``<name>.lock`` beside the statistics (an OS lock, released if the process dies),
    so the read-modify-write of two baker8bit windows cannot interleave. OSError when the lock
    cannot be made or is still held after ``wait`` seconds."""
    lock = Path(path).with_name(Path(path).name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                if os.name == "posix":
                    import fcntl  # POSIX only

                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                else:  # pragma: no cover - Windows
                    import msvcrt  # Windows only

                    msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                break
            except (BlockingIOError, PermissionError):
                if time.monotonic() > deadline:
                    raise OSError(errno.EAGAIN, f"{lock} is held by another baker8bit") from None
                time.sleep(0.005)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def update(path: str | os.PathLike, change: Callable[[Stats], None]) -> Stats:
    """Apply ``change`` to the statistics on disk, under the lock, re-read just before: two
    sessions recording at once both count. Returns the statistics written.

    A missing file starts at zero; a damaged one is set aside first (``<name>.damaged-N``). A
    file that cannot be read (permission denied, ...) or set aside is never overwritten: OSError
    (an ``AtomicWriteError`` when the write itself fails)."""
    path = Path(path)
    with locked(path):
        try:
            current = load(path)
        except FileNotFoundError:
            current = Stats()
        except StatsError:
            set_aside(path)
            current = Stats()
        change(current)
        save(path, current)
    return current


def load_or_set_aside(path: str | os.PathLike) -> tuple[Stats, str | None]:
    """The statistics (empty when there is no file) and a message when the file was damaged
    (then renamed to ``<name>.damaged-N``, never deleted) or could not be read."""
    path = Path(path)
    try:
        return load(path), None
    except FileNotFoundError:
        return Stats(), None
    except StatsError as e:
        reason = str(e)
    except OSError as e:
        return Stats(), f"cannot read the statistics {path}: {e.strerror or e}"
    try:
        kept = set_aside(path)
    except OSError as e:
        return Stats(), f"the statistics {path} are damaged ({reason}) and could not be moved aside: {e.strerror or e}"
    return Stats(), f"the statistics could not be read ({reason}); they are kept as {kept.name}, counting starts anew"


# -- watching a key machine ----------------------------------------------------------


class StatsTracker:
    """Records wins and losses from a key machine's events (see the module docstring).

    ``feed(events)`` takes ``Event``s in order; ``event(e)`` one of them. A DEAL
    event names its rule set by label (``rule_set_of_label``); a DEAL without
    a deal number (a board) or with a label no registered rule set has is not
    counted. ``quit(saved)`` is called when the program ends. With a ``path``
    the statistics are saved after each change; a failed save does not stop
    the game: ``save_error`` holds the message for the screen. Each change is
    made to the file as it is then (``update``, under a lock), so two windows
    open at once both count, and an unreadable file is never overwritten.
    """

    def __init__(self, stats: Stats, path: str | os.PathLike | None = None):
        self.stats = stats
        self.path = Path(path) if path is not None else None
        self.save_error: str | None = None
        self.rule_set: str | None = None  # the name of the rule set of the game being watched, or None
        self.moves = 0                    # its move count
        self.counts = False               # a move was made in it (it counts)
        self.moved_here = False           # a move was made since it was dealt or resumed
        self.cheated = False              # a run was moved with the cheat (King Albert)
        self.losses = 0                   # games this tracker counted as lost

    def feed(self, events: Iterable[Event]) -> None:
        for e in events:
            self.event(e)

    def event(self, e: Event) -> None:
        kind, args = e.kind, e.args
        watching = self.rule_set is not None
        if kind == ev.DEAL:
            self._leave()
            label, deal = args
            rules = rule_set_of_label(label) if deal is not None else None
            self.rule_set = rules.name if rules is not None else None
            self.moves = 0
            self.counts = self.moved_here = self.cheated = False
        elif kind == ev.RESTART and watching:  # the deal again: the same game, its move count back to 0
            self.moves = 0
        elif kind == ev.CHEAT and watching:
            self.cheated = True
        elif kind == ev.RESUME and watching:
            moves, takebacks_left = args
            self.moves = moves
            self.counts = moves > 0 or takebacks_left > 0
        elif kind == ev.MOVE and watching:  # a redo is announced as a MOVE too
            self.moves += 1
            self.counts = self.moved_here = True
        elif kind == ev.TAKEBACK and watching:
            self.moves -= 1
        elif kind == ev.WINNER and watching:
            if self.moved_here and self.cheated:
                name = self.rule_set
                self._changed(lambda st: st.record_cheat_win(name))
            elif self.moved_here:
                name, moves = self.rule_set, self.moves
                self._changed(lambda st: st.record_win(name, moves))
            self.rule_set = None
        elif kind == ev.PROMPT:
            self._leave()

    def quit(self, saved: bool) -> None:
        """The program ends; ``saved``: the game in progress was saved to resume later."""
        if saved:
            self.rule_set = None
        else:
            self._leave()

    def _leave(self) -> None:
        if self.rule_set is not None and self.counts:
            name = self.rule_set
            self.losses += 1
            self._changed(lambda st: st.record_loss(name))
        self.rule_set = None

    def _changed(self, change: Callable[[Stats], None]) -> None:
        """Count it here, and in the file (``update``: merged with what other sessions wrote)."""
        change(self.stats)
        if self.path is None:
            return
        try:
            self.stats = update(self.path, change)
            self.save_error = None
        except AtomicWriteError as e:
            self.save_error = str(e)
        except OSError as e:
            self.save_error = (f"cannot update the statistics {self.path}: {e.strerror or e}; "
                               "the file is left as it is")
