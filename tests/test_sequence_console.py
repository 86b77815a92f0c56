"""Sequence solitaire on the console: the menu, its keys and mouse, take-back and redo, HELP,
WINNER, recordings, ``keys --json``, ``show`` and statistics, as for the other games."""

from __future__ import annotations

import json
import random

import pytest
from conftest import texts

from baker8bit import games
from baker8bit.cli import main
from baker8bit.console import script
from baker8bit.console.screens import compose
from baker8bit.games import KeyMachine, compat
from baker8bit.games.sequence import players
from baker8bit.games.sequence.rules import State, deck_text
from baker8bit.sessions.recording import Recorder, dump, parse, replay

WON_DEAL = 8  # the exact search wins deal 8 in 77 moves (found with players.solve)


def run(m: KeyMachine, keys: str) -> KeyMachine:
    return script.run(m, script.parse(keys))


def seq(deal: int = 3) -> KeyMachine:
    return KeyMachine(rules=games.ruleset("sequence"), deal=deal)


def test_sequence_is_on_the_menu_and_deals_by_number():
    m = run(KeyMachine(seed=2, menu=True), "4 3 <RETURN>")
    assert m.variant.id == "sequence" and texts(m)[-1] == "deal sequence-sampling 3"  # HELP: the sampling player
    assert m.game.position == State.dealt(3)


def test_the_hand_card_goes_onto_a_storage_pile_and_the_next_turns_up():
    m = seq(3)
    first, second = m.game.position.hand, m.game.position.deck[0]
    run(m, "HA")
    assert m.game.position.storage[0] == (first,) and m.game.position.hand == second
    assert texts(m)[-3:] == ["select H", "move H A", "tone"]


def test_illegal_moves_flash_and_change_nothing():
    m = seq(3)  # the hand card is a king: no final pile takes it
    before = m.game.position
    run(m, "H1")
    assert texts(m)[-1] == "flash line" and m.game.position == before
    run(m, "A")  # an empty storage pile has no card to move
    assert texts(m)[-1] == "flash A" and m.game.position == before
    run(m, "HA AB")  # a storage top may only go to a final pile
    assert texts(m)[-1] == "flash line"


def test_take_back_and_redo():
    m = run(seq(3), "HA HB HC")
    after = m.game.position
    run(m, "<SPACE> <SPACE>")
    assert m.game.moves == 1 and texts(m)[-2:] == ["takeback", "tone"]
    run(m, "<RETURN> <RETURN>")
    assert m.game.position == after and m.game.moves == 3


def test_a_won_deal_plays_to_winner_through_the_keys():
    result = players.solve(State.dealt(WON_DEAL), 50_000)
    assert result.won
    m = run(seq(WON_DEAL), " ".join(str(mv) for mv in result.moves))
    assert m.phase == "won" and texts(m)[-1] == "winner" and m.game.position.won()
    run(m, "Q")  # any key: back to the title
    assert m.phase == "prompt"


def test_a_game_with_no_legal_move_left_says_so_with_an_event():
    """Lost when no legal move is left (rule 5): NO MOVES LEFT, and the ``no moves`` event every game
    that says so gives (deal 1, played by the look-ahead player, is lost after 69 moves)."""
    m = seq(1)
    while not m.game.lost:
        run(m, " ".join(str(players.best_move(m.game.position))))
    assert m.game.moves == 69 and texts(m)[-1] == "no moves" and texts(m).count("no moves") == 1
    assert compose(m.view(), m.game).text_at(23).startswith("NO MOVES LEFT")
    run(m, "<SPACE>")
    assert not m.game.lost and texts(m)[-2:] == ["takeback", "tone"]


def test_t_sends_a_card_to_the_first_final_pile_it_continues():
    deck = State.dealt(WON_DEAL)
    m = seq(WON_DEAL)
    hand = deck.hand
    fits = deck.fits(hand)
    run(m, "HT")
    if fits:
        assert m.game.position.finals[fits[0] - 1] == 1
    else:
        assert texts(m)[-1] == "flash line"


def test_help_shows_the_look_ahead_players_move():
    from baker8bit.games.sequence.dialogue import HELP_FRAMES

    m = run(seq(5), "<HELP>")  # the press and one frame
    assert m.advisor.thinking and m.view().hint_text == "THINKING"
    run(m, f"<WAIT {HELP_FRAMES}>")
    assert not m.advisor.thinking
    asked, told = (e.frame for e in m.events if e.kind in ("help", "hint"))
    assert told - asked == HELP_FRAMES  # the answer comes HELP_FRAMES after the press
    hint = [e for e in texts(m) if e.startswith("hint ")][-1].split()[1]
    assert hint == str(players.best_move(State.dealt(5)))
    assert m.view().hint == tuple(hint)


