"""Issue 45, the pad: a game controller and the arrow keys drive every game, from the menu to WINNER.

The pad's buttons are keys of the machine (console/pad.py) that stand for keys the games already
have; these tests play each game from the menu with pad tokens only, type ``solve --pad`` back to
WINNER, replay recordings made with the pad, and check that a pad press does exactly what the
key it stands for does.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit import games
from baker8bit.cli import main
from baker8bit.console import pad, script
from baker8bit.console.look import CURSOR_REG
from baker8bit.console.machine import KEYS, PAD_KEYS, normalize_key
from baker8bit.console.screens import compose
from baker8bit.games import KeyMachine
from baker8bit.sessions import recording

IDS = games.ids()
ROOT = Path(__file__).resolve().parent.parent


def run(m: KeyMachine, text: str) -> KeyMachine:
    return script.run(m, script.parse(text))


def cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


def game_machine(game: str, deal: int = 3, **options) -> KeyMachine:
    v = games.get(game)
    return KeyMachine(rules=v.rules(options), deal=deal)


def events(m: KeyMachine) -> list[str]:
    """The machine's events as text, without their frames (the arrows before a button take frames)."""
    return [str(e) for e in m.events]


def kinds(m: KeyMachine) -> list[str]:
    return [e.kind for e in m.events]


# -- keys ----------------------------------------------------------------------------------


def test_the_pad_keys_are_keys_of_their_own_that_no_letter_or_digit_can_be():
    assert PAD_KEYS == ("UP", "DOWN", "LEFT", "RIGHT", "PAD_A", "PAD_B", "PAD_X", "PAD_Y", "PAD_START",
                        "PAD_SELECT", "PAD_L", "PAD_R")
    assert set(PAD_KEYS) <= set(KEYS) and all(len(k) > 1 for k in PAD_KEYS)
    assert KEYS[:40] == tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + ("SPACE", "ESC", "RETURN", "HELP")
    assert normalize_key("up") == "UP" and normalize_key("pad_a") == "PAD_A"


def test_scripts_take_the_pad_tokens():
    steps = script.parse("<UP> <down> <LEFT> <RIGHT> <A> <B> <X> <Y> <START> <SELECT> <L> <R> B")
    assert [k for _, k in steps] == list(PAD_KEYS) + ["B"]
    assert [script.token(k) for k in ("PAD_A", "UP", "SPACE", "B")] == ["<A>", "<UP>", "<SPACE>", "B"]


def test_the_cursor_shows_only_once_a_pad_key_is_pressed():
    m = game_machine("freecell")
    run(m, "BK <SPACE> T T")
    assert m.view().cursor is None  # typed keys never show it
    run(m, "<RIGHT>")
    assert m.view().cursor == "B"


# -- the cursor's places ---------------------------------------------------------------------


def places(m: KeyMachine) -> list[str]:
    return [p.key for p in pad.Pad.places(m)]


@pytest.mark.parametrize("game", ["baker", "bakers-game", "eight-off", "freecell"])
def test_the_freecell_family_goes_piles_cells_foundations(game):
    m = game_machine(game)
    rs = m.rules
    columns = [rs.column_letter(i) for i in range(rs.columns)]
    cells = [rs.cell_letter(i) for i in range(rs.cells)]
    assert places(m) == columns + cells + ["T"]


def test_king_albert_goes_stacks_reserve_suit_stacks_buttons_and_its_options_window():
    m = game_machine("king-albert")
    assert places(m) == list("ABCDEFGHI") + list("JKLMNOP") + ["T", "Q", "R", "SPACE", "V"]
    run(m, "<SELECT>")  # SELECT is the OPTIONS button
    assert m.phase == "options" and places(m) == ["S", "A", "V"] and m.view().cursor == "S"
    run(m, "<DOWN> <A>")  # automatic moves off
    assert m.view().detail["options"]["auto"] is False and not m.rules.auto_home
    run(m, "<B>")  # B closes the window
    assert m.phase == "idle" and m.view().cursor in places(m)


