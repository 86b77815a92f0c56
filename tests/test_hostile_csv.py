"""Hostile use, the CSVs of surveys and studies (docs/FILES.md): ``--resume`` checks every row as
a careful reader would and names the first bad line, changing nothing; without it an old file
is kept until the new one is complete (an interrupt keeps the new rows in FILE.csv.partial); a
full disk never leaves half a row."""

from __future__ import annotations

import errno
import glob
import os
from pathlib import Path

import pytest
from conftest import cli
from hostile import refused, snapshot

from baker8bit.research import csvfile
from baker8bit.research import survey as sv

ROOT = Path(__file__).resolve().parent.parent
HEAD = "game,deal,outcome,moves,states,seconds,search\n"
GOOD = "baker2,1,solved,35,68,0.0202,compiled\nbaker2,2,solved,43,61,0.0001,compiled\n"


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)


def resume(tmp_path, text: str | bytes, says: str, *extra: str) -> str:
    path = tmp_path / "s.csv"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return refused(tmp_path, "survey", "--suits", "2", "--deals", "1-4", "--workers", "1", "--out", "s.csv",
                   "--resume", *extra, says=says)


@pytest.mark.parametrize("row, says", [
    ("baker2,3,solved,-1,5,0.1,compiled", "line 4: moves must be a whole number 0 or more, not '-1'"),
    ("baker2,3,solved,5,5,nan,compiled", "line 4: seconds must be a number of seconds, 0 or more, not 'nan'"),
    ("baker2,3,solved,5,5,inf,compiled", "line 4: seconds must be a number of seconds"),
    ("baker2,3,solved,5,5,-0.5,compiled", "line 4: seconds must be"),
    ("baker2,1,unsolvable,0,5,0.1,compiled", "line 4: deal 1 of baker2 again (line 2 has it already)"),
    ("baker2,0,solved,5,5,0.1,compiled", "line 4: deal must be a whole number 1..2147483647, not '0'"),
    ("baker2,3,maybe,0,5,0.1,compiled", "line 4: outcome must be one of 'solved', 'unsolvable', 'unknown'"),
    ("baker2,3,unsolvable,12,5,0.1,compiled", "line 4: an unsolvable deal has 0 moves, not 12"),
    ("baker2,3,solved,5,5,0.1,fast", "line 4: search must be 'compiled' or 'pure', after the step that decided"),
    ("baker2,3,solved,5,5,0.1,compiled,baker2,4", "line 4 has 9 fields, not 7"),
    ("baker2,3,solv", "line 4 has 3 fields, not 7"),
    ("king-albert,3,solved,5,5,0.1,compiled", "line 4: game must be a rule set of this survey's game"),
    ("baker2,+3,solved,5,5,0.1,compiled", "line 4: deal must be a whole number"),
    ("baker2,3,solved,5,5,0.1,compiled\n", "line 5 is empty"),
    ('baker2,3,"solved\n', "line 4 is not a CSV row"),
])
def test_resume_refuses_a_bad_row_and_names_its_line(tmp_path, row, says):
    resume(tmp_path, HEAD + GOOD + row + "\n", says=f"cannot resume: s.csv: {says}")


def test_resume_refuses_a_last_row_cut_short(tmp_path):
    """A run killed while writing: the next row would be glued to it (13 fields)."""
    resume(tmp_path, HEAD + GOOD + "baker2,3,sol", says="s.csv: line 4 is cut short")


@pytest.mark.parametrize("data, says", [
    ((HEAD + GOOD).encode("utf-16"), "s.csv: UTF-16 text, not a CSV of baker8bit (it writes UTF-8)"),
    (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(64), "s.csv: a binary file, not a CSV"),
    ((HEAD + GOOD).encode() + b"baker2,3,solved,5,5,0.1,compil\xe9\n", "s.csv: line 4 is not UTF-8 text"),
    ("deal,ours,fc_solve,agree\n1,solved,solved,yes\n", "line 1: not a survey CSV"),
    (HEAD + "x" * 200_000, "s.csv: line 2 is longer than 64 KiB: not a CSV of baker8bit"),
])
def test_resume_says_what_a_file_is_that_is_no_survey(tmp_path, data, says):
    resume(tmp_path, data, says=says)


def test_resume_of_a_folder_or_device_says_it_needs_a_file(tmp_path):
    refused(tmp_path, "survey", "--suits", "2", "--deals", "1", "--out", "/dev/null", "--resume",
            says="--resume needs a file, and /dev/null is a device")


def test_resume_reads_every_survey_csv_the_project_ships():
    for path in glob.glob(str(ROOT / "docs/games/*survey*.csv")):
        assert sv.read_rows(path), path


def test_resume_appends_after_checking(tmp_path):
    (tmp_path / "s.csv").write_text(HEAD + GOOD)
    code, out, err = cli("survey", "--suits", "2", "--deals", "1-3", "--workers", "1", "--out", "s.csv", "--resume")
    assert code == 0 and "Traceback" not in err
    lines = (tmp_path / "s.csv").read_text().splitlines()
    assert lines[:3] == (HEAD + GOOD).splitlines() and lines[3].startswith("baker2,3,solved,") and len(lines) == 4


# -- the study and Blue's survey: their own columns, the same checks ------------------------------

STUDY = "strategy,deal,won,moves,outcome,home,reason,seconds,search\nbest,1,1,90,won,52,,0.01,none\n"


