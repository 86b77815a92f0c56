"""The command line: show, keys (text and JSON), and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import baker_rules, read_baker_board, solutions

from baker8bit.cli import main
from baker8bit.freecell.position import Position


def run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "baker8bit", *argv], capture_output=True, text=True, timeout=60)


def test_show_prints_the_deal_in_board_format(capsys):
    assert main(["show", "--suits", "3", "--deal", "42"]) == 0
    out = capsys.readouterr().out
    rs = baker_rules(3)
    assert read_baker_board(out) == (Position.dealt(42, rs), rs)


def test_show_checks_a_board_file(tmp_path, capsys):
    f = tmp_path / "b.txt"
    f.write_text("Foundations: C-0\nFreecells: -\n: AC\n")
    assert main(["show", "--board", str(f)]) == 2
    assert "1 columns" in capsys.readouterr().err


def test_keys_json_reports_the_fields(capsys):
    assert main(["keys", "--suits", "4", "--deal", "1", "BK GI P ZZ <SPACE>", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == 1 and out["takebacks_left"] == 1 and out["mark"] == 2
    assert out["at_mark"] is False and out["won"] is False
    assert out["events"][:4] == ["deal 4 1", "select B", "move B K", "tone"]
    assert "takeback" in out["events"]
    pos, _ = read_baker_board(out["board"])
    assert pos.cells[2] is not None  # BK stayed, GI was taken back


def test_keys_json_reports_a_win(capsys):
    deal, sol = solutions()[2]
    assert main(["keys", "--suits", "2", "--deal", str(deal), " ".join(sol), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["won"] is True and out["moves"] == len(sol) and out["events"][-1] == "winner"


def test_keys_text_output_and_python_dash_m():
    res = run("keys", "--suits", "2", "--deal", "1", "ft")  # lower case works
    assert res.returncode == 0
    assert res.stdout.splitlines()[0] == "Foundations: C-A D-0 H-K S-K"
    assert "moves: 1" in res.stdout


def test_keys_accepts_a_board_and_special_tokens(tmp_path, capsys):
    f = tmp_path / "b.txt"
    f.write_text("Foundations: C-Q D-K H-K S-K\nFreecells: - -\n: KC\n:\n:\n:\n:\n:\n")
    assert main(["keys", "--board", str(f), "<WAIT 5> <HELP> <RETURN> AT", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["won"] and out["deal"] is None


@pytest.mark.parametrize(
    "argv,words",
    [
        (["keys", "--suits", "5", "AB"], "suits must be 2, 3 or 4"),
        (["keys", "--deal", "0", "AB"], "deal must be a whole number 1..2147483647"),
        (["keys", "--deal", "2147483648", "AB"], "deal must be"),
        (["keys", "A <FOO> B"], "unknown key token '<FOO>'"),
        (["keys", "<WAIT x>"], "bad wait token"),
        (["keys", "--board", "/nonexistent/board.txt", "AB"], "cannot read board"),
        (["show", "--frobnicate"], "unrecognized arguments"),
    ],
)
def test_errors_are_one_line_and_exit_2(argv, words):
    res = run(*argv)
    assert res.returncode == 2
    assert words in res.stderr and len(res.stderr.strip().splitlines()) == 1
    assert res.stdout == ""