def test_sequence_goes_hand_storage_final_piles():
    assert places(game_machine("sequence")) == ["H", "A", "B", "C", "D", "1", "2", "3", "4"]


def test_blue_goes_over_every_slot_in_both_modes_then_its_keys():
    m = game_machine("blue", suits=2, ranks=3)
    slots = [f"{r} {c}" for r in "AB" for c in "A123"] + [f"{r} {c}" for r in "EF" for c in "A123"]
    assert places(m) == slots + ["P", "W", "R", "HELP"]
    run(m, "<L>")  # L switches to play mode
    assert m.game.mode == "play" and places(m) == slots + ["P", "W", "R", "HELP"]


def test_the_arrows_go_round_in_reading_order_and_up_and_down_to_the_nearest_place():
    m = game_machine("bakers-game")
    run(m, "<LEFT>")
    assert m.view().cursor == "T"  # round from the first to the last
    run(m, "<RIGHT> <UP>")
    assert m.view().cursor == "I"  # above column A: the first cell
    run(m, "<DOWN> <RIGHT> <RIGHT> <RIGHT> <RIGHT> <UP>")
    assert m.view().cursor == "T"  # above column E: the foundations
    assert pad.route(pad.Pad.places(m), "A", "H") == ["DOWN", "LEFT"]  # round the top, then back from I


# -- buttons ------------------------------------------------------------------------------


@pytest.mark.parametrize("pressed, typed", [
    ("<RIGHT> <A>", "B"),  # A: the place under the cursor, as its letter typed
    ("<RIGHT> <A> <B>", "B B"),  # B: a pick-up put down
    ("<RIGHT> <A> " + "<RIGHT> " * 9 + "<A>", "BK"),  # B, then round the columns to the cell K
    ("<X> <WAIT 300>", "<HELP> <WAIT 300>"),
    ("<START>", "<ESC>"),
    ("<L>", "P"),  # the mark
])
def test_a_button_does_what_the_keys_it_stands_for_do(pressed, typed):
    a, b = game_machine("baker", 11982), game_machine("baker", 11982)
    run(a, pressed)
    run(b, typed)
    assert events(a) == events(b) and a.view().moves == b.view().moves


def test_b_takes_back_when_nothing_is_picked_up_and_r_redoes():
    m = game_machine("freecell", 1)
    run(m, "HI <B>")
    assert m.game.moves == 0 and "takeback" in kinds(m)
    run(m, "<R>")
    assert m.game.moves == 1 and "redo" in kinds(m)


def test_b_puts_down_a_group_command_and_a_flash_drops_the_pad_as_it_drops_keys():
    m = game_machine("baker", 11982)
    run(m, "T <B>")
    assert m.phase == "idle" and events(m)[-1].endswith("cancel T")
    before = m.view().cursor
    run(m, "<RAW> BT <RIGHT>")  # B to T is illegal here: the line flashes and the arrow is dropped
    assert m.phase == "flash" and m.view().cursor == before


def test_y_sends_the_card_under_the_cursor_home_as_a_double_click_does():
    a, b = game_machine("freecell", 1), game_machine("freecell", 1)
    keys = games.get("freecell").solve(a.game.position, a.rules).keys
    home = next(i for i, k in enumerate(keys) if k[1] == "T" and k[0] != "T")  # a card sent home
    for k in keys[:home]:
        run(a, k)
        run(b, k)
    arrows = pad.route(pad.Pad.places(a), None, keys[home][0])
    run(a, " ".join(f"<{x}>" for x in arrows) + " <Y>")
    run(b, keys[home])
    assert a.game.position == b.game.position and events(a) == events(b)
    run(a, "<Y>")  # an empty place or a card with nowhere home to go: what typing it and T does
    run(b, keys[home])
    assert events(a)[len(events(b)) - 1:] == events(b)[-1:] or a.phase == "flash"


def test_y_on_a_button_is_that_button_and_nothing_more():
    m = game_machine("king-albert", 2)
    run(m, "<LEFT> <LEFT> <LEFT>")  # the SPACE (UNDO) button: nothing to take back
    assert m.view().cursor == "R"
    run(m, "<Y>")  # R RESTART: the deal again, and no T after it
    assert m.phase == "idle" and "restart" in kinds(m)


