"""Build baker8bit.pyxapp, Pyxel's one-file app format, for people who just want to play.

Run:   python tools/build_pyxapp.py [--out DIR]     (writes DIR/baker8bit.pyxapp, default ./dist/)
Play:  pyxel play dist/baker8bit.pyxapp

The app folder holds the package (code and its data, palettes and font
included) and a start-up script that opens the window. ``pyxel package`` zips it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the package this app is built from

from baker8bit.core.arguments import OneLineParser  # noqa: E402

APP = "baker8bit"
STARTUP = "baker8bit_app.py"
ENV = "BAKER8BIT_OPTIONS"
STARTUP_TEXT = '''"""Start-up script of baker8bit.pyxapp: opens the game window.

`pyxel play` leaves its own arguments in sys.argv, so the window's options come from the
environment variable BAKER8BIT_OPTIONS (e.g. "--suits 3 --glyphs --scale 3"), and from the
options remembered in the user data folder (scale, glyphs, sound, palette).
"""
import os
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baker8bit.cli import main  # noqa: E402


def arguments() -> list[str]:
    return shlex.split(os.environ.get("BAKER8BIT_OPTIONS", ""))


# HELP's worker is a spawned process, which imports this script again as ``__mp_main__``: only
# the script `pyxel play` runs opens the window.
if __name__ == "__main__":
    sys.exit(main(arguments()))
'''
# Compiled modules (and their C) built for this machine stay out: the app runs the plain-Python
# searches wherever it is played (core/compiled.py falls back to them).
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd", "*.dylib", "*.c", "*.o", "*.html")


def stage(folder: Path) -> Path:
    """Lay out the app folder; returns the start-up script."""
    shutil.copytree(ROOT / "baker8bit", folder / "baker8bit", ignore=IGNORE)
    script = folder / STARTUP
    script.write_text(STARTUP_TEXT)
    return script


def build(out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / APP
        folder.mkdir()
        script = stage(folder)
        # pyxel package writes APP_DIR.pyxapp in the current folder
        beside = Path(sys.executable).with_name("pyxel")  # this Python's pyxel, on PATH or not
        pyxel = str(beside) if beside.exists() else (shutil.which("pyxel") or "pyxel")
        subprocess.run([pyxel, "package", str(folder), str(script)], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        made = Path(tmp) / f"{APP}.pyxapp"
        target = out_dir / made.name
        shutil.move(str(made), target)
    return target


def main() -> int:
    ap = OneLineParser(error_name="build_pyxapp", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="dist",
                    help="folder for baker8bit.pyxapp (default dist/ in the current folder)")
    args = ap.parse_args()
    target = build(Path(args.out).resolve())
    print(f"wrote {target} ({target.stat().st_size // 1024} KiB); play it with: pyxel play {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
