"""Statistics per suit count: games played, won and lost, fewest moves in a win, streaks.

The rules:

- A game **counts** once at least one move was made in it (a move taken back
  was still made). A game left with no move made does not count at all.
- It is **won** when WINNER is reached by a move. Its move count then (the
  number shown with WINNER: moves on the path from the deal, take-backs
  subtracted) may become the **fewest moves** of that suit count.
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

The file is versioned JSON::

    {"format": "baker8bit-stats", "version": 1, "program": "0.1.0",
     "suits": {"2": {"won": 3, "lost": 1, "fewest_moves": 41, "streak": 2, "best_streak": 2},
               "3": {...}, "4": {...}}}

It is written atomically; a file that fails validation (``StatsError``) is
set aside as ``<name>.damaged-N`` by ``load_or_set_aside``, never deleted.

``StatsTracker`` reads a key machine's events (``deal S D``, ``resume M H``,
``move X Y``, ``takeback``, ``winner``, ``prompt``) and records wins and
losses, so the app only forwards events and says whether it saved on quitting.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable

from baker8bit import __version__
from baker8bit.sessions.atomic import AtomicWriteError, set_aside, write_text
from baker8bit.sessions.textlines import read_text

MAGIC = "baker8bit-stats"
FORMAT_VERSION = 1
SUITS = (2, 3, 4)


class StatsError(ValueError):
    """A statistics file that cannot be read; the message says which field and why."""


@dataclass
class SuitStats:
    won: int = 0
    lost: int = 0
    fewest_moves: int | None = None
    streak: int = 0
    best_streak: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost

    @property
    def win_percent(self) -> int | None:
        return None if not self.played else round(100 * self.won / self.played)


def _empty() -> dict[int, SuitStats]:
    return {s: SuitStats() for s in SUITS}


@dataclass
class Stats:
    suits: dict[int, SuitStats] = field(default_factory=_empty)

    def _of(self, suits: int) -> SuitStats:
        if suits not in SUITS:
            raise ValueError(f"suits must be 2, 3 or 4, not {suits!r}")
        return self.suits[suits]

    def record_win(self, suits: int, moves: int) -> None:
        s = self._of(suits)
        s.won += 1
        s.streak += 1
        s.best_streak = max(s.best_streak, s.streak)
        if s.fewest_moves is None or moves < s.fewest_moves:
            s.fewest_moves = moves

    def record_loss(self, suits: int) -> None:
        s = self._of(suits)
        s.lost += 1
        s.streak = 0

    def reset(self, suits: int | None = None) -> None:
        for n in SUITS if suits is None else (suits,):
            self.suits[n] = SuitStats()

    def summary(self) -> list[dict]:
        """One row per suit count: suits, played, won, lost, win_percent, fewest_moves, streak, best_streak."""
        return [
            {
                "suits": n,
                "played": s.played,
                "won": s.won,
                "lost": s.lost,
                "win_percent": s.win_percent,
                "fewest_moves": s.fewest_moves,
                "streak": s.streak,
                "best_streak": s.best_streak,
            }
            for n, s in sorted(self.suits.items())
        ]

    @property
    def empty(self) -> bool:
        return all(s == SuitStats() for s in self.suits.values())


# -- the file ----------------------------------------------------------------------


def dumps(stats: Stats) -> str:
    data = {
        "format": MAGIC,
        "version": FORMAT_VERSION,
        "program": __version__,
        "suits": {str(n): asdict(s) for n, s in sorted(stats.suits.items())},
    }
    return json.dumps(data, indent=2) + "\n"


def _count(entry: dict, key: str, where: str) -> int:
    v = entry.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise StatsError(f"{where}.{key}: must be a whole number 0 or more, not {v!r}")
    return v


def loads(text: str) -> Stats:
    """Read and validate statistics; StatsError on anything wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise StatsError(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    if not isinstance(data, dict) or data.get("format") != MAGIC:
        raise StatsError(f"not a baker8bit statistics file (\"format\" should be {MAGIC!r})")
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise StatsError(f"bad version {v!r}")
    if v > FORMAT_VERSION:
        raise StatsError(
            f"statistics format {v} was written by a newer baker8bit; this one ({__version__}) reads format {FORMAT_VERSION}"
        )
    if v != FORMAT_VERSION:
        raise StatsError(f"unknown statistics format version {v}")
    suits = data.get("suits")
    if not isinstance(suits, dict) or set(suits) != {str(n) for n in SUITS}:
        raise StatsError('"suits" must have exactly the entries "2", "3" and "4"')
    out = Stats()
    for n in SUITS:
        where = f"suits.{n}"
        entry = suits[str(n)]
        if not isinstance(entry, dict):
            raise StatsError(f"{where}: must be an object")
        extra = set(entry) - {"won", "lost", "fewest_moves", "streak", "best_streak"}
        if extra:
            raise StatsError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
        won, lost = _count(entry, "won", where), _count(entry, "lost", where)
        streak, best = _count(entry, "streak", where), _count(entry, "best_streak", where)
        fewest = entry.get("fewest_moves")
        if won == 0 and fewest is not None:
            raise StatsError(f"{where}.fewest_moves: must be null when no game was won")
        if won > 0:
            fewest = _count(entry, "fewest_moves", where)
            if fewest < 13 * n:
                raise StatsError(f"{where}.fewest_moves: {fewest} is too few; a {n}-suit win takes {13 * n} or more")
        if not streak <= best <= won:
            raise StatsError(f"{where}: streak {streak}, best streak {best} and won {won} do not fit together")
        out.suits[n] = SuitStats(won, lost, fewest, streak, best)
    return out


def save(path: str | os.PathLike, stats: Stats) -> None:
    """Write atomically; AtomicWriteError (old file unchanged) on failure."""
    write_text(path, dumps(stats))


def load(path: str | os.PathLike) -> Stats:
    """Read a statistics file; FileNotFoundError if missing, StatsError if damaged."""
    return loads(read_text(path, StatsError))


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

    ``feed(events)`` takes ``Event``s or their texts, in order. ``quit(saved)``
    is called when the program ends. With a ``path`` the statistics are saved
    after each change; a failed save does not stop the game: ``save_error``
    holds the message for the screen.
    """

    def __init__(self, stats: Stats, path: str | os.PathLike | None = None):
        self.stats = stats
        self.path = Path(path) if path is not None else None
        self.save_error: str | None = None
        self.suits: int | None = None   # the game being watched, or None
        self.moves = 0                  # its move count
        self.counts = False             # a move was made in it (it counts)
        self.moved_here = False         # a move was made since it was dealt or resumed

    def feed(self, events: Iterable) -> None:
        for e in events:
            self.event(str(e))

    def event(self, text: str) -> None:
        word, *args = text.split()
        if word == "deal":
            self._leave()
            # boards (no deal number) don't count; only the 1989 game's suit counts are kept so far
            self.suits = int(args[0]) if args[0].isdigit() and args[1:] and args[1].isdigit() else None
            self.moves = 0
            self.counts = self.moved_here = False
        elif word == "resume" and self.suits is not None:
            self.moves = int(args[0])
            self.counts = int(args[0]) > 0 or int(args[1]) > 0
        elif word == "move" and self.suits is not None:
            self.moves += 1
            self.counts = self.moved_here = True
        elif word == "takeback" and self.suits is not None:
            self.moves -= 1
        elif word == "winner" and self.suits is not None:
            if self.moved_here:
                self.stats.record_win(self.suits, self.moves)
                self._changed()
            self.suits = None
        elif word == "prompt":
            self._leave()

    def quit(self, saved: bool) -> None:
        """The program ends; ``saved``: the game in progress was saved to resume later."""
        if saved:
            self.suits = None
        else:
            self._leave()

    def _leave(self) -> None:
        if self.suits is not None and self.counts:
            self.stats.record_loss(self.suits)
            self._changed()
        self.suits = None

    def _changed(self) -> None:
        if self.path is None:
            return
        try:
            save(self.path, self.stats)
            self.save_error = None
        except AtomicWriteError as e:
            self.save_error = str(e)