def test_any_button_after_winner_plays_again():
    m = game_machine("sequence", 3)
    run(m, " ".join(games.get("sequence").solve(m.game.position, m.rules).keys))
    assert m.phase == "won"
    run(m, "<UP>")
    assert m.phase == "won"  # an arrow is not a key to play again
    run(m, "<A>")
    assert m.phase == "prompt"


def test_select_is_the_options_only_where_a_game_has_them():
    assert not game_machine("freecell").pad_means("PAD_SELECT")
    assert game_machine("king-albert").pad_means("PAD_SELECT")
    assert not KeyMachine(menu=True).pad_means("PAD_SELECT")


# -- menu and titles ---------------------------------------------------------------------------


def test_the_menu_chooses_a_game_with_the_arrows_and_a():
    m = run(KeyMachine(menu=True), "<DOWN> <DOWN> <UP> <UP> <UP>")
    assert m.view().cursor == str(len(IDS))  # round to the last game
    run(m, "<A>")
    assert m.phase == "prompt" and m.variant.id == IDS[-1]
    run(m, "<START> <START>")  # ESC, ESC: back on the menu, the cursor on the game left
    assert m.phase == "menu" and m.view().cursor == str(len(IDS))


def test_a_deal_number_is_typed_with_up_down_left_right():
    m = run(KeyMachine(game="freecell", menu=True), "<UP> <RIGHT> <DOWN> <DOWN> <RIGHT> <UP> <UP>")
    assert m.view().prompt_deal == "181" and m.view().cursor == "#2"
    run(m, "<LEFT> <LEFT> <UP> <UP>")  # the first digit: 1 -> 3, the others typed again after it
    assert m.view().prompt_deal == "381" and m.view().cursor == "#0"
    run(m, "<DOWN> <DOWN> <DOWN>")  # 3 -> 2 -> 1 -> 9 (no leading zero)
    assert m.view().prompt_deal == "981"
    run(m, "<B>")  # rubs out the last digit
    assert m.view().prompt_deal == "98"
    run(m, "<A>")
    assert m.phase == "idle" and m.game.deal == 98


def test_no_deal_number_past_the_last_or_with_a_leading_zero():
    m = KeyMachine(game="freecell")
    m.title.deal = "2147483647"  # the last deal number: every digit is as high as it may be here
    m.pad.shown = True
    m.title.at = 0
    run(m, "<UP>")
    assert m.view().prompt_deal == "1147483647"
    m.title.deal, m.title.at = "2147483647", 9
    run(m, "<UP> <RIGHT>")  # 7 -> 8 would pass the last deal: 0 instead; no place after ten digits
    assert m.view().prompt_deal == "2147483640" and m.view().cursor == "#9"


def test_the_1989_title_takes_the_suit_count_first():
    m = run(KeyMachine(), "<UP>")
    assert m.view().prompt_digit == "4"  # the first press: the full game
    run(m, "<UP> <RIGHT> <UP> <UP>")
    assert (m.view().prompt_digit, m.view().prompt_deal) == ("2", "2")
    run(m, "<LEFT> <DOWN>")  # the suit count again, the game number typed after it
    assert (m.view().prompt_digit, m.view().prompt_deal) == ("4", "2")
    run(m, "<A>")
    assert m.game.rules.suits == 4 and m.game.deal == 2
    m = run(KeyMachine(), "<A>")  # A alone: four suits, a random deal, as 4 RETURN
    assert m.phase == "idle" and m.game.rules.suits == 4


def test_blue_s_title_steps_its_size_both_ways():
    m = run(KeyMachine(game="blue"), "<UP> <RIGHT> <DOWN> <DOWN>")
    assert m.view().prompt_digit == "2X11" and m.view().cursor == "R"
    run(m, "<RIGHT> <UP> <A>")
    assert m.game.rules.name == "blue-2x11" and m.game.deal == 1


# -- the screen ----------------------------------------------------------------------------------


