"""Play recordings back: in the window at any speed, or headless into a GIF or PNG frames.

Both go through ``App.update`` with the recording as the key source, the same
code path as live play, so a replay shows exactly the frames of the session.
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from pathlib import Path

import pyxel

from baker8bit.atari import palette
from baker8bit.core.events import SOUNDS
from baker8bit.research.survey import Progress
from baker8bit.sessions import recording, soundtrack
from baker8bit.sessions.gif import GifWriter
from baker8bit.sessions.video import VideoWriter, check_target, load_av
from baker8bit.window import aspect
from baker8bit.window.app import App, AppOptions, Scripted, run_until_signal
from baker8bit.window.capture import screenshot, shaped


class VideoError(OSError):
    pass


def replay_app(rec: recording.Recording, opts: AppOptions) -> App:
    machine = rec.start.machine(rec.seed, rec.timing, rec.program)
    return App(machine, opts, source=Scripted(list(rec.keys)))


END_HOLD = 120  # display frames the last screen stays (two seconds) before a window replay closes


class Paced:
    """Runs ``speed`` machine frames per display frame (fractions carry over). With ``end`` (the
    recording's frame count) the replay stops there: the last screen stays ``END_HOLD`` display
    frames, then ``quit`` (``pyxel.quit``) closes the window."""

    def __init__(self, app: App, speed: float, end: int | None = None, quit=None):
        self.app, self.speed, self.credit = app, speed, 0.0
        self.end, self.quit, self.held = end, quit or pyxel.quit, 0

    def update(self) -> None:
        if self.end is not None and self.app.machine.frame >= self.end and self.app.demo is None:
            self.held += 1
            if self.held >= END_HOLD:
                self.quit()
            return
        self.credit += self.speed
        while self.credit >= 1:
            if self.end is not None and self.app.machine.frame >= self.end:
                break
            self.app.update()
            self.credit -= 1


def replay_window(rec: recording.Recording, speed: float = 1.0, scale: int | None = None,
                  glyphs: bool = False, pal: bool = False, sound: bool = True, shape: str = aspect.DEFAULT,
                  window_scale: int | None = None, fullscreen: bool = False) -> None:
    app = replay_app(rec, AppOptions(scale=scale, glyphs=glyphs, pal=pal, sound=sound, aspect=shape,
                                     window_scale=window_scale, fullscreen=fullscreen))
    run_until_signal(Paced(app, speed, end=rec.frames).update, app.draw)  # Ctrl-C: one line, 130


def render_headless(rec: recording.Recording, gif: str | None = None, png_dir: str | None = None,
                    scale: int = 1, glyphs: bool = False, pal: bool = False, shape: str = aspect.DEFAULT,
                    inputs=()) -> str:
    """Render every frame of the recording, ``scale`` scanlines a scanline in the pixel
    ``shape`` (window/aspect.py); returns a one-line summary. ``inputs``: the files it is made
    from (the recording), never written over."""

    gif_path = Path(gif).resolve() if gif else None
    dir_path = Path(png_dir).resolve() if png_dir else None
    if dir_path is not None:
        if dir_path.exists() and not dir_path.is_dir():
            raise VideoError(f"cannot write PNG frames to {png_dir}: it is a file, not a folder")
        dir_path.mkdir(parents=True, exist_ok=True)
    if gif_path is not None and not gif_path.parent.is_dir():
        raise VideoError(f"cannot write {gif}: no such directory {gif_path.parent}")
    app = replay_app(rec, AppOptions(headless=True, glyphs=glyphs, pal=pal, sound=False))
    _, w, h = shaped(app, scale, shape)
    colours = palette.load("pal" if pal else "ntsc")
    fps = 50 if pal else 60
    writer = GifWriter(gif_path, w, h, colours, scale=1, fps=fps, inputs=inputs) if gif_path else None
    pngs, last, out = 0, None, b""
    with writer if writer is not None else nullcontext():  # an error: no GIF, no temp file
        for _ in range(rec.frames + 1):
            app.draw()
            frame = app.picture_bytes()
            if writer is not None:
                if frame != last:  # reshape only a changed picture
                    out = shaped(app, scale, shape)[0]
                writer.add_frame(out)
            if dir_path is not None and frame != last:
                screenshot(app, dir_path / f"frame-{app.machine.frame:06d}.png", scale, shape, inputs)
                pngs += 1
            last = frame
            if app.machine.frame < rec.frames:
                app.update()
    seconds = (rec.frames + 1) / fps
    parts = []
    if gif_path:
        parts.append(f"{gif_path}: {writer.frames_written} images, {seconds:.1f} s of video")
    if dir_path:
        parts.append(f"{dir_path}: {pngs} PNG frames")
    return "; ".join(parts)


def render_video(rec: recording.Recording, out: str, scale: int = 2, glyphs: bool = False, pal: bool = False,
                 shape: str = aspect.DEFAULT, click: bool = False, progress=None, inputs=()) -> str:
    """Render every frame of the recording to a video with its sound (``sessions/video.py``, the
    suffix of ``out`` choosing the format) at the Atari's frame rate; the sound events of each
    update are mixed by ``sessions/soundtrack.py`` from that frame on. ``progress``: a text
    stream for a progress bar; ``inputs``: the files it is made from, never written over. Returns
    a one-line summary."""

    check_target(out)
    load_av()  # before any work: without PyAV, one line says how to get it
    standard = "pal" if pal else "ntsc"
    track = soundtrack.SoundTrack(standard, click=click)
    app = replay_app(rec, AppOptions(headless=True, glyphs=glyphs, pal=pal, sound=False))

    def on_event(event) -> None:
        if event.kind in SOUNDS:
            track.play(event.kind)

    app.listeners.append(on_event)
    if click:  # the key click of every key pressed, on its own channel (window/app.py clicks the same keys)
        source = app.source
        app.source = _Clicking(source, track)
    _, w, h = shaped(app, scale, shape)
    total = rec.frames + 1
    bar = None
    if progress is not None:

        bar = Progress(progress, total)
    started = time.perf_counter()
    last, picture = None, b""
    with VideoWriter(out, w, h, track.fps, palette.load(standard), track.rate, inputs=inputs) as writer:
        for k in range(total):
            app.draw()
            frame = app.picture_bytes()
            if frame != last:  # reshape only a changed picture
                picture = shaped(app, scale, shape)[0]
                last = frame
            writer.add(picture, track.frame())
            if app.machine.frame < rec.frames:
                app.update()
            if bar is not None:
                bar.update(k + 1)
    if bar is not None:
        bar.close()
    took = time.perf_counter() - started
    speed = writer.seconds / took if took > 0 else float("inf")
    return (f"{Path(out)}: {writer.frames} frames, {writer.seconds:.2f} s at {float(track.fps):.2f} Hz, "
            f"{len(track.started)} sounds, {w + w % 2}x{h + h % 2}; rendered at {speed:.1f}x real time")


class _Clicking:
    """A key source that also starts the key click of each key it gives."""

    def __init__(self, source, track):
        self.source, self.track = source, track

    def keys(self, frame: int) -> list[str]:
        keys = self.source.keys(frame)
        for _ in keys:
            self.track.play("click", channel=1)
        return keys
