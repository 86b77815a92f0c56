"""Sequence solitaire's nested Monte Carlo search (``nested.py``, the reference, and its compiled
copy ``_cnested``: fastnested.pyx, built by setup.py): the same answers for the same seed, only
legal moves, wins that replay through ``keys``, and its place in the unknown deals' passes
(tools/sequence_unknown_solve.py --nested). The compiled tests are skipped when the extension is
not built, except in CI, where a skip would hide a gap."""

from __future__ import annotations

import json

import pytest
from conftest import IN_CI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sequence_search_compiled import small_positions

from baker8bit.cli import main as cli_main
from baker8bit.core import compiled
from baker8bit.games.sequence import nested
from baker8bit.games.sequence.rules import State
from baker8bit.games.sequence.search import decode

try:
    from baker8bit.games.sequence import _cnested
except ImportError:  # pragma: no cover - not built
    _cnested = None


def needs_compiled():
    if _cnested is None:
        if IN_CI:
            pytest.fail("_cnested is missing in CI (the package build compiles it: setup.py)")
        pytest.skip("_cnested not built (install with a C compiler: pip install .)")


def args(s: State):
    """``run``'s position arguments for a ``State``."""
    return s.coming(), s.storage, s.finals


def replay(s: State, codes) -> State:
    for c in codes:
        s = s.apply(decode(c))  # raises on an illegal move
    return s


def home(s: State) -> int:
    return sum(s.finals)


def test_level_1_plays_a_whole_game_of_legal_moves_and_scores_it():
    s = State.dealt(1)
    score, codes, positions = nested.run(*args(s), 1, 7)
    end = replay(s, codes)
    assert home(end) == score and not end.legal_moves()  # played to the end: a loss or a win
    assert positions > len(codes)  # the playouts of the moves not taken count too


@pytest.mark.parametrize("deal, level", [(2, 1), (2, 2), (3, 2)])
def test_a_win_replays_through_keys_to_a_win(deal, level, capsys):
    s = State.dealt(deal)
    score, codes, _ = nested.implementation().run(*args(s), level, deal)
    assert score == nested.WON and replay(s, codes).won()
    keys = " ".join(str(decode(c)) for c in codes)
    capsys.readouterr()
    assert cli_main(["keys", "--game", "sequence", "--deal", str(deal), keys, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["won"]


def test_the_same_seed_gives_the_same_search_and_another_seed_another():
    s = State.dealt(16)
    a = nested.run(*args(s), 1, 5)
    assert nested.run(*args(s), 1, 5) == a
    assert nested.run(*args(s), 1, 6) != a


def test_a_higher_level_finds_more_cards_home():
    """Level 2 chooses each move by level-1 searches: on hard deal 16 it gets further than
    level 1 with the same seed."""
    s = State.dealt(16)
    one = nested.implementation().run(*args(s), 1, 16)[0]
    two = nested.implementation().run(*args(s), 2, 16)[0]
    assert two > one


def test_level_0_is_refused():
    with pytest.raises(ValueError):
        nested.run(*args(State.dealt(1)), 0, 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(s=small_positions(most=14), level=st.integers(1, 2), seed=st.integers(0, 2**40))
def test_any_position_gets_legal_moves_and_the_score_of_their_end(s, level, seed):
    score, codes, _ = nested.run(*args(s), level, seed)
    end = replay(s, codes)
    assert home(end) == score
    assert end.won() == (score == nested.WON)
    if not end.won():
        assert not end.legal_moves()  # a game is played to its end


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(s=small_positions(most=14), level=st.integers(1, 2), seed=st.integers(0, 2**40))
def test_compiled_and_pure_agree_on_small_positions(s, level, seed):
    needs_compiled()
    assert _cnested.run(*args(s), level, seed) == nested.run(*args(s), level, seed)


@pytest.mark.parametrize("deal, level, seed", [(1, 1, 1), (16, 1, 99), (3771, 1, 3), (4608, 1, 2**33 + 5),
                                               (2, 2, 2), (9110, 1, 0)])
def test_compiled_and_pure_agree_on_full_deals(deal, level, seed):
    needs_compiled()
    s = State.dealt(deal)
    assert _cnested.run(*args(s), level, seed) == nested.run(*args(s), level, seed)


def test_the_search_is_named_for_version_and_the_rows(capsys):
    assert compiled.search_name("sequence-nested") in ("compiled", "pure")
    assert "sequence-nested" in compiled.summary()


def test_solve_nested_prints_the_keys_of_a_win(capsys):
    capsys.readouterr()
    assert cli_main(["solve", "--game", "sequence", "--deal", "3", "--nested", "1", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["outcome"] == "solved" and answer["search"] == compiled.search_name("sequence-nested")
    assert cli_main(["keys", "--game", "sequence", "--deal", "3", " ".join(answer["solution"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["won"]


def test_solve_nested_stops_at_its_budget_and_says_unknown(capsys):
    capsys.readouterr()
    assert cli_main(["solve", "--game", "sequence", "--deal", "16", "--nested", "1", "--max-states", "30000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "unknown" and "0 moves" in out[1]
    played = int(out[1].split(", ")[1].split()[0])
    assert 30000 <= played < 30000 + 20000  # the search that passes the budget is the last one


@pytest.mark.parametrize("game", ["baker", "bakers-game", "eight-off", "king-albert", "blue"])
def test_solve_nested_is_refused_in_one_line_for_the_other_games(game, capsys):
    capsys.readouterr()
    assert cli_main(["solve", "--game", game, "--deal", "1", "--nested", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"baker8bit: the game {game} has no option --nested for solve (it is for sequence)"]


@pytest.mark.parametrize("level", ["0", "4"])
def test_solve_nested_levels_are_1_to_3(level, capsys):
    capsys.readouterr()
    assert cli_main(["solve", "--game", "sequence", "--deal", "1", "--nested", level]) == 2
    assert capsys.readouterr().err.strip() == "baker8bit: --nested must be 1, 2 or 3"
