"""Write the golden screenshots of tests/golden/scenarios.toml (336x224 PNGs).

Run: python tools/make_goldens.py  -- then look at every PNG before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from baker8bit.commands.common import OneLineParser  # noqa: E402
from baker8bit.console import scenarios  # noqa: E402
from baker8bit.window.capture import headless_app, screenshot  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"


def main() -> None:
    OneLineParser(error_name="make_goldens", description=__doc__.splitlines()[0]).parse_args()  # no options: --help, or one line
    for name, spec in scenarios.load(GOLDEN / "scenarios.toml").items():
        app = headless_app(scenarios.machine(spec), glyphs=spec.get("glyphs", False))
        screenshot(app, GOLDEN / f"{name}.png", 1, "square")  # the Atari picture, pixel for pixel
        print("wrote", GOLDEN / f"{name}.png")


if __name__ == "__main__":
    main()
