"""The one way to write a user's file, and to read one.

Writing (``output``, ``write_bytes``, ``write_text``): a file is either its old self or its new
self, never half of each, and never another file.

- ``target`` finds the file a write replaces, before anything is written: a symbolic link is
  written through, to the file it names (as an editor does). It is refused (``OutputError``, one
  line, exit 2 on the command line) when it is the same file as one of the command's inputs
  (the same path once links are followed, or the same device and inode), when it is a folder,
  and when it is a device, a FIFO or a socket, unless the format is a stream (a survey's CSV):
  then it is written as it is, never replaced (``-`` is standard output).
- The new contents go to a temporary file beside the target (the same folder, so the rename
  stays on one file system), ``.<name>.<pid>.tmp``, are flushed and fsynced, and ``os.replace``
  puts them in place in one step, with the old file's permissions. When anything fails on the
  way (a full disk, a read-only folder, Ctrl-C, SIGTERM: ``core/signals.py`` makes both an
  exception) the temporary file is removed, the old file is left byte for byte as it was, and
  ``AtomicWriteError`` says which file and why. A temporary file still open when the process
  ends (``atexit``) is removed too.

``set_aside`` moves a damaged file out of the way without deleting it.

Reading (``read_input``): a file's bytes up to a size limit, never blocking: a FIFO with no
writer, a terminal or a device that never answers is an error in one line, not a hang.
"""

from __future__ import annotations

import atexit
import errno
import os
import select
import stat
import time
from pathlib import Path
from typing import IO

from baker8bit.core.arguments import UsageError

STREAM = "-"  # standard output (or input), where a command's format is a stream


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


