"""How often is a Blue layout solvable? Exact counts and samples.

Exact counts (``exact``): every layout of a small size, each counted once.
A deal shuffles the S*R cards; the S aces leave S gaps, so a layout is a
placement of the S*(R-1) other cards and S gaps in the S*R slots of columns
1..R, and each of the (S*R)!/S! layouts comes from exactly S! shuffles (the
aces' identities are lost). Counting layouts once each is therefore the same
as counting every shuffle. The count is a retrograde analysis, independent
of the checker: the set of winnable boards (aces as dealt) grows backwards
from the won board, one move undone at a time, until nothing is added; a
layout is winnable with some ordering if relabelling its suits puts it in
that set (an ordering is a renaming of the suits of the rows).

Samples (``sample_rows``): deals 1..N of a size through the checker, as
dealt and with the best ordering, in worker processes, one CSV row per deal.

``run_survey`` is the hook for ``baker8bit survey --game blue``.
"""

from __future__ import annotations

import csv
import itertools
import math
import sys
import time
from collections import deque
from typing import NamedTuple, TextIO

from baker8bit.core.compiled import COMPILED, PURE, search_name
from baker8bit.core.deal import MAX_DEAL
from baker8bit.core.sizes import parse_memory
from baker8bit.games.blue import checker, rules
from baker8bit.games.blue.game import RANKS as SIZES_RANKS
from baker8bit.games.blue.game import SUITS as SIZES_SUITS
from baker8bit.games.blue.rules import GAP, Layout
from baker8bit.research import csvfile
from baker8bit.research import survey as sv

FIELDS = ("suits", "ranks", "deal", "dealt", "best", "best_aces", "moves", "positions", "seconds", "search",
          "dealt_by", "best_by")


def all_layouts(layout: Layout):
    """Every initial board of ``layout`` (aces as dealt), once each."""
    w = layout.width
    slots = [r * w + j for r in range(layout.suits) for j in range(1, w)]
    others = [c for c in layout.cards() if rules.rank_of(c) != 1]
    base = bytearray(layout.size)
    for r in range(layout.suits):
        base[r * w] = rules.card(r, 1)
    for gaps in itertools.combinations(slots, layout.suits):
        rest = [s for s in slots if s not in gaps]
        for perm in itertools.permutations(others):
            b = bytearray(base)
            for s, c in zip(rest, perm, strict=True):
                b[s] = c
            yield bytes(b)


def winnable_set(layout: Layout) -> set[bytes]:
    """Every board (aces as dealt) from which the won board can be reached."""
    w, top = layout.width, layout.ranks
    won = bytearray(layout.size)
    for r in range(layout.suits):
        for j in range(top):
            won[r * w + j] = rules.card(r, j + 1)
    start = bytes(won)
    seen = {start}
    todo = deque([start])
    while todo:
        b = todo.popleft()
        gaps = [i for i in range(layout.size) if b[i] == GAP]
        for g, c in enumerate(b):
            if c == GAP or g % w == 0:
                continue
            for p in gaps:  # undo "c went from p to g": c back at p, g a gap
                a = bytearray(b)
                a[p], a[g] = c, GAP
                ok = a[g - 1] == c - 1 or (g % w != w - 1 and a[g + 1] == c + 1 and c & 15 < top)
                if ok and (c & 15) > 1:
                    key = bytes(a)
                    if key not in seen:
                        seen.add(key)
                        todo.append(key)
    return seen


def relabel(board: bytes, perm: tuple[int, ...], layout: Layout) -> bytes:
    """``board`` played with the ace of suit sigma(k) on row k, where sigma is
    the inverse of ``perm``, written with suit s renamed perm[s]: the aces
    come back to row k = suit k, so the result is a board of the as-dealt set."""
    w = layout.width
    moved = bytearray((perm[c >> 4] << 4) | (c & 15) if c else 0 for c in board)
    for r in range(layout.suits):
        moved[r * w] = rules.card(r, 1)
    return bytes(moved)


