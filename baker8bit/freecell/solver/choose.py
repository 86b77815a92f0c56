"""The chooser: which search runs for a rule set (no search imports this module back).

``solve`` sends a rule set of the FreeCell family (``params.supports``) to its one compiled
search, ``_cfamily`` (``fastfamily.pyx``), when the package build made it, else to its one
plain-Python reference, ``family.py``, whatever the build rule (``core/compiled.py`` chooses,
``BAKER8BIT_PURE_SOLVER=1`` asks for the reference); ``search_name`` says which ran, and
``searcher`` gives the readable search the demonstration (and 0.2.0's HELP, ``games/compat.py``) runs in slices. The
searches (``search.py``, ``colour.py``, ``family.py``) import only ``search.py``'s shared types
and ``params.py``, never this module nor the compiled one, so the package has no import cycle.
"""

from __future__ import annotations

from types import ModuleType

from baker8bit.core import compiled
from baker8bit.core.outcome import SearchResult
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver import family, params
from baker8bit.freecell.solver.colour import ColourSearch
from baker8bit.freecell.solver.search import Search

COMPILED = "baker8bit.freecell.solver._cfamily"  # the family's one compiled search
KIND = "freecell"  # its name in core/compiled.py (``--version``: "freecell compiled")


def reference(rules: RuleSet) -> ModuleType:
    """The plain-Python search the compiled one must equal for these rules: ``family.py``, for
    every rule set ``params.supports``."""
    return family


def implementation(rules: RuleSet, pure: bool | None = None) -> ModuleType:
    """The module ``solve()`` runs for these rules: ``_cfamily`` when it imports, else
    ``reference(rules)``. ``pure=True``, or the environment variable
    ``BAKER8BIT_PURE_SOLVER=1``, asks for the reference."""
    return compiled.choose(COMPILED, reference(rules).__name__, pure)


def compiled_built() -> bool:
    """Whether the compiled search is there (and imports)."""
    return compiled.built(KIND)


def solve(
    position: Position,
    rules: RuleSet,
    max_states: int | None = None,
    max_seconds: float | None = None,
    order: int | None = None,
    memory: int | None = None,
    restarts: int = 0,
) -> SearchResult:
    """Search a position to the end (or to a limit) in one call. ``order``: the one of the rule
    set's move orders (``params.orders``: one in suit, two in alternating colours) to try (its
    index; default: each in turn, each with ``max_states``). ``restarts``: that many seeded move
    orders instead (``params.restart_orders``: alternating colours), each with ``max_states``,
    the short depth-first searches of the escalation's restarts step. ``memory``: bytes for a seen table
    that forgets when full, so the search runs on past what memory holds (the compiled search
    only; ``max_states`` then counts positions searched, again or not; ValueError without it).

    The rule sets ``params.supports`` (the FreeCell family: building in suit with free cells,
    or in alternating colours) go to ``implementation(rules)``, the others to ``searcher``'s
    search. HELP and the demo run ``searcher``'s search in slices."""
    if memory is not None:
        impl = implementation(rules) if params.supports(rules) else None
        if impl is None or impl.KEY_BYTES is None:
            raise ValueError("--memory needs the compiled search, and this install runs the pure one"
                             if impl is not None else f"--memory is not for {rules.name}")
        return impl.solve(position, rules, max_states, max_seconds, order=order,
                          table=max(1, memory // impl.KEY_BYTES), restarts=restarts)
    if params.supports(rules):
        return implementation(rules).solve(position, rules, max_states, max_seconds, order=order,
                                           restarts=restarts)
    if restarts:
        raise ValueError(f"restarts are for the FreeCell family's search, not {rules.name}")
    return searcher(position, rules, max_states, max_seconds).step()


def search_name(rules: RuleSet) -> str:
    """Which search ``solve`` runs for these rules: ``"compiled"`` (``_cfamily``) or ``"pure"``
    (the references, or ``searcher``'s search), as ``core/compiled.py`` says."""
    if params.supports(rules):
        return compiled.search_name(KIND)
    return compiled.PURE


def searcher(position: Position, rules: RuleSet, max_states: int | None = None,
             max_seconds: float | None = None):
    """The search for these rules: ``Search`` (in suit) or ``colour.ColourSearch``."""
    if rules.build == "colour":
        return ColourSearch(position, rules, max_states, max_seconds)
    return Search(position, rules, max_states, max_seconds)
