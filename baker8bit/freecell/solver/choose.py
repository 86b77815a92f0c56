"""The chooser: which search runs for a rule set (no search imports this module back).

``solve`` sends a rule set to the fast search of its build rule, compiled where the package
build made it (``core/compiled.py`` chooses), ``search_name`` says which ran, and ``searcher``
gives the reference search HELP's 0.2.0 recordings and the demo run in slices. The references
(``search.py``, ``colour.py``) and the fast searches (``core.py``, ``colour_core.py``) import
only the shared types of ``search.py`` (``Result``, the outcomes), never this module, so the
package has no import cycle.
"""

from __future__ import annotations

from baker8bit.core import compiled
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver import colour_core, core
from baker8bit.freecell.solver.colour import ColourSearch
from baker8bit.freecell.solver.search import Result, Search


def solve(
    position: Position,
    rules: RuleSet,
    max_states: int | None = None,
    max_seconds: float | None = None,
) -> Result:
    """Search a position to the end (or to a limit) in one call.

    The rule sets ``core.supports`` (building in suit) go to the fast core
    (``core.py``, compiled into ``_cfast`` when built: see ``core.implementation``),
    the ones ``colour_core.supports`` (alternating colours) to its fast search
    (compiled into ``_ccolour``), the others to ``searcher``'s search. HELP and the
    demo run ``searcher``'s search in slices."""
    if core.supports(rules):
        return core.implementation().solve(position, rules, max_states, max_seconds)
    if colour_core.supports(rules):
        return colour_core.implementation().solve(position, rules, max_states, max_seconds)
    return searcher(position, rules, max_states, max_seconds).step()


def search_name(rules: RuleSet) -> str:
    """Which search ``solve`` runs for these rules: ``"compiled"`` (``_cfast`` or ``_ccolour``)
    or ``"pure"`` (their references, or ``searcher``'s search), as ``core/compiled.py`` says."""
    if core.supports(rules):
        return compiled.search_name("same-suit")
    if colour_core.supports(rules):
        return compiled.search_name("colour")
    return compiled.PURE


def searcher(position: Position, rules: RuleSet, max_states: int | None = None,
             max_seconds: float | None = None):
    """The search for these rules: ``Search`` (in suit) or ``colour.ColourSearch``."""
    if rules.build == "colour":
        return ColourSearch(position, rules, max_states, max_seconds)
    return Search(position, rules, max_states, max_seconds)
