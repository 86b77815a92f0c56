"""Every command for every game: show, keys, shot, solve, solve --json, survey, demo, replay and
stats (and check, study) for each game id the command line lists. A cell either works (exit 0 and
output that says what was asked) or refuses in one line on stderr with exit 2; none raises.

Every game's search answers one result type (``core.outcome.SearchResult``), so ``solve`` prints,
for every game, the keys a player types: they are played back with ``keys`` to WINNER.

The commands run in this process (``baker8bit.cli.main``), on small deals with small budgets.
"""

from __future__ import annotations

import csv
import json
import re
import tomllib
from dataclasses import FrozenInstanceError, replace
from functools import cache
from pathlib import Path

import pytest
from conftest import (
    cli,  # noqa: E402  (baker8bit ARGV in this process)
    pyxel_ready,
)

from baker8bit import games
from baker8bit.cli import build_parser
from baker8bit.core.outcome import OUTCOMES, SOLVED, SearchResult
from baker8bit.freecell.variant import FreecellVariant
from baker8bit.sessions import recording

IDS = games.ids()
SEARCHES = ("compiled", "pure")
BUDGET = "20000"  # positions a search of this matrix may examine
DEALS = range(1, 9)  # the deals tried for a small solvable one


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path / "data"))  # stats, sessions: never the real ones




def ok_or_refused(code: int, out: str, err: str) -> bool:
    """True when the command worked (exit 0); a refusal must be exit 2 and one line, never a traceback."""
    assert "Traceback" not in out + err
    if code == 0:
        return True
    assert code == 2, (code, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("baker8bit: "), err
    return False


@cache
def small_solved(game: str) -> tuple[int, dict]:
    """The first deal of ``DEALS`` that ``solve --json`` wins within ``BUDGET``, and its answer."""
    for deal in DEALS:
        code, out, err = cli("solve", "--game", game, "--deal", str(deal), "--json", "--max-states", BUDGET)
        assert code == 0, err
        answer = json.loads(out)
        if answer["outcome"] == SOLVED:
            return deal, answer
    pytest.fail(f"{game}: no deal of {DEALS} solved within {BUDGET} positions")


def played(game: str, deal: int, keys: list[str]) -> str:
    code, out, err = cli("keys", "--game", game, "--deal", str(deal), " ".join(keys))
    assert code == 0, err
    return out


# -- the games the command line lists ---------------------------------------------------------


def test_the_matrix_covers_every_game_folder_and_the_help_lists_them():
    # the games are the folders with a game.toml, read here without the registry's code
    folders = {tomllib.loads(toml.read_text("utf-8"))["id"]
               for toml in (Path(games.__file__).parent).glob("*/game.toml")}
    assert set(IDS) == folders and len(IDS) == len(folders)
    helptext = build_parser().format_help()
    listed = re.search(r"which game: ([^(]*)\(", " ".join(helptext.split())).group(1)
    assert sorted(g.strip() for g in listed.split(",")) == sorted(IDS)


# -- the cells ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", IDS)
def test_show(game):
    code, out, err = cli("show", "--game", game, "--deal", "2")
    if ok_or_refused(code, out, err):
        variant = games.get(game)
        position, rules = variant.read_board(out)  # what show prints reads back as the game's board
        assert variant.show(rules, position, None) == out


@pytest.mark.parametrize("game", IDS)
def test_keys(game):
    deal, answer = small_solved(game)
    code, out, err = cli("keys", "--game", game, "--deal", str(deal), " ".join(answer["solution"][:1]), "--json")
    if ok_or_refused(code, out, err):
        state = json.loads(out)
        assert state["game"] == game and state["deal"] == deal and state["won"] is False
        assert state["events"], "a key did something"
    assert played(game, deal, answer["solution"]).rstrip().endswith("WINNER")


@pytest.mark.parametrize("game", IDS)
def test_shot(game, tmp_path):
    pyxel_ready()
    deal, answer = small_solved(game)
    png = tmp_path / "shot.png"
    code, out, err = cli("shot", "--game", game, "--deal", str(deal), " ".join(answer["solution"][:2]),
                         "--out", str(png))
    if ok_or_refused(code, out, err):
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[20:24], "big") >= 224  # IHDR height