def test_help_of_a_0_2_0_recording_answers_in_the_frame_of_the_press():

    m = KeyMachine(rules=games.ruleset("sequence"), deal=5, timing=compat.before("help_rate", KeyMachine().timing))
    run(m, "<HELP>")
    asked, told = (e for e in m.events if e.kind in ("help", "hint"))
    assert asked.frame == told.frame and str(told) == f"hint {players.best_move(State.dealt(5))}"


# -- HELP with the sampling player (the hint option) ------------------------------------------


def hint_of(m: KeyMachine) -> tuple[int, str]:
    """The frames from the last HELP press to its answer, and the move shown."""
    asked = [e.frame for e in m.events if e.kind == "help"][-1]
    told = [e for e in m.events if e.kind == "hint"][-1]
    return told.frame - asked, told.args[0]


def a_position_where_the_players_differ() -> tuple[int, list[str], State]:
    """The first position of a deal played by the sampling player's hints where the look-ahead
    player would move otherwise (searched, not written down)."""
    for deal in range(1, 20):
        st, keys = State.dealt(deal), []
        while not st.over() and len(keys) < 20:
            mine = players.sampling_move(st, players.hint_samples(KeyMachine().timing.help_rate))
            if mine != players.best_move(st):
                return deal, keys, st
            keys.append(str(mine))
            st = st.apply(mine)
    raise AssertionError("the two players agree everywhere on deals 1..19")


def test_the_hint_option_chooses_the_player_help_shows():
    from baker8bit.games.sequence.dialogue import HELP_FRAMES, SAMPLING_FRAMES

    deal, keys, st = a_position_where_the_players_differ()
    samples = players.hint_samples(KeyMachine().timing.help_rate)
    m = KeyMachine(rules=games.get("sequence").rules({}), deal=deal)  # the default: sampling
    assert m.rules.name == "sequence-sampling"
    run(m, " ".join(keys) + f" <HELP> <WAIT {SAMPLING_FRAMES}>")
    assert m.game.position == st
    frames, shown = hint_of(m)
    assert (frames, shown) == (SAMPLING_FRAMES, str(players.sampling_move(st, samples)))
    assert m.view().hint == tuple(shown)
    old = KeyMachine(rules=games.get("sequence").rules({"hint": "lookahead"}), deal=deal)
    run(old, " ".join(keys) + f" <HELP> <WAIT {HELP_FRAMES}>")
    assert hint_of(old) == (HELP_FRAMES, str(players.best_move(st))) and hint_of(old)[1] != shown


def test_help_with_the_sampling_player_is_thinking_until_its_frame_and_samples_by_the_rate():
    from dataclasses import replace

    from baker8bit.games.sequence.dialogue import SAMPLING_FRAMES

    m = run(KeyMachine(rules=games.ruleset("sequence-sampling"), deal=5), "<HELP>")
    assert m.advisor.thinking and m.view().hint_text == "THINKING"
    run(m, f"<WAIT {SAMPLING_FRAMES - 2}>")
    assert m.advisor.thinking
    run(m, "<WAIT 1>")
    assert not m.advisor.thinking and hint_of(m)[0] == SAMPLING_FRAMES
    # a plain-Python install's rate draws fewer samples; the answer follows the recorded rate
    assert players.hint_samples(8000) == 64 and players.hint_samples(800) == 6 and players.hint_samples(1) == 4
    slow = KeyMachine(rules=games.ruleset("sequence-sampling"), deal=5,
                      timing=replace(KeyMachine().timing, help_rate=800))
    run(slow, f"HA <HELP> <WAIT {SAMPLING_FRAMES}>")
    after = State.dealt(5).apply(players.Move("H", 0, False))
    assert hint_of(slow)[1] == str(players.sampling_move(after, 6))


def test_the_sampling_hint_never_sees_the_order_of_the_deck():
    import random

    st = State.dealt(3).apply(players.Move("H", 0, False))
    for seed in range(5):
        deck = list(st.deck)
        random.Random(seed).shuffle(deck)
        other = st._replace(deck=tuple(deck))
        assert players.visible_seed(other) == players.visible_seed(st)
        assert players.sampling_move(other, 8) == players.sampling_move(st, 8)


