"""Atomic file writes: a file is either its old self or its new self, never half of each.

The new contents go to a temporary file in the same directory (so the final
rename stays on one file system), are flushed and fsynced, and then
``os.replace`` puts them in place in one step. When anything fails on the way
(a full disk, a read-only directory, a crash of the write) the temporary file
is removed, the old file is left byte for byte as it was, and
``AtomicWriteError`` says which file and why.

``set_aside`` moves a damaged file out of the way without deleting it.

The temporary name is ``.<name>.<pid>.tmp`` (with a counter if that exists),
so no randomness is involved and a stray one is easy to recognise.
"""

from __future__ import annotations

import os
from pathlib import Path


class AtomicWriteError(OSError):
    """A file could not be written; the old file (if any) is unchanged. Keeps the OS's errno."""

    def __init__(self, path: str | os.PathLike, reason: OSError):
        self.path = Path(path)
        self.reason = reason
        why = reason.strerror or str(reason)
        self.message = f"cannot write {self.path}: {why} (the previous file is unchanged)"
        super().__init__(reason.errno, why)  # strerror: the reason alone, as for any OSError

    def __str__(self) -> str:
        return self.message


def _open_temp(path: Path) -> tuple[int, Path]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for n in range(1000):
        suffix = f".{os.getpid()}.tmp" if n == 0 else f".{os.getpid()}-{n}.tmp"
        tmp = path.with_name(f".{path.name}{suffix}")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"too many temporary files beside {path}")


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically; raise AtomicWriteError on failure."""
    path = Path(path)
    try:
        fd, tmp = _open_temp(path)
    except OSError as e:
        raise AtomicWriteError(path, e) from e
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise AtomicWriteError(path, e) from e
        raise
    _sync_directory(path.parent)


def write_text(path: str | os.PathLike, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8, newlines as given) atomically."""
    write_bytes(path, text.encode("utf-8"))


def set_aside(path: str | os.PathLike) -> Path:
    """Rename a file that cannot be read to ``<name>.damaged-N`` (first free N from 1).

    The file is never deleted, so a player (or a bug report) keeps its bytes.
    Raises OSError if the rename fails.
    """
    path = Path(path)
    for n in range(1, 10_000):
        target = path.with_name(f"{path.name}.damaged-{n}")
        if not os.path.lexists(target):
            os.rename(path, target)
            return target
    raise FileExistsError(f"too many set-aside copies of {path}")
