"""The console: the registry of games, the menu, each game's title, typed events, and the
rule-driven engine playing Baker's Game and Eight Off as their sources state them."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import DATA, board, machine_on, texts
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit import games
from baker8bit.console import script
from baker8bit.console.contract import VariantError
from baker8bit.console.machine import KEYS
from baker8bit.core import cards
from baker8bit.core import events as ev
from baker8bit.freecell import moves
from baker8bit.freecell.game import Game
from baker8bit.freecell.position import Position
from baker8bit.games import KeyMachine

BG = games.ruleset("bakers-game")
EO = games.ruleset("eight-off")


def run(m: KeyMachine, keys: str) -> KeyMachine:
    return script.run(m, script.parse(keys))


# -- the registry ------------------------------------------------------------------------


def test_the_games_are_registered_in_menu_order():
    assert games.ids()[:3] == ("baker", "bakers-game", "eight-off")
    assert games.get(None).id == "baker"
    for v in games.all_variants():
        assert v.rule_sets(), v.id
        for rs in v.rule_sets().values():
            assert games.ruleset(rs.name) is rs and games.of_rules(rs) is v


def test_an_unknown_game_lists_the_known_ones():
    with pytest.raises(VariantError, match=r"unknown game 'chess' \(known: baker, bakers-game, eight-off"):
        games.get("chess")


def test_an_option_a_game_does_not_have_is_refused():
    with pytest.raises(VariantError, match="the game eight-off has no option --suits"):
        games.get("eight-off").check_options({"suits": 4})
    with pytest.raises(VariantError, match="--suits must be one of 2, 3, 4"):
        games.get("baker").check_options({"suits": 5})
    assert games.get("baker").check_options({}) == {"suits": 4}


# -- the menu and the titles ---------------------------------------------------------------


def test_the_menu_lists_the_games_and_a_digit_chooses_one():
    m = KeyMachine(seed=1, menu=True)
    assert m.phase == "menu" and m.view().phase == "menu"
    run(m, "9 0")  # no such game: nothing happens
    assert m.phase == "menu" and texts(m) == []
    run(m, "3")
    assert m.phase == "prompt" and m.variant.id == "eight-off" and texts(m) == ["choose eight-off"]


def test_esc_on_an_empty_title_goes_back_to_the_menu_only_when_there_is_one():
    m = run(KeyMachine(seed=1, menu=True), "1 4 <ESC>")  # ESC clears the entry first
    assert m.phase == "prompt" and m.view().prompt_digit == ""
    run(m, "<ESC>")
    assert m.phase == "menu" and texts(m)[-1] == "menu"
    old = run(KeyMachine(seed=1), "<ESC> <ESC>")  # the 1989 program: no menu above the suit prompt
    assert old.phase == "prompt" and texts(old) == []


def test_the_1989_game_from_the_menu_is_the_1989_suit_prompt():
    m = run(KeyMachine(seed=5, menu=True), "1 3 4 2 <RETURN>")
    assert texts(m)[-1] == "deal 3 42" and m.rules.name == "baker3"


def test_a_game_number_prompt_deals_that_game_or_a_seeded_random_one():
    m = run(KeyMachine(seed=5, game="bakers-game"), "1 2 3 <SPACE> 4 <RETURN>")
    assert texts(m) == ["deal bakers-game 124"] and m.game.deal == 124
    a = run(KeyMachine(seed=5, game="eight-off"), "<RETURN>")
    b = run(KeyMachine(seed=5, game="eight-off"), "<RETURN>")
    assert a.game.deal == b.game.deal and a.game.position == b.game.position
    run(a, "<ESC>")
    assert a.phase == "prompt" and texts(a)[-1] == "prompt"


# -- Baker's Game (its rules text: docs/FAITHFULNESS.md) --------------------------------------------


def test_bakers_game_deals_eight_piles_seven_and_six_cards_four_cells_empty_foundations():
    pos = Position.dealt(1, BG)
    assert [len(c) for c in pos.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert pos.cells == (None,) * 4 and pos.foundations == (0, 0, 0, 0)
    assert sorted(c for col in pos.columns for c in col) == cards.deck(4)


def test_bakers_game_deals_are_microsoft_freecell_deals():
    """deals.txt holds fc-solve's ``make-microsoft-freecell-board -t`` layouts for 4 suits."""
    stored: dict[int, list[str]] = {}
    deal = None
    for line in (DATA / "deals.txt").read_text().splitlines():
        if line.startswith("deal "):
            _, suits, number = line.split()
            deal = int(number) if suits == "4" else None
            if deal is not None:
                stored[deal] = []
        elif deal is not None and line.strip() and not line.startswith("#"):
            stored[deal].append(line.strip())
    assert len(stored) >= 5
    for deal, columns in stored.items():
        pos = Position.dealt(deal, BG)
        assert [" ".join(cards.to_text(c) for c in col) for col in pos.columns] == columns


