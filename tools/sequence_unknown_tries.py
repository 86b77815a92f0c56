"""More tries on the deals the clairvoyant search left unknown (issue 21: are they losses?).

For each deal the study's CSV has as ``unknown``, this runs the search's own runs
(``search.run``) with other seeds: 600 eager tries of 2,000 positions (shaken, chance 0.3 a
position; the seed of try i is 777 + 7919 i), then 40 shaken runs of the full search (every
move, the proven reductions) of 50,000 positions. A win is a win (the moves replay with
``baker8bit keys``; ``tests/test_sequence_solver.py`` replays the shipped rows); nothing here
proves a loss. One row a deal, written as it goes; a deal already in ``--out`` is skipped.

Run: python tools/sequence_unknown_tries.py docs/games/sequence-clairvoyant-5m-1-1000.csv \
         --out docs/games/sequence-unknown-tries.csv
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.games.sequence import search  # noqa: E402
from baker8bit.games.sequence.rules import State  # noqa: E402

FIELDS = ("deal", "outcome", "kind", "try", "seed", "positions", "seconds")
PLAN = (("eager", search.EAGER, 2_000, 600), ("full", 0, 50_000, 40))  # kind, extra flag, budget, runs
NOISE = 300


def seed_of(i: int) -> int:
    return 777 + i * 7919


def tries(deal: int) -> dict:
    """The first of the plan's runs that wins the deal, or unknown."""
    st = State.dealt(deal)
    cards = (st.hand,) + st.deck
    impl = search.implementation()
    flags = search.SYMMETRY | search.FORCED | search.DEAD
    used, t = 0, time.perf_counter()
    for kind, extra, budget, runs in PLAN:
        for i in range(runs):
            outcome, _moves, count = impl.run(cards, st.storage, st.finals, budget, flags | extra, seed_of(i), NOISE, 0)
            used += count
            if outcome == search.WON:
                return {"deal": deal, "outcome": "won", "kind": kind, "try": i, "seed": seed_of(i),
                        "positions": used, "seconds": f"{time.perf_counter() - t:.1f}"}
    return {"deal": deal, "outcome": "unknown", "kind": "", "try": "", "seed": "", "positions": used,
            "seconds": f"{time.perf_counter() - t:.1f}"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("study_csv", help="a study CSV of the clairvoyant player (its unknown rows are tried)")
    ap.add_argument("--out", required=True, help="CSV to write (resumed when it exists)")
    args = ap.parse_args(argv)
    try:
        with open(args.study_csv, newline="", encoding="utf-8") as f:
            deals = [int(r["deal"]) for r in csv.DictReader(f) if r.get("outcome") == "unknown"]
    except (OSError, KeyError, ValueError) as e:
        print(f"sequence_unknown_tries: cannot read {args.study_csv}: {e}", file=sys.stderr)
        return 2
    out = Path(args.out)
    done = set()
    if out.exists():
        with out.open(newline="", encoding="utf-8") as f:
            done = {int(r["deal"]) for r in csv.DictReader(f)}
    new = not out.exists() or out.stat().st_size == 0
    try:
        with out.open("a", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=FIELDS)
            if new:
                w.writeheader()
            for d in deals:
                if d not in done:
                    w.writerow(tries(d))
                    f.flush()
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