class Exact(NamedTuple):
    layout: str
    suits: int
    ranks: int
    layouts: int
    dealt: int  # solvable with the aces as dealt
    best: int  # solvable with the best ordering
    seconds: float


EXACT_LAYOUTS = 2_000_000  # the most layouts an exact count goes through: 2 suits of 5 ranks, 8 s


def layouts(layout: Layout) -> int:
    """How many layouts a size has: (S*R)! shuffles, S! of them for each layout."""
    return math.factorial(layout.suits * layout.ranks) // math.factorial(layout.suits)


def check_exact(layout: Layout, sizes) -> None:
    """A ValueError of one line when ``layout`` has more than ``EXACT_LAYOUTS`` layouts to count
    exactly, naming the sizes of ``sizes`` ((suits, ranks) pairs) that can be counted."""
    if layouts(layout) <= EXACT_LAYOUTS:
        return
    fit: dict[int, list[int]] = {}
    for suits, ranks in sizes:
        if layouts(Layout(suits, ranks)) <= EXACT_LAYOUTS:
            fit.setdefault(suits, []).append(ranks)
    named = ", ".join(f"--suits {s} --ranks " + (f"{r[0]}..{r[-1]}" if len(r) > 1 else f"{r[0]}")
                      for s, r in fit.items())
    raise ValueError(f"{layout.suits} suits of {layout.ranks} ranks have {layouts(layout):.3g} layouts, too many "
                     f"to count exactly (up to {EXACT_LAYOUTS:,}: {named}); give --deals (e.g. --deals 1-1000) "
                     "to check a sample of deals")


def exact(layout: Layout) -> Exact:
    t0 = time.monotonic()
    won = winnable_set(layout)
    perms = list(itertools.permutations(range(layout.suits)))
    n = dealt = best = 0
    for b in all_layouts(layout):
        n += 1
        if b in won:
            dealt += 1
            best += 1
        elif any(relabel(b, p, layout) in won for p in perms[1:]):
            best += 1
    return Exact(layout.name, layout.suits, layout.ranks, n, dealt, best, time.monotonic() - t0)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95 % interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


class Row(NamedTuple):
    suits: int
    ranks: int
    deal: int
    dealt: str
    best: str
    best_aces: str
    moves: int
    positions: int
    seconds: float
    search: str = ""  # the checker's search run: "compiled" or "pure" (core/compiled.py)
    dealt_by: str = ""  # the run that decided each verdict (the checker's detail["method"]): for
    best_by: str = ""  # "unsolvable", the exhaustive run and its size: the method of the proof


class Task(NamedTuple):
    suits: int
    ranks: int
    deal: int
    max_positions: int | None
    max_seconds: float | None
    effort: int = checker.DEFAULT_EFFORT
    proof_memory: int | None = None  # bytes for one proof run after the plan (checker.solve)
    dealt_only: bool = False  # check the aces as dealt only: "best" is "-" (not checked) unless they win


NOT_CHECKED = "-"


def check_task(task: Task) -> Row:
    lay = Layout(task.suits, task.ranks)
    board = rules.deal(task.deal, lay)
    lim = dict(max_positions=task.max_positions, max_seconds=task.max_seconds, effort=task.effort,
               proof_memory=task.proof_memory)
    t0 = time.monotonic()
    d = checker.solve(board, lay, lay.dealt_aces(), **lim)
    if d.outcome != checker.SOLVED and task.dealt_only:
        return Row(task.suits, task.ranks, task.deal, d.outcome, NOT_CHECKED, "-", 0, d.positions,
                   time.monotonic() - t0, search_name("blue"), d.detail["method"], "")
    b = d if d.outcome == checker.SOLVED else checker.solve_any(board, lay, **lim)
    aces = "".join(rules.SUITS[s] for s in b.detail["aces"]) if b.detail["aces"] else "-"
    return Row(task.suits, task.ranks, task.deal, d.outcome, b.outcome, aces, len(b.moves),
               d.positions + (b.positions if b is not d else 0), time.monotonic() - t0, search_name("blue"),
               d.detail["method"], b.detail["method"])