def test_bakers_game_builds_down_in_suit_and_any_card_fills_an_empty_pile():
    text = """
    Foundations: C-0 D-0 H-0 S-0
    Freecells: - - - -
    : AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
    : AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD
    : KD
    : AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
    : AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
    :
    :
    :
    """
    pos, rs = board(text, "bakers-game")
    assert moves.is_legal(pos, moves.Move(("column", 1), ("column", 2)), rs)  # QD on KD: same suit
    assert not moves.is_legal(pos, moves.Move(("column", 3), ("column", 2)), rs)  # KH on KD
    assert not moves.is_legal(pos, moves.Move(("column", 1), ("column", 0)), rs)  # QD on KC: wrong suit
    assert moves.is_legal(pos, moves.Move(("column", 1), ("column", 5)), rs)  # a queen into an empty pile
    assert moves.is_legal(pos, moves.Move(("column", 1), ("cell", 0)), rs)  # any card to a cell


def test_bakers_game_run_moves_are_the_single_moves_they_stand_for():
    text = """
    Foundations: C-4 D-0 H-0 S-0
    Freecells: - - - -
    : AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
    : 8C 7C 6C 5C
    : 9C
    : AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
    : AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
    : TC JC QC KC
    :
    :
    """
    m = machine_on(text, "TBC", game="bakers-game")
    assert [e for e in texts(m) if e.startswith("move")] == [
        "move B I", "move B J", "move B K", "move B C", "move K C", "move J C", "move I C"]
    assert m.game.moves == 7


SWING = """
Foundations: C-0 D-0 H-0 S-0
Freecells: - - - -
: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD
: KD
: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
:
:
:
"""


def test_bakers_game_undoes_every_move_and_redoes_with_return():
    m = machine_on(SWING, game="bakers-game")
    start = m.game.position
    for _ in range(160):  # 320 moves, past the 1989 program's 300: the lone king swings between C and F
        run(m, "CF FC")
    assert m.game.moves == 320 and m.game.takebacks_left == 320
    run(m, "BG")  # one more, so the end differs from the start
    after = m.game.position
    for _ in range(321):
        run(m, "<SPACE>")
    assert m.game.position == start and m.game.moves == 0
    run(m, "<SPACE>")  # nothing left to take back: nothing happens
    assert m.game.position == start and m.game.moves == 0
    for _ in range(321):
        run(m, "<RETURN>")
    assert m.game.position == after and m.game.moves == 321 and "redo" in texts(m)
    run(m, "<SPACE> <SPACE> FH")  # a new move (the king from F to H) forgets what was taken back
    before = m.game.position
    run(m, "<RETURN>")
    assert m.game.position == before and m.game.moves == 320


def test_the_1989_game_has_no_redo():
    m = run(KeyMachine(suits=4, deal=1), "GI <SPACE> <RETURN>")
    assert m.game.moves == 0 and "redo" not in texts(m)


# -- Eight Off --------------------------------------------------------------------------------


def test_eight_off_deals_eight_piles_of_six_and_four_of_eight_cells():
    pos = Position.dealt(11982, EO)
    assert [len(c) for c in pos.columns] == [6] * 8
    assert all(c is not None for c in pos.cells[:4]) and pos.cells[4:] == (None,) * 4
    assert sorted(pos.all_cards()) == cards.deck(4)
    assert EO.letters == "ABCDEFGHIJKLMNOP" and EO.cell_letter(7) == "P"


