"""tools/sequence_unknown_solve.py: the second pass over the deals a clairvoyant study left
unknown, and the study rows the study page's clairvoyant rows are counted from."""

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
STUDY_WORD = {"solved": "won", "unsolvable": "lost"}  # the tool's CSV says what the study's says
TOOL = ROOT / "tools" / "sequence_unknown_solve.py"
RESULTS = ROOT / "docs" / "results"
STUDY_10K = RESULTS / "sequence-clairvoyant-5m-1-10000.csv"
SECOND_PASS = RESULTS / "sequence-unknown-20m-1-10000.csv"
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


def test_two_workers_write_the_same_rows_in_the_same_order(tmp_path):
    """Run as a user runs it (a process pool needs the tool importable by name)."""
    import subprocess
    import sys

    study = study_csv(tmp_path / "study.csv", [(2, "unknown"), (8, "unknown"), (16, "unknown")])
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    for out, workers in ((one, "1"), (two, "2")):
        done = subprocess.run([sys.executable, str(TOOL), str(study), "--out", str(out), "--max-states", "20000",
                               "--workers", workers], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    drop = lambda rows: [{k: v for k, v in r.items() if k != "seconds"} for r in rows]  # noqa: E731
    assert drop(read(one)) == drop(read(two)) and len(read(one)) == 3


def answer(row: dict) -> tuple[str, int, str]:
    """A row's outcome, positions and keys, to compare with ``as_row`` of the solver's result."""
    return row["outcome"], int(row["positions"]), row["keys"]


def as_row(r) -> tuple[str, int, str]:
    return STUDY_WORD.get(r.outcome, r.outcome), r.positions, " ".join(str(m) for m in r.moves)


def test_the_tool_and_the_solver_agree(tmp_path):
    """A row is what ``solver.solve`` answers with the row's seed and budget."""
    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(8, "unknown")])
    out = tmp_path / "second.csv"
    assert tool.main([str(study), "--out", str(out), "--max-states", "30000", "--pass", "3"]) == 0
    (row,) = read(out)
    r = solver.solve(State.dealt(8), max_states=30000, seed=8 + (3 << 20))
    assert answer(row) == as_row(r)


def test_try_states_sets_the_length_of_each_try(tmp_path):
    """--try-states T: the row is what ``solver.solve`` answers with tries of T positions."""
    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(4, "unknown"), (10, "unknown")])
    out = tmp_path / "long.csv"
    assert tool.main([str(study), "--out", str(out), "--max-states", "40000", "--try-states", "5000"]) == 0
    for row in read(out):
        d = int(row["deal"])
        r = solver.solve(State.dealt(d), max_states=40000, seed=d + (1 << 20), try_states=5000)
        assert answer(row) == as_row(r), d
    short = [solver.solve(State.dealt(d), max_states=40000, seed=d + (1 << 20)).positions for d in (4, 10)]
    assert short != [int(r["positions"]) for r in read(out)]  # the default tries search otherwise


def test_seeds_give_a_deal_tries_in_turn_until_one_decides(tmp_path, capsys):
    """--seeds K: passes PASS..PASS+K-1 in turn. At 30,000 positions deal 9 stays unknown with
    passes 1-3 and is won with pass 4; deal 13 stays unknown with all four: its row is the last
    try's."""
    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(9, "unknown"), (13, "unknown")])
    out = tmp_path / "seeds.csv"
    assert tool.main([str(study), "--out", str(out), "--max-states", "30000", "--seeds", "4"]) == 0
    rows = {int(r["deal"]): r for r in read(out)}
    passes = {d: (r["outcome"], (int(r["seed"]) - d) >> 20) for d, r in rows.items()}
    assert passes == {9: ("won", 4), 13: ("unknown", 4)}
    for k in (1, 2, 3):
        assert solver.solve(State.dealt(9), max_states=30000, seed=9 + (k << 20)).outcome == "unknown"
    r = solver.solve(State.dealt(9), max_states=30000, seed=9 + (4 << 20))
    assert answer(rows[9]) == as_row(r)
    assert replays_to_a_win(9, rows[9]["keys"], capsys)


