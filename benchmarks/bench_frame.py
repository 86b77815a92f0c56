"""Cost of one frame's update plus draw with a full board (a benchmark, not a test).

Runs the real app headless on a 4-suit deal with a long column (19 cards) and
the glyphs option off and on, and prints the median and 99th percentile of
update()+draw() in milliseconds. Frames alternate between idle frames and a
flash, so both the steady picture and the blinking one are measured.

Run: python benchmarks/bench_frame.py [--frames N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.freecell import boardtext  # noqa: E402
from baker8bit.window.app import App, AppOptions, init_pyxel  # noqa: E402
from baker8bit.console.machine import KeyMachine  # noqa: E402

# Column A holds 19 cards: 7 dealt under the king of spades, then Q..A of spades.
FULL = """
Foundations: C-0 D-0 H-0 S-0
Freecells: 2C 3C 4C -
: 7H 2D 3D 4D 5D 6D 7D KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
: KC QC JC TC 9C 8C 7C 6C 5C AC
: KD QD JD TD 9D 8D AD
: KH QH JH TH 9H 8H AH
: 6H 5H 4H 3H 2H
:
:
:
"""


def measure(glyphs: bool, frames: int) -> list[float]:
    pos, rs = boardtext.read(FULL)
    app = App(KeyMachine(suits=4, position=pos), AppOptions(headless=True, glyphs=glyphs, sound=False))
    m = app.machine
    for _ in range(30):  # warm up (glyph atlases are built on first use)
        app.update()
        app.draw()
    out = []
    for i in range(frames):
        if i % 240 == 0:
            m.press("H")  # an empty column: its letter flashes for two seconds
        t = time.perf_counter()
        app.update()
        app.draw()
        out.append((time.perf_counter() - t) * 1000)
    return out


def measure_help(frames: int) -> list[float]:
    """Frames while HELP searches fresh 4-suit deals (a new deal whenever an answer arrives)."""
    app = App(KeyMachine(suits=4, deal=1), AppOptions(headless=True, sound=False))
    deal = 1
    app.machine.press("HELP")
    out = []
    for _ in range(frames):
        if not app.machine.advisor.thinking:
            deal += 1
            app.machine = KeyMachine(suits=4, deal=deal)
            app.machine.press("HELP")
        t = time.perf_counter()
        app.update()
        app.draw()
        out.append((time.perf_counter() - t) * 1000)
    print(f"(HELP answered {deal - 1} fresh deals in {frames} frames: "
          f"{frames / max(1, deal - 1) / 60:.2f} s each on average)")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=3000)
    args = ap.parse_args()
    init_pyxel(AppOptions(headless=True))
    print(f"update+draw, full 4-suit board, {args.frames} frames each")
    print(f"{'look':<8} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    rows = [("1989", measure(False, args.frames)), ("glyphs", measure(True, args.frames)),
            ("HELP", measure_help(args.frames))]
    for name, t in rows:
        t = sorted(t)
        p99 = t[int(0.99 * (len(t) - 1))]
        print(f"{name:<8} {statistics.median(t):>10.3f} {p99:>8.3f} {t[-1]:>8.3f}")


if __name__ == "__main__":
    main()
