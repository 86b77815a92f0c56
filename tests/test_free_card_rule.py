"""Issue 22: the free-card rule (``safety.py``): in alternating colours a card goes home at once
when every card that could go on it is free (home, or the next of its suit with every card that
could go on it free), a wider rule than King Albert's own automatic moves (both home)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit import games
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell import moves as game_moves
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import parse_move
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import choose, colour, family, params

KA = games.get("king-albert")
RULES = KA.rules({})
KIDS = family._tables(params.params(RULES))[1]
C, D, H, S = 0, 1, 2, 3  # cards.SUITS = "CDHS"


def card(suit: int, rank: int) -> int:
    """rank 1 (ace) .. 13 (king)"""
    return suit * 13 + rank - 1


FIVE_H = card(H, 5)


def test_a_red_five_whose_black_fours_may_go_home_is_safe():
    # hearts hold A-4, the black suits A-3, diamonds A-3: both black 4s are the next of their
    # suits, and the red 3s that could go on them are home
    found = [3, 3, 4, 3]
    assert family._safe(FIVE_H, found, KIDS) and colour._safe(FIVE_H, found)
    assert not family._game_safe(FIVE_H, found, KIDS) and not colour._game_safe(FIVE_H, found)
    # diamonds hold A-2: the 3 of diamonds is the next of its suit and the black 2s are home,
    # so it is free, and so are the black 4s
    assert family._safe(FIVE_H, [3, 2, 4, 3], KIDS)
    # diamonds hold only the ace: the 3 of diamonds is neither home nor next, so the black 4s
    # are not free (a 3 of diamonds may yet need them)
    assert not family._safe(FIVE_H, [3, 1, 4, 3], KIDS) and not colour._safe(FIVE_H, [3, 1, 4, 3])
    # clubs hold A-2: the 4 of clubs cannot go home yet
    assert not family._safe(FIVE_H, [2, 3, 4, 3], KIDS)
    # hearts hold A-3: the 5 may not go home at all
    assert not family._safe(FIVE_H, [3, 3, 3, 3], KIDS)


def _free_by_definition(c: int, found) -> bool:
    """The definition read literally, over the cards that could go on c (any suit)."""
    suit, rank = divmod(c, 13)
    if found[suit] > rank:
        return True
    if found[suit] < rank:
        return False
    return all(_free_by_definition(k, found) for k in params.kids_of("colour", c) if k != params.NOWHERE)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=4, max_size=4), st.integers(0, 51))
def test_the_three_searches_read_the_rule_alike(found, c):
    suit, rank = divmod(c, 13)
    kids = [k for k in params.kids_of("colour", c) if k != params.NOWHERE]
    expected = found[suit] == rank and all(_free_by_definition(k, found) for k in kids)
    assert family._safe(c, found, KIDS) == colour._safe(c, found) == expected
    # the game's rule is the narrower one
    game = found[suit] == rank and all(found[k // 13] > k % 13 for k in kids)
    assert family._game_safe(c, found, KIDS) == colour._game_safe(c, found) == game
    assert not game or expected


def _position() -> Position:
    """Hearts A-4, the others A-3 home. Column A: the hearts, king to 5; B, C, D: a 4 of clubs,
    spades, diamonds under the spades, clubs, diamonds from the king down to the 5. Nothing the
    game moves home by itself; the 5 of hearts is safe by the free-card rule."""
    def run(suit: int, low: int) -> list[int]:
        return [card(suit, r) for r in range(13, low - 1, -1)]

    cols = [run(H, 5), [card(C, 4)] + run(S, 5), [card(S, 4)] + run(C, 5), [card(D, 4)] + run(D, 5)]
    cols += [[]] * 5
    return Position(columns=tuple(tuple(c) for c in cols), cells=(None,) * 7, foundations=(3, 3, 4, 3))


def test_the_search_sends_a_free_card_home_as_a_players_move():
    pos = _position()
    pos.check(RULES)
    assert game_moves.safe_home(pos, RULES) is None  # the game leaves it
    for search in (family, choose.implementation(RULES), colour):
        if search is colour:
            readable = colour.ColourSearch(pos, RULES, max_states=200_000)
            result = None
            while result is None:
                result = readable.step(5_000)
        else:
            result = search.solve(pos, RULES, max_states=2_000)
        assert result.moves[0] == "AT", search  # the 5 of hearts home, at once
        assert 0 not in result.auto  # typed by the player
        assert result.outcome == SOLVED
        # the keys win, the game making its own automatic moves after each (as its dialogue
        # does: moves.safe_home)
        g = Game(RULES, pos, 0)
        for key in result.keys(RULES):
            g.push(parse_move(key, RULES))
            while (m := game_moves.safe_home(g.position, RULES)) is not None:
                g.push(m)
        assert g.won


def test_the_rule_prunes_and_loses_no_verdict(monkeypatch):
    """King Albert deals, starting ranks 0 and 2: the search with the free-card rule against the
    same search with only the game's rule (proved in ``safety.py`` too), and against the unpruned
    one. Same verdicts; on the deals proved lost both ways, never more positions, and fewer on
    some: the rule fires."""
    compared = fewer = 0
    for rank, deals in ((0, range(1, 101)), (2, range(1, 61))):
        rules = KA.rules({"starting_rank": rank})
        runs = {}
        for deal in deals:
            pos = Position.dealt(deal, rules)
            runs[deal] = family.solve(pos, rules, max_states=20_000)
        with monkeypatch.context() as m:
            m.setattr(family, "_safe", family._game_safe)
            narrow = {deal: family.solve(Position.dealt(deal, rules), rules, max_states=20_000) for deal in deals}
        for deal in deals:
            a, b = runs[deal], narrow[deal]
            if UNKNOWN in (a.outcome, b.outcome):
                continue
            assert a.outcome == b.outcome, (rank, deal)
            bare = family.solve(Position.dealt(deal, rules), rules, max_states=20_000, prune=False)
            if bare.outcome != UNKNOWN:
                assert bare.outcome == a.outcome, (rank, deal)
            if a.outcome == UNSOLVABLE:
                compared += 1
                assert a.states <= b.states, (rank, deal)
                fewer += a.states < b.states
    assert compared >= 25 and fewer >= 10, (compared, fewer)  # measured: 30 and 15
