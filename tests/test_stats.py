"""Statistics: wins, losses, abandoned games without moves, streaks, fewest moves, per rule set;
the tracker fed by key machine events, the file (validation, format 1 still read, atomic save,
set-aside), the CLI."""

from __future__ import annotations

import argparse
import io
import json

import pytest
from conftest import machine_on, play, solutions
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit import games
from baker8bit.commands import session
from baker8bit.core import events as ev
from baker8bit.core.events import Event
from baker8bit.freecell.moves import legal_moves
from baker8bit.games import KeyMachine
from baker8bit.sessions import savegame, stats, userdata
from baker8bit.sessions.stats import Stats, StatsError, StatsTracker


def row(s: Stats, which: int | str) -> dict:
    """The summary row of a rule set, or of the 1989 game with that many suits."""
    name = f"baker{which}" if isinstance(which, int) else which
    return next(r for r in s.summary() if r["rule_set"] == name)


def e(kind: str, *args) -> Event:
    return Event(0, kind, args)


# -- Stats -----------------------------------------------------------------------


def test_wins_losses_streaks_and_fewest_moves():
    s = Stats()
    s.record_win("baker2", 60)
    s.record_win("baker2", 45)
    s.record_loss("baker2")
    s.record_win("baker2", 50)
    r = row(s, 2)
    assert (r["played"], r["won"], r["lost"]) == (4, 3, 1)
    assert r["win_percent"] == 75 and r["fewest_moves"] == 45
    assert (r["streak"], r["best_streak"]) == (1, 2)
    assert row(s, 3) == {"rule_set": "baker3", "game": "baker", "label": "3", "played": 0, "won": 0, "lost": 0,
                         "win_percent": None, "fewest_moves": None, "streak": 0, "best_streak": 0}


def test_a_loss_resets_the_streak_but_not_the_best():
    s = Stats()
    for _ in range(3):
        s.record_win("baker4", 100)
    s.record_loss("baker4")
    assert (row(s, 4)["streak"], row(s, 4)["best_streak"]) == (0, 3)


def test_unknown_rule_set_is_refused():
    with pytest.raises(ValueError, match="baker5"):
        Stats().record_win("baker5", 80)
    with pytest.raises(ValueError):
        Stats().record_loss(4)


def test_every_registered_rule_set_has_an_entry_and_a_label_of_its_own():
    names = [n for v in games.all_variants() for n in v.rule_sets()]
    assert list(Stats().games) == names and names[:5] == ["baker2", "baker3", "baker4", "bakers-game", "eight-off"]
    for n in names:
        assert stats.rule_set_of_label(games.ruleset(n).label).name == n
    assert stats.rule_set_of_label("4").name == "baker4" and stats.rule_set_of_label("5") is None


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["baker2", "baker3", "baker4", "bakers-game", "eight-off"]),
                          st.one_of(st.none(), st.integers(52, 400)))))
def test_any_history_is_consistent_and_round_trips(results):
    s = Stats()
    for name, moves in results:
        if moves is None:
            s.record_loss(name)
        else:
            s.record_win(name, max(moves, games.ruleset(name).cards))
    for n in list(s.games):
        mine = [m for k, m in results if k == n]
        r = row(s, n)
        assert r["played"] == len(mine) and r["won"] == sum(m is not None for m in mine)
        assert r["streak"] <= r["best_streak"] <= r["won"]
        tail = 0
        for m in reversed(mine):
            if m is None:
                break
            tail += 1
        assert r["streak"] == tail
    assert stats.loads(stats.dumps(s)) == s


# -- the tracker ---------------------------------------------------------------------


def tracked(machine, tracker):
    tracker.feed(machine.drain_events())


def test_a_won_game_is_a_win_with_its_move_count():
    deal, sol = solutions()[2]
    t = StatsTracker(Stats())
    m = play(2, deal, " ".join(sol[:5]) + " <SPACE> " + sol[4] + " " + " ".join(sol[5:]))
    t.feed(m.events)
    r = row(t.stats, 2)
    assert (r["won"], r["lost"], r["fewest_moves"], r["streak"]) == (1, 0, len(sol), 1)
    t.feed([e(ev.PROMPT)])  # any key after WINNER: not a loss
    assert row(t.stats, 2)["lost"] == 0


