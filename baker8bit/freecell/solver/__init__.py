"""A solver for Baker Solitaire positions (no pyxel here: it runs headless).

    result = solve(position, rules, max_states=..., max_seconds=...)
    search = Search(position, rules, max_states=...)   # or run it in slices:
    while (result := search.step(2000)) is None: ...   # one slice per frame

``result.outcome`` is ``SOLVED``, ``UNSOLVABLE`` (a proof: the search was
exhaustive) or ``UNKNOWN`` (a limit was reached); ``result.moves`` is the
winning line in the 1989 key notation (``"EI"``, ``"FT"``...).
"""

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell.solver.choose import search_name, searcher, solve
from baker8bit.freecell.solver.search import Result, Search

__all__ = ["SOLVED", "UNKNOWN", "UNSOLVABLE", "Result", "Search", "search_name", "searcher", "solve"]
