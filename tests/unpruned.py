"""The unpruned search: the oracle the solver's pruning rules are tested against.

Every legal single-card move of the rules (``moves.builds_on`` and ``moves.fills_empty`` say
what goes where), from every exposed or parked card to every place that takes it: home as an
ordinary move (never forced), onto a card, into *every* empty column (a lone card too) and, unless
the cells are a reserve, into every empty cell; the card just moved may move again. No dominance,
no dead-position test, nothing skipped: the only identification is of positions that are equal up
to the order of their columns and of their cells (they are the same position with the places
renamed, so they win or lose together).

The moves are tried home first, then onto a card, then into an empty column, then into a cell
(an order only: it finds wins sooner, it never changes a verdict). ``max_states`` bounds the
positions kept; past it the answer is ``None`` (undecided), so a caller compares verdicts only
where this search decided.
"""

from __future__ import annotations

from baker8bit.core.outcome import SOLVED, UNSOLVABLE
from baker8bit.freecell import moves
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet


def _children(cols, cells, found, rules: RuleSet, builds_on, fills_empty):
    """Every position one legal single-card move away, best-tried last (for a stack)."""
    home, onto, empty, park = [], [], [], []
    free_cells = 0 if rules.reserve else rules.cells - len(cells)
    sources = [(c[-1], i, None) for i, c in enumerate(cols) if c]
    sources += [(card, None, j) for j, card in enumerate(cells)]
    for card, i, j in sources:
        def take(i=i, j=j):
            cl = list(cols)
            if i is not None:
                cl[i] = cols[i][:-1]
                ce = cells
            else:
                ce = cells[:j] + cells[j + 1:]
            return cl, ce
        s, r = divmod(card, 13)
        if found[s] == r:
            cl, ce = take()
            nf = list(found)
            nf[s] += 1
            home.append((cl, ce, tuple(nf)))
        for k, col in enumerate(cols):
            if k == i:
                continue
            if col and builds_on(card, col[-1], rules):
                cl, ce = take()
                cl[k] = col + (card,)
                onto.append((cl, ce, found))
            elif not col and fills_empty(card, rules):
                cl, ce = take()
                cl[k] = (card,)
                empty.append((cl, ce, found))
        if i is not None and free_cells:
            cl, ce = take()
            park.append((cl, tuple(sorted(ce + (card,))), found))
    out = park + empty + onto + home
    return [(tuple(cl), ce, f) for cl, ce, f in out]


def search(position: Position, rules: RuleSet, max_states: int) -> tuple[str | None, int]:
    """``(verdict, positions kept)``: SOLVED, UNSOLVABLE (every reachable position was
    examined) or None (more than ``max_states`` positions would be needed)."""
    cols = tuple(tuple(c) for c in position.columns)
    cells = tuple(sorted(c for c in position.cells if c is not None))
    found = tuple(position.foundations)
    total = rules.suits * 13

    def key(cl, ce, f):
        return tuple(sorted(cl)), ce, f

    # ``moves.builds_on`` read once into a table: the same moves, at a dictionary's cost a check
    tops = {card: frozenset(t for t in range(total) if moves.builds_on(card, t, rules)) for card in range(total)}

    def builds_on(card, top, _rules):
        return top in tops[card]

    seen = {key(cols, cells, found)}
    stack = [(cols, cells, found)]
    while stack:
        cl, ce, f = stack.pop()
        if sum(f) == total:
            return SOLVED, len(seen)
        for child in _children(cl, ce, f, rules, builds_on, moves.fills_empty):
            k = key(*child)
            if k in seen:
                continue
            if len(seen) >= max_states:
                return None, len(seen)
            seen.add(k)
            stack.append(child)
    return UNSOLVABLE, len(seen)
