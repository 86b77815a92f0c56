"""Named screen scenarios (a start and a key script), read from a TOML file.

Used by ``tools/make_goldens.py`` to write reviewed golden PNGs and by the
tests to render the same screens and compare them pixel for pixel. A scenario
names a ``game`` (default the 1989 game) and its ``suits``, a ``deal`` or a
``board``, or ``menu = true``; with none of them it starts on the game's title.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from baker8bit import games
from baker8bit.console import script
from baker8bit.games import KeyMachine


def load(path: Path) -> dict[str, dict]:
    return tomllib.loads(path.read_text("utf-8"))


def machine(spec: dict) -> KeyMachine:
    variant = games.get(spec.get("game"))
    options = {"suits": spec["suits"]} if "suits" in spec else {}
    if spec.get("menu"):
        m = KeyMachine(seed=spec.get("seed", 0), menu=True)
    elif "board" in spec:
        pos, rs = variant.read_board(spec["board"], options)
        m = KeyMachine(rules=rs, position=pos)
    elif "suits" in spec or "deal" in spec:
        m = KeyMachine(rules=variant.rules(options), deal=spec.get("deal", 1))
    else:
        m = KeyMachine(seed=spec.get("seed", 0), game=spec.get("game"))
    return script.run(m, script.parse(spec.get("keys", "")))
