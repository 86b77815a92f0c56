"""Game options remembered between runs (King Albert's options window): ``game-options.json``.

A small versioned JSON file in the user data folder::

    {"format": "baker8bit-options", "version": 1,
     "games": {"king-albert": {"starting_rank": 3, "auto": true}}}

Each game's entry is checked against the game's options (``Variant.check_options``); a game
that is not registered is dropped. It is written atomically (``atomic.write_text``). A file
that cannot be read or fails the checks is set aside as ``game-options.json.damaged-N`` and the
defaults are used: never fatal, the message goes to the console.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from baker8bit import games
from baker8bit.console.contract import VariantError
from baker8bit.core.files import AtomicWriteError, set_aside, write_text

MAGIC = "baker8bit-options"
VERSION = 1
FILE = "game-options.json"


class OptionsError(ValueError):
    pass


def loads(text: str) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise OptionsError(f"not valid JSON (line {e.lineno}: {e.msg})") from None
    if not isinstance(data, dict) or data.get("format") != MAGIC or data.get("version") != VERSION:
        raise OptionsError(f"not a baker8bit options file version {VERSION}")
    entries = data.get("games")
    if not isinstance(entries, dict):
        raise OptionsError('"games" must be an object')
    out = {}
    for gid, opts in entries.items():
        if gid not in games.ids():
            continue
        if not isinstance(opts, dict):
            raise OptionsError(f"games.{gid}: must be an object")
        try:
            games.get(gid).rules(opts)
        except (VariantError, TypeError) as e:
            raise OptionsError(f"games.{gid}: {e}") from None
        out[gid] = dict(opts)
    return out


def dumps(prefs: dict[str, dict[str, Any]]) -> str:
    return json.dumps({"format": MAGIC, "version": VERSION, "games": prefs}, indent=2, sort_keys=True) + "\n"


def save(path: str | os.PathLike, prefs: dict[str, dict[str, Any]]) -> str | None:
    """Write the options; the message of a failed write (the game goes on), else None."""
    try:
        write_text(path, dumps(prefs))
        return None
    except AtomicWriteError as e:
        return str(e)


def load_or_set_aside(path: str | os.PathLike) -> tuple[dict[str, dict[str, Any]], str | None]:
    """The remembered options (empty when there is no file), and a message when a damaged file
    was set aside."""
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as e:
        return {}, f"cannot read {p}: {e}; the options are the defaults"
    try:
        return loads(text), None
    except OptionsError as e:
        try:
            kept = set_aside(p)
        except OSError as err:
            return {}, f"{p} is damaged ({e}) and could not be set aside: {err}"
        return {}, f"{p} is damaged ({e}); kept as {kept.name}, the options are the defaults"
