"""Settling McCarthy's claim: every win the clairvoyant search reports replays through
``baker8bit keys`` (a sample of deals), the study names the search that ran, and the sampling
player sees only what a player sees (the multiset of unseen cards, never their order)."""

from __future__ import annotations

import csv
import random

import pytest
from conftest import cli  # noqa: E402  (baker8bit ARGV in this process)

from baker8bit.games.sequence import players as pl
from baker8bit.games.sequence import solver
from baker8bit.games.sequence.rules import State, deal


@pytest.mark.parametrize("d", [2, 8, 11, 19, 23, 40, 3003, 3005])  # deals the search wins within 200,000
def test_solve_prints_keys_that_keys_replays_to_a_win(d):
    code, out, err = cli("solve", "--game", "sequence", "--deal", str(d), "--max-states", "200000")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "solved", out
    code, played, err = cli("keys", "--game", "sequence", "--deal", str(d), lines[1])
    assert code == 0, err
    assert played.rstrip().endswith("WINNER")


def test_a_win_is_a_move_list_that_replays():
    for d in range(1, 31):
        r = solver.solve(State.dealt(d), 100_000, seed=d)
        if r.outcome == "solved":
            s = State.dealt(d)
            for m in r.moves:
                s = s.apply(m)
            assert s.won()


def test_the_study_csv_names_the_search(tmp_path):
    out = tmp_path / "s.csv"
    code, _, err = cli("study", "sequence", "--strategy", "clairvoyant", "best", "--deals", "2-3",
                       "--workers", "1", "--max-states", "20000", "--out", str(out))
    assert code == 0, err
    rows = list(csv.DictReader(out.open()))
    assert {r["search"] for r in rows if r["strategy"] == "clairvoyant"} == {solver.implementation_name()}
    assert {r["search"] for r in rows if r["strategy"] == "best"} == {"none"}


def positions(count: int) -> list[State]:
    out = []
    rng = random.Random(5)
    for d in range(1, count + 1):
        s = State.dealt(d)
        for _ in range(rng.randrange(5, 40)):
            legal = s.legal_moves()
            if not legal:
                break
            s = s.apply(rng.choice(legal))
        if s.legal_moves() and s.deck:
            out.append(s)
    return out


def test_the_sampling_player_never_looks_at_the_order_of_the_deck():
    p = pl.Sampling(samples=4, max_states=100)
    for s in positions(12):
        shuffled = list(s.deck)
        random.Random(len(shuffled)).shuffle(shuffled)
        other = s._replace(deck=tuple(shuffled))
        assert p.next_move(s, random.Random(7)) == p.next_move(other, random.Random(7))


def test_the_sampling_player_plays_legal_deterministic_games():
    p = pl.player("sampling", samples=4)
    a, b = p.play(deal(3), 3), p.play(deal(3), 3)
    assert (a.outcome, a.moves) == (b.outcome, b.moves)
    s = State.dealt(3)
    for m in a.moves:
        s = s.apply(m)
    assert s.won() == a.won and a.outcome in ("won", "lost")


def test_held_out_deals_decide_at_the_default_budget():
    """Deals 3001-3010 (never used to tune anything) at ``solve``'s default budget: every one
    decided, each win replaying through ``keys`` (compiled search: its default is 5,000,000)."""
    from baker8bit.games.sequence import variant

    if solver.implementation_name() != "compiled":
        pytest.skip("the plain-Python default budget (200,000) is a fifth of a second's worth of tries")
    v = variant.VARIANT
    for d in range(3001, 3011):
        r = v.solve(State.dealt(d), v.rules())
        assert r.outcome in ("solved", "unsolvable"), (d, r.outcome)
        if r.outcome == "solved":
            code, played, err = cli("keys", "--game", "sequence", "--deal", str(d), " ".join(r.keys))
            assert code == 0 and played.rstrip().endswith("WINNER"), err
