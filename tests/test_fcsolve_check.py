"""tools/fcsolve_check.py: a survey's verdicts against fc-solve's, fc-solve's wins typed through `keys`."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import need_fcsolve
from figures import interval, line_of, page, percent

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fcsolve_check.py"
FIELDS = ("game", "deal", "outcome", "moves", "states", "seconds", "search")


def survey_csv(path: Path, outcomes: dict[int, str]) -> None:
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        for deal, outcome in outcomes.items():
            w.writerow({"game": "king-albert", "deal": deal, "outcome": outcome, "moves": 0, "states": 1,
                        "seconds": 0, "search": "compiled"})


def run(survey: Path, out: Path, deals: str, game: str = "king-albert", *more: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), "--csv", str(survey), "--deals", deals, "--game", game,
                           "--max-iters", "300000", "--out", str(out), *more], capture_output=True, text=True)


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


def test_unknown_deals_are_decided_by_fc_solves_typed_wins_only(tmp_path):
    """--unknown: the deals the survey left unknown; fc-solve's win, typed through keys, decides
    one won; its "unsolvable" is reported, no proof; a decided deal of ours is not looked at."""
    need_fcsolve()
    survey, out = tmp_path / "s.csv", tmp_path / "fc.csv"
    survey_csv(survey, {1: "unknown", 2: "unknown", 3: "solved"})  # deal 1 is won, deal 2 lost
    done = run(survey, out, "1-3", "king-albert", "--unknown")
    assert done.returncode == 0, done.stdout + done.stderr
    with out.open(newline="") as f:
        rows = {r["deal"]: r for r in csv.DictReader(f)}
    assert sorted(rows) == ["1", "2"] and all(r["agree"] == "" for r in rows.values())
    assert (rows["1"]["fc_solve"], rows["1"]["fc_win"]) == ("solved", "yes")
    assert rows["2"]["fc_solve"] == "unsolvable" and rows["2"]["fc_win"] == ""
    assert ("2 deals the survey left unknown; fc-solve won 1, 1 typed through keys to WINNER "
            "(now decided: won); it calls 1 unsolvable (no proof here); 1 stay unknown") in done.stdout


def test_a_game_without_automatic_moves_is_checked_too(tmp_path):
    """The 1989 game has no --auto: fc-solve's moves are typed as they are."""
    need_fcsolve()
    survey, out = tmp_path / "s.csv", tmp_path / "fc.csv"
    subprocess.run([sys.executable, "-m", "baker8bit", "survey", "--game", "baker", "--deals", "1-3",
                    "--workers", "1", "--out", str(survey)], check=True, capture_output=True, text=True)
    done = run(survey, out, "1-3", game="baker")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 agree, 0 differ" in done.stdout and "wins typed through keys" in done.stdout


def test_a_wrong_verdict_differs_and_fails_and_a_second_run_resumes(tmp_path):
    need_fcsolve()
    survey, out = tmp_path / "s.csv", tmp_path / "fc.csv"
    survey_csv(survey, {1: "unsolvable", 2: "unsolvable"})  # deal 1 is won
    done = run(survey, out, "1")
    assert done.returncode == 1 and "0 agree, 1 differ" in done.stdout
    again = run(survey, out, "1-2")
    assert again.returncode == 1 and "2 deals" in again.stdout and "1 agree, 1 differ" in again.stdout
    assert out.read_text().count("\n1,") == 1  # deal 1 was not checked twice


def test_the_published_cross_check_agrees_everywhere_and_is_the_readmes():
    """docs/results/king-albert-fcsolve-1-1000.csv: every deal 1..1000, no verdict that differs,
    every fc-solve win typed back; the study page's counts are the file's."""
    from collections import Counter

    checked = rows("king-albert-fcsolve-1-1000.csv")
    assert sorted(int(r["deal"]) for r in checked) == list(range(1, 1001))
    assert not [r for r in checked if r["agree"] == "NO" or r["fc_win"] == "NO"]
    ours = {r["deal"]: r["outcome"] for r in rows("king-albert-survey-r0.csv")}
    assert all(r["ours"] == ours[r["deal"]] for r in checked)
    pairs = Counter((r["ours"], r["fc_solve"]) for r in checked)
    decided = pairs["solved", "solved"] + pairs["unsolvable", "unsolvable"]
    readme = page_text()
    said = (f"fc-solve decides {decided} deals and agrees on all {decided}; each of its "
            f"{pairs['solved', 'solved']} wins")
    assert said in readme
    assert (f"The {1000 - decided} it leaves undecided are {pairs['solved', 'unknown']} of our wins and "
            f"{pairs['unsolvable', 'unknown']} of our losses") in readme


