"""``baker8bit survey``: many deals solved, one CSV row a deal, a table of outcomes at the end.

    baker8bit survey [--game ID] --suits 2,3,4 --deals 1-1000 [--workers K] [--out FILE.csv]
                     [--resume] [--max-states N] [--max-seconds S] [--scheduler ADDRESS]
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys

from baker8bit import games
from baker8bit.commands.common import (
    DEFAULT_MAX_STATES,
    add_game_choice,
    add_game_options,
    add_limit_args,
    address_arg,
    fail,
    game_options,
    positive_int,
)
from baker8bit.console.contract import VariantError, flag
from baker8bit.core.sizes import parse_memory
from baker8bit.research import cluster
from baker8bit.research import survey as sv


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "survey", help="solve a range of deals, one CSV row per deal",
        description="Solve many deals in worker processes; write one CSV row per deal "
        f"({','.join(sv.FIELDS)}) as it is found, show progress on stderr and end with "
        "a table of outcomes. Ctrl-C stops it and keeps the rows written so far.",
    )
    add_game_choice(p)
    add_game_options(p, lists=True)  # each a value or a list (--suits 2,3,4): every rule set of them
    p.add_argument("--deals", default=None,
                   help="deal numbers: 1-1000, 7, or 1-10,20-30 (blue without --deals: every layout, counted exactly)")
    p.add_argument("--workers", type=positive_int, default=None,
                   help="worker processes (default: one per CPU core)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None, type=address_arg,
                   help="run on the Dask distributed cluster whose scheduler is at ADDRESS "
                   "(e.g. tcp://10.0.0.5:8786; needs Dask here and on the workers: pip install \"dask[distributed]\"; "
                   "a scheduler that has no worker within a minute is an error); --workers is then ignored")
    p.add_argument("--out", metavar="FILE.csv", help="write the CSV here (default: standard output)")
    p.add_argument("--resume", action="store_true",
                   help="keep the rows already in --out and solve only the other deals")
    p.add_argument("--proof-memory", metavar="SIZE", default=None,
                   help="blue: after the checker's plan, one more run keeping up to SIZE of positions "
                   "(e.g. 8G) for a deal still unknown")
    add_limit_args(p)
    p.set_defaults(func=run_survey)


def _given(variant, args: argparse.Namespace) -> dict[str, list]:
    """The option values given for ``variant`` (lists), refusing the options it has not."""
    have = {o.name for o in variant.options}
    given = {name: values for name, values in game_options(args).items() if values is not None}
    for name in given:
        if name not in have:
            raise VariantError(f"the game {variant.id} has no option --{flag(name)}")
    return given


def _rule_sets(variant, given: dict[str, list]) -> list:
    """Every rule set of the values given (each option not given: its default, or the value the
    game's earlier surveys had, ``Variant.recorded_defaults``, so ``--resume`` finds their rows)."""
    before = variant.recorded_defaults or {}
    names = [o.name for o in variant.options]
    lists = [given.get(o.name) or [before.get(o.name, o.default)] for o in variant.options]
    return [variant.rules(dict(zip(names, combo, strict=True))) for combo in itertools.product(*lists)]


def _variant_survey(variant, args: argparse.Namespace, given: dict[str, list]) -> int:
    """A game with its own survey (``Variant.survey``: Blue's)."""
    if any(len(values) > 1 for values in given.values()):
        return fail(f"the survey of {variant.id} takes one value of each option")
    options = variant.check_options({name: values[0] for name, values in given.items()})
    if args.resume and not args.out:
        return fail("--resume needs --out FILE.csv")
    try:
        deals = sv.parse_deals(args.deals) if args.deals else None
    except ValueError as e:
        return fail(str(e))
    if args.resume and deals is None:
        return fail("--resume needs --deals (an exact count is one row)")
    extra = {}
    if args.proof_memory is not None:
        try:
            extra["proof_memory"] = parse_memory(args.proof_memory)
        except ValueError as e:
            return fail(f"--proof-memory: {e}")
    if args.resume and os.path.exists(args.out):
        try:
            extra["kept"] = variant.survey.read_rows(args.out)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            return fail(f"cannot resume: {e}")
    try:
        mode = "a" if "kept" in extra else "w"
        stream = open(args.out, mode, newline="", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115
    except OSError as e:
        return fail(f"cannot write {args.out}: {e}")
    try:
        table = variant.survey.run(options, deals, stream, sys.stderr, workers=args.workers or 1,
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
    try:
        given = _given(variant, args)
        if variant.survey is not None:
            return _variant_survey(variant, args, given)
        if args.proof_memory is not None:
            return fail(f"the game {variant.id} has no option --proof-memory")
        if not args.deals:
            return fail("survey needs --deals (deal numbers: 1-1000, 7, or 1-10,20-30)")
        rule_sets = _rule_sets(variant, given)
        deals = sv.parse_deals(args.deals)
    except ValueError as e:  # VariantError too: the message names the game
        return fail(str(e))
    if args.resume and not args.out:
        return fail("--resume needs --out FILE.csv")
    done: dict = {}
    fields = sv.FIELDS
    if args.resume and os.path.exists(args.out):
        try:
            fields = sv.csv_fields(args.out) or sv.FIELDS  # an earlier version's CSV keeps its columns
            done = sv.read_rows(args.out)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            return fail(f"cannot resume: {e}")
        if "suits" in fields and any(rs.name not in sv.OLD_RULE_SETS for rs in rule_sets):
            return fail(f"cannot resume: {args.out} is a 0.1.0 survey of the 1989 game (a suits column); "
                         f"write the survey of {variant.id} to another file")
    total = len(rule_sets) * len(deals)
    kept = [done[(rs.name, d)] for rs in rule_sets for d in deals if (rs.name, d) in done] if done else []
    # a stream: never a list of every deal
    tasks = (sv.Task(rs.name, d, args.max_states, args.max_seconds, games.registry)
             for rs in rule_sets for d in deals if (rs.name, d) not in done)
    client = None
    if args.scheduler:  # reach the cluster (and a worker) before any CSV is opened: a failure leaves none
        try:
            client = cluster.connect(args.scheduler)
        except RuntimeError as e:
            return fail(str(e))
    try:
        stream, header, created = sv.open_output(args.out, args.resume)
    except OSError as e:
        if client is not None:
            client.close()
        return fail(f"cannot write {args.out}: {e.strerror or e}")
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
