"""Sequence's ``study`` (``baker8bit study sequence``, through ``Variant.study``): a range of deals
played with strategies and reference players.

    baker8bit study sequence --strategy random greedy best --deals 1-10000 --out games.csv
                             [--resume] [--workers K] [--chart FILE.png]
                             [--samples N] [--max-states N] [--scheduler ADDRESS]

``--strategy`` takes shipped strategy names (random, greedy, best), strategy
files, ``clairvoyant`` (exact search knowing the deck), ``lookahead`` (rollouts
of ``best`` without seeing it) and ``sampling`` (the clairvoyant search's tries on
sampled orders of the unseen cards, without seeing the deck).
"""

from __future__ import annotations

import argparse
import sys

from baker8bit.core import files, signals
from baker8bit.core.arguments import MAX_SAMPLES, UsageError, samples_arg, states_arg, workers_arg
from baker8bit.games.sequence import players
from baker8bit.games.sequence import strategy as strat
from baker8bit.games.sequence import study as sd
from baker8bit.research import cluster, csvfile

SUMMARY = "sequence: strategies and reference players on every deal of a range"
FIELDS = sd.FIELDS


def add_arguments(p) -> None:
    p.add_argument("--strategy", nargs="+", action="extend", required=True, metavar="NAME|FILE",
                   help=f"shipped strategies ({', '.join(strat.shipped_names())}), strategy files, "
                   "clairvoyant, lookahead or sampling")
    p.add_argument("--deals", required=True, help="deal numbers: 1-10000, 7, or 1-10,20-30")
    p.add_argument("--out", metavar="FILE.csv", help="write the CSV here (default: standard output)")
    p.add_argument("--resume", action="store_true",
                   help="keep the rows already in --out (each checked) and play only the others; without it an "
                   "existing --out is replaced only when the new study is complete (interrupted, the old file "
                   "stays and the new rows go to FILE.csv.partial)")
    p.add_argument("--workers", type=workers_arg, default=None, help="worker processes (default: one per core)")
    p.add_argument("--chart", metavar="FILE.png", help="draw the win rates and intervals to this PNG")
    p.add_argument("--samples", type=samples_arg, default=None,
                   help="lookahead and sampling: sampled orders of the unseen cards per move "
                   f"(default 8 for lookahead, 64 for sampling; at most {MAX_SAMPLES:,})")
    p.add_argument("--max-states", type=states_arg, default=200_000,
                   help="clairvoyant: positions searched before answering 'unknown' (default 200000)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="play on the Dask distributed cluster whose scheduler is at ADDRESS "
                   '(tcp://host:8786; Dask: pip install "dask[distributed]"), not in local processes')


def strategies(given: list[str]) -> dict[str, strat.Strategy | None]:
    """Each name once, in order, with its strategy read now, once (None: a reference player):
    the workers are handed the strategies, never their files."""
    out: dict[str, strat.Strategy | None] = {}
    for name in given:
        if name in out:
            continue
        if name in players.PLAYERS:
            out[name] = None
            continue
        try:
            out[name] = strat.load(name, also=players.PLAYERS)
        except strat.StrategyError as e:
            raise UsageError(str(e)) from None
    return out


def run(args: argparse.Namespace) -> int:
    try:
        deals = sd.parse_deals(args.deals)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if not deals:
        raise UsageError(f"no deals in {args.deals!r}")
    chosen = strategies(args.strategy)
    files_read = [name for name, parsed in chosen.items() if parsed is not None and strat.is_file(name)]
    files.distinct(args.out, args.chart)
    out = csvfile.CsvOutput(args.out, args.resume, inputs=files_read)
    if args.chart:
        files.target(args.chart, inputs=files_read)  # refused now, not after the games
    done: dict = {}
    if out.resuming:
        try:
            done = sd.read_rows(str(out.target), name=args.out)
        except (OSError, ValueError) as e:
            raise UsageError(f"cannot resume: {e}") from None
    wanted = [(n, d) for n in chosen for d in deals]
    tasks = [sd.Task(n, d, args.samples or 0, args.max_states, chosen[n]) for n, d in wanted if (n, d) not in done]
    client = None
    if args.scheduler:  # reach the cluster (and a worker) before any CSV is opened: a failure leaves none
        try:
            client = cluster.connect(args.scheduler)
        except (RuntimeError, ValueError) as e:
            raise UsageError(str(e)) from None
    try:
        out.open()
    except OSError as e:
        if client is not None:
            client.close()
        raise UsageError(str(e) if isinstance(e, files.OutputError) else
                         f"cannot write {args.out}: {e.strerror or e}") from None
    rows = dict(done)
    progress = sd.Progress(sys.stderr, len(wanted))
    progress.update(len(wanted) - len(tasks), force=True)
    fresh = 0
    interrupt: BaseException | None = None
    unreachable = False
    failed: OSError | None = None
    try:
        writer = sd.RowWriter(out.stream, out.header)
        rows_in = (sd.run_tasks_dask(tasks, client) if client is not None
                   else sd.run_tasks(tasks, args.workers or sd.default_workers()))
        for row in rows_in:
            writer.write(row)
            rows[(row.strategy, row.deal)] = row
            fresh += 1
            progress.update(len(wanted) - len(tasks) + fresh)
    except KeyboardInterrupt as e:  # Ctrl-C or SIGTERM: the workers end with the pool
        interrupt = e
    except RuntimeError as e:  # no Dask, or the scheduler cannot be reached
        if not args.scheduler:
            raise
        print(f"\nbaker8bit: {e}", file=sys.stderr)
        unreachable = True
    except OSError as e:  # a full disk, a closed pipe
        failed = e
    finally:
        progress.close()
        closing, note = out.close(complete=interrupt is None and failed is None and not unreachable,
                                  failed=failed is not None or unreachable)
    failed = failed or closing
    if failed is not None:
        print(f"baker8bit: cannot write {args.out or 'the output'}: {failed.strerror or failed}; "
              f"{fresh} rows written" + (f"; {note}" if note else ""), file=sys.stderr)
        return 1
    if unreachable:  # the cluster could not be used: said above in one line
        return 2
    if interrupt is not None:
        kept = f"; {note}" if note else (f", rows kept in {args.out}" if args.out else "")
        print(f"baker8bit: {signals.said(interrupt)}; {len(wanted) - len(tasks) + fresh} of {len(wanted)} "
              f"games done{kept}", file=sys.stderr)
    table_rows = list(rows.values())
    print(sd.table(table_rows), file=sys.stdout if args.out else sys.stderr)
    if args.chart and table_rows:
        try:
            files.write_bytes(args.chart, sd.chart_png(sd.lines(table_rows)), inputs=files_read)
        except OSError as e:
            raise UsageError(str(e)) from None
    return signals.code(interrupt) if interrupt is not None else 0