def make_a_move(m):
    """Press the keys of the first legal move of the machine's game."""
    keys = legal_moves(m.game.position, m.game.rules)[0].keys(m.game.rules)
    for k in keys:
        m.press(k)
    m.settle()
    assert m.events[-1].text == "tone"


def test_esc_after_a_move_is_a_loss_and_without_a_move_it_does_not_count():
    t = StatsTracker(Stats())
    m = play(4, 1, "<ESC> 4 <RETURN>")  # abandoned with no move: nothing
    t.feed(m.drain_events())
    assert row(t.stats, 4)["played"] == 0
    make_a_move(m)
    m.press("SPACE")  # taken back: it was still made
    assert m.game.moves == 0
    m.press("ESC")
    t.feed(m.drain_events())
    assert (row(t.stats, 4)["lost"], row(t.stats, 4)["played"]) == (1, 1)


@pytest.mark.parametrize("saved, lost", [(False, 1), (True, 0)])
def test_quitting_loses_unless_the_game_is_saved(saved, lost):
    t = StatsTracker(Stats())
    m = play(3, 5, "")
    make_a_move(m)
    t.feed(m.events)
    t.quit(saved=saved)
    assert row(t.stats, 3)["lost"] == lost and row(t.stats, 3)["won"] == 0


def test_quitting_with_no_move_made_is_not_a_loss():
    t = StatsTracker(Stats())
    t.feed(play(3, 5, "").events)
    t.quit(saved=False)
    assert row(t.stats, 3)["played"] == 0


def test_a_resumed_game_keeps_its_moves_and_a_later_esc_is_a_loss():
    deal, sol = solutions()[2]
    m = play(2, deal, " ".join(sol[:10]))
    t = StatsTracker(Stats())
    t.feed(m.events)
    t.quit(saved=True)
    assert row(t.stats, 2)["played"] == 0
    resumed = savegame.machine_from_game(savegame.parse(savegame.dump(m.game)))
    t.feed(resumed.drain_events())
    resumed.press("ESC")  # no move made in this session, but the game was under way
    t.feed(resumed.drain_events())
    assert row(t.stats, 2)["lost"] == 1


def test_a_resumed_game_won_later_counts_its_full_move_count():
    deal, sol = solutions()[2]
    m = play(2, deal, " ".join(sol[:10]))
    t = StatsTracker(Stats())
    resumed = savegame.machine_from_game(savegame.parse(savegame.dump(m.game)))
    for mv in sol[10:]:
        resumed.press(mv[0])
        resumed.press(mv[1])
        resumed.settle()
    t.feed(resumed.events)
    assert (row(t.stats, 2)["won"], row(t.stats, 2)["fewest_moves"]) == (1, len(sol))


def test_a_resumed_game_saved_at_winner_is_not_won_twice():
    deal, sol = solutions()[2]
    m = play(2, deal, " ".join(sol))
    t = StatsTracker(Stats())
    t.feed(savegame.machine_from_game(savegame.parse(savegame.dump(m.game))).events)
    assert row(t.stats, 2)["won"] == 0


def test_board_games_do_not_count():
    m = machine_on("""
        Foundations: C-Q D-Q H-K S-K
        Freecells: - -
        : KC
        : KD
        :
        :
        :
        :
    """, "AT BT")
    t = StatsTracker(Stats())
    t.feed(m.events)
    assert "winner" in [e.text for e in m.events]
    assert all(r["played"] == 0 for r in t.stats.summary())


def solved_keys(name: str, deal: int) -> list[str]:
    rules = games.ruleset(name)
    variant = games.of_rules(rules)
    result = variant.solve(variant.new_game(rules, deal).position, rules, max_seconds=30)
    assert result.outcome == "solved"
    return list(result.keys)


