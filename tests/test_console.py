"""The console: the registry of games, the menu, each game's title, typed events, and the
rule-driven engine playing Baker's Game and Eight Off as their sources state them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

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
from baker8bit.freecell.variant import FreecellVariant
from baker8bit.games import KeyMachine

BG = games.ruleset("bakers-game")
EO = games.ruleset("eight-off")
# the rule sets of every FreeCell-family game that is only data (a game.toml, no variant.py):
# Baker's Game, Eight Off, FreeCell and any added since, read from the registry
FAMILY_DATA = [name for v in games.all_variants() if type(v) is FreecellVariant for name in v.rule_sets()]


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


# One free cell (L) and one empty pile (G): a run of four (8C 7C 6C 5C) onto the 9C of column C.
FOUR_ONTO_ONE = """
Foundations: C-4 D-0 H-0 S-0
Freecells: KD QD JD -
: AD 2D 3D 4D 5D 6D 7D 8D 9D TD
: 8C 7C 6C 5C
: 9C
: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
: TC JC QC KC
:
: KS
"""


def test_bakers_game_sequence_moves_simulate_moving_cards_individually_through_empty_piles():
    """"if enough empty cells and tableau piles are available, you may move sequences as a
    shortcut, simulating what could be achieved by moving cards individually": with one free cell
    and one empty pile, four cards move one at a time (two into the empty pile through the cell,
    two onto the nine through the cell, the two back), so TBC makes those nine single moves."""
    m = machine_on(FOUR_ONTO_ONE, "TBC", game="bakers-game")
    assert [e for e in texts(m) if e.startswith("move")] == [
        "move B L", "move B G", "move L G", "move B L", "move B C", "move L C", "move G L", "move G C", "move L C"]
    assert m.game.moves == 9 and "flash B" not in texts(m)
    assert [cards.to_text(c) for c in m.game.position.columns[2]] == "9C 8C 7C 6C 5C".split()
    assert m.game.position.columns[6] == () and m.game.position.cells[3] is None
    # the 1989 game keeps its own group move (n-1 free places for n cards): the same command flashes
    old = machine_on(FOUR_ONTO_ONE, "TBC", game="baker")
    assert "flash B" in texts(old) and old.game.moves == 0


def spade_run(length: int, onto: bool, cells: int, empties: int) -> Position:
    """Column A: a run of spades from the queen down (``onto``: onto the KS alone in column B), or
    from the king down (column B empty); ``cells`` free cells, ``empties`` more empty columns; the
    other cards are the highest hearts, one a column or cell, the rest home."""
    top = 11 if onto else 12
    spades = tuple(cards.make(r, 3) for r in range(top, top - length, -1))
    hearts = [cards.make(r, 2) for r in range(13)]
    columns = [spades, (cards.make(12, 3),) if onto else ()]
    columns += [()] * empties + [(hearts.pop(),) for _ in range(6 - empties)]
    cells_ = tuple(hearts.pop() for _ in range(4 - cells)) + (None,) * cells
    return Position(tuple(columns), cells_, (13, 13, len(hearts), top - length + 1))


@pytest.mark.parametrize("cells", range(5))
@pytest.mark.parametrize("empties", range(4))
def test_bakers_game_runs_of_cells_plus_one_times_two_to_the_empty_piles_halved_into_an_empty_pile(cells, empties):
    """The longest run a group move carries is (free cells + 1) x 2^(empty piles): onto a card (one
    card more is refused, the source letter flashing), and into an empty pile, that pile not
    counted (the longest run that fits goes); each of its single moves is legal in turn."""
    most = (cells + 1) * 2 ** empties
    for onto, length in ((True, min(12, most)), (False, 13)):
        pos = spade_run(length, onto, cells, empties)
        pos.check(BG)
        after = pos
        for step in moves.group_moves(pos, 0, 1, BG):
            assert moves.is_legal(after, step, BG)
            after = moves.apply(after, step)
        assert len(after.columns[1]) - onto == min(length, most)
        assert after.columns[0] == pos.columns[0][: length - min(length, most)]
    if most < 12:
        with pytest.raises(moves.GroupError, match=f"{most + 1} cards (are more than|need {most} free places)") as e:
            moves.group_moves(spade_run(most + 1, True, cells, empties), 0, 1, BG)
        assert e.value.side == "src"


def test_a_group_move_the_free_places_allow_is_the_same_single_moves_as_before():
    """A run with one free place for each covered card moves as the 1989 group move does (cells
    first, then empty piles, one card each: 2n-1 single moves); only longer runs go through the
    empty piles."""
    text = FOUR_ONTO_ONE.replace("Freecells: KD QD JD -", "Freecells: KD QD - -").replace(
        ": AD 2D 3D 4D 5D 6D 7D 8D 9D TD\n", ": AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD\n")
    pos, rs = board(text, "bakers-game")
    old, _ = board(text, "baker")
    assert [s.text(rs) for s in moves.group_moves(pos, 1, 2, rs)] == ["BK", "BL", "BG", "BC", "GC", "LC", "KC"]
    assert moves.group_moves(pos, 1, 2, rs) == moves.group_moves(old, 1, 2, games.ruleset("baker4"))


def test_eight_off_moving_card_by_card_parks_only_in_cells_so_its_runs_stay_cells_plus_one():
    """Eight Off offers the same shortcut, but an empty pile takes only a king: moving card by card
    it never holds a parked card (the king is the card that moves last), so the runs are at most
    the free cells + 1, with or without empty piles."""
    assert EO.group == "supermove"
    text = EO_BOARD.replace(": KD\n", ": KD QD\n").replace(
        ": AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", ": AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD")
    pos, rs = board(text, "eight-off")
    places = replace(rs, group="places")
    for src in range(8):
        for dst in range(8):
            try:
                now = moves.group_moves(pos, src, dst, rs)
            except moves.GroupError as e:
                with pytest.raises(moves.GroupError):
                    moves.group_moves(pos, src, dst, places)
                assert e.side in ("src", "dst")
                continue
            assert now == moves.group_moves(pos, src, dst, places)


# Every column ends on a card nothing takes (the aces are buried), and the jacks wait in the cells
# for queens buried under their kings: once JS goes to the last free cell (HL), no legal move is
# left. Before it, TS and TH may go onto the JS.
ONE_MOVE_FROM_STUCK = """
Foundations: C-0 D-0 H-0 S-0
Freecells: JC JD JH -
: AC 2C 3C 4C 5C 6C 7C 8C 9C TC
: AD 2D 3D 4D 5D 6D 7D 8D 9D TD
: AH 2H 3H 4H 5H 6H 7H 8H 9H TH
: AS 2S 3S 4S 5S 6S 7S 8S 9S TS
: QC KC
: QD KD
: QH KH
: QS KS JS
"""


def status_line(m: KeyMachine) -> str:
    from baker8bit.atari.screen import Screen
    from baker8bit.console.look import Look

    scr = Screen()
    m.variant.draw_game(scr, m.view(), m.game, m.frame, Look())
    return scr.text_at(scr.geometry.rows - 1)


@pytest.mark.parametrize("game", ["bakers-game", "freecell"])
def test_a_position_with_no_legal_move_says_no_moves_left_and_a_take_back_still_goes_back(game):
    """"The game is lost if no legal moves remain and not all cards are in the foundations." The
    game says so by itself: NO MOVES LEFT on the status line and a ``no moves`` event; a take-back
    is no move, and still goes back (the status line says MOVES again)."""
    m = machine_on(ONE_MOVE_FROM_STUCK, game=game)
    assert not m.game.lost and status_line(m).startswith("MOVES 0")
    run(m, "HL")
    assert m.game.lost and texts(m)[-3:] == ["move H L", "tone", "no moves"]
    assert status_line(m).startswith("NO MOVES LEFT")
    run(m, "AB <SPACE>")  # a move tried flashes as before; space takes the last move back
    assert not m.game.lost and texts(m)[-3:] == ["flash line", "takeback", "tone"]
    assert status_line(m).startswith("MOVES 0")
    run(m, "<RETURN>")  # the redo comes back to it, and says so again
    assert texts(m)[-3:] == ["move H L", "tone", "no moves"]


def test_eight_off_says_no_moves_left():
    text = ONE_MOVE_FROM_STUCK.replace("Freecells: JC JD JH -", "Freecells: JC JD JH 8C 9C TC TD -").replace(
        ": AC 2C 3C 4C 5C 6C 7C 8C 9C TC", ": AC 2C 3C 4C 5C 6C 7C").replace(
        ": AD 2D 3D 4D 5D 6D 7D 8D 9D TD", ": AD 2D 3D 4D 5D 6D 7D 8D 9D")
    m = machine_on(text, "HP", game="eight-off")  # the JS to the eighth cell
    assert m.game.lost and texts(m)[-1] == "no moves" and status_line(m).startswith("NO MOVES LEFT")


def test_the_1989_game_says_nothing_when_no_move_is_left():
    """The 1989 program had no such check: the same position is silent there."""
    m = machine_on(ONE_MOVE_FROM_STUCK, "HL", game="baker")
    assert not m.game.lost and "no moves" not in texts(m) and status_line(m).startswith("MOVES 1")
    assert not any(rs.no_moves_left or rs.group != "places" for rs in games.get("baker").rule_sets().values())


def test_no_moves_left_gives_way_to_a_long_deal_number():
    m = machine_on(ONE_MOVE_FROM_STUCK, "HL", game="bakers-game")
    m.game.deal = 2147483647
    assert status_line(m) == "NO MOVES #2147483647"
    m.game.deal = 11982
    assert status_line(m) == "NO MOVES LEFT #11982"


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
@given(name=st.sampled_from(["baker2", "baker3", "baker4", *FAMILY_DATA]),
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
@given(name=st.sampled_from(FAMILY_DATA), deal=st.integers(1, 32000),
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
