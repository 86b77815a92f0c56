"""The solver's pruning rules against the unpruned search, on deals 1..300 of every
same-suit rule set of the FreeCell engine (issue 15, item 3).

The solver makes every move home at once, tries only the first empty column and cell, never
moves a lone card into an empty column, never moves the card just moved, and orders its moves
(docs/SOLVER.md, "Pruning rules in force", has the proofs). ``unpruned.search`` does none of
that: every legal single-card move, home moves as ordinary moves. Where the unpruned search
decides a deal within its budget, the verdicts must be equal; a pruning rule that lost a win
would show as "unsolvable" against "solved", one that made a false win as the reverse.
"""

from __future__ import annotations

import pytest
import unpruned

from baker8bit import games
from baker8bit.core.outcome import UNSOLVABLE
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import solve

DEALS = range(1, 301)
BUDGET = 30_000  # positions the unpruned search may keep per deal

# Each same-suit rule set once: Baker's Game has the 4-suit 1989 game's numbers and deal.
RULE_SETS = [("baker", {"suits": 2}), ("baker", {"suits": 3}), ("baker", {"suits": 4}),
             ("eight-off", {})]


def shape(rules) -> tuple:
    return (rules.suits, rules.columns, rules.cells, rules.build, rules.empty, rules.cells_dealt,
            rules.deal, rules.reserve, rules.base)


def test_every_same_suit_rule_set_is_covered_once():
    covered = {shape(games.get(g).rules(o)) for g, o in RULE_SETS}
    for game in games.ids():
        variant = games.get(game)
        rules = getattr(variant, "rules", None)
        if rules is None:
            continue
        try:
            rs = rules({})
        except Exception:  # a game not on the FreeCell engine
            continue
        if getattr(rs, "build", None) == "suit":
            assert shape(rs) in covered, f"{game}: its rules are not tested against the unpruned search"


@pytest.mark.parametrize("game,options", RULE_SETS, ids=["baker2", "baker3", "baker4", "eight-off"])
def test_verdicts_equal_the_unpruned_search_on_deals_1_to_300(game, options):
    rules = games.get(game).rules(options)
    compared = unsolvable = 0
    disagree = []
    for deal in DEALS:
        pos = Position.dealt(deal, rules)
        verdict, _states = unpruned.search(pos, rules, BUDGET)
        if verdict is None:
            continue
        ours = solve(pos, rules).outcome
        compared += 1
        unsolvable += verdict == UNSOLVABLE
        if ours != verdict:
            disagree.append((deal, ours, verdict))
    assert disagree == []
    # The unpruned search decides most deals within its budget (measured: baker2 300, baker3 289,
    # baker4 251, eight-off 282), and the unsolvable ones among them are exhaustive proofs on
    # both sides.
    assert compared >= 250
    if game == "baker":
        assert unsolvable >= 5


def test_the_unpruned_search_makes_the_moves_the_solver_prunes():
    # Columns: a lone 5C, an empty column, 2C over AC. Cells: one free of two.
    rules = games.get("baker").rules({"suits": 2})
    five, two, ace = 4, 1, 0
    cols = ((five,), (), (ace, two))
    kids = unpruned._children(cols, (), (0, 0), rules, unpruned.moves.builds_on,
                              unpruned.moves.fills_empty)
    places = {(c, ce) for c, ce, _f in kids}
    assert (((), (five,), (ace, two)), ()) in places      # a lone card into an empty column
    assert (((five,), (two,), (ace,)), ()) in places      # an exposed card into an empty column
    assert (((), (), (ace, two)), (five,)) in places      # a lone card parked
    # Nothing goes home in this position, and every child is one legal move away.
    assert all(f == (0, 0) for _c, _ce, f in kids)
    homeward = unpruned._children(((five,), (), (two, ace)), (), (0, 0), rules,
                                  unpruned.moves.builds_on, unpruned.moves.fills_empty)
    founds = sorted(f for _c, _ce, f in homeward)
    assert (1, 0) in founds and (0, 0) in founds          # home is a choice, not forced
