"""Play recordings back: in the window at any speed, or headless into a GIF or PNG frames.

Both go through ``App.update`` with the recording as the key source, the same
code path as live play, so a replay shows exactly the frames of the session.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pyxel

from baker8bit.atari import palette
from baker8bit.window import aspect
from baker8bit.sessions import recording
from baker8bit.window.app import App, AppOptions, Scripted, run_until_signal


class VideoError(OSError):
    pass


def replay_app(rec: recording.Recording, opts: AppOptions) -> App:
    machine = rec.start.machine(rec.seed, rec.timing)
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
                  glyphs: bool = False, pal: bool = False, sound: bool = True, shape: str = aspect.DEFAULT) -> None:
    app = replay_app(rec, AppOptions(scale=scale, glyphs=glyphs, pal=pal, sound=sound, aspect=shape))
    run_until_signal(Paced(app, speed, end=rec.frames).update, app.draw)  # Ctrl-C: one line, 130


def render_headless(rec: recording.Recording, gif: str | None = None, png_dir: str | None = None,
                    scale: int = 1, glyphs: bool = False, pal: bool = False, shape: str = aspect.DEFAULT) -> str:
    """Render every frame of the recording, ``scale`` scanlines a scanline in the pixel
    ``shape`` (window/aspect.py); returns a one-line summary."""
    from baker8bit.window.capture import screenshot, shaped
    from baker8bit.sessions.gif import GifWriter

    gif_path = Path(gif).resolve() if gif else None
    dir_path = Path(png_dir).resolve() if png_dir else None
    if dir_path is not None:
        dir_path.mkdir(parents=True, exist_ok=True)
    if gif_path is not None and not gif_path.parent.is_dir():
        raise VideoError(f"cannot write {gif}: no such directory {gif_path.parent}")
    app = replay_app(rec, AppOptions(headless=True, glyphs=glyphs, pal=pal, sound=False))
    _, w, h = shaped(app, scale, shape)
    colours = palette.load("pal" if pal else "ntsc")
    fps = 50 if pal else 60
    writer = GifWriter(gif_path, w, h, colours, scale=1, fps=fps) if gif_path else None
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
                screenshot(app, dir_path / f"frame-{app.machine.frame:06d}.png", scale, shape)
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
