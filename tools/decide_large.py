"""Decide a FreeCell-family game's hard deals with a large budget, one fresh process a deal, and
replay every win through ``baker8bit keys``.

For each deal: ``baker8bit solve --game G --deal D --max-states N --json`` runs in a child
process of its own (so each deal's memory is its own, and is measured: the child's peak resident
set size), then the keys it prints, the keys a player types, are played by ``baker8bit keys`` in
this process (a line of tens of thousands of keys is longer than a command line may be) and must
end in a win. One CSV row a deal, appended as it is decided; deals already in the file are
skipped, so a stopped run resumes.

With ``--memory SIZE`` the search keeps a seen table of SIZE that forgets when full (``solve
--memory``): ``--max-states`` then counts positions searched, again or not, and the rows add the
memory and the positions the table forgot.

Run: python tools/decide_large.py --game king-albert --deals 377,502 --max-states 120000000 --out FILE.csv
"""

from __future__ import annotations

import contextlib
import csv
import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit import cli  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402

FIELDS = ("game", "deal", "outcome", "states", "seconds", "peak_mb", "keys_typed", "keys_win")
FORGET_FIELDS = (*FIELDS, "memory", "forgotten")  # with --memory

# the child: solve, then print its JSON and its own peak memory on one line each
CHILD = """
import contextlib, io, json, resource, sys
from baker8bit import cli
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    rc = cli.main(sys.argv[1:])
print(buf.getvalue().strip())
try:
    from baker8bit.freecell.solver._cfamily import forgotten
except ImportError:  # the pure search: it never forgets
    forgotten = lambda: 0
forgot = forgotten()
print(json.dumps({"rc": rc, "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "forgotten": forgot}))
"""


def decide(game: str, deal: int, max_states: int, memory: str | None = None) -> dict:
    argv = ["solve", "--game", game, "--deal", str(deal), "--max-states", str(max_states), "--json"]
    if memory:
        argv += ["--memory", memory]
    out = subprocess.run([sys.executable, "-c", CHILD, *argv], capture_output=True, text=True, check=True)
    result_line, peak_line = out.stdout.strip().splitlines()[-2:]
    result, peak = json.loads(result_line), json.loads(peak_line)
    row = {"game": game, "deal": deal, "outcome": result["outcome"], "states": result["states"],
           "seconds": round(result["seconds"], 2), "peak_mb": peak["peak_kb"] // 1024,
           "keys_typed": len(result.get("solution") or []), "keys_win": ""}
    if memory:
        row.update(memory=memory, forgotten=peak["forgotten"])
    if result["outcome"] == "solved":
        wins = wins_through_keys(["--game", game, "--deal", str(deal)], result["solution"])
        row["keys_win"] = "yes" if wins else "NO"
    return row


def run_cli(argv: list[str]) -> tuple[int, dict]:
    """``baker8bit ARGV --json`` in this process: its exit status and the JSON it printed."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = cli.main([*argv, "--json"])
    return rc, json.loads(buf.getvalue() or "{}")


def wins_through_keys(game_args: list[str], keys: list[str]) -> bool:
    """Whether ``baker8bit keys GAME_ARGS "KEYS"`` (the keys a player types) ends in a win."""
    rc, out = run_cli(["keys", *game_args, " ".join(keys)])
    return rc == 0 and bool(out.get("won"))


def main() -> int:
    ap = OneLineParser(error_name="decide_large", description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="king-albert")
    ap.add_argument("--deals", required=True, help="comma-separated deal numbers")
    ap.add_argument("--max-states", type=int, default=120_000_000)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--memory", metavar="SIZE", default=None,
                    help="a seen table of SIZE (e.g. 16G) that forgets when full (solve --memory)")
    args = ap.parse_args()
    fields = FORGET_FIELDS if args.memory else FIELDS
    deals = [int(d) for d in args.deals.split(",")]
    done = set()
    if args.out.exists():
        done = {int(r["deal"]) for r in csv.DictReader(args.out.open())}
    else:
        args.out.write_text(",".join(fields) + "\n")
    for deal in deals:
        if deal in done:
            continue
        row = decide(args.game, deal, args.max_states, args.memory)
        with args.out.open("a", newline="") as f:
            csv.DictWriter(f, fields).writerow(row)
        print(",".join(str(row[k]) for k in fields), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
