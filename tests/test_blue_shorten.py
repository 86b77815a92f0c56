"""Blue solutions a player can type, and shorter: ``shorten.py``, ``solve --game blue`` keys
replayed through ``keys --game blue``, the ace swaps of the best ordering, the survey's proof run
and ``--resume`` (docs/games/blue.md, "Shorter solutions" and "Every deal decided")."""

from __future__ import annotations

import csv
import json

import pytest
from conftest import cli  # noqa: E402  (baker8bit ARGV in this process)
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.games.blue import checker, rules, shorten, study
from baker8bit.games.blue.demo import ace_swaps
from baker8bit.games.blue.rules import FULL, Layout


def replays(start: bytes, moves, lay: Layout) -> bool:
    g = rules.Game(lay, start)
    for m in moves:
        g.play(m)  # RulesError if a move is not legal
    return g.won()


def test_shortened_full_size_wins_replay_and_are_never_longer():
    """Every full-size deal of 1..12 the checker wins within 200,000 positions a run (most of
    them), shortened: the line still wins and is never longer."""
    won = 0
    for deal in range(1, 13):
        board = rules.deal(deal)
        res = checker.solve(board, FULL, max_positions=200_000)
        if res.outcome != checker.SOLVED:
            continue
        won += 1
        short = shorten.shorten(board, res.moves, FULL)
        assert replays(board, short, FULL)
        assert len(short) <= len(res.moves)
    assert won >= 6


def test_shortening_cuts_full_size_lines():
    """Over deals 1..8 the cut lines are shorter in all (the search's lines wander)."""
    before = after = 0
    for deal in range(1, 9):
        board = rules.deal(deal)
        res = checker.solve(board, FULL, max_positions=200_000)
        if res.outcome == checker.SOLVED:
            before += len(res.moves)
            after += len(shorten.shorten(board, res.moves, FULL))
    assert 0 < after < before


def _cycle_back(start: bytes, lay: Layout, depth: int = 6):
    """Moves from ``start`` that come back to it (a cycle of the move graph), or None."""
    from collections import deque

    todo = deque([(start, [])])
    seen = {start}
    while todo:
        b, path = todo.popleft()
        if len(path) == depth:
            continue
        for m in rules.moves(b, lay):
            nb = rules.apply(b, m)
            if nb == start:
                return path + [m]
            if nb not in seen:
                seen.add(nb)
                todo.append((nb, path + [m]))
    return None


def test_a_cycle_and_a_detour_are_cut():
    """A line that goes round a cycle back to its start, then wins, loses the cycle; a
    detour longer than the way the search knows is cut too."""
    lay = Layout(2, 4)
    for deal in range(1, 200):
        start = rules.deal(deal, lay)
        win = checker.solve(start, lay)
        loop = _cycle_back(start, lay)
        if win.outcome == checker.SOLVED and loop:
            break
    else:
        pytest.fail("no 2x5 deal with a cycle through its start")
    short = shorten.shorten(start, loop + win.moves, lay)
    assert replays(start, short, lay) and len(short) <= len(win.moves) < len(loop + win.moves)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10_000), st.integers(0, 30))
def test_random_walks_to_a_win_shorten_to_legal_lines(seed, extra):
    """A win padded with legal wandering (random moves, then the way back found by the search)
    shortens to a legal line to the same won board, never longer."""
    import random

    lay = Layout(2, 4)
    rng = random.Random(seed)
    start = rules.deal(seed, lay)
    b, walk = start, []
    for _ in range(extra):
        ms = rules.moves(b, lay)
        if not ms:
            break
        m = rng.choice(ms)
        walk.append(m)
        b = rules.apply(b, m)
    res = checker.solve(b, lay)
    if res.outcome != checker.SOLVED:
        return
    line = walk + res.moves
    short = shorten.shorten(start, line, lay)
    assert replays(start, short, lay) and len(short) <= len(line)
    assert shorten.boards_of(start, short)[-1] == shorten.boards_of(start, line)[-1]


@pytest.mark.parametrize("have,want", [((0, 1, 2, 3), (2, 3, 0, 1)), ((0, 1, 2, 3), (0, 1, 2, 3)),
                                       ((3, 2, 1, 0), (0, 1, 2, 3))])
def test_ace_swaps_reach_the_wanted_ordering(have, want):
    order = list(have)
    for key in ace_swaps(have, want, FULL):
        a, b = "ABCD".index(key[0]), "ABCD".index(key[2])
        assert key[1] == key[3] == "A"
        order[a], order[b] = order[b], order[a]
    assert tuple(order) == want


@pytest.mark.parametrize("deal", [1, 2, 5, 6])
def test_solve_keys_replay_to_a_win(deal):
    code, out, err = cli("solve", "--game", "blue", "--deal", str(deal), "--json", "--max-states", "300000")
    answer = json.loads(out)
    if answer["outcome"] != checker.SOLVED:
        pytest.skip("not won within the budget")
    assert answer["moves"] == len(answer["solution"]) - 1 - answer["solution"].index("P")
    code, out, err = cli("keys", "--game", "blue", "--deal", str(deal), " ".join(answer["solution"]))
    assert code == 0 and out.rstrip().endswith("WINNER"), err


