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
import os
import sys

from baker8bit.core import files
from baker8bit.core.arguments import UsageError, positive_int
from baker8bit.games.sequence import players
from baker8bit.games.sequence import strategy as strat
from baker8bit.games.sequence import study as sd
from baker8bit.research import cluster
from baker8bit.research import survey as sv

SUMMARY = "sequence: strategies and reference players on every deal of a range"
FIELDS = sd.FIELDS


def add_arguments(p) -> None:
    p.add_argument("--strategy", nargs="+", action="extend", required=True, metavar="NAME|FILE",
                   help=f"shipped strategies ({', '.join(strat.shipped_names())}), strategy files, "
                   "clairvoyant, lookahead or sampling")
    p.add_argument("--deals", required=True, help="deal numbers: 1-10000, 7, or 1-10,20-30")
    p.add_argument("--out", metavar="FILE.csv", help="write the CSV here (default: standard output)")
    p.add_argument("--resume", action="store_true", help="keep the rows already in --out; play only the others")
    p.add_argument("--workers", type=positive_int, default=None, help="worker processes (default: one per core)")
    p.add_argument("--chart", metavar="FILE.png", help="draw the win rates and intervals to this PNG")
    p.add_argument("--samples", type=positive_int, default=None,
                   help="lookahead and sampling: sampled orders of the unseen cards per move "
                   "(default 8 for lookahead, 64 for sampling)")
    p.add_argument("--max-states", type=positive_int, default=200_000,
                   help="clairvoyant: positions searched before answering 'unknown' (default 200000)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="play on the Dask distributed cluster whose scheduler is at ADDRESS "
                   '(tcp://host:8786; Dask: pip install "dask[distributed]"), not in local processes')


def run(args: argparse.Namespace) -> int:
    try:
        deals = sd.parse_deals(args.deals)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if not deals:
        raise UsageError(f"no deals in {args.deals!r}")
    names: list[str] = []
    for name in args.strategy:
        if name not in players.PLAYERS:
            try:
                strat.load(name, also=players.PLAYERS)
            except strat.StrategyError as e:
                raise UsageError(str(e)) from None
        if name not in names:
            names.append(name)
    if args.resume and not args.out:
        raise UsageError("--resume needs --out FILE.csv")
    done: dict = {}
    if args.resume and os.path.exists(args.out):
        try:
            done = sd.read_rows(args.out)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            raise UsageError(f"cannot resume: {e}") from None
    wanted = [(n, d) for n in names for d in deals]
    tasks = [sd.Task(n, d, args.samples or 0, args.max_states) for n, d in wanted if (n, d) not in done]
    client = None
    if args.scheduler:  # reach the cluster (and a worker) before any CSV is opened: a failure leaves none
        try:
            client = cluster.connect(args.scheduler)
        except (RuntimeError, ValueError) as e:
            raise UsageError(str(e)) from None
    try:
        stream, header, _ = sv.open_output(args.out, args.resume)
    except OSError as e:
        if client is not None:
            client.close()
        raise UsageError(f"cannot write {args.out}: {e.strerror or e}") from None
    rows = dict(done)
    progress = sd.Progress(sys.stderr, len(wanted))
    progress.update(len(wanted) - len(tasks), force=True)
    fresh = 0
    code = 0
    failed: OSError | None = None
    try:
        writer = sd.RowWriter(stream, header)
        rows_in = (sd.run_tasks_dask(tasks, client) if client is not None
                   else sd.run_tasks(tasks, args.workers or sd.default_workers()))
        for row in rows_in:
            writer.write(row)
            rows[(row.strategy, row.deal)] = row
            fresh += 1
            progress.update(len(wanted) - len(tasks) + fresh)
    except KeyboardInterrupt:
        code = 130
    except RuntimeError as e:  # no Dask, or the scheduler cannot be reached
        if not args.scheduler:
            raise
        print(f"\nbaker8bit: {e}", file=sys.stderr)
        code = 2
    except OSError as e:  # a full disk, a closed pipe
        failed, code = e, 1
    finally:
        progress.close()
        closing = sv.close_output(stream)
        if closing is not None:
            failed, code = failed or closing, code or 1
    if failed is not None:
        print(f"baker8bit: cannot write {args.out or 'the output'}: {failed.strerror or failed}; "
              f"{fresh} rows written", file=sys.stderr)
        return code
    if code == 2:  # the cluster could not be used: said above in one line
        return code
    if code:
        print(f"baker8bit: interrupted; {len(wanted) - len(tasks) + fresh} of {len(wanted)} games done"
              + (f", rows kept in {args.out}" if args.out else ""), file=sys.stderr)
    table_rows = list(rows.values())
    print(sd.table(table_rows), file=sys.stdout if args.out else sys.stderr)
    if args.chart and table_rows:
        try:
            files.write_bytes(args.chart, sd.chart_png(sd.lines(table_rows)))
        except OSError as e:
            raise UsageError(str(e)) from None
    return code
