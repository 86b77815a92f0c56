"""tools/decide_large.py: a deal a process, its win replayed through `keys`, resumable."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from baker8bit import games
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import solve

TOOL = Path(__file__).resolve().parent.parent / "tools" / "decide_large.py"


def run(out: Path, deals: str, *extra: str) -> list[dict]:
    subprocess.run([sys.executable, str(TOOL), "--game", "king-albert", "--deals", deals,
                    "--max-states", "300000", "--out", str(out), *extra], check=True, capture_output=True, text=True)
    with out.open(newline="") as f:
        return list(csv.DictReader(f))


def test_each_deal_is_decided_as_solve_decides_it_and_each_win_replays(tmp_path):
    out = tmp_path / "large.csv"
    rows = run(out, "1,2")
    rules = games.get("king-albert").rules({})
    for row in rows:
        found = solve(Position.dealt(int(row["deal"]), rules), rules, max_states=300_000)
        assert (row["outcome"], int(row["states"])) == (found.outcome, found.states)
        assert row["keys_win"] == ("yes" if found.outcome == "solved" else "")
        assert int(row["peak_mb"]) > 0
    assert [r["outcome"] for r in rows] == ["solved", "unsolvable"]


def test_with_memory_the_table_forgets_and_the_rows_say_how_much(tmp_path):
    """``--memory``: solve's table that forgets (1M: 26,214 slots, room for deal 2's 4,991
    positions and deal 5's 17,126; the forgetting itself is tests/test_forgetting_table.py's):
    the rows add the memory and the positions forgotten, the verdicts are the exact search's
    and the win types to WINNER."""
    from baker8bit.freecell.solver import choose

    rules = games.get("king-albert").rules({})
    if choose.search_name(rules) != "compiled":
        pytest.skip("--memory needs the compiled search")
    rows = run(tmp_path / "forget.csv", "2,5", "--memory", "1M")
    for row in rows:
        found = solve(Position.dealt(int(row["deal"]), rules), rules, max_states=300_000)
        assert row["outcome"] == found.outcome and row["memory"] == "1M" and int(row["forgotten"]) >= 0
        assert row["keys_win"] == ("yes" if found.outcome == "solved" else "")
    assert [r["outcome"] for r in rows] == ["unsolvable", "solved"]


def test_a_second_run_keeps_the_rows_and_decides_only_the_new_deals(tmp_path):
    out = tmp_path / "large.csv"
    first = run(out, "2")
    again = run(out, "2,3")
    assert again[: len(first)] == first and [r["deal"] for r in again] == ["2", "3"]


def test_the_published_large_budget_runs_agree_with_the_survey_table():
    """docs/results/king-albert-r0-large.csv (deals the survey left unknown, decided at up to
    120,000,000 positions): each win was replayed through `keys`, and the survey's rows for
    deals 1..1000 carry the same verdicts and counts."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "results"
    with (docs / "king-albert-r0-large.csv").open(newline="") as f:
        large = {int(r["deal"]): r for r in csv.DictReader(f)}
    with (docs / "king-albert-survey-r0.csv").open(newline="") as f:
        survey = {int(r["deal"]): r for r in csv.DictReader(f)}
    assert all(r["keys_win"] == "yes" for r in large.values() if r["outcome"] == "solved")
    assert all(int(r["states"]) >= 8_000_000 for r in large.values())  # past the survey's cap
    for deal, r in large.items():
        if deal <= 1000:
            assert (survey[deal]["outcome"], survey[deal]["states"]) == (r["outcome"], r["states"])
    assert sorted(survey) == list(range(1, 1001))
    assert not [d for d, r in survey.items() if r["outcome"] == "unknown"]