ROOT = Path(__file__).resolve().parent.parent


def rows(name: str) -> list[dict]:
    """A published CSV of docs/results, as rows."""
    with (ROOT / "docs" / "results" / name).open(newline="") as f:
        return list(csv.DictReader(f))


def survey_r0() -> dict[int, str]:
    """The rank-0 survey's verdicts, deals 1-10000."""
    return {int(r["deal"]): r["outcome"]
            for name in ("king-albert-survey-r0.csv", "king-albert-survey-r0-1001-10000.csv") for r in rows(name)}


def test_the_published_check_of_the_unknown_deals_is_the_readmes_row():
    """docs/results/king-albert-fcsolve-unknown-r0.csv: every deal the rank-0 survey of 1001..10000
    left unknown, checked; every fc-solve win typed back; the study page's last rank-0 row is the
    survey's verdicts, then those typed wins, then tools/decide_large.py's verdicts."""
    survey = survey_r0()
    checked = {int(r["deal"]): r for r in rows("king-albert-fcsolve-unknown-r0.csv")}
    assert sorted(checked) == sorted(d for d, o in survey.items() if o == "unknown")
    assert all(r["ours"] == "unknown" and r["agree"] == "" for r in checked.values())
    assert all(r["fc_win"] == ("yes" if r["fc_solve"] == "solved" else "") for r in checked.values())
    assert page_row("| 0, those 251 then tried by fc-solve") == counted(after_fixed_tries())
    assert len(checked) == 251 and f"it won {sum(r['fc_win'] == 'yes' for r in checked.values())}," in page_text()


def test_restarts_decide_a_deal_the_fixed_tries_left_and_name_the_seed(tmp_path):
    """--unknown --restarts N: fc-solve's random depth-first search with seeds 1..N (30,000
    iterations each) instead of the fixed tries. King Albert deal 1246 (rank 0) was left unknown
    by our search at 120,000,000 positions and by the three fixed tries at 3,000,000 iterations
    each; seed 5 wins it, and the win types through keys to WINNER."""
    need_fcsolve()
    survey, out = tmp_path / "s.csv", tmp_path / "fc.csv"
    survey_csv(survey, {1246: "unknown", 1247: "solved"})
    done = run(survey, out, "1246-1247", "king-albert", "--unknown", "--restarts", "8")
    assert done.returncode == 0, done.stdout + done.stderr
    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["deal"], r["fc_solve"], r["fc_win"], r["fc_seed"]) for r in rows] == [("1246", "solved", "yes", "5")]
    again = run(survey, out, "1246-1247", "king-albert", "--unknown", "--restarts", "8")  # resumes: nothing new
    assert again.returncode == 0 and out.read_text().count("\n") == 2


def test_first_seed_moves_the_restarts_to_new_seeds(tmp_path):
    """--first-seed F tries seeds F..F+N-1: deal 1246 is won at seed 5, so seeds 1-4 leave it
    unknown and seeds 3-6 win it at seed 5."""
    need_fcsolve()
    survey = tmp_path / "s.csv"
    survey_csv(survey, {1246: "unknown"})
    verdicts = {}
    for first in ("1", "3"):
        out = tmp_path / f"fc{first}.csv"
        done = run(survey, out, "1246", "king-albert", "--unknown", "--restarts", "4", "--first-seed", first)
        assert done.returncode == 0, done.stdout + done.stderr
        with out.open(newline="") as f:
            (row,) = csv.DictReader(f)
        verdicts[first] = (row["fc_solve"], row["fc_seed"])
    assert verdicts == {"1": ("unknown", ""), "3": ("solved", "5")}


