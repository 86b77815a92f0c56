"""Solve many deals: deal lists, worker processes, CSV rows, progress, summary.

The command line (``baker8bit survey``) is a thin layer over this module.
"""

from __future__ import annotations

import csv
import itertools
import multiprocessing
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, TextIO

from baker8bit.core import compiled, signals
from baker8bit.core.deal import MAX_DEAL, DealError, check_deal_number
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.research import cluster, csvfile

FIELDS = ("game", "deal", "outcome", "moves", "states", "seconds", "search")
NO_SEARCH_FIELDS = FIELDS[:-1]  # before the search column: resumed, its rows written without it
OLD_FIELDS = ("suits", "deal", "outcome", "moves", "states", "seconds")  # 0.1.0: the 1989 game by suit count
OLD_RULE_SETS = ("baker2", "baker3", "baker4")  # the rule sets a 0.1.0 CSV names by their suit count
OUTCOMES = (SOLVED, UNSOLVABLE, UNKNOWN)


class Row(NamedTuple):
    game: str  # the rule set's name: "baker4", "bakers-game", "eight-off", "sequence"
    deal: int
    outcome: str
    moves: int
    states: int
    seconds: float
    # the search that decided: "compiled" or "pure" (core/compiled.py), after the escalation's step
    # that decided when there was one ("nested-2 compiled"); "" in a CSV written before the column
    search: str = ""


class Task(NamedTuple):
    game: str  # the rule set's name
    deal: int
    max_states: int | None  # None: the game's escalation (``Variant.escalate``)
    max_seconds: float | None  # None: the escalation's default time, else no limit
    games: Callable[[], Any]  # a module-level function giving the registry (``baker8bit.games.registry``)


class Deals:
    """Deal numbers given as ranges, in order, once each, made as they are iterated: ``1-999999999``
    takes a few bytes, not gigabytes. ``len``, ``in`` and iteration; equal to the list it spells."""

    def __init__(self, ranges: list[tuple[int, int]]):
        self.ranges = ranges

    def _earlier(self, i: int, d: int) -> bool:
        return any(lo <= d <= hi for lo, hi in self.ranges[:i])

    def __iter__(self) -> Iterator[int]:
        for i, (lo, hi) in enumerate(self.ranges):
            for d in range(lo, hi + 1):
                if not self._earlier(i, d):
                    yield d

    def __len__(self) -> int:
        union: list[tuple[int, int]] = []
        for lo, hi in sorted(self.ranges):
            if union and lo <= union[-1][1] + 1:
                union[-1] = (union[-1][0], max(union[-1][1], hi))
            else:
                union.append((lo, hi))
        return sum(hi - lo + 1 for lo, hi in union)

    def __contains__(self, d: object) -> bool:
        return any(lo <= d <= hi for lo, hi in self.ranges)  # type: ignore[operator]

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, (list, tuple, Deals)) else NotImplemented

    def __repr__(self) -> str:
        return f"Deals({self.ranges!r})"


def parse_deals(text: str) -> Deals:
    """``"1-1000"``, ``"7"`` or ``"1-10,20,30-35"`` -> deal numbers, in order, once each (streamed)."""
    ranges: list[tuple[int, int]] = []
    parts = text.split(",")
    if len(parts) > 1000:
        raise ValueError("more than 1000 deal ranges: write them as fewer ranges")
    for part in parts:
        shown = repr(part.strip()[:40])
        lo_text, dash, hi_text = part.strip().partition("-")
        try:
            lo = check_deal_number(int(lo_text)) if lo_text.isascii() and len(lo_text) < 12 else None
            hi = (check_deal_number(int(hi_text)) if hi_text.isascii() and len(hi_text) < 12 else None) if dash else lo
            if lo is None or hi is None:
                raise ValueError
        except DealError:  # a number, but not a deal's
            raise ValueError(f"bad deal range {shown}: deal numbers run from 1 to {MAX_DEAL}") from None
        except ValueError:
            raise ValueError(f"bad deal range {shown} (write e.g. 1-1000 or 7 or 1-10,20)") from None
        if hi < lo:
            raise ValueError(f"bad deal range {shown}: the end is below the start")
        ranges.append((lo, hi))
    return Deals(ranges)


Z95 = 1.959964  # the normal quantile of a 95% interval, to six places (1.96: two)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a share k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return (max(0.0, c - h), min(1.0, c + h))


def solve_task(task: Task) -> Row:
    """One deal through its game's search (``Variant.solve``: any game, one result type)."""
    games = task.games()
    rs = games.ruleset(task.game)
    variant = games.of_rules(rs)
    # the survey counts the search's own line: a FreeCell-family game's shortening pass is left out
    quick = {"shorten": False} if "shorten" in variant.search_options else {}
    position = variant.new_game(rs, task.deal).position
    if task.max_states is None:  # no --max-states: the game's searches in turn (``Variant.escalate``)
        result = variant.escalate(position, rs, task.max_seconds, **quick)
    else:
        result = variant.solve(position, rs, task.max_states, task.max_seconds, **quick)
    return Row(task.game, task.deal, result.outcome, len(result.moves), result.positions, result.seconds,
               result.search)


