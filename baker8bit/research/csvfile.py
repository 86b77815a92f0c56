"""The CSV files of surveys and studies: rows written as they come, and read back for ``--resume``.

Writing (``CsvOutput``), by what is at the path (docs/FILES.md says the same to the user):

- nothing, or an empty file: the CSV is made there and each row written and flushed as it
  comes, so an interrupt or a crash keeps every finished row (a failed start leaves no empty
  CSV);
- a file with rows and ``--resume``: the rows are read first, every one checked (``read``), and
  the new ones appended;
- a file with rows and no ``--resume``: the old file is kept until the new one is complete. The
  new rows go to a temporary file beside it, renamed over it at the end; interrupted (Ctrl-C,
  SIGTERM), the old file stays as it was and the new rows are kept beside it in
  ``<name>.partial`` (failing, they are dropped with the temporary file);
- standard output (no path, ``-``), a device or a FIFO: a stream, written as it is (a FIFO
  with no reader is refused rather than waited for); ``--resume`` needs a file;
- a folder, or the same file as an input of the command: refused (``files.OutputError``).

A write that fails (a full disk) cuts the file back to its last whole row, so a CSV never ends
in half a row.

Reading (``read``) checks every line against a ``Schema``: the columns of the header (this
version's or an earlier one's), then in each row the number of fields, each field's type and
range (whole numbers in plain decimal, finite seconds, the outcomes and searches there are, the
game's rule sets), the rules between fields, and that no key (a deal of a rule set, of a
strategy, of a layout) comes twice. Nothing is repaired: the first bad line is named with what
is wrong with it (``RowsError``). A file that is binary or UTF-16 text is told as such.
"""

from __future__ import annotations

import csv
import errno
import io
import math
import os
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from baker8bit.core import files
from baker8bit.core.arguments import UsageError
from baker8bit.core.textlines import decimal, quote


class RowsError(ValueError):
    """A CSV that cannot be resumed; the message names the file and its first bad line."""


# ---- what a column holds --------------------------------------------------------------------

Parse = Callable[[str], Any]  # a field's text to its value; ValueError with what it should be


def whole(lo: int = 0, hi: int | None = None) -> Parse:
    """A whole number in plain ASCII decimal, ``lo``..``hi``."""

    def parse(text: str) -> int:
        value = decimal(text)
        if value is None or value < lo or (hi is not None and value > hi):
            span = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
            raise ValueError(f"a whole number {span}")
        return value
    return parse


