"""Write the golden screenshots of tests/golden/scenarios.toml (336x224 PNGs).

Each is the machine's screen drawn by the renderer, exactly what tests/test_screen.py compares:
the Atari picture alone, without the window's overlay (its ``?:KEYS`` hint and ``DEMO`` mark are
the window's, tested in the window's tests).

Run: python tools/make_goldens.py  -- then look at every PNG before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from baker8bit.atari.screen import geometry  # noqa: E402
from baker8bit.core.arguments import OneLineParser  # noqa: E402
from baker8bit.sessions import scenarios  # noqa: E402
from baker8bit.window.app import AppOptions, init_pyxel  # noqa: E402
from baker8bit.window.capture import engine_screen, write_png  # noqa: E402
from baker8bit.window.render import Renderer  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"


def picture(spec: dict, renderer: Renderer) -> bytes:
    """The scenario's screen as palette indices (``capture.engine_screen``, as tests/test_screen.py
    renders it)."""
    _, img = engine_screen(scenarios.machine(spec), renderer, spec.get("glyphs", False))
    return bytes(img.data_ptr())


def main() -> None:
    # no options: --help, or one line
    OneLineParser(error_name="make_goldens", description=__doc__.splitlines()[0]).parse_args()
    init_pyxel(AppOptions(headless=True))
    renderer, g = Renderer(), geometry()
    for name, spec in scenarios.load(GOLDEN / "scenarios.toml").items():
        write_png(GOLDEN / f"{name}.png", picture(spec, renderer), g.width, g.height)
        print("wrote", GOLDEN / f"{name}.png")


if __name__ == "__main__":
    main()
