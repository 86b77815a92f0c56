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
from baker8bit.freecell import moves
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import SOLVED, solve
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
