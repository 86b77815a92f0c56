"""A second pass of the clairvoyant search over the deals a study left unknown (issue 21).

For each deal a clairvoyant study CSV has as ``unknown``, this runs ``solver.solve`` again with
another seed (its tries are shaken otherwise: the study's seed is the deal number, this one
``deal + PASS * 2**20``) and a larger budget, and writes one row a deal:
``deal, outcome, seed, positions, seconds, search, keys``. ``keys`` is the win as the keys a
player types (``baker8bit keys --game sequence --deal N "<keys>"`` plays it to WINNER:
``tests/test_sequence_unknown_solve.py`` replays every shipped row), empty when the deal stays unknown
or is proven lost. ``--seeds K`` gives a deal K tries in turn, passes PASS..PASS+K-1 (seeds
``deal + k * 2**20``), until one decides: the row is that try's (its seed names the pass, ``(seed -
deal) >> 20``), or the last try's when none decides. Rows are written as they come (flushed,
so an interrupted run keeps them); a deal already in ``--out`` is skipped, so the same
command resumes.

``--nested L`` runs the nested Monte Carlo search of level L instead (``nested.py``:
docs/games/sequence.md); it wins or says nothing, so a deal it does not win stays unknown, and
``--max-states`` and ``--try-states`` do not apply. Its row's positions are the moves that
search played.

    python tools/sequence_unknown_solve.py STUDY.csv --out FILE [--max-states N] [--pass K]
        [--seeds K] [--try-states T] [--nested L] [--workers W]

Defaults: 20,000,000 positions, pass 1, one seed, the solver's tries (``TRY_STATES`` positions
each), one worker. Bad arguments or an unreadable CSV: one
line and exit 2.
"""

from __future__ import annotations

import csv
import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core.arguments import OneLineParser  # noqa: E402

FIELDS = ("deal", "outcome", "seed", "positions", "seconds", "search", "keys")
STUDY_WORD = {"solved": "won", "unsolvable": "lost"}  # the rows say what the study's rows say of a deal


def decide(job: tuple[int, int, int, int, int, int]) -> dict:
    """One deal: the solver's answer at ``max_states`` with passes ``first``.. ``first + seeds - 1``
    in turn (the seed of pass k is ``deal + k * 2**20``) until one decides, as a row; with
    ``level`` (not 0) the nested search of that level in place of the solver."""
    from baker8bit.games.sequence import solver
    from baker8bit.games.sequence.rules import State

    deal, max_states, first, seeds, try_states, level = job
    if level:
        return decide_nested(deal, level, first, seeds)
    for k in range(first, first + seeds):
        seed = deal + (k << 20)
        t = time.perf_counter()
        r = solver.solve(State.dealt(deal), max_states=max_states, seed=seed, try_states=try_states)
        if r.outcome != "unknown":
            break
    return {"deal": deal, "outcome": STUDY_WORD.get(r.outcome, r.outcome), "seed": seed, "positions": r.positions,
            "seconds": f"{time.perf_counter() - t:.1f}", "search": solver.implementation_name(),
            "keys": " ".join(str(m) for m in r.moves)}


def decide_nested(deal: int, level: int, first: int, seeds: int) -> dict:
    """``decide`` with the nested search of ``level``: passes in turn until one wins."""
    from baker8bit.core import compiled
    from baker8bit.games.sequence import nested
    from baker8bit.games.sequence.rules import State
    from baker8bit.games.sequence.search import decode

    start = State.dealt(deal)
    cards = start.coming()
    search = nested.implementation()
    for k in range(first, first + seeds):
        seed = deal + (k << 20)
        t = time.perf_counter()
        score, codes, positions = search.run(cards, start.storage, start.finals, level, seed)
        if score == nested.WON:
            break
    won = score == nested.WON
    return {"deal": deal, "outcome": "won" if won else "unknown", "seed": seed, "positions": positions,
            "seconds": f"{time.perf_counter() - t:.1f}", "search": compiled.search_name("sequence-nested"),
            "keys": " ".join(str(decode(c)) for c in codes) if won else ""}