class OutputError(AtomicWriteError, UsageError):
    """An output refused before anything is written: the same file as an input, a folder, a
    device. A usage error (one line, exit 2) and a failed write (the window notes it)."""

    def __init__(self, path: str | os.PathLike, why: str, code: int = errno.EINVAL):
        super().__init__(path, OSError(code, why))
        self.message = f"cannot write {path}: {why}"


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words: ``a folder``, ``a device``, ..."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Are ``a`` and ``b`` one file: the same path once links are followed, or (existing both) the
    same device and inode (a hard link, a bind mount)?"""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        sa, sb = os.stat(a), os.stat(b)
    except (OSError, ValueError):
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def target(path: str | os.PathLike, inputs=(), stream: bool = False) -> Path:
    """The file a write to ``path`` makes or replaces (a symbolic link followed to its target);
    ``OutputError`` when it is one of ``inputs`` (paths; None and ``-`` are skipped), a folder, or
    (without ``stream``) a device, FIFO or socket."""
    real = Path(os.path.realpath(path))
    try:
        mode = os.stat(real).st_mode
    except (OSError, ValueError):
        mode = None  # a new file (or one the write will fail to reach: it says why then)
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(path, "it is a folder, not a file", errno.EISDIR)
    if mode is not None and not stat.S_ISREG(mode) and not stream:
        raise OutputError(path, f"it is {kind_of(mode)}, not a file (the output is written whole and "
                          "renamed into place)")
    for given in inputs:
        if given is None or str(given) == STREAM or not str(given):
            continue
        if same_file(real, given):
            raise OutputError(path, f"it is the input {given}; the input is kept: give another file to write")
    return real


def distinct(*outputs) -> None:
    """Two outputs of one command that are one file (``--out x --chart x``): ``OutputError``."""
    named = [o for o in outputs if o is not None and str(o) != STREAM]
    for i, a in enumerate(named):
        for b in named[:i]:
            if same_file(a, b):
                raise OutputError(a, f"it is also the output {b}: give each output its own file")


# ---- temporary files ---------------------------------------------------------------------

LIVE: dict[Path, int] = {}  # temporary files of writes in progress, by the process that made each


def forget_live() -> None:
    """Remove every temporary file of a write this process still has in progress (at exit; a
    forked worker, which inherits the list, leaves its parent's alone)."""
    for tmp, pid in list(LIVE.items()):
        if pid != os.getpid():
            continue
        try:
            os.unlink(tmp)
        except OSError:
            pass
        del LIVE[tmp]


atexit.register(forget_live)


def release(tmp: Path) -> None:
    """``tmp`` was renamed into place or removed: no longer one to remove at exit."""
    LIVE.pop(tmp, None)


def open_temp(path: Path, suffix: str = "") -> tuple[int, Path]:
    """A new temporary file beside ``path`` (``.<name>.<pid>.tmp<suffix>``), open for writing, and
    its name; kept in ``LIVE`` (removed at exit) until the caller ``release``s it."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for n in range(1000):
        tag = f".{os.getpid()}.tmp" if n == 0 else f".{os.getpid()}-{n}.tmp"
        tmp = path.with_name(f".{path.name}{tag}{suffix}")
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        LIVE[tmp] = os.getpid()
        return fd, tmp
    raise FileExistsError(errno.EEXIST, f"too many temporary files beside {path}")


def sync_directory(directory: Path) -> None:
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


class Output:
    """A file being written whole (see the module's docstring): ``file`` (binary, or UTF-8 text
    with ``text``) takes the contents, ``commit`` puts them in place, ``abort`` forgets them; as a
    context manager, a clean exit commits and an exception (Ctrl-C, SIGTERM) aborts.

    ``by_name``: no file is opened here, for a library that opens ``tmp`` by its name itself
    (PyAV, Pyxel's PNGs); ``suffix`` ends the temporary file's name (a library that chooses the
    format by it)."""

    def __init__(self, path: str | os.PathLike, inputs=(), text: bool = False, by_name: bool = False,
                 suffix: str = ""):
        self.path = Path(path)
        self.target = target(path, inputs)
        try:
            self.mode = stat.S_IMODE(os.stat(self.target).st_mode)
        except OSError:
            self.mode = None  # a new file: the umask's permissions
        try:
            fd, self.tmp = open_temp(self.target, suffix)
        except OSError as e:
            raise AtomicWriteError(path, e) from None
        self.file: IO | None = None
        if by_name:
            os.close(fd)
        else:
            self.file = os.fdopen(fd, "w", encoding="utf-8", newline="") if text else os.fdopen(fd, "wb")
        self.done = False

    def __enter__(self):
        return self.file if self.file is not None else self

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.commit()
        else:
            self.abort()

    def commit(self) -> None:
        """Flush, fsync and rename the temporary file over the target; AtomicWriteError (the old
        file unchanged, the temporary file removed) when that fails."""
        if self.done:
            return
        try:
            if self.file is not None:
                self.file.flush()
                os.fsync(self.file.fileno())
                self.file.close()
            else:
                fd = os.open(self.tmp, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            if self.mode is not None:
                os.chmod(self.tmp, self.mode)
            os.replace(self.tmp, self.target)
        except BaseException as e:
            self.abort()
            if isinstance(e, OSError) and not isinstance(e, AtomicWriteError):
                raise AtomicWriteError(self.path, e) from e
            raise
        self.done = True
        release(self.tmp)
        sync_directory(self.target.parent)

    def abort(self) -> None:
        """Close and remove the temporary file; the target is as it was."""
        if self.done:
            return
        self.done = True
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass
        try:
            os.unlink(self.tmp)
        except OSError:
            pass
        release(self.tmp)


def output(path: str | os.PathLike, inputs=(), text: bool = False, by_name: bool = False,
           suffix: str = "") -> Output:
    """A file to write whole (``Output``): ``with files.output(out, inputs=[board]) as f: ...``."""
    return Output(path, inputs, text=text, by_name=by_name, suffix=suffix)


def write_bytes(path: str | os.PathLike, data: bytes, inputs=()) -> None:
    """Replace ``path`` with ``data`` atomically; AtomicWriteError on failure (OutputError, one of
    them, when the target is refused)."""
    with output(path, inputs) as f:
        f.write(data)


def write_text(path: str | os.PathLike, text: str, inputs=()) -> None:
    """Replace ``path`` with ``text`` (UTF-8, newlines as given) atomically."""
    write_bytes(path, text.encode("utf-8"), inputs)


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


def free_name(path: Path, tag: str) -> Path:
    """``<name>.<tag>``, or ``<name>.<tag>-2``, ``-3``, ...: the first name not taken."""
    for n in range(1, 10_000):
        candidate = path.with_name(f"{path.name}.{tag}" + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(candidate):
            return candidate
    raise FileExistsError(errno.EEXIST, f"too many .{tag} files beside {path}")


# ---- locks -------------------------------------------------------------------------------


class LockError(OSError):
    """A lock file that cannot be made, or that another baker8bit holds; ``strerror`` says which."""


def _try_lock(fd: int) -> bool:
    try:
        if os.name == "posix":
            import fcntl  # POSIX only

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            import msvcrt  # Windows only

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except (BlockingIOError, PermissionError):
        return False
    return True


def lock(path: str | os.PathLike, wait: float = 0.0) -> int:
    """Hold the lock file ``path`` (an OS lock, released when the process ends however it ends):
    its descriptor, to ``os.close`` to release it. ``LockError`` when it cannot be made (a
    read-only folder) or another process still holds it after ``wait`` seconds."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as e:
        raise LockError(e.errno, f"cannot make the lock file {path}: {e.strerror or e}") from None
    deadline = time.monotonic() + wait
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            os.close(fd)
            raise LockError(errno.EAGAIN, f"{path} is held by another baker8bit")
        time.sleep(0.005)
    return fd


# ---- reading -----------------------------------------------------------------------------

READ_WAIT = 5.0  # seconds a pipe, FIFO or device may keep a reader waiting before it is given up


def read_input(path: str | os.PathLike, limit: int, wait: float = READ_WAIT) -> bytes:
    """The first ``limit + 1`` bytes of the file ``path`` (more than ``limit``: the caller says
    it is too large), without blocking: a FIFO, pipe or device is read until its end, giving up
    after ``wait`` seconds with nothing new. OSError when it cannot be read, with a ``strerror`` a
    person understands for a folder, a FIFO with no writer, or one that never ends."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        if e.errno == errno.ENXIO:  # a socket
            raise OSError(e.errno, "it is a socket, not a file") from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
        if stat.S_ISREG(mode):
            with os.fdopen(fd, "rb", closefd=False) as f:
                return f.read(limit + 1)
        return _read_stream(fd, limit, wait, mode)
    finally:
        os.close(fd)


def _read_stream(fd: int, limit: int, wait: float, mode: int) -> bytes:
    """A FIFO, pipe or device read without blocking, until its end or ``limit + 1`` bytes."""
    out = bytearray()
    while len(out) <= limit:
        try:
            chunk = os.read(fd, min(1 << 16, limit + 1 - len(out)))
        except BlockingIOError:
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                raise OSError(errno.ETIMEDOUT, f"{kind_of(mode)} that sent nothing for {wait:g} s") from None
            continue
        if not chunk:
            break
        out += chunk
    if not out and stat.S_ISFIFO(mode):
        raise OSError(errno.ENODATA, "nothing to read: a FIFO or pipe with no writer")
    return bytes(out)
