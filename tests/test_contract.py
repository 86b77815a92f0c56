"""The game contract (console/contract.py) and the registry that gives the console its games.

Every game is a folder with a ``game.toml``; its variant meets the contract by inheriting it, so
nothing anywhere asks a game, a dialogue or a game in progress whether it has an attribute.
"""

from __future__ import annotations

import ast
from importlib import resources
from pathlib import Path

import pytest

from baker8bit import games
from baker8bit.console import contract
from baker8bit.console.contract import Option, Registry, Variant
from baker8bit.console.dialogue import Dialogue
from baker8bit.core.history import History
from baker8bit.core.outcome import OUTCOMES, SearchResult

PACKAGE = Path(games.__file__).resolve().parent.parent
IDS = games.ids()


def test_every_folder_with_a_game_toml_is_a_game_in_menu_order():
    folders = [e.name for e in resources.files("baker8bit.games").iterdir()
               if e.is_dir() and e.joinpath("game.toml").is_file()]
    variants = games.all_variants()
    assert len(variants) == len(folders) == len(set(IDS))
    assert [v.menu for v in variants] == sorted(v.menu for v in variants)
    assert IDS[0] == games.DEFAULT == "baker"  # the flagship first


def test_a_game_that_is_only_data_has_no_code_of_its_own():
    """Baker's Game, Eight Off and FreeCell are a game.toml each: no Python in their folders."""
    for folder in ("bakers_game", "eight_off", "freecell"):
        files = sorted(p.name for p in (PACKAGE / "games" / folder).iterdir() if p.name != "__pycache__")
        assert files == ["game.toml"], folder
    assert {"bakers-game", "eight-off", "freecell"} <= set(IDS)


@pytest.mark.parametrize("game", IDS)
def test_every_variant_inherits_the_contract(game):
    v = games.get(game)
    assert isinstance(v, Variant)
    for name in ("rules", "rule_sets", "title", "new_game", "dialogue", "draw_title", "draw_game",
                 "read_board", "write_board", "solve", "planner"):
        assert getattr(type(v), name) is not getattr(Variant, name), f"{game} must give {name}"
    rules = v.rules()
    assert v.options_of(rules) == {o.name: o.default for o in v.options} or v.recorded_defaults
    assert games.of_rules(rules) is v and v.rule_sets()[rules.name] == rules
    for o in v.options:
        assert isinstance(o, Option) and o.default in o.values


@pytest.mark.parametrize("game", IDS)
def test_every_game_in_progress_and_dialogue_meet_the_contract(game):
    m = games.KeyMachine(rules=games.get(game).rules(), deal=3)
    g, d = m.game, m.dialogue
    assert isinstance(d, Dialogue) and isinstance(g.history, History)
    for name in ("rules", "deal", "position", "moves", "takebacks_left", "won", "lost", "mark", "at_mark", "cheated"):
        getattr(g, name)  # declared, never probed: every game gives each
    for name in ("name", "game", "label", "title", "suits", "cards", "marks", "redo", "highlight", "history", "cheat"):
        getattr(g.rules, name)
    assert d.request is None and d.screen_detail() is not None


def test_the_registry_names_games_and_rule_sets():
    r = games.registry()
    assert isinstance(r, Registry) and list(r) == list(games.all_variants())
    assert r.get(None).id == "baker" and r.get("freecell").name == "FREECELL"
    with pytest.raises(contract.UnknownGame, match="unknown game 'nosuch'"):
        r.get("nosuch")
    with pytest.raises(KeyError, match="unknown rule set"):
        r.ruleset("nosuch")
    with pytest.raises(ValueError, match="two games have one id"):
        Registry([r.get("baker"), r.get("baker")], "baker")


def test_options_parse_what_the_command_line_types():
    suits = games.get("baker").options[0]
    assert suits.parse("3") == 3 and suits.choices() == "2, 3 or 4"
    with pytest.raises(ValueError, match="suits must be 2, 3 or 4, not '5'"):
        suits.parse("5")
    rank = games.get("king-albert").options[0]
    assert rank.choices() == "a whole number 0..12" and rank.parse("12") == 12
    auto = games.get("king-albert").options[1]
    assert auto.parse("off") is False and auto.choices() == "on or off"


def test_one_outcome_type_serves_every_search():
    assert [str(o) for o in OUTCOMES] == ["solved", "unsolvable", "unknown"]
    r = SearchResult("solved", ("EI",), 5, keys=("EI",))
    assert r.outcome is OUTCOMES[0] and r.decided and r.json()["outcome"] == "solved"
    with pytest.raises(ValueError, match="outcome must be one of"):
        SearchResult("won")
    for game in IDS:  # every game's search answers it
        v = games.get(game)
        rs = v.rules()
        assert isinstance(v.solve(v.new_game(rs, 3).position, rs, max_states=200), SearchResult)


PROBED = ("variant", "dialogue", "game", "rules", "position", "machine")


def test_nothing_probes_a_game_for_an_attribute():
    """No ``getattr``/``hasattr`` on a variant, dialogue, game, rule set, position or machine."""
    probes = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            called = node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else None
            if called in ("getattr", "hasattr"):
                first = ast.unparse(node.args[0])
                if any(word in first for word in PROBED):
                    probes.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    assert not probes, probes
