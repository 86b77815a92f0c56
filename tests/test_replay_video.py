"""``baker8bit replay FILE --gif/--png-dir``: a recording rendered headless, frame for frame."""

from __future__ import annotations

import pytest
import pyxel
from conftest import pyxel_ready
from test_gif import parse_gif, timeline

from baker8bit.cli import main
from baker8bit.sessions import recording
from baker8bit.window.app import AppOptions
from baker8bit.window.video import replay_app


@pytest.fixture
def rec_file(tmp_path):
    pyxel_ready()
    r = recording.Recorder(seed=9, suits=2, deal=11982)
    plan = {10: "E", 20: "G", 40: "P", 60: "A", 62: "B", 200: "SPACE", 230: "SPACE"}
    for f in range(300):
        if f in plan:
            r.press(plan[f])
        r.tick()
    path = tmp_path / "rec.txt"
    recording.save(path, r.recording())
    return path


def screens_at(rec: recording.Recording, frames: set[int]) -> dict[int, bytes]:
    app = replay_app(rec, AppOptions(headless=True, sound=False))
    out = {}
    for f in range(rec.frames + 1):
        if f in frames:
            app.draw()
            out[f] = bytes(pyxel.screen.data_ptr())
        if app.machine.frame < rec.frames:
            app.update()
    return out


def test_gif_shows_the_replayed_screens_at_their_times(rec_file, tmp_path, capsys):
    out = tmp_path / "session.gif"
    assert main(["replay", str(rec_file), "--gif", str(out), "--aspect", "square"]) == 0
    assert "images" in capsys.readouterr().out
    g = parse_gif(out.read_bytes())
    assert (g.width, g.height) == (336, 224)
    tl = timeline(g)
    assert tl[-1][1] == round(301 * 100 / 60)  # 301 frames (0..300) of 1/60 s, in centiseconds
    rec = recording.load(rec_file)
    chosen = {0, 15, 45, 61, 150, 215, 299}
    expected = screens_at(rec, chosen)
    for f in chosen:
        t = round(f * 100 / 60)
        shown = next(scr for start, end, scr in tl if start <= t < end)
        assert shown == expected[f], f"frame {f}"


def test_gif_takes_the_ntsc_pixel_shape_by_default(rec_file, tmp_path):
    out = tmp_path / "ntsc.gif"
    assert main(["replay", str(rec_file), "--gif", str(out), "--scale", "2"]) == 0
    g = parse_gif(out.read_bytes())
    assert (g.width, g.height) == (576, 448)
    assert main(["replay", str(rec_file), "--gif", str(out), "--aspect", "pal"]) == 0
    g = parse_gif(out.read_bytes())
    assert (g.width, g.height) == (349, 224)


def test_png_dir_writes_one_frame_per_change(rec_file, tmp_path):
    d = tmp_path / "frames"
    assert main(["replay", str(rec_file), "--png-dir", str(d), "--scale", "2"]) == 0
    names = sorted(p.name for p in d.iterdir())
    assert names[0] == "frame-000000.png" and 5 <= len(names) <= 60
    assert all(n.startswith("frame-") and n.endswith(".png") for n in names)


def test_damaged_or_foreign_recordings_are_refused_with_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("baker8bit-recording 1\nprogram 0.1.0\nseed x\n")
    assert main(["replay", str(bad), "--gif", str(tmp_path / "x.gif")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("baker8bit: ") and "line 3" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.gif").exists()
    newer = tmp_path / "newer.txt"
    newer.write_text("baker8bit-recording 99\n")
    assert main(["replay", str(newer)]) == 2
    assert "newer" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read recording" in capsys.readouterr().err


def test_gif_to_a_missing_folder_is_a_clear_error(rec_file, tmp_path, capsys):
    assert main(["replay", str(rec_file), "--gif", str(tmp_path / "no" / "x.gif")]) == 2
    assert "no such directory" in capsys.readouterr().err


@pytest.mark.parametrize("speed,calls,updates", [(1.0, 10, 10), (2.0, 10, 20), (0.5, 10, 5), (1.5, 4, 6)])
def test_replay_speed_runs_that_many_machine_frames_per_display_frame(speed, calls, updates):
    from baker8bit.window.video import Paced

    class Counter:
        n = 0

        def update(self):
            self.n += 1

    app = Counter()
    paced = Paced(app, speed)
    for _ in range(calls):
        paced.update()
    assert app.n == updates


def test_a_failure_while_rendering_leaves_no_gif_and_no_temp_file(rec_file, tmp_path, monkeypatch):
    from baker8bit.window import video

    out = tmp_path / "out" / "x.gif"
    out.parent.mkdir()
    calls = []

    def broken_update(self):
        calls.append(1)
        if len(calls) == 50:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(video.App, "update", broken_update)
    with pytest.raises(OSError, match="No space left"):
        video.render_headless(recording.load(rec_file), gif=str(out))
    assert list(out.parent.iterdir()) == []
