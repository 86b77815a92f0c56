"""``baker8bit stats``: the statistics table, and deleting it (``--reset``)."""

from __future__ import annotations

import sys

from baker8bit.sessions import stats as statsmod
from baker8bit.sessions import userdata
from baker8bit.sessions.atomic import AtomicWriteError
from baker8bit.commands.common import UsageError, suits_arg

HEADERS = ("suits", "played", "won", "lost", "win %", "fewest", "streak", "best")


def register(sub) -> None:
    p = sub.add_parser("stats", help="show the statistics per suit count (or delete them with --reset)")
    p.add_argument("--suits", type=suits_arg, default=None, help="only this suit count (2, 3 or 4)")
    p.add_argument("--reset", action="store_true", help="delete the statistics (asks first)")
    p.add_argument("--yes", action="store_true", help="with --reset: do not ask")
    p.set_defaults(func=run_stats)


def table(stats: statsmod.Stats, suits: int | None = None) -> str:
    rows = [HEADERS]
    for r in stats.summary():
        if suits is not None and r["suits"] != suits:
            continue
        rows.append(
            tuple(
                "-" if v is None else str(v)
                for v in (
                    r["suits"], r["played"], r["won"], r["lost"], r["win_percent"],
                    r["fewest_moves"], r["streak"], r["best_streak"],
                )
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows) + "\n"


def _ask(question: str) -> bool | None:
    """True for y/yes, False for anything else, None when there is no answer (EOF)."""
    print(question, end="", file=sys.stderr, flush=True)
    try:
        line = sys.stdin.readline()
    except (OSError, ValueError):
        line = ""
    if not line:
        print(file=sys.stderr)
        return None
    return line.strip().lower() in ("y", "yes")


def run_stats(args) -> int:
    path = userdata.stats_path()
    stats, message = statsmod.load_or_set_aside(path)
    if message:
        print(f"baker8bit: {message}", file=sys.stderr)
    if args.yes and not args.reset:
        raise UsageError("--yes only goes with --reset")
    if not args.reset:
        print(table(stats, args.suits), end="")
        return 0
    which = "all statistics" if args.suits is None else f"the {args.suits}-suit statistics"
    if not path.exists():
        print(f"no statistics to delete ({path} does not exist)")
        return 0
    if not args.yes:
        answer = _ask(f"Delete {which}? [y/N] ")
        if answer is None:
            print(f"no answer (no terminal?): {which} kept; use --yes to delete without asking", file=sys.stderr)
            return 1
        if not answer:
            print(f"{which} kept")
            return 0
    stats.reset(args.suits)
    try:
        statsmod.save(path, stats)
    except AtomicWriteError as e:
        print(f"baker8bit: {e}", file=sys.stderr)
        return 1
    print(f"{which} deleted")
    return 0
