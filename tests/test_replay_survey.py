"""tools/replay_survey.py: a survey's verdicts solved again, every win typed through `keys`."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from figures import interval, page, percent, rows

TOOL = Path(__file__).resolve().parent.parent / "tools" / "replay_survey.py"
FIELDS = ("game", "deal", "outcome", "moves", "states", "seconds", "search")


def survey(path: Path, rank: int, deals: str) -> list[dict]:
    subprocess.run([sys.executable, "-m", "baker8bit", "survey", "--game", "king-albert", "--starting-rank",
                    str(rank), "--deals", deals, "--workers", "1", "--max-states", "300000", "--out", str(path)],
                   check=True, capture_output=True, text=True)
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def check(path: Path, rank: int, *more: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), "--csv", str(path), "--starting-rank", str(rank),
                           "--max-states", "300000", *more], capture_output=True, text=True)


def test_a_true_survey_replays_every_win_and_confirms_every_loss(tmp_path):
    out = tmp_path / "r3.csv"
    rows = survey(out, 3, "1-12")
    won = sum(r["outcome"] == "solved" for r in rows)
    lost = sum(r["outcome"] == "unsolvable" for r in rows)
    assert won and lost  # deals 1..12 at rank 3 have both
    done = check(out, 3)
    assert done.returncode == 0, done.stdout
    assert f"{won} wins replayed through keys, {lost} losses confirmed, 0 disagree" in done.stdout


def test_a_wrong_verdict_is_named_and_fails(tmp_path):
    out = tmp_path / "r0.csv"
    rows = survey(out, 0, "1-2")
    flipped = {"solved": "unsolvable", "unsolvable": "solved"}
    for r in rows:
        r["outcome"] = flipped[r["outcome"]]
    with out.open("w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        w.writerows(rows)
    done = check(out, 0)
    assert done.returncode == 1
    assert done.stdout.count("deal ") == 2 and "2 disagree" in done.stdout


def test_rows_above_a_size_are_skipped_and_counted(tmp_path):
    out = tmp_path / "r3.csv"
    rows = survey(out, 3, "1-6")
    big = max(int(r["states"]) for r in rows)
    done = check(out, 3, "--skip-above", str(big - 1))
    n = sum(int(r["states"]) == big for r in rows)
    assert done.returncode == 0 and f"{n} skipped (more than {big - 1} positions)" in done.stdout


def test_the_published_surveys_are_the_study_pages_rows():
    """docs/results: King Albert at rank 3, deals 1..10000, every deal decided; at rank 0, deals
    1001..10000 beside 1..1000, every deal of 1..1000 decided; the rows of the study's table on
    docs/games/king-albert.md are these files' counts, shares and intervals."""
    import re
    from collections import Counter

    r3 = rows("king-albert-survey-r3.csv")
    assert sorted(int(r["deal"]) for r in r3) == list(range(1, 10_001))
    r0 = rows("king-albert-survey-r0.csv") + rows("king-albert-survey-r0-1001-10000.csv")
    assert sorted(int(r["deal"]) for r in r0) == list(range(1, 10_001))
    study = page("docs/games/king-albert.md")
    for table, mark in ((r3, r"\| 3 \| 1-10000 \|"), (r0, r"\| 0, deals past 1000 [^|]*\| 1-10000 \|")):
        count = Counter(r["outcome"] for r in table)
        row = re.search(mark + r" (\d+) \| (\d+) \| (\d+) \|", study)
        assert row, mark
        assert tuple(map(int, row.groups())) == (count["solved"], count["unsolvable"], count["unknown"])
    assert not [r for r in r3 if r["outcome"] == "unknown"]
    first = [[r for r in table if int(r["deal"]) <= 1000] for table in (r0, r3)]
    for table, start in ((first[0], "| 0 (the game as dealt) | 1-1000 |"), (first[1], "| 3 | 1-1000 |"),
                         (r3, "| 3 | 1-10000 |")):
        count = Counter(r["outcome"] for r in table)
        won, lost = count["solved"], count["unsolvable"]
        assert count["unknown"] == 0 and won + lost == len(table)
        row = f"{start} {won} | {lost} | 0 | {percent(won, won + lost)} ({interval(won, won + lost)}) |"
        assert row in study, row