def test_the_cursor_is_the_place_s_letter_in_red_and_blinks_on_a_black_one():
    m = run(game_machine("freecell"), "<RIGHT> <RIGHT>")
    scr = compose(m.view(), m.game, m.frame)
    row = [r for r in range(scr.geometry.rows) if scr.text_at(r).strip().startswith("A B C")][0]
    col = scr.text_at(row).index("C")
    assert scr.rows[row].cells[col] == ("C", CURSOR_REG) and scr.rows[row].registers[CURSOR_REG] != 0
    run(m, "<A>")
    lit = compose(m.view(), m.game, m.frame).rows[row].cells[col]
    run(m, f"<WAIT {pad.CURSOR_HALF}>")
    dark = compose(m.view(), m.game, m.frame).rows[row].cells[col]
    assert {lit, dark} == {("C", CURSOR_REG), ("C", 1)}  # red and black in turn


def test_the_menu_and_the_titles_show_the_cursor_in_inverse_video():
    m = run(KeyMachine(menu=True), "<DOWN>")
    scr = compose(m.view(), None)
    inverse = [(r, "".join(c[0] for c in row.cells if c and len(c) > 2)) for r, row in enumerate(scr.rows)]
    assert [text.strip() for _, text in inverse if text] == ["2 BAKER'S GAME"]
    run(m, "<A> <UP> <RIGHT> <UP>")
    scr = compose(m.view(), None)
    assert [c[0] for row in scr.rows for c in row.cells if c and len(c) > 2] == ["0"]  # "10", the 0
    with pytest.raises(ValueError, match="inverse"):
        compose(game_machine("freecell").view(), game_machine("freecell").game).put(0, 0, "A", 0, inverse=True)


def test_every_screen_with_a_cursor_is_one_an_atari_could_show():
    from conftest import pyxel_ready
    from test_screen import assert_atari_screen

    from baker8bit.window.capture import engine_screen
    from baker8bit.window.render import Renderer

    pyxel_ready()
    renderer = Renderer()
    starts = [KeyMachine(menu=True), KeyMachine(), KeyMachine(game="blue")] + [game_machine(g) for g in IDS]
    for m in starts:
        for step in ("<DOWN>", "<RIGHT> <RIGHT>", "<A>", "<DOWN> <UP> <RIGHT>", "<SELECT>", "<A>"):
            run(m, step)
            assert_atari_screen(*engine_screen(m, renderer, False))


# -- from the menu to WINNER ---------------------------------------------------------------------


def deal_buttons(deal: int) -> list[str]:
    """The buttons that type a game number on a title from its first digit place."""
    out = []
    for i, d in enumerate(str(deal)):
        first = 1 if i == 0 else 0
        ups, downs = 1 + int(d) - first, 1 + 9 - int(d)
        out += ["UP"] * ups if ups <= downs else ["DOWN"] * downs
        out.append("RIGHT")
    return out[:-1]


# game -> (the title's buttons before the game number, options, deal): Blue's 2 suits of 3 ranks
# (UP on the suits, RIGHT, UP on the ranks) keep the search short
FROM_MENU = {
    "baker": (["UP", "RIGHT"], {}, 3),
    "bakers-game": ([], {}, 3),
    "eight-off": ([], {}, 12),
    "sequence": ([], {}, 3),
    "blue": (["UP", "RIGHT", "UP", "RIGHT"], {"suits": "2", "ranks": "3"}, 2),
    "king-albert": ([], {}, 3),
    "freecell": ([], {}, 1),
}


@pytest.mark.parametrize("game", IDS)
def test_every_game_plays_from_the_menu_to_winner_with_the_pad_alone(game):
    title, options, deal = FROM_MENU[game]
    flags = [x for name, value in options.items() for x in (f"--{name}", value)]
    code, out = cli("solve", "--game", game, "--deal", str(deal), *flags, "--pad", "--json")
    solved = json.loads(out)
    assert code == 0 and solved["outcome"] == "solved"
    buttons = ["DOWN"] * IDS.index(game) + ["A"] + title + deal_buttons(deal) + ["A"] + solved["pad"]
    assert set(buttons) <= set(pad.NAMES.values())
    code, out = cli("keys", "--menu", " ".join(f"<{b}>" for b in buttons), "--json")
    end = json.loads(out)
    assert code == 0 and end["won"] and end["game"] == game and end["deal"] == deal
    assert [e.split()[0] for e in end["events"]][:2] == ["choose", "deal"]  # the menu, then the deal


