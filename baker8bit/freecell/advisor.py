"""HELP: the best next move, found by the solver off the frame.

The article promises that "each position of the cards can be analyzed to
determine the "best" next move"; the HELP key (F1 on a PC) asks for it, and a key
press cancels it. The answer is the first move of a winning line, or, when the
line starts with the single moves of a group move, that group move (``TBC``).

``think`` is HELP's task (``console/thinking.py``): the fast search (``solver.solve``:
compiled where it is built) at a budget of positions; the levels of the task give the
answer at a frame that depends on the position and the recorded ``help_rate`` only.
"""

from __future__ import annotations

from baker8bit.core.outcome import SOLVED, SearchResult
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import group_moves, parse_move
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver import family, params, solve
from baker8bit.freecell.solver.shorten import shorten

# What one step of the shortening pass (a move applied, or a position looked at, in plain
# Python: 6-20 us) costs in positions of the compiled search (0.6-0.7 us each): HELP's
# shortening spends what the search left of the level's budget at this price, so a level costs
# no more than its budget of compiled positions (benchmarks/bench_frame.py measures it).
MOVE_COST = 40


def first_command(game: Game, solution: list[str]) -> str:
    """The first move of a solution, as a group command when it begins with one."""
    rules, pos = game.rules, game.position
    best = solution[0]
    for src in range(rules.columns):
        for dst in range(rules.columns):
            if src == dst:
                continue
            try:
                steps = group_moves(pos, src, dst, rules)
            except ValueError:
                continue
            keys = [m.keys(rules) for m in steps]
            if len(keys) > 1 and solution[: len(keys)] == keys:
                return "T" + rules.column_letter(src) + rules.column_letter(dst)
    parse_move(best, rules)  # a solution move is always a legal key pair
    return best


def warm(rules: RuleSet) -> None:
    """The search tables of ``rules`` (``family.prepare``), made before HELP's first task by its
    worker (``console/worker.py``, through ``Variant.warm``): a game's first HELP then costs what
    the next ones do (King Albert's first level took 31 ms instead of 8, and the window's frame
    waited up to 43 ms for it)."""
    if params.supports(rules):
        family.prepare(rules)


def think(position: Position, rules: RuleSet, budget: int, level: int = 0) -> SearchResult:
    """HELP's task (run ``by_level``): the fast search within ``budget`` positions; a solved
    thought's answer is the winning line in the keys a player types (``first_command`` makes it
    one command)."""
    # King Albert's search has two move orders: each level tries one of them, in turn, with the
    # whole budget (docs/SOLVER.md: most deals take about as many positions with either, some
    # far fewer with one; on deals 1..100 this answers 96 within 2 s, sharing each budget 93)
    orders = len(params.orders(params.params(rules))) if params.supports(rules) else 1
    result = solve(position, rules, max_states=max(1, budget), order=level % orders if orders > 1 else None)
    # the line shortened from its first move on (so the move HELP shows is not one the line
    # undoes), with what the search left of the budget: the pass's own checks of the line
    # (before and, with automatic moves, after) first, then its steps
    steps = (budget - result.states) // MOVE_COST - 2 * len(result.moves)
    if result.outcome == SOLVED and steps > 0:
        result = shorten(position, rules, result, max_moves=steps)
    return SearchResult(result.outcome, answer=result.keys(rules) if result.outcome == SOLVED else [],
                        positions=result.states)