CHUNK = 256  # tasks handed to the pool at a time, so a stream of a billion deals is never held whole


def run_pool(fn: Callable[[Any], Any], tasks: Iterable[Any], workers: int, chunksize: int = 1) -> Iterator[Any]:
    """``fn`` of each task, in task order, computed by ``workers`` processes (1: in this process).
    ``tasks`` may be a stream; it is read ``CHUNK`` tasks at a time. The workers leave Ctrl-C and
    SIGTERM to this process (``signals.quiet_worker``): an interrupt here, or the end of the
    results, ends them all with the pool; a row finished before is already yielded."""
    if workers <= 1:
        for task in tasks:
            yield fn(task)
        return
    it = iter(tasks)
    pool = multiprocessing.Pool(workers, initializer=signals.quiet_worker)
    try:
        while chunk := list(itertools.islice(it, CHUNK)):
            yield from pool.imap(fn, chunk, chunksize=chunksize)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def run_tasks(tasks: Iterable[Task], workers: int) -> Iterator[Row]:
    """Rows in task order, computed by ``workers`` processes (1: in this process)."""
    return run_pool(solve_task, tasks, workers)


def solve_batch(tasks: list[Task]) -> list[Row]:
    """Rows of several tasks (one Dask task: fewer, larger tasks for the scheduler)."""
    return [solve_task(task) for task in tasks]


def run_tasks_dask(tasks: Iterable[Task], address, batch: int = 50, window: int = 0) -> Iterator[Row]:
    """Rows in task order, computed on the Dask distributed cluster whose scheduler is at
    ``address`` (or on a ``Client`` from ``cluster.connect``, closed at the end), ``batch`` deals
    a Dask task (``research/cluster.py``; Dask: ``pip install "dask[distributed]"``)."""
    client = cluster.connect(address) if isinstance(address, str) else address
    return cluster.stream(client, solve_batch, tasks, batch, window)


def default_workers() -> int:
    return os.cpu_count() or 1


# ---- CSV ----------------------------------------------------------------------


def schema(rule_sets: Iterable[str] | None = None) -> csvfile.Schema:
    """A survey CSV's columns as ``--resume`` reads them (this version's, those without
    ``search``, and 0.1.0's with ``suits``); ``rule_sets``: the names its ``game`` column may hold
    (default: every registered game's)."""
    names = tuple(rule_sets) if rule_sets is not None else None

    def game(text: str) -> str:
        if (names is not None and text not in names) or (names is None and not text):
            raise ValueError("a rule set of this survey's game (" + ", ".join(names or ()) + ")"
                             if names is not None else "a rule set")
        return text

    def suits(text: str) -> str:  # 0.1.0: the 1989 game by its suit count
        return game(f"baker{csvfile.whole(2, 4)(text)}")

    return csvfile.Schema(
        "survey CSV", FIELDS,
        {"game": game, "suits": suits, "deal": csvfile.whole(1, MAX_DEAL), "outcome": csvfile.choice(*OUTCOMES),
         "moves": csvfile.whole(0), "states": csvfile.whole(0), "seconds": csvfile.seconds,
         "search": search_column},
        key=("game", "deal"), older=(NO_SEARCH_FIELDS, OLD_FIELDS), check=_check_row,
        said=lambda r: f"deal {r['deal']} of {r.get('game') or r.get('suits')}")


STEP = re.compile(r"[a-z][a-z0-9-]{0,31}")  # an escalation step's name: dfs, nested-2, table-8m


def search_column(text: str) -> str:
    """The ``search`` column: ``compiled`` or ``pure``, after the name of the escalation's step
    that decided when there was one (``nested-2 compiled``)."""
    step, _, which = text.rpartition(" ")
    if which not in (compiled.COMPILED, compiled.PURE) or (step and not STEP.fullmatch(step)):
        raise ValueError("'compiled' or 'pure', after the step that decided when the search escalated "
                         "('nested-2 compiled')")
    return text


def _check_row(row: dict) -> str | None:
    if row["outcome"] != SOLVED and row["moves"] != 0:
        return f"an {row['outcome']} deal has 0 moves, not {row['moves']}"
    return None


def read_csv(path: str, rule_sets: Iterable[str] | None = None,
             name: str | None = None) -> tuple[tuple[str, ...] | None, dict]:
    """The columns of a survey CSV (None: an empty file) and its rows by (rule set, deal), every
    line checked (``csvfile.read``); RowsError (a ValueError) names the first bad line. A CSV
    without the ``search`` column reads with ``search`` empty; one of version 0.1.0 (a ``suits``
    column: the 1989 game) reads as rule sets baker2..4."""
    header, found = csvfile.read(path, schema(rule_sets), name)
    done: dict[tuple[str, int], Row] = {}
    for r in found:
        game = r["suits"] if "suits" in r else r["game"]
        done[(game, r["deal"])] = Row(game, r["deal"], r["outcome"], r["moves"], r["states"], r["seconds"],
                                      r.get("search", ""))
    return header, done