def test_random_order_keeps_the_rule_sets_own_move_kinds():
    from baker8bit import games
    from baker8bit.freecell import fcsolve

    for game in ("king-albert", "baker", "bakers-game", "eight-off"):
        rules = games.get(game).rules({})
        order = rules.fcsolve_order()
        groups = fcsolve.random_order(rules)
        assert sorted(groups.replace("[", "").replace("]", "")) == sorted(order), game
        assert groups.startswith("[") and groups.endswith("]")
    assert fcsolve.random_order(games.get("king-albert").rules({})) == "[01][ABDE]"


def test_restarts_refuse_bad_arguments_in_one_line(tmp_path):
    survey, out = tmp_path / "s.csv", tmp_path / "fc.csv"
    survey_csv(survey, {1: "unknown"})
    for more in (["--restarts", "3"], ["--unknown", "--restarts", "-1"], ["--unknown", "--restart-iters", "0"],
                 ["--unknown", "--restarts", "3", "--first-seed", "0"]):
        done = run(survey, out, "1", "king-albert", *more)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, (more, done.stderr)
        assert "--restarts" in done.stderr and not out.exists()


# the passes of fc-solve's random restarts over the rank-0 deals still unknown, in order, with
# their iterations a restart and their seeds (the study page's rank-0 row of restarts)
RESTARTS = {"king-albert-fcsolve-restarts-r0.csv": (30_000, range(1, 101)),
            "king-albert-fcsolve-restarts-100k-r0.csv": (100_000, range(1, 101)),
            "king-albert-fcsolve-restarts-300k-r0.csv": (300_000, range(101, 141)),
            "king-albert-fcsolve-restarts-300k-2-r0.csv": (300_000, range(141, 241)),
            "king-albert-fcsolve-restarts-3m-r0.csv": (3_000_000, range(1000, 1001)),
            "king-albert-fcsolve-restarts-10m-r0.csv": (10_000_000, range(1001, 1002))}

# then our own search again, one fresh process a deal (tools/decide_large.py), with its cap of
# positions: the first pass over the same deals as the last restart pass (beside it), each later one
# over the deals still unknown, or some of them when the pass was stopped (the study page's last rank-0
# row names the deals it did not reach)
LARGE = {"king-albert-r0-large-30m.csv": 30_000_000,
         "king-albert-r0-large-50m.csv": 50_000_000,
         "king-albert-r0-large-100m.csv": 100_000_000,
         "king-albert-r0-large-200m.csv": 200_000_000,
         "king-albert-r0-large-250m.csv": 250_000_000,
         "king-albert-r0-large-350m.csv": 350_000_000,
         "king-albert-r0-forget-16g.csv": 1_000_000_000,  # --memory 16G: a table that forgets, 1e9 a move order
         "king-albert-r0-forget-12g.csv": 700_000_000,  # --memory 12G, 700,000,000 a move order
         "king-albert-r0-free-400m.csv": 400_000_000,  # the free-card rule, a table that never forgets
         "king-albert-r0-free-650m.csv": 650_000_000}  # and the 24-byte keys


def after_fixed_tries() -> dict[int, str]:
    """The rank-0 verdicts of the survey, then fc-solve's typed wins of its fixed tries on the deals
    the survey left unknown, then tools/decide_large.py's verdicts on the others."""
    final = survey_r0()
    large = {int(r["deal"]): r["outcome"] for r in rows("king-albert-r0-large.csv")}
    for r in rows("king-albert-fcsolve-unknown-r0.csv"):
        final[int(r["deal"])] = "solved" if r["fc_win"] == "yes" else large.get(int(r["deal"]), "unknown")
    return final