@pytest.mark.parametrize("game", IDS)
def test_solve_prints_the_keys_a_player_types(game):
    deal, _ = small_solved(game)
    code, out, err = cli("solve", "--game", game, "--deal", str(deal), "--max-states", BUDGET)
    if ok_or_refused(code, out, err):
        lines = out.splitlines()
        assert lines[0] == SOLVED and len(lines) == 3
        assert re.fullmatch(r"\d+ moves( \(\d+ made by the game itself, not typed\))?, \d+ states, [\d.]+ s, "
                            r"(compiled|pure) search", lines[2])
        assert played(game, deal, lines[1].split()).rstrip().endswith("WINNER")


@pytest.mark.parametrize("game", IDS)
def test_solve_json(game):
    deal, _ = small_solved(game)
    code, out, err = cli("solve", "--game", game, "--deal", str(deal), "--json", "--max-states", BUDGET)
    if ok_or_refused(code, out, err):
        answer = json.loads(out)
        assert set(answer) == {"outcome", "solution", "moves", "states", "seconds", "search", "automatic"}
        assert answer["outcome"] == SOLVED and answer["search"] in SEARCHES
        assert all(0 <= a["after"] <= len(answer["solution"]) for a in answer["automatic"])
        assert answer["moves"] >= len([k for k in answer["solution"] if k != "P"]) > 0
        assert 0 < answer["states"] and answer["seconds"] >= 0
        out = json.loads(played_json := cli("keys", "--game", game, "--deal", str(deal),
                                            " ".join(answer["solution"]), "--json")[1])
        assert out["won"] is True, played_json


# solve --memory: every game of the FreeCell family (its compiled search has the table that forgets)
FORGETTING = {g for g in IDS if isinstance(games.get(g), FreecellVariant)}


@pytest.mark.parametrize("game", IDS)
def test_solve_with_a_table_that_forgets(game):
    """``solve --memory SIZE``: the FreeCell family's compiled search with a seen table that
    forgets past SIZE gives a win the player types to WINNER; the other games, and an install
    with the pure search only, refuse in one line with exit 2."""
    from baker8bit.freecell.solver import choose

    deal, _ = small_solved(game)
    code, out, err = cli("solve", "--game", game, "--deal", str(deal), "--json", "--max-states", BUDGET,
                         "--memory", "1M")
    works = ok_or_refused(code, out, err)
    compiled = choose.search_name(games.get("king-albert").rules({})) == "compiled"  # not BAKER8BIT_PURE_SOLVER=1
    assert works == (game in FORGETTING and compiled), (game, err)
    if works:
        answer = json.loads(out)
        assert answer["outcome"] == SOLVED and answer["search"] == "compiled"
        won = json.loads(cli("keys", "--game", game, "--deal", str(deal), " ".join(answer["solution"]), "--json")[1])
        assert won["won"] is True
    else:
        assert "--memory" in err


def test_solve_memory_refuses_a_size_too_small():
    code, out, err = cli("solve", "--game", "king-albert", "--deal", "1", "--memory", "12")
    assert code == 2 and not out and "at least 1M" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("game", IDS)
def test_solve_unknown_past_the_limit(game):
    """A budget too small for any answer: unknown, no keys, in the one result type."""
    code, out, err = cli("solve", "--game", game, "--deal", "1", "--json", "--max-states", "1")
    if ok_or_refused(code, out, err):
        answer = json.loads(out)
        assert answer["outcome"] in OUTCOMES and answer["search"] in SEARCHES
        if answer["outcome"] != SOLVED:
            assert answer["solution"] == [] and answer["moves"] == 0


@pytest.mark.parametrize("game", IDS)
def test_survey(game, tmp_path):
    out_csv = tmp_path / "survey.csv"
    code, out, err = cli("survey", "--game", game, "--deals", "1-2", "--max-states", "2000", "--workers", "1",
                         "--out", str(out_csv))
    if ok_or_refused(code, out, err):
        rows = list(csv.DictReader(out_csv.open(newline="")))
        assert [int(r["deal"]) for r in rows] == [1, 2]
        assert all(r["search"] in SEARCHES for r in rows)
        assert out.strip(), "a summary table"


