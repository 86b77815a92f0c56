"""Build ``fonts/baker8bit.bdf`` from the text grid ``fonts/baker8bit.txt``.

The grid is the source: one block per glyph, a header line
``glyph <codepoint> <name>`` and then 8 rows of 8 characters, ``#`` for a set
pixel and ``.`` for a clear one; lines starting with ``# `` are comments. The glyphs were drawn for this project in the
style described in ``docs/ATARI.md``, "The font" (two-pixel
vertical stems, one-pixel horizontal strokes); no existing font was copied.

The output is a BDF 2.1 font with 8x8 cells: every glyph has ``BBX 8 8 0 -1``
(7 rows above the baseline, 1 below, so the cell's top row is row 0 of the
grid), ``DWIDTH 8 0`` and one hex byte per row, most significant bit = the
leftmost pixel. ``pyxel.Font`` loads it; ``baker8bit.atari.font`` reads it.

Usage::

    python tools/build_font.py [--check]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core import files  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
GRID = REPO / "fonts" / "baker8bit.txt"
BDF = REPO / "fonts" / "baker8bit.bdf"

SIZE = 8
ASCENT = 7
DESCENT = 1
_HEADER = re.compile(r"^glyph\s+0x([0-9A-Fa-f]+)\s+(\S+)\s*$")


class GridError(ValueError):
    pass


def parse_grid(text: str) -> list[tuple[int, str, tuple[int, ...]]]:
    """``(codepoint, name, 8 row bytes)`` per glyph, in file order."""
    glyphs: list[tuple[int, str, tuple[int, ...]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("# ") or line == "#":  # blank or comment
            continue
        m = _HEADER.match(line)
        if not m:
            raise GridError(f"line {i}: expected 'glyph 0x.... name', got {line!r}")
        code, name = int(m.group(1), 16), m.group(2)
        rows = []
        for _ in range(SIZE):
            if i >= len(lines):
                raise GridError(f"glyph {name}: fewer than {SIZE} rows")
            row = lines[i].strip()
            i += 1
            if len(row) != SIZE or not set(row) <= {"#", "."}:
                raise GridError(f"line {i}: glyph {name} row must be {SIZE} of '#'/'.': {row!r}")
            rows.append(int(row.replace("#", "1").replace(".", "0"), 2))
        glyphs.append((code, name, tuple(rows)))
    codes = [g[0] for g in glyphs]
    if len(set(codes)) != len(codes):
        raise GridError("a codepoint appears twice")
    names = [g[1] for g in glyphs]
    if len(set(names)) != len(names):
        raise GridError("a glyph name appears twice")
    return glyphs


def build_bdf(grid_text: str) -> str:
    glyphs = sorted(parse_grid(grid_text))
    out = [
        "STARTFONT 2.1",
        "COMMENT baker8bit 8x8 font, built by tools/build_font.py from fonts/baker8bit.txt",
        "FONT -baker8bit-baker8bit-medium-r-normal--8-80-72-72-c-80-iso10646-1",
        "SIZE 8 72 72",
        f"FONTBOUNDINGBOX {SIZE} {SIZE} 0 {-DESCENT}",
        "STARTPROPERTIES 3",
        f"FONT_ASCENT {ASCENT}",
        f"FONT_DESCENT {DESCENT}",
        "DEFAULT_CHAR 32",
        "ENDPROPERTIES",
        f"CHARS {len(glyphs)}",
    ]
    for code, name, rows in glyphs:
        out += [
            f"STARTCHAR {name}",
            f"ENCODING {code}",
            "SWIDTH 1000 0",  # DWIDTH 8 px at 8 pt, 72 dpi
            f"DWIDTH {SIZE} 0",
            f"BBX {SIZE} {SIZE} 0 {-DESCENT}",
            "BITMAP",
            *(f"{r:02X}" for r in rows),
            "ENDCHAR",
        ]
    out.append("ENDFONT")
    return "\n".join(out) + "\n"


def write_atomic(path: Path, text: str) -> None:
    files.write_text(path, text)
    import sync_assets  # the package's copy follows its source

    sync_assets.sync(REPO)


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="build_font", description=__doc__.splitlines()[0])
    ap.add_argument("--grid", type=Path, default=GRID)
    ap.add_argument("--out", type=Path, default=BDF)
    ap.add_argument("--check", action="store_true", help="exit 1 if the BDF is out of date")
    args = ap.parse_args(argv)
    text = build_bdf(args.grid.read_text(encoding="utf-8"))
    if args.check:
        if not args.out.exists() or args.out.read_text(encoding="ascii") != text:
            print(f"{args.out} is out of date: run tools/build_font.py", file=sys.stderr)
            return 1
        return 0
    write_atomic(args.out, text)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
