"""Build ``palettes/atari-ntsc.pyxpal`` and ``palettes/atari-pal.pyxpal``.

Source: the Altirra default palettes as tabulated in ``docs/ATARI.md``, "The palettes":

- "Altirra's default NTSC palette" (Altirra 4.31, "Default NTSC (XL)" preset,
  recomputed from ``src/Altirra/source/palettegenerator.cpp``);
- "Altirra's default PAL palette" ("Default PAL" preset).

Each table has 16 rows (hue) x 16 columns (luminance nibble). GTIA ignores bit 0
of the luminance in every ordinary graphics mode (docs/ATARI.md, "Colours"), so
only the even columns are distinct colours: 16 hues x 8 lumas = 128 colours.
The output is Pyxel's palette format (``pyxel.PALETTE_FILE_EXTENSION`` is
``.pyxpal``: one ``rrggbb`` hex colour per line, as ``pyxel.save_pal`` writes
it and ``pyxel.load_pal`` reads it). Line ``i`` holds colour byte ``2*i``, so
``index = hue*8 + lum//2 = colour_byte >> 1``.

Usage::

    python tools/build_palette.py [--reference PATH] [--check]

``--check`` writes nothing and exits 1 if a committed file differs from what
the reference gives.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core import files as userfiles  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DEFAULT_REFERENCE = REPO / "docs" / "ATARI.md"

# output file name -> heading that starts its table in the reference
TABLES = {
    "atari-ntsc.pyxpal": "### Altirra's default NTSC palette",
    "atari-pal.pyxpal": "### Altirra's default PAL palette",
}

_ROW = re.compile(r"^\|\s*([0-9A-F])\s*\(\d+\)\s*\|(.*)\|\s*$")


def parse_table(markdown: str, heading: str) -> list[list[int]]:
    """The 16x16 table (rows = hue, columns = luminance) under ``heading``."""
    start = markdown.find(heading)
    if start < 0:
        raise ValueError(f"heading not found: {heading!r}")
    rows: dict[int, list[int]] = {}
    for line in markdown[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        m = _ROW.match(line.strip())
        if not m:
            continue
        cells = [c.strip() for c in m.group(2).split("|")]
        if len(cells) != 16:
            raise ValueError(f"row {m.group(1)} has {len(cells)} cells: {line!r}")
        rows[int(m.group(1), 16)] = [int(c.lstrip("#"), 16) for c in cells]
    if sorted(rows) != list(range(16)):
        raise ValueError(f"table under {heading!r} has hues {sorted(rows)}")
    return [rows[h] for h in range(16)]


def palette_128(table: list[list[int]]) -> list[int]:
    """The 128 distinct colours, in colour-byte/2 order."""
    return [table[hue][lum] for hue in range(16) for lum in range(0, 16, 2)]


def pyxpal_text(colours: list[int]) -> str:
    return "".join(f"{c:06x}\n" for c in colours)


def write_atomic(path: Path, text: str) -> None:
    userfiles.write_text(path, text)
    import sync_assets  # the package's copy follows its source

    sync_assets.sync(REPO)


def build(reference: Path) -> dict[str, str]:
    """File name -> file text, from the reference markdown."""
    markdown = reference.read_text(encoding="utf-8")
    return {name: pyxpal_text(palette_128(parse_table(markdown, heading)))
            for name, heading in TABLES.items()}


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(error_name="build_palette", description=__doc__.splitlines()[0])
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    ap.add_argument("--out", type=Path, default=REPO / "palettes")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    files = build(args.reference)
    stale = []
    for name, text in files.items():
        path = args.out / name
        if args.check:
            if not path.exists() or path.read_text(encoding="ascii") != text:
                stale.append(name)
        else:
            write_atomic(path, text)
            print(f"wrote {path}")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