def rank_0_passes() -> tuple[dict[int, str], dict[int, str], set[int]]:
    """The rank-0 verdicts after the restart passes, then after the large passes, and the deals
    fc-solve called unsolvable (its word alone decides nothing here)."""
    final = after_fixed_tries()
    fc_unsolvable, searched = set(), []
    for name in RESTARTS:  # each pass: exactly the deals still unknown
        restarts = {int(r["deal"]): r for r in rows(name)}
        searched = sorted(d for d, o in final.items() if o == "unknown")
        assert sorted(restarts) == searched, name
        for d, r in restarts.items():
            assert r["fc_win"] == ("yes" if r["fc_solve"] == "solved" else "")
            assert (r["fc_seed"] != "") == (r["fc_solve"] != "unknown")
            assert r["fc_seed"] == "" or int(r["fc_seed"]) in RESTARTS[name][1], (name, d)
            if r["fc_win"] == "yes":
                final[d] = "solved"
            if r["fc_solve"] == "unsolvable":
                fc_unsolvable.add(d)
    after_restarts = dict(final)
    for name, cap in LARGE.items():
        ours = {int(r["deal"]): r for r in rows(name)}
        assert ours and (sorted(ours) == searched or (name != next(iter(LARGE)) and set(ours) < set(searched))), name
        for d, r in ours.items():
            assert r["keys_win"] == ("yes" if r["outcome"] == "solved" else ""), (name, d)
            assert int(r["states"]) <= cap and (r["outcome"] != "unknown" or int(r["states"]) == cap), (name, d)
            if r["outcome"] != "unknown":
                assert final[d] in ("unknown", r["outcome"]), (name, d)  # never against an fc-solve win
                final[d] = r["outcome"]
        searched = sorted(d for d, o in final.items() if o == "unknown")
    return after_restarts, final, fc_unsolvable


KING_ALBERT = "docs/games/king-albert.md"


def page_text() -> str:
    """docs/games/king-albert.md, the page of the study, with its whitespace runs as single spaces."""
    return page(KING_ALBERT)


def page_row(start: str) -> tuple[int, int, int]:
    """Solved, unsolvable and unknown of the study's row (on King Albert's page) that begins with ``start``."""
    import re

    row = re.search(re.escape(start) + r" [^|]*\| 1-10000 \| (\d+) \| (\d+) \| (\d+) \|", page_text())
    assert row, start
    return tuple(map(int, row.groups()))


def counted(final: dict[int, str]) -> tuple[int, int, int]:
    from collections import Counter

    count = Counter(final.values())
    return count["solved"], count["unsolvable"], count["unknown"]


def test_the_published_restarts_are_the_readmes_rank_0_restart_row():
    """docs/results/king-albert-fcsolve-restarts-*.csv: the rank-0 deals still unknown after the
    fixed tries and tools/decide_large.py, each given fc-solve's random restarts; every win typed
    back (fc_win yes, with its seed); the study page's row of restarts counts the result."""
    after_restarts, _, _ = rank_0_passes()
    assert published_restart_wins()  # the wins the test below finds again, one case each
    assert page_row("| 0, those 95 then given fc-solve's random restarts") == counted(after_restarts)


def test_the_large_passes_are_the_readmes_last_rank_0_row_and_agree_with_fc_solve():
    """docs/results/king-albert-r0-large-*.csv: our own search at 30,000,000, 50,000,000,
    100,000,000 then 200,000,000 positions over the deals the restarts left; every win typed through keys, every loss
    exhaustive; no verdict against one of fc-solve's (its wins, and the deals it calls
    unsolvable); the study page's last rank-0 row counts the result."""
    after_restarts, final, fc_unsolvable = rank_0_passes()
    assert fc_unsolvable and all(final[d] != "solved" for d in fc_unsolvable)
    decided = [d for d in fc_unsolvable if final[d] == "unsolvable"]
    assert decided  # fc-solve's word, checked by our proofs
    assert counted(final)[2] < counted(after_restarts)[2]
    assert page_row("| 0, those 57 then searched again by our own search") == counted(final)
    won, lost, unknown = counted(final)
    decided = won + lost
    rate, span = percent(won, decided, 2), interval(won, decided, 2)
    assert f"**{rate}** (95% Wilson {span})" in page_text()
    said = f"{rate} of deals 1-10000 can be won (95% Wilson {span} over the {decided:,} decided; {unknown} unknown)"
    assert said in line_of("README.md", "- **King Albert**:"), said