# -- solve --pad ---------------------------------------------------------------------------------


# A few deals a game (every one of deals 1-20 was measured once: docs/FAITHFULNESS.md, "The pad").
TYPED_BACK = {"baker": (1, 20), "bakers-game": (2, 19), "eight-off": (4,), "freecell": (5, 17),
              "king-albert": (6,), "sequence": (7, 20), "blue": (8,)}


@pytest.mark.parametrize("game, deal", [(g, d) for g in IDS for d in TYPED_BACK[g]])
def test_solve_pad_types_back_to_winner(game, deal):
    options = ["--suits", "3", "--ranks", "6"] if game == "blue" else []  # a small Blue: a short search
    code, text = cli("solve", "--game", game, "--deal", str(deal), *options, "--pad", "--max-states", "300000")
    lines = text.splitlines()
    assert code == 0
    if lines[0] != "solved":
        pytest.skip(f"{game} {deal}: {lines[0]} at this budget")
    assert lines[1].startswith("<") and set(script.parse(lines[1])) <= {("key", k) for k in PAD_KEYS}
    assert "pad buttons" in lines[2]
    code, out = cli("keys", "--game", game, "--deal", str(deal), *options, lines[1], "--json")
    assert json.loads(out)["won"]


def test_solve_pad_json_names_the_buttons_as_scripts_do():
    code, out = cli("solve", "--game", "sequence", "--deal", "3", "--pad", "--json")
    r = json.loads(out)
    assert code == 0 and r["pad"][0] == "A" and set(r["pad"]) <= set(pad.NAMES.values())
    code, out = cli("solve", "--game", "sequence", "--deal", "3", "--json")
    assert "pad" not in json.loads(out)


# -- recordings ------------------------------------------------------------------------------


def test_a_recording_made_with_the_pad_replays_identically():
    rec = recording.Recorder(seed=5, menu=True)
    views = []
    presses = (["DOWN"] * 3 + ["PAD_A", "UP", "RIGHT", "UP", "PAD_A"] + ["RIGHT", "PAD_A", "DOWN", "PAD_A", "PAD_B",
                                                                          "PAD_Y", "PAD_X", "LEFT", "PAD_START"])
    for key in presses:
        rec.press(key)
        for _ in range(40):
            views.append(rec.machine.view())
            rec.tick()
    made = rec.recording()
    text = recording.dump(made)
    assert "PAD_A" in text and "\n0 DOWN\n" in text
    seen = []
    again = recording.replay(recording.parse(text), on_frame=lambda m: seen.append(m.view()))
    assert seen == views and [str(e) for e in again.events] == [str(e) for e in rec.machine.events]
    assert [v.cursor for v in seen][-1] is None or seen[-1].cursor == views[-1].cursor


def test_a_recording_without_pad_keys_never_shows_a_cursor():
    rec = recording.Recorder(seed=2, rules=games.ruleset("baker4"), deal=5)
    for key in "BKGT":
        rec.press(key)
        rec.tick()
    seen = []
    recording.replay(rec.recording(), on_frame=lambda m: seen.append(m.view().cursor))
    assert set(seen) == {None}


# -- any pad input leaves a legal state ----------------------------------------------------------


def cards_of(m: KeyMachine) -> int:
    return len(m.variant.write_board(m.game.position, m.rules))


@given(game=st.sampled_from(IDS), deal=st.integers(1, 32000),
       presses=st.lists(st.sampled_from(list(PAD_KEYS) + ["WAIT"]), max_size=40))