def test_a_recording_without_the_option_keeps_the_look_ahead_help_and_one_with_it_replays():
    from baker8bit.games.sequence.dialogue import HELP_FRAMES, SAMPLING_FRAMES

    for name, frames in (("sequence", HELP_FRAMES), ("sequence-sampling", SAMPLING_FRAMES)):
        r = Recorder(seed=1, rules=games.ruleset(name), deal=3)
        r.press("HELP")
        for _ in range(frames + 2):
            r.tick()
        text = dump(r.recording())
        assert f"start rules={name} deal=3" in text
        again = replay(parse(text))
        assert hint_of(again) == hint_of(r.machine) and hint_of(again)[0] == frames
    # a recording made before the option names the rule set "sequence": the look-ahead's move
    old = text.replace("rules=sequence-sampling", "rules=sequence")
    assert hint_of(replay(parse(old)))[1] == str(players.best_move(State.dealt(3)))


def test_a_bad_hint_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["keys", "--game", "sequence", "--hint", "oracle", "--deal", "3", "<HELP>"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hint must be sampling or lookahead" in err and "Traceback" not in err
    assert main(["keys", "--game", "baker", "--hint", "sampling", "--deal", "3", "<HELP>"]) == 2
    assert "has no option --hint" in capsys.readouterr().err


def test_keys_with_the_hint_option_shows_that_players_hint(capsys):
    from baker8bit.games.sequence.dialogue import SAMPLING_FRAMES

    assert main(
        ["keys", "--game", "sequence", "--deal", "3", "--hint", "lookahead", "HA <HELP> <WAIT 6>", "--json"]
    ) == 0
    after = State.dealt(3).apply(players.Move("H", 0, False))
    out = json.loads(capsys.readouterr().out)
    assert out["events"][0] == "deal sequence 3" and out["events"][-1] == f"hint {players.best_move(after)}"
    assert main(["keys", "--game", "sequence", "--deal", "3", f"HA <HELP> <WAIT {SAMPLING_FRAMES}>", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    samples = players.hint_samples(KeyMachine().timing.help_rate)
    assert out["events"][-1] == f"hint {players.sampling_move(after, samples)}"


def test_the_screen_shows_final_piles_storage_hand_and_deck():
    m = run(seq(3), "HA HB")
    scr = compose(m.view(), m.game)
    assert scr.text_at(0).startswith("FINAL") and scr.text_at(2).startswith("NEEDS")
    assert "DECK 49" in scr.text_at(22) and "MOVES 2" in scr.text_at(23) and "#3" in scr.text_at(23)
    assert scr.key_at(5, 7) == "A" and scr.key_at(0, 10) == "2" and scr.key_at(4, 1) == "H"


def test_a_recording_of_sequence_replays():
    r = Recorder(seed=1, rules=games.ruleset("sequence"), deal=3)
    for key in "HAHB":
        r.press(key)
        for _ in range(5):
            r.tick()
    text = dump(r.recording())
    assert "start rules=sequence deal=3" in text
    assert replay(parse(text)).game.position == r.machine.game.position


def test_show_prints_the_deck_in_turn_up_order_and_keys_json(capsys):
    assert main(["show", "--game", "sequence", "--deal", "3"]) == 0
    assert capsys.readouterr().out.strip() == deck_text(3)
    assert main(["keys", "--game", "sequence", "--deal", "3", "HA", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "sequence" and out["moves"] == 1 and out["events"][0] == "deal sequence-sampling 3"


def test_statistics_count_a_sequence_game():
    from baker8bit.sessions import stats

    tracker = stats.StatsTracker(stats.Stats())
    m = run(seq(3), "HA <ESC>")
    tracker.feed(m.events)
    assert tracker.stats.games["sequence"].lost == 1


def test_demo_plays_a_won_deal_or_a_strategy_with_the_players_keys(tmp_path):
    from baker8bit.console.demo import DemoKeys
    from baker8bit.games.sequence import strategy as strat
    from baker8bit.sessions.demo import planner

    rules = games.ruleset("sequence")
    for strategy in (None, "greedy"):
        plan = planner(rules, WON_DEAL, strategy).finish()
        m = KeyMachine(rules=rules, deal=plan.deal)
        keys = DemoKeys(plan, lambda m=m: m)
        for _ in range(20_000):
            for k in keys.keys(m.frame):
                m.press(k)
            m.tick()
            if keys.done:
                break
        assert keys.done and m.game.moves == len(plan.commands)
        if strategy is None:
            assert m.phase == "won"
        else:
            rng, greedy = random.Random(WON_DEAL), players.StrategyPlayer(strat.load("greedy"))
            expected = players.play_out(State.dealt(WON_DEAL), lambda s, r=rng, p=greedy: p.next_move(s, r))
            assert m.game.position.cards_home() == expected.home
    bad = tmp_path / "bad.txt"
    bad.write_text("play to a final pile\nfly to the moon\n")
    import pytest

    with pytest.raises(strat.StrategyError, match="bad.txt:2: unknown word .fly."):
        planner(rules, 1, str(bad))
    with pytest.raises(Exception, match="has no strategies"):
        planner(games.ruleset("baker4"), 1, "greedy")


def test_the_window_with_a_hint_asks_that_player_in_every_game_of_its_title():
    from baker8bit.cli import build_parser
    from baker8bit.commands.common import machine_for

    for hint, name in (("lookahead", "sequence"), ("sampling", "sequence-sampling")):
        args = build_parser().parse_args(["--game", "sequence", "--hint", hint])
        m = machine_for(args, 4, menu=True, random_deal=True)
        assert m.game is None and m.prefs == {"sequence": {"hint": hint}}  # the title, as without
        run(m, "7 <RETURN>")
        assert m.game.rules.name == name and m.game.deal == 7
        run(m, "<ESC> <RETURN>")  # the next game from the title too
        assert m.game.rules.name == name
        args = build_parser().parse_args(["--game", "sequence", "--hint", hint, "--deal", "5"])
        m = machine_for(args, 4, menu=True, random_deal=True)
        assert (m.game.rules.name, m.game.deal, m.prefs) == (name, 5, {"sequence": {"hint": hint}})
    args = build_parser().parse_args(["--game", "sequence"])
    m = machine_for(args, 4, menu=True, random_deal=True)
    assert m.game is None and m.prefs == {}


def test_remembered_game_options_may_choose_the_look_ahead_help(tmp_path):
    from baker8bit.sessions import game_options

    path = tmp_path / "game-options.json"
    path.write_text(game_options.dumps({"sequence": {"hint": "lookahead"}}), "utf-8")
    prefs, note = game_options.load_or_set_aside(path)
    assert note is None and games.get("sequence").rules(prefs["sequence"]).name == "sequence"
    path.write_text(game_options.dumps({"sequence": {"hint": "oracle"}}), "utf-8")
    prefs, note = game_options.load_or_set_aside(path)
    assert prefs == {} and "--hint must be one of sampling, lookahead" in note


def test_recordings_from_a_title_keep_the_help_they_were_made_with():
    """A recording made before the hint option names no sequence rule set for the games its
    titles start (no ``prefer=``): they get the look-ahead HELP they had. One made since names it."""
    from baker8bit.games.sequence.dialogue import HELP_FRAMES, SAMPLING_FRAMES

    r = Recorder(seed=3, variant="sequence")
    for key in ("7", "RETURN", "HELP"):
        r.press(key)
        r.tick()
    for _ in range(SAMPLING_FRAMES + 2):
        r.tick()
    text = dump(r.recording())
    assert "start prompt game=sequence prefer=sequence-sampling" in text
    new = replay(parse(text))
    assert new.game.rules.name == "sequence-sampling" and hint_of(new) == hint_of(r.machine)
    assert hint_of(new)[0] == SAMPLING_FRAMES
    old = replay(parse(text.replace(" prefer=sequence-sampling", "")))  # as a recording before the option
    assert old.game.rules.name == "sequence" and hint_of(old) == (HELP_FRAMES, str(players.best_move(State.dealt(7))))
    # a dealt start: the games its title starts later keep the rule set of the recording's time too
    r = Recorder(seed=3, rules=games.ruleset("sequence-sampling"), deal=3)
    for key in ("ESC", "9", "RETURN"):
        r.press(key)
        r.tick()
    text = dump(r.recording())
    assert "start rules=sequence-sampling deal=3 prefer=sequence-sampling" in text
    assert replay(parse(text)).game.rules.name == "sequence-sampling" == r.machine.game.rules.name
    before = text.replace("rules=sequence-sampling deal=3 prefer=sequence-sampling", "rules=sequence deal=3")
    assert replay(parse(before)).game.rules.name == "sequence"


def test_the_survey_names_the_rule_set_its_earlier_surveys_name(capsys):
    """HELP's player does not change the game: a survey of sequence stays ``sequence`` (so
    ``--resume`` goes on with a survey written before the option)."""
    assert main(["survey", "--game", "sequence", "--deals", "2", "--workers", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("sequence,2,solved,")


def test_the_title_counts_the_games_of_each_help_player_apart():
    from baker8bit.sessions import stats
    from baker8bit.sessions.session import stats_lines

    st = stats.Stats()
    st.games["sequence"] = stats.RuleSetStats(won=1, lost=2)
    lines = stats_lines(st, games.get("sequence"))
    assert lines[0] == "HINT  WON PLAYED WIN" and lines[1].startswith("SAMPL   0      0")
    assert lines[2].startswith("LOOK    1      3") and all(len(x) <= 20 for x in lines)
