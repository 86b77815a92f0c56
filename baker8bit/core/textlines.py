"""Reading baker8bit's versioned text files (saved games, recordings) line by line.

Both formats are ``keyword value`` lines after a ``<magic> <version>`` first
line, with embedded multi-line texts (boards, a saved game) written behind
``| ``. Lines starting with ``#`` and blank lines between keywords are
ignored. Every error names the line, through the caller's exception class.
"""

from __future__ import annotations

import re

from baker8bit import __version__


class Lines:
    """Numbered lines with the ``| `` blocks and comments of the text formats."""

    def __init__(self, text: str, first_line: int, error: type[ValueError]):
        self.lines = text.splitlines()
        self.first = first_line
        self.i = 0
        self.last = first_line  # line number of the line ``next`` returned last
        self.error = error

    def lineno(self) -> int:
        return self.first + self.i

    def fail(self, message: str, lineno: int | None = None) -> ValueError:
        return self.error(f"line {self.lineno() if lineno is None else lineno}: {message}")

    def next(self, what: str) -> tuple[str, str]:
        """The next non-comment line as (keyword, rest); it must be ``what``."""
        while self.i < len(self.lines):
            line = self.lines[self.i].strip()
            if line and not line.startswith("#"):
                break
            self.i += 1
        else:
            raise self.error(f"line {self.lineno()}: the file ends early (truncated?): expected '{what}'")
        word, _, rest = line.partition(" ")
        if word != what:
            raise self.fail(f"expected '{what}', found {quote(line)}")
        self.last = self.lineno()
        self.i += 1
        return word, rest.strip()

    def block(self) -> tuple[str, int]:
        """The ``| `` lines that follow, without their prefix, and the first one's line number."""
        start = self.lineno()
        out = []
        while self.i < len(self.lines) and self.lines[self.i].startswith("|"):
            out.append(self.lines[self.i][2:] if self.lines[self.i].startswith("| ") else self.lines[self.i][1:])
            self.i += 1
        return "\n".join(out) + ("\n" if out else ""), start

    def int_field(self, what: str, lo: int | None = None, dash: bool = False) -> int | None:
        _, rest = self.next(what)
        n = self.last
        if dash and rest == "-":
            return None
        value = decimal(rest)
        if value is None and rest.startswith("-") and decimal(rest[1:]) is not None and lo is not None:
            raise self.fail(f"{what} must be at least {lo}, not {quote(rest)}", n)
        if value is None:
            raise self.fail(f"{what} must be a whole number{' or -' if dash else ''}, not {quote(rest)}", n)
        if lo is not None and value < lo:
            raise self.fail(f"{what} must be at least {lo}, not {value}", n)
        return value

    def finish(self, word: str = "end") -> None:
        self.next(word)
        for j in range(self.i, len(self.lines)):
            line = self.lines[j].strip()
            if line and not line.startswith("#"):
                raise self.error(f"line {self.first + j}: unexpected text after '{word}'")


def check_header(lines: Lines, magic: str, version: int, what: str) -> None:
    """The first line: ``<magic> <version>``; a newer version is refused with the reason."""
    word, _, rest = (lines.lines[0].strip() if lines.lines else "").partition(" ")
    if word != magic:
        raise lines.error(f"line {lines.first}: not a baker8bit {what} (it should start with '{magic}')")
    lines.i = 1
    v = decimal(rest)
    if v is None:
        raise lines.error(f"line {lines.first}: bad {what} format version {quote(rest)}")
    if v > version:
        raise lines.error(
            f"line {lines.first}: {what} format {v} was written by a newer baker8bit; "
            f"this one ({__version__}) reads format {version}"
        )
    if v != version:
        raise lines.error(f"line {lines.first}: unknown {what} format version {v}")


MAX_BYTES = 8 << 20  # no file of ours comes near this (a day's recording is well under 1 MiB)
QUOTE = 40  # characters of the reader's input an error message shows at most

BOM = "\ufeff"


def quote(text: str, limit: int = QUOTE) -> str:
    """``repr`` of at most ``limit`` characters of ``text`` (with ``...`` when cut)."""
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


DECIMAL = re.compile(r"(0|[1-9][0-9]{0,17})\Z")  # ASCII digits only, at most 18 of them


def decimal(text: str) -> int | None:
    """The whole number ``text`` spells in plain ASCII decimal (``0``..``999999999999999999``), or
    None: no sign, no ``_``, no spaces, no other digits (``²``, Arabic-Indic), no leading zeros."""
    return int(text) if DECIMAL.match(text) else None


def decode(data: bytes, error: type[Exception]) -> str:
    """UTF-8 text of ``data`` without a leading byte-order mark; ``error`` when it is not text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"not text (byte {e.start} is not UTF-8)") from None
    if text.startswith(BOM):
        text = text[1:]
    nul = text.find("\0")
    if nul >= 0:
        raise error(f"not text (character {nul} is a NUL)")
    return text


def read_text(path, error: type[Exception], limit: int = MAX_BYTES) -> str:
    """A file's text, read with a size cap; a file over ``limit`` bytes or not UTF-8 text
    raises ``error``; a UTF-8 byte-order mark is skipped. A missing file raises
    FileNotFoundError as usual, other OS errors OSError."""
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise error(f"too large (over {limit // (1 << 20)} MiB): not a baker8bit file")
    return decode(data, error)
