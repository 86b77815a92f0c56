"""The shortening pass (``solver/shorten.py``): never longer, always a legal win, and the keys a
player types in every game of the FreeCell family, with King Albert's automatic moves on and off.

- a line with a detour put in (a card parked and brought back, a cycle) comes out no longer than
  the line without it;
- on any deal the search wins (hypothesis draws them), the shortened line is no longer than the
  search's, replays move by move (each legal) to a won position, and its keys win through
  ``baker8bit keys``;
- the pass is deterministic; a line that does not win is refused.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baker8bit import cli, games
from baker8bit.core.outcome import SOLVED
from baker8bit.freecell import moves
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import solve
from baker8bit.freecell.solver.shorten import played_by_the_game, shorten, shorten_line

KA = games.get("king-albert")
RULE_SETS = {
    "baker": games.get("baker").rules({"suits": 4}),
    "bakers-game": games.get("bakers-game").rules(),
    "eight-off": games.get("eight-off").rules(),
    "king-albert": KA.rules({}),
    "king-albert-manual": KA.rules({"auto": False}),
}


def argv_of(name: str) -> list[str]:
    if name == "baker":
        return ["--game", "baker", "--suits", "4"]
    if name.startswith("king-albert"):
        return ["--game", "king-albert", "--auto", "off" if name.endswith("manual") else "on"]
    return ["--game", name]


def keys_won(name: str, deal: int, keys: list[str]) -> bool:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert cli.main(["keys", *argv_of(name), "--deal", str(deal), " ".join(keys), "--json"]) == 0
    return json.loads(buf.getvalue())["won"]


def replays_to_a_win(pos: Position, rules, line: list[str]) -> bool:
    for text in line:
        m = moves.parse_move(text, rules)
        if not moves.is_legal(pos, m, rules):
            return False
        pos = moves.apply(pos, m)
    return pos.is_complete()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULE_SETS)), deal=st.integers(1, 5000))
def test_shortened_lines_win_and_are_never_longer(name, deal):
    rules = RULE_SETS[name]
    pos = Position.dealt(deal, rules)
    found = solve(pos, rules, max_states=300_000)
    if found.outcome != SOLVED:
        return
    short = shorten(pos, rules, found)
    assert short.outcome == SOLVED and len(short.moves) <= len(found.moves)
    assert replays_to_a_win(pos, rules, short.moves)  # every move, the game's own included
    assert keys_won(name, deal, short.keys(rules))
    if rules.auto_home:  # the moves marked automatic are the ones King Albert makes itself
        assert played_by_the_game(pos, rules, short.moves) == (list(short.moves), short.auto)


@pytest.mark.parametrize("name", ["bakers-game", "king-albert-manual"])
def test_a_detour_put_in_comes_out(name):
    """A card parked and brought back (a move undone) in the middle of a winning line, and the
    same twice over (a cycle): the pass gives a line no longer than the one without them."""
    rules = RULE_SETS[name]
    for deal in range(1, 40):
        pos = Position.dealt(deal, rules)
        found = solve(pos, rules, max_states=300_000)
        if found.outcome == SOLVED:
            break
    line = list(found.moves)
    base = shorten_line(pos, rules, line)
    # a place to put the detour: a position where a column's top card can go to an empty cell
    # (Baker's Game) or onto another column (King Albert: nothing enters its reserve)
    p = pos
    for k, text in enumerate(line):
        there = [m for m in moves.legal_moves(p, rules) if m.src[0] == "column" and m.dst[0] != "terminal"
                 and moves.is_legal(moves.apply(p, m), moves.Move(m.dst, m.src), rules)]
        if there:
            go = there[0].keys(rules)
            back = moves.Move(there[0].dst, there[0].src).keys(rules)
            detour = line[:k] + [go, back, go, back] + line[k:]
            break
        p = moves.apply(p, moves.parse_move(text, rules))
    else:
        pytest.fail("no place for a detour")
    assert replays_to_a_win(pos, rules, detour)
    short = shorten_line(pos, rules, detour)
    assert len(short) <= len(line) < len(detour)
    assert replays_to_a_win(pos, rules, short)
    assert shorten_line(pos, rules, detour) == short  # deterministic
    assert len(base) <= len(line)


def test_a_line_that_does_not_win_is_refused():
    rules = RULE_SETS["bakers-game"]
    pos = Position.dealt(1, rules)
    found = solve(pos, rules)
    with pytest.raises(ValueError, match="does not win"):
        shorten_line(pos, rules, list(found.moves[:-1]))


def test_the_replay_bound_keeps_the_line_as_found():
    rules = RULE_SETS["king-albert"]
    pos = Position.dealt(101, rules)
    found = solve(pos, rules)
    assert shorten(pos, rules, found, max_replays=0) == found
    assert len(shorten(pos, rules, found).moves) < len(found.moves)  # measured: 345 -> 207


def typed_keys_win(pos: Position, rules, keys: list[str]) -> bool:
    """The keys a player types win, the game making its automatic moves home after each."""
    def settle(p: Position) -> Position:
        while rules.auto_home and (m := moves.safe_home(p, rules)) is not None:
            p = moves.apply(p, m)
        return p

    pos = settle(pos)
    for text in keys:
        m = moves.parse_move(text, rules)
        if not moves.is_legal(pos, m, rules):
            return False
        pos = settle(moves.apply(pos, m))
    return pos.is_complete()


def count_steps(monkeypatch) -> list[int]:
    """Counts the pass's moves applied (``shorten.apply``) from now on."""
    from baker8bit.freecell.solver import shorten as module

    n = [0]
    real = module.apply

    def counted(pos, m):
        n[0] += 1
        return real(pos, m)

    monkeypatch.setattr(module, "apply", counted)
    return n


