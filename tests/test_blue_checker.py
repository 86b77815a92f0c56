"""The Blue checker and the exact counts, against a brute force that shares no search code."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from figures import line_of, page, rows, wilson

from baker8bit.core.outcome import SearchResult
from baker8bit.games.blue import checker, rules, study
from baker8bit.games.blue.rules import GAP, Layout

ROOT = Path(__file__).resolve().parent.parent


def brute_winnable(board: bytes, lay: Layout) -> bool:
    """Breadth-first over every reachable board, no pruning, moves by the rule read literally."""
    w = lay.width
    seen = {board}
    todo = [board]
    while todo:
        b = todo.pop()
        if all(b[r * w : r * w + lay.ranks] == bytes(range(b[r * w], b[r * w] + lay.ranks))
               and b[r * w + lay.ranks] == GAP for r in range(lay.suits)):
            return True
        for p, c in enumerate(b):
            if c == GAP or c & 15 == 1:
                continue
            for g in range(lay.size):
                if b[g] != GAP or g % w == 0:
                    continue
                if b[g - 1] == c - 1 or (g % w != w - 1 and b[g + 1] == c + 1 and c & 15 < lay.ranks):
                    nb = bytearray(b)
                    nb[p], nb[g] = GAP, c
                    if bytes(nb) not in seen:
                        seen.add(bytes(nb))
                        todo.append(bytes(nb))
    return False


def every_initial_layout(lay: Layout):
    """Every shuffle of the S*R cards laid out by the rules (so S! copies of each layout)."""
    for order in itertools.permutations(lay.cards()):
        yield rules.lay_out(list(order), lay)


@pytest.mark.parametrize("suits,ranks", [(2, 2), (2, 3)])
def test_exact_counts_confirmed_by_brute_force_over_every_shuffle(suits, ranks):
    lay = Layout(suits, ranks)
    cache: dict[bytes, bool] = {}
    shuffles = dealt = best = 0
    for b in every_initial_layout(lay):
        shuffles += 1
        wins = []
        for order in rules.orderings(lay):
            x = rules.with_aces(b, order, lay)
            if x not in cache:
                cache[x] = brute_winnable(x, lay)
            wins.append(cache[x])
        dealt += wins[0]
        best += any(wins)
    e = study.exact(lay)
    k = len(rules.orderings(lay))  # each layout comes from S! shuffles
    assert shuffles == e.layouts * k
    assert (dealt, best) == (e.dealt * k, e.best * k)


def test_the_seed_two_thirds_for_2x4():
    e = study.exact(Layout(2, 3))
    assert (e.layouts, e.dealt, e.best) == (360, 245, 282)  # 68.1 % as dealt: "about two thirds"


@pytest.mark.parametrize("suits,ranks", [(2, 3), (3, 2)])
def test_checker_agrees_with_exact_count_on_every_layout(suits, ranks):
    lay = Layout(suits, ranks)
    won = study.winnable_set(lay)
    for b in study.all_layouts(lay):
        d = checker.solve(b, lay)
        assert (d.outcome == checker.SOLVED) == (b in won)
        assert d.outcome != checker.UNKNOWN
        any_ = checker.solve_any(b, lay)
        assert (any_.outcome == checker.SOLVED) == any(
            study.relabel(b, p, lay) in won for p in rules.orderings(lay))


def replay_wins(b: bytes, lay: Layout, res: SearchResult) -> bool:
    g = rules.Game(lay, rules.with_aces(b, lay.dealt_aces(), lay))
    g.set_aces(res.detail["aces"])
    for m in res.moves:
        g.play(m)  # raises if a move is illegal
    return g.won()


def test_verdicts_against_brute_force_on_random_layouts():
    rng = random.Random(12)
    for _ in range(60):
        lay = Layout(rng.randint(2, 3), rng.randint(2, 4))
        b = rules.deal(rng.randint(1, 2**31 - 1), lay)
        order = tuple(rng.sample(range(lay.suits), lay.suits))
        res = checker.solve(b, lay, order)
        assert (res.outcome == checker.SOLVED) == brute_winnable(rules.with_aces(b, order, lay), lay)
        if res.outcome == checker.SOLVED:
            assert replay_wins(b, lay, res)
        best = checker.solve_any(b, lay)
        assert (best.outcome == checker.SOLVED) == any(
            brute_winnable(rules.with_aces(b, o, lay), lay) for o in rules.orderings(lay))
        if best.outcome == checker.SOLVED:
            assert replay_wins(b, lay, best)


def test_dead_position_test_never_kills_a_winnable_board():
    lay = Layout(2, 3)
    won = study.winnable_set(lay)
    for b in study.all_layouts(lay):
        if checker.stuck(b, lay):
            assert b not in won


def test_limits_give_unknown_and_full_size_finds_a_checked_win():
    b = rules.deal(1)
    assert checker.solve(b, rules.FULL, max_positions=50).outcome == checker.UNKNOWN
    res = checker.solve(rules.deal(5), rules.FULL, max_seconds=20)
    assert res.outcome == checker.SOLVED and replay_wins(rules.deal(5), rules.FULL, res)


def test_each_ordering():
    ans = checker.check_layout(rules.deal(7, Layout(2, 4)), Layout(2, 4), each=True)
    assert ans["dealt"].outcome == checker.UNSOLVABLE and ans["best"].outcome == checker.SOLVED
    assert set(ans["each"]) == {(0, 1), (1, 0)}


def test_wilson_interval():
    lo, hi = study.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)


def test_check_command(tmp_path, capsys):
    from baker8bit.cli import main
    from baker8bit.games.blue import gamefile

    assert main(["check", "blue", "--seed", "7", "--suits", "2", "--ranks", "4"]) == 0
    out = capsys.readouterr().out
    assert "aces as dealt  unsolvable" in out and "best ordering  solved" in out
    path = tmp_path / "g.blue"
    gamefile.save(rules.Game.dealt(7, Layout(2, 4)), path)
    assert main(["check", "blue", str(path), "--each"]) == 0
    path.write_text("junk\n")
    assert main(["check", "blue", str(path)]) == 2
    assert "line 1" in capsys.readouterr().err


def test_check_command_json_names_the_search(tmp_path, capsys, monkeypatch):
    import json

    from baker8bit.cli import main
    from baker8bit.core.compiled import search_name
    from baker8bit.games.blue import gamefile

    assert main(["check", "blue", "--seed", "7", "--suits", "2", "--ranks", "4", "--json", "--each"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["search"] == search_name("blue") and out["layout"] == "2x5"
    assert out["dealt"]["outcome"] == "unsolvable" and out["best"]["outcome"] == "solved"
    assert out["best"]["moves"] and all(">" in m for m in out["best"]["moves"])
    assert sorted(out["each"]) == ["CD", "DC"] and "current" not in out
    game = rules.Game.dealt(7, Layout(2, 4))
    game.set_aces((1, 0))  # a layout whose aces are reordered: a verdict for where it stands
    path = tmp_path / "g.blue"
    gamefile.save(game, path)
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    assert main(["check", "blue", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["search"] == "pure" and out["current"]["outcome"] in ("solved", "unsolvable")


def test_effort_adds_runs_in_the_same_memory_and_keeps_every_verdict():
    """``effort`` K lets the runs of a search keep K times the memory budget one after the
    other: more seeded tries, never more memory at once, and (runs being sound) the same
    verdicts on every 2x4 layout."""
    lay = Layout(2, 3)
    won = study.winnable_set(lay)
    for b in study.all_layouts(lay):
        want = checker.SOLVED if b in won else checker.UNSOLVABLE
        assert checker.solve(b, lay, effort=3, max_positions=40).outcome in (want, checker.UNKNOWN)
        assert checker.solve(b, lay, effort=2).outcome == want
    with pytest.raises(ValueError):
        checker.solve(rules.deal(1, lay), lay, effort=0)


def test_seeds_shake_other_runs_and_keep_every_verdict():
    """``seeds`` S: run k of the plan shakes its order with seed S + k (HELP's levels each take
    their own). The verdicts stay those of every 2x4 layout, aces as dealt and undecided; the
    runs differ (another win is found first on some layout); seeds 0 is the plain plan."""
    lay = Layout(2, 3)
    won = study.winnable_set(lay)
    differ = 0
    for b in study.all_layouts(lay):
        want = checker.SOLVED if b in won else checker.UNSOLVABLE
        plain = checker.solve(b, lay, max_positions=6, effort=4)
        other = checker.solve(b, lay, max_positions=6, effort=4, seeds=1 << 20)
        assert other.outcome in (want, checker.UNKNOWN) and plain.outcome in (want, checker.UNKNOWN)
        assert checker.solve(b, lay, seeds=1 << 20).outcome == want
        if other.outcome == checker.SOLVED:
            assert replay_wins(b, lay, other)
        differ += (plain.outcome, plain.moves) != (other.outcome, other.moves)
        again = checker.solve(b, lay, max_positions=6, effort=4, seeds=0)
        assert (again.outcome, again.moves, again.positions) == (plain.outcome, plain.moves, plain.positions)
    assert differ
    best = checker.solve_any(rules.deal(5, lay), lay, seeds=3 << 20)
    assert best.outcome == checker.solve_any(rules.deal(5, lay), lay).outcome


def test_effort_decides_a_full_size_deal_one_try_leaves_unknown():
    # deal 45 as dealt: unknown after the runs of one budget of 2 million positions, won
    # by the further runs of four (each run still keeps at most 2 million)
    b = rules.deal(45)
    one = checker.solve(b, rules.FULL, max_positions=2_000_000, effort=1)
    four = checker.solve(b, rules.FULL, max_positions=2_000_000, effort=4)
    assert one.outcome == checker.UNKNOWN
    assert four.outcome == checker.SOLVED and replay_wins(b, rules.FULL, four)


def test_check_command_effort(capsys):
    from baker8bit.cli import main

    assert main(["check", "blue", "--seed", "7", "--suits", "2", "--ranks", "4", "--effort", "2"]) == 0
    assert "best ordering  solved" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        main(["check", "blue", "--seed", "7", "--effort", "0"])
    assert e.value.code == 2
    assert "effort must be a whole number" in capsys.readouterr().err


def test_check_command_memory_the_machine_cannot_give(monkeypatch, capsys):
    from baker8bit.cli import main

    def refuse(*_a, **_k):
        raise MemoryError("no room for a table of 9000000000 positions")

    monkeypatch.setattr(checker, "check_layout", refuse)
    assert main(["check", "blue", "--seed", "3", "--memory", "600G"]) == 1  # as solve's: cli.py says it
    assert capsys.readouterr().err.splitlines() == [
        "baker8bit: not enough memory for this search: ask for less --memory"]  # check has no --max-states


def test_a_positions_budget_alone_is_the_same_for_both_searches():
    # so a sample made with a positions budget reproduces with or without the compiled module
    assert checker._limits(rules.FULL, None, 7_354_396) == 7_354_396
    assert checker._limits(rules.FULL, None, None) == checker.DEFAULT_MEMORY // checker.position_bytes(rules.FULL)
    assert checker._limits(rules.FULL, 2**20, 10**9) == 2**20 // checker.position_bytes(rules.FULL)


def test_the_published_full_size_best_ordering_count_is_the_readmes():
    """docs/results: the 1000-deal sample's best-ordering verdicts, then the per-ordering recheck of
    its unknowns, then the recheck of those still unknown with the blocker's move order, then of
    those still unknown with four times the work: the README's share and interval, and
    docs/games/blue.md's, are what the four files give."""
    best = {int(r["deal"]): r["best"] for r in _doc_rows("blue-sample-4x13-default.csv")}
    assert sorted(best) == list(range(1, 1001))
    for r in _doc_rows("blue-recheck-4x13.csv"):
        if r["verdict"] == "best":
            assert best[int(r["deal"])] == "unknown"
            best[int(r["deal"])] = r["after"]
    again = _doc_rows("blue-recheck-4x13-opens.csv")
    assert sorted(int(r["deal"]) for r in again) == sorted(d for d, v in best.items() if v == "unknown")
    for r in again:
        best[int(r["deal"])] = r["best"]
    harder = _doc_rows("blue-recheck-4x13-effort16.csv")  # four times the work (issue 22)
    assert sorted(int(r["deal"]) for r in harder) == sorted(d for d, v in best.items() if v == "unknown")
    for r in harder:
        best[int(r["deal"])] = r["best"]
    solved = sum(v == "solved" for v in best.values())
    lo, hi = (f"{100 * x:.1f}" for x in wilson(solved, 1000))
    said = f"and {solved / 10:.1f}% [{lo}, {hi}] with the best ordering of the aces, none proved unsolvable"
    assert said in line_of("README.md", "- **Blue**:"), said
    assert f"**{solved / 10:.1f} %** [{lo}, {hi}] | 0.0 % | **{100 - solved / 10:.1f} %**" in page("docs/games/blue.md")
    assert not [v for v in best.values() if v == "unsolvable"]


