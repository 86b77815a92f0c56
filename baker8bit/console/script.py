"""Key scripts: the text form of a sequence of key presses, for the command line and tests.

Tokens are separated by white space. A token of letters or digits is one key
per character (``BK`` is ``B`` then ``K``; case does not matter). Special
keys are ``<SPACE>``, ``<ESC>``, ``<RETURN>`` and ``<HELP>``; ``<WAIT n>``
ticks n frames. Before each key the machine is given time to play out a
flash or a group move, as a player would wait; ``<RAW>`` switches that off
(from there on, each key is pressed one frame after the previous one) and
``<SETTLE>`` switches it on again.
"""

from __future__ import annotations

import re

from baker8bit.console.machine import KeyMachine

_TOKEN = re.compile(r"<[^<>]*>|[^\s<>]+|<[^<>]*$|>")
_SPECIAL = {"<SPACE>": "SPACE", "<ESC>": "ESC", "<RETURN>": "RETURN", "<HELP>": "HELP"}


class ScriptError(ValueError):
    pass


Step = tuple[str, object]  # ("key", "B") | ("wait", 30) | ("raw", True)


def parse(script: str) -> list[Step]:
    steps: list[Step] = []
    for tok in _TOKEN.findall(script):
        up = tok.upper()
        if up in _SPECIAL:
            steps.append(("key", _SPECIAL[up]))
        elif up in ("<RAW>", "<SETTLE>"):
            steps.append(("raw", up == "<RAW>"))
        elif up.startswith("<WAIT"):
            m = re.fullmatch(r"<WAIT\s+(\d{1,7})>", up)
            if not m:
                raise ScriptError(f"bad wait token {tok!r}: write <WAIT n> with n frames")
            steps.append(("wait", int(m.group(1))))
        elif re.fullmatch(r"[A-Za-z0-9]+", tok):
            steps.extend(("key", ch.upper()) for ch in tok)
        else:
            raise ScriptError(f"unknown key token {tok!r}")
    return steps


def run(machine: KeyMachine, steps: list[Step], settle: bool = True) -> KeyMachine:
    """Feed the steps to the machine; settle at the end so the last key plays out."""
    for kind, value in steps:
        if kind == "raw":
            settle = not value
        elif kind == "wait":
            for _ in range(value):  # type: ignore[arg-type]
                machine.tick()
        else:
            if settle:
                machine.settle()
            machine.press(value)  # type: ignore[arg-type]
            machine.tick()
    if settle:
        machine.settle()
    return machine
