"""Sessions that last, through the real app: recordings and replays, saved games, statistics."""

from __future__ import annotations

import pytest
import pyxel
from conftest import pyxel_ready, solutions

from baker8bit import games
from baker8bit.sessions import recording, savegame
from baker8bit.sessions import stats as statsmod
from baker8bit.sessions.session import Session
from baker8bit.window.app import App, AppOptions
from baker8bit.window.video import replay_app

OPTS = AppOptions(headless=True, sound=False)


@pytest.fixture
def data(tmp_path):
    pyxel_ready()
    return tmp_path / "data"


def screen_now(app: App) -> bytes:
    app.draw()
    return bytes(pyxel.screen.data_ptr())


def play_keys(app: App, plan: list[tuple[int, str]], frames: int, shots_at: set[int]) -> dict[int, bytes]:
    """Press keys (via pyxel.set_btn) at the given frames; screenshot the chosen frames."""
    shots = {}
    by_frame = {}
    for f, k in plan:
        by_frame.setdefault(f, []).append(k)
    for f in range(frames):
        if f in shots_at:
            shots[f] = screen_now(app)
        app.frame(tuple(by_frame.get(f, ())))
    return shots


def test_a_recorded_session_replays_to_identical_screens_and_position(data, tmp_path):
    rec_path = tmp_path / "session.txt"
    session = Session(data, rec_path)
    app = App(session.start(seed=77), OPTS, session=session)
    plan = [(5, "4"), (9, "1"), (11, "RETURN"), (30, "G"), (36, "I"), (50, "P"), (60, "A"), (64, "B"),
            (200, "H"), (206, "J"), (230, "SPACE"), (240, "SPACE"), (300, "T"), (305, "B"), (309, "C")]
    # the title (frames 0-11) shows the player's own statistics, which a replay does not know
    chosen = {12, 31, 37, 61, 70, 120, 231, 241, 301, 399}
    live = play_keys(app, plan, 400, chosen)
    session.save_recording()
    final = app.machine.game.position

    rec = recording.load(rec_path)
    assert rec.frames == 400 and rec.start.kind == "prompt" and rec.seed == 77
    assert [k for _, k in rec.keys] == [k for _, k in plan]
    again = replay_app(rec, OPTS)
    replayed = {}
    for f in range(400):
        if f in chosen:
            replayed[f] = screen_now(again)
        again.update()
    assert replayed == live
    assert again.machine.game.position == final and again.machine.game.deal == 1
    assert len(set(live.values())) >= 6  # the chosen frames really show different screens


def test_quitting_keeps_the_game_and_the_next_start_offers_it(data):
    session = Session(data)
    app = App(session.start(seed=1, suits=4, deal=11982), OPTS, session=session)
    for k in ("G", "I", "P", "H", "J", "A", "K"):
        app.frame((k,))
    game = app.machine.game
    assert game.moves >= 2 and game.mark is not None
    # the program is closed here: nothing more is called. Next start:
    again = Session(data)
    assert again.saved_game is not None
    offer = App(again.start(seed=2), OPTS, session=again, offer=again.saved_game)
    offer.draw()
    assert "SAVED GAME 4 SUITS" in [offer.screen().text_at(r).strip() for r in range(24)]
    offer.frame(("RETURN",))
    g = offer.machine.game
    assert ((g.position, g.moves, g.mark, g.takebacks_left)
            == (game.position, game.moves, game.mark, game.takebacks_left))
    while g.moves > g.mark:  # the take-back memory and the mark came back with it
        offer.frame(("SPACE",))
    assert offer.machine.view().at_mark


def test_esc_at_the_offer_deals_anew_and_counts_the_abandoned_game_lost(data):
    session = Session(data)
    app = App(session.start(seed=1, suits=3, deal=5), OPTS, session=session)
    app.frame(("B",))
    app.frame(("H",))
    assert app.machine.game.moves == 1
    again = Session(data)
    offer = App(again.start(seed=2), OPTS, session=again, offer=again.saved_game)
    offer.frame(("ESC",))
    assert offer.offer is None and offer.machine.phase == "prompt"
    assert again.tracker.stats.games["baker3"].lost == 1
    assert "LAST GAME LOST" in offer.screen().text_at(19)
    assert Session(data).saved_game is None