def unknown_deals(path: str) -> list[int]:
    with open(path, newline="", encoding="utf-8") as f:
        return [int(r["deal"]) for r in csv.DictReader(f) if r.get("outcome") == "unknown"]


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="sequence_unknown_solve", description=__doc__.split("\n")[0])
    ap.add_argument("study_csv", help="a clairvoyant study CSV (its unknown rows are searched again)")
    ap.add_argument("--out", required=True, help="CSV to write (resumed when it exists)")
    ap.add_argument("--max-states", type=int, default=20_000_000, help="positions a deal (default 20,000,000)")
    ap.add_argument("--pass", dest="pass_", type=int, default=1,
                    help="K: the seed of deal N is N + K * 2**20 (default 1; the study's is N)")
    ap.add_argument("--seeds", type=int, default=1,
                    help="K: up to K tries a deal, passes PASS..PASS+K-1, until one decides (default 1)")
    ap.add_argument("--try-states", type=int, default=None,
                    help="positions a try (default the solver's TRY_STATES; longer tries for the hardest deals)")
    ap.add_argument("--nested", type=int, default=0, metavar="L",
                    help="the nested Monte Carlo search of level L (1..3) instead of the solver")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = ap.parse_args(argv)
    if args.max_states < 1 or args.workers < 1 or args.pass_ < 1 or args.seeds < 1 or (
            args.try_states is not None and args.try_states < 1):
        print("sequence_unknown_solve: --max-states, --try-states and --workers must be at least 1, "
              "--pass and --seeds at least 1",
              file=sys.stderr)
        return 2
    if not 0 <= args.nested <= 3:
        print("sequence_unknown_solve: --nested must be 1, 2 or 3", file=sys.stderr)
        return 2
    try:
        deals = unknown_deals(args.study_csv)
    except (OSError, KeyError, ValueError, UnicodeDecodeError, csv.Error) as e:
        print(f"sequence_unknown_solve: cannot read {args.study_csv}: {e}", file=sys.stderr)
        return 2
    out = Path(args.out)
    done: set[int] = set()
    try:
        if out.exists():
            with out.open(newline="", encoding="utf-8") as f:
                done = {int(r["deal"]) for r in csv.DictReader(f)}
    except (OSError, KeyError, ValueError, UnicodeDecodeError, csv.Error) as e:
        print(f"sequence_unknown_solve: cannot resume from {out}: {e}", file=sys.stderr)
        return 2
    from baker8bit.core import compiled
    from baker8bit.games.sequence import solver
    from baker8bit.research import survey

    try_states = args.try_states or solver.TRY_STATES
    jobs = [(d, args.max_states, args.pass_, args.seeds, try_states, args.nested) for d in deals if d not in done]
    # what runs, before the first row (a deal may search for minutes): the package and its searches
    print(f"sequence_unknown_solve: {len(jobs)} deals to search ({len(done)} already in {out}); "
          f"{compiled.origin()}", file=sys.stderr, flush=True)
    new = not out.exists() or out.stat().st_size == 0
    progress = survey.Progress(sys.stderr, len(jobs))
    try:
        with out.open("a", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=FIELDS)
            if new:
                w.writeheader()
            progress.update(0, force=True)
            # in deal order; the workers leave Ctrl-C to this process, which ends them with the pool
            for n, row in enumerate(survey.run_pool(decide, jobs, args.workers), 1):
                w.writerow(row)
                f.flush()
                progress.update(n)
        progress.close()
    except KeyboardInterrupt:
        progress.close()
        print("sequence_unknown_solve: interrupted; the rows written so far are kept (run again to resume)",
              file=sys.stderr)
        return 130
    except OSError as e:
        print(f"sequence_unknown_solve: cannot write {out}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
