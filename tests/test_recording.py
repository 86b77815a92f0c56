"""Session recordings: recorded sessions replay frame for frame (position, events, views),
the text format round-trips, bad files are refused naming the line, and program versions
whose key machine differs are refused with the reason."""

from __future__ import annotations

import hashlib
from functools import cache

import pytest
from conftest import DATA, baker_rules, board, texts
from hypothesis import given, settings
from hypothesis import strategies as st
from test_console import FOUR_ONTO_ONE  # one free cell, one empty pile: TBC carries four clubs since the supermoves

from baker8bit import __version__
from baker8bit.console.machine import KEYS
from baker8bit.core import timing as timingmod
from baker8bit.freecell.position import Position
from baker8bit.games import KeyMachine, compat
from baker8bit.sessions import recording, savegame
from baker8bit.sessions.recording import Recorder, Recording, RecordingError, Start, dump, parse, replay


def session(recorder: Recorder, presses: list[tuple[int, str]], frames: int) -> dict[int, object]:
    """Drive a recorder as the app would: the keys of frame f, the screen of frame f, a tick."""
    views = {}
    presses = sorted(presses, key=lambda p: p[0])
    i = 0
    for f in range(frames):
        while i < len(presses) and presses[i][0] == f:
            recorder.press(presses[i][1])
            i += 1
        views[f] = recorder.machine.view()
        recorder.tick()
    return views


def replayed_views(rec: Recording) -> tuple[KeyMachine, dict[int, object]]:
    views = {}
    m = replay(rec, on_frame=lambda m: views.__setitem__(m.frame, m.view()))
    return m, views


def same_machine(a: KeyMachine, b: KeyMachine) -> None:
    assert a.frame == b.frame and a.phase == b.phase
    assert a.events == b.events  # texts and frames
    assert a.view() == b.view()
    if a.game is None:
        assert b.game is None
    else:
        assert a.game.position == b.game.position and a.game.moves == b.game.moves
        assert a.game.history.positions == b.game.history.positions and a.game.mark == b.game.mark


# a session on 4 suits, deal 1: moves, an illegal move (flash, keys ignored meanwhile),
# a mark, take-backs back to it (buzzer), a group move, ESC and a random new game
PRESSES = [
    (10, "G"), (25, "B"), (40, "B"), (41, "I"),          # GB, BI
    (60, "P"), (70, "H"), (71, "J"),                     # mark, HJ
    (90, "A"), (91, "B"),                                # illegal: the line flashes
    (100, "SPACE"),                                      # ignored during the flash
    (230, "SPACE"),                                      # takes HJ back: buzzer
    (260, "T"), (270, "B"), (280, "G"),                  # a group command
    (400, "ESC"), (420, "3"), (421, "RETURN"),            # new random 3-suit game
    (430, "A"), (430, "A"),                              # two keys on one frame
]


def test_a_recorded_session_replays_position_events_and_views():
    r = Recorder(seed=99, suits=4, deal=1)
    live = session(r, PRESSES, 500)
    rec = r.recording()
    assert rec.frames == 500 and rec.start == Start("deal", rules="baker4", deal=1) and len(rec.keys) == len(PRESSES)
    ev = texts(r.machine)
    assert "flash line" in ev and "buzzer" in ev and "prompt" in ev
    assert any(t.startswith("deal 3 ") for t in ev)  # the random deal, from the seed
    m, views = replayed_views(parse(dump(rec)))
    same_machine(m, r.machine)
    assert views == live
    for f in (0, 25, 95, 99, 231, 290, 425, 499):  # chosen frames, including flash on/off
        assert views[f] == live[f]
    assert live[95].flashing == "line" and live[95].flash_lit and not live[99].flash_lit


def test_a_session_from_the_suit_prompt_replays_its_random_deal():
    r = Recorder(seed=2024)
    session(r, [(5, "2"), (6, "RETURN"), (20, "F"), (21, "T"), (50, "ESC"), (51, "4"), (52, "RETURN")], 60)
    deals = [t for t in texts(r.machine) if t.startswith("deal")]
    assert len(deals) == 2
    rec = r.recording()
    assert dump(rec).splitlines()[4] == "start prompt"
    same_machine(replay(parse(dump(rec))), r.machine)
    other = parse(dump(rec).replace("seed 2024", "seed 2025"))
    assert [t for t in texts(replay(other)) if t.startswith("deal")] != deals


