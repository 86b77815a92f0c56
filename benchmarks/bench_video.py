"""Speed of ``replay --video``: a recording rendered headless to a video with sound, as a multiple of
real time (a benchmark, not a test).

The recording is ``docs/demo-recording.txt`` (a 45-second demonstration of the 1989 game, 59
tones), cut to ``--frames`` frames. Each format (.mp4: H.264 and AAC; .webm: VP9 and Opus) at
each scale is rendered ``--runs`` times, the whole path timed (the machine, the drawing, the
reshaping, the sound track and the encoder); a run's speed is the video's length over the wall
time (and over the CPU time of the process, all its threads, which other work on the machine
does not inflate). Prints per format and scale the file size and the mean speeds with their 95%
intervals (Student's t over the runs).

Run: python benchmarks/bench_video.py [--frames 2689] [--runs 3] [--scale 1 2]
     python benchmarks/bench_video.py --smoke     # 120 frames, one run (the tests run this)
Needs PyAV: pip install ".[video]" (from a clone).
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("baker8bit") is None:  # measure the installed package; else this tree
    sys.path.insert(0, str(ROOT))

from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.sessions import recording  # noqa: E402

T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def cut(rec: recording.Recording, frames: int) -> recording.Recording:
    frames = min(frames, rec.frames)
    return replace(rec, frames=frames, keys=tuple(k for k in rec.keys if k[0] <= frames))


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.1f}x"
    half = T95.get(len(values) - 1, 1.96) * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.1f}x (95% interval {mean - half:.1f}-{mean + half:.1f})"


def main() -> int:
    ap = OneLineParser(error_name="bench_video", description=__doc__.split("\n")[0])
    ap.add_argument("--frames", type=int, default=None, help="frames of the recording to render (default all)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--scale", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--smoke", action="store_true", help="120 frames, one run, scale 1")
    args = ap.parse_args()
    if args.smoke:
        args.frames, args.runs, args.scale = 120, 1, [1]
    try:
        from baker8bit.sessions.video import load_av

        load_av()
    except Exception as e:
        print(f"bench_video: {e}", file=sys.stderr)
        return 2
    from baker8bit.window.video import render_video

    rec = recording.load(ROOT / "docs" / "demo-recording.txt")
    rec = cut(rec, args.frames or rec.frames)
    print(f"docs/demo-recording.txt, {rec.frames + 1} frames ({(rec.frames + 1) / 59.9227:.1f} s of video), "
          f"{args.runs} run(s) each")
    print(f"{'format':7} {'scale':>5} {'size':>12}  speed: video seconds per wall second; per CPU second")
    with tempfile.TemporaryDirectory() as tmp:
        for suffix in (".mp4", ".webm"):
            for scale in args.scale:
                out = Path(tmp) / f"bench{suffix}"
                speeds, cpu_speeds = [], []
                for _ in range(args.runs):
                    t, c = time.perf_counter(), time.process_time()
                    render_video(rec, str(out), scale=scale)
                    wall, cpu = time.perf_counter() - t, time.process_time() - c
                    speeds.append((rec.frames + 1) / 59.9227 / wall)
                    cpu_speeds.append((rec.frames + 1) / 59.9227 / cpu)
                print(f"{suffix:7} {scale:5} {out.stat().st_size:>12,}  {interval(speeds)} real time; "
                      f"{interval(cpu_speeds)} per CPU second", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
