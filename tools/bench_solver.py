"""Benchmark our solver against fc-solve: a wrapper for ``benchmarks/bench_solver.py``.

    python tools/bench_solver.py --game bakers-game            # deals 1..1000
    python tools/bench_solver.py --game eight-off --last 200

See benchmarks/bench_solver.py for what is measured and how.
"""

from __future__ import annotations

import runpy
from pathlib import Path

if __name__ == "__main__":
    # run the benchmark's file as a script: it measures the installed package (the clone's source
    # tree only where none is installed), and the clone's folder never goes on the import path
    runpy.run_path(str(Path(__file__).resolve().parent.parent / "benchmarks" / "bench_solver.py"), run_name="__main__")
