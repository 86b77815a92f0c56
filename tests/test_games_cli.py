"""Every command takes ``--game ID``; recordings and saved games name the game; bad input is refused
in one line naming what is wrong."""

from __future__ import annotations

import json

import pytest

from baker8bit import games
from baker8bit.cli import main
from baker8bit.games import KeyMachine
from baker8bit.sessions import recording, savegame
from baker8bit.sessions.recording import Recorder, dump, parse, replay


def out_of(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    got = capsys.readouterr()
    return code, got.out, got.err


def test_show_bakers_game_is_the_1989_four_suit_deal(capsys):
    _, bg, _ = out_of(capsys, ["show", "--game", "bakers-game", "--deal", "617"])
    _, b4, _ = out_of(capsys, ["show", "--suits", "4", "--deal", "617"])
    assert bg == b4 and bg.count("\n: ") == 8


def test_keys_and_solve_play_eight_off(capsys):
    code, out, _ = out_of(capsys, ["solve", "--game", "eight-off", "--deal", "2", "--json"])
    result = json.loads(out)
    assert code == 0 and result["outcome"] == "solved"
    code, out, _ = out_of(
        capsys, ["keys", "--game", "eight-off", "--deal", "2", " ".join(result["solution"]), "--json"]
    )
    played = json.loads(out)
    assert played["won"] is True and played["game"] == "eight-off" and played["events"][0] == "deal eight-off 2"


def test_survey_takes_a_game(tmp_path, capsys):
    csv = tmp_path / "s.csv"
    code, out, _ = out_of(capsys, ["survey", "--game", "bakers-game", "--deals", "1-3", "--workers", "1",
                                   "--out", str(csv)])
    assert code == 0 and csv.read_text().splitlines()[1].startswith("bakers-game,1,")
    assert "bakers-game" in out


def test_shot_draws_the_menu_and_each_game(tmp_path):
    for argv in (["--menu"], ["--game", "eight-off", "--deal", "5", "AI"], ["--game", "bakers-game", "--title"]):
        f = tmp_path / "s.png"
        assert main(["shot", *argv, "--out", str(f)]) == 0
        assert f.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("argv,message", [
    (["show", "--game", "chess"], "unknown game 'chess' (known: baker, bakers-game, eight-off"),
    (["show", "--game", "eight-off", "--suits", "4"], "the game eight-off has no option --suits"),
    (["keys", "--game", "bakers-game", "--suits", "2", "AB"], "the game bakers-game has no option --suits"),
    (["survey", "--game", "eight-off", "--suits", "3", "--deals", "1-2"], "the game eight-off has no option --suits"),
])
def test_bad_game_options_are_one_line_errors(capsys, argv, message):
    with pytest.raises(SystemExit) if argv[2] == "chess" else _no_raise():
        code, _, err = out_of(capsys, argv)
        assert code == 2 and message in err and err.count("\n") == 1
    if argv[2] == "chess":
        assert message in capsys.readouterr().err


class _no_raise:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_board_of_another_game_is_refused_naming_both(tmp_path, capsys):
    f = tmp_path / "eo.txt"
    _, text, _ = out_of(capsys, ["show", "--game", "eight-off", "--deal", "9"])
    f.write_text(text)
    code, _, err = out_of(capsys, ["solve", "--game", "bakers-game", "--board", str(f)])
    assert code == 2 and "a board of eight-off (8 columns, 8 cells), not of bakers-game (8 columns, 4 cells)" in err
    assert f.read_text() == text
    code, out, _ = out_of(capsys, ["show", "--game", "eight-off", "--board", str(f)])
    assert code == 0 and out == text


def test_a_recording_names_the_game_and_replays(tmp_path):
    rs = games.ruleset("eight-off")
    r = Recorder(seed=3, rules=rs, deal=4, menu=True)
    for frame in range(40):
        if frame in (5, 9):
            r.press("ABCDEFGH"[frame % 8])
        r.tick()
    rec = r.recording()
    text = dump(rec)
    assert "start rules=eight-off deal=4 menu=yes" in text
    again = replay(parse(text))
    assert again.game.position == r.machine.game.position and again.events == r.machine.events
    assert again.menu is True


def test_a_recording_from_the_menu_replays_the_choice():
    r = Recorder(seed=8, menu=True)
    for frame, key in ((3, "2"), (8, "5"), (12, "RETURN"), (20, "G"), (24, "I")):
        while r.machine.frame < frame:
            r.tick()
        r.press(key)
    r.tick()
    text = dump(r.recording())
    assert "start menu prefer=sequence-sampling\n" in text  # a game whose options came later: named
    m = replay(parse(text))
    assert m.variant.id == "bakers-game" and m.game.deal == 5 and m.game.moves == 1


def test_old_recordings_naming_suits_still_load():
    text = dump(Recorder(seed=1, suits=3, deal=7).recording()).replace("start rules=baker3 deal=7",
                                                                      "start suits=3 deal=7")
    rec = parse(text)
    assert rec.start == recording.Start("deal", rules="baker3", deal=7)
    assert replay(rec).game.position == KeyMachine(suits=3, deal=7).game.position


def test_a_saved_game_of_eight_off_keeps_its_whole_memory(tmp_path):
    rs = games.ruleset("eight-off")
    m = KeyMachine(rules=rs, deal=21)
    from baker8bit.freecell import moves

    for i in range(350):  # more than the 1989 program's 300: Eight Off remembers every move
        legal = [mv for mv in moves.legal_moves(m.game.position, rs) if mv.dst[0] != "terminal"]
        if not legal:
            break
        m.game.push(legal[i % len(legal)])
    g = m.game
    f = tmp_path / "save.txt"
    savegame.save(f, g)
    back = savegame.load(f)
    assert back.rules is rs and back.moves == g.moves and back.history.positions == g.history.positions
    assert "rules eight-off" in f.read_text()
