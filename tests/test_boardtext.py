"""fc-solve board format: writing, reading, checking (issue 2, part 4)."""

from __future__ import annotations

import subprocess

import pytest
from conftest import baker_rules, need_fcsolve, read_baker_board
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.core import cards
from baker8bit.freecell import boardtext, fcsolve, moves
from baker8bit.freecell.position import Position

SMALL = """\
Foundations: C-9 D-9 H-K S-K
Freecells: - KC
: QD
: JC
: TC KD
: QC
: JD
: TD
"""


def test_reads_a_small_board():
    pos, rs = read_baker_board(SMALL)
    assert rs.suits == 2 and pos.foundations == (9, 9)
    assert pos.cells == (None, cards.from_text("KC"))
    assert boardtext.write(pos, rs) == SMALL


@pytest.mark.parametrize("suits", [2, 3, 4])
def test_absent_suits_are_written_as_complete_foundations(suits):
    rs = baker_rules(suits)
    text = boardtext.write(Position.dealt(3, rs), rs)
    first = text.splitlines()[0].split()[1:]
    assert first[:suits] == [f"{s}-0" for s in "CDHS"[:suits]]
    assert first[suits:] == [f"{s}-K" for s in "CDHS"[suits:]]


@st.composite
def played_positions(draw):
    suits = draw(st.sampled_from([2, 3, 4]))
    rs = baker_rules(suits)
    pos = Position.dealt(draw(st.integers(1, 2**31 - 1)), rs)
    for _ in range(draw(st.integers(0, 40))):
        legal = moves.legal_moves(pos, rs)
        if not legal:
            break
        pos = moves.apply(pos, legal[draw(st.integers(0, len(legal) - 1))])
    return pos, rs


@given(played_positions())
@settings(max_examples=150, deadline=None)
def test_round_trip(case):
    pos, rs = case
    assert read_baker_board(boardtext.write(pos, rs)) == (pos, rs)


def test_ten_may_be_written_10():
    assert read_baker_board(SMALL.replace("TC KD", "10C KD"))[0] == read_baker_board(SMALL)[0]


@pytest.mark.parametrize(
    "old,new,message",
    [
        (": JC\n", ": JC JC\n", "line 4: card JC is duplicated (also on line 4)"),
        (": JD\n", ": \n", "missing card(s): JD"),
        (": TD\n", ": TD XQ\n", "line 8: malformed card 'XQ'"),
        (": QC\n", ": QC 5C\n", "line 6: card 5C is also on its terminal pile"),
        (": QC\n", ": QC 5H\n", "line 6: card 5H is not in a 2-suit game"),
        ("H-K S-K", "H-K S-3", "suit S is not in a 2-suit game"),
        ("C-9", "C-X", "line 1: malformed foundation 'C-X'"),
        ("Freecells: - KC", "Freecells: - KC -", "3 parking spaces, but 2 suits have 2"),
        (": TD\n", "", "5 columns: a Baker board has 6, 7 or 8"),
    ],
)
def test_bad_boards_get_clear_errors(old, new, message):
    text = SMALL.replace(old, new)
    assert text != SMALL
    with pytest.raises(boardtext.BoardError) as e:
        read_baker_board(text)
    assert message in str(e.value)


@pytest.mark.parametrize("suits", [2, 3, 4])
def test_fc_solve_solves_our_export(suits):
    need_fcsolve()
    rs = baker_rules(suits)
    text = boardtext.write(Position.dealt(1, rs), rs)
    res = subprocess.run(fcsolve.command(rs), input=text, capture_output=True, text=True, timeout=60)
    assert fcsolve.verdict(res.stdout) == fcsolve.SOLVED, res.stdout[-300:]
