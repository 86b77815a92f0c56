"""Deals: the Microsoft FreeCell generator over 26, 39 and 52 cards (docs/FAITHFULNESS.md, the deal rows)."""

from __future__ import annotations

import random
import subprocess

import pytest
from conftest import DATA, baker_rules, need_fcsolve

from baker8bit.core import cards, deal
from baker8bit.freecell.position import Position


def stored_layouts() -> dict[tuple[int, int], list[str]]:
    out: dict[tuple[int, int], list[str]] = {}
    key = None
    for line in (DATA / "deals.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("deal "):
            _, s, d = line.split()
            key = (int(s), int(d))
            out[key] = []
        else:
            out[key].append(line.strip())
    return out


def layout(suits: int, d: int) -> list[str]:
    pos = Position.dealt(d, baker_rules(suits))
    return [" ".join(cards.to_text(c) for c in col) for col in pos.columns]


@pytest.mark.parametrize("key", sorted(stored_layouts()))
def test_deal_matches_stored_layout(key):
    assert layout(*key) == stored_layouts()[key]


def test_stored_layouts_cover_every_suit_count():
    assert {s for s, _ in stored_layouts()} == {2, 3, 4}


@pytest.mark.parametrize("d", [1, 2, 3, 164, 617, 1941, 11982, 31999, 32000, 2**31 - 1])
def test_four_suit_deal_equals_fc_solve_generator(d):
    need_fcsolve()
    out = subprocess.run(["make-microsoft-freecell-board", "-t", str(d)], capture_output=True, text=True, check=True)
    assert layout(4, d) == [line.strip() for line in out.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("suits,columns", [(2, 6), (3, 7), (4, 8)])
def test_all_cards_dealt_face_up_row_by_row(suits, columns):
    rs = baker_rules(suits)
    order = deal.shuffled(77, suits)
    assert sorted(order) == sorted(cards.deck(suits))
    cols = Position.dealt(77, rs).columns
    assert len(cols) == columns
    for i, c in enumerate(order):  # card i goes to column i mod C, row i div C
        assert cols[i % columns][i // columns] == c


@pytest.mark.parametrize("bad", [0, -1, 2**31, 2**40, "7", 1.5, True])
def test_impossible_deal_numbers_are_refused(bad):
    with pytest.raises(deal.DealError):
        deal.shuffled(bad, 4)


def test_random_deal_number_comes_from_the_injected_generator():
    a = [deal.random_deal_number(random.Random(5)) for _ in range(3)]
    b = [deal.random_deal_number(random.Random(5)) for _ in range(3)]
    assert a == b and all(1 <= n <= deal.MAX_DEAL for n in a)
    assert deal.random_deal_number(random.Random(6)) != a[0]


def test_three_suit_deal_uses_first_three_suits():
    assert {cards.suit_of(c) for c in deal.shuffled(9, 3)} == {0, 1, 2}