def run_rows(tasks: list[Task], workers: int):
    """Rows in task order, from ``workers`` processes (1: this process; ``survey.run_pool``: an
    interrupt ends the workers with the pool)."""
    return sv.run_pool(check_task, tasks, workers if len(tasks) > 1 else 1)


def summary(rows: list[Row]) -> str:
    lines = [f"{'layout':>6} {'deals':>6}  {'verdict':<8} {'solvable':>18} {'unsolvable':>10} {'unknown':>8}"]
    groups: dict[tuple[int, int], list[Row]] = {}
    for r in rows:
        groups.setdefault((r.suits, r.ranks), []).append(r)
    for (s, rk), rs in sorted(groups.items()):
        for which in ("dealt", "best"):
            checked = [r for r in rs if getattr(r, which) != NOT_CHECKED]  # the dealt mode leaves best unchecked
            if not checked:
                continue
            n = len(checked)
            k = sum(getattr(r, which) == checker.SOLVED for r in checked)
            u = sum(getattr(r, which) == checker.UNSOLVABLE for r in checked)
            lo, hi = wilson(k, n)
            lines.append(f"{Layout(s, rk).name:>6} {n:>6}  {which:<8} {k / n:6.1%} [{lo:.1%},{hi:.1%}] "
                         f"{u / n:10.1%} {(n - k - u) / n:8.1%}")
    return "\n".join(lines)


VERDICTS = (checker.SOLVED, checker.UNSOLVABLE, checker.UNKNOWN)


def _aces(text: str) -> str:
    if text != "-" and (len(set(text)) != len(text) or not text or any(c not in SUITS_LETTERS for c in text)):
        raise ValueError(f"'-' or an ordering of the aces ({SUITS_LETTERS[:2]}..., each suit once)")
    return text


def _check(row: dict) -> str | None:
    if row["best"] == checker.SOLVED and row["best_aces"] == "-":
        return "a layout solved with the best ordering names its aces, not '-'"
    if row["best"] != checker.SOLVED and row["best_aces"] != "-":
        return f"a layout {row['best']} with the best ordering has no aces ('-'), not {row['best_aces']!r}"
    if row["best"] != checker.SOLVED and row["moves"]:
        return f"a layout not solved has 0 moves, not {row['moves']}"
    if row["dealt"] == checker.SOLVED and row["best"] != checker.SOLVED:
        return "a layout solved with the aces as dealt is solved with the best ordering too"
    if row["best_aces"] != "-" and len(row["best_aces"]) != row["suits"]:
        return f"{row['suits']} suits have {row['suits']} aces, not {row['best_aces']!r}"
    return None


SUITS_LETTERS = "".join(rules.SUITS)
SCHEMA = csvfile.Schema(
    "Blue survey CSV", FIELDS,
    {"suits": csvfile.whole(min(SIZES_SUITS), max(SIZES_SUITS)),
     "ranks": csvfile.whole(min(SIZES_RANKS), max(SIZES_RANKS)),
     "deal": csvfile.whole(1, MAX_DEAL), "dealt": csvfile.choice(*VERDICTS),
     "best": csvfile.choice(*VERDICTS, NOT_CHECKED), "best_aces": _aces, "moves": csvfile.whole(0),
     "positions": csvfile.whole(0), "seconds": csvfile.seconds,
     "search": csvfile.choice(COMPILED, PURE), "dealt_by": csvfile.text(), "best_by": csvfile.text()},
    key=("suits", "ranks", "deal"), older=[FIELDS[:n] for n in range(len(FIELDS) - 1, 8, -1)], check=_check,
    said=lambda r: f"deal {r['deal']} of {r['suits']}x{r['ranks']}")


def read_rows(path: str, name: str | None = None) -> list[Row]:
    """The rows of a survey CSV written by ``run_survey`` (an older one without the last
    columns reads them as empty), for ``--resume``, every line checked (``csvfile.read``);
    RowsError (a ValueError) names the file and its first bad line."""
    _, found = csvfile.read(path, SCHEMA, name)
    return [Row(*(r.get(k, "") for k in FIELDS)) for r in found]


