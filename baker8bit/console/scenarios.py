"""Named screen scenarios (a start and a key script), read from a TOML file.

Used by ``tools/make_goldens.py`` to write reviewed golden PNGs and by the
tests to render the same screens and compare them pixel for pixel.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from baker8bit.freecell import boardtext
from baker8bit.console import script
from baker8bit.console.machine import KeyMachine


def load(path: Path) -> dict[str, dict]:
    return tomllib.loads(path.read_text("utf-8"))


def machine(spec: dict) -> KeyMachine:
    if "board" in spec:
        pos, rs = boardtext.read(spec["board"])
        m = KeyMachine(suits=rs.suits, position=pos)
    elif "suits" in spec:
        m = KeyMachine(suits=spec["suits"], deal=spec.get("deal", 1))
    else:
        m = KeyMachine(seed=spec.get("seed", 0))
    return script.run(m, script.parse(spec.get("keys", "")))