def _doc_rows(name: str) -> list[dict]:
    """The rows of a CSV in docs/results."""
    return rows(name)


def test_the_published_full_size_dealt_count_is_the_readmes():
    """docs/results: the 1000-deal sample's verdicts with the aces as dealt, then the recheck of the
    deals it left unknown with four times the work, the aces as dealt only (the study's dealt
    mode): every unknown deal was checked again, a dealt win is a best-ordering win, the best
    ordering is not checked otherwise, and the README's share and interval, and
    docs/games/blue.md's, are what the two files give."""
    dealt = {int(r["deal"]): r["dealt"] for r in _doc_rows("blue-sample-4x13-default.csv")}
    again = _doc_rows("blue-recheck-4x13-dealt-effort16.csv")
    assert sorted(int(r["deal"]) for r in again) == sorted(d for d, v in dealt.items() if v == "unknown")
    for r in again:
        assert r["best"] == ("solved" if r["dealt"] == "solved" else "-")
        assert r["dealt"] != "solved" or int(r["moves"]) > 0
        dealt[int(r["deal"])] = r["dealt"]
    solved = sum(v == "solved" for v in dealt.values())
    lo, hi = (f"{100 * x:.1f}" for x in wilson(solved, 1000))
    said = f"at least {solved / 10:.1f}% [{lo}, {hi}] of full-size deals 1-1000 can be won with the aces as dealt"
    assert said in line_of("README.md", "- **Blue**:"), said
    assert f"**{solved / 10:.1f} %** [{lo}, {hi}] | 0.0 % | **{100 - solved / 10:.1f} %**" in page("docs/games/blue.md")
    assert not [v for v in dealt.values() if v == "unsolvable"]


