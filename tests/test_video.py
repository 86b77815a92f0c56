"""``replay --video`` and ``demo --video``: the files written are opened with PyAV and measured:
their streams and codecs, the number of pictures, the duration at the Atari's frame rate, and in
the sound track each sound where the move that caused it appears, at the POKEY frequency."""

from __future__ import annotations

import os
from fractions import Fraction

import pytest
from conftest import pyxel_ready
from test_pokey import autocorrelation_hz
from videocheck import changed, decode, onsets, peak_hz

from baker8bit import games
from baker8bit.atari import pokey
from baker8bit.cli import main
from baker8bit.console.demo import Plan
from baker8bit.core.events import SOUNDS
from baker8bit.sessions import recording
from baker8bit.sessions.demo import recording_of

NTSC_HZ = Fraction(3579545, 2 * 262 * 114)  # CPU clock / (262 lines * 114 cycles): docs/ATARI.md, "Timing"
PAL_HZ = Fraction(17734475, 10 * 312 * 114)
CODECS = {".mp4": ("h264", "aac"), ".webm": ("vp9", "opus")}

# The 1989 game, 2 suits, deal 11982: E to G (a tone), P marks, A to H (a tone), SPACE back to the
# marked position (the buzzer), SPACE once more (a tone).
KEYS_1989 = {10: "E", 20: "G", 40: "P", 60: "A", 70: "H", 150: "SPACE", 200: "SPACE"}


def recorded(path, keys: dict[int, str], frames: int, **machine) -> recording.Recording:
    r = recording.Recorder(seed=9, **machine)
    for f in range(frames):
        if f in keys:
            r.press(keys[f])
        r.tick()
    rec = r.recording()
    recording.save(path, rec)
    return rec


def sound_events(rec: recording.Recording) -> list[tuple[int, str]]:
    """(frame of the key, sound) of every sound the machine makes in the recording."""
    m = rec.start.machine(rec.seed, rec.timing)
    keys: dict[int, list[str]] = {}
    for f, k in rec.keys:
        keys.setdefault(f, []).append(k)
    out = []
    for f in range(rec.frames):
        for k in keys.get(f, ()):
            m.press(k)
        m.tick()
        out += [(e.frame, e.kind) for e in m.drain_events() if e.kind in SOUNDS]
    return out


@pytest.fixture(scope="module")
def rec_1989(tmp_path_factory):
    pyxel_ready()
    path = tmp_path_factory.mktemp("rec") / "rec.txt"
    return path, recorded(path, KEYS_1989, 260, suits=2, deal=11982)


def check_file(path, rec: recording.Recording, fps: Fraction, size: tuple[int, int]):
    """The streams, the pictures and the duration; returns the decoded file."""
    d = decode(path)
    assert (d.video_codec, d.audio_codec) == CODECS[path.suffix]
    assert (d.width, d.height) == size
    assert d.frames == rec.frames + 1  # frame 0 (before any key) to the last
    expected = d.frames / fps
    assert abs(d.duration - float(expected)) <= 0.02 * float(expected), (d.duration, float(expected))
    steps = [b - a for a, b in zip(d.frame_times, d.frame_times[1:], strict=False)]
    assert abs(sum(steps) / len(steps) - float(1 / fps)) < 1e-4  # 59.92 (49.86) pictures a second
    assert d.rate == 48000 and abs(len(d.samples) / d.rate - float(expected)) <= 0.02 * float(expected)
    return d


def check_sounds(d, rec: recording.Recording, fps: Fraction, standard: str = "ntsc") -> list[tuple[float, str]]:
    """Each sound starts within one frame of the picture that shows the move that caused it, and
    sounds at its POKEY frequency. Returns (measured frequency, sound) for each."""
    events = sound_events(rec)
    starts = onsets(d.samples, d.rate)
    assert len(starts) == len(events), (starts, events)
    specs = pokey.sounds()
    out = []
    for start, (key_frame, kind) in zip(starts, events, strict=True):
        # the move's picture: the first frame after the key's that differs from the one before
        shown = next(i for i in range(key_frame + 1, d.frames) if changed(d.lumas, i))
        assert abs(start / d.rate - d.frame_times[shown]) <= float(1 / fps), (kind, key_frame, shown, start)
        span = d.samples[start:start + int(specs[kind].seconds(standard) * d.rate * 0.9)]
        if kind == "tone":
            hz = peak_hz(span, d.rate)
        else:  # the buzzer: the 4-bit poly's pattern repeats at the fundamental, not one loud partial
            hz = autocorrelation_hz([round(v * 32767) for v in span], d.rate, low_hz=40, high_hz=2000)
        expected = specs[kind].frequency(standard)
        assert abs(hz - expected) <= 0.002 * expected + 0.5, (kind, hz, expected)
        out.append((hz, kind))
    return out


