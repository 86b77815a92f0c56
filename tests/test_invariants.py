"""Properties that hold for any keys: nothing is lost, nothing raises, take-backs restore exactly."""

from __future__ import annotations

from collections import Counter

from conftest import baker_rules as baker
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.console.machine import KEYS
from baker8bit.core import cards
from baker8bit.freecell import moves
from baker8bit.freecell.game import Game
from baker8bit.games import KeyMachine

# Keys weighted towards the ones that do something in a Baker game.
USEFUL = list("ABCDEFGHIJKL") * 4 + list("TTTTPP") + ["SPACE"] * 4 + list(KEYS)
steps = st.lists(
    st.one_of(st.sampled_from(USEFUL), st.integers(min_value=1, max_value=150)),  # an int = frames to wait
    max_size=120,
)


def assert_legal_state(m: KeyMachine) -> None:
    if m.game is None:
        return
    g = m.game
    g.position.check(g.rules)  # every card exactly once, right numbers of columns and spaces
    assert Counter(g.position.all_cards()) == Counter(cards.deck(g.rules.suits))
    assert 0 <= g.takebacks_left <= g.rules.history and g.takebacks_left <= g.moves
    assert g.mark is None or g.mark >= 0
    v = m.view()
    assert v.moves == g.moves or v.phase == "prompt"
    assert (v.flashing is not None) == (m.phase == "flash")


@given(suits=st.sampled_from([2, 3, 4]), deal=st.integers(1, 2**31 - 1), seed=st.integers(0, 99), script=steps)
@settings(max_examples=300, deadline=None)
def test_any_key_sequence_leaves_a_legal_state(suits, deal, seed, script):
    m = KeyMachine(seed=seed, suits=suits, deal=deal)
    for step in script:
        if isinstance(step, int):
            for _ in range(step):
                m.tick()
        else:
            m.press(step)  # pressed whenever, also during flashes and group moves
            m.tick()
        assert_legal_state(m)


@st.composite
def games(draw):
    suits = draw(st.sampled_from([2, 3, 4]))
    g = Game.dealt(baker(suits), draw(st.integers(1, 2**31 - 1)))
    choices = draw(st.lists(st.integers(0, 10**6), max_size=80))
    return g, choices


@given(games())
@settings(max_examples=200, deadline=None)
def test_every_take_back_restores_the_exact_previous_state(case):
    g, choices = case
    trail = []
    for c in choices:
        legal = moves.legal_moves(g.position, g.rules)
        if not legal:
            break
        trail.append((g.position, g.moves, g.mark))
        g.make(legal[c % len(legal)])
        if c % 7 == 0:
            g.set_mark()
    while trail:
        assert g.take_back()
        pos, n, _ = trail.pop()
        assert g.position == pos and g.moves == n
    assert not g.take_back()


@given(suits=st.sampled_from([2, 3, 4]), deal=st.integers(1, 2**31 - 1),
       picks=st.lists(st.integers(0, 10**6), max_size=40))
@settings(max_examples=100, deadline=None)
def test_space_in_the_key_machine_restores_the_previous_position(suits, deal, picks):
    m = KeyMachine(suits=suits, deal=deal)
    for p in picks:
        legal = moves.legal_moves(m.game.position, m.game.rules)
        if not legal:
            break
        before = (m.game.position, m.game.moves)
        mv = legal[p % len(legal)]
        for k in mv.keys(m.rules):
            m.press(k)
            m.settle()
        if m.phase == "won":
            break
        assert m.game.moves == before[1] + 1
        m.press("SPACE")
        assert (m.game.position, m.game.moves) == before
        m.press(mv.keys(m.rules)[0])
        m.press(mv.keys(m.rules)[1])
        m.settle()