def seconds(text: str) -> float:
    """A finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or not text.strip() or text != text.strip():
        raise ValueError("a number of seconds, 0 or more")
    return value


def choice(*values: str) -> Parse:
    """One of ``values`` exactly."""
    values = tuple(str(v) for v in values)

    def parse(text: str) -> str:
        if text not in values:
            raise ValueError("one of " + ", ".join(repr(v) for v in values))
        return text
    return parse


def text(empty: bool = True) -> Parse:
    """Any text of a line (empty or not); no control characters."""

    def parse(value: str) -> str:
        if (not value and not empty) or any(ord(c) < 32 or ord(c) == 127 for c in value):
            raise ValueError("text" if empty else "a name")
        return value
    return parse


class Schema:
    """A CSV's columns (``fields``; ``older``: the headers of earlier versions, still read), how
    each is read (``columns``), the columns that make a row's key, a rule between fields
    (``check``: a row's values to what is wrong with them, or None) and how a key is said."""

    def __init__(self, what: str, fields: tuple[str, ...], columns: dict[str, Parse], key: tuple[str, ...],
                 older: Iterable[tuple[str, ...]] = (), check: Callable[[dict], str | None] | None = None,
                 said: Callable[[dict], str] | None = None):
        self.what, self.fields, self.columns, self.key = what, fields, columns, key
        self.headers = (fields, *older)
        self.check = check
        self.said = said or (lambda row: ", ".join(f"{k} {row[k]}" for k in key))


SNIFF = 4096  # bytes looked at before the rows: a binary or UTF-16 file is said as such
MAX_LINE = 64 * 1024  # a row is a few dozen bytes: a line this long is not one (and is not read whole)


def _sniff(head: bytes) -> str | None:
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16 text, not a CSV of baker8bit (it writes UTF-8)"
    if b"\0" in head:
        return "a binary file, not a CSV" + (" (UTF-16 text?)" if head.count(b"\0") * 3 > len(head) else "")
    return None


def read(path: str | os.PathLike, schema: Schema, name: str | None = None) -> tuple[tuple[str, ...] | None, list[dict]]:
    """The header and the rows (dicts of values by column) of the CSV at ``path``, every line
    checked; ``(None, [])`` for an empty file. ``RowsError`` names the first bad line, and the
    file as ``name`` (default: ``path``)."""
    where = name or str(path)
    rows: list[dict] = []
    keys: dict[tuple, int] = {}
    with open(path, "rb") as f:
        head = f.read(SNIFF)
        problem = _sniff(head)
        if problem:
            raise RowsError(f"{where}: {problem}")
        f.seek(0)
        header: tuple[str, ...] | None = None
        for n, raw in enumerate(iter(lambda: f.readline(MAX_LINE + 1), b""), start=1):
            if len(raw) > MAX_LINE:
                raise RowsError(f"{where}: line {n} is longer than {MAX_LINE // 1024} KiB: not a CSV of baker8bit")
            if not raw.endswith(b"\n"):
                raise RowsError(f"{where}: line {n} is cut short: the file ends inside it (a run stopped "
                                "while writing?); remove that line, then resume")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise RowsError(f"{where}: line {n} is not UTF-8 text") from None
            line = line.removesuffix("\n").removesuffix("\r")
            if n == 1:
                line = line.removeprefix("\ufeff")
            if not line:
                raise RowsError(f"{where}: line {n} is empty (a row was expected)")
            try:
                cells = next(csv.reader([line], strict=True))
            except csv.Error as e:
                raise RowsError(f"{where}: line {n} is not a CSV row ({e})") from None
            if header is None:
                if tuple(cells) not in schema.headers:
                    raise RowsError(f"{where}: line 1: not a {schema.what} (columns {','.join(schema.fields)} "
                                    f"expected, not {quote(line)})")
                header = tuple(cells)
                continue
            rows.append(_row(where, n, cells, header, schema, keys))
    return header, rows


def _row(where: str, n: int, cells: list[str], header: tuple[str, ...], schema: Schema, keys: dict) -> dict:
    if len(cells) != len(header):
        raise RowsError(f"{where}: line {n} has {len(cells)} fields, not {len(header)} "
                        "(a row cut short, or two rows run together?)")
    row: dict[str, Any] = {}
    for name, cell in zip(header, cells, strict=True):
        try:
            row[name] = schema.columns[name](cell)
        except ValueError as e:
            raise RowsError(f"{where}: line {n}: {name} must be {e}, not {quote(cell)}") from None
    if schema.check is not None:
        wrong = schema.check(row)
        if wrong:
            raise RowsError(f"{where}: line {n}: {wrong}")
    key = tuple(row.get(k) for k in schema.key)
    if key in keys:
        raise RowsError(f"{where}: line {n}: {schema.said(row)} again (line {keys[key]} has it already)")
    keys[key] = n
    return row


# ---- writing ---------------------------------------------------------------------------------

STDOUT, STREAM, FRESH, APPEND, REPLACE = "stdout", "stream", "fresh", "append", "replace"


class CsvOutput:
    """Where a survey or study writes its CSV (see the module's docstring). ``kind`` says which
    case it is; ``resuming``: rows are to be read from ``target`` first (``read``) and
    appended; ``header``: the new rows need a header. ``open`` opens it, ``stream`` takes the
    rows (a text stream for ``csv.writer``: each ``write`` a whole row), ``close`` ends it and
    says where the rows are."""

    def __init__(self, path: str | None, resume: bool, inputs=()):
        self.path = path
        self.rows = 0  # rows written (``written`` counts them)
        self.tmp: Path | None = None
        self.fd: int | None = None
        self.stream: Any = None
        if not path or path == files.STREAM:
            if resume:
                raise UsageError("--resume needs --out FILE.csv")
            self.kind, self.target, self.header = STDOUT, None, True
            return
        self.target = files.target(path, inputs, stream=True)
        try:
            st = os.stat(self.target)
        except FileNotFoundError:
            st = None
        except OSError as e:
            raise files.OutputError(path, e.strerror or str(e), e.errno or errno.EIO) from None
        if st is not None and not stat.S_ISREG(st.st_mode):
            if resume:
                raise UsageError(f"--resume needs a file, and {path} is {files.kind_of(st.st_mode)}")
            self.kind = STREAM
        elif st is None or st.st_size == 0:
            self.kind = FRESH
        else:
            self.kind = APPEND if resume else REPLACE
        self.header = self.kind != APPEND
        self.existed = st is not None
        self.mode = stat.S_IMODE(st.st_mode) if st is not None else None

    @property
    def resuming(self) -> bool:
        return self.kind == APPEND

    def open(self) -> None:
        """Open the file (OSError: the command says it cannot write it)."""
        if self.kind == STDOUT:
            self.stream = sys.stdout
            return
        if self.kind == REPLACE:
            self.fd, self.tmp = files.open_temp(self.target)
        elif self.kind == APPEND:
            self.fd = os.open(self.target, os.O_WRONLY | os.O_APPEND)
        elif self.kind == FRESH:
            self.fd = os.open(self.target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        else:
            self.fd = _open_stream(self.target, self.path)
        self.stream = _Rows(self)

    def write(self, data: str) -> None:
        """One or more whole rows; a failure (or an interrupt in the middle) cuts the file back
        to its last whole row and raises."""
        if self.kind == STDOUT:
            self.stream.write(data)
            self.stream.flush()
            self.rows += data.count("\n")
            return
        raw = data.encode("utf-8")
        good = os.lseek(self.fd, 0, os.SEEK_END) if self.kind != STREAM else None
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(self.fd, view):]
        except BaseException:
            if good is not None:
                try:
                    os.ftruncate(self.fd, good)
                except OSError:
                    pass
            raise
        self.rows += data.count("\n")

    def close(self, complete: bool, failed: bool = False) -> tuple[OSError | None, str]:
        """End the CSV: ``complete`` (every row asked for is there), else interrupted or
        ``failed``. Returns the error of the last step (a full disk, None) and a sentence saying
        where the rows are for the user, or ""."""
        if self.kind == STDOUT:
            return None, ""
        if self.fd is None:
            return None, ""
        error: OSError | None = None
        try:
            if self.kind != STREAM:
                os.fsync(self.fd)
        except OSError as e:
            error = e
        finally:
            os.close(self.fd)
            self.fd = None
        body = max(0, self.rows - 1) if self.header else self.rows  # the rows, not the header
        if self.kind == REPLACE:
            return self._close_replace(complete and error is None, failed or error is not None, body, error)
        if self.kind == FRESH and not self.existed and (failed or error is not None) and body == 0:
            try:
                os.unlink(self.target)  # no row in it: leave no empty CSV behind
            except OSError:
                pass
            return error, f"{self.path} was removed (no row in it)"
        return error, ""

    def _close_replace(self, complete: bool, failed: bool, body: int, error: OSError | None):
        tmp, self.tmp = self.tmp, None
        try:
            if complete:
                if self.mode is not None:
                    os.chmod(tmp, self.mode)
                os.replace(tmp, self.target)
                files.release(tmp)
                files.sync_directory(self.target.parent)
                return None, ""
            if not failed and body:
                kept = files.free_name(self.target, "partial")
                os.replace(tmp, kept)
                files.release(tmp)
                beside = os.path.dirname(self.path)
                shown = os.path.join(beside, kept.name) if Path(os.path.realpath(beside or ".")) == kept.parent \
                    else str(kept)
                return error, (f"{self.path} is unchanged; the {body} new rows are in {shown} (move it over "
                               f"{self.path} and give --resume to go on from them)")
        except OSError as e:
            error = error or e
        try:
            os.unlink(tmp)
        except OSError:
            pass
        files.release(tmp)
        return error, f"{self.path} is unchanged"


class _Rows(io.TextIOBase):
    """The text stream ``csv.writer`` writes a CSV's rows to: each ``write`` goes to the file
    whole (``CsvOutput.write``)."""

    def __init__(self, out: CsvOutput):
        self.out = out

    def writable(self) -> bool:
        return True

    def write(self, data: str) -> int:
        self.out.write(data)
        return len(data)


def _open_stream(target: Path, path: str) -> int:
    """A device or FIFO opened for writing, never waiting for a FIFO's reader."""
    try:
        fd = os.open(target, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise files.OutputError(path, "it is a FIFO with no reader") from None
        raise
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return fd
