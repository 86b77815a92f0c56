"""Blue on the console: the menu and title, strategy mode, play by keys and by mouse (clicks,
double-clicks, drags), the two-gap buzzer, history, the game file from inside the game, -s/-f,
recordings, keys --json, the demo planner, statistics and the survey."""

from __future__ import annotations

import json
import math
from typing import NamedTuple

import pytest
import pyxel
from conftest import pyxel_ready, sides_ended, texts

from baker8bit import games
from baker8bit.cli import main
from baker8bit.console import script
from baker8bit.console.screens import compose
from baker8bit.core.cards import SUITS
from baker8bit.games import KeyMachine, compat
from baker8bit.games.blue import gamefile, rules
from baker8bit.games.blue.rules import Game, Layout, card, parse_board
from baker8bit.sessions import userdata
from baker8bit.sessions.recording import Recorder, dump, parse, replay
from baker8bit.sessions.stats import rule_set_of_label
from baker8bit.window.app import App, AppOptions

SMALL = Layout(2, 3)
# Deal 5 of 2 x 3:   AC -- 2D 3C  /  AD 2C 3D --   (won in three moves: 2C>A1, 2D>B1, 3C>A2)
DEAL = 5
# Two gaps for 2C: after AC (A1) and before 3C (B2)
TWO_GAPS = "AC -- 3D 2C\nAD 2D -- 3C"


def run(m: KeyMachine, keys: str) -> KeyMachine:
    return script.run(m, script.parse(keys))


def small(deal: int = DEAL) -> KeyMachine:
    return KeyMachine(rules=games.ruleset("blue-2x3"), deal=deal)


def from_board(text: str) -> KeyMachine:
    return KeyMachine(rules=games.ruleset("blue-2x3"), position=Game(SMALL, parse_board(text, SMALL)))


def board(m: KeyMachine) -> str:
    return rules.board_text(m.game.position.board, SMALL)


def test_blue_is_on_the_menu_and_its_title_sets_the_size():
    m = run(KeyMachine(seed=1, menu=True), "5")
    assert m.variant.id == "blue" and m.phase == "prompt"
    assert m.view().prompt_digit == "4X13"
    run(m, "S R 5 <RETURN>")  # suits 4 -> 2, ranks 13 -> 3, game 5
    assert m.rules.name == "blue-2x3" and m.game.deal == DEAL
    assert texts(m)[-2:] == ["deal blue-2x3 5", "mode strategy"] or "deal blue-2x3 5" in texts(m)
    assert m.game.position.board == rules.deal(DEAL, SMALL)


def test_every_size_is_a_rule_set_with_a_unique_label_for_statistics():
    v = games.get("blue")
    assert len(v.rule_sets()) == 3 * 11
    assert v.rules({"suits": 4, "ranks": 13}).name == "blue-4x13"
    assert rule_set_of_label("blue-2x3") is games.ruleset("blue-2x3")


def test_the_game_starts_in_strategy_mode_and_draws_a_run_in_the_strategy():
    m = small()
    assert m.game.mode == "strategy"
    run(m, "B1 E1")  # the 2 of clubs (B1) into strategy slot E1; the pen goes on to the 3 of clubs
    w = SMALL.width
    assert m.game.position.strategy[1] == card(0, 2) and m.game.pen == card(0, 3)
    run(m, "E2")
    assert m.game.position.strategy[2] == card(0, 3) and m.game.pen is None
    assert "plan 2C A1" in texts(m) and "plan 3C A2" in texts(m)
    run(m, "E1 X")  # pick the drawn 2C up and erase it
    assert m.game.position.strategy[1] is None and m.game.position.strategy[2] == card(0, 3)
    run(m, "E3")  # nothing drawn there: a flash, nothing changes
    assert texts(m)[-1] == "flash E 3" and m.game.position.strategy[w + 3] is None


