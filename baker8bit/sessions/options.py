"""Remembered window options: scale, glyphs, sound and palette, kept between sittings.

``options.json`` in the user data folder::

    {"format": "baker8bit-options", "version": 1,
     "scale": 3, "glyphs": false, "sound": true, "palette": "ntsc"}

``scale`` is 1..16 or null (Pyxel picks one that fits the display), ``palette``
``ntsc`` or ``pal``. The window's command-line options change them and are
remembered (``baker8bit --glyphs`` once, and the next ``baker8bit`` shows
glyphs; ``--no-glyphs`` turns them off again). Reading never raises: a file
that cannot be read leaves the defaults and a message, and the file as it is
(a damaged one is not overwritten either: it is set aside first, as the
statistics are).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from baker8bit.core.files import AtomicWriteError, set_aside, write_text
from baker8bit.core.textlines import quote, read_text

MAGIC = "baker8bit-options"
FORMAT_VERSION = 1
MAX_BYTES = 1 << 16
FILE = "options.json"


class OptionsError(ValueError):
    """An options file that cannot be read; the message says why."""


@dataclass(frozen=True)
class Remembered:
    scale: int | None = None
    glyphs: bool = False
    sound: bool = True
    palette: str = "ntsc"

    def given(self, **changes) -> Remembered:
        """These options with the ones given (not None) changed."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


def dumps(opts: Remembered) -> str:
    return json.dumps({"format": MAGIC, "version": FORMAT_VERSION, **asdict(opts)}, indent=2) + "\n"


def loads(text: str) -> Remembered:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise OptionsError(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise OptionsError("not an options file (nested too deeply)") from None
    except ValueError as e:
        raise OptionsError(f"not an options file ({str(e)[:60]})") from None
    if not isinstance(data, dict) or data.get("format") != MAGIC:
        raise OptionsError(f"not a baker8bit options file (\"format\" should be {MAGIC!r})")
    if data.get("version") != FORMAT_VERSION or isinstance(data.get("version"), bool):
        raise OptionsError(f"unknown options format version {quote(repr(data.get('version')))}")
    names = {f.name for f in fields(Remembered)}
    extra = set(data) - names - {"format", "version"}
    if extra:
        raise OptionsError(f"unknown option(s) {', '.join(quote(n) for n in sorted(extra)[:3])}")
    out = Remembered()
    scale = data.get("scale", out.scale)
    if scale is not None and (not isinstance(scale, int) or isinstance(scale, bool) or not 1 <= scale <= 16):
        raise OptionsError(f"scale must be 1..16 or null, not {quote(repr(scale))}")
    for name in ("glyphs", "sound"):
        if not isinstance(data.get(name, False), bool):
            raise OptionsError(f"{name} must be true or false, not {quote(repr(data[name]))}")
    palette = data.get("palette", out.palette)
    if palette not in ("ntsc", "pal"):
        raise OptionsError(f"palette must be \"ntsc\" or \"pal\", not {quote(repr(palette))}")
    return Remembered(scale, data.get("glyphs", out.glyphs), data.get("sound", out.sound), palette)


def load(path: str | os.PathLike) -> Remembered:
    """FileNotFoundError if missing, OptionsError if damaged, OSError if unreadable."""
    return loads(read_text(path, OptionsError, MAX_BYTES))


def load_or_set_aside(path: str | os.PathLike) -> tuple[Remembered, str | None, bool]:
    """(options, message, writable): the defaults and a message when the file is damaged (set
    aside as ``<name>.damaged-N``) or cannot be read (``writable`` False: leave it as it is)."""
    path = Path(path)
    try:
        return load(path), None, True
    except FileNotFoundError:
        return Remembered(), None, True
    except OptionsError as e:
        reason = str(e)
    except OSError as e:
        return Remembered(), f"cannot read the options {path}: {e.strerror or e}", False
    try:
        kept = set_aside(path)
    except OSError as e:
        return (
            Remembered(),
            f"the options {path} are damaged ({reason}) and could not be moved aside: {e.strerror or e}",
            False,
        )
    return Remembered(), f"the options could not be read ({reason}); they are kept as {kept.name}", True


def save(path: str | os.PathLike, opts: Remembered) -> str | None:
    """Write them (atomically); a message instead of an exception when that fails."""
    try:
        write_text(path, dumps(opts))
    except AtomicWriteError as e:
        return str(e)
    return None
