"""``baker8bit survey``: many deals solved, one CSV row a deal, a table of outcomes at the end.

    baker8bit survey [--game ID] --suits 2,3,4 --deals 1-1000 [--workers K] [--out FILE.csv]
                     [--resume] [--max-states N] [--max-seconds S] [--scheduler ADDRESS]
"""

from __future__ import annotations

import argparse
import itertools
import sys

from baker8bit import games
from baker8bit.commands.common import (
    add_game_choice,
    add_game_options,
    add_limit_args,
    address_arg,
    fail,
    game_options,
    memory_arg,
    workers_arg,
)
from baker8bit.console.contract import ESCALATION_SECONDS, VariantError, flag
from baker8bit.core import files, signals
from baker8bit.research import cluster, csvfile
from baker8bit.research import survey as sv


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "survey", help="solve a range of deals, one CSV row per deal",
        description="Solve many deals in worker processes; write one CSV row per deal "
        f"({','.join(sv.FIELDS)}) as it is found, show progress on stderr and end with "
        "a table of outcomes. Without --max-states each deal escalates as `solve` does (the game's "
        f"searches in turn, cheap to strong, sized to end within about {ESCALATION_SECONDS:g} s a deal) and its "
        "search column names the step that decided (nested-2 compiled). Memory: each worker keeps what "
        "one deal's search keeps (--max-states). Ctrl-C stops it and keeps the rows written so far.",
    )
    add_game_choice(p)
    add_game_options(p, lists=True)  # each a value or a list (--suits 2,3,4): every rule set of them
    p.add_argument("--deals", default=None,
                   help="deal numbers: 1-1000, 7, or 1-10,20-30 (blue without --deals: every layout counted "
                   "exactly, for the sizes of up to 2 million layouts, a few seconds and MB)")
    p.add_argument("--workers", type=workers_arg, default=None,
                   help="worker processes (default: one per CPU core)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None, type=address_arg,
                   help="run on the Dask distributed cluster whose scheduler is at ADDRESS "
                   "(e.g. tcp://10.0.0.5:8786; needs Dask here and on the workers: pip install \"dask[distributed]\"; "
                   "a scheduler that has no worker within a minute is an error); --workers is then ignored")
    p.add_argument("--out", metavar="FILE.csv", help="write the CSV here (default: standard output)")
    p.add_argument("--resume", action="store_true",
                   help="keep the rows already in --out (each checked) and solve only the other deals; "
                   "without it an existing --out is replaced only when the new survey is complete "
                   "(interrupted, the old file stays and the new rows go to FILE.csv.partial)")
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


def _cannot_write(path: str | None, e: OSError) -> str:
    """The one line of an output that cannot be opened (an ``OutputError`` says it all itself)."""
    if isinstance(e, files.OutputError):
        return str(e)
    return f"cannot write {path}: {e.strerror or e}"


def _output(args: argparse.Namespace) -> csvfile.CsvOutput:
    """Where the CSV goes (``csvfile.CsvOutput``: a file kept until the new one is complete,
    appended with ``--resume``, a stream); OutputError when it cannot be."""
    return csvfile.CsvOutput(args.out, args.resume)


def _ended(where: str | None, written: int, failed: OSError | None,
           interrupt: BaseException | None, done: int, total: int, note: str) -> None:
    """The line that says how a survey that did not complete ended, and where its rows are."""
    if failed is not None:
        print(f"baker8bit: cannot write {where or 'the output'}: {failed.strerror or failed}; "
              f"{written} rows written" + (f"; {note}" if note else ""), file=sys.stderr)
    elif interrupt is not None:
        kept = f"; {note}" if note else (f", rows kept in {where}" if where else "")
        print(f"baker8bit: {signals.said(interrupt)}; {done} of {total} deals done{kept}", file=sys.stderr)