def csv_fields(path: str) -> tuple[str, ...] | None:
    """The columns of a survey CSV (None for an empty file); ValueError for another CSV."""
    return read_csv(path)[0]


def read_rows(path: str, rule_sets: Iterable[str] | None = None) -> dict[tuple[str, int], Row]:
    """Rows already in a survey CSV, by (rule set, deal) (``read_csv``)."""
    return read_csv(path, rule_sets)[1]


class RowWriter:
    """Writes rows as they come, each whole and flushed (an interrupt keeps them; ``stream``:
    standard output or a ``csvfile.CsvOutput``'s stream). A row is a
    NamedTuple; the CSV gets its fields named in ``fields``, in that order (``seconds`` to
    0.1 ms), so a survey resumed into a CSV of an earlier version keeps that CSV's columns (0.1.0's
    ``suits``: the suit count of rule set ``bakerN``); the sequence study's rows are written by it too."""

    def __init__(self, stream: TextIO, header: bool, fields: tuple[str, ...] = FIELDS):
        self.stream = stream
        self.fields = fields
        self.writer = csv.writer(stream, lineterminator="\n")
        if header:
            self.writer.writerow(fields)
            stream.flush()

    def write(self, row: tuple) -> None:
        self.writer.writerow([_cell(row, name) for name in self.fields])
        self.stream.flush()


def _cell(row: tuple, name: str):
    if name == "suits":  # a 0.1.0 CSV: rule sets baker2..4 only (run_survey checks)
        return row.game.removeprefix("baker")
    value = getattr(row, name)
    return f"{value:.4f}" if name == "seconds" else value


# ---- progress -------------------------------------------------------------------


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Progress:
    """A progress bar with ETA on a text stream: redrawn in place with ``\\r`` on
    a terminal (at most ``redraw`` times a second), one line every ``every``
    seconds otherwise."""

    def __init__(self, stream: TextIO, total: int, now: Callable[[], float] = time.monotonic,
                 every: float = 10.0, redraw: float = 0.1, width: int = 30):
        self.stream, self.total, self.now = stream, total, now
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.every, self.redraw, self.width = every, redraw, width
        self.start = now()
        self.last = -1e9
        self.done = 0
        self.first: int | None = None  # done at the first update (rows kept by --resume)

    def text(self) -> str:
        frac = self.done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        elapsed = self.now() - self.start
        fresh = self.done - (self.first or 0)
        eta = elapsed / fresh * (self.total - self.done) if fresh > 0 else None
        if self.done >= self.total:
            eta = 0.0
        bar = "#" * filled + "." * (self.width - filled)
        return (f"[{bar}] {self.done}/{self.total} {frac:6.1%} elapsed {_clock(elapsed)} "
                f"ETA {_clock(eta) if eta is not None else '?'}")

    def update(self, done: int, force: bool = False) -> None:
        if self.first is None:
            self.first = done
        self.done = done
        t = self.now()
        if not force and t - self.last < (self.redraw if self.tty else self.every):
            return
        self.last = t
        if self.tty:
            self.stream.write("\r" + self.text())
        else:
            self.stream.write(self.text() + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.update(self.done, force=True)
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


# ---- summary --------------------------------------------------------------------


class Counts:
    """Outcomes per rule set, counted as rows come (a survey keeps no list of its rows)."""

    def __init__(self, rows: Iterable[Row] = ()):
        self.by_game: dict[str, dict[str, int]] = {}
        self.n = 0
        for row in rows:
            self.add(row)

    def add(self, row: Row) -> None:
        self.by_game.setdefault(row.game, dict.fromkeys(OUTCOMES, 0))[row.outcome] += 1
        self.n += 1

    def summary(self) -> str:
        return _table(self.by_game)


def summary(rows: Iterable[Row]) -> str:
    """A table of outcomes per rule set, with percentages."""
    return Counts(rows).summary()


def _table(counts: dict[str, dict[str, int]]) -> str:
    lines = [f"{'game':>11} {'deals':>7}  {'solvable':>16}  {'unsolvable':>16}  {'unknown':>16}"]
    for game in sorted(counts):
        c = counts[game]
        n = sum(c.values())
        cells = [f"{c[o]:>7} ({c[o] / n:6.1%})" for o in OUTCOMES]
        lines.append(f"{game:>11} {n:>7}  {cells[0]:>16}  {cells[1]:>16}  {cells[2]:>16}")
    for game in sorted(counts):
        c = counts[game]
        decided = c[OUTCOMES[0]] + c[OUTCOMES[1]]
        lo, hi = wilson(c[OUTCOMES[0]], decided)
        lines.append(f"{game}: solvable {c[OUTCOMES[0]]} of {decided} decided deals "
                     f"({c[OUTCOMES[0]] / decided if decided else 0:.1%}, 95% interval {lo:.1%}-{hi:.1%}); "
                     f"{c[OUTCOMES[2]]} unknown")
    return "\n".join(lines)