@settings(max_examples=40, deadline=None)
def test_any_pad_input_leaves_a_legal_state(game, deal, presses):
    options = {"suits": 2, "ranks": 4} if game == "blue" else {}
    m = game_machine(game, deal, **options)
    for key in presses:
        if key == "WAIT":
            m.tick()
            continue
        busy = m.busy
        m.press(key)
        m.tick()
        view = m.view()
        if view.cursor is None:
            assert busy  # pressed while busy (King Albert's moves home at the deal): dropped
            continue
        if m.phase == "menu":
            assert view.cursor in [str(i + 1) for i in range(len(IDS))]
        elif m.phase == "prompt":
            assert view.cursor in m.title.fields or view.cursor.startswith("#")
            assert view.prompt_deal == "" or (view.prompt_deal[0] != "0" and int(view.prompt_deal) < 2**31)
        elif m.game is not None:
            assert view.cursor in [p.key for p in pad.Pad.places(m)]
            pos = m.game.position
            if game in ("blue", "sequence"):
                continue
            held = sum(len(c) for c in pos.columns) + sum(c is not None for c in pos.cells) + sum(pos.foundations)
            assert held == m.rules.cards  # no card lost or made


# -- the window: the controller and the keyboard -------------------------------------------------


def window(machine: KeyMachine):
    from conftest import pyxel_ready

    from baker8bit.window.app import App, AppOptions

    pyxel_ready()
    return App(machine, AppOptions(headless=True, sound=False))


def hold(app, button: int, frames: int) -> list:
    """A Pyxel button held for some frames: the cursor after each."""
    import pyxel

    seen = []
    pyxel.set_btn(button, True)
    for _ in range(frames):
        app.update()
        pyxel.flip()
        seen.append(app.machine.view().cursor)
    pyxel.set_btn(button, False)
    pyxel.flip()
    app.update()
    return seen


def test_the_controller_s_buttons_reach_the_machine_as_pad_keys():
    import pyxel

    from baker8bit.window import gamepad

    app = window(KeyMachine(rules=games.ruleset("freecell"), deal=1))
    assert hold(app, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT, 1) == ["B"]
    hold(app, pyxel.GAMEPAD1_BUTTON_A, 1)
    assert app.machine.phase == "selected" and app.machine.dialogue.selected == "B"
    hold(app, pyxel.GAMEPAD1_BUTTON_B, 1)
    assert app.machine.phase == "idle"
    seen = hold(app, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, gamepad.HOLD + 2 * gamepad.REPEAT + 1)
    assert seen[0] == "A" and seen[-1] == "K"  # once, then again after HOLD frames, every REPEAT frames
    assert gamepad.pyxel_button("PAD_START") == pyxel.GAMEPAD1_BUTTON_START


def test_the_arrows_and_three_spare_keys_are_the_pad_on_the_keyboard():
    import pyxel

    app = window(KeyMachine(rules=games.ruleset("freecell"), deal=1))
    hold(app, pyxel.KEY_RIGHT, 1)
    hold(app, pyxel.KEY_PERIOD, 1)  # A
    assert app.machine.dialogue.selected == "B"
    hold(app, pyxel.KEY_BACKSPACE, 1)  # B
    assert app.machine.phase == "idle"
    for code in (pyxel.KEY_RIGHT, pyxel.KEY_COMMA):
        assert code not in __import__("baker8bit.window.keyboard", fromlist=["KEYMAP"]).KEYMAP  # no 1989 key


def test_select_shows_the_pad_buttons_where_a_game_gives_it_nothing_and_guide_asks_to_quit():
    import pyxel

    from baker8bit.window import overlay

    app = window(KeyMachine(menu=True))
    hold(app, pyxel.GAMEPAD1_BUTTON_BACK, 1)
    scr = app.screen()
    assert app.overlay.showing is overlay.PAD_LIST
    assert "A      PICK, PUT" in [scr.text_at(r).strip() for r in range(scr.geometry.rows)]
    hold(app, pyxel.GAMEPAD1_BUTTON_A, 1)  # any button goes back, and is not a key of the game
    assert app.overlay.showing is None and app.machine.phase == "menu" and app.machine.events == []
    quits = []
    app.overlay.quit = lambda: quits.append(1)
    hold(app, pyxel.GAMEPAD1_BUTTON_START, 1)  # START on the menu: the quit question
    assert app.overlay.showing is overlay.QUIT_PAD
    hold(app, pyxel.GAMEPAD1_BUTTON_B, 1)
    assert app.overlay.showing is None and not quits
    hold(app, pyxel.GAMEPAD1_BUTTON_GUIDE, 1)
    hold(app, pyxel.GAMEPAD1_BUTTON_A, 1)
    assert quits == [1]
    ka = window(game_machine("king-albert"))
    ka.machine.settle()  # its moves home at the deal play out first
    hold(ka, pyxel.GAMEPAD1_BUTTON_BACK, 1)  # King Albert: SELECT is its options window
    assert ka.overlay.showing is None and ka.machine.phase == "options"