def run_survey(suits: int, ranks: int, deals: list[int] | None, out: TextIO, err: TextIO = sys.stderr,
               workers: int = 1, max_positions: int | None = None,
               max_seconds: float | None = None, effort: int = checker.DEFAULT_EFFORT,
               proof_memory: int | None = None, kept: list[Row] | None = None,
               dealt_only: bool = False) -> str:
    """The hook for ``baker8bit survey --game blue --suits S --ranks R``.

    ``deals`` None: the exact count of every layout (small sizes; one CSV row
    ``layout,suits,ranks,layouts,dealt,best,seconds``). Otherwise those deal
    numbers through the checker, one CSV row per deal (``FIELDS``, ``search`` naming the search
    that ran, ``dealt_by``/``best_by`` the run that decided) written
    and flushed as it comes, progress with ETA on ``err``. Returns the
    summary table (percentages, Wilson 95 % intervals, unknown share).
    ``kept``: rows already in ``out`` (``--resume``): their deals are not checked again,
    no header is written, and the summary counts them. ``proof_memory``: see ``checker.solve``.
    ``dealt_only``: the aces as dealt only (a recheck of deals unknown as dealt): ``best`` is
    ``-``, not checked, unless the dealt aces win, and the summary has no best line for it."""
    lay = Layout(suits, ranks)
    w = csv.writer(out, lineterminator="\n")
    if deals is None:
        e = exact(lay)
        w.writerow(Exact._fields)
        w.writerow([*e[:-1], f"{e.seconds:.2f}"])
        out.flush()
        return (f"{e.layout}: {e.layouts} layouts, solvable as dealt {e.dealt} ({e.dealt / e.layouts:.2%}), "
                f"with the best ordering {e.best} ({e.best / e.layouts:.2%})")
    rows: list[Row] = [r for r in kept or () if (r.suits, r.ranks) == (suits, ranks) and r.deal in set(deals)]
    done = {r.deal for r in rows}
    if kept is None:
        w.writerow(FIELDS)
    tasks = [Task(suits, ranks, d, max_positions, max_seconds, effort, proof_memory, dealt_only)
             for d in deals if d not in done]
    progress = sv.Progress(err, len(tasks) + len(rows))
    progress.update(len(rows), force=True)
    try:
        for row in run_rows(tasks, workers):
            w.writerow([f"{v:.3f}" if name == "seconds" else v for name, v in zip(FIELDS, row, strict=True)])
            out.flush()
            rows.append(row)
            progress.update(len(rows))
    finally:
        progress.close()
    return summary(rows)


def _limit(text: str, kind):
    """A command-line limit: a number, or ``none`` for no limit."""
    return None if text.lower() == "none" else kind(text)


if __name__ == "__main__":
    # python -m baker8bit.games.blue.study S R [DEALS] [WORKERS] [MAX_SECONDS|none] [MAX_POSITIONS|none] [EFFORT]
    #                                       [PROOF_MEMORY|none] [both|dealt]
    # (a positions limit and no time limit make a sample reproducible on any machine and load;
    # "dealt": the aces as dealt only, for a recheck of the deals unknown as dealt)
    a = sys.argv[1:]
    if len(a) > 8 and a[8] not in ("both", "dealt"):
        print(f"baker8bit: the study's ninth argument is both or dealt, not {a[8]!r}", file=sys.stderr)
        sys.exit(2)
    ds = sv.parse_deals(a[2]) if len(a) > 2 and a[2] != "all" else None
    print(run_survey(int(a[0]), int(a[1]), ds, sys.stdout, workers=int(a[3]) if len(a) > 3 else 1,
                     max_seconds=_limit(a[4], float) if len(a) > 4 else None,
                     max_positions=_limit(a[5], int) if len(a) > 5 else None,
                     effort=int(a[6]) if len(a) > 6 else checker.DEFAULT_EFFORT,
                     proof_memory=_limit(a[7], parse_memory) if len(a) > 7 else None,
                     dealt_only=len(a) > 8 and a[8] == "dealt"), file=sys.stderr)