def test_a_board_start_embeds_the_board():
    pos, rs = board("""
        Foundations: C-Q D-Q H-K S-K
        Freecells: - -
        : KC
        : KD
        :
        :
        :
        :
    """)
    r = Recorder(seed=1, suits=rs.suits, position=pos)
    session(r, [(3, "A"), (4, "T"), (9, "B"), (10, "T")], 30)
    assert texts(r.machine)[-1] == "winner"
    text = dump(r.recording())
    assert "start board rules=baker2\n| Foundations: C-Q D-Q H-K S-K\n" in text
    same_machine(replay(parse(text)), r.machine)


def test_a_resumed_saved_game_replays_with_its_memory_and_mark():
    m = KeyMachine(suits=4, deal=1)
    for k in "GBBIPHJHKGL":
        m.press(k)
        m.settle()
    game = savegame.parse(savegame.dump(m.game))
    r = Recorder(seed=0, game=game)
    session(r, [(2, "SPACE"), (3, "SPACE"), (4, "SPACE"), (5, "SPACE")], 10)
    assert "buzzer" in texts(r.machine)
    text = dump(r.recording())
    assert "start saved\n| baker8bit-savegame 1\n" in text and "| mark 2\n" in text
    same_machine(replay(parse(text)), r.machine)


def test_attach_takes_only_a_fresh_machine():
    m = KeyMachine(seed=7, suits=2, deal=3)
    r = Recorder.attach(m, seed=7)
    r.press("F")
    r.tick()
    same_machine(replay(r.recording()), m)
    with pytest.raises(RecordingError, match="fresh seed 8"):
        Recorder.attach(KeyMachine(seed=7), seed=8)
    ticked = KeyMachine(seed=7)
    ticked.tick()
    with pytest.raises(RecordingError, match="frame 0"):
        Recorder.attach(ticked, seed=7)


def test_save_and_load(tmp_path):
    r = Recorder(seed=5, suits=3, deal=42)
    session(r, [(1, "A"), (2, "T")], 5)
    f = tmp_path / "r.txt"
    recording.save(f, r.recording())
    assert recording.load(f) == r.recording()
    assert [p.name for p in tmp_path.iterdir()] == ["r.txt"]


# -- the stored 0.1.0 recording: the key machine must not drift without a MACHINE_CHANGES row


GOLDEN = DATA / "recording-0.1.0.txt"
# sha256 of the replay's events, one "<frame> <text>" per line
GOLDEN_EVENTS_SHA256 = "dd2810770a65b63bf4c40e901aaf144dad005846f2119f694d0ba3cad6f919d2"


def test_a_stored_recording_from_0_1_0_replays_exactly():
    text = GOLDEN.read_text()
    rec = parse(text)
    assert rec.program == "0.1.0"
    m = replay(rec)
    digest = hashlib.sha256("\n".join(f"{e.frame} {e.text}" for e in m.events).encode()).hexdigest()
    assert digest == GOLDEN_EVENTS_SHA256, (
        "the key machine replays the 0.1.0 recording differently: if that is intended, "
        "add a row to recording.MACHINE_CHANGES (and regenerate this stored recording)"
    )
    assert m.game.won and texts(m)[-2:] == ["winner", "prompt"]  # a key after WINNER: play again


# -- compatibility


def test_compatibility_policy(monkeypatch):
    assert recording.compatibility(__version__) is None
    assert "newer than this" in recording.compatibility("9.0.0")
    monkeypatch.setattr(recording, "MACHINE_CHANGES", [("0.1.0", "first"), ("0.3.0", "flash lasts 3 s")])
    assert recording.compatibility("0.3.1", current="0.4.0") is None
    assert recording.compatibility("0.3.0", current="0.4.0") is None
    assert recording.compatibility("0.2.9", current="0.4.0") == (
        "recorded with baker8bit 0.2.9; this is 0.4.0, whose key machine differs since 0.3.0: flash lasts 3 s"
    )
    assert recording.compatibility("0.1.0", current="0.2.0") is None


def test_replay_refuses_an_incompatible_recording(monkeypatch):
    rec = parse(dump(Recorder(seed=1, suits=2, deal=1).recording()).replace(f"program {__version__}", "program 0.0.9"))
    monkeypatch.setattr(recording, "MACHINE_CHANGES", [("0.1.0", "the first key machine")])
    with pytest.raises(RecordingError, match="recorded with baker8bit 0.0.9; this is .* differs since 0.1.0"):
        replay(rec)
    assert replay(rec, check_program=False).frame == 0


