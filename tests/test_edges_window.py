"""Issue 13, the first five minutes: the key list behind ?, a quit key with a question, DEMO on the
attract screen, a hint of ? on the titles, every character drawn exists in our font."""

from __future__ import annotations

from conftest import pyxel_ready

from baker8bit import games
from baker8bit.atari import font
from baker8bit.games import KeyMachine
from baker8bit.sessions import stats
from baker8bit.sessions.session import stats_lines
from baker8bit.window import overlay


def screen_text(scr) -> str:
    return "\n".join(scr.text_at(r) for r in range(scr.geometry.rows))


def headless_app(machine=None, **kw):
    from baker8bit.window.app import App, AppOptions

    pyxel_ready()
    return App(machine or KeyMachine(menu=True), AppOptions(headless=True, sound=False), **kw)


def test_question_mark_shows_the_keys_and_any_key_goes_back():
    app = headless_app()
    assert "?:KEYS" in screen_text(app.screen())  # the hint on the menu
    assert app.overlay.take(slash=True, ctrl_q=False, yes=False, no=False, any_key=False)
    text = screen_text(app.screen())
    assert "KEYS" in text and "TAKE BACK" in text and "CTRL Q QUIT" in text
    assert app.screen().hits == {}
    assert app.overlay.take(slash=False, ctrl_q=False, yes=False, no=False, any_key=True)
    assert "CHOOSE A GAME" in screen_text(app.screen())


def test_ctrl_q_asks_and_y_quits_n_goes_on():
    quits = []
    o = overlay.Overlay(quit=lambda: quits.append(1))
    assert o.take(slash=False, ctrl_q=True, yes=False, no=False, any_key=False)
    assert o.showing is overlay.QUIT_QUESTION
    assert o.take(slash=False, ctrl_q=False, yes=False, no=True, any_key=True) and o.showing is None and not quits
    o.take(slash=False, ctrl_q=True, yes=False, no=False, any_key=False)
    o.take(slash=False, ctrl_q=False, yes=True, no=False, any_key=True)
    assert quits == [1]
    assert not o.take(slash=False, ctrl_q=False, yes=True, no=False, any_key=True)  # Y alone is a game key


def test_the_attract_demonstration_says_demo():
    from baker8bit.sessions.demo import planner

    app = headless_app(attract=True)
    rs = games.ruleset("baker4")
    app.start_demo(planner(rs, 1).finish())
    assert "DEMO" in screen_text(app.screen()).splitlines()[-1]
    app.stop_demo()
    assert "DEMO" not in screen_text(app.screen())


def test_every_character_on_every_screen_is_in_our_font():
    have = set(font.load())
    app = headless_app()
    texts = [screen_text(app.screen())]
    for lines in (overlay.KEY_LIST, overlay.QUIT_QUESTION, (overlay.HINT,)):
        texts.extend(lines)
    st = stats.Stats()
    st.record_win("baker4", 60)
    st.record_loss("baker4")
    st.record_loss("eight-off")
    for v in games.all_variants():
        texts.extend(stats_lines(st, v))
        for rs in v.rule_sets().values():
            m = KeyMachine(rules=rs, deal=1)
            texts.append(screen_text(headless_app(m).screen()))
        texts.append(screen_text(headless_app(KeyMachine(game=v.id)).screen()))
    missing = {ch for t in texts for ch in t if ch not in have and ch not in " \n"}
    assert not missing, f"characters without a glyph: {''.join(sorted(missing))}"


def test_the_title_shows_a_percentage_the_font_can_draw():
    st = stats.Stats()
    st.record_win("baker4", 60)
    st.record_loss("baker4")
    line = stats_lines(st, games.get("baker"))[-1]
    assert "50" in line and "?" not in line and all(ch in font.load() or ch == " " for ch in line)


def test_a_game_played_after_demo_in_the_same_window_is_counted_and_saved(tmp_path):
    from baker8bit.commands.demo import demo_app
    from baker8bit.freecell.moves import legal_moves
    from baker8bit.sessions.demo import planner
    from baker8bit.sessions.session import Session
    from baker8bit.window.app import AppOptions

    pyxel_ready()
    rs = games.ruleset("bakers-game")
    session = Session(tmp_path)
    app = demo_app(planner(rs, 1).finish(), 1.0, AppOptions(headless=True, sound=False), 5, session)
    for _ in range(3):
        app.frame()
    app.frame(("SPACE",))  # any key stops the demonstration: the title
    assert app.demo is None and app.machine.phase == "prompt"
    for key in ("7", "RETURN"):
        app.frame((key,))
        app.frame()
    g = app.machine.game
    assert g is not None and g.deal == 7
    move = legal_moves(g.position, g.rules)[0].keys(g.rules)
    for key in move:
        app.frame((key,))
        app.frame()
    assert (tmp_path / "savegame.txt").exists()  # saved
    app.frame(("ESC",))
    for _ in range(3):
        app.frame()
    assert stats.load(tmp_path / "stats.json").games["bakers-game"].lost == 1  # counted


def test_suits_alone_deals_a_random_game_in_the_window():
    from baker8bit.cli import build_parser
    from baker8bit.commands.common import machine_for

    args = build_parser().parse_args(["--suits", "3"])
    deals = {machine_for(args, seed, menu=True, random_deal=True).game.deal for seed in range(8)}
    assert len(deals) > 1 and all(m.game.rules.name == "baker3" for m in
                                  [machine_for(args, 3, menu=True, random_deal=True)])
    args = build_parser().parse_args(["--suits", "3", "--deal", "9"])
    assert machine_for(args, 1, menu=True, random_deal=True).game.deal == 9


def test_our_own_icon_is_set_when_the_window_opens(monkeypatch):
    import pyxel

    from baker8bit.window import app as appmod
    from baker8bit.window import icon

    assert len(icon.ICON) == 16 and all(len(r) == 16 and set(r) <= set("0123456789abcdef") for r in icon.ICON)
    pyxel_ready()
    got = []
    monkeypatch.setattr(pyxel, "icon", lambda data, scale, colkey=None: got.append((data, scale, colkey)))
    appmod.init_pyxel(appmod.AppOptions(headless=False))  # Pyxel is up already: only palette and icon
    assert got == [(list(icon.ICON), icon.SCALE, icon.TRANSPARENT)]


def test_ctrl_r_records_the_session_with_a_mark_and_it_replays(tmp_path):
    from baker8bit.sessions import recording
    from baker8bit.sessions.session import Session

    session = Session(tmp_path)
    app = headless_app(session.start(KeyMachine(seed=3, rules=games.ruleset("baker4"), deal=1, menu=True)),
                       session=session)
    for key in ("G", "B"):
        app.frame((key,))
    assert "REC" not in screen_text(app.screen())
    assert app.overlay.take(slash=False, ctrl_q=False, yes=False, no=False, any_key=False, ctrl_r=True)
    assert "REC" in screen_text(app.screen())
    for key in ("B", "I"):
        app.frame((key,))
    app.overlay.take(slash=False, ctrl_q=False, yes=False, no=False, any_key=False, ctrl_r=True)
    assert "REC" not in screen_text(app.screen())
    (path,) = (tmp_path / "recordings").iterdir()
    rec = recording.load(path)
    replayed = recording.replay(rec)
    assert replayed.game.position == app.machine.game.position and [k for _, k in rec.keys] == ["G", "B", "B", "I"]
