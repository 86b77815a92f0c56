"""The study of sequence solitaire: every deal of a range with every player.

Worker processes, the progress bar and the deal ranges are those of the
FreeCell survey (``baker8bit.research.survey``). One CSV row per game
(``FIELDS``), flushed as it comes (Ctrl-C keeps the rows); ``--resume`` keeps
the rows already written. The table gives wins, the win rate and its Wilson 95%
interval per player; ``chart_png`` draws the same in the game's 8-bit style.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterable, Iterator
from typing import NamedTuple, TextIO

from baker8bit.atari import font, palette
from baker8bit.core.deal import MAX_DEAL
from baker8bit.games.sequence import players as pl
from baker8bit.games.sequence import strategy as strat
from baker8bit.games.sequence.rules import deal as deal_of
from baker8bit.research import cluster, csvfile
from baker8bit.research import survey as sv

FIELDS = ("strategy", "deal", "won", "moves", "outcome", "home", "reason", "seconds", "search")
OUTCOMES = (pl.WON, pl.LOST, pl.UNKNOWN)
SEARCHES = ("compiled", "pure", "none")
Z95 = 1.959964


class Row(NamedTuple):
    strategy: str
    deal: int
    won: int
    moves: int
    outcome: str
    home: int
    reason: str
    seconds: float
    search: str = "none"  # the clairvoyant search that ran: "compiled", "pure", or "none" (a strategy)


class Task(NamedTuple):
    strategy: str  # a shipped name, a file, "clairvoyant", "lookahead" or "sampling"
    deal: int
    samples: int  # 0: the player's default
    max_states: int
    parsed: strat.Strategy | None = None  # a strategy, read once by the command: workers never read its file


_players: dict = {}


def _player(task: Task) -> pl.Player:
    key = (task.strategy, task.samples, task.max_states)
    p = _players.get(key)
    if p is None:
        if task.parsed is not None:
            p = pl.StrategyPlayer(task.parsed, task.strategy)
        else:
            p = pl.player(task.strategy, samples=task.samples, max_states=task.max_states)
        _players[key] = p
    return p


def play_task(task: Task) -> Row:
    result, seconds = pl.timed_play(_player(task), deal_of(task.deal), task.deal)
    return Row(task.strategy, task.deal, int(result.won), len(result.moves), result.outcome,
               result.home, result.reason, seconds, pl.search_of(task.strategy))


def run_tasks(tasks: list[Task], workers: int) -> Iterator[Row]:
    """Rows in task order, from ``workers`` processes (1: in this process; ``survey.run_pool``:
    an interrupt ends the workers with the pool)."""
    if len(tasks) <= 1:
        workers = 1
    # a strategy plays a game in milliseconds: 8 games a chunk; the players that search or look
    # ahead take seconds a game, so one at a time, and the progress moves from the first game on
    slow = len(tasks) < 200 or any(task.strategy in pl.PLAYERS for task in tasks)
    return sv.run_pool(play_task, tasks, workers, chunksize=1 if slow else 8)


def play_batch(tasks: list[Task]) -> list[Row]:
    """Rows of several tasks (one Dask task: fewer, larger tasks for the scheduler)."""
    return [play_task(task) for task in tasks]


def run_tasks_dask(tasks: list[Task], address, batch: int = 4, window: int = 0) -> Iterator[Row]:
    """Rows in task order, played on the Dask distributed cluster whose scheduler is at
    ``address`` (or on a ``Client`` from ``cluster.connect``, closed at the end), ``batch`` games
    a Dask task (``research/cluster.py``: one line when Dask is missing, the scheduler cannot be
    reached or has no worker)."""
    client = cluster.connect(address) if isinstance(address, str) else address
    return cluster.stream(client, play_batch, tasks, batch, window)


parse_deals = sv.parse_deals
default_workers = sv.default_workers
Progress = sv.Progress


# ---- CSV ---------------------------------------------------------------------------------


SCHEMA = csvfile.Schema(
    "sequence study CSV", FIELDS,
    {"strategy": csvfile.text(empty=False), "deal": csvfile.whole(1, MAX_DEAL), "won": csvfile.whole(0, 1),
     "moves": csvfile.whole(0), "outcome": csvfile.choice(*OUTCOMES), "home": csvfile.whole(0, 52),
     "reason": csvfile.text(), "seconds": csvfile.seconds, "search": csvfile.choice(*SEARCHES)},
    key=("strategy", "deal"),
    check=lambda r: (f"won is {r['won']} and the outcome {r['outcome']!r}: a game is won (1) exactly when its "
                     "outcome is 'won'") if (r["won"] == 1) != (r["outcome"] == pl.WON) else (
        f"a won game has 52 cards home, not {r['home']}" if r["won"] and r["home"] != 52 else None),
    said=lambda r: f"deal {r['deal']} of {r['strategy']}")


def read_rows(path: str, name: str | None = None) -> dict[tuple[str, int], Row]:
    """Rows already in a study CSV, by (strategy, deal), every line checked (``csvfile.read``);
    RowsError (a ValueError) names the first bad line."""
    _, found = csvfile.read(path, SCHEMA, name)
    return {(r["strategy"], r["deal"]): Row(*(r[f] for f in FIELDS)) for r in found}


class RowWriter(sv.RowWriter):
    """The survey's CSV writer, with this study's columns."""

    def __init__(self, stream: TextIO, header: bool):
        super().__init__(stream, header, FIELDS)


# ---- table -------------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


class Line(NamedTuple):
    strategy: str
    games: int
    wins: int
    unknown: int
    rate: float
    low: float
    high: float
    home: float  # mean cards home


def lines(rows: Iterable[Row]) -> list[Line]:
    by: dict[str, list[Row]] = {}
    for r in rows:
        by.setdefault(r.strategy, []).append(r)
    out = []
    for name, rs in by.items():
        n = len(rs)
        w = sum(r.won for r in rs)
        lo, hi = wilson(w, n)
        out.append(Line(name, n, w, sum(r.outcome == pl.UNKNOWN for r in rs), w / n, lo, hi,
                        sum(r.home for r in rs) / n))
    return out


def table(rows: Iterable[Row]) -> str:
    ls = lines(rows)
    width = max([8] + [len(x.strategy) for x in ls])
    head = f"{'player':<{width}} {'games':>6} {'wins':>6} {'rate':>7}  {'95% interval':<17} {'unknown':>7} {'home':>5}"
    out = [head]
    for x in ls:
        out.append(f"{x.strategy:<{width}} {x.games:>6} {x.wins:>6} {x.rate:>7.2%}  "
                   f"{x.low:>7.2%} - {x.high:<7.2%} {x.unknown:>7} {x.home:>5.1f}")
    return "\n".join(out)


# ---- chart -------------------------------------------------------------------------------


def _png(width: int, height: int, pixels: list[bytearray]) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(row) for row in pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


SCALE = (0, 25, 50, 75, 100)  # the percentages marked under the bars


def scale_labels(label_w: int, plot_w: int) -> list[tuple[int, str]]:
    """Where the scale's labels go (left edge in pixels, text; 8 pixels a character): each number
    centred under its mark, and ``%`` just after the last, clear of its digits."""
    out = []
    for pct in SCALE:
        lab = f"{pct}"
        out.append((label_w + pct * plot_w // 100 - 4 * len(lab), lab))
    x, lab = out[-1]
    out.append((x + 8 * len(lab), "%"))
    return out


def chart_png(ls: list[Line], title: str = "SEQUENCE SOLITAIRE WINS", scale: int = 2) -> bytes:
    """A bar chart of win rates with their 95% intervals: the game's font and Atari colours."""

    def colour(byte: int) -> tuple[int, int, int]:
        v = palette.rgb(byte)
        return (v >> 16 & 255, v >> 8 & 255, v & 255)

    bg, ink, grid = colour(0x00), colour(0x0E), colour(0x04)
    bars = [colour(b) for b in (0x94, 0x28, 0xCA, 0x46, 0x66, 0xE8)]
    half = colour(0x36)
    label_w = 8 * max([4] + [min(len(x.strategy), 11) for x in ls]) + 8
    plot_w = 200
    w = label_w + plot_w + 56
    h = 8 * 3 + 16 * len(ls) + 20
    img = [[bg] * w for _ in range(h)]

    def put(x: int, y: int, c) -> None:
        if 0 <= x < w and 0 <= y < h:
            img[y][x] = c

    def text(x: int, y: int, s: str, c) -> None:
        for i, ch in enumerate(s):
            try:
                rows = font.glyph(ch)
            except KeyError:
                continue
            for dy, bits in enumerate(rows):
                for dx in range(8):
                    if bits & (0x80 >> dx):
                        put(x + 8 * i + dx, y + dy, c)

    text(4, 4, title[: w // 8 - 1], ink)
    top = 20
    bottom = top + 16 * len(ls)
    for pct in SCALE:
        x = label_w + pct * plot_w // 100
        for y in range(top - 2, bottom + 2, 1 if pct == 50 else 2):
            put(x, y, half if pct == 50 else grid)
    for x, lab in scale_labels(label_w, plot_w):
        text(x, bottom + 6, lab, ink if lab == "50" else grid)
    for i, x in enumerate(ls):
        y = top + 16 * i
        text(0, y + 4, x.strategy.upper()[:11], ink)
        c = bars[i % len(bars)]
        for yy in range(y + 3, y + 13):
            for xx in range(label_w, label_w + max(1, round(x.rate * plot_w))):
                put(xx, yy, c)
        lo, hi = label_w + round(x.low * plot_w), label_w + round(x.high * plot_w)
        for xx in range(lo, hi + 1):
            put(xx, y + 8, ink)
        for yy in range(y + 5, y + 12):
            put(lo, yy, ink)
            put(hi, yy, ink)
        text(label_w + plot_w + 8, y + 4, f"{x.rate * 100:.1f}", ink)
    rows = []
    for r in img:
        line = bytearray()
        for c in r:
            line += bytes(c) * scale
        for _ in range(scale):
            rows.append(line)
    return _png(w * scale, h * scale, rows)
