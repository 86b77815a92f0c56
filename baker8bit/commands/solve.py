"""``baker8bit solve`` (one position) and ``baker8bit survey`` (many deals).

    baker8bit solve [--game ID] --suits 4 --deal 5 [--json] [--max-states N] [--max-seconds S]
                    [--memory SIZE]   (the FreeCell family: a seen table that forgets past SIZE)
    baker8bit solve --board FILE          (fc-solve board text; '-' = stdin)
    baker8bit survey [--game ID] --suits 2,3,4 --deals 1-1000 [--workers K] [--out FILE.csv]
                     [--resume] [--max-states N] [--max-seconds S] [--scheduler ADDRESS]
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from baker8bit import games
from baker8bit.commands.common import (
    UsageError,
    add_game_args,
    add_game_choice,
    memory_arg,
    positive_float,
    positive_int,
    start_of,
    variant_of,
)
from baker8bit.core import cluster
from baker8bit.core.sizes import parse_memory
from baker8bit.freecell.solver import survey as sv

DEFAULT_MAX_STATES = 2_000_000


def add_limit_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--max-states", type=positive_int, default=DEFAULT_MAX_STATES,
        help=f"give up (outcome 'unknown') after this many positions (default {DEFAULT_MAX_STATES})",
    )
    p.add_argument(
        "--max-seconds", type=positive_float, default=None,
        help="give up (outcome 'unknown') after this many seconds (default: no time limit)",
    )


def _address(text: str) -> str:
    try:
        return cluster.check_address(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "solve", help="solve a deal or a board",
        description="Search a deal or a board for a win; print the outcome, the keys a player "
        "types to win (`keys` plays them: EI = column E to parking space I, FT = column F to its "
        "terminal pile; sequence H3; Blue: ace swaps such as AABA if the aces as dealt find no "
        "win, P, then a card's slot and its gap's), the moves, the "
        "positions examined, the time and which search ran (compiled or pure).",
    )
    add_game_args(p)
    add_limit_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--memory", type=memory_arg, default=None, metavar="SIZE",
                   help="the 1989 game, Baker's Game, Eight Off and King Albert, compiled search: keep "
                   "at most SIZE (e.g. 16G) of positions seen; past it the search forgets some and "
                   "searches them again when it meets them, so a deal too large for memory can still "
                   "be won or proved lost (slower; --max-states then counts positions searched, again or not)")
    p.add_argument("--nested", type=int, default=None, metavar="L",
                   help="sequence: the nested Monte Carlo search of level L (1, 2 or 3) instead of the "
                   "depth-first one, seeds 1, 2, ... until one wins or --max-states moves are played; "
                   "it wins or says unknown (it proves nothing lost)")
    p.set_defaults(func=run)

    p = subparsers.add_parser(
        "survey", help="solve a range of deals, one CSV row per deal",
        description="Solve many deals in worker processes; write one CSV row per deal "
        f"({','.join(sv.FIELDS)}) as it is found, show progress on stderr and end with "
        "a table of outcomes. Ctrl-C stops it and keeps the rows written so far.",
    )
    add_game_choice(p)
    p.add_argument("--suits", default=None, help="the 1989 game: 2, 3 or 4, or a list such as 2,3,4 (default 4)")
    p.add_argument("--ranks", default=None, help="blue: cards a suit, 3..13 (default 13)")
    p.add_argument("--deals", default=None,
                   help="deal numbers: 1-1000, 7, or 1-10,20-30 (blue without --deals: every layout, counted exactly)")
    p.add_argument("--starting-rank", default=None, metavar="K",
                   help="King Albert: the rank already on the suit stacks, 0..12, or a list such as 0,3 (default 0)")
    p.add_argument("--workers", type=positive_int, default=None,
                   help="worker processes (default: one per CPU core)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None, type=_address,
                   help="run on the Dask distributed cluster whose scheduler is at ADDRESS "
                   "(e.g. tcp://10.0.0.5:8786; needs pip install \"baker8bit[cluster]\" here and on the "
                   "workers; a scheduler that has no worker within a minute is an error); --workers is then ignored")
    p.add_argument("--out", metavar="FILE.csv", help="write the CSV here (default: standard output)")
    p.add_argument("--resume", action="store_true",
                   help="keep the rows already in --out and solve only the other deals")
    p.add_argument("--proof-memory", metavar="SIZE", default=None,
                   help="blue: after the checker's plan, one more run keeping up to SIZE of positions "
                   "(e.g. 8G) for a deal still unknown")
    add_limit_args(p)
    p.set_defaults(func=run_survey)


def run(args: argparse.Namespace) -> int:
    try:
        rules, position, _deal = start_of(args)
    except UsageError as e:
        print(f"baker8bit: {e}", file=sys.stderr)
        return 2
    variant = variant_of(args)
    extra = {}
    if args.memory is not None:
        if not getattr(variant, "forgets", False):
            return _fail(f"the game {variant.id} has no option --memory for solve "
                         "(it is for the 1989 game, Baker's Game, Eight Off and King Albert)")
        extra["memory"] = args.memory
    if args.nested is not None:
        if not getattr(variant, "nested", False):
            return _fail(f"the game {variant.id} has no option --nested for solve (it is for sequence)")
        extra["nested"] = args.nested
    try:
        result = variant.solve(position, rules, max_states=args.max_states, max_seconds=args.max_seconds, **extra)
    except ValueError as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(result.json()))
        return 0
    print(result.outcome)
    if result.keys:
        print(" ".join(result.keys))
    made = f" ({len(result.automatic)} made by the game itself, not typed)" if result.automatic else ""
    print(f"{result.moves} moves{made}, {result.positions} states, {result.seconds:.3f} s, {result.search} search")
    return 0


def _fail(message: str) -> int:
    print(f"baker8bit: {message}", file=sys.stderr)
    return 2


def _variant_survey(variant, args: argparse.Namespace) -> int:
    """A game with its own survey (Blue: ``games/blue/study.py``)."""
    if args.starting_rank is not None:
        return _fail(f"the game {variant.id} has no option --starting-rank")
    if args.resume and not args.out:
        return _fail("--resume needs --out FILE.csv")
    try:
        options = {"suits": int(args.suits) if args.suits else None, "ranks": int(args.ranks) if args.ranks else None}
        variant.check_options(options)
        deals = sv.parse_deals(args.deals) if args.deals else None
    except ValueError as e:
        return _fail(str(e) if "blue" in str(e) or "deal" in str(e) else f"{variant.id}: {e}")
    if args.resume and deals is None:
        return _fail("--resume needs --deals (an exact count is one row)")
    extra = {}
    if args.proof_memory is not None:
        try:
            extra["proof_memory"] = parse_memory(args.proof_memory)
        except ValueError as e:
            return _fail(f"--proof-memory: {e}")
    if args.resume and os.path.exists(args.out):
        from baker8bit.games.blue.study import read_rows

        try:
            extra["kept"] = read_rows(args.out)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            return _fail(f"cannot resume: {e}")
    try:
        mode = "a" if "kept" in extra else "w"
        stream = open(args.out, mode, newline="", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115
    except OSError as e:
        return _fail(f"cannot write {args.out}: {e}")
    try:
        table = variant.survey(options, deals, stream, sys.stderr, workers=args.workers or 1,
                               max_positions=args.max_states if args.max_states != DEFAULT_MAX_STATES else None,
                               max_seconds=args.max_seconds, **extra)
    except KeyboardInterrupt:
        print("baker8bit: interrupted" + (f"; the rows written are kept in {args.out}" if args.out else ""),
              file=sys.stderr)
        return 130
    finally:
        if stream is not sys.stdout:
            stream.close()
    print(table, file=sys.stdout if args.out else sys.stderr)
    return 0


def run_survey(args: argparse.Namespace) -> int:
    variant = games.get(args.game)
    if variant.survey is not None:
        return _variant_survey(variant, args)
    if args.ranks:
        return _fail(f"the game {variant.id} has no option --ranks")
    if args.proof_memory is not None:
        return _fail(f"the game {variant.id} has no option --proof-memory")
    if args.starting_rank and not any(o.name == "starting_rank" for o in variant.options):
        return _fail(f"the game {variant.id} has no option --starting-rank")
    if not args.deals:
        return _fail("survey needs --deals (deal numbers: 1-1000, 7, or 1-10,20-30)")
    try:
        if any(o.name == "suits" for o in variant.options):
            rule_sets = [variant.rules({"suits": s}) for s in sv.parse_suits(args.suits or "4")]
        elif args.suits:
            return _fail(f"the game {variant.id} has no option --suits")
        elif any(o.name == "starting_rank" for o in variant.options):
            ranks = sv.parse_ranks(args.starting_rank or "0")
            rule_sets = [variant.rules({"starting_rank": k}) for k in ranks]
        else:  # a game whose options came later keeps the rule set its earlier surveys name (--resume)
            rule_sets = [variant.rules(variant.options_before or {})]
        deals = sv.parse_deals(args.deals)
    except ValueError as e:
        return _fail(str(e))
    if args.resume and not args.out:
        return _fail("--resume needs --out FILE.csv")
    done: dict = {}
    fields = sv.FIELDS
    if args.resume and os.path.exists(args.out):
        try:
            fields = sv.csv_fields(args.out) or sv.FIELDS  # an earlier version's CSV keeps its columns
            done = sv.read_rows(args.out)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            return _fail(f"cannot resume: {e}")
        if "suits" in fields and any(rs.name not in ("baker2", "baker3", "baker4") for rs in rule_sets):
            return _fail(f"cannot resume: {args.out} is a 0.1.0 survey of the 1989 game (a suits column); "
                         f"write the survey of {variant.id} to another file")
    total = len(rule_sets) * len(deals)
    kept = [done[(rs.name, d)] for rs in rule_sets for d in deals if (rs.name, d) in done] if done else []
    tasks = (sv.Task(rs.name, d, args.max_states, args.max_seconds)  # a stream: never a list of every deal
             for rs in rule_sets for d in deals if (rs.name, d) not in done)
    client = None
    if args.scheduler:  # reach the cluster (and a worker) before any CSV is opened: a failure leaves none
        try:
            client = cluster.connect(args.scheduler)
        except RuntimeError as e:
            return _fail(str(e))
    try:
        stream, header, created = sv.open_output(args.out, args.resume)
    except OSError as e:
        if client is not None:
            client.close()
        return _fail(f"cannot write {args.out}: {e.strerror or e}")
    progress = sv.Progress(sys.stderr, total)
    progress.update(len(kept), force=True)
    counts = sv.Counts(kept)
    written = 0
    workers = args.workers or sv.default_workers()
    code = 0
    failed: OSError | None = None
    try:
        writer = sv.RowWriter(stream, header, fields if not header else sv.FIELDS)
        rows_in = sv.run_tasks_dask(tasks, client) if client is not None else sv.run_tasks(tasks, workers)
        for row in rows_in:
            writer.write(row)
            written += 1
            counts.add(row)
            progress.update(counts.n)
    except KeyboardInterrupt:
        code = 130
    except OSError as e:  # a full disk, a closed pipe
        failed, code = e, 1
    finally:
        progress.close()
        if client is not None:
            client.close()  # now, not when the interpreter ends (distributed then prints tracebacks)
        closing = sv.close_output(stream)
        if closing is not None:
            failed, code = failed or closing, code or 1
    if failed is not None:
        where = args.out or "the output"
        gone = ""
        if args.out and created and written == 0 and os.path.isfile(args.out):
            os.unlink(args.out)  # no row in it: leave no empty CSV behind
            gone = "; it was removed"
        print(f"baker8bit: cannot write {where}: {failed.strerror or failed}; {written} rows written{gone}",
              file=sys.stderr)
        return code
    table = counts.summary()
    if code:
        print(f"baker8bit: interrupted; {counts.n} of {total} deals done"
              + (f", rows kept in {args.out}" if args.out else ""), file=sys.stderr)
    print(table, file=sys.stdout if args.out else sys.stderr)
    return code
