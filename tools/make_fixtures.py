"""Write the stored test fixtures in tests/data/ (needs fc-solve: apt-get install freecell-solver-bin).

- deals.txt: expected layouts. 4 suits come from fc-solve's own
  ``make-microsoft-freecell-board -t d`` (an independent implementation of the
  Microsoft generator); 2 and 3 suits are our generator's output, checked by
  hand against the rule in docs/FAITHFULNESS.md once, then kept so a change shows.
- solutions.txt: a known winning move list per suit count, found by fc-solve,
  in the 1989 key notation.

Run: python tools/make_fixtures.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core import cards
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.freecell import (
    fcsolve,
    rules,  # noqa: E402
)
from baker8bit.freecell.position import Position  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
DEALS = {2: [1, 2, 1000, 2**31 - 1], 3: [1, 2, 1000, 2**31 - 1], 4: [1, 617, 11982, 1000000, 2**31 - 1]}
SOLUTION_DEALS = {2: 1, 3: 1, 4: 1}


def layout_lines(suits: int, deal: int) -> list[str]:
    if suits == 4:
        out = subprocess.run(
            ["make-microsoft-freecell-board", "-t", str(deal)], capture_output=True, text=True, check=True
        ).stdout
        return [line.strip() for line in out.splitlines() if line.strip()]
    pos = Position.dealt(deal, rules.baker(suits))
    return [" ".join(cards.to_text(c) for c in col) for col in pos.columns]


def main() -> None:
    # no options: --help, or one line
    OneLineParser(error_name="make_fixtures", description=__doc__.splitlines()[0]).parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    lines = ["# suits deal, then one line per column (top card first); see tools/make_fixtures.py"]
    for suits, deals in DEALS.items():
        for d in deals:
            lines.append(f"deal {suits} {d}")
            lines += layout_lines(suits, d)
    (DATA / "deals.txt").write_text("\n".join(lines) + "\n")
    sol = ["# suits deal: a winning move list found by fc-solve, in key notation"]
    for suits, d in SOLUTION_DEALS.items():
        rs = rules.baker(suits)
        verdict, moves = fcsolve.solve(Position.dealt(d, rs), rs)
        assert verdict == fcsolve.SOLVED, (suits, d, verdict)
        sol.append(f"{suits} {d}: {' '.join(moves)}")
    (DATA / "solutions.txt").write_text("\n".join(sol) + "\n")
    print("wrote", DATA / "deals.txt", DATA / "solutions.txt")


if __name__ == "__main__":
    main()
