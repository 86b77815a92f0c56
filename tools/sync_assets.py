"""Copy the top-level palettes/ and fonts/ (their source) into the package, where they ship.

The window, ``shot`` and GIFs read the palettes and the font with
``importlib.resources`` from ``baker8bit/atari/assets/``, so that ``pip install .``,
a wheel and the .pyxapp carry them. The repository's ``palettes/`` and
``fonts/`` stay the files people edit (``tools/build_palette.py`` and
``tools/build_font.py`` write there and then call this); ``tests/test_assets.py``
fails when the two copies differ.

Run: python tools/sync_assets.py [--check]
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(ROOT))

from baker8bit.core.arguments import OneLineParser  # noqa: E402

ASSETS = ROOT / "baker8bit" / "atari" / "assets"
# (source folder, file pattern): what ships (the font's text grid too, so an installed package holds its source)
SOURCES = (("palettes", "*.pyxpal"), ("palettes", "*.toml"), ("fonts", "*.bdf"), ("fonts", "*.txt"))


def pairs(root: Path = ROOT) -> list[tuple[Path, Path]]:
    """(source, packaged copy) for every file that ships."""
    out = []
    for folder, pattern in SOURCES:
        for src in sorted((root / folder).glob(pattern)):
            out.append((src, root / "baker8bit" / "atari" / "assets" / folder / src.name))
    return out


def stale(root: Path = ROOT) -> list[str]:
    """Names of packaged files missing or different from their source, and packaged files with no source."""
    out = [str(dst.relative_to(root)) for src, dst in pairs(root)
           if not dst.exists() or dst.read_bytes() != src.read_bytes()]
    wanted = {dst for _, dst in pairs(root)}
    assets = root / "baker8bit" / "atari" / "assets"
    out += [str(p.relative_to(root)) + " (no source)"
            for p in sorted(assets.rglob("*")) if p.is_file() and p not in wanted]
    return out


def sync(root: Path = ROOT) -> int:
    n = 0
    for src, dst in pairs(root):
        if not dst.exists() or dst.read_bytes() != src.read_bytes():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
            n += 1
    return n


def main() -> int:
    ap = OneLineParser(error_name="sync_assets", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report differences (exit 1 if any)")
    args = ap.parse_args()
    if args.check:
        bad = stale()
        for name in bad:
            print(f"stale: {name}")
        return 1 if bad else 0
    print(f"{sync()} file(s) copied into {ASSETS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