@pytest.mark.parametrize("game", IDS)
def test_demo(game, monkeypatch):
    """``demo`` with its window headless: the program plays the deal it found, move after move."""
    from baker8bit.commands import demo as demo_cmd

    pyxel_ready()
    real = demo_cmd.demo_app
    seen = {}

    def headless(plan, speed, opts, seed, session=None):
        app = real(plan, speed, replace(opts, headless=True, sound=False, fps=10000), seed, session)

        class Run:
            def run(self):
                for _ in range(400):  # frames: a few dozen moves at --speed 16
                    app.update()
                    if app.machine.phase == "won":
                        break
                seen["game"] = app.machine.game

        return Run()

    monkeypatch.setattr(demo_cmd, "demo_app", headless)
    deal, _ = small_solved(game)
    code, out, err = cli("demo", "--game", game, "--deal", str(deal), "--speed", "16")
    if ok_or_refused(code, out, err):
        assert "playing deal #" in out
        assert seen["game"].rules.game == game and seen["game"].moves > 0


@pytest.mark.parametrize("game", IDS)
def test_replay(game, tmp_path):
    """A recording of the keys ``solve`` gives: replayed, it wins; its first moves render to a GIF."""
    pyxel_ready()
    deal, answer = small_solved(game)
    rules = games.get(game).rules()

    def record(keys: list[str]) -> recording.Recording:
        r = recording.Recorder(seed=1, rules=rules, deal=deal)
        for group in keys:
            for k in group:
                r.machine.settle()
                r.press(k)
                r.tick()
        r.machine.settle()
        return r.recording()

    won = recording.replay(recording.parse(recording.dump(record(answer["solution"]))))
    assert won.game.won
    path = tmp_path / "rec.txt"
    recording.save(path, record(answer["solution"][:3]))
    gif = tmp_path / "rec.gif"
    code, out, err = cli("replay", str(path), "--gif", str(gif))
    if ok_or_refused(code, out, err):
        assert gif.read_bytes()[:6] == b"GIF89a"


@pytest.mark.parametrize("game", IDS)
def test_stats(game):
    code, out, err = cli("stats", "--game", game, "--all")  # --all: every rule set, played or not
    if ok_or_refused(code, out, err):
        names = [line.split()[0] for line in out.splitlines()[1:]]
        assert names == list(games.get(game).rule_sets())


@pytest.mark.parametrize("game", IDS)
def test_check(game):
    """``check`` decides layouts of the games that have a checker (Blue); the others are refused."""
    code, out, err = cli("check", game, "--seed", "2", "--suits", "2", "--ranks", "4", "--json")
    if ok_or_refused(code, out, err):
        answer = json.loads(out)
        assert answer["search"] in SEARCHES and answer["dealt"]["outcome"] in OUTCOMES
    else:
        assert game != "blue"


@pytest.mark.parametrize("game", IDS)
def test_prove(game, tmp_path):
    """``prove`` decides a small deal of the games that give a state space (Blue, King Albert);
    the others are refused."""
    small = {"blue": ["--suits", "2", "--ranks", "4"], "king-albert": ["--starting-rank", "10"]}.get(game, [])
    code, out, err = cli("prove", game, "--deal", "2", *small, "--dir", str(tmp_path), "--json")
    if ok_or_refused(code, out, err):
        answer = json.loads(out)
        assert answer["search"] in SEARCHES and answer["game"] == game
        verdicts = [v for k, v in answer.items() if isinstance(v, dict)]
        assert verdicts and all(v["outcome"] in OUTCOMES and v["states"] > 0 for v in verdicts)
    else:
        assert game not in ("blue", "king-albert") and "no state space" in err


@pytest.mark.parametrize("game", IDS)
def test_study(game):
    code, out, err = cli("study", game, "--strategy", "greedy", "--deals", "1-2", "--workers", "1")
    if ok_or_refused(code, out, err):
        assert out.splitlines()[0].startswith("strategy,deal,")
    else:
        assert game != "sequence"