def supermove_recording(program: str, start: str) -> Recording:
    """A recording of ``TBC`` on ``FOUR_ONTO_ONE`` (``start``: from the board, or from Baker's Game's
    title with that board saved as the game to resume), made by baker8bit ``program``."""
    pos, rs = board(FOUR_ONTO_ONE, "bakers-game")
    if start == "board":
        r = Recorder(seed=1, rules=rs, position=pos)
    else:
        from baker8bit.freecell.game import Game

        r = Recorder(seed=1, game=Game(rs, pos))
    for k in "TBC":
        r.press(k)
    for _ in range(200):
        r.tick()
    return parse(dump(r.recording()).replace(f"program {__version__}\n", f"program {program}\n"))


@pytest.mark.parametrize("start", ["board", "saved"])
def test_a_recording_from_before_the_supermoves_replays_its_group_moves_as_made(monkeypatch, start):
    """A recording of an earlier version replays with that version's group moves (``compat``):
    no ``MACHINE_CHANGES`` row is needed, and every older recording still replays."""
    monkeypatch.setattr(compat, "__version__", compat.SUPERMOVES)  # as this program will be: check_program=False
    old = replay(supermove_recording("0.3.0", start), check_program=False)
    assert "flash B" in texts(old) and old.game.moves == 0 and old.game.rules.group == "places"
    new = replay(supermove_recording(compat.SUPERMOVES, start), check_program=False)
    assert "flash B" not in texts(new) and new.game.moves == 9 and new.game.rules.group == "supermove"
    assert recording.compatibility("0.3.0", current=compat.SUPERMOVES) is None


def test_the_rules_profile_names_the_version_the_supermoves_ship_in():
    assert compat.rules_profile("0.3.0", current="0.3.0") is None  # not before the version has them
    assert compat.rules_profile("0.3.0", current=compat.SUPERMOVES) is compat.places
    assert compat.rules_profile("0.1.0", current="9.0.0") is compat.places
    assert compat.rules_profile(compat.SUPERMOVES, current="9.0.0") is None
    assert compat.rules_profile(None) is None
    rs = board(FOUR_ONTO_ONE, "bakers-game")[1]
    assert compat.places(rs).group == "places" and compat.places(rs).name == rs.name
    assert compat.places(baker_rules(4)) is baker_rules(4)  # the 1989 game's was "places" already


def test_the_recorded_timing_is_used():
    fast = compat.timing(dict(flash_frames=10, flash_half=2, group_step=3, winner_half=5,
                              help_states=50, help_max_states=1000, help_half=4))
    r = Recorder(seed=1, suits=2, deal=1, timing=fast)
    session(r, [(0, "A"), (1, "B"), (12, "F"), (13, "T")], 20)
    assert "move F T" in texts(r.machine)  # the flash was over by frame 12
    text = dump(r.recording())
    assert "timing flash_frames=10 flash_half=2 group_step=3 winner_half=5 help_states=50" in text
    same_machine(replay(parse(text)), r.machine)


# -- bad files