def test_the_key_help_shows_the_pad():
    from baker8bit.window import overlay

    assert "ARROWS MOVE CURSOR" in overlay.KEY_LIST and "BKSP   CANCEL, BACK" in overlay.KEY_LIST
    for name in ("D-PAD", "A", "B", "X", "Y", "START", "SELECT", "L", "R", "GUIDE"):
        assert any(line.startswith(name + " ") for line in overlay.PAD_LIST), name
    assert len(overlay.KEY_LIST) <= 24 and len(overlay.PAD_LIST) <= 24
    assert all(len(line) <= 20 for line in overlay.KEY_LIST + overlay.PAD_LIST)  # a GRAPHICS 1 row


def test_the_readme_s_pad_screenshot_is_what_shot_draws_now(tmp_path):
    """docs/shot-pad.png, as the README says it is made: the cursor two places right of the first."""
    import pyxel
    from conftest import pyxel_ready

    pyxel_ready()
    out = tmp_path / "shot-pad.png"
    code, _ = cli("shot", "--game", "freecell", "--deal", "1", "<RIGHT> <RIGHT>", "--out", str(out), "--scale", "2")
    assert code == 0
    shot, stored = pyxel.Image(576, 448), pyxel.Image(576, 448)
    shot.load(0, 0, str(out))
    stored.load(0, 0, str(ROOT / "docs" / "shot-pad.png"))
    assert bytes(shot.data_ptr()) == bytes(stored.data_ptr())
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "docs/shot-pad.png" in readme and 'shot --game freecell --deal 1 "<RIGHT> <RIGHT>"' in readme


def test_a_replay_in_the_window_shows_the_cursor_as_the_session_did():
    """GIFs and videos are the window's update and draw on a recording: the cursor is in them."""
    from conftest import pyxel_ready

    from baker8bit.window.app import AppOptions
    from baker8bit.window.video import replay_app

    rec = recording.Recorder(seed=1, rules=games.ruleset("freecell"), deal=1)
    for key in ("RIGHT", "RIGHT"):
        rec.press(key)
        rec.tick()
    for _ in range(5):
        rec.tick()
    pyxel_ready()
    app = replay_app(rec.recording(), AppOptions(headless=True, sound=False))
    while app.machine.frame < rec.machine.frame:
        app.update()
    app.draw()
    band = [row for row in app.shown.rows if any(c == ("C", CURSOR_REG) for c in row.cells)]
    assert band and app.machine.view() == rec.machine.view()


@given(presses=st.lists(st.sampled_from(["UP", "DOWN", "LEFT", "RIGHT", "PAD_A", "PAD_B", "PAD_START", "WAIT"]),
                        max_size=30))
@settings(max_examples=30, deadline=None)
def test_any_pad_input_from_the_menu_leaves_a_legal_state(presses):
    m = KeyMachine(seed=7, menu=True)
    for key in presses:
        if key == "WAIT":
            m.tick()
            continue
        m.press(key)
        m.tick()
        view = m.view()
        if m.phase == "menu":
            assert view.cursor in [str(i + 1) for i in range(len(IDS))]
        elif m.phase == "prompt":
            assert view.cursor in m.title.fields or view.cursor.startswith("#")
            assert view.prompt_deal == "" or (view.prompt_deal[0] != "0" and int(view.prompt_deal) < 2**31)
        elif not m.busy:
            assert view.cursor in [p.key for p in pad.Pad.places(m)]