def test_the_aces_swap_in_strategy_mode_before_the_first_move_only():
    m = small()
    run(m, "AA BA")
    assert m.game.position.aces == (1, 0) and "aces DC" in texts(m)
    assert board(m).splitlines()[0].startswith("AD")
    run(m, "AA BA P B1 T P AA BA")  # back to clubs first, a move, then a swap is refused
    assert m.game.position.aces == (0, 1) and m.game.position.cursor == 1
    assert m.game.message == "ACES ONLY AT START"


def test_play_by_keys_to_winner_and_back_through_the_history():
    m = small()
    run(m, "P B1 T")  # the 2 of clubs has one gap: T moves it there
    assert board(m).splitlines()[0] == "AC 2C 2D 3C"
    run(m, "A2 B1")  # a card, then its gap
    assert board(m).splitlines()[1] == "AD 2D 3D --"
    run(m, "<SPACE>")
    assert m.game.position.cursor == 1 and "takeback" in texts(m)
    run(m, "<RETURN>")
    assert m.game.position.cursor == 2
    run(m, "S")
    assert m.game.position.cursor == 0 and m.game.position.board == rules.deal(DEAL, SMALL)
    run(m, "L")
    assert m.game.position.cursor == 2
    run(m, "A3 A2")
    assert m.game.won and m.phase == "won" and texts(m)[-1] == "winner"


def test_two_gaps_beep_and_mark_both_and_the_next_slot_picks_one():
    m = from_board(TWO_GAPS)
    run(m, "P A3 T")
    assert texts(m)[-1] == "buzzer" and m.game.marks == (1, 6)
    assert m.phase == "selected"
    run(m, "B2")
    assert board(m) == "AC -- 3D --\nAD 2D 2C 3C"


def test_a_card_with_no_gap_flashes_and_nothing_moves():
    m = small()
    run(m, "P B2 T")  # the 3 of diamonds fits no gap
    assert texts(m)[-1] == "flash B 2" and m.game.position.cursor == 0
    run(m, "B1 B3")  # a gap the card does not fit: a flash, the card stays
    assert texts(m)[-1] == "flash B 3" and m.game.position.board == rules.deal(DEAL, SMALL)
    run(m, "A1")  # a gap is nothing to pick up
    assert texts(m)[-1] == "flash A 1"


def _answer(m: KeyMachine) -> tuple[int, str]:
    """Press HELP, tick until it answers: (frames from the press, the hint event's text)."""
    run(m, "<HELP>")
    assert m.view().hint_text == "THINKING"  # the first level is due at help_first, not LEVELS[0]
    while m.advisor.thinking:
        m.tick()
    asked, told = [e for e in m.events if e.kind == "help"][-1], [e for e in m.events if e.kind == "hint"][-1]
    return told.frame - asked.frame, told.text.removeprefix("hint ")


def _follow(m: KeyMachine, calls: list) -> str:
    """Follow HELP from a fresh deal: its first answer from a search; then, swap after swap and
    move after move, answers from the same win at once (at help_first frames, no search), to
    WINNER. Returns the first answer."""
    frames, first = _answer(m)
    if first == "lost":
        return first
    assert calls, "the first answer comes from a search"
    del calls[:]
    text = first
    while text.startswith("ACES "):  # swap the two aces the hint marks, ask again
        want = text.split()[1]
        a, b = m.view().hint
        run(m, a.replace(" ", "") + " " + b.replace(" ", ""))
        frames, text = _answer(m)
        assert frames == m.timing.help_first and not calls  # the same win: no search
        assert text == f"ACES {want}" or "".join(SUITS[s] for s in m.game.position.aces) == want
    run(m, "P")
    while not m.game.won:
        frames, text = _answer(m)
        assert frames == m.timing.help_first and not calls  # on HELP's win: no search
        src, dst = m.view().hint
        made = m.game.moves
        run(m, src.replace(" ", "") + " " + dst.replace(" ", ""))
        assert m.game.moves == made + 1  # the hint's two slots are a legal move
    assert "winner" in texts(m)
    return first


