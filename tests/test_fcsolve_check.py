"""tools/fcsolve_check.py: a survey's verdicts against fc-solve's, fc-solve's wins typed through `keys`."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from conftest import need_fcsolve

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fcsolve_check.py"
FIELDS = ("game", "deal", "outcome", "moves", "states", "seconds", "search")


def survey_csv(path: Path, outcomes: dict[int, str]) -> None:
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        for deal, outcome in outcomes.items():
            w.writerow({"game": "king-albert", "deal": deal, "outcome": outcome, "moves": 0, "states": 1,
                        "seconds": 0, "search": "compiled"})


def run(survey: Path, out: Path, deals: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), "--csv", str(survey), "--deals", deals,
                           "--max-iters", "300000", "--out", str(out)], capture_output=True, text=True)


def test_true_verdicts_agree_and_fc_solves_wins_replay(tmp_path):
    need_fcsolve()
    survey, out = tmp_path / "s.csv", tmp_path / "fc.csv"
    survey_csv(survey, {1: "solved", 2: "unsolvable", 3: "solved", 4: "unknown"})  # deals 1..3 as decided
    done = run(survey, out, "1-4")
    assert done.returncode == 0, done.stdout + done.stderr
    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["deal"] for r in rows] == ["1", "2", "3"]  # an unknown of ours is compared with nothing
    assert all(r["agree"] == "yes" for r in rows)
    assert [r["fc_win"] for r in rows] == ["yes", "", "yes"] and int(rows[0]["fc_moves"]) > 50
    assert "3 agree, 0 differ; 2 of fc-solve's 2 wins typed through keys" in done.stdout


def test_a_wrong_verdict_differs_and_fails_and_a_second_run_resumes(tmp_path):
    need_fcsolve()
    survey, out = tmp_path / "s.csv", tmp_path / "fc.csv"
    survey_csv(survey, {1: "unsolvable", 2: "unsolvable"})  # deal 1 is won
    done = run(survey, out, "1")
    assert done.returncode == 1 and "0 agree, 1 differ" in done.stdout
    again = run(survey, out, "1-2")
    assert again.returncode == 1 and "2 deals" in again.stdout and "1 agree, 1 differ" in again.stdout
    assert out.read_text().count("\n1,") == 1  # deal 1 was not checked twice