@pytest.mark.parametrize("limit", [0, 50, 400, 3000])
def test_the_work_bound_is_kept_and_what_comes_out_still_wins(monkeypatch, limit):
    rules = RULE_SETS["king-albert-manual"]
    pos = Position.dealt(101, rules)
    found = list(solve(pos, rules).moves)
    n = count_steps(monkeypatch)
    short = shorten_line(pos, rules, found, max_moves=limit)
    # the check of the line given (one replay of it) is the caller's; the pass spends the rest
    assert n[0] - len(found) <= limit
    assert len(short) <= len(found) and replays_to_a_win(pos, rules, short)
    if limit == 0:
        assert short == found
    assert shorten_line(pos, rules, found, max_moves=limit) == short  # deterministic


def test_a_work_bound_the_pass_does_not_reach_changes_nothing():
    rules = RULE_SETS["baker"]
    pos = Position.dealt(2, rules)
    found = list(solve(pos, rules).moves)
    assert shorten_line(pos, rules, found, max_moves=10**9) == shorten_line(pos, rules, found)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_help_spends_no_more_than_its_budget_on_search_and_shortening(monkeypatch, name):
    """HELP's level: the search's positions, plus the shortening's bound (which the pass keeps:
    the test above) and its two replays of the line at ``MOVE_COST`` positions a step, stay
    within the level's budget; and the move it shows starts a line that wins."""
    from baker8bit.freecell import advisor

    rules = RULE_SETS[name]
    pos = Position.dealt(3, rules)  # won by every game's search
    line = [moves.parse_move(m, rules) for m in solve(pos, rules).moves]
    assert line
    for m in line[: len(line) - 60]:  # near the end: the search wins at HELP's smaller budgets
        pos = moves.apply(pos, m)
    calls = []

    def spy(position, rules, result, max_moves):
        calls.append((result.states, len(result.moves), max_moves))
        return shorten(position, rules, result, max_moves=max_moves)

    monkeypatch.setattr(advisor, "shorten", spy)
    for budget in (8_000, 64_000, 512_000):
        calls.clear()
        thought = advisor.think(pos, rules, budget)
        assert thought.outcome == SOLVED and typed_keys_win(pos, rules, thought.answer)
        for states, length, max_moves in calls:
            assert states + advisor.MOVE_COST * (max_moves + 2 * length) <= budget
    assert calls and calls[-1][2] > 1000  # the largest level does shorten