@pytest.mark.parametrize("suffix", [".mp4", ".webm"])
def test_replay_video_holds_the_pictures_and_the_pokey_sounds_in_step(rec_1989, tmp_path, suffix, capsys):
    path, rec = rec_1989
    out = tmp_path / f"session{suffix}"
    assert main(["replay", str(path), "--video", str(out), "--scale", "1"]) == 0
    said = capsys.readouterr()
    assert f"{out}: {rec.frames + 1} frames" in said.out and "real time" in said.out
    d = check_file(out, rec, NTSC_HZ, (288, 224))
    heard = check_sounds(d, rec, NTSC_HZ)
    assert [k for _, k in heard] == ["tone", "tone", "buzzer", "tone"]
    assert round(heard[0][0], 1) == pytest.approx(523.9, abs=0.3)  # the 1989 move tone, C5
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary file left


def test_pal_video_runs_at_the_pal_rate_with_the_pal_clock(rec_1989, tmp_path):
    path, rec = rec_1989
    out = tmp_path / "pal.mp4"
    assert main(["replay", str(path), "--video", str(out), "--pal", "--scale", "1", "--aspect", "square"]) == 0
    d = check_file(out, rec, PAL_HZ, (336, 224))
    heard = check_sounds(d, rec, PAL_HZ, "pal")
    assert heard[0][0] == pytest.approx(pokey.tone_frequency(60, "pal"), abs=0.6)  # 519.1 Hz


def test_scale_and_aspect_give_the_gif_sizes_made_even(rec_1989, tmp_path):
    path, _ = rec_1989
    out = tmp_path / "pal-aspect.mp4"
    assert main(["replay", str(path), "--video", str(out), "--aspect", "pal", "--scale", "1"]) == 0
    assert (decode(out).width, decode(out).height) == (350, 224)  # the GIF's 349, and a column for 4:2:0


# Every game: a short session of its own keys with its own sounds (deal numbers and keys chosen so
# each key is a legal command: the first moves of each game's demonstration of that deal; Blue's
# T on a card with two gaps, the buzzer, then one of the marked gaps, a move and its tone).
SESSIONS = {
    "baker": ("baker4", 1, "FI FJ FT"),
    "bakers-game": ("bakers-game", 1, "FI FJ FT"),
    "eight-off": ("eight-off", 1, "FM FN FT"),
    "king-albert": ("king-albert", 1, "JD NF HF"),
    "sequence": ("sequence", 2, "HA HA HB"),
    "blue": ("blue-4x13", 5, "P D7T A0"),
}


def test_every_game_has_a_session():
    assert set(SESSIONS) == set(games.ids())


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_every_game_video_has_its_own_sounds(game, tmp_path, capsys):
    pyxel_ready()
    name, deal, commands = SESSIONS[game]
    plan = Plan(games.ruleset(name), deal, tuple(commands.split()))
    rec = recording_of(plan, seed=3, hold=30)
    assert len(sound_events(rec)) >= 2
    path = tmp_path / "rec.txt"
    recording.save(path, rec)
    out = tmp_path / f"{game}.mp4"
    assert main(["replay", str(path), "--video", str(out), "--scale", "1"]) == 0
    d = check_file(out, rec, NTSC_HZ, (288, 224))
    heard = check_sounds(d, rec, NTSC_HZ)
    if game == "blue":
        assert [k for _, k in heard] == ["buzzer", "tone"]
    print(f"{game}: {d.duration:.3f} s, {d.frames} frames, {heard[0][1]} {heard[0][0]:.1f} Hz")


def test_a_recorded_demonstration_is_the_window_demonstration_to_its_end():
    """``recording_of`` presses the keys DemoKeys gives at its pace and goes on until the moves have
    played out (WINNER), plus the hold."""
    plan = Plan(games.ruleset("baker2"), 11982, ())
    from baker8bit.sessions.demo import planner

    plan = planner(games.ruleset("baker2"), 11982).finish()
    rec = recording_of(plan, seed=5, speed=16, hold=40)
    m = rec.start.machine(rec.seed, rec.timing)
    keys = {}
    for f, k in rec.keys:
        keys.setdefault(f, []).append(k)
    won_at = None
    for f in range(rec.frames):
        for k in keys.get(f, ()):
            m.press(k)
        m.tick()
        if won_at is None and any(e.kind == "winner" for e in m.drain_events()):
            won_at = f
    assert won_at is not None and m.game.won
    assert "".join(k for _, k in rec.keys) == "".join(plan.commands)
    assert rec.frames - rec.keys[-1][0] >= 40


def test_demo_video_renders_a_demonstration(tmp_path, capsys):
    out = tmp_path / "demo.webm"
    assert main(["demo", "--game", "baker", "--suits", "2", "--deal", "11982", "--seed", "1", "--speed", "4",
                 "--video", str(out), "--scale", "1"]) == 0
    said = capsys.readouterr().out
    assert "rendering deal #11982" in said and f"{out}:" in said
    d = decode(out)
    assert (d.video_codec, d.audio_codec) == ("vp9", "opus") and d.frames > 100
    moves = said.split("(")[1].split()[0]  # "rendering deal #11982 (N commands)"
    assert len(onsets(d.samples, d.rate, gap=0.02)) >= int(moves)  # a tone a move (and a take-back's)