def test_nested_runs_the_nested_search_and_its_wins_replay_through_keys(tmp_path, capsys):
    """--nested L: each deal's row is the nested search of level L with the pass's seed, tries
    in turn until one wins; a win's keys play to WINNER."""
    from baker8bit.core import compiled
    from baker8bit.games.sequence import nested
    from baker8bit.games.sequence.search import decode

    tool = load_tool()
    study = study_csv(tmp_path / "study.csv", [(16, "unknown"), (3, "won"), (971, "unknown")])
    out = tmp_path / "nested.csv"
    assert tool.main([str(study), "--out", str(out), "--nested", "2", "--seeds", "40"]) == 0
    rows = read(out)
    assert [int(r["deal"]) for r in rows] == [16, 971]
    for r in rows:
        d = int(r["deal"])
        k = (int(r["seed"]) - d) >> 20
        assert 1 <= k <= 40 and r["search"] == compiled.search_name("sequence-nested")
        start = State.dealt(d)
        score, codes, positions = nested.implementation().run(
            start.coming(), start.storage, start.finals, 2, int(r["seed"]))
        assert int(r["positions"]) == positions
        assert r["outcome"] == ("won" if score == nested.WON else "unknown")
        if r["outcome"] == "won":
            assert r["keys"] == " ".join(str(decode(c)) for c in codes)
            assert replays_to_a_win(d, r["keys"], capsys), d
        else:
            assert k == 40 and r["keys"] == ""
    assert any(r["outcome"] == "won" for r in rows)


def run(tool, argv: list[str]) -> int:
    """The tool's exit status, whether ``main`` returns it or argparse exits with it."""
    try:
        return tool.main(argv)
    except SystemExit as e:
        return e.code