GOOD = dump(Recording(seed=3, start=Start("deal", rules="baker4", deal=1), frames=50,
                      keys=((10, "G"), (12, "B"), (30, "SPACE"))))


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("", 1, "not a baker8bit recording"),
        ("\x00\x01garbage", 1, "not a baker8bit recording"),
        (GOOD.replace("recording 1", "recording 2"), 1, "newer baker8bit"),
        (GOOD.replace("recording 1", "recording 0"), 1, "unknown recording format"),
        (GOOD.replace("recording 1", "recording x"), 1, "bad recording format version"),
        (GOOD.replace(f"program {__version__}", "program zero"), 2, "bad program version"),
        (GOOD.replace("seed 3", "seed three"), 3, "seed must be a whole number"),
        (GOOD.replace("group_step=12 ", ""), 4, "timing needs"),
        (GOOD.replace("start rules=baker4 deal=1", "start suits=5 deal=1"), 5, "suits must be 2, 3 or 4"),
        (GOOD.replace("start rules=baker4 deal=1", "start rules=baker5 deal=1"), 5, "unknown rule set 'baker5'"),
        (GOOD.replace("start rules=baker4 deal=1", "start somewhere"), 5, "start must be"),
        (GOOD.replace("start rules=baker4 deal=1", "start board rules=baker4"), 5, "needs the board"),
        (GOOD.replace("start rules=baker4 deal=1", "start board suits=4"), 5, "needs the board"),
        (GOOD.replace("start rules=baker4 deal=1", "start rules=baker4 deal=1 menu=maybe"), 5,
         "menu must be yes or no"),
        (GOOD.replace("start rules=baker4 deal=1", "start prompt game=chess"), 5, "unknown game 'chess'"),
        (GOOD.replace("frames 50", "frames -1"), 6, "negative"),
        (GOOD.replace("12 B", "9 B"), 9, "keys out of order: frame 9 after frame 10"),
        (GOOD.replace("12 B", "12 BEE"), 9, "unknown key 'BEE'"),
        (GOOD.replace("12 B", "12 b"), 9, "unknown key 'b'"),
        (GOOD.replace("12 B", "12"), 9, "expected '<frame> <KEY>'"),
        (GOOD.replace("30 SPACE", "60 SPACE"), 10, "after the session's last frame 50"),
        (GOOD.replace("30 SPACE\nend\n", ""), 10, "truncated?): 3 keys announced, 2 found"),
        (GOOD.replace("end\n", ""), 11, "ends early"),
        (GOOD[:-20], 8, "expected '<frame> <KEY>', found '10'"),  # cut mid-line
        (GOOD + "10 A\n", 12, "after 'end'"),
    ],
)
def test_bad_recordings_name_the_line(text, line, words):
    with pytest.raises(RecordingError) as info:
        parse(text)
    assert words in str(info.value)
    if line is not None:
        assert str(info.value).startswith(f"line {line}:"), str(info.value)


def test_a_damaged_embedded_board_names_the_file_line():
    r = Recorder(seed=1, suits=2, position=Position.dealt(1, baker_rules(2)))
    text = dump(r.recording())
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("| : "))
    lines[i] = lines[i].replace("| : ", "| : ZZ ", 1)
    with pytest.raises(RecordingError, match=rf"^line {i + 1}: malformed card 'ZZ'"):
        parse("\n".join(lines) + "\n")


def test_load_refuses_binary(tmp_path):
    f = tmp_path / "r.txt"
    f.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordingError, match="not text"):
        recording.load(f)


# -- invariant: any key/frame sequence recorded, then replayed, gives the same events

key_presses = st.lists(
    st.tuples(st.integers(0, 40), st.sampled_from(KEYS)), max_size=40
)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(-(2**40), 2**40),
    start=st.one_of(st.none(), st.tuples(st.sampled_from([2, 3, 4]), st.integers(1, 2**31 - 1))),
    gaps=key_presses,
    tail=st.integers(0, 200),
)
def test_any_recorded_session_replays_identically(seed, start, gaps, tail):
    r = Recorder(seed=seed) if start is None else Recorder(seed=seed, suits=start[0], deal=start[1])
    for gap, key in gaps:
        for _ in range(gap):
            r.tick()
        r.press(key)
    for _ in range(tail):
        r.tick()
    rec = parse(dump(r.recording()))
    assert rec == r.recording()
    m = replay(rec)
    assert m.events == r.machine.events
    same_machine(m, r.machine)


def test_a_damaged_embedded_saved_game_names_the_file_line():
    m = KeyMachine(suits=2, deal=1)
    m.press("F")
    m.press("T")
    text = dump(Recorder(seed=0, game=m.game).recording())
    lines = text.splitlines()
    i = lines.index("| moves 1")
    lines[i] = "| moves many"
    with pytest.raises(RecordingError, match=rf"^in the saved game of 'start saved': line {i + 1}: moves must be"):
        parse("\n".join(lines) + "\n")



def _help_frames(timing_line: str | None) -> tuple[int, int, timingmod.Timing]:
    """A recording of HELP pressed on deal 1 (4 suits), its timing line replaced (None: as
    made now): the frames from the press to the answer, and the timing it replayed with."""
    r = Recorder(seed=1, suits=4, deal=1)
    session(r, [(5, "HELP")], 40)
    text = dump(r.recording())
    if timing_line is not None:
        lines = text.splitlines(keepends=True)
        lines = [timing_line + "\n" if x.startswith("timing ") else x for x in lines]
        text = "".join(lines)
    rec = parse(text)
    m = replay(rec)
    asked, told = (e.frame for e in m.events if e.kind in ("help", "hint"))
    return asked, told, rec.timing