def test_solve_reorders_the_aces_when_the_dealt_ones_find_no_win():
    """Deal 3 at full size: no win as dealt within the budget; with the best ordering, ace swaps
    first, then ``P`` and the moves, and ``keys`` plays them to a win."""
    code, out, err = cli("solve", "--game", "blue", "--deal", "3", "--json", "--max-states", "500000")
    answer = json.loads(out)
    assert checker.solve(rules.deal(3), FULL, max_positions=500_000).outcome != checker.SOLVED
    assert answer["outcome"] == checker.SOLVED
    keys = answer["solution"]
    swaps = keys[: keys.index("P")]
    assert swaps and all(k[1] == k[3] == "A" for k in swaps)
    code, out, err = cli("keys", "--game", "blue", "--deal", "3", " ".join(keys))
    assert code == 0 and out.rstrip().endswith("WINNER"), err


def test_proof_run_decides_what_the_plan_leaves_unknown():
    """4x6 deal 79 as dealt: the plan at 1,000 positions a run ends unknown; a proof run of
    1M bytes exhausts the space: unsolvable, the method names that run and its size."""
    lay = Layout(4, 5)
    b = rules.deal(79, lay)
    assert checker.solve(b, lay, max_positions=1000).outcome == checker.UNKNOWN
    res = checker.solve(b, lay, max_positions=1000, proof_memory=1024 * 1024)
    assert res.outcome == checker.UNSOLVABLE and res.method.startswith("proof run, exhaustive: ")
    n = int(res.method.split(": ")[1].split()[0])
    assert checker._search(b, lay, 10**6, None, True) == (checker.UNSOLVABLE, [], n)


def test_survey_resume_keeps_rows_and_checks_the_others(tmp_path):
    f = tmp_path / "s.csv"
    code, out, err = cli("survey", "--game", "blue", "--suits", "4", "--ranks", "5", "--deals", "76-77",
                         "--out", str(f), "--max-states", "1000")
    assert code == 0
    first = f.read_text()
    code, out, err = cli("survey", "--game", "blue", "--suits", "4", "--ranks", "5", "--deals", "76-79",
                         "--out", str(f), "--resume", "--max-states", "1000", "--proof-memory", "1M")
    assert code == 0 and f.read_text().startswith(first)
    rows = list(csv.DictReader(f.open()))
    assert [int(r["deal"]) for r in rows] == [76, 77, 78, 79]
    assert rows[3]["dealt"] == checker.UNSOLVABLE and rows[3]["dealt_by"].startswith("proof run, exhaustive")
    assert study.read_rows(str(f))[3].dealt_by == rows[3]["dealt_by"]


@pytest.mark.parametrize("text", ["kept\n", "suits,ranks,deal,dealt,best,best_aces,moves,positions,seconds\n4,x\n"])
def test_survey_resume_refuses_a_file_that_is_not_a_blue_survey(tmp_path, text):
    f = tmp_path / "s.csv"
    f.write_text(text)
    code, out, err = cli("survey", "--game", "blue", "--deals", "1", "--out", str(f), "--resume")
    assert code == 2 and err.startswith("baker8bit: cannot resume: ") and len(err.strip().splitlines()) == 1
    assert f.read_text() == text


def test_proof_memory_is_blue_only_and_checked():
    code, out, err = cli("survey", "--game", "blue", "--deals", "1", "--proof-memory", "lots")
    assert code == 2 and "--proof-memory" in err
    code, out, err = cli("survey", "--game", "king-albert", "--deals", "1", "--proof-memory", "1G")
    assert code == 2 and "--proof-memory" in err


def test_every_ordering_proven_unsolvable_is_a_proof_for_the_best(monkeypatch):
    """A 3x4 layout no ordering wins: with a budget the undecided search cannot exhaust, the
    tries of each ordering (here a run as large as the budget) prove all six: unsolvable, as the
    unpruned retrograde count says; compiled and pure give the same result."""
    lay = Layout(3, 3)
    b = rules.parse_board("AC -- 3C --\nAD -- 2D 2C\nAH 3H 3D 2H", lay)
    won = study.winnable_set(lay)
    assert not any(study.relabel(b, p, lay) in won for p in rules.orderings(lay))
    monkeypatch.setattr(checker, "ORDERING_SHARE", 1)
    assert checker._search_with_restarts(bytes([255 if i % 4 == 0 else c for i, c in enumerate(b)]), lay, 16,
                                         None, True, 16)[0] == checker.UNKNOWN
    res = checker.solve_any(b, lay, max_positions=16, effort=1)
    assert res.outcome == checker.UNSOLVABLE and res.method.startswith("every ordering exhaustive: ")
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    pure = checker.solve_any(b, lay, max_positions=16, effort=1)
    assert (pure.outcome, pure.positions, pure.method) == (res.outcome, res.positions, res.method)


@pytest.mark.parametrize("pure", [False, True])
def test_an_ordering_tried_alone_wins_what_the_undecided_search_leaves_unknown(pure, monkeypatch):
    """Full-size deal 6: no win with the aces undecided within 40,000 positions a run; tried
    one ordering at a time (2,500 a run) one wins; the moves replay with that ordering, and the
    compiled and the pure search give the same answer."""
    if pure:
        monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    board = rules.deal(6)
    plain = checker.solve_any(board, FULL, max_positions=40_000, orderings=False)
    res = checker.solve_any(board, FULL, max_positions=40_000)
    assert plain.outcome == checker.UNKNOWN and res.outcome == checker.SOLVED
    assert res.method.startswith("ordering ") and replays(rules.with_aces(board, res.aces, FULL), res.moves, FULL)
    if pure:
        monkeypatch.delenv("BAKER8BIT_PURE_SOLVER")
        fast = checker.solve_any(board, FULL, max_positions=40_000)
        assert (fast.moves, fast.aces, fast.positions, fast.method) == (res.moves, res.aces, res.positions, res.method)
