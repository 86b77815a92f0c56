"""HELP on fresh deals, every game: the frame at which HELP answers, and what it answers.

    python benchmarks/bench_help.py                       # every game, deals 1..100
    python benchmarks/bench_help.py --game king-albert --last 50
    python benchmarks/bench_help.py --smoke               # every game, deals 1..2 (the tests run this)
    python benchmarks/bench_help.py --game blue --first 6001 --last 6200 --csv FILE   # one row a deal

Each deal is a fresh headless console machine (``console.machine.KeyMachine``, no Pyxel) on the
game's default rule set. The machine ticks until it takes keys (King Albert's automatic moves at
the deal), HELP is pressed, and it ticks until the ``hint`` event (``core/events.py``): the frames
between the press and that event are HELP's answer time in game time (60 frames a second), which
does not depend on this machine's speed. The answer is a move, ``no win`` (``hint lost``) or
``unknown`` (``hint unknown``: HELP gave up); ``none`` is no answer within ``--max-frames``.

Only public behaviour is used: keys, ticks and events. The table gives, per game, the share of
deals HELP answered within 2 s of game time (120 frames) with a move or a proof that no win
exists (``unknown`` is not an answer), the kinds of answer, the median and largest frame of any
reply, and the slowest single tick on this machine (the machine alone, no drawing, ticked as fast
as it goes: a tick that waits for HELP's answer counts the wait; ``bench_frame.py`` measures
frames at their real pace). The rate has its Wilson 95 % interval. ``--csv FILE`` writes one row a
deal (game, deal, frames, kind, text): ``docs/results/blue-help-6001-6200.csv`` is the held-out
measure of Blue's HELP (docs/games/blue.md, "HELP"), read again by ``tests/test_results.py``.
"""

from __future__ import annotations

import csv
import importlib.util
import statistics
import sys
import time
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit import games  # noqa: E402
from baker8bit.core import events as ev  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.games import KeyMachine  # noqa: E402
from baker8bit.research.survey import Z95, wilson  # noqa: E402

FPS = 60
WITHIN = 2 * FPS  # "within 2 s of game time"
KINDS = ("move", "no win", "unknown", "none")
ANSWERS = ("move", "no win")  # what counts as an answer; "unknown" is HELP giving up


def kind_of(hint: ev.Event | None) -> str:
    if hint is None:
        return "none"
    first = str(hint.args[0]) if hint.args else ""
    return {"lost": "no win", "unknown": "unknown"}.get(first, "move")


def settle(m: KeyMachine, limit: int = 10_000) -> None:
    """Tick until the machine takes keys (automatic moves at the deal play out first)."""
    for _ in range(limit):
        if not m.busy:
            return
        m.tick()
    raise RuntimeError(f"{m.variant.id}: still busy after {limit} frames")


def ask(game: str, deal: int, max_frames: int) -> dict:
    """HELP on a fresh deal: the answer's frame (after the press), its kind and text, the slowest tick."""
    m = KeyMachine(game=game, deal=deal)
    settle(m)
    m.drain_events()
    pressed = m.frame
    t0 = time.perf_counter()
    m.press("HELP")
    slowest = time.perf_counter() - t0
    seen = m.drain_events()
    if not any(e.kind == ev.HELP for e in seen):
        raise RuntimeError(f"{game} deal {deal}: HELP was not taken (events {[str(e) for e in seen]})")
    hint = next((e for e in seen if e.kind == ev.HINT), None)
    while hint is None and m.frame - pressed < max_frames:
        t0 = time.perf_counter()
        m.tick()
        slowest = max(slowest, time.perf_counter() - t0)
        hint = next((e for e in m.drain_events() if e.kind == ev.HINT), None)
    if hint is None:
        m.press("ESC")  # to the title: a key cancels HELP's search
    return {"deal": deal, "frames": None if hint is None else hint.frame - pressed,
            "kind": kind_of(hint), "text": "" if hint is None else hint.text, "slowest": slowest}


def run_game(game: str, first: int, last: int, max_frames: int, verbose: bool) -> dict:
    rows = [ask(game, d, max_frames) for d in range(first, last + 1)]
    if verbose:
        for r in rows:
            shown = "-" if r["frames"] is None else r["frames"]
            print(f"  {game} deal {r['deal']}: frame {shown} {r['kind']} ({r['text'] or 'no answer'})")
    return {"game": game, "rows": rows}


CSV_FIELDS = ("game", "deal", "frames", "kind", "text")


def write_csv(path: str, results: list[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(CSV_FIELDS)
        for res in results:
            for r in res["rows"]:
                out.writerow((res["game"], r["deal"], "" if r["frames"] is None else r["frames"], r["kind"], r["text"]))


def summary_line(res: dict) -> str:
    rows = res["rows"]
    n = len(rows)
    frames = [r["frames"] for r in rows if r["frames"] is not None]
    within = sum(1 for r in rows if r["kind"] in ANSWERS and r["frames"] <= WITHIN)
    kinds = {k: sum(1 for r in rows if r["kind"] == k) for k in KINDS}
    med = f"{statistics.median(frames):g}" if frames else "-"
    most = f"{max(frames)}" if frames else "-"
    slowest = max(r["slowest"] for r in rows) * 1000
    low, high = wilson(within, n, Z95)
    return (f"{res['game']:<12} {n:>5} {within:>6} {100 * within / n:>6.1f}% "
            f"{kinds['move']:>5} {kinds['no win']:>6} {kinds['unknown']:>7} {kinds['none']:>5} "
            f"{med:>7} {most:>6} {f'[{100 * low:.1f}, {100 * high:.1f}]':>14} {slowest:>9.1f}")


HEADER = (f"{'game':<12} {'deals':>5} {'in 2 s':>6} {'rate':>7} {'move':>5} {'no win':>6} {'unknown':>7} "
          f"{'none':>5} {'median':>7} {'max':>6} {'rate 95% CI':>14} {'tick ms':>9}")


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="bench_help", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", help=f"all, or one of {', '.join(games.ids())}")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=None, help="last deal (default 100; --smoke: 2)")
    ap.add_argument("--max-frames", type=int, default=None,
                    help="frames to wait for an answer (default 3600, a minute; --smoke: 150)")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: deals 1..2, a few seconds in all")
    ap.add_argument("--verbose", "-v", action="store_true", help="one line a deal")
    ap.add_argument("--csv", metavar="FILE", help="write one row a deal (game, deal, frames, kind, text) to FILE")
    args = ap.parse_args(argv)
    try:
        ids = games.ids() if args.game == "all" else (games.get(args.game).id,)
    except games.UnknownGame as e:
        ap.error(str(e))
    last = args.last if args.last is not None else (args.first + 1 if args.smoke else 100)
    max_frames = args.max_frames if args.max_frames is not None else (150 if args.smoke else 3600)
    print(f"HELP on fresh deals {args.first}..{last}, default rule sets; frames from the press to the "
          f"answer at {FPS} frames a second; 'in 2 s': a move or no win within {WITHIN} frames; "
          f"waits at most {max_frames}")
    print(HEADER)
    results = []
    for game in ids:
        res = run_game(game, args.first, last, max_frames, args.verbose)
        results.append(res)
        print(summary_line(res), flush=True)
    if args.csv:
        write_csv(args.csv, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
