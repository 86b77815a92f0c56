"""Benchmark our solver against fc-solve: a wrapper for ``benchmarks/bench_solver.py``.

    python tools/bench_solver.py --game bakers-game            # deals 1..1000
    python tools/bench_solver.py --game eight-off --last 200

See benchmarks/bench_solver.py for what is measured and how.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # for benchmarks/, after the installed package

from benchmarks.bench_solver import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
