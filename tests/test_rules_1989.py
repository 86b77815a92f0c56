"""Every row of docs/FAITHFULNESS.md's table "Rules and keys", through the key machine.

Each test names the row it proves. Small hand-made positions (most of a
suit already on its terminal pile) keep the situations readable.
"""

from __future__ import annotations

import pytest
from conftest import GROUP_BOARD, baker_rules, machine_on, play, solutions, texts

from baker8bit.core import cards
from baker8bit.games import KeyMachine

# 2 suits: columns A-F, parking G-H.
SMALL = """
Foundations: C-9 D-9 H-K S-K
Freecells: - -
: KC QD
: JC
: TC KD
: QC
: JD
: TD
"""

GROUP = GROUP_BOARD  # the article's TBC example, see conftest

# Same cards, but only two free places besides B and C (parking H, column F).
GROUP_CRAMPED = """
Foundations: C-4 D-9 H-K S-K
Freecells: TD -
: KC
: 8C 7C 6C 5C
: KD 9C
: QD QC JC TC
: JD
:
"""

# One empty column (A) and two empty parking spaces, for long shuttles.
SHUTTLE = """
Foundations: C-9 D-9 H-K S-K
Freecells: - -
:
: JC QD
: TC KD
: QC KC
: JD
: TD
"""

NEAR_WIN = """
Foundations: C-Q D-K H-K S-K
Freecells: - -
: KC
:
:
:
:
:
"""


def col(m: KeyMachine, letter: str) -> list[str]:
    place = m.rules.place(letter)
    if place[0] == "column":
        return [cards.to_text(c) for c in m.game.position.columns[place[1]]]
    c = m.game.position.cells[place[1]]
    return [] if c is None else [cards.to_text(c)]


# ---- suits, columns, parking spaces, terminal piles, card faces --------------------------


@pytest.mark.parametrize("suits,columns", [(2, 6), (3, 7), (4, 8)])
def test_suit_prompt_gives_suits_columns_parking_and_terminal_piles(suits, columns):
    m = play(4, 1, f"<ESC> {suits} <RETURN>")
    assert m.phase == "idle" and m.rules.suits == suits
    pos = m.game.position
    assert len(pos.columns) == columns  # "Two suits yield six columns ... all four suits give you eight"
    assert len(pos.cells) == suits  # "There are as many parking spaces as suits."
    assert pos.foundations == (0,) * suits  # one terminal pile per suit, empty
    assert sorted(pos.all_cards()) == cards.deck(suits) and len(cards.deck(suits)) == 13 * suits


def test_card_faces_are_one_character_with_T_for_ten():
    assert [cards.rank_char(cards.make(r, 0)) for r in range(13)] == list("A23456789TJQK")


@pytest.mark.parametrize("suits,columns,cells", [(2, "ABCDEF", "GH"), (3, "ABCDEFG", "HIJ"), (4, "ABCDEFGH", "IJKL")])
def test_key_letters(suits, columns, cells):
    rs = baker_rules(suits)
    assert [rs.place(c) for c in columns] == [("column", i) for i in range(len(columns))]
    assert [rs.place(c) for c in cells] == [("cell", i) for i in range(len(cells))]
    assert rs.place(chr(ord(cells[-1]) + 1)) is None


def test_article_example_BK_moves_column_b_to_parking_k():
    m = play(4, 1, "BK")  # "To move a card from column 'b' to parking space 'k' ... you'd type BK."
    assert col(m, "K") == ["9C"] and col(m, "B")[-1] == "8S"
    assert texts(m)[-3:] == ["select B", "move B K", "tone"]


# ---- the rules of play ------------------------------------------------------------------------


def test_column_move_onto_next_higher_card_of_same_suit():
    m = machine_on(SMALL, "BD")  # JC onto QC
    assert col(m, "D") == ["QC", "JC"] and col(m, "B") == []
    assert texts(m)[-2:] == ["move B D", "tone"]


@pytest.mark.parametrize("keys", ["AB", "ED", "FD", "BA"])  # wrong suit, or not one rank higher
def test_column_move_onto_wrong_card_flashes_the_line_and_changes_nothing(keys):
    m = machine_on(SMALL)
    before = m.game.position
    m = machine_on(SMALL, keys)
    assert m.game.position == before and m.game.moves == 0
    assert "flash line" in texts(m) and "tone" not in texts(m)


