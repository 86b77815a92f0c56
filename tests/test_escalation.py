"""Escalation by default (``Variant.escalation``, ``Variant.escalate``): ``solve`` and ``survey``
without ``--max-states`` and ``--nested`` run a game's searches cheap to strong within one time
budget and name the step that decided; explicit flags run the one search they name."""

from __future__ import annotations

import csv
import json

import pytest
from conftest import cli

from baker8bit import games
from baker8bit.console.contract import ESCALATION_SECONDS, Step, Variant
from baker8bit.core import compiled
from baker8bit.core.outcome import SOLVED, UNKNOWN, SearchResult
from baker8bit.research import survey as sv

SEQUENCE_COMPILED = pytest.mark.skipif(compiled.search_name("sequence") != compiled.COMPILED,
                                       reason="the sequence ladder's budgets are the compiled search's")


class Ladder(Variant):
    """A game whose search wins only from a budget of 100 positions on."""

    def __init__(self):
        super().__init__({"id": "ladder", "name": "LADDER"})
        self.asked: list[tuple] = []
        self.seconds: list = []

    def escalation(self, rules):
        return (Step("cheap", 10), Step("strong", 100, (("level", 2),)))

    def solve(self, position, rules, max_states=None, max_seconds=None, **options):
        self.asked.append((max_states, options))
        self.seconds.append(max_seconds)
        won = max_states >= 100
        return SearchResult(SOLVED if won else UNKNOWN, ("m",) if won else (), max_states, 0.0, "compiled")


def test_escalate_runs_the_steps_in_turn_and_names_the_one_that_decided():
    game = Ladder()
    r = game.escalate(None, None)
    assert r.outcome == SOLVED and r.search == "strong compiled"
    assert game.asked == [(10, {}), (100, {"level": 2})]
    assert r.positions == 110 and r.detail["steps"] == (("cheap", 10), ("strong", 100))


def test_escalate_starts_no_step_once_the_time_is_spent():
    game = Ladder()
    r = game.escalate(None, None, max_seconds=1e-9)
    assert r.outcome == UNKNOWN and r.search == "cheap compiled" and len(game.asked) == 1


def test_escalate_reads_no_clock_by_default():
    """Without --max-seconds the steps get no time limit: their budgets of positions alone decide."""
    game = Ladder()
    game.escalate(None, None)
    assert all(limit is None for limit in game.seconds)


def test_the_default_time_budget_is_named_in_help():
    code, out, _ = cli("solve", "--help")
    assert code == 0 and f"{ESCALATION_SECONDS:g} s a deal" in " ".join(out.split())