@pytest.mark.parametrize("args, says", [
    (["--bogus"], "unrecognized arguments"),
    (["--max-states", "0"], "--max-states, --try-states and --workers must be at least 1"),
    (["--try-states", "0"], "--max-states, --try-states and --workers must be at least 1"),
    (["--pass", "0"], "--pass and --seeds at least 1"),
    (["--seeds", "0"], "--pass and --seeds at least 1"),
    (["--workers", "x"], "invalid int value"),
    (["--nested", "4"], "--nested must be 1, 2 or 3"),
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


# ---- the shipped rows: the study page's clairvoyant rows are counted from them ------------------

# the passes over the deals the study left unknown, in order: each searches exactly the deals
# still unknown after the ones before it
PASSES = [RESULTS / "sequence-unknown-20m-1-10000.csv", RESULTS / "sequence-unknown-100m-1-10000.csv",
          RESULTS / "sequence-unknown-20m-seeds-1-10000.csv", RESULTS / "sequence-unknown-20m-long-1-10000.csv",
          RESULTS / "sequence-unknown-20m-long2-1-10000.csv", RESULTS / "sequence-unknown-20m-long3-1-10000.csv",
          RESULTS / "sequence-unknown-20m-long4-1-10000.csv", RESULTS / "sequence-unknown-20m-long5-1-10000.csv",
          RESULTS / "sequence-unknown-20m-tries2k-1-10000.csv", RESULTS / "sequence-unknown-20m-tries2k-2-1-10000.csv",
          RESULTS / "sequence-unknown-20m-tries500-1-10000.csv",
          RESULTS / "sequence-unknown-20m-tries500-2-1-10000.csv",
          RESULTS / "sequence-unknown-20m-tries200-1-10000.csv", RESULTS / "sequence-unknown-20m-tries300-1-10000.csv",
          RESULTS / "sequence-unknown-nested2-1-10000.csv", RESULTS / "sequence-unknown-nested3-1-10000.csv"]


def study_outcomes() -> dict[int, str]:
    return {int(r["deal"]): r["outcome"] for r in read(STUDY_10K) if r["strategy"] == "clairvoyant"}


def shipped_passes() -> list[list[dict]]:
    return [read(p) for p in PASSES]  # every one shipped: a missing CSV fails, not drops a row of the study


def test_the_study_rows_are_every_deal_once_searched_compiled():
    rows = [r for r in read(STUDY_10K) if r["strategy"] == "clairvoyant"]
    assert [int(r["deal"]) for r in rows] == list(range(1, 10001))
    assert {r["search"] for r in rows} == {"compiled"}
    assert {r["outcome"] for r in rows} <= {"won", "lost", "unknown"}
    assert all((r["won"] == "1") == (r["outcome"] == "won") for r in rows)


def test_each_pass_searches_exactly_the_deals_still_unknown_and_its_wins_replay(capsys):
    outcomes = study_outcomes()
    passes = shipped_passes()
    assert passes, "the first pass over the unknown deals is shipped"
    for rows in passes:
        assert sorted(int(r["deal"]) for r in rows) == sorted(d for d, o in outcomes.items() if o == "unknown")
        for r in rows:
            assert int(r["seed"]) != int(r["deal"])  # another seed than the study's
            if r["outcome"] == "won":
                assert replays_to_a_win(int(r["deal"]), r["keys"], capsys), r["deal"]
            outcomes[int(r["deal"])] = r["outcome"]


def test_a_sample_of_the_study_wins_is_found_again_and_replays(capsys):
    """Every 1000th won deal: the study's search (seed = the deal, 5,000,000 positions) finds
    the same win again, as many moves as its row says, and ``keys`` plays it to WINNER."""
    from baker8bit.games.sequence import players

    if solver.implementation_name() != "compiled":
        pytest.skip("the rows were made by the compiled search (the pure one is about 30 times slower)")
    won = [r for r in read(STUDY_10K) if r["outcome"] == "won"]
    for r in won[::1000]:
        d = int(r["deal"])
        res = players.solve(State.dealt(d), 5_000_000, seed=d)
        assert res.outcome == "won" and len(res.moves) == int(r["moves"]), d
        assert replays_to_a_win(d, " ".join(str(m) for m in res.moves), capsys), d


AGAIN = "clairvoyant, still unknown searched again "


def study_rows() -> list[str]:
    """The study's clairvoyant rows (docs/games/sequence.md), counted from the shipped CSVs."""
    from baker8bit.games.sequence.study import wilson

    outcomes = study_outcomes()
    out = []
    labels = ["clairvoyant (knows the deck; 5,000,000 positions, compiled)",
              "clairvoyant, unknown deals searched again (20,000,000 positions, another seed)",
              "clairvoyant, still unknown searched again (100,000,000 positions, another seed)",
              "clairvoyant, still unknown searched again (20,000,000 positions, up to 8 more seeds)",
              "clairvoyant, still unknown searched again (tries of 20,000 positions, up to 4 more seeds)",
              "clairvoyant, still unknown searched again (tries of 20,000 positions, up to 8 seeds more)",
              "clairvoyant, still unknown searched again (tries of 20,000 positions, 8 new seeds)",
              "clairvoyant, still unknown searched again (tries of 20,000 positions, 8 further seeds)",
              "clairvoyant, still unknown searched again (tries of 20,000 positions, 8 seeds after 8 that won none)",
              AGAIN + "(tries of 2,000 positions, 8 seeds, after 28 seeds of longer tries that won none)",
              "clairvoyant, still unknown searched again (tries of 2,000 positions, 8 more seeds)",
              AGAIN + "(tries of 500 positions, 8 seeds, after 8 more of 2,000 that won none)",
              "clairvoyant, still unknown searched again (tries of 500 positions, 8 more seeds)",
              AGAIN + "(tries of 200 positions, 8 seeds, after 8 more of 500 that won none)",
              AGAIN + "(tries of 300 positions, 8 seeds, after 48 more of 50 to 1,000 that won none)",
              "clairvoyant, still unknown searched again (nested Monte Carlo search of level 2, up to 3,000 seeds)",
              "clairvoyant, still unknown searched again (nested Monte Carlo search of level 3, up to 300 seeds)"]
    for label, rows in zip(labels, [None, *shipped_passes()], strict=True):
        for r in rows or ():
            outcomes[int(r["deal"])] = r["outcome"]
        n = len(outcomes)
        w = sum(o == "won" for o in outcomes.values())
        lost = sum(o == "lost" for o in outcomes.values())
        u = n - w - lost
        lo, hi = wilson(w, n)
        out.append(f"| {label} | {n} | {w} | {w / n:.2%} | {lo:.2%} - {hi:.2%} (proven wins) | {u} |")
    return out


def test_the_study_pages_clairvoyant_rows_are_counted_from_the_csvs():
    doc = (ROOT / "docs" / "games" / "sequence.md").read_text(encoding="utf-8")
    for row in study_rows():
        assert row in doc, f"docs/games/sequence.md: write the row as\n{row}"


def test_the_readmes_verdict_on_mccarthys_claim_is_counted_from_the_csvs():
    """README: the sampling player's rate on deals 1-1000 (it does not see the deck) and every deal of
    1-10000 won by the clairvoyant study and its passes."""
    from baker8bit.games.sequence.study import wilson

    sampling = [r for r in read(RESULTS / "sequence-sampling-1-1000.csv") if r["strategy"] == "sampling"]
    assert sorted(int(r["deal"]) for r in sampling) == list(range(1, 1001))
    won = sum(r["outcome"] == "won" for r in sampling)
    lo, hi = wilson(won, len(sampling))
    outcomes = study_outcomes()
    for rows in shipped_passes():
        outcomes.update((int(r["deal"]), r["outcome"]) for r in rows)
    assert won * 2 > len(sampling) and set(outcomes.values()) == {"won"} and len(outcomes) == 10_000
    said = (f"a player who does not see the deck wins {won / len(sampling):.2%} of deals 1-1000 (95% interval "
            f"{lo:.2%} - {hi:.2%}), and knowing the deck, every deal of 1-10000 is won")
    line = next(ln for ln in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
                if ln.startswith("- **Sequence solitaire**:"))
    assert said in line, said
