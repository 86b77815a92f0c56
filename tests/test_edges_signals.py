"""Issue 13: nothing hangs. Ctrl-C stops `replay --gif` (and leaves no temporary GIF), a recording
claiming 10^12 frames is refused at once, no display is a message (not a silent hang), a window
replay ends, ALSA's chatter is one line."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import interrupt  # noqa: E402  (Ctrl-C to a command, waited for)

from baker8bit.sessions import recording
from baker8bit.sessions.recording import Recording, Start

ROOT = Path(__file__).resolve().parent.parent


def env(**extra):
    e = dict(os.environ, PYTHONPATH=str(ROOT), **extra)
    return e


def long_recording(path: Path, frames: int) -> None:
    recording.save(path, Recording(seed=1, start=Start("deal", rules="baker4", deal=1), frames=frames,
                                   keys=((5, "G"), (9, "B"))))


def test_ctrl_c_stops_replay_gif_and_leaves_no_temporary_file(tmp_path):
    rec = tmp_path / "long.txt"
    long_recording(rec, 3_000_000)
    proc = subprocess.Popen([sys.executable, "-m", "baker8bit", "replay", str(rec), "--gif", str(tmp_path / "o.gif")],
                            env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(".o.gif.") for p in tmp_path.iterdir()):  # rendering has begun
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail(f"rendering did not start: {proc.communicate()[1][-500:]}")
        time.sleep(0.1)
    time.sleep(1.0)
    out, err = interrupt(proc, "replay --gif", timeout=20)
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.txt"]


def test_a_recording_of_a_million_million_frames_is_refused_at_once(tmp_path):
    rec = tmp_path / "huge.txt"
    long_recording(rec, 10)
    rec.write_text(rec.read_text().replace("frames 10", "frames 1000000000000"))
    res = subprocess.run([sys.executable, "-m", "baker8bit", "replay", str(rec), "--gif", str(tmp_path / "o.gif")],
                         env=env(), capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "hours of play" in res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["huge.txt"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland check is for Linux")
@pytest.mark.parametrize("args", [[], ["--suits", "4", "--deal", "3"], ["demo", "--deal", "1"]])
def test_no_display_is_a_message_and_a_non_zero_exit(tmp_path, args):
    e = env(BAKER8BIT_DATA_DIR=str(tmp_path))
    e.pop("DISPLAY", None)
    e.pop("WAYLAND_DISPLAY", None)
    try:
        res = subprocess.run([sys.executable, "-m", "baker8bit", *args], env=e, capture_output=True, text=True,
                             timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail("the window hung without a display")
    assert res.returncode == 2 and "no display" in res.stderr and "baker8bit shot" in res.stderr
    assert "Traceback" not in res.stderr


def test_alsa_chatter_becomes_one_line_and_silence(capfd):
    from baker8bit.window.app import quiet_init

    def noisy():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n" * 8)
        os.write(1, b"Failed to initialize audio device\n")
        os.write(2, b"something else\n")

    ok, other = quiet_init(noisy)
    cap = capfd.readouterr()
    assert not ok and other == ["something else"] and cap.out == "" and cap.err == ""
    ok, other = quiet_init(lambda: None)
    assert ok and other == []


def test_a_window_replay_ends_when_the_recording_ends():
    from conftest import pyxel_ready

    from baker8bit.window.app import AppOptions

    pyxel_ready()
    from baker8bit.window.video import Paced, replay_app

    rec = Recording(seed=1, start=Start("deal", rules="baker4", deal=1), frames=30, keys=((5, "G"), (9, "B")))
    app = replay_app(rec, AppOptions(headless=True, sound=False))
    closed = []
    paced = Paced(app, 2.0, end=rec.frames, quit=lambda: closed.append(app.machine.frame))
    for _ in range(400):
        paced.update()
        if closed:
            break
    assert closed and app.machine.frame == rec.frames