@pytest.fixture
def checker_calls(monkeypatch) -> list:
    """Every call of the checker's searches, counted."""
    from baker8bit.games.blue import checker

    calls = []
    for name in ("solve", "solve_any", "solve_by_levels"):
        real = getattr(checker, name)
        monkeypatch.setattr(checker, name, lambda *a, _real=real, **k: calls.append(1) or _real(*a, **k))
    return calls


def test_following_help_from_a_fresh_deal_wins(checker_calls):
    """HELP at a fresh deal names a move, or the ace ordering its win plays with (the hint
    marks the first two aces to swap); once the player follows it, HELP answers from that win at
    once, to WINNER."""
    firsts = [_follow(small(deal), checker_calls) for deal in range(1, 9)]
    assert any(f.startswith("ACES ") for f in firsts) and any(">" in f for f in firsts)


def test_following_help_wins_a_full_size_deal_two_swaps_away(checker_calls):
    m = KeyMachine(rules=games.ruleset("blue-4x13"), deal=2)
    first = _follow(m, checker_calls)
    have, want = "CDHS", first.split()[1]
    assert sum(h != w for h, w in zip(have, want, strict=False)) >= 3  # more than one swap
    assert "".join(SUITS[s] for s in m.game.position.aces) == want


def test_help_off_its_line_searches_again(monkeypatch):
    """A board that is not on HELP's last win (the player went another way) is searched afresh."""
    from baker8bit.games.blue import checker
    from baker8bit.games.blue.rules import moves as legal

    m = small()
    _answer(m)
    calls = []
    real = checker.solve_by_levels
    monkeypatch.setattr(checker, "solve_by_levels", lambda *a, **k: calls.append(1) or real(*a, **k))
    pos = m.game.position
    line_start, line_moves = m.dialogue.line
    off = next(mv for mv in legal(pos.board, pos.layout) if mv != line_moves[0] or pos.board != line_start)
    pos.play(off)
    _answer(m)
    assert calls, "a board off the line asks the checker"


class Run(NamedTuple):
    """One run of the checker's search, as ``_plan_runs`` saw it."""

    cap: int
    seed: int | None
    positions: int
    start: bytes
    outcome: str
    thread: str  # the name of the thread it ran in


def _plan_runs(monkeypatch) -> list[Run]:
    """Every run of the checker's search (``checker._search``), in the order they ended."""
    import threading

    from baker8bit.games.blue import checker

    sides_ended()
    runs = []
    real = checker._search

    def spy(start, layout, cap, seconds, prune, seed):
        res = real(start, layout, cap, seconds, prune, seed)
        runs.append(Run(cap, seed, res[2], start, res[0], threading.current_thread().name))
        return res

    monkeypatch.setattr(checker, "_search", spy)
    return runs


def _answered_at_its_frame(runs: list, frames: int, text: str, rate: int, lead: int) -> None:
    """A level's runs start while the positions so far are below its budget, so the answer comes
    at the first frame whose budget the runs before the deciding one stay under, not a frame sooner."""
    from baker8bit.console.thinking import EVERY_FRAME

    before = sum(r.positions for r in runs[:-1])  # the positions when the last run started
    if text == "unknown":
        assert frames == EVERY_FRAME[-1] and sum(r.positions for r in runs) >= rate * (frames - lead)
    else:
        assert before < rate * (frames - lead)
        assert frames == lead + 1 or before >= rate * (frames - 1 - lead)  # no budget before lead + 1


