"""The Blue checker's restarts: Luby's plan, seeded move orders that never change a
verdict, and reproducible wins at full size (docs/games/blue.md, "The checker")."""

from __future__ import annotations

import pytest
from conftest import sides_ended

from baker8bit.games.blue import checker, restarts, rules, study
from baker8bit.games.blue.rules import Layout


def test_luby_sequence():
    assert [restarts.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    with pytest.raises(ValueError):
        restarts.luby(0)


def test_luby_caps_go_on_without_end_and_never_pass_the_cap():
    from itertools import islice

    caps = list(islice(restarts.luby_caps(2000, unit=500), 15))
    assert caps == [500, 500, 1000, 500, 500, 1000, 2000, 500, 500, 1000, 500, 500, 1000, 2000, 2000]
    assert list(islice(restarts.luby_caps(10**9), 7)) == [restarts.UNIT * x for x in (1, 1, 2, 1, 1, 2, 4)]


@pytest.mark.parametrize("orderings,cores", [(0, 1), (50, 1), (100, 1), (50, 2)])
@pytest.mark.parametrize("suits,ranks", [(2, 3), (2, 4), (3, 3)])
def test_a_plan_checked_at_levels_decides_as_the_checker_and_only_once(suits, ranks, orderings, cores):
    """``checker.solve_by_levels``: on every small layout's deals 1..20, the verdict (a win
    replayed through the rules, or a proof) is the checker's, it comes at the first budget the
    positions reach, each earlier budget says unknown, and nothing follows a verdict; with the
    plans of the orderings beside the undecided one (``orderings`` percent), or alone (100: a
    proof is then one for every ordering), or beside it on a core of their own (``cores`` 2)."""
    lay = Layout(suits, ranks)
    for deal in range(1, 21):
        board = rules.deal(deal, lay)
        ref = checker.solve_any(board, lay, max_positions=10**6, orderings=False)
        budgets = (1, 10, 100, 1000, 10**6)
        got = list(checker.solve_by_levels(board, lay, budgets, any_aces=True, cap=10**6, orderings=orderings,
                                           cores=cores))
        last = got[-1]
        assert last.outcome == ref.outcome != checker.UNKNOWN, deal
        assert all(r.outcome == checker.UNKNOWN for r in got[:-1])
        assert len(got) == 1 or got[-2].positions >= budgets[len(got) - 2]
        if last.outcome == checker.SOLVED:
            g = rules.Game(lay, rules.with_aces(board, last.detail["aces"], lay))
            for mv in last.moves:
                g.play(mv)
            assert rules.won(g.board, lay)


@pytest.mark.parametrize("first", [1, 7])
def test_two_cores_run_the_undecided_plan_and_the_orderings_plans_each_with_every_budget(first):
    """``cores=2`` (Blue's HELP, the timing's ``help_cores``): at each level, the undecided plan
    alone (``orderings=0``) if it decided, else the orderings' plans alone (``orderings=100``), with
    the positions of both. Full-size deals, budgets of the first 40 frames: some decided by one
    side, some by the other."""
    from baker8bit.console.thinking import EVERY_FRAME

    budgets = tuple(26_000 * f for f in EVERY_FRAME[:40])
    sides = set()
    for deal in range(first, first + 6):
        board = rules.deal(deal, rules.FULL)

        def levels(board=board, **kw):
            return list(checker.solve_by_levels(board, rules.FULL, budgets, any_aces=True, cap=250_000, **kw))

        alone, orders, both = levels(orderings=0), levels(orderings=100), levels(orderings=50, cores=2)
        assert len(both) == min(len(alone), len(orders))
        for a, o, b in zip(alone, orders, both, strict=False):
            assert b.positions == a.positions + o.positions
            want = a if a.decided else o
            assert (b.outcome, b.moves, b.detail["aces"], b.detail["method"]) == (
                want.outcome, want.moves, want.detail["aces"], want.detail["method"])
        sides.add("undecided" if alone[len(both) - 1].decided else "orderings" if both[-1].decided else "neither")
    assert sides >= {"undecided", "orderings"}


def test_two_cores_with_the_plain_search_take_the_sides_in_turn_with_the_same_levels(monkeypatch):
    """The plain-Python search holds Python's lock, so on two cores its sides take their levels in
    turn in the caller's thread (threads would only wait for each other); the levels are the
    compiled search's. Full-size deals 2 (the undecided plan wins) and 5 (an ordering's plan)."""
    import threading

    from baker8bit.games.blue import search

    budgets = tuple(26_000 * f for f in range(1, 9))
    boards = [rules.deal(d, rules.FULL) for d in (2, 5)]

    def levels(board):
        return [(r.outcome, r.moves, r.positions, r.detail["aces"], r.detail["method"])
                for r in checker.solve_by_levels(board, rules.FULL, budgets, any_aces=True, cap=250_000,
                                                 orderings=50, cores=2)]

    compiled = [levels(b) for b in boards]
    assert all(got[-1][0] == checker.SOLVED for got in compiled)
    sides_ended()  # the compiled sides end the level they are in
    threads, plain = set(), search.run

    def run(*a, **k):
        threads.add(threading.current_thread().name)
        return plain(*a, **k)

    monkeypatch.setattr(search, "implementation", lambda pure=None: search)
    monkeypatch.setattr(search, "run", run)
    assert [levels(b) for b in boards] == compiled
    assert threads == {threading.current_thread().name}


@pytest.mark.parametrize("budget", [1, 50, 2000, 9999, 100_000, 4_161_000])
def test_plan_spends_the_budget_and_keeps_a_long_last_run(budget):
    caps = list(restarts.plan(budget))
    assert sum(caps) == budget and all(c > 0 for c in caps[:-1])
    assert sum(caps[:-1]) <= budget * restarts.FRACTION
    assert caps[-1] >= budget * (1 - restarts.FRACTION)


@pytest.mark.parametrize("suits,ranks", [(2, 3), (3, 2), (2, 4)])
def test_seeded_orders_give_the_same_verdicts_on_every_layout(suits, ranks):
    """A shaken move order changes which win is found first, never a verdict: with the
    plain order and two seeds, on every 2x4, 3x3 and 2x5 layout, against the unpruned
    reference, with the dead-position test on and off."""
    lay = Layout(suits, ranks)
    won = study.winnable_set(lay)
    lim = checker._limits(lay, None, None)
    for b in study.all_layouts(lay):
        want = checker.SOLVED if b in won else checker.UNSOLVABLE
        for seed in (None, 1, 7):
            for prune in (True, False):
                outcome, path, _n = checker._search(b, lay, lim, None, prune, seed)
                assert outcome == want
                if path:
                    g = rules.Game(lay, b)
                    for m in path:
                        g.play(m)
                    assert g.won()


def test_small_caps_restart_and_still_prove():
    """Runs capped below the reachable space end unknown and are restarted; the last,
    long run exhausts it, so an unsolvable layout is still proven so (4x6 deal 78:
    7,161 reachable positions; the short runs of a 20,000 plan keep at most 2,000)."""
    lay = Layout(4, 5)
    b = rules.deal(78, lay)
    assert not checker.stuck(b, lay)
    assert checker._search(b, lay, 10**6, None, False)[:2] == (checker.UNSOLVABLE, [])
    assert checker._search(b, lay, 2000, None, False)[0] == checker.UNKNOWN
    outcome, _path, _n = checker._search_with_restarts(b, lay, 20_000, None, False)
    assert outcome == checker.UNSOLVABLE


def test_full_size_wins_are_reproducible_and_replay():
    """Deal 2 as dealt: unknown for one plain run of 100,000 positions, won by the
    restarts within the same budget, with the same moves every time."""
    b = rules.deal(2)
    assert checker._search(b, rules.FULL, 100_000, None, False)[0] == checker.UNKNOWN
    one = checker.solve(b, rules.FULL, max_positions=100_000)
    two = checker.solve(b, rules.FULL, max_positions=100_000)
    assert one.outcome == checker.SOLVED and one.moves == two.moves and one.positions == two.positions
    g = rules.Game(rules.FULL, b)
    for m in one.moves:
        g.play(m)
    assert g.won()


@pytest.mark.parametrize("budget,work", [(1, 1), (2000, 9000), (100_000, 400_000), (7_354_396, 29_417_584)])
def test_plan_with_more_work_never_keeps_more_at_once(budget, work):
    caps = list(restarts.plan(budget, work=work))
    assert all(0 < c <= budget for c in caps)
    assert sum(caps) <= work
    assert caps[-1] == min(budget, work - sum(caps[:-1]))
    assert caps[-1] >= budget * (1 - restarts.FRACTION)
    # the short runs follow Luby's sequence, capped at the budget
    assert caps[:-1] == [min(restarts.luby(i) * restarts.UNIT, budget) for i in range(1, len(caps))]


def test_plan_without_work_is_the_plan_of_one_budget():
    assert list(restarts.plan(50_000)) == list(restarts.plan(50_000, work=50_000))
    assert len(list(restarts.plan(50_000, work=200_000))) > len(list(restarts.plan(50_000)))


def test_the_orderings_share_is_a_percentage():
    board = rules.deal(1, Layout(2, 3))
    with pytest.raises(ValueError, match="percentage"):
        next(checker.solve_by_levels(board, Layout(2, 3), (10,), any_aces=True, cap=100, orderings=101))
