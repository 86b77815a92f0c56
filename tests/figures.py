"""What the tests of published figures share: the pages that state them, the rows behind them in
docs/results/, and the interval the pages give."""

from __future__ import annotations

import csv
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "docs" / "results"


def page(name: str) -> str:
    """A page of the repository (``README.md``, ``docs/games/blue.md``), its whitespace runs as
    single spaces, so a figure may wrap anywhere in the page."""
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


def line_of(name: str, start: str) -> str:
    """The first line of a page that starts with ``start`` (a table row, a list item)."""
    text = (ROOT / name).read_text(encoding="utf-8")
    found = [ln for ln in text.splitlines() if ln.startswith(start)]
    assert found, f"{name}: no line starts with {start!r}"
    return found[0]


def rows(name: str) -> list[dict]:
    """The rows of a CSV in docs/results/."""
    with (RESULTS / name).open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of k in n, as fractions (95% by default)."""
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def percent(k: int, n: int, places: int = 1) -> str:
    """``k`` of ``n`` as the pages write it: 69.6%."""
    return f"{100 * k / n:.{places}f}%"


def interval(k: int, n: int, places: int = 1, sep: str = "-") -> str:
    """The Wilson interval as the pages write it: 66.7%-72.4%."""
    lo, hi = wilson(k, n)
    return f"{100 * lo:.{places}f}%{sep}{100 * hi:.{places}f}%"