@pytest.mark.parametrize("deal", [3, 42])  # 3: won in its first frames; 42: near 2 s (frame 107)
def test_help_before_help_orderings_is_one_plan_carried_on_a_frame_at_a_time(monkeypatch, deal):
    """HELP's levels as recordings made before help_orderings have them: one plan of runs carried
    on (help_plan positions a frame since the press, less help_lead frames of them: the worker's
    head start), with the aces undecided: run k shaken with seed k, its cap the k-th of Luby's
    runs."""
    from itertools import islice

    from baker8bit.games.blue import restarts
    from baker8bit.games.blue.dialogue import HELP_CAP

    runs = _plan_runs(monkeypatch)
    m = KeyMachine(rules=games.ruleset("blue-4x13"), deal=deal,
                   timing=compat.before("help_orderings", KeyMachine().timing))
    assert m.game.position.can_set_aces() and m.timing.help_orderings == 0
    frames, text = _answer(m)
    rate, lead = m.timing.help_plan, m.timing.help_lead
    assert rate > 2 * m.timing.help_rate and lead > 0  # more than levels that start again, with a head start
    assert [r.cap for r in runs] == list(islice(restarts.luby_caps(HELP_CAP), len(runs)))
    assert [r.seed for r in runs] == [None] + list(range(1, len(runs)))
    assert {r.start for r in runs} == {runs[0].start} and runs[0].start[0] == 255  # aces undecided
    _answered_at_its_frame(runs, frames, text, rate, lead)