def test_statistics_count_win_loss_and_abandon(data):
    session = Session(data)
    deal, sol = solutions()[2]
    app = App(session.start(seed=3, suits=2, deal=deal), OPTS, session=session)
    for move in sol:
        for k in move:
            app.frame((k,))
    assert app.machine.phase == "won"
    app.frame(("SPACE",))  # any key: the title
    for k in ("2", "RETURN", "A", "G", "ESC"):  # a move, then a new game: lost
        app.frame((k,))
    for k in ("2", "RETURN", "ESC"):  # no move: not counted at all
        app.frame((k,))
    st = statsmod.load(data / "stats.json").games["baker2"]
    assert (st.won, st.lost, st.played, st.fewest_moves, st.streak, st.best_streak) == (1, 1, 2, len(sol), 0, 1)
    notes = [app.screen().text_at(r) for r in range(19, 24)]
    assert any("SUITS WON PLAYED WIN" in n for n in notes) and any(pct("  2     1      2 50%") in n for n in notes)


def test_damaged_save_and_statistics_are_set_aside_with_a_message(data):
    data.mkdir(parents=True)
    (data / "savegame.txt").write_text("baker8bit-savegame 1\ngarbage\n")
    (data / "stats.json").write_text("{not json")
    session = Session(data)
    assert session.saved_game is None and len(session.messages) == 2
    assert (data / "savegame.txt.damaged-1").read_text() == "baker8bit-savegame 1\ngarbage\n"
    assert (data / "stats.json.damaged-1").read_text() == "{not json"
    app = App(session.start(seed=1), OPTS, session=session)
    assert "DAMAGED FILE KEPT" in [app.screen().text_at(r).strip() for r in range(19, 24)]
    assert any("savegame.txt.damaged-1" in m for m in session.messages)


def test_a_save_that_cannot_be_written_does_not_stop_the_game(data, monkeypatch):
    session = Session(data)
    app = App(session.start(seed=1, suits=4, deal=1), OPTS, session=session)

    def full_disk(path, game):
        from baker8bit.core.files import AtomicWriteError

        raise AtomicWriteError(path, OSError(28, "No space left on device"))

    monkeypatch.setattr(savegame, "save", full_disk)
    app.frame(("G",))
    app.frame(("I",))
    assert app.machine.game.moves == 1 and any("No space left" in m for m in session.messages)
    assert session.screen_note == "CANNOT SAVE"


def test_a_saved_game_is_offered_even_when_a_deal_is_asked_for_and_esc_goes_on_to_it(data):
    session = Session(data)
    app = App(session.start(seed=1, suits=4, deal=3), OPTS, session=session)
    app.frame(("G",))
    app.frame(("I",))
    again = Session(data)
    asked = again.start(seed=2, suits=2, deal=11982)  # `baker8bit --suits 2 --deal 11982`
    offer = App(asked, OPTS, session=again, offer=again.saved_game)
    offer.frame(("ESC",))
    assert offer.machine is asked and offer.machine.game.deal == 11982
    assert again.tracker.stats.games["baker4"].lost == 1
    for k in ("A", "G"):  # the asked-for game is tracked: a move, then ESC, is a 2-suit loss
        offer.frame((k,))
    offer.frame(("ESC",))
    assert again.tracker.stats.games["baker2"].lost == 1


def test_the_title_shows_the_statistics_of_its_own_game(data):
    session = Session(data)
    app = App(session.start(seed=1, rules=games.ruleset("eight-off"), deal=1), OPTS, session=session)
    for k in ("A", "N"):  # a move (A to a free cell), then ESC: an Eight Off game lost
        app.frame((k,))
    assert app.machine.game.moves == 1
    app.frame(("ESC",))
    assert app.machine.phase == "prompt" and app.machine.variant.id == "eight-off"
    notes = [app.screen().text_at(r).strip() for r in range(19, 24)]
    assert notes[:3] == ["LAST GAME LOST", "WON PLAYED WIN", pct("0      1  0%")]
    assert not any("SUITS" in n for n in notes)
    assert all(len(n) <= 20 for n in session.notes())
    st = statsmod.load(data / "stats.json")
    assert st.games["eight-off"].lost == 1 and all(
        s.played == 0 for n, s in st.games.items() if n != "eight-off")
    # the 1989 title still shows its table by suit count, untouched by Eight Off
    baker = App(session.start(seed=2), OPTS, session=session)
    assert baker.machine.variant.id == "baker"
    assert session.notes()[-4:] == ("SUITS WON PLAYED WIN", "  2     0      0   -",
                                    "  3     0      0   -", "  4     0      0   -")


def pct(line: str) -> str:
    """A statistics line as the title shows it: with "%" once our font has the glyph, else without
    it (right-aligned), never a "?" for a missing character."""
    from baker8bit.atari import font

    return line if "%" in font.load() else line[:-3] + line[-3:-1].rjust(3)