def test_the_cheapest_large_verdicts_are_found_again_and_the_win_types_to_winner():
    """The large passes' cheapest win and cheapest loss: ``solve`` at the row's cap gives the
    same verdict, and the win's keys play to WINNER. The rows were made before issue 22's
    free-card rule (docs/SOLVER.md, alternating colours, rule 1), which sends more cards home at
    once: the loss is proved again in no more positions than the row's, the win found again
    within the cap (its line, and so its count, may differ)."""
    sys.path.insert(0, str(TOOL.parent))
    from decide_large import wins_through_keys

    from baker8bit import games
    from baker8bit.freecell.position import Position
    from baker8bit.freecell.solver import solve

    rules = games.get("king-albert").rules({})
    first = next(iter(LARGE))
    for outcome in ("solved", "unsolvable"):
        r = min((r for r in rows(first) if r["outcome"] == outcome), key=lambda r: int(r["states"]))
        found = solve(Position.dealt(int(r["deal"]), rules), rules, max_states=LARGE[first])
        assert found.outcome == outcome, r["deal"]
        if outcome == "unsolvable":
            assert found.positions <= int(r["states"]), r["deal"]
        if outcome == "solved":
            assert wins_through_keys(["--game", "king-albert", "--deal", r["deal"]], found.keys), r["deal"]


# Of the last pass's wins (10,000,000 iterations a run), the one quickest to find again (37 s on two
# busy cores; the other four took 41-108 s each): the suite runs it; the pass's own command
# (`tools/fcsolve_check.py --unknown --restarts`, docs/results/README.md) finds them all again.
QUICK_10M = "3073"


def published_restart_wins() -> list[tuple[str, str]]:
    """(pass CSV, deal) of every win of the restart passes, but of the last pass its quickest."""
    return [(name, r["deal"]) for name in RESTARTS for r in rows(name) if r["fc_win"] == "yes"
            and (RESTARTS[name][0] < 10_000_000 or r["deal"] == QUICK_10M)]


def test_the_quick_win_of_the_last_pass_is_one_of_its_wins():
    assert ("king-albert-fcsolve-restarts-10m-r0.csv", QUICK_10M) in published_restart_wins()


@pytest.mark.parametrize("name,deal", published_restart_wins())
def test_the_published_restart_wins_are_found_again_and_type_to_winner(name, deal):
    """Each win of the restart passes' CSVs (the last pass's quickest): fc-solve with the row's
    seed and the pass's iterations finds it again (as many moves) and ``keys --auto off`` plays it
    to WINNER."""
    need_fcsolve()
    sys.path.insert(0, str(TOOL.parent))
    from decide_large import wins_through_keys

    from baker8bit import games
    from baker8bit.freecell import fcsolve
    from baker8bit.freecell.position import Position

    rules = games.get("king-albert").rules({"auto": False})
    (r,) = [r for r in rows(name) if r["deal"] == deal]
    d, seed, iters = int(deal), int(r["fc_seed"]), RESTARTS[name][0]
    # iterations bound the run; the time limit only guards against a hung process (alone it takes
    # under a minute, but CI's two workers beside other jobs once took it past the default 120 s)
    found = fcsolve.restarts(Position.dealt(d, rules), rules, 1, iters, first=seed, timeout=1800)
    assert (found.outcome, len(found.moves), found.detail["seed"]) == ("solved", int(r["fc_moves"]), seed), d
    assert wins_through_keys(["--game", "king-albert", "--deal", deal, "--auto", "off"], found.moves), d


def test_an_fc_solve_run_past_its_timeout_is_undecided_not_a_traceback():
    """A run still going when its time is up (a stalled or slow machine) is stopped and counts as
    undecided, so a long pass of restarts goes on with the next seed."""
    need_fcsolve()
    from baker8bit import games
    from baker8bit.freecell import fcsolve
    from baker8bit.freecell.position import Position

    rules = games.get("king-albert").rules({"auto": False})
    pos = Position.dealt(1053, rules)  # undecided after 30,000,000 iterations of restarts: it runs long
    found = fcsolve.solve(pos, rules, "--max-iters", "50000000", timeout=0.2)
    assert (found.outcome, found.moves) == (fcsolve.UNKNOWN, ())