@pytest.mark.parametrize("name", ["bakers-game", "eight-off"])
def test_other_games_count_under_their_rule_set(name):
    t = StatsTracker(Stats())
    moves = solved_keys(name, 1)
    m = KeyMachine(rules=games.ruleset(name), deal=1)
    for mv in moves:
        for k in mv:
            m.press(k)
        m.settle()
    assert m.phase == "won"
    t.feed(m.drain_events())
    assert (row(t.stats, name)["won"], row(t.stats, name)["fewest_moves"]) == (1, len(moves))
    m = KeyMachine(rules=games.ruleset(name), deal=2)
    make_a_move(m)
    m.press("ESC")
    t.feed(m.drain_events())
    r = row(t.stats, name)
    assert (r["won"], r["lost"], r["played"], r["streak"], r["best_streak"]) == (1, 1, 2, 0, 1)
    others = [r for r in t.stats.summary() if r["rule_set"] != name]
    assert all(r["played"] == 0 for r in others)


def test_a_deal_label_no_rule_set_has_is_not_counted():
    t = StatsTracker(Stats())
    t.feed([e(ev.DEAL, "freecell", 7), e(ev.MOVE, "A", "I"), e(ev.PROMPT)])
    t.feed([e(ev.DEAL, "eight-off", None), e(ev.MOVE, "A", "I"), e(ev.PROMPT)])  # a board
    assert t.stats.empty


def test_streak_over_several_games():
    deal, sol = solutions()[2]
    t = StatsTracker(Stats())
    win = " ".join(sol) + " A"  # win, then a key to play again
    m = play(2, deal, win)
    t.feed(m.events)
    t.feed([e(ev.DEAL, "2", deal), e(ev.MOVE, "F", "T"), e(ev.PROMPT)])  # a loss
    t.feed(play(2, deal, win).events)
    t.feed(play(2, deal, win).events)
    r = row(t.stats, 2)
    assert (r["won"], r["lost"], r["streak"], r["best_streak"]) == (3, 1, 2, 2)


def test_the_tracker_saves_after_each_change_and_survives_a_failed_save(tmp_path, monkeypatch):
    f = tmp_path / "stats.json"
    t = StatsTracker(Stats(), path=f)
    t.feed([e(ev.DEAL, "4", 7), e(ev.MOVE, "A", "I"), e(ev.PROMPT)])
    assert stats.load(f).games["baker4"].lost == 1 and t.save_error is None
    old = f.read_bytes()
    monkeypatch.setattr(stats, "write_text", lambda p, text: (_ for _ in ()).throw(
        stats.AtomicWriteError(p, OSError(28, "No space left on device"))))
    t.feed([e(ev.DEAL, "4", 8), e(ev.MOVE, "A", "I"), e(ev.PROMPT)])
    assert "No space left on device" in t.save_error and f.read_bytes() == old
    assert t.stats.games["baker4"].lost == 2


# -- the file --------------------------------------------------------------------------


def good_json() -> dict:
    s = Stats()
    s.record_win("baker2", 40)
    s.record_loss("baker3")
    return json.loads(stats.dumps(s))


# A statistics file as baker8bit wrote it before there were other games (format 1, by suit count).
V1_FILE = """{
  "format": "baker8bit-stats",
  "version": 1,
  "program": "0.1.0",
  "suits": {
    "2": {
      "won": 2,
      "lost": 1,
      "fewest_moves": 39,
      "streak": 0,
      "best_streak": 2
    },
    "3": {
      "won": 0,
      "lost": 1,
      "fewest_moves": null,
      "streak": 0,
      "best_streak": 0
    },
    "4": {
      "won": 2,
      "lost": 0,
      "fewest_moves": 110,
      "streak": 2,
      "best_streak": 2
    }
  }
}
"""


def test_the_file_is_format_2_keyed_by_rule_set():
    d = good_json()
    assert (d["format"], d["version"]) == ("baker8bit-stats", 2) and "suits" not in d
    assert list(d["games"]) == [n for v in games.all_variants() for n in v.rule_sets()]
    assert d["games"]["baker2"] == {"won": 1, "lost": 0, "fewest_moves": 40, "streak": 1, "best_streak": 1}


