"""The demonstration: a solvable deal played to WINNER by itself, at a person's pace."""

from __future__ import annotations

import pyxel
from conftest import baker_rules, pyxel_ready
from conftest import baker_rules as baker

from baker8bit.freecell.demo import Planner, commands_of
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import parse_move
from baker8bit.freecell.solver import solve
from baker8bit.games import KeyMachine
from baker8bit.window import app as appmod
from baker8bit.window.app import App, AppOptions


def test_a_plan_is_a_winning_line_in_the_players_commands():
    plan = Planner(baker_rules(2), 7).finish()
    g = Game.dealt(baker(2), plan.deal)
    m = KeyMachine(suits=2, deal=plan.deal)
    for cmd in plan.commands:
        assert len(cmd) == 2 or (len(cmd) == 3 and cmd[0] == "T")
        for k in cmd:
            m.press(k)
            m.settle()
    assert m.game.won and g.deal == plan.deal


def test_an_unsolvable_deal_is_skipped_for_the_next():
    assert solve(Game.dealt(baker(4), 10).position, baker(4)).outcome == "unsolvable"
    plan = Planner(baker_rules(4), 10).finish()
    assert plan.deal == 11


def test_group_moves_in_the_line_become_T_commands():
    from conftest import GROUP_BOARD, board

    pos, rs = board(GROUP_BOARD)
    line = ["BG", "BH", "BE", "BC", "EC", "HC", "GC", "AF"]
    g = Game(rs, pos)
    assert commands_of(g, line) == ["TBC", "AF"]
    for mv in line:  # and the line itself was legal
        g.make(parse_move(mv, rs))


def test_the_demo_plays_to_winner_with_tones_and_any_key_returns_to_the_title():
    pyxel_ready()
    plan = Planner(baker_rules(2), 7).finish()
    app = App(KeyMachine(seed=5), AppOptions(headless=True, sound=True), attract=True)
    title = app.machine
    app.start_demo(plan)
    frames = 0
    while app.machine.phase != "won":
        app.update()
        frames += 1
        assert frames < 50_000
    assert app.audio.played.count("tone") == app.machine.game.moves
    assert frames >= 30 * len(plan.commands)  # a person's pace, not all at once
    pyxel.set_btn(pyxel.KEY_X, True)
    app.update()
    pyxel.set_btn(pyxel.KEY_X, False)
    pyxel.flip()
    assert app.demo is None and app.machine is title and app.machine.phase == "prompt"


def test_a_minute_idle_on_the_title_starts_the_demo(monkeypatch):
    pyxel_ready()
    monkeypatch.setattr(appmod, "ATTRACT_AFTER", 120)  # the rule, on a shorter clock
    app = App(KeyMachine(seed=5), AppOptions(headless=True, sound=False), attract=True)
    for _ in range(119):
        app.update()
    assert app.demo is None
    for _ in range(200):
        app.update()
        if app.demo is not None:
            break
    assert app.demo is not None and app.machine.game is not None
    assert appmod.ATTRACT_AFTER == 120 and app.idle >= 120


def test_the_attract_wait_is_a_minute():
    assert appmod.ATTRACT_AFTER == 60 * 60


def test_a_demonstration_is_not_counted_in_the_players_statistics(tmp_path):
    from baker8bit.sessions.session import Session

    pyxel_ready()
    session = Session(tmp_path / "data")
    app = App(session.start(seed=5), AppOptions(headless=True, sound=False), session=session)
    app.start_demo(Planner(baker_rules(2), 7).finish())
    while app.machine.phase != "won":
        app.update()
    assert all(s.played == 0 for s in session.tracker.stats.games.values())
    assert not (tmp_path / "data" / "savegame.txt").exists()
