"""Run ``baker8bit prove`` over a list of deals, one CSV row a deal and verdict (a research pass).

    python tools/prove_deals.py --game blue --deals 3,11,26 --verdict dealt --dir /big/disk/proofs \\
        --memory 2G --max-seconds 1200 --out docs/results/blue-prove-4x13.csv
    python tools/prove_deals.py --game king-albert --deals 7246 --dir /big/disk/proofs --out FILE

Each deal is proved by the command itself (``prove --json``) in its own folder under ``--dir``
(``<game>-<deal>``), within ``--max-seconds``; a row already in ``--out`` whose verdict is decided
is kept and not run again, and one left ``unknown`` is run again, going on from its folder. The
columns: game, deal, starting rank (King Albert), verdict, outcome, states, layers, bytes on disk at
the peak, bytes the buffers held at most, seconds (over every run of the folder), the win's depth,
its keys, and the states each layer added (the same on every machine, however far a run got).
"""

from __future__ import annotations

import contextlib
import csv
import importlib.util
import io
import json
import os
import sys
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core.arguments import OneLineParser  # noqa: E402

FIELDS = ("game", "deal", "starting_rank", "verdict", "outcome", "states", "layers", "disk_bytes", "memory_bytes",
          "seconds", "depth", "solution", "layer_sizes")


def _prove(argv: list[str]) -> tuple[int, str, str]:
    from baker8bit.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def main() -> int:
    ap = OneLineParser(error_name="prove_deals", description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="blue", help="blue or king-albert (default blue)")
    ap.add_argument("--deals", required=True, help="deal numbers, e.g. 3,11,26")
    ap.add_argument("--verdict", default=None, help="only this verdict (Blue: dealt or best)")
    ap.add_argument("--starting-rank", default=None, help="King Albert's starting rank (default 0)")
    ap.add_argument("--dir", required=True, help="the folders of the proofs go here")
    ap.add_argument("--memory", default="512M", help="prove's --memory (default 512M)")
    ap.add_argument("--max-seconds", default=None,
                    help="prove's --max-seconds, a deal (default: prove's own, ten minutes)")
    ap.add_argument("--out", required=True, help="the CSV (rows kept, unknown ones run again)")
    args = ap.parse_args()
    try:
        deals = [int(d) for d in args.deals.split(",")]
    except ValueError:
        ap.error(f"--deals: deal numbers with commas, not {args.deals!r}")
    kept: dict[tuple[str, str], dict] = {}
    if os.path.exists(args.out):
        with open(args.out, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                kept[(row["deal"], row["verdict"])] = row
    for deal in deals:
        done = [r for (d, _v), r in kept.items() if d == str(deal)]
        if done and all(r["outcome"] != "unknown" for r in done):
            continue
        name = f"{args.game}-{deal}" + (f"-r{args.starting_rank}" if args.starting_rank else "")
        folder = os.path.join(args.dir, name)
        argv = ["prove", args.game, "--deal", str(deal), "--dir", folder, "--memory", args.memory, "--json"]
        argv += ["--verdict", args.verdict] if args.verdict else []
        argv += ["--starting-rank", args.starting_rank] if args.starting_rank else []
        argv += ["--max-seconds", args.max_seconds] if args.max_seconds else []
        code, out, err = _prove(argv)
        if code != 0:
            print(f"prove_deals: deal {deal}: {err.strip().splitlines()[-1] if err.strip() else code}", file=sys.stderr)
            return code
        answer = json.loads(out)
        for name, v in answer.items():
            if isinstance(v, dict):
                kept[(str(deal), name)] = {
                    "game": args.game, "deal": deal, "starting_rank": answer.get("starting_rank", ""), "verdict": name,
                    "outcome": v["outcome"], "states": v["states"], "layers": v["layers"],
                    "disk_bytes": v["disk_bytes"], "memory_bytes": v["memory_bytes"], "seconds": v["seconds"],
                    "depth": v["depth"], "solution": " ".join(v["solution"]),
                    "layer_sizes": " ".join(map(str, v["layer_sizes"]))}
        with open(args.out, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, FIELDS, lineterminator="\n")
            w.writeheader()
            for row in sorted(kept.values(), key=lambda r: (int(r["deal"]), r["verdict"])):
                w.writerow(row)
        print(f"deal {deal}: " + ", ".join(f"{n} {v['outcome']} ({v['states']:,} states)"
                                            for n, v in answer.items() if isinstance(v, dict)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
