"""tools/sequence_unknown_solve.py: the second pass over the deals a clairvoyant study left
unknown, and the study rows the README's clairvoyant row is counted from (issue 21)."""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

import pytest

from baker8bit.cli import main as cli_main
from baker8bit.games.sequence import solver
from baker8bit.games.sequence.rules import State

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "sequence_unknown_solve.py"
GAMES = ROOT / "docs" / "games"
STUDY_10K = GAMES / "sequence-clairvoyant-5m-1-10000.csv"
SECOND_PASS = GAMES / "sequence-unknown-20m-1-10000.csv"
STUDY_FIELDS = ("strategy", "deal", "won", "moves", "outcome", "home", "reason", "seconds", "search")


def load_tool():
    spec = importlib.util.spec_from_file_location("sequence_unknown_solve", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def study_csv(path: Path, rows: list[tuple[int, str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(STUDY_FIELDS)
        for d, outcome in rows:
            w.writerow(("clairvoyant", d, int(outcome == "won"), 0, outcome, 0, "", "0.1", "compiled"))
    return path


def read(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def replays_to_a_win(deal: int, keys: str, capsys) -> bool:
    capsys.readouterr()
    code = cli_main(["keys", "--game", "sequence", "--deal", str(deal), keys, "--json"])
    return code == 0 and json.loads(capsys.readouterr().out)["won"]


def test_the_tool_searches_only_the_unknown_deals_and_its_wins_replay_through_keys(tmp_path, capsys):
    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(2, "unknown"), (3, "won"), (8, "unknown")])
    out = tmp_path / "second.csv"
    assert tool.main([str(study), "--out", str(out), "--max-states", "200000"]) == 0
    rows = read(out)
    assert [int(r["deal"]) for r in rows] == [2, 8]  # deal 3 was decided: not searched again
    for r in rows:
        assert int(r["seed"]) == int(r["deal"]) + (1 << 20)  # another seed than the study's (the deal)
        assert r["search"] == solver.implementation_name()
        if r["outcome"] == "won":
            assert replays_to_a_win(int(r["deal"]), r["keys"], capsys), r
        else:
            assert r["keys"] == ""
    assert any(r["outcome"] == "won" for r in rows)


def test_the_tool_resumes_without_writing_a_deal_twice(tmp_path):
    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(2, "unknown"), (8, "unknown")])
    out = tmp_path / "second.csv"
    assert tool.main([str(study), "--out", str(out), "--max-states", "50000"]) == 0
    first = out.read_bytes()
    assert tool.main([str(study), "--out", str(out), "--max-states", "50000"]) == 0
    assert out.read_bytes() == first


def test_the_tool_and_the_solver_agree(tmp_path):
    """A row is what ``solver.solve`` answers with the row's seed and budget."""
    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(8, "unknown")])
    out = tmp_path / "second.csv"
    assert tool.main([str(study), "--out", str(out), "--max-states", "30000", "--pass", "3"]) == 0
    (row,) = read(out)
    r = solver.solve(State.dealt(8), max_states=30000, seed=8 + (3 << 20))
    assert (row["outcome"], int(row["positions"]), row["keys"]) == (
        r.outcome, r.states, " ".join(str(m) for m in r.moves))


def run(tool, argv: list[str]) -> int:
    """The tool's exit status, whether ``main`` returns it or argparse exits with it."""
    try:
        return tool.main(argv)
    except SystemExit as e:
        return e.code


@pytest.mark.parametrize("args, says", [
    (["--bogus"], "unrecognized arguments"),
    (["--max-states", "0"], "--max-states and --workers must be at least 1"),
    (["--pass", "0"], "--pass at least 1"),
    (["--workers", "x"], "invalid int value"),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, capsys, args, says):
    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(2, "unknown")])
    out = tmp_path / "second.csv"
    code = run(tool, [str(study), "--out", str(out), *args])
    err = capsys.readouterr().err
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists()


@pytest.mark.parametrize("content", [b"\x00\xff\xfe binary \x80" * 50, b"deal,outcome\n1,unknown\nx,unknown\n",
                                     b"no,header,here\n"])
def test_a_bad_study_file_is_one_line_and_leaves_the_output_untouched(tmp_path, capsys, content):
    tool = load_tool()
    study = tmp_path / "study.csv"
    study.write_bytes(content)
    out = tmp_path / "second.csv"
    out.write_text("deal,outcome,seed,positions,seconds,search,keys\n", encoding="utf-8")
    before = out.read_bytes()
    code = run(tool, [str(study), "--out", str(out)])
    err = capsys.readouterr().err
    if content.startswith(b"no,header"):  # readable, no unknown deal: nothing to do
        assert code == 0
    else:
        assert code == 2 and "cannot read" in err and len(err.strip().splitlines()) == 1, err
    assert out.read_bytes() == before