def _variant_survey(variant, args: argparse.Namespace, given: dict[str, list]) -> int:
    """A game with its own survey (``Variant.survey``: Blue's)."""
    if any(len(values) > 1 for values in given.values()):
        return fail(f"the survey of {variant.id} takes one value of each option")
    options = variant.check_options({name: values[0] for name, values in given.items()})
    try:
        deals = sv.parse_deals(args.deals) if args.deals else None
    except ValueError as e:
        return fail(str(e))
    if args.resume and deals is None:
        return fail("--resume needs --deals (an exact count is one row)")
    if deals is None:
        try:
            variant.survey.check_exact(options)
        except ValueError as e:
            return fail(str(e))
    extra = {}
    if args.proof_memory is not None:
        try:
            extra["proof_memory"] = memory_arg(args.proof_memory)
        except argparse.ArgumentTypeError as e:
            return fail(f"--proof-memory: {e}")
    out = _output(args)
    if out.resuming:
        try:
            extra["kept"] = variant.survey.read_rows(str(out.target), name=args.out)
        except (OSError, ValueError) as e:
            return fail(f"cannot resume: {e}")
    try:
        out.open()
    except OSError as e:
        return fail(_cannot_write(args.out, e))
    interrupt: BaseException | None = None
    failed: OSError | None = None
    table = ""
    try:
        table = variant.survey.run(options, deals, out.stream, sys.stderr, workers=args.workers or 1,
                                   max_positions=args.max_states,
                                   max_seconds=args.max_seconds, **extra)
    except KeyboardInterrupt as e:
        interrupt = e
    except OSError as e:  # a full disk, a closed pipe
        failed = e
    finally:
        closing, note = out.close(complete=interrupt is None and failed is None, failed=failed is not None)
    failed = failed or closing
    if failed is not None or interrupt is not None:
        rows = max(0, out.rows - (1 if out.header else 0))
        if failed is not None:
            _ended(args.out, rows, failed, None, 0, 0, note)
            return 1
        kept = f"; {note}" if note else (f"; the rows written are kept in {args.out}" if args.out else "")
        print(f"baker8bit: {signals.said(interrupt)}{kept}", file=sys.stderr)
        return signals.code(interrupt)
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
    out = _output(args)
    done: dict = {}
    fields = sv.FIELDS
    if out.resuming:
        try:  # an earlier version's CSV keeps its columns
            header, done = sv.read_csv(str(out.target), variant.rule_sets(), name=args.out)
        except (OSError, ValueError) as e:
            return fail(f"cannot resume: {e}")
        fields = header or sv.FIELDS
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
        out.open()
    except OSError as e:
        if client is not None:
            client.close()
        return fail(_cannot_write(args.out, e))
    progress = sv.Progress(sys.stderr, total)
    progress.update(len(kept), force=True)
    counts = sv.Counts(kept)
    written = 0
    workers = args.workers or sv.default_workers()
    interrupt: BaseException | None = None
    failed: OSError | None = None
    try:
        writer = sv.RowWriter(out.stream, out.header, fields if not out.header else sv.FIELDS)
        rows_in = sv.run_tasks_dask(tasks, client) if client is not None else sv.run_tasks(tasks, workers)
        for row in rows_in:
            writer.write(row)
            written += 1
            counts.add(row)
            progress.update(counts.n)
    except KeyboardInterrupt as e:  # Ctrl-C or SIGTERM: the workers end with the pool
        interrupt = e
    except OSError as e:  # a full disk, a closed pipe
        failed = e
    finally:
        progress.close()
        if client is not None:
            client.close()  # now, not when the interpreter ends (distributed then prints tracebacks)
        closing, note = out.close(complete=interrupt is None and failed is None, failed=failed is not None)
    failed = failed or closing
    if failed is not None:
        _ended(args.out, written, failed, None, counts.n, total, note)
        return 1
    table = counts.summary()
    if interrupt is not None:
        _ended(args.out, written, None, interrupt, counts.n, total, note)
    print(table, file=sys.stdout if args.out else sys.stderr)
    return signals.code(interrupt) if interrupt is not None else 0
