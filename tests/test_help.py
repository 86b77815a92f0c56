"""HELP (F1): the solver's best next move, found off the frame at growing budgets (console/thinking.py),
and, for recordings of 0.2.0, in slices of the reference search between frames."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import machine_on, pyxel_ready, texts

from baker8bit.console import script
from baker8bit.console.screens import compose
from baker8bit.console.thinking import LEVELS
from baker8bit.core.outcome import SearchResult
from baker8bit.freecell.advisor import first_command
from baker8bit.freecell.solver import solve
from baker8bit.games import KeyMachine, compat
from baker8bit.window.app import App, AppOptions


def think(m: KeyMachine, limit: int = 5000) -> int:
    """Tick until the HELP answer is in; the number of frames it took."""
    n = 0
    while m.advisor.thinking:
        m.tick()
        n += 1
        assert n < limit
    return n


def level_of(m: KeyMachine):
    """The frame HELP answers at, and the answer: the first level whose budget (help_rate
    positions a frame of LEVELS) decides, at its LEVELS frame but not before help_first."""
    for frames in LEVELS:
        result = solve(m.game.position, m.game.rules, max_states=m.timing.help_rate * frames)
        if result.outcome != "unknown":
            return max(frames, m.timing.help_first), result
    return max(frames, m.timing.help_first), result


@pytest.mark.parametrize("suits,deal", [(2, 5), (3, 5), (4, 1), (4, 9)])
def test_help_blinks_the_first_move_of_a_win(suits, deal):
    m = KeyMachine(suits=suits, deal=deal)
    m.press("HELP")
    assert m.view().hint_text == "THINKING"
    frames = think(m)
    due, result = level_of(m)
    assert frames == due  # the answer comes at its level's frame, whatever the machine's speed
    assert result.states <= m.timing.help_rate * due
    best = first_command(m.game, result.keys(m.game.rules))
    assert texts(m)[-1] == f"hint {best}"
    v = m.view()
    assert v.hint_text == "" and set(v.hint) == set(best)
    lit = set()
    for _ in range(2 * m.timing.help_half + 1):
        m.tick()
        lit.add(m.view().hint_lit)
    assert lit == {True, False}
    for k in best:  # the hinted keys play a legal move
        m.press(k)
        m.settle()
    assert m.game.moves >= 1 and "flash line" not in texts(m)


@pytest.mark.parametrize("suits,deal", [(2, 5), (4, 9)])
def test_a_recording_of_0_2_0_keeps_its_help_in_slices(suits, deal):
    """Without help_rate (a 0.2.0 recording's timing) HELP runs the reference search
    help_states positions a frame, as it did: the same answer, at the frame it came then."""
    m = KeyMachine(suits=suits, deal=deal, timing=compat.before("help_rate", KeyMachine().timing))
    m.press("HELP")
    frames = think(m)
    result = solve(m.game.position, m.game.rules, max_states=m.timing.help_max_states)
    assert frames >= result.states // m.timing.help_states  # never more than a slice per frame
    new = KeyMachine(suits=suits, deal=deal)
    new.press("HELP")
    think(new)
    assert texts(m)[-1] == texts(new)[-1] == f"hint {first_command(m.game, result.moves)}"


def test_help_for_a_group_move_blinks_T_and_both_letters():
    m = machine_on("""
        Foundations: C-4 D-K H-K S-K
        Freecells: - -
        : KC QC JC TC
        : 8C 7C 6C 5C
        : 9C
        :
        :
        :
    """)
    assert first_command(m.game, ["BG", "BH", "BD", "BC", "DC", "HC", "GC", "CT"]) == "TBC"
    assert first_command(m.game, ["BG", "AT"]) == "BG"  # not a group pattern: the single move
    # when the answer is a group move, HELP blinks T and both column letters
    def found_tbc(frame):  # stands in for a search that found the group move's single moves
        m.advisor.cancel()
        return SearchResult("solved", answer=["BG", "BH", "BD", "BC", "DC", "HC", "GC", "CT"], positions=1)

    m.advisor.tick = found_tbc
    m.press("HELP")
    m.tick()
    assert texts(m)[-1] == "hint TBC" and set(m.view().hint) == {"T", "B", "C"}
    scr = compose(m.view(), m.game, m.frame)
    assert "T" in scr.text_at(3) and "B" in scr.text_at(3)
    for _ in range(m.timing.help_half):
        m.tick()
    scr = compose(m.view(), m.game, m.frame)
    assert not m.view().hint_lit and "B" not in scr.text_at(3) and "T" not in scr.text_at(3)


def test_help_says_no_win_from_here_when_the_search_proves_it():
    m = KeyMachine(suits=4, deal=10)  # a deal with no win (fc-solve agrees: tests/test_solver_fcsolve.py)
    assert solve(m.game.position, m.game.rules).outcome == "unsolvable"
    m.press("HELP")
    think(m)
    assert m.view().hint_text == "NO WIN FROM HERE" and texts(m)[-1] == "hint lost"
    assert m.view().hint == ()


def test_a_key_press_cancels_the_search_cleanly():
    m = KeyMachine(suits=4, deal=9)
    m.press("HELP")
    m.tick()
    assert m.advisor.thinking
    m.press("G")
    assert not m.advisor.thinking and m.view().hint_text == "" and "help cancelled" in texts(m)
    for _ in range(200):
        m.tick()
    assert not any(t.startswith("hint") for t in texts(m)) and m.view().black == {"G"}


def test_help_gives_up_with_no_answer_after_its_last_level():
    tiny = replace(KeyMachine().timing, help_rate=1)  # at most LEVELS[-1] positions in all
    m = KeyMachine(suits=4, deal=9, timing=tiny)
    assert solve(m.game.position, m.game.rules, max_states=LEVELS[-1]).outcome == "unknown"
    m.press("HELP")
    assert think(m) == LEVELS[-1]
    assert m.view().hint_text == "NO ANSWER" and texts(m)[-1] == "hint unknown"


def test_help_of_0_2_0_gives_up_at_its_state_limit():
    tiny = replace(compat.before("help_rate", KeyMachine().timing), help_max_states=50)
    m = KeyMachine(suits=4, deal=9, timing=tiny)
    m.press("HELP")
    think(m)
    assert m.view().hint_text == "NO ANSWER" and texts(m)[-1] == "hint unknown"


def test_help_in_the_headless_app_shows_the_first_move_while_frames_go_on():
    pyxel_ready()
    app = App(KeyMachine(suits=4, deal=216), AppOptions(headless=True))  # answered at 4 frames
    app.frame(("HELP",))
    shown = []
    for _ in range(600):
        app.frame()
        scr = compose(app.machine.view(), app.machine.game, app.machine.frame)
        shown.append(scr.text_at(23))
        if not app.machine.advisor.thinking:
            break
    assert shown[0].startswith("THINKING")  # a frame was drawn while the search ran
    assert len(shown) > 1  # and it took more than one frame: the search never blocks
    assert not app.machine.advisor.thinking
    assert app.machine.view().hint  # the answer's letters now blink on the purple line


def test_help_via_the_keys_command():
    m = script.run(KeyMachine(suits=2, deal=5), script.parse("<HELP> <WAIT 200>"))
    assert any(t.startswith("hint ") for t in texts(m))


def test_king_albert_help_takes_its_move_orders_in_turn_each_with_the_whole_budget():
    """Each level of King Albert's HELP runs one move order (level k: order k mod 2) with the
    level's whole budget: the answer comes at the first level whose order decides within it,
    with that order's move; deal 63 is decided sooner by the second order than by the first."""
    from baker8bit import games
    from baker8bit.freecell.solver import params

    rules = games.get("king-albert").rules({})
    m = KeyMachine(rules=rules, deal=63)
    m.settle()
    pos, rate = m.game.position, m.timing.help_rate
    need = [solve(pos, rules, max_states=rate * LEVELS[-1], order=k)
            for k in range(len(params.orders(params.params(rules))))]
    assert all(r.outcome == "solved" for r in need) and need[1].states < need[0].states
    level = next(k for k, f in enumerate(LEVELS) if need[k % 2].states <= rate * f)
    assert level % 2 == 1  # the second order's level: before the first order could decide
    m.press("HELP")
    frames = think(m)
    assert frames == max(LEVELS[level], m.timing.help_first)
    expected = first_command(m.game, list(need[1].keys(rules)))
    assert "".join(m.dialogue.hint) == expected


def test_one_move_order_alone_gives_the_verdict_of_both():
    """``solve(..., order=k)`` runs that order alone: compiled and plain Python agree, and an
    exhaustive verdict is the same whichever order reached it."""
    from baker8bit import games
    from baker8bit.freecell.position import Position
    from baker8bit.freecell.solver import choose, family, params

    rules = games.get("king-albert").rules({})
    for deal in (2, 3, 4):
        pos = Position.dealt(deal, rules)
        both = solve(pos, rules)
        for k in range(len(params.orders(params.params(rules)))):
            one = solve(pos, rules, order=k)
            pure = family.solve(pos, rules, order=k)
            assert one.outcome == both.outcome == pure.outcome
            assert (one.states, list(one.moves)) == (pure.states, list(pure.moves))
            if choose.search_name(rules) == "compiled" and k == 0:
                assert one.states == both.states