def test_help_first_is_recorded_and_a_recording_without_it_keeps_its_help_frames():
    """New recordings carry help_first (no HELP level due sooner after the press: the worker's
    head start); a recording made before it (no help_first in its timing line) replays with 0,
    its answers at the frames they came at when it was made; the answer is the same either way."""
    now = timingmod.timing()
    assert now.help_first == 2 and now.help_rate > 0
    asked, told, t = _help_frames(None)
    assert t.help_first == 2 and told - asked == 2  # deal 1 is decided at LEVELS[0] = 1: now at 2
    old_line = "timing " + " ".join(f"{k}={getattr(now, k)}" for k in (
        "flash_frames", "flash_half", "group_step", "winner_half", "help_states", "help_max_states",
        "help_half", "help_rate"))
    asked0, told0, t0 = _help_frames(old_line)
    assert t0.help_first == 0 and told0 - asked0 == 1
    rec = Recording(seed=3, start=Start("deal", rules="baker4", deal=1), frames=5, keys=(), timing=t0)
    assert "help_first" not in dump(rec) and parse(dump(rec)).timing == t0  # what it was made with


def test_a_timing_line_with_help_first_but_no_help_rate_is_refused():
    now = timingmod.timing()
    line = "timing " + " ".join(f"{k}={getattr(now, k)}" for k in (
        "flash_frames", "flash_half", "group_step", "winner_half", "help_states", "help_max_states",
        "help_half", "help_first"))
    text = "".join(line + "\n" if x.startswith("timing ") else x for x in GOOD.splitlines(keepends=True))
    with pytest.raises(RecordingError, match="line 4: timing needs"):
        parse(text)


@cache
def _blue_help_recording(deal: int = 3) -> str:
    """A recording, as made now, of HELP pressed on full-size Blue deal ``deal``, run to its last level."""
    from baker8bit import games
    from baker8bit.console.thinking import LEVELS

    r = Recorder.attach(KeyMachine(rules=games.ruleset("blue-4x13"), deal=deal), 0)
    session(r, [(1, "HELP")], LEVELS[-1] + 5)
    return dump(r.recording())


def _before_cores(text: str) -> str:
    """A recording as made before help_cores: its timing line without it (Blue's HELP then ran
    its plans sharing one core's positions)."""
    now = timingmod.timing()
    assert f" help_cores={now.help_cores}" in text
    return text.replace(f" help_cores={now.help_cores}", "")


def _before_orderings(text: str) -> str:
    """A recording as made before help_orderings: its timing line without it, nor help_cores
    (Blue's HELP then ran the plan with the aces undecided alone)."""
    now = timingmod.timing()
    text = _before_cores(text)
    assert f" help_orderings={now.help_orderings}" in text
    return text.replace(f" help_orderings={now.help_orderings}", "")


def _blue_hint(text: str) -> tuple[int, str]:
    """A recording's HELP replayed: the frames from the press to the answer, and the answer."""
    m = replay(parse(text))
    asked, told = (e for e in m.events if e.kind in ("help", "hint"))
    return told.frame - asked.frame, told.text


def test_help_plan_is_recorded_and_a_blue_recording_without_it_keeps_its_old_help():
    """New recordings carry help_plan (Blue's HELP: one plan of runs carried on a frame at a
    time); a recording made before it (no help_plan in its timing line) replays with 0, so its
    Blue HELP starts its search again at each level, as when it was made, and answers at a
    level's frame. Full-size deal 3: the plan wins within 2 s, the old levels say NO ANSWER."""
    from baker8bit.console.thinking import LEVELS

    now = timingmod.timing()
    assert now.help_plan > 2 * now.help_rate
    text = _before_orderings(_blue_help_recording())
    line = next(x for x in text.splitlines() if x.startswith("timing "))
    assert f"help_plan={now.help_plan}" in line.split()

    frame, told = _blue_hint(text)
    assert frame < 120 and frame not in LEVELS and told.startswith("hint ACES ")  # a frame, not a level
    old = text.replace(f" help_plan={now.help_plan} help_lead={now.help_lead}", "")
    assert parse(old).timing.help_plan == 0 == parse(old).timing.help_lead
    assert _blue_hint(old) == (LEVELS[-1], "hint unknown")  # the old levels' answer on this deal
    assert dump(parse(old)) == old  # kept as it was made
    faster = text.replace(f" help_plan={now.help_plan}", f" help_plan={2 * now.help_plan}")
    assert parse(faster).timing.help_plan == 2 * now.help_plan  # a recording keeps its own rate
    sooner = _blue_hint(faster)
    assert sooner[1] == told and sooner[0] < frame  # the same answer, at its own earlier frame


