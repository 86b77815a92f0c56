"""A small, fast, pure-Python animated GIF writer for headless video of game sessions.

The game draws palette-indexed frames (one byte per pixel, row-major) at a fixed
rate, and most frames equal the one before. ``GifWriter`` takes every display
frame and keeps the file small and the encoding quick:

* identical consecutive frames become one GIF image with a longer delay;
* a changed frame is stored as the bounding rectangle of the pixels that differ
  from the previously *stored* image, drawn over it ("do not dispose");
* delays come from cumulative time, ``round(end*100/fps) - round(start*100/fps)``
  centiseconds, so rounding never drifts (7200 frames at 60 fps are exactly
  12000 cs);
* no image is stored with a delay under 2 cs, because browsers show such
  images for 10 cs: a change that lasts under 2 cs is dropped and the next
  change takes over its start time, so the total time stays exact.

The file goes to a temporary file beside the target while frames arrive and is
renamed over the target by ``close()`` only; on any failure (or an exception
inside a ``with`` block) the temporary file is removed and an existing file at
the path is left as it was.

Format facts (block layout, LZW code sizes, the clear and end codes, the
4096-code table limit, 255-byte sub-blocks) follow the GIF89a specification.
"""

from __future__ import annotations

import math
import os
import struct
from pathlib import Path

__all__ = ["GifWriter", "GifWriteError", "lzw_encode"]

MAX_DELAY = 0xFFFF  # the delay field is 16 bits of centiseconds (GIF89a specification)
MIN_DELAY = 2  # browsers replace 0 and 1 cs by 10 cs


class GifWriteError(OSError):
    """The GIF could not be written; a file already at the path is unchanged."""

    def __init__(self, path: str | os.PathLike, reason: OSError):
        why = reason.strerror or str(reason)
        self.message = f"cannot write GIF {Path(path)}: {why} (any previous file is unchanged)"
        super().__init__(reason.errno, self.message)
        self.filename = str(path)
        self.reason = reason

    def __str__(self) -> str:
        return self.message


def lzw_encode(data: bytes, min_code_size: int) -> bytes:
    """GIF-flavoured LZW of ``data`` (codes packed least significant bit first).

    The stream starts with a clear code, widens codes from ``min_code_size + 1``
    up to 12 bits, sends a clear code and starts a fresh table whenever all 4096
    codes are in use, and ends with the end-of-information code. Every value in
    ``data`` must be below ``1 << min_code_size``.
    """
    if not 2 <= min_code_size <= 8:
        raise ValueError(f"LZW minimum code size must be 2..8, got {min_code_size}")
    clear = 1 << min_code_size
    first_free = clear + 2
    start_width = min_code_size + 1

    out = bytearray()
    append = out.append
    table: dict[int, int] = {}
    get = table.get
    width = start_width
    limit = 1 << width
    next_code = first_free
    buf = clear  # the clear code goes first
    nbits = width

    it = iter(data)
    prefix = next(it, None)  # the first pixel, if any
    if prefix is not None:
        for b in it:
            key = (prefix << 8) | b
            code = get(key)
            if code is not None:
                prefix = code
                continue
            buf |= prefix << nbits
            nbits += width
            while nbits >= 8:
                append(buf & 0xFF)
                buf >>= 8
                nbits -= 8
            table[key] = next_code
            next_code += 1
            if next_code == 4096:
                # Table full: tell the decoder to start over (width is 12 here).
                buf |= clear << nbits
                nbits += width
                table.clear()
                next_code = first_free
                width = start_width
                limit = 1 << width
            elif next_code > limit:
                width += 1
                limit <<= 1
            prefix = b
        buf |= prefix << nbits
        nbits += width
        # The decoder adds one more entry on reading that last code, and may
        # widen before it reads the end code.
        if next_code + 1 > limit and width < 12:
            width += 1
    buf |= (clear + 1) << nbits
    nbits += width
    while nbits > 0:
        append(buf & 0xFF)
        buf >>= 8
        nbits -= 8
    return bytes(out)


def _sub_blocks(data: bytes) -> bytes:
    """Split ``data`` into length-prefixed blocks of at most 255 bytes, then a 0 terminator."""
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i : i + 255]
        out.append(len(chunk))
        out += chunk
    out.append(0)
    return bytes(out)


def _open_temp(path: Path):
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for n in range(1000):
        tag = f"{os.getpid()}" if n == 0 else f"{os.getpid()}-{n}"
        tmp = path.with_name(f".{path.name}.{tag}.gif-tmp")
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        return os.fdopen(fd, "wb"), tmp
    raise FileExistsError(f"too many temporary files beside {path}")