def test_a_version_1_file_loads_into_baker2_to_baker4_and_saves_as_version_2(tmp_path):
    f = tmp_path / "stats.json"
    f.write_text(V1_FILE)
    got, message = stats.load_or_set_aside(f)
    assert message is None and f.read_text() == V1_FILE  # read, not rewritten yet
    assert got.games["baker2"] == stats.RuleSetStats(won=2, lost=1, fewest_moves=39, streak=0, best_streak=2)
    assert got.games["baker3"] == stats.RuleSetStats(lost=1)
    assert got.games["baker4"] == stats.RuleSetStats(won=2, fewest_moves=110, streak=2, best_streak=2)
    assert got.games["bakers-game"] == got.games["eight-off"] == stats.RuleSetStats()
    stats.save(f, got)
    assert json.loads(f.read_text())["version"] == 2 and stats.load(f) == got


def test_a_version_1_file_that_cannot_be_read_is_set_aside(tmp_path):
    f = tmp_path / "stats.json"
    damaged = V1_FILE.replace('"fewest_moves": 39', '"fewest_moves": 25')
    f.write_text(damaged)
    got, message = stats.load_or_set_aside(f)
    assert got == Stats() and "suits.2.fewest_moves: 25 is too few" in message
    assert (tmp_path / "stats.json.damaged-1").read_text() == damaged and not f.exists()


def test_a_registered_rule_set_missing_from_the_file_starts_at_zero():
    d = good_json()
    del d["games"]["eight-off"]  # a file written before Eight Off was registered
    got = stats.loads(json.dumps(d))
    assert got.games["eight-off"] == stats.RuleSetStats() and got.games["baker2"].won == 1


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(format="other"), "not a baker8bit statistics file"),
        (lambda d: d.update(version=3), "newer baker8bit"),
        (lambda d: d.update(version=0), "unknown statistics format"),
        (lambda d: d.update(version="2"), "bad version"),
        (lambda d: d.update(games=[]), '"games" must be an object'),
        (lambda d: d["games"].update(freecell=d["games"]["baker3"]), "unknown rule set(s) 'freecell'"),
        (lambda d: d["games"]["baker2"].update(won=-1), "games.baker2.won: must be a whole number"),
        (lambda d: d["games"]["baker2"].update(won=True), "games.baker2.won"),
        (lambda d: d["games"]["baker2"].update(fewest_moves=None), "games.baker2.fewest_moves"),
        (lambda d: d["games"]["baker2"].update(fewest_moves=25), "too few"),
        (lambda d: d["games"]["eight-off"].update(won=1, best_streak=1, fewest_moves=51),
         "a win of eight-off takes 52 or more"),
        (lambda d: d["games"]["baker3"].update(fewest_moves=60), "must be null"),
        (lambda d: d["games"]["baker2"].update(streak=2), "do not fit together"),
        (lambda d: d["games"]["baker4"].update(colour="red"), "unknown field(s) colour"),
        (lambda d: d["games"].update({"bakers-game": []}), "games.bakers-game: must be an object"),
    ],
)
def test_damaged_statistics_are_refused(change, words):
    d = good_json()
    change(d)
    with pytest.raises(StatsError) as info:
        stats.loads(json.dumps(d))
    assert words in str(info.value)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["suits"].pop("3"), 'exactly the entries "2", "3" and "4"'),
        (lambda d: d["suits"].update({"5": d["suits"]["4"]}), 'exactly the entries "2", "3" and "4"'),
        (lambda d: d["suits"]["2"].update(won=-1), "suits.2.won: must be a whole number"),
        (lambda d: d["suits"]["2"].update(won=True), "suits.2.won"),
        (lambda d: d["suits"]["2"].update(fewest_moves=None), "suits.2.fewest_moves"),
        (lambda d: d["suits"]["2"].update(fewest_moves=25), "a 2-suit win takes 26 or more"),
        (lambda d: d["suits"]["3"].update(fewest_moves=60), "must be null"),
        (lambda d: d["suits"]["2"].update(streak=3), "do not fit together"),
        (lambda d: d["suits"]["4"].update(colour="red"), "unknown field(s) colour"),
        (lambda d: d["suits"].update({"4": []}), "suits.4: must be an object"),
    ],
)
def test_damaged_version_1_statistics_are_refused(change, words):
    d = json.loads(V1_FILE)
    change(d)
    with pytest.raises(StatsError) as info:
        stats.loads(json.dumps(d))
    assert words in str(info.value)