def test_parked_card_moves_onto_the_field_the_same_way():
    m = machine_on(SMALL, "EG GA")  # JD to parking G, then onto QD
    assert col(m, "A") == ["KC", "QD", "JD"] and m.game.moves == 2


def test_any_exposed_or_parked_card_may_go_into_an_empty_column():
    m = machine_on(SMALL, "BD AG CB")  # empty B, then KD (exposed) into it
    assert col(m, "B") == ["KD"]
    m = machine_on(SMALL, "BD AG GB")  # a parked card into the empty column
    assert col(m, "B") == ["QD"]


def test_any_exposed_card_may_be_parked_and_a_space_holds_one_card():
    m = machine_on(SMALL, "AG BG")
    assert col(m, "G") == ["QD"] and col(m, "B") == ["JC"]
    assert texts(m)[-2:] == ["select B", "flash line"]


def test_a_parked_card_may_not_move_to_another_parking_space():
    m = machine_on(SMALL, "AG GH")
    assert col(m, "G") == ["QD"] and col(m, "H") == []
    assert texts(m)[-1] == "flash line"


def test_to_terminal_only_the_next_card_of_the_suit():
    m = machine_on(SMALL, "CT")  # KD on a diamond pile at 9
    assert "flash line" in texts(m) and m.game.position.foundations == (9, 9)
    m = machine_on(SMALL, "FT")  # TD follows 9D
    assert m.game.position.foundations == (9, 10) and texts(m)[-2:] == ["move F T", "tone"]


def test_a_card_never_leaves_its_terminal_pile():
    m = machine_on(SMALL, "FT")
    # T as a first key starts a group command; it can never select a terminal pile as a source
    m.press("T")
    assert m.phase == "group"
    m.press("A")
    m.settle()
    assert m.game.position.foundations == (9, 10)


# ---- selecting, legal and illegal moves, flashing ---------------------------------------


def test_first_letter_turns_black_and_pressing_it_again_cancels_silently():
    m = machine_on(SMALL, "B")
    assert m.view().black == {"B"}
    m = machine_on(SMALL, "BB")
    assert m.view().black == frozenset() and m.phase == "idle"
    assert texts(m)[1:] == ["select B", "cancel B"]  # no tone, no flash, nothing moved
    assert m.game.moves == 0


def test_legal_move_tone_and_letter_back_to_purple():
    m = machine_on(SMALL, "BD")
    assert m.view().black == frozenset() and texts(m)[-1] == "tone"


def test_empty_source_flashes_its_letter():
    m = machine_on(SMALL, "G")  # parking G is empty
    assert texts(m)[-1] == "flash G"


def test_flash_lasts_about_two_seconds_blinking_and_swallows_keys():
    m = machine_on(SMALL, "AB <RAW>")
    t = m.timing
    assert m.phase == "flash" and m.view().flashing == "line"
    lit = []
    for _ in range(t.flash_frames - 2):
        lit.append(m.view().flash_lit)
        m.press("B")  # keys pressed meanwhile are not acted on
        m.tick()
    assert m.phase == "flash" and True in lit and False in lit
    assert sum(1 for a, b in zip(lit, lit[1:], strict=False) if a != b) >= 6  # "on and off" several times
    assert "select B" not in texts(m)
    for _ in range(3):
        m.tick()
    assert m.phase == "idle" and m.view().flashing is None
    assert 100 <= t.flash_frames <= 150  # "a few seconds" at 60 frames a second [decided: two]


# ---- group moves --------------------------------------------------------------------------


def test_TBC_moves_the_run_as_2n_minus_1_single_moves_in_the_decided_order():
    m = machine_on(GROUP, "TBC")
    assert col(m, "C") == ["KD", "9C", "8C", "7C", "6C", "5C"] and col(m, "B") == ["JD"]
    moves = [e for e in texts(m) if e.startswith("move")]
    assert moves == ["move B G", "move B H", "move B E", "move B C", "move E C", "move H C", "move G C"]
    assert m.game.moves == 2 * 4 - 1 and texts(m).count("tone") == 7