def _first_small_deal(lay: Layout, dealt: str) -> int:
    """The first deal number of ``lay`` whose aces as dealt give ``dealt`` (the checker)."""
    for d in range(1, 500):
        if checker.solve(rules.deal(d, lay), lay, lay.dealt_aces()).outcome == dealt:
            return d
    raise AssertionError(f"no {lay.name} deal with the aces as dealt {dealt}")


def test_a_dealt_only_recheck_checks_the_dealt_aces_and_leaves_best_unchecked():
    """The study's ``dealt`` mode (a recheck of the deals unknown as dealt): a deal the dealt
    aces win is a win for the best ordering too; a deal they do not win has its best ordering
    unchecked ("-"), not counted as unknown, and the summary has no best line for it."""
    lay = Layout(3, 3)
    lost, won = _first_small_deal(lay, checker.UNSOLVABLE), _first_small_deal(lay, checker.SOLVED)
    r_lost = study.check_task(study.Task(3, 3, lost, None, None, dealt_only=True))
    both = study.check_task(study.Task(3, 3, lost, None, None))
    assert (r_lost.dealt, r_lost.best, r_lost.best_aces, r_lost.best_by) == (checker.UNSOLVABLE, "-", "-", "")
    assert both.dealt == checker.UNSOLVABLE and both.best != "-"  # the full check goes on to every ordering
    r_won = study.check_task(study.Task(3, 3, won, None, None, dealt_only=True))
    assert (r_won.dealt, r_won.best) == (checker.SOLVED, checker.SOLVED) and r_won.moves > 0
    alone = study.summary([r_lost]).splitlines()[1:]
    assert [line.split()[2] for line in alone] == ["dealt"]  # no best line: nothing checked it

    def counted(rows, which):
        line = next(x for x in study.summary(rows).splitlines()[1:] if x.split()[2] == which)
        return int(line.split()[1])

    assert counted([r_lost, r_won], "dealt") == 2
    assert counted([r_lost, r_won], "best") == 1  # only the row whose dealt aces won checked it
    assert counted([r_lost, r_won, both], "best") == 2


def test_the_study_refuses_an_unknown_mode_in_one_line():
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "baker8bit.games.blue.study", "2", "3", "1", "1", "none", "none",
                        "1", "none", "some"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().splitlines() == ["baker8bit: the study's ninth argument is both or dealt, not 'some'"]
