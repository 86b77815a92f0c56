"""``baker8bit stats``: the statistics table of every game's rule sets, and deleting it (``--reset``)."""

from __future__ import annotations

import sys

from baker8bit import games
from baker8bit.commands.common import UsageError, add_game_options, game_arg, game_options, variant_of
from baker8bit.core.files import AtomicWriteError
from baker8bit.sessions import stats as statsmod
from baker8bit.sessions import userdata

HEADERS = ("game", "played", "won", "lost", "win %", "fewest", "streak", "best")


def register(sub) -> None:
    p = sub.add_parser(
        "stats",
        help="show the statistics per game and rule set (or delete them with --reset)",
        description="The statistics, a row per rule set. The game column names the rule set: "
        "baker2, baker3 and baker4 are the 1989 game (baker) with 2, 3 and 4 suits; "
        "the other games have one rule set each, named like the game (bakers-game, eight-off).",
    )
    p.add_argument("--game", type=game_arg, default=None,
                   help=f"only this game's rule sets: {', '.join(games.ids())} (default: every game)")
    add_game_options(p)  # with them, only the rule set of those options (--suits 3: baker3)
    p.add_argument("--all", action="store_true",
                   help="every rule set, played or not (default: only those with a game played)")
    p.add_argument("--reset", action="store_true",
                   help="delete the statistics shown (asks first); exit 0 when deleted or there were none, "
                   "1 when kept (answer no, no answer, a file that cannot be read or written)")
    p.add_argument("--yes", action="store_true", help="with --reset: delete without asking (scripts, no terminal)")
    p.set_defaults(func=run_stats)


def chosen(args) -> tuple[list[str] | None, str]:
    """The rule set names ``--game`` and the game's options choose (None: all) and how to say them."""
    given = {name: value for name, value in game_options(args).items() if value is not None}
    if args.game is None and not given:
        return None, "all statistics"
    variant = variant_of(args)  # --suits for a game without suits: a UsageError naming the game
    if given:
        rules = variant.rules(given)
        return [rules.name], f"the statistics of {rules.name}"
    return list(variant.rule_sets()), f"the statistics of {variant.id}"


def table(stats: statsmod.Stats, names: list[str] | None = None, every: bool = True) -> str:
    """The table of the rule sets ``names`` (None: all); without ``every`` only those played."""
    rows = [HEADERS]
    for r in stats.summary():
        if names is not None and r["rule_set"] not in names:
            continue
        if not every and not r["played"]:
            continue
        rows.append(
            tuple(
                "-" if v is None else str(v)
                for v in (
                    r["rule_set"], r["played"], r["won"], r["lost"], r["win_percent"],
                    r["fewest_moves"], r["streak"], r["best_streak"],
                )
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ) + "\n"


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
    if args.yes and not args.reset:
        raise UsageError("--yes only goes with --reset")
    names, which = chosen(args)
    path = userdata.stats_path()
    stats, message = statsmod.load_or_set_aside(path)
    if message:
        print(f"baker8bit: {message}", file=sys.stderr)
    if not args.reset:
        text = table(stats, names, every=args.all)
        if text.count("\n") == 1:  # the header alone
            print(f"no games played yet ({which}); `baker8bit stats --all` shows every rule set")
        else:
            print(text, end="")
        return 0
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
            return 1
    try:
        statsmod.update(path, lambda st: st.reset(names))
    except AtomicWriteError as e:
        print(f"baker8bit: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"baker8bit: cannot read the statistics {path}: {e.strerror or e}; {which} kept", file=sys.stderr)
        return 1
    print(f"{which} deleted")
    return 0