def test_group_move_is_shown_one_card_at_a_time():
    m = machine_on(GROUP, "<RAW> TBC")
    assert m.phase == "moving" and m.game.moves == 1
    frames = []
    m.settle()
    frames = [e.frame for e in m.events if e.text.startswith("move")]
    gaps = {b - a for a, b in zip(frames, frames[1:], strict=False)}
    assert gaps == {m.timing.group_step} and m.timing.group_step >= 6


def test_group_move_without_enough_free_places_blinks_a_column_letter():
    m = machine_on(GROUP_CRAMPED)
    before = m.game.position
    m = machine_on(GROUP_CRAMPED, "TBC")
    assert m.game.position == before and texts(m)[-1] == "flash B"


def test_group_move_onto_wrong_card_blinks_the_destination():
    m = machine_on(GROUP, "TBA")
    assert texts(m)[-1] == "flash A" and m.game.moves == 0


def test_group_move_from_a_parking_space_or_empty_column_blinks_it():
    assert texts(machine_on(GROUP, "TG"))[-1] == "flash G"
    assert texts(machine_on(GROUP, "TE"))[-1] == "flash E"


def test_T_again_cancels_the_group_command():
    for keys in ("TT", "TBT"):
        m = machine_on(GROUP, keys)
        assert m.phase == "idle" and m.game.moves == 0 and texts(m)[-1] == "cancel T"
        assert m.view().black == frozenset()
    assert machine_on(GROUP, "TB").view().black == {"T", "B"}


def test_group_move_to_empty_column_moves_the_longest_run_that_fits():
    m = machine_on(GROUP, "TBF")  # free: G, H, E -> all four cards fit
    assert col(m, "F") == ["8C", "7C", "6C", "5C"] and m.game.moves == 7
    m = machine_on(GROUP_CRAMPED, "TBF")  # free besides B and F: parking H only -> two cards
    assert col(m, "F") == ["6C", "5C"] and col(m, "B") == ["8C", "7C"] and m.game.moves == 3


def test_group_move_of_part_of_a_run():
    m = machine_on(GROUP, "BG TBC")  # 5C parked: the 8 7 6 go, landing 8C on 9C
    assert col(m, "C")[-3:] == ["8C", "7C", "6C"] and m.game.moves == 1 + 5


# ---- take back, mark, move count ----------------------------------------------------------


def test_space_takes_back_the_last_move():
    m = machine_on(SMALL, "BD EA <SPACE>")
    assert col(m, "E") == ["JD"] and col(m, "D") == ["QC", "JC"] and m.game.moves == 1
    assert texts(m)[-2:] == ["takeback", "tone"]


def test_three_hundred_moves_are_remembered_and_the_301st_takeback_does_nothing():
    shuttle = "CA " + "AG GA " * 160  # 321 moves in all
    m = machine_on(SHUTTLE, shuttle)
    assert m.game.moves == 321 and m.game.takebacks_left == 300
    m = machine_on(SHUTTLE, shuttle + "<SPACE> " * 300)
    assert m.game.moves == 21 and m.game.takebacks_left == 0
    before = (m.game.position, m.game.moves, len(m.events))
    m.press("SPACE")
    m.settle()
    assert (m.game.position, m.game.moves, len(m.events)) == before  # nothing, not even a tone


def test_mark_buzzer_and_blue_P():
    m = machine_on(SMALL, "BD P")
    assert m.view().at_mark and m.game.mark == 1  # the P label is blue at the marked position
    m = machine_on(SMALL, "BD P EA FE")
    assert not m.view().at_mark
    m = machine_on(SMALL, "BD P EA FE <SPACE>")
    assert texts(m)[-1] == "tone" and not m.view().at_mark
    m = machine_on(SMALL, "BD P EA FE <SPACE> <SPACE>")
    assert texts(m)[-2:] == ["takeback", "buzzer"] and m.view().at_mark and m.game.moves == 1
    m = machine_on(SMALL, "BD P EA FE <SPACE> <SPACE> <SPACE>")
    assert not m.view().at_mark and m.game.mark == 1  # behind the mark, it is still kept


def test_a_new_mark_replaces_the_old_one():
    m = machine_on(SMALL, "P BD P EA <SPACE> <SPACE>")
    assert m.game.mark == 1 and "buzzer" in texts(m) and texts(m)[-1] == "tone"