EO_BOARD = """
Foundations: C-0 D-0 H-0 S-0
Freecells: 3C 4C - - - - - -
: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD
: KD
: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
: KC QC JC TC 9C 8C 7C 6C 5C
: AC 2C
:
:
"""


def test_eight_off_only_a_king_goes_into_an_empty_pile():
    pos, rs = board(EO_BOARD, "eight-off")
    assert not moves.is_legal(pos, moves.Move(("column", 5), ("column", 6)), rs)  # a two
    assert not moves.is_legal(pos, moves.Move(("cell", 0), ("column", 6)), rs)  # a parked three
    assert moves.is_legal(pos, moves.Move(("column", 1), ("column", 6)), rs)  # the king of diamonds
    m = machine_on(EO_BOARD, "FG", game="eight-off")
    assert texts(m)[-1] == "flash line" and m.game.moves == 0


def test_eight_off_moves_a_king_led_run_into_an_empty_pile_parking_only_in_cells():
    text = EO_BOARD.replace(": KD\n", ": KD QD\n")
    text = text.replace(": AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", ": AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD")
    pos, rs = board(text, "eight-off")
    steps = moves.group_moves(pos, 1, 6, rs)
    assert [s.text(rs) for s in steps] == ["BK", "BG", "KG"]  # the queen parks in a cell, not in column H
    with pytest.raises(moves.GroupError, match="king-led"):
        moves.group_moves(pos, 0, 6, rs)  # the jack of diamonds: no king in the run
    with pytest.raises(moves.GroupError, match="9 cards need 8 free places, there are 6"):
        moves.group_moves(pos, 4, 6, rs)  # KC..5C: the empty pile H cannot park a card
    assert moves.free_places(pos, (1, 6), rs) == [("cell", i) for i in range(2, 8)]


def test_eight_off_has_no_mark_p_is_a_cell():
    pos, rs = board(EO_BOARD, "eight-off")
    m = machine_on(EO_BOARD, "BP", game="eight-off")
    assert m.game.position.cells[7] == pos.columns[1][-1] and "mark" not in texts(m)


# -- the move type, events ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["baker2", "baker3", "baker4", "bakers-game", "eight-off"]),
       deal=st.integers(1, 2**31 - 1), picks=st.lists(st.integers(0, 999), max_size=30))
def test_a_move_text_round_trips_and_every_move_keeps_every_card(name, deal, picks):
    rs = games.ruleset(name)
    g = Game.dealt(rs, deal)
    for p in picks:
        legal = moves.legal_moves(g.position, rs)
        if not legal:
            break
        mv = legal[p % len(legal)]
        if mv.dst[0] == "terminal":
            assert moves.Move.from_text(mv.text(rs), rs).src == mv.src
        else:
            assert moves.Move.from_text(mv.text(rs), rs) == mv
        before = g.position
        g.push(mv)
        assert Counter(g.position.all_cards()) == Counter(cards.deck(rs.suits))
        assert g.pop() == mv and g.position == before
        g.push(mv)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["bakers-game", "eight-off"]), deal=st.integers(1, 32000),
       keys=st.lists(st.sampled_from(KEYS), max_size=80))
def test_any_keys_leave_a_legal_game(name, deal, keys):
    rs = games.ruleset(name)
    m = KeyMachine(seed=3, rules=rs, deal=deal, menu=True)
    for k in keys:
        m.press(k)
        m.tick()
        if m.game is not None:
            m.game.position.check(m.game.rules)


def test_events_are_typed():
    m = run(KeyMachine(rules=BG, deal=1), "GI")
    kinds = [e.kind for e in m.events]
    assert kinds == [ev.DEAL, ev.SELECT, ev.MOVE, ev.TONE]
    deal, move = m.events[0], m.events[2]
    assert deal.args == ("bakers-game", 1) and move.args == ("G", "I") and str(move) == "move G I"


def test_the_selected_card_blinks_in_the_new_games_not_in_1989():
    m = run(KeyMachine(rules=BG, deal=1), "G")
    lit = {m.view().highlight_lit for _ in range(40) if not m.tick()}
    assert m.view().highlight == "G" and lit == {True, False}
    old = run(KeyMachine(suits=4, deal=1), "G")
    assert old.view().highlight is None