@pytest.mark.parametrize("name", ["session.avi", "session", "session.gif"])
def test_another_suffix_is_one_line_and_exit_2(rec_1989, tmp_path, capsys, name):
    path, _ = rec_1989
    assert main(["replay", str(path), "--video", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".mp4" in err and ".webm" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_without_pyav_one_line_says_how_to_get_it(rec_1989, tmp_path, capsys, monkeypatch):
    import sys

    path, _ = rec_1989
    monkeypatch.setitem(sys.modules, "av", None)  # import av fails
    out = tmp_path / "x.mp4"
    assert main(["replay", str(path), "--video", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'pip install av' in err
    assert main(["demo", "--game", "sequence", "--video", str(out)]) == 2  # before looking for a deal
    assert 'pip install av' in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_video_leaves_no_half_file_and_the_old_one_as_it_was(rec_1989, tmp_path, capsys,
                                                                            monkeypatch):
    from baker8bit.sessions import video

    path, _ = rec_1989
    out = tmp_path / "keep.mp4"
    out.write_bytes(b"an older video")
    real_add, calls = video.VideoWriter.add, []

    def add(self, picture, pcm=b""):
        calls.append(1)
        if len(calls) == 50:
            raise KeyboardInterrupt
        real_add(self, picture, pcm)

    monkeypatch.setattr(video.VideoWriter, "add", add)
    assert main(["replay", str(path), "--video", str(out), "--scale", "1"]) == 130
    assert out.read_bytes() == b"an older video"
    assert sorted(os.listdir(tmp_path)) == ["keep.mp4"]


def test_a_missing_folder_is_one_line(rec_1989, tmp_path, capsys):
    path, _ = rec_1989
    assert main(["replay", str(path), "--video", str(tmp_path / "no" / "x.mp4")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such directory" in err


def test_the_window_video_option_is_checked_before_any_window(tmp_path, capsys, monkeypatch):
    import sys

    assert main(["--video", str(tmp_path / "session.avi")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["--video", str(tmp_path / "no" / "session.mp4")]) == 2
    assert "no such directory" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "av", None)
    assert main(["--video", str(tmp_path / "session.mp4")]) == 2
    assert 'pip install av' in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_window_session_is_rendered_from_its_recording_when_the_window_closes(rec_1989, tmp_path, capsys):
    """What ``baker8bit --video OUT`` leaves to run at exit: the recording rendered in a fresh process,
    as the window looked (PAL here)."""
    from baker8bit.commands.window import replay_look, video_after
    from baker8bit.commands.window_args import video_recording_path

    path, rec = rec_1989
    assert video_recording_path(str(tmp_path / "night.mp4")) == tmp_path / "night-recording.txt"
    out = tmp_path / "night.mp4"
    look = replay_look(True, False, "square", False)
    assert look == ["--pal", "--aspect", "square"]
    assert video_after(path, str(out), look) == 0
    d = check_file(out, rec, PAL_HZ, (672, 448))
    assert len(onsets(d.samples, d.rate)) == len(sound_events(rec))
    assert video_after(tmp_path / "none.txt", str(tmp_path / "none.mp4"), look) == 1
    assert "no recording" in capsys.readouterr().err and not (tmp_path / "none.mp4").exists()


def test_the_record_key_says_how_to_make_a_video_of_its_recording(tmp_path, capsys):
    from baker8bit.games import KeyMachine
    from baker8bit.sessions.session import Session
    from baker8bit.window.capture import headless_app

    pyxel_ready()
    session = Session(tmp_path)
    app = headless_app(session.start(KeyMachine(seed=3, rules=games.ruleset("baker4"), deal=1, menu=True)))
    app.session = session
    app.toggle_recording()
    err = capsys.readouterr().err
    (path,) = (tmp_path / "recordings").iterdir()
    assert f"baker8bit replay {path} --video {path.with_suffix('.mp4')}" in err


ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_the_readme_streaming_commands_are_the_programs():
    import re
    import shlex
    import tomllib

    from baker8bit.cli import build_parser

    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Streaming and recording", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    lines = [ln.split("  #")[0].strip() for ln in block.splitlines() if ln.strip()]
    assert lines[0] == 'pip install ".[video]"'
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(d.startswith("av") for d in extras["video"]) and any(d.startswith("av") for d in extras["test"])
    for line in lines[1:]:
        argv = shlex.split(line)
        assert argv[0] == "baker8bit"
        args = build_parser().parse_args(argv[1:])  # an unknown option exits here
        assert getattr(args, "video", None) or getattr(args, "video_after", None), line


def test_the_sample_video_in_docs_is_the_sample_recording_with_its_sounds():
    rec = recording.load(ROOT / "docs" / "demo-recording.txt")
    sample = ROOT / "docs" / "demo.mp4"
    assert sample.stat().st_size < 1_000_000
    d = decode(sample)
    assert (d.video_codec, d.audio_codec) == ("h264", "aac") and d.frames == rec.frames + 1
    assert len(onsets(d.samples, d.rate)) == len(sound_events(rec))