def test_a_new_move_from_before_the_mark_removes_it():
    m = machine_on(SMALL, "BD EA P <SPACE> FE")
    assert m.game.mark is None and not m.view().at_mark


def test_mark_forgotten_by_the_take_back_memory_is_removed():
    m = machine_on(SHUTTLE, "P CA AG " + "GA AG " * 150)
    assert m.game.moves == 302 and m.game.mark is None


def test_move_count_counts_single_moves_on_the_path():
    m = machine_on(GROUP, "TBC <SPACE> <SPACE>")
    assert m.game.moves == 5 and m.view().moves == 5


def test_no_automatic_moves():
    m = machine_on(SMALL, "EA")  # TD in F could go home; nothing moves by itself
    m.press("HELP")
    for _ in range(600):
        m.tick()
    assert m.game.position.foundations == (9, 9) and m.game.moves == 1


# ---- new game, winning --------------------------------------------------------------------


def test_esc_abandons_the_game_and_returns_to_the_suit_prompt():
    m = play(4, 1, "GI <ESC>")
    assert m.phase == "prompt" and m.view().suits is None and texts(m)[-1] == "prompt"
    m = play(4, 1, "GI <ESC> 2 <RETURN>")
    assert m.rules.suits == 2 and m.game.moves == 0


def test_esc_works_while_a_letter_is_selected_and_in_a_group_command():
    assert play(4, 1, "G <ESC>").phase == "prompt"
    assert play(4, 1, "TB <ESC>").phase == "prompt"


def test_suit_prompt_takes_two_three_or_four_then_return():
    m = play(4, 1, "<ESC> 5 1 <RETURN>")
    assert m.phase == "prompt"  # no valid digit yet
    m = play(4, 1, "<ESC> 3")
    assert m.phase == "prompt" and m.view().prompt_digit == "3"


def test_random_new_games_replay_by_seed():
    a = play(4, 1, "<ESC> 4 <RETURN>", seed=11).game
    b = play(4, 1, "<ESC> 4 <RETURN>", seed=11).game
    c = play(4, 1, "<ESC> 4 <RETURN>", seed=12).game
    assert a.deal == b.deal and a.position == b.position and c.deal != a.deal


def test_winning_flashes_WINNER_with_the_move_count_and_any_key_plays_again():
    m = machine_on(NEAR_WIN, "AT")
    v = m.view()
    assert v.winner and v.moves == 1 and texts(m)[-1] == "winner" and m.game.won
    lit = set()
    for _ in range(3 * m.timing.winner_half):
        m.tick()
        lit.add(m.view().winner_lit)
    assert lit == {True, False}
    m.press("Q")  # any key
    assert m.phase == "prompt"


@pytest.mark.parametrize("suits", [2, 3, 4])
def test_known_solution_replays_to_winner(suits):
    deal, solution = solutions()[suits]
    m = play(suits, deal, " ".join(solution))
    assert m.game.won and m.phase == "won"
    assert m.view().moves == len(solution) and texts(m).count("winner") == 1


# ---- the title: suit count, then an optional game number (beyond the original) -----------


def test_title_takes_a_game_number_after_the_suit_count():
    m = play(4, 1, "<ESC> 4 11982")
    assert m.view().prompt_digit == "4" and m.view().prompt_deal == "11982"
    m = play(4, 1, "<ESC> 4 11982 <RETURN>")
    assert m.game.deal == 11982 and m.rules.suits == 4
    assert m.game.position == play(4, 11982, "").game.position


def test_title_game_number_editing_and_limits():
    m = play(4, 1, "<ESC> 3 0 12 <SPACE> 5")  # a leading 0 is ignored; space rubs out
    assert m.view().prompt_deal == "15"
    m = play(4, 1, "<ESC> 2 2147483647 9")  # past 2^31-1 the extra digit is refused
    assert m.view().prompt_deal == "2147483647"
    m = play(4, 1, "<ESC> 2 55 <ESC>")
    assert (m.view().prompt_digit, m.view().prompt_deal, m.phase) == ("", "", "prompt")
    m = play(4, 1, "<ESC> 2 <SPACE> 3 <RETURN>")
    assert m.rules.suits == 3