def test_help_lead_is_recorded_and_a_blue_recording_without_it_keeps_its_frames():
    """New recordings carry help_lead (Blue's HELP: the worker's head start, in frames, on the
    budgets of its plan); a recording made before it (help_plan but no help_lead) replays with
    0: the same answer, help_lead frames sooner. A help_lead without help_plan is refused."""
    now = timingmod.timing()
    assert now.help_lead > 0
    text = _before_orderings(_blue_help_recording())
    assert f"help_lead={now.help_lead}" in next(x for x in text.splitlines() if x.startswith("timing ")).split()

    frame, told = _blue_hint(text)
    assert frame > now.help_lead and told.startswith("hint ACES ")
    old = text.replace(f" help_lead={now.help_lead}", "")
    assert parse(old).timing.help_lead == 0 and dump(parse(old)) == old  # kept as it was made
    assert _blue_hint(old) == (frame - now.help_lead, told)  # deal 3's budget is passed in one frame
    no_plan = text.replace(f" help_plan={now.help_plan}", "")
    with pytest.raises(RecordingError, match="line 4: timing needs"):
        parse(no_plan)


def test_help_orderings_is_recorded_and_a_blue_recording_without_it_keeps_its_answer():
    """New recordings carry help_orderings (the share of Blue's HELP positions for the plans of
    fixed ace orderings); a recording made before it replays with 0: the plan with the aces
    undecided alone, its answer at its frame. Full-size deal 2125: an ordering's plan wins in the
    first frames; the undecided plan alone has no answer within 2 s. A help_orderings without
    help_lead is refused."""
    now = timingmod.timing()
    assert 0 < now.help_orderings < 100
    text = _blue_help_recording(2125)
    assert f"help_orderings={now.help_orderings}" in next(
        x for x in text.splitlines() if x.startswith("timing ")).split()

    frame, told = _blue_hint(text)
    assert frame < 30 and told.startswith("hint ACES ")
    old = _before_orderings(text)
    assert f" help_orderings={now.help_orderings}" not in old
    assert parse(old).timing.help_orderings == 0 and dump(parse(old)) == old  # kept as it was made
    old_frame, old_told = _blue_hint(old)
    assert old_frame > 120 and (old_frame, old_told) != (frame, told)  # the undecided plan's own answer
    no_lead = text.replace(f" help_lead={now.help_lead}", "")
    with pytest.raises(RecordingError, match="line 4: timing needs"):
        parse(no_lead)


def test_help_cores_is_recorded_and_a_blue_recording_without_it_keeps_its_answer():
    """New recordings carry help_cores (Blue's HELP: the plan with the aces undecided and the
    orderings' plans side by side, each with help_plan positions a frame); a recording made
    before it replays with 0: the plans sharing one core's positions, its answer at its frame.
    Full-size deal 14: side by side, a win with ordering CHSD at frame 8 (at help_plan 32,000);
    sharing, a win with SHDC four frames later. A help_cores without help_orderings is
    refused."""
    now = timingmod.timing()
    assert now.help_cores == 2
    text = _blue_help_recording(14)
    assert f"help_cores={now.help_cores}" in next(x for x in text.splitlines() if x.startswith("timing ")).split()

    frame, told = _blue_hint(text)
    old = _before_cores(text)
    assert parse(old).timing.help_cores == 0 and parse(old).timing.help_orderings == now.help_orderings
    assert dump(parse(old)) == old  # kept as it was made
    old_frame, old_told = _blue_hint(old)
    assert told.startswith("hint ACES ") and old_told.startswith("hint ACES ")
    assert frame < old_frame < 30 and told != old_told  # two cores: sooner, and another ordering's win
    no_orderings = text.replace(f" help_orderings={now.help_orderings}", "")
    with pytest.raises(RecordingError, match="line 4: timing needs"):
        parse(no_orderings)