# -- what does not apply: one line, exit 2 ------------------------------------------------------


OPTIONS = {"suits": ("--suits", "2"), "ranks": ("--ranks", "5"), "starting_rank": ("--starting-rank", "3")}


@pytest.mark.parametrize("game", IDS)
@pytest.mark.parametrize("command", ["show", "solve", "survey", "keys"])
def test_an_option_the_game_does_not_have_is_one_line(game, command):
    has = {o.name for o in games.get(game).options}
    for name, flag in OPTIONS.items():
        if name in has:
            continue
        extra = {"survey": ["--deals", "1"], "keys": ["A"]}.get(command, [])
        code, out, err = cli(command, "--game", game, *flag, *extra)
        assert not ok_or_refused(code, out, err), (command, game, flag)
        assert f"no option {flag[0]}" in err, err


@pytest.mark.parametrize("game", IDS)
def test_a_demo_strategy_is_refused_where_the_game_has_none(game, monkeypatch):
    from baker8bit.commands import demo as demo_cmd
    from baker8bit.window import app

    monkeypatch.setattr(demo_cmd, "demo_app", lambda *a, **k: type("Run", (), {"run": lambda self: None})())
    monkeypatch.setattr(app, "check_display", lambda: None)  # as if a display were there
    code, out, err = cli("demo", "--game", game, "--deal", "2", "--strategy", "greedy")
    if not ok_or_refused(code, out, err):
        assert "strateg" in err


def test_blue_survey_resume_refuses_a_file_that_is_not_its_survey(tmp_path):
    f = tmp_path / "s.csv"
    f.write_text("kept\n")
    code, out, err = cli("survey", "--game", "blue", "--deals", "1", "--out", str(f), "--resume")
    assert not ok_or_refused(code, out, err) and f.read_text() == "kept\n"


# -- one result type, and which search ran ---------------------------------------------------------


@pytest.mark.parametrize("game", IDS)
def test_every_variant_solves_into_one_result_type(game):
    variant = games.get(game)
    rules = variant.rules()
    deal, answer = small_solved(game)
    result = variant.solve(variant.new_game(rules, deal).position, rules, max_states=int(BUDGET))
    assert isinstance(result, SearchResult) and all(isinstance(k, str) for k in result.keys)
    assert result.json() | {"seconds": 0} == answer | {"seconds": 0}
    with pytest.raises(FrozenInstanceError):
        result.outcome = "unknown"  # type: ignore[misc]


@pytest.mark.parametrize("game", IDS)
def test_solve_names_the_pure_search_when_asked_for(game, monkeypatch):
    deal, answer = small_solved(game)
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    code, out, err = cli("solve", "--game", game, "--deal", str(deal), "--json", "--max-states", BUDGET)
    assert code == 0, err
    pure = json.loads(out)
    assert pure["search"] == "pure" and pure["outcome"] == SOLVED
    assert pure["solution"] == answer["solution"]  # the compiled searches give the pure ones' answers


def test_blue_solve_from_a_game_under_way_gives_play_mode_keys(tmp_path):
    """A Blue game file with moves made opens in play mode: its keys start with a move, not ``P``."""
    from baker8bit.games.blue import checker, gamefile
    from baker8bit.games.blue.rules import Game, Layout

    game = Game.dealt(1, Layout(4, 13))
    for move in checker.solve(game.board, game.layout, max_positions=int(BUDGET)).moves[:5]:
        game.play(move)
    f = tmp_path / "blue.txt"
    f.write_text(gamefile.dumps(game))
    code, out, err = cli("solve", "--game", "blue", "--board", str(f), "--json", "--max-states", BUDGET)
    answer = json.loads(out)
    assert code == 0 and answer["outcome"] == SOLVED and answer["solution"][0] != "P"
    code, out, err = cli("keys", "--game", "blue", "--board", str(f), " ".join(answer["solution"]))
    assert code == 0 and out.rstrip().endswith("WINNER")