def test_truncated_and_garbage_files_are_refused():
    text = stats.dumps(Stats())
    with pytest.raises(StatsError, match="not valid JSON"):
        stats.loads(text[: len(text) // 2])
    with pytest.raises(StatsError, match="not a baker8bit statistics file"):
        stats.loads("[1, 2, 3]")


def test_load_or_set_aside(tmp_path):
    f = tmp_path / "stats.json"
    assert stats.load_or_set_aside(f) == (Stats(), None)
    s = Stats()
    s.record_win("baker3", 90)
    s.record_loss("eight-off")
    stats.save(f, s)
    assert stats.load_or_set_aside(f) == (s, None)
    f.write_bytes(b'{"format": "baker8bit-stats", "vers')
    got, message = stats.load_or_set_aside(f)
    assert got == Stats() and "stats.json.damaged-1" in message and "not valid JSON" in message
    assert (tmp_path / "stats.json.damaged-1").read_bytes() == b'{"format": "baker8bit-stats", "vers'
    assert not f.exists()
    f.write_bytes(b"\xff\xfe")
    assert "not text" in stats.load_or_set_aside(f)[1]
    assert (tmp_path / "stats.json.damaged-2").read_bytes() == b"\xff\xfe"


def test_a_version_2_file_with_an_unknown_rule_set_is_set_aside_naming_it(tmp_path):
    f = tmp_path / "stats.json"
    d = good_json()
    d["games"]["spider"] = {"won": 0, "lost": 3, "fewest_moves": None, "streak": 0, "best_streak": 0}
    f.write_text(json.dumps(d))
    got, message = stats.load_or_set_aside(f)
    assert got == Stats() and "unknown rule set(s) 'spider'" in message and "stats.json.damaged-1" in message
    assert json.loads((tmp_path / "stats.json.damaged-1").read_text()) == d and not f.exists()


# -- where the files live -----------------------------------------------------------


def test_the_data_dir_follows_pyxel_and_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(userdata.ENV, str(tmp_path / "d"))
    assert userdata.stats_path() == tmp_path / "d" / "stats.json"
    assert not (tmp_path / "d").exists()
    assert userdata.savegame_path(create=True) == tmp_path / "d" / "savegame.txt" and (tmp_path / "d").is_dir()
    monkeypatch.delenv(userdata.ENV)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert userdata.data_dir() == tmp_path / "home" / ".pyxel" / "baker8bit"
    assert userdata.pyxel_dir_name("Takashi Kitao") == "takashi_kitao"
    assert userdata.pyxel_dir_name("Pyxel: Shooter! v2") == "pyxel_shooter_v2"


# -- the stats command ----------------------------------------------------------------


def parse_args(*argv: str):
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    session.register(sub)
    return parser.parse_args(["stats", *argv])


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(userdata.ENV, str(tmp_path))
    return tmp_path


def some_stats(data):
    s = Stats()
    s.record_win("baker2", 41)
    s.record_win("baker2", 39)
    s.record_loss("baker2")
    s.record_win("baker4", 120)
    s.record_win("eight-off", 140)
    s.record_loss("bakers-game")
    stats.save(data / "stats.json", s)
    return s


def run(*argv):
    args = parse_args(*argv)
    return args.func(args)


def test_stats_prints_the_table(data, capsys):
    some_stats(data)
    assert run("--all") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["game", "played", "won", "lost", "win", "%", "fewest", "streak", "best"]
    assert lines[1].split() == ["baker2", "3", "2", "1", "67", "39", "0", "2"]
    assert lines[2].split() == ["baker3", "0", "0", "0", "-", "-", "0", "0"]
    assert lines[3].split() == ["baker4", "1", "1", "0", "100", "120", "1", "1"]
    assert lines[4].split() == ["bakers-game", "1", "0", "1", "0", "-", "0", "0"]
    assert lines[5].split() == ["eight-off", "1", "1", "0", "100", "140", "1", "1"]
    assert len(lines) == 1 + sum(len(v.rule_sets()) for v in games.all_variants())
    assert all(line.split()[1:] == ["0", "0", "0", "-", "-", "0", "0"] for line in lines[6:])


def test_stats_for_one_suit_count(data, capsys):
    some_stats(data)
    assert run("--suits", "4") == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[1].split()[0] == "baker4"
    assert run("--game", "baker", "--suits", "2") == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()] == ["game", "baker2"]


def test_stats_for_one_game(data, capsys):
    some_stats(data)
    assert run("--game", "baker", "--all") == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()] == ["game", "baker2", "baker3", "baker4"]
    assert run("--game", "baker") == 0  # without --all: the rule sets played
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()] == ["game", "baker2", "baker4"]
    assert run("--game", "eight-off") == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[1].split() == ["eight-off", "1", "1", "0", "100", "140", "1", "1"]


