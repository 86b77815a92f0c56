"""Write a video file with sound: palette pictures and 16-bit PCM in, ``.mp4`` or ``.webm`` out.

The encoder is PyAV (FFmpeg's libraries as a pip wheel), an optional extra:
``pip install av`` (``pip install ".[video]"`` in a clone). Without it ``VideoUnavailable`` says so in
one line.
The file's suffix chooses the format:

- ``.mp4``: H.264 (libx264) and AAC, what every player and site takes;
- ``.webm``: VP9 (libvpx) and Opus, the open formats browsers play.

Pictures are one palette index a pixel (the Atari picture as reshaped for output) with the
palette's 0xRRGGBB colours; they go to the encoder as FFmpeg's ``pal8`` frames, which it
turns into 4:2:0 YUV, the form players expect. 4:2:0 needs an even width and height, so an
odd one gets a column or row more, a copy of the last. Frame ``k`` has time ``k / fps`` (the
Atari's exact rate, a fraction); each frame's sound is the PCM given with it, so sound and
pictures stay together however long the video.

The file is written to a temporary file beside the target and renamed over it by ``close``
only: an error or Ctrl-C (an exception inside the ``with`` block) removes the temporary file
and leaves any file at the path as it was.
"""

from __future__ import annotations

import os
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

INSTALL_HINT = 'video needs PyAV: pip install av (in a clone of baker8bit: pip install ".[video]")'

# suffix: (container, video codec, audio codec, video options)
FORMATS = {
    ".mp4": ("mp4", "libx264", "aac", {"preset": "veryfast", "crf": "18", "tune": "animation"}),
    ".webm": ("webm", "libvpx-vp9", "libopus",
              {"deadline": "realtime", "cpu-used": "8", "crf": "30", "b": "0", "row-mt": "1"}),
}
AUDIO_BITRATE = 96_000


class VideoError(OSError):
    """The video cannot be written; a file already at the path is unchanged."""


class VideoUnavailable(VideoError):
    """PyAV is not installed."""


def check_target(path: str | os.PathLike) -> str:
    """The format of ``path`` by its suffix ('.mp4' or '.webm'); VideoError for another."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise VideoError(f"cannot write video {path}: the name must end in .mp4 (H.264 and AAC) "
                         f"or .webm (VP9 and Opus), not {suffix or 'nothing'!r}")
    return suffix


def load_av():
    """The PyAV module, or VideoUnavailable saying how to install it."""
    try:
        import av  # the video extra: optional, and large
    except ImportError:
        raise VideoUnavailable(INSTALL_HINT) from None
    return av


def even(n: int) -> int:
    return n + n % 2


def palette_plane(colours: list[int]) -> bytes:
    """FFmpeg's pal8 palette: 256 native-endian 0xAARRGGBB words (B, G, R, A on little-endian)."""
    out = bytearray(1024)
    for i, rgb in enumerate(colours[:256]):
        out[4 * i:4 * i + 4] = (0xFF000000 | rgb).to_bytes(4, sys.byteorder)
    return bytes(out)


class VideoWriter:
    """``add(picture, pcm)`` one frame at a time, then ``close()`` (or use ``with``)."""

    def __init__(self, path: str | os.PathLike, width: int, height: int, fps: Fraction, colours: list[int],
                 rate: int = 48000):
        self.path = Path(path)
        suffix = check_target(self.path)
        av = self.av = load_av()
        self.width, self.height = width, height
        self.out_w, self.out_h = even(width), even(height)
        self.fps, self.rate = Fraction(fps), rate
        directory = self.path.parent if str(self.path.parent) else Path(".")
        if not directory.is_dir():
            raise VideoError(f"cannot write {path}: no such directory {directory}")
        container, vcodec, acodec, options = FORMATS[suffix]
        try:
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=suffix, dir=directory)
            os.close(fd)
        except OSError as e:
            raise VideoError(f"cannot write {path}: {e.strerror or e}") from None
        try:
            self.container = av.open(self.tmp, "w", format=container)
            self.video = self.container.add_stream(vcodec, rate=self.fps)
            self.video.width, self.video.height, self.video.pix_fmt = self.out_w, self.out_h, "yuv420p"
            self.video.options = dict(options)
            self.audio = self.container.add_stream(acodec, rate=rate, layout="mono")
            self.audio.bit_rate = AUDIO_BITRATE
        except BaseException as e:
            self._discard()
            if isinstance(e, av.FFmpegError):
                raise VideoError(f"cannot write {path}: {e}") from None
            raise
        self.palette = palette_plane(colours)
        self.frames = 0
        self.samples = 0
        self._last: bytes | None = None
        self._rows: bytes = b""
        self.closed = False

    # -- frames ----------------------------------------------------------------------

    def _plane(self, picture: bytes, line_size: int) -> bytes:
        """The picture's rows padded to the frame's line size (and to even sizes)."""
        if picture == self._last:
            return self._rows
        w, h = self.width, self.height
        if len(picture) != w * h:
            raise ValueError(f"a picture of {len(picture)} bytes, not {w} x {h}")
        rows = []
        pad = line_size - w
        for y in range(h):
            row = picture[y * w:(y + 1) * w]
            rows.append(row + row[-1:] * pad)
        if self.out_h != h:
            rows.append(rows[-1])
        self._last, self._rows = picture, b"".join(rows)
        return self._rows

    def add(self, picture: bytes, pcm: bytes = b"") -> None:
        """One video frame (palette indices, ``width`` x ``height``) and its sound (mono 16-bit PCM)."""
        av = self.av
        try:
            frame = av.VideoFrame(self.out_w, self.out_h, "pal8")
            frame.planes[0].update(self._plane(picture, frame.planes[0].line_size))
            frame.planes[1].update(self.palette)
            frame.pts = self.frames
            frame.time_base = 1 / self.fps
            self.container.mux(self.video.encode(frame))
            self.frames += 1
            n = len(pcm) // 2
            if n:
                sound = av.AudioFrame(format="s16", layout="mono", samples=n)
                sound.sample_rate = self.rate
                sound.planes[0].update(pcm)
                sound.pts = self.samples
                sound.time_base = Fraction(1, self.rate)
                self.container.mux(self.audio.encode(sound))
                self.samples += n
        except av.FFmpegError as e:
            raise VideoError(f"cannot write {self.path}: {e}") from None

    # -- the end ---------------------------------------------------------------------

    def close(self) -> None:
        """Finish the file and put it in place."""
        if self.closed:
            return
        av = self.av
        try:
            self.container.mux(self.video.encode(None))
            self.container.mux(self.audio.encode(None))
            self.container.close()
            with open(self.tmp, "rb+") as f:
                os.fsync(f.fileno())
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self.tmp, 0o666 & ~umask)  # an ordinary file, not mkstemp's private 0600
            os.replace(self.tmp, self.path)
        except (av.FFmpegError, OSError) as e:
            self._discard()
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise VideoError(f"cannot write {self.path}: {why} (any previous file is unchanged)") from None
        except BaseException:
            self._discard()
            raise
        self.closed = True

    def _discard(self) -> None:
        self.closed = True
        try:
            container = getattr(self, "container", None)
            if container is not None:
                container.close()
        except Exception:
            pass
        try:
            os.unlink(self.tmp)
        except OSError:
            pass

    def __enter__(self) -> VideoWriter:
        return self

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.close()
        else:
            self._discard()

    @property
    def seconds(self) -> float:
        return float(self.frames / self.fps)


__all__ = ["FORMATS", "INSTALL_HINT", "VideoError", "VideoUnavailable", "VideoWriter", "check_target", "load_av"]
