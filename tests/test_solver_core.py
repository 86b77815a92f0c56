"""The family search in suit (solver/family.py, and _cfamily, the same search compiled from
fastfamily.pyx) against the readable reference (search.py).

In suit the family search makes search.py's search with a cheaper key, so on every deal it must
give the same outcome, the same number of states and the same moves, in every rule set in suit;
the compiled search must give the pure one's answers.
"""

from __future__ import annotations

import os

import pytest

from baker8bit import games
from baker8bit.core.outcome import SOLVED, UNKNOWN
from baker8bit.freecell import moves
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import choose, family, search, solve

IN_CI = os.environ.get("CI", "").lower() == "true"
DEALS = range(1, 301)
RULE_SETS = [("baker", {"suits": 2}), ("baker", {"suits": 3}), ("baker", {"suits": 4}),
             ("bakers-game", {}), ("eight-off", {})]


def rule_set(game: str, options: dict):
    return games.get(game).rules(options)


def answer(result) -> tuple:
    return result.outcome, result.states, result.moves


def full(result) -> tuple:
    """Everything the family search answers, but its time."""
    return result.outcome, result.states, result.moves, result.auto, result.max_empty


def compiled_core():
    if not choose.compiled_built():
        if IN_CI:
            pytest.fail("the compiled core is missing in CI (the package build compiles it: setup.py)")
        pytest.skip("no compiled core (install with a C compiler: pip install .)")
    return choose.implementation(rule_set("baker", {"suits": 4}), pure=False)


@pytest.mark.parametrize("game,options", RULE_SETS, ids=lambda v: v if isinstance(v, str) else "")
def test_core_makes_the_reference_search(game, options):
    rs = rule_set(game, options)
    assert family.supports(rs)
    for deal in DEALS:
        pos = Position.dealt(deal, rs)
        ref = search.Search(pos, rs).step()
        assert answer(family.solve(pos, rs)) == answer(ref), (rs.name, deal)


@pytest.mark.parametrize("game,options", RULE_SETS, ids=lambda v: v if isinstance(v, str) else "")
def test_compiled_core_gives_the_pure_answers(game, options):
    fast = compiled_core()
    rs = rule_set(game, options)
    for deal in DEALS:
        pos = Position.dealt(deal, rs)
        assert full(fast.solve(pos, rs)) == full(family.solve(pos, rs)), (rs.name, deal)


@pytest.mark.parametrize("game,options", RULE_SETS, ids=lambda v: v if isinstance(v, str) else "")
def test_core_solutions_replay(game, options):
    rs = rule_set(game, options)
    won = 0
    for deal in range(1, 41):
        pos = Position.dealt(deal, rs)
        result = solve(pos, rs)
        if result.outcome != SOLVED:
            continue
        won += 1
        for text in result.moves:
            move = moves.parse_move(text, rs)
            assert moves.is_legal(pos, move, rs), (rs.name, deal, text)
            pos = moves.apply(pos, move)
        assert pos.is_complete()
    assert won > 0


def test_limits_in_the_core():
    rs = rule_set("baker", {"suits": 4})
    pos = Position.dealt(10, rs)
    for impl in {choose.implementation(rs, pure=True), choose.implementation(rs)}:
        r = impl.solve(pos, rs, max_states=2000)
        assert (r.outcome, r.states, r.moves) == (UNKNOWN, 2000, [])
        assert answer(r) == answer(search.Search(pos, rs, max_states=2000).step())
        assert impl.solve(Position.dealt(5, rs), rs, max_seconds=1e-9).outcome == UNKNOWN


def test_key_is_canonical_and_one_to_one():
    rs = rule_set("baker", {"suits": 4})
    pos = Position.dealt(7, rs)
    cols = [bytes(c) for c in pos.columns]
    cells = [254] * rs.cells
    k = family.key_of(cols, cells)
    assert family.key_of(list(reversed(cols)), cells) == k  # column order is not in it
    moved = [c for c in cols]
    card = moved[0][-1]
    moved[0] = moved[0][:-1]
    assert family.key_of(moved, [card] + cells[1:]) == family.key_of(moved, cells[1:] + [card]) != k


def test_solve_uses_the_core_and_pure_env(monkeypatch):
    rs = rule_set("eight-off", {})
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    assert choose.implementation(rs) is family
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "0")
    assert choose.implementation(rs) is choose.implementation(rs, pure=False)


def test_compiled_core_gives_the_pure_answers_at_every_limit():
    fast = compiled_core()
    rs = rule_set("baker", {"suits": 4})
    for deal in range(1, 31):
        pos = Position.dealt(deal, rs)
        for limit in (1, 2, 7, 60, 500, 5000):
            assert full(fast.solve(pos, rs, max_states=limit)) == full(family.solve(pos, rs, max_states=limit))


@pytest.mark.parametrize("game,options", RULE_SETS, ids=lambda v: v if isinstance(v, str) else "")
def test_compiled_core_gives_the_pure_answers_in_mid_game(game, options):
    # Positions with parked cards, cards home and empty columns: a few seeded random moves
    # from each deal (the deal's own moves home first, as a player might leave them).
    import random

    fast = compiled_core()
    rs = rule_set(game, options)
    rng = random.Random(15)
    for deal in range(1, 121):
        pos = Position.dealt(deal, rs)
        for _ in range(rng.randrange(0, 25)):
            legal = moves.legal_moves(pos, rs)
            if not legal:
                break
            pos = moves.apply(pos, rng.choice(legal))
        assert (full(fast.solve(pos, rs, max_states=20000))
                == full(family.solve(pos, rs, max_states=20000))), (rs.name, deal)
