"""Record a demonstration game and render it to docs/demo.gif (and keep its recording).

Run: python tools/make_demo_gif.py [--suits N] [--deal D] [--scale K]

The demonstration is played through a Recorder, exactly as ``baker8bit
--record`` records a player, so the GIF comes from ``baker8bit replay
docs/demo-recording.txt --gif docs/demo.gif`` like any other session.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from baker8bit import games  # noqa: E402
from baker8bit.console.demo import DemoKeys  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.freecell.demo import Planner  # noqa: E402
from baker8bit.sessions import recording  # noqa: E402
from baker8bit.window.video import render_headless  # noqa: E402

HOLD = 180  # frames of WINNER at the end


def record_demo(suits: int, deal: int) -> recording.Recording:
    plan = Planner(games.get("baker").rules({"suits": suits}), deal).finish()
    rec = recording.Recorder(seed=1989, rules=plan.rules, deal=plan.deal)
    keys = DemoKeys(plan, lambda: rec.machine)
    while not (keys.done and rec.machine.phase == "won"):
        for k in keys.keys(rec.machine.frame):
            rec.press(k)
        rec.tick()
    for _ in range(HOLD):
        rec.tick()
    return rec.recording()


def main() -> int:
    ap = OneLineParser(error_name="make_demo_gif")
    ap.add_argument("--suits", type=int, default=2)
    ap.add_argument("--deal", type=int, default=11982)
    ap.add_argument("--scale", type=int, default=1)
    args = ap.parse_args()
    rec = record_demo(args.suits, args.deal)
    rec_path = ROOT / "docs" / "demo-recording.txt"
    recording.save(rec_path, rec)
    t = time.perf_counter()
    print(render_headless(rec, gif=str(ROOT / "docs" / "demo.gif"), scale=args.scale))
    wall = time.perf_counter() - t
    video = (rec.frames + 1) / 60
    print(f"rendered {video:.1f} s of video in {wall:.2f} s: {video / wall:.1f} s of video per second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