@SEQUENCE_COMPILED
def test_solve_sequence_4002_with_the_defaults_is_won_by_the_nested_search():
    """The issue's case: the depth-first search says unknown on 4002; the nested search of
    level 2 wins it, and solve says which step did."""
    code, out, err = cli("solve", "--game", "sequence", "--deal", "4002", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["outcome"] == SOLVED and answer["search"] == "nested-2 compiled"
    played = json.loads(cli("keys", "--game", "sequence", "--deal", "4002", " ".join(answer["solution"]),
                            "--json")[1])
    assert played["won"] is True


def test_an_explicit_budget_runs_the_one_search_as_before():
    code, out, err = cli("solve", "--game", "sequence", "--deal", "1", "--json", "--max-states", "1000")
    assert code == 0, err
    assert json.loads(out)["search"] in (compiled.COMPILED, compiled.PURE)


@pytest.mark.parametrize("game", ["freecell", "king-albert"])
def test_a_family_game_names_its_first_table(game):
    code, out, err = cli("solve", "--game", game, "--deal", "1", "--json")
    assert code == 0, err
    answer = json.loads(out)
    first = games.get(game).escalation(games.get(game).rules())[0].name
    assert answer["outcome"] == SOLVED and answer["search"].split() == [first, compiled.search_name("freecell")]


def test_the_ladders_of_the_family_by_build_rule():
    """In suit two tables; in alternating colours the first table, restarts with their own move
    orders, then the large table of one order, which proves most losses whole."""
    for game in ("baker", "bakers-game", "eight-off"):
        assert [s.name for s in games.get(game).escalation(games.get(game).rules())][0] in ("table-1m", "table-100k")
    for game in ("king-albert", "freecell"):
        ladder = games.get(game).escalation(games.get(game).rules())
        assert [s.name for s in ladder][1] == "restarts" and dict(ladder[1].options)["restarts"] == 40
        assert dict(ladder[2].options) == {"order": 0} and ladder[2].max_states >= 10 * ladder[0].max_states


@pytest.mark.skipif(compiled.search_name("freecell") != compiled.COMPILED,
                    reason="the ladder's budgets are the compiled search's")
def test_king_albert_4866_at_the_defaults_is_won_by_the_restarts():
    code, out, err = cli("solve", "--game", "king-albert", "--deal", "4866", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["outcome"] == SOLVED and answer["search"] == "restarts compiled"
    assert answer["states"] > 2_000_000  # the first step's two orders, each to its 1,000,000, count too


def test_blue_names_the_restarts():
    code, out, err = cli("solve", "--game", "blue", "--deal", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["search"] == f"restarts {compiled.search_name('blue')}"


@SEQUENCE_COMPILED
def test_a_survey_row_names_the_search_that_decided(tmp_path):
    out_csv = tmp_path / "s.csv"
    code, out, err = cli("survey", "--game", "sequence", "--deals", "1,4002", "--workers", "1", "--out", str(out_csv))
    assert code == 0, err
    rows = {int(r["deal"]): r for r in csv.DictReader(out_csv.open(newline=""))}
    assert rows[4002]["outcome"] == SOLVED and rows[4002]["search"] == "nested-2 compiled"
    assert rows[1]["search"] == "dfs compiled"
    assert len(sv.read_rows(str(out_csv))) == 2  # --resume reads the step names back


def test_a_survey_without_the_step_still_resumes(tmp_path):
    """A CSV of before the escalation (``search`` is compiled or pure, or no such column) resumes."""
    old = tmp_path / "old.csv"
    old.write_text("game,deal,outcome,moves,states,seconds,search\nfreecell,1,solved,5,9,0.1,compiled\n")
    code, _, err = cli("survey", "--game", "freecell", "--deals", "1-2", "--workers", "1", "--out", str(old),
                       "--resume")
    assert code == 0, err
    lines = old.read_text().splitlines()
    assert lines[1].endswith(",compiled") and lines[2].split(",")[-1].split()[-1] in ("compiled", "pure")


def test_a_search_column_of_no_step_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("game,deal,outcome,moves,states,seconds,search\nfreecell,1,solved,5,9,0.1,nested 2 compiled\n")
    code, _, err = cli("survey", "--game", "freecell", "--deals", "1", "--out", str(bad), "--resume")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "line 2: search must be" in err


def test_blue_full_size_survey_without_deals_refuses_at_once(tmp_path):
    """Counting every 4 x 13 layout exactly would never end (and grew to 14.7 GB): one line naming
    the sizes that can be counted and --deals, exit 2, no file written."""
    out_csv = tmp_path / "blue.csv"
    code, out, err = cli("survey", "--game", "blue", "--suits", "4", "--ranks", "13", "--out", str(out_csv))
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
    assert "--suits 2 --ranks 3..5" in err and "--deals" in err
    assert not out_csv.exists()


def test_blue_small_survey_without_deals_still_counts_exactly():
    code, out, err = cli("survey", "--game", "blue", "--suits", "2", "--ranks", "3")
    assert code == 0, err
    assert out.splitlines()[1] == "2x4,2,3,360,245,282," + out.splitlines()[1].split(",")[-1]