@pytest.mark.parametrize("row, says", [
    ("best,2,1,90,lost,30,stuck,0.01,none", "line 3: won is 1 and the outcome 'lost'"),
    ("best,2,1,90,won,51,,0.01,none", "line 3: a won game has 52 cards home, not 51"),
    ("best,2,0,90,lost,53,,0.01,none", "line 3: home must be a whole number 0..52, not '53'"),
    (",2,0,90,lost,3,,0.01,none", "line 3: strategy must be a name, not ''"),
    ("best,1,0,90,lost,3,,0.01,none", "line 3: deal 1 of best again (line 2 has it already)"),
])
def test_study_resume_refuses_a_bad_row(tmp_path, row, says):
    (tmp_path / "g.csv").write_text(STUDY + row + "\n")
    refused(tmp_path, "study", "sequence", "--strategy", "best", "--deals", "1-3", "--workers", "1",
            "--out", "g.csv", "--resume", says=f"cannot resume: g.csv: {says}")


BLUE = ("suits,ranks,deal,dealt,best,best_aces,moves,positions,seconds,search,dealt_by,best_by\n"
        "2,4,1,solved,solved,CD,9,50,0.001,compiled,,\n")


@pytest.mark.parametrize("row, says", [
    ("2,4,2,unknown,solved,CC,9,50,0.001,compiled,,", "line 3: best_aces must be '-' or an ordering of the aces"),
    ("5,4,2,unknown,unknown,-,0,50,0.001,compiled,,", "line 3: suits must be a whole number 2..4, not '5'"),
    ("2,4,2,solved,unknown,-,0,50,0.001,compiled,,", "line 3: a layout solved with the aces as dealt is solved"),
    ("2,4,2,unknown,unknown,-,7,50,0.001,compiled,,", "line 3: a layout not solved has 0 moves, not 7"),
    ("2,4,1,unknown,unknown,-,0,50,0.001,compiled,,", "line 3: deal 1 of 2x4 again"),
])
def test_blue_survey_resume_refuses_a_bad_row(tmp_path, row, says):
    (tmp_path / "b.csv").write_text(BLUE + row + "\n")
    refused(tmp_path, "survey", "--game", "blue", "--suits", "2", "--ranks", "4", "--deals", "1-3",
            "--out", "b.csv", "--resume", says=f"cannot resume: b.csv: {says}")


# -- an old file is kept until the new one is complete ---------------------------------------------


def test_a_survey_over_an_old_file_replaces_it_when_complete(tmp_path):
    (tmp_path / "s.csv").write_text(HEAD + "baker2,9,unknown,0,1,0.1,pure\n")
    code, out, err = cli("survey", "--suits", "2", "--deals", "1-2", "--workers", "1", "--out", "s.csv")
    assert code == 0 and "Traceback" not in err
    assert sorted(sv.read_rows("s.csv")) == [("baker2", 1), ("baker2", 2)]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "data") == ["s.csv"]


def test_an_interrupted_survey_keeps_the_old_file_and_its_new_rows_beside(tmp_path, monkeypatch):
    old = HEAD + "baker2,9,unknown,0,1,0.1,pure\n"
    (tmp_path / "s.csv").write_text(old)
    solve = sv.solve_task
    seen = []

    def interrupted_on_the_third(task):
        seen.append(task)
        if len(seen) == 3:
            raise KeyboardInterrupt
        return solve(task)

    monkeypatch.setattr(sv, "solve_task", interrupted_on_the_third)
    code, out, err = cli("survey", "--suits", "2", "--deals", "1-5", "--workers", "1", "--out", "s.csv")
    assert code == 130 and "Traceback" not in err
    assert ("interrupted; 2 of 5 deals done; s.csv is unchanged; the 2 new rows are in s.csv.partial "
            "(move it over s.csv and give --resume to go on from them)") in err
    assert (tmp_path / "s.csv").read_text() == old
    assert sorted(sv.read_rows("s.csv.partial")) == [("baker2", 1), ("baker2", 2)]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_survey_over_an_old_file_on_a_full_disk_keeps_the_old_file(tmp_path, monkeypatch):
    old = HEAD + "baker2,9,unknown,0,1,0.1,pure\n"
    (tmp_path / "s.csv").write_text(old)
    real = os.write
    calls = []

    def full_after_the_header(fd, data):
        calls.append(fd)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(csvfile.os, "write", full_after_the_header)
    code, out, err = cli("survey", "--suits", "2", "--deals", "1-3", "--workers", "1", "--out", "s.csv")
    assert code == 1 and "Traceback" not in err
    assert "cannot write s.csv: No space left on device; 0 rows written; s.csv is unchanged" in err
    assert (tmp_path / "s.csv").read_text() == old
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "data") == ["s.csv"]


def test_a_full_disk_in_the_middle_of_a_row_cuts_it_away(tmp_path, monkeypatch):
    """Half a row written, then the disk is full: the CSV ends at its last whole row, and
    ``--resume`` takes it as it is."""
    (tmp_path / "s.csv").write_text(HEAD + GOOD)
    real = os.write

    def half(fd, data):
        real(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(csvfile.os, "write", half)
    code, out, err = cli("survey", "--suits", "2", "--deals", "1-3", "--workers", "1", "--out", "s.csv", "--resume")
    assert code == 1 and "No space left on device; 0 rows written" in err
    assert (tmp_path / "s.csv").read_text() == HEAD + GOOD
    before = snapshot(tmp_path)
    assert sorted(sv.read_rows("s.csv")) == [("baker2", 1), ("baker2", 2)] and snapshot(tmp_path) == before
