"""Cross-check with fc-solve (Debian ``freecell-solver-bin``): deals 1..100 with
2, 3 and 4 suits. Our verdict must equal fc-solve's, and every solution, ours
and fc-solve's, must replay through the engine to a won position.

fc-solve runs as Baker's Game with as many free cells as parking spaces and as
many stacks as columns, on the board we write (absent suits written as full
foundations), with ``-to 01ABCDE``: only its moves to the foundations and its
"atomic" single-card moves, so its solutions are single-card moves like ours. Both solutions
also replay through ``baker8bit keys --suits N --deal D "..."`` to WINNER: the keys a player types
(the 1989 game makes no move by itself, so its keys are its moves).
``-sel`` makes it tell a proof ("I could not solve this game.") from a limit
("Iterations count exceeded.").
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil

import pytest
from conftest import baker_rules, fc_solve_checked, read_baker_board

from baker8bit import cli
from baker8bit.core.outcome import SOLVED, UNSOLVABLE
from baker8bit.freecell import moves, rules
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import solve
from baker8bit.freecell.solver.shorten import shorten

DEALS = range(1, 101)
IN_CI = os.environ.get("CI", "").lower() == "true"

# One move of ``-m -snx`` output: stack 1..8, free cell a..d, foundation h.


@pytest.fixture(scope="module", autouse=True)
def _fc_solve_present():
    if shutil.which("fc-solve") is None:
        if IN_CI:
            pytest.fail("fc-solve is missing in CI (apt-get install freecell-solver-bin)")
        pytest.skip("fc-solve not installed (apt-get install freecell-solver-bin)")


def replay_to_end(pos: Position, rs: rules.RuleSet, solution: list[str]) -> Position:
    """Play a key-notation solution through the engine, each move checked legal.

    (The one place a solution is replayed here; it can move to the key machine.)"""
    for i, text in enumerate(solution):
        move = moves.parse_move(text, rs)
        assert moves.is_legal(pos, move, rs), f"move {i + 1} {text} is illegal"
        pos = moves.apply(pos, move)
    return pos


def won_through_keys(suits: int, deal: int, keys: list[str]) -> bool:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert cli.main(["keys", "--suits", str(suits), "--deal", str(deal), " ".join(keys), "--json"]) == 0
    out = json.loads(buf.getvalue())
    return out["won"] and out["moves"] == len(keys)


def fc_solve(pos: Position, rs: rules.RuleSet) -> tuple[str, list[str]]:
    """fc-solve's verdict and its solution in key notation (single-card moves only)."""
    return fc_solve_checked(pos, rs)


@pytest.mark.parametrize("suits", [2, 3, 4])
def test_verdicts_and_solutions_agree_with_fc_solve(suits):
    rs = baker_rules(suits)
    outcomes = {SOLVED: 0, UNSOLVABLE: 0}
    for deal in DEALS:
        pos = Position.dealt(deal, rs)
        ours = solve(pos, rs)
        theirs, their_moves = fc_solve(pos, rs)
        assert theirs in (SOLVED, UNSOLVABLE), f"deal {deal}: fc-solve says {theirs}"
        assert ours.outcome == theirs, f"{suits} suits, deal {deal}: we say {ours.outcome}, fc-solve {theirs}"
        outcomes[theirs] += 1
        if theirs == SOLVED:
            assert replay_to_end(pos, rs, ours.moves).is_complete(), f"deal {deal}: our solution"
            assert replay_to_end(pos, rs, their_moves).is_complete(), f"deal {deal}: fc-solve's solution"
            assert ours.keys(rs) == ours.moves
            assert won_through_keys(suits, deal, ours.keys(rs)), f"deal {deal}: our keys"
            short = shorten(pos, rs, ours).keys(rs)
            assert len(short) <= len(ours.moves) and won_through_keys(suits, deal, short), f"deal {deal}: shortened"
            assert won_through_keys(suits, deal, their_moves), f"deal {deal}: fc-solve's keys"
    assert outcomes[SOLVED] > 0 and outcomes[UNSOLVABLE] > 0, outcomes


def test_fc_solve_moves_read_as_our_key_letters():
    # A hand-checked case: 2 suits, only the ace of clubs parked, everything
    # else in order; fc-solve's first move must be free cell a home ("aT" -> "GT").
    pos, rs = read_baker_board(
        "Foundations: C-0 D-K\nFreecells: AC -\n: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C\n:\n:\n:\n:\n:\n"
    )
    verdict, solution = fc_solve(pos, rs)
    assert verdict == SOLVED
    assert solution[0] == "GT"
    assert solution[1:] == ["AT"] * 12