@pytest.mark.parametrize("deal", [3, 42, 2125])  # 2125: won by an ordering's plan in its first frames
def test_help_before_help_cores_shares_its_positions_among_the_plans_of_the_orderings(monkeypatch, deal):
    """HELP while the aces may be placed, as recordings made before help_cores have it: the plan
    with the aces undecided and one plan for each of the 24 orderings on one core, the orderings'
    plans sharing help_orderings percent of the positions; each plan's runs are run k shaken with
    seed k, its cap the k-th of Luby's runs; the next run is the next of the plan furthest behind
    its share (the first on a tie), so the runs depend on the positions alone; a win of an
    ordering's plan is told as its ordering."""
    from itertools import islice

    from baker8bit.games.blue import restarts
    from baker8bit.games.blue.checker import _undecided
    from baker8bit.games.blue.dialogue import HELP_CAP

    runs = _plan_runs(monkeypatch)
    m = KeyMachine(rules=games.ruleset("blue-4x13"), deal=deal, timing=compat.before("help_cores", KeyMachine().timing))
    assert m.timing.help_cores == 0
    lay, board = m.game.position.layout, m.game.position.board
    share = m.timing.help_orderings
    assert m.game.position.can_set_aces() and 0 < share < 100
    frames, text = _answer(m)
    orders = rules.orderings(lay)
    starts = [_undecided(board, lay)] + [rules.with_aces(board, o, lay) for o in orders]
    weights = [(100 - share) * len(orders)] + [share] * len(orders)
    scale = math.lcm(*weights)
    spent, made = [0] * len(starts), [0] * len(starts)
    for cap, seed, n, start, _, _ in runs:
        i = starts.index(start)
        assert i == min(range(len(starts)), key=lambda j: (spent[j] * scale // weights[j], j))
        k = made[i]
        assert cap == next(islice(restarts.luby_caps(HELP_CAP), k, None)) and seed == (k or None)
        spent[i] += n
        made[i] += 1
    assert all(spent)  # every plan ran
    winner = starts.index(runs[-1].start)
    if text != "unknown" and winner:
        order = orders[winner - 1]
        assert (">" in text) if order == rules.aces_of(board, lay) else text == "ACES " + "".join(
            SUITS[s] for s in order)
    _answered_at_its_frame(runs, frames, text, m.timing.help_plan, m.timing.help_lead)


@pytest.mark.parametrize("deal", [2, 5, 42, 2125])  # 2, 42: the undecided plan wins; 5, 2125: an ordering's
def test_help_at_full_size_runs_the_undecided_plan_and_the_orderings_plans_side_by_side(monkeypatch, deal):
    """HELP while the aces may be placed (help_cores 2): the plan with the aces undecided on one
    core and the 24 orderings' plans on another, each side with help_plan positions a frame of
    its own (less help_lead frames: the worker's head start). Each side's runs are its plans'
    (run k shaken with seed k, its cap the k-th of Luby's runs; the orderings' plans take turns,
    the one furthest behind first), whichever thread ran ahead; the answer is the first side's
    to decide, at the first frame whose budget its runs before the deciding one stay under (the
    undecided plan's on a tie)."""
    from itertools import islice

    from baker8bit.games.blue import checker, restarts
    from baker8bit.games.blue.checker import _undecided
    from baker8bit.games.blue.dialogue import HELP_CAP

    runs = _plan_runs(monkeypatch)
    m = KeyMachine(rules=games.ruleset("blue-4x13"), deal=deal)
    lay, board = m.game.position.layout, m.game.position.board
    assert m.timing.help_cores == 2 and m.game.position.can_set_aces()
    frames, text = _answer(m)
    rate, lead = m.timing.help_plan, m.timing.help_lead
    undecided = _undecided(board, lay)
    orders = rules.orderings(lay)
    starts = [rules.with_aces(board, o, lay) for o in orders]
    sides = [[r for r in runs if r.start == undecided], [r for r in runs if r.start != undecided]]
    assert all(len({r.thread for r in side}) == 1 for side in sides) and sides[0][0].thread != sides[1][0].thread
    assert [(r.cap, r.seed) for r in sides[0]] == [
        (c, k or None) for k, c in zip(range(len(sides[0])), restarts.luby_caps(HELP_CAP), strict=False)]
    spent, made = [0] * len(orders), [0] * len(orders)
    for cap, seed, n, start, _, _ in sides[1]:
        i = starts.index(start)
        assert i == min(range(len(orders)), key=lambda j: (spent[j], j))
        assert cap == next(islice(restarts.luby_caps(HELP_CAP), made[i], None)) and seed == (made[i] or None)
        spent[i] += n
        made[i] += 1

    def frame_of(side):  # the frame its first deciding run answers at, else None
        before = 0
        for r in side:
            if r.outcome != checker.UNKNOWN:
                return lead + before // rate + 1
            before += r.positions
        return None

    due = [frame_of(side) for side in sides]
    if text == "unknown":
        assert due == [None, None] or min(f for f in due if f) > frames
        return
    assert frames == min(f for f in due if f)
    winner = 0 if due[0] == frames else 1
    assert [deal in (2, 42), deal in (5, 2125)][winner]
    won = next(r for r in sides[winner] if r.outcome != checker.UNKNOWN)
    if winner == 1:
        order = orders[starts.index(won.start)]
        assert (">" in text) if order == rules.aces_of(board, lay) else text == "ACES " + "".join(
            SUITS[s] for s in order)


def test_help_of_a_recording_made_before_help_plan_starts_again_at_each_level(monkeypatch):
    """HELP's levels as recordings made before help_plan have them: each search at most
    help_rate positions a frame of its level in all (BLUE_EFFORT runs' worth of a quarter each),
    each level's runs shaken from its own seeds, the answer at a level's frame, even on a
    full-size deal."""

    from baker8bit.console.thinking import LEVELS
    from baker8bit.games.blue import checker
    from baker8bit.games.compat import BLUE_EFFORT, BLUE_SEEDS

    seen = []
    real = checker.solve_any

    def spy(*a, **k):
        res = real(*a, **k)
        seen.append((k.get("max_positions"), k.get("effort"), k.get("seeds"), res.positions))
        return res

    monkeypatch.setattr(checker, "solve_any", spy)
    m = KeyMachine(rules=games.ruleset("blue-4x13"), deal=3, timing=compat.before("help_plan", KeyMachine().timing))
    assert m.game.position.can_set_aces()  # so one search with the aces undecided, a level
    frames, _text = _answer(m)
    assert frames in LEVELS or frames == m.timing.help_first  # a level due sooner comes at help_first
    asked = [f for f in LEVELS if f <= frames] or [LEVELS[0]]
    assert [mp for mp, _, _, _ in seen] == [m.timing.help_rate * f // BLUE_EFFORT for f in asked]
    assert [sd for _, _, sd, _ in seen] == [k * BLUE_SEEDS for k in range(len(asked))]
    # the runs of a level together keep at most its budget: a run's positions are those it kept
    assert all(eff == BLUE_EFFORT and n <= mp * eff for mp, eff, _, n in seen)


def test_help_of_a_0_2_0_recording_answers_in_the_frame_of_the_press():

    from baker8bit.games import compat

    m = KeyMachine(rules=games.ruleset("blue-4x13"), deal=3, timing=compat.before("help_rate", KeyMachine().timing))
    run(m, "<HELP>")
    assert not m.advisor.thinking and texts(m)[-1].startswith("hint ")
    asked, told = (e.frame for e in m.events if e.kind in ("help", "hint"))
    assert asked == told
    assert compat.BLUE_POSITIONS == 20_000  # the budget 0.2.0 answered with


def test_save_and_load_the_game_file_from_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path))
    m = small()
    m.files = userdata.DataFiles()
    run(m, "B1 E1 P B1 T W")
    path = tmp_path / "blue.txt"
    assert path.exists() and m.game.message == "SAVED BLUE.TXT"
    saved = gamefile.load(path)
    assert saved.cursor == 1 and saved.strategy[1] == card(0, 2)
    run(m, "S")
    assert m.game.position.cursor == 0
    run(m, "R")
    assert m.game.position.cursor == 1 and m.game.mode == "play" and "load blue.txt" in texts(m)
    # a bad file: refused with its line, the file kept, the game goes on
    bad = path.read_text().replace("cursor 1", "cursor 9")
    path.write_text(bad)
    run(m, "<SPACE> R")
    assert m.game.position.cursor == 0 and m.game.message.startswith("BAD LINE")
    assert path.read_text() == bad


def test_the_screen_shows_the_slots_with_their_keys_and_click_targets():
    m = small()
    scr = compose(m.view(), m.game, m.frame)
    assert scr.text_at(3).strip() == "A123"
    assert scr.text_at(4).startswith("A A.23")
    assert scr.key_at(4, 3) == "A 1" and scr.key_at(11, 5) == "F 3"
    assert scr.text_at(1) == "STRATEGY    MOVE 0/0"


# -- the mouse ---------------------------------------------------------------------

G = None


def centre(row: int, col: int) -> tuple[int, int]:
    from baker8bit.atari.screen import geometry

    g = geometry()
    return g.border_x + col * g.cell_w + g.cell_w // 2, g.border_y + row * g.cell_h + g.cell_h // 2


def frame(app: App) -> None:
    app.update()
    app.draw()
    pyxel.flip()


def press(app: App, row: int, col: int) -> None:
    pyxel.set_mouse_pos(*centre(row, col))
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    frame(app)


def release(app: App, row: int, col: int) -> None:
    pyxel.set_mouse_pos(*centre(row, col))
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    frame(app)


def click(app: App, row: int, col: int) -> None:
    press(app, row, col)
    release(app, row, col)


def slot(row: int, col: int) -> tuple[int, int]:
    """Screen cell of board slot (row, col): rows from 4, columns from 2."""
    return 4 + row, 2 + col


@pytest.fixture
def app_of():
    pyxel_ready()

    def make(m: KeyMachine) -> App:
        app = App(m, AppOptions(headless=True, sound=False))
        app.draw()
        app.seen = []
        app.listeners.append(lambda e: app.seen.append(str(e)))
        return app

    return make


def test_click_a_card_then_its_gap(app_of):
    app = app_of(run(small(), "P"))
    click(app, *slot(1, 1))
    assert app.machine.view().black == {"B 1"}
    click(app, *slot(0, 1))
    assert "move 2C A1" in app.seen


def test_double_click_moves_a_card_to_its_one_gap(app_of):
    app = app_of(run(small(), "P"))
    click(app, *slot(1, 1))
    click(app, *slot(1, 1))
    assert "move 2C A1" in app.seen


def test_double_click_with_two_gaps_beeps_marks_both_and_the_next_click_picks(app_of):
    app = app_of(run(from_board(TWO_GAPS), "P"))
    click(app, *slot(0, 3))
    click(app, *slot(0, 3))
    assert app.seen[-1] == "buzzer" and app.machine.game.marks == (1, 6)
    click(app, *slot(0, 1))
    assert "move 2C A1" in app.seen


def test_double_click_with_no_gap_flashes(app_of):
    app = app_of(run(small(), "P"))
    click(app, *slot(1, 2))
    click(app, *slot(1, 2))
    assert app.seen[-1] == "flash B 2" and app.machine.game.position.cursor == 0


def test_drag_and_drop_a_card_on_its_gap(app_of):
    app = app_of(run(small(), "P"))
    press(app, *slot(1, 1))
    frame(app)
    release(app, *slot(0, 1))
    assert "move 2C A1" in app.seen


def test_a_drag_dropped_nowhere_puts_the_card_back(app_of):
    app = app_of(run(small(), "P"))
    press(app, *slot(1, 1))
    release(app, 20, 19)  # no click target there
    assert app.seen[-1] == "cancel 2C" and app.machine.phase == "idle"
    assert app.machine.game.position.cursor == 0


def test_strategy_by_mouse_and_the_mode_line_switches(app_of):
    app = app_of(small())
    click(app, *slot(1, 1))  # 2C takes the pen
    click(app, 10, 3)  # strategy slot E1
    assert app.machine.game.position.strategy[1] == card(0, 2)
    click(app, 1, 0)  # the mode line
    assert app.machine.game.mode == "play"


# -- files, command line, recordings -------------------------------------------------


def test_minus_s_and_minus_f_start_from_a_seed_or_a_game_file(tmp_path):
    from baker8bit.cli import build_parser
    from baker8bit.commands import window
    from baker8bit.commands.common import machine_for

    args = build_parser().parse_args(["--game", "blue", "--suits", "2", "--ranks", "3", "-s", "5"])
    window.seed_and_file(args)
    m = machine_for(args, 0, menu=True)
    assert m.game.deal == 5 and m.game.position.board == rules.deal(5, SMALL)

    g = Game.dealt(5, SMALL)
    g.play(g.legal_moves()[0])
    path = tmp_path / "g.txt"
    gamefile.save(g, path)
    args = build_parser().parse_args(["-f", str(path)])
    window.seed_and_file(args)
    m = machine_for(args, 0, menu=True)
    assert m.variant.id == "blue" and m.game.position.cursor == 1 and m.game.mode == "play"


def test_a_bad_game_file_is_one_line_exit_2_and_kept(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    text = gamefile.dumps(Game.dealt(5, SMALL)).replace("| AD 2C 3D --", "| AD 2C 3D 3D")
    path.write_text(text)
    assert main(["--game", "blue", "-f", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "line 9" in err and "twice" in err
    assert path.read_text() == text


def test_ranks_is_an_option_of_blue_only(capsys):
    assert main(["keys", "--game", "baker", "--ranks", "3", "X"]) == 2
    assert "has no option --ranks" in capsys.readouterr().err


def test_keys_json_and_show(capsys):
    assert main(["keys", "--game", "blue", "--suits", "2", "--ranks", "3", "--deal", "5", "P B1T", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "blue" and out["moves"] == 1 and out["board"].startswith("baker8bit-blue 1")
    assert main(["show", "--game", "blue", "--suits", "2", "--ranks", "3", "--deal", "5"]) == 0
    assert capsys.readouterr().out == "AC -- 2D 3C\nAD 2C 3D --\n"


def test_a_recording_replays_from_a_deal_and_from_a_game_file():
    r = Recorder.attach(small(), 0)
    for k in ["B", "1", "E", "1", "P", "B", "1", "T", "SPACE", "RETURN"]:
        r.press(k)
        r.tick()
    again = replay(parse(dump(r.recording())))
    assert gamefile.dumps(again.game.position) == gamefile.dumps(r.machine.game.position)

    g = Game.dealt(5, SMALL)
    g.play(g.legal_moves()[0])
    m = KeyMachine(rules=games.ruleset("blue-2x3"), position=g)
    r = Recorder.attach(m, 0)
    for k in ["A", "2", "B", "1"]:
        r.press(k)
        r.tick()
    text = dump(r.recording())
    assert "start board rules=blue-2x3" in text
    again = replay(parse(text))
    assert again.game.position.cursor == 2 and again.game.position.board == r.machine.game.position.board


def test_the_demo_planner_wins_a_small_deal():
    from baker8bit.sessions.demo import planner

    plan = planner(games.ruleset("blue-2x3"), DEAL).finish()
    m = small(plan.deal)
    for cmd in plan.commands:
        run(m, cmd)
    assert m.game.won


def test_survey_counts_every_small_layout_exactly(capsys):
    assert main(["survey", "--game", "blue", "--suits", "2", "--ranks", "3"]) == 0
    out = capsys.readouterr()
    assert "2x4,2,3,360,245,282" in out.out
    assert "solvable as dealt 245" in out.err


def test_statistics_count_a_won_blue_game():
    from baker8bit.sessions import stats

    m = run(small(), "P B1T A2B1 A3A2")
    tracker = stats.StatsTracker(stats.Stats())
    tracker.feed(m.events)
    assert tracker.stats.games["blue-2x3"].won == 1


def test_helps_line_has_no_cycle_so_following_it_always_goes_on():
    """A win found with the aces undecided can pass a board twice once its ordering is fixed
    (full-size deal 4's does); HELP answers a board with its line's move from there, so a line
    with a loop would lead the player round it for ever. ``cut_cycles`` drops the loops: the line
    is legal, ends won, and meets no board twice."""
    from baker8bit.games.blue.checker import SOLVED, solve_by_levels
    from baker8bit.games.blue.dialogue import HELP_CAP, cut_cycles
    from baker8bit.games.blue.shorten import boards_of

    lay = rules.FULL
    board = rules.deal(4, lay)
    res = next(solve_by_levels(board, lay, (4_000_000,), any_aces=True, cap=HELP_CAP))  # HELP's win
    assert res.outcome == SOLVED
    start = rules.with_aces(board, res.detail["aces"], lay)
    found = boards_of(start, res.moves)
    line = cut_cycles(start, res.moves)
    boards = [start]
    for mv in line:
        boards.append(rules.apply(boards[-1], mv, lay))  # RulesError on an illegal move
    assert rules.won(boards[-1], lay) and len(set(boards)) == len(boards)
    assert len(set(found)) < len(found) and len(line) < len(res.moves)  # this win had a loop: gone
    assert cut_cycles(start, line) == line


def test_a_win_that_comes_back_to_its_start_answers_the_move_after_the_loop():
    """HELP's answer on a board is the kept line's move from there: when a found win leaves the
    start board and comes back to it, the answer is the move after that loop, not its first."""
    from baker8bit.games.blue import checker
    from baker8bit.games.blue.dialogue import thought_of

    for deal in range(1, 30):
        board = rules.deal(deal, SMALL)
        win = checker.solve(board, SMALL, max_positions=10_000)
        there = next((mv for mv in rules.moves(board, SMALL)  # a move the next one undoes
                      if any(rules.apply(rules.apply(board, mv), back) == board
                             for back in rules.moves(rules.apply(board, mv), SMALL))), None)
        if win.outcome == checker.SOLVED and win.moves and there is not None:
            break
    after = rules.apply(board, there)
    back = next(mv for mv in rules.moves(after, SMALL) if rules.apply(after, mv) == board)
    res = checker.result(checker.SOLVED, (there, back, *win.moves), win.detail["aces"])
    kind, move, line = thought_of(res, board, SMALL).answer
    assert (kind, move) == ("move", win.moves[0]) and tuple(line[1]) == win.moves
    assert thought_of(res, board, SMALL, acyclic=False).answer[1] == there  # 0.3.0 before help_plan: as found
