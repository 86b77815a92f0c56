"""Optional compiled modules: the compiled one when it is built and imports, else its reference.

The solver cores and Blue's search run have a plain-Python reference and a compiled module
(Cython, built by the package build when a C compiler is there: ``setup.py``) giving the same
answers faster. The environment variable ``BAKER8BIT_PURE_SOLVER=1`` asks for the references
everywhere.

``SEARCHES`` names each search with its compiled module and its reference; ``search_name(kind)``
says which one runs (``"compiled"`` or ``"pure"``), as ``--version``, ``solve --json``,
``check --json`` and the survey and study CSVs report it.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from pathlib import Path
from types import ModuleType

# kind -> (the compiled module, its plain-Python reference)
SEARCHES = {
    # the FreeCell family's one compiled search and its one reference (every build rule)
    "freecell": ("baker8bit.freecell.solver._cfamily", "baker8bit.freecell.solver.family"),
    "blue": ("baker8bit.games.blue._csearch", "baker8bit.games.blue.search"),
    "sequence": ("baker8bit.games.sequence._csearch", "baker8bit.games.sequence.search"),
    # the nested Monte Carlo search for the deals the depth-first search leaves unknown
    "sequence-nested": ("baker8bit.games.sequence._cnested", "baker8bit.games.sequence.nested"),
    # prove: the layered search's record operations and the games' state spaces
    "layered": ("baker8bit.research._clayered", "baker8bit.research.records"),
    "blue-prove": ("baker8bit.games.blue._cprove", "baker8bit.games.blue.prove"),
    "king-albert-prove": ("baker8bit.games.king_albert._cprove", "baker8bit.games.king_albert.prove"),
}
COMPILED, PURE = "compiled", "pure"


def pure_wanted() -> bool:
    """Does the environment ask for the plain-Python references (``BAKER8BIT_PURE_SOLVER``)?"""
    return os.environ.get("BAKER8BIT_PURE_SOLVER", "") not in ("", "0")


def choose(compiled: str, reference: str, pure: bool | None = None) -> ModuleType:
    """The module ``compiled`` when it imports and ``pure`` (default: the environment's
    choice) is not set, else ``reference``."""
    if pure is None:
        pure = pure_wanted()
    if not pure:
        try:
            return importlib.import_module(compiled)
        except ImportError:
            pass
    return importlib.import_module(reference)


@cache  # an install does not change while it runs; a failed import is not tried again
def built(kind: str) -> bool:
    """Is the compiled module of search ``kind`` installed (whatever the environment asks)?"""
    try:
        importlib.import_module(SEARCHES[kind][0])
    except ImportError:
        return False
    return True


def search_name(kind: str) -> str:
    """``"compiled"`` or ``"pure"``: the search of ``kind`` that runs now."""
    return COMPILED if built(kind) and not pure_wanted() else PURE


def summary() -> str:
    """One line for ``--version``: which searches run compiled, e.g.
    ``searches: freecell compiled, blue compiled, sequence compiled``."""
    return "searches: " + ", ".join(f"{kind} {search_name(kind)}" for kind in SEARCHES)


def origin() -> str:
    """One line for a research tool's start: which package runs (the installed one, or a source
    tree) and its searches, e.g. ``baker8bit from /venv/.../baker8bit (searches: freecell compiled, ...)``."""
    return f"baker8bit from {Path(__file__).resolve().parents[1]} ({summary()})"