def test_suits_with_another_game_is_a_clear_error(data, capsys):
    from baker8bit.cli import main

    some_stats(data)
    before = (data / "stats.json").read_bytes()
    assert main(["stats", "--game", "eight-off", "--suits", "4"]) == 2
    err = capsys.readouterr().err
    assert "eight-off" in err and "--suits" in err and len(err.strip().splitlines()) == 1
    assert main(["stats", "--game", "bakers-game", "--suits", "2", "--reset", "--yes"]) == 2
    assert "bakers-game" in capsys.readouterr().err and (data / "stats.json").read_bytes() == before


def test_stats_without_a_file_shows_zeros(data, capsys):
    assert run("--all") == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1 + sum(len(v.rule_sets()) for v in games.all_variants())
    assert not (data / "stats.json").exists()


def test_stats_sets_a_damaged_file_aside_and_says_so(data, capsys):
    (data / "stats.json").write_text("{oops")
    assert run() == 0
    err = capsys.readouterr().err
    assert "damaged-1" in err and (data / "stats.json.damaged-1").read_text() == "{oops"


@pytest.mark.parametrize("answer", ["y\n", "yes\n", " YES \n"])
def test_reset_deletes_on_yes(data, capsys, monkeypatch, answer):
    some_stats(data)
    monkeypatch.setattr("sys.stdin", io.StringIO(answer))
    assert run("--reset") == 0
    cap = capsys.readouterr()
    assert "Delete all statistics? [y/N]" in cap.err and "deleted" in cap.out
    assert stats.load(data / "stats.json").empty


@pytest.mark.parametrize("answer", ["n\n", "\n", "yess\n", "maybe\n"])
def test_reset_keeps_on_anything_else(data, capsys, monkeypatch, answer):
    s = some_stats(data)
    monkeypatch.setattr("sys.stdin", io.StringIO(answer))
    assert run("--reset") == 1  # not deleted: 1, as for no answer or a failed write
    assert "kept" in capsys.readouterr().out and stats.load(data / "stats.json") == s


def test_reset_without_an_answer_does_nothing_and_fails(data, capsys, monkeypatch):
    s = some_stats(data)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert run("--reset") == 1
    assert "no answer" in capsys.readouterr().err and stats.load(data / "stats.json") == s


def test_reset_yes_skips_the_question_and_suits_limits_it(data, capsys, monkeypatch):
    some_stats(data)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # never read
    assert run("--reset", "--yes", "--suits", "2") == 0
    after = stats.load(data / "stats.json")
    assert after.games["baker2"] == stats.RuleSetStats() and after.games["baker4"].won == 1
    assert after.games["eight-off"].won == 1
    assert "the statistics of baker2 deleted" in capsys.readouterr().out


def test_reset_one_game_keeps_the_others(data, capsys, monkeypatch):
    some_stats(data)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert run("--reset", "--game", "baker") == 0
    cap = capsys.readouterr()
    assert "Delete the statistics of baker? [y/N]" in cap.err and "the statistics of baker deleted" in cap.out
    after = stats.load(data / "stats.json")
    assert all(after.games[n] == stats.RuleSetStats() for n in ("baker2", "baker3", "baker4"))
    assert after.games["eight-off"].won == 1 and after.games["bakers-game"].lost == 1


def test_yes_alone_is_a_usage_error(data):
    from baker8bit.commands.common import UsageError

    with pytest.raises(UsageError, match="--yes only goes with --reset"):
        run("--yes")


def test_reset_with_nothing_to_delete(data, capsys):
    assert run("--reset", "--yes") == 0
    assert "no statistics to delete" in capsys.readouterr().out