class GifWriter:
    """Write an animated GIF frame by frame; see the module docstring.

    ``frames_seen`` counts ``add_frame`` calls; ``frames_written`` counts the GIF
    images actually stored (a run longer than 655.35 s needs more than one).
    """

    def __init__(
        self,
        path: str | os.PathLike,
        width: int,
        height: int,
        palette: list[int],
        scale: int = 1,
        fps: float = 60.0,
        loop: bool = True,
    ):
        for name, value in (("width", width), ("height", height), ("scale", scale)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive integer, got {value!r}")
        if width * scale > 0xFFFF or height * scale > 0xFFFF:
            raise ValueError(
                f"a GIF is at most 65535 pixels wide and high; {width}x{height} at scale {scale} is too big"
            )
        if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not math.isfinite(fps) or fps <= 0:
            raise ValueError(f"fps must be a positive finite number, got {fps!r}")
        palette = list(palette)
        if not 1 <= len(palette) <= 256:
            raise ValueError(f"palette must hold 1..256 colours, got {len(palette)}")
        for i, rgb in enumerate(palette):
            if isinstance(rgb, bool) or not isinstance(rgb, int) or not 0 <= rgb <= 0xFFFFFF:
                raise ValueError(f"palette entry {i} must be an int 0x000000..0xFFFFFF, got {rgb!r}")

        self.path = Path(path)
        self.width = width
        self.height = height
        self.scale = scale
        self.fps = float(fps)
        self.loop = bool(loop)
        self.frames_seen = 0
        self.frames_written = 0

        bits = max(1, (len(palette) - 1).bit_length())  # the table holds 2**bits colours
        self._min_code_size = max(2, bits)
        self._colours = len(palette)
        self._allowed = bytes(range(len(palette))) if len(palette) < 256 else None
        self._npix = width * height

        self._pending: bytes | None = None  # the frame on screen now, not yet stored
        self._pending_start = 0  # frame index where it started showing
        self._pending_is_held = False  # it is the last stored image continuing
        self._canvas: bytes | None = None  # content of the last stored image
        self._held: bytes | None = None  # last stored image, written once its delay is known
        self._held_start = 0

        table = bytearray()
        for rgb in palette:
            table += rgb.to_bytes(3, "big")
        table += bytes(3 * (1 << bits) - len(table))
        header = bytearray(b"GIF89a")
        # Global colour table present, 8 bits per primary, table size 2**bits.
        header += struct.pack("<HHBBB", width * scale, height * scale, 0x80 | 0x70 | (bits - 1), 0, 0)
        header += table
        if self.loop:
            # NETSCAPE2.0 application extension, loop count 0 = forever.
            header += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"

        self._file = None
        self._tmp: Path | None = None
        try:
            self._file, self._tmp = _open_temp(self.path)
            self._file.write(header)
        except OSError as e:
            self._abort()
            raise GifWriteError(self.path, e) from e

    # -- context manager -------------------------------------------------

    def __enter__(self) -> GifWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            self.close()
        else:
            self._abort()
        return False

    def __del__(self):  # a writer dropped without close() leaves no temporary file
        try:
            self._abort()
        except Exception:
            pass

    # -- frames ----------------------------------------------------------

    def add_frame(self, pixels: bytes) -> None:
        """Show ``pixels`` (width*height palette indices) for one frame, 1/fps seconds."""
        if self._file is None:
            raise ValueError(f"GIF writer for {self.path} is already closed")
        if len(pixels) != self._npix:
            raise ValueError(
                f"frame {self.frames_seen}: expected {self._npix} bytes "
                f"({self.width}x{self.height}), got {len(pixels)}"
            )
        pending = self._pending
        if pending is not None and pixels == pending:
            self.frames_seen += 1
            return
        frame = bytes(pixels)
        # One C-speed pass: deleting every allowed index must leave nothing.
        if self._allowed is not None and frame.translate(None, self._allowed):
            raise ValueError(
                f"frame {self.frames_seen}: palette index {max(frame)} is outside "
                f"the palette of {self._colours} colours"
            )
        j = self.frames_seen
        self.frames_seen = j + 1
        if pending is None:
            self._pending = frame
            self._pending_start = j
            return
        try:
            self._change(frame, j)
        except OSError as e:
            self._abort()
            raise GifWriteError(self.path, e) from e

    def _cs(self, frame_index: int) -> int:
        return round(frame_index * 100 / self.fps)

    def _change(self, frame: bytes, j: int) -> None:
        """The screen changes to ``frame`` at frame index ``j``."""
        start = self._pending_start
        if self._cs(j) - self._cs(start) >= MIN_DELAY:
            if not self._pending_is_held:
                self._store(self._pending, start)
            self._pending = frame
            self._pending_start = j
            self._pending_is_held = False
        elif frame == self._canvas:
            # The short-lived image is dropped and the screen is back to the last
            # stored image, which simply lasts longer.
            self._pending = self._canvas
            self._pending_start = self._held_start
            self._pending_is_held = True
        else:
            # The short-lived image is dropped; the new one shows from its start.
            self._pending = frame

    def _store(self, content: bytes, start: int) -> None:
        image = self._encode_delta(self._canvas, content)
        if self._held is not None:
            self._write_held(self._cs(start) - self._cs(self._held_start))
        self._held = image
        self._held_start = start
        self._canvas = content

    def _write_held(self, delay: int) -> None:
        write = self._file.write
        held = self._held
        while True:
            if delay <= MAX_DELAY:
                part = delay
            elif delay - MAX_DELAY >= MIN_DELAY:
                part = MAX_DELAY
            else:
                part = delay - MIN_DELAY
            # Graphic control extension: disposal 1 (do not dispose), no transparency.
            write(b"\x21\xf9\x04\x04" + struct.pack("<H", part) + b"\x00\x00")
            write(held)
            self.frames_written += 1
            delay -= part
            if delay == 0:
                break
            # Longer than one delay field: repeat the top-left pixel, a no-op image.
            held = self._image(0, 0, 1, 1, self._canvas[:1])

    def _image(self, left: int, top: int, w: int, h: int, rows: list[bytes] | bytes) -> bytes:
        """Image descriptor plus LZW data for a rectangle given in unscaled pixels."""
        k = self.scale
        if k == 1:
            data = rows if isinstance(rows, bytes) else b"".join(rows)
        else:
            if isinstance(rows, bytes):
                rows = [rows[i : i + w] for i in range(0, len(rows), w)]
            parts = []
            wide = bytearray(w * k)
            for row in rows:
                for i in range(k):
                    wide[i::k] = row
                parts.append(bytes(wide) * k)
            data = b"".join(parts)
        mcs = self._min_code_size
        return (
            b"\x2c"
            + struct.pack("<HHHHB", left * k, top * k, w * k, h * k, 0)
            + bytes((mcs,))
            + _sub_blocks(lzw_encode(data, mcs))
        )

    def _encode_delta(self, old: bytes | None, new: bytes) -> bytes:
        w, h = self.width, self.height
        if old is None:
            return self._image(0, 0, w, h, new)
        # Bounding box of the differences: rows from both ends, then columns
        # of the band between them (strided slices compare a column at once).
        top = 0
        while old[top * w : top * w + w] == new[top * w : top * w + w]:
            top += 1
        bottom = h - 1
        while old[bottom * w : bottom * w + w] == new[bottom * w : bottom * w + w]:
            bottom -= 1
        a, b = top * w, (bottom + 1) * w
        old_band, new_band = old[a:b], new[a:b]
        left = 0
        while old_band[left::w] == new_band[left::w]:
            left += 1
        right = w - 1
        while old_band[right::w] == new_band[right::w]:
            right -= 1
        rows = [new_band[y * w + left : y * w + right + 1] for y in range(bottom - top + 1)]
        return self._image(left, top, right - left + 1, bottom - top + 1, rows)

    # -- finishing -------------------------------------------------------

    def close(self) -> None:
        """Store the last image, finish the file and move it into place."""
        f = self._file
        if f is None:
            return
        try:
            if self._pending is None:
                raise ValueError(f"no frames were added to {self.path}; nothing to write")
            end = self.frames_seen
            if not self._pending_is_held:
                short = self._cs(end) - self._cs(self._pending_start) < MIN_DELAY
                if not short or self._held is None:
                    self._store(self._pending, self._pending_start)
                # else: the last change would show under 2 cs; drop it.
            # Only a whole recording under 2 cs gets a longer (2 cs) delay.
            self._write_held(max(MIN_DELAY, self._cs(end) - self._cs(self._held_start)))
            f.write(b"\x3b")  # trailer
            f.flush()
            os.fsync(f.fileno())
            f.close()
            self._file = None
            os.replace(self._tmp, self.path)
            self._tmp = None
        except BaseException as e:
            self._abort()
            if isinstance(e, OSError) and not isinstance(e, GifWriteError):
                raise GifWriteError(self.path, e) from e
            raise

    def _abort(self) -> None:
        """Forget everything: close and remove the temporary file."""
        f, self._file = self._file, None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
        tmp, self._tmp = self._tmp, None
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
