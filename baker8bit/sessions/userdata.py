"""Where the per-user files live: statistics, the saved game, recordings.

The directory is the one ``pyxel.user_data_dir(VENDOR, APP)`` names:
``~/.pyxel/<vendor>/<app>/``, each name lower-cased, spaces turned into
``_`` and anything but letters, digits, ``_`` and ``-`` dropped. Pyxel 2.9.9
only answers that call after ``pyxel.init`` (before it, it panics with "Pyxel
not initialized"), and the command line (``baker8bit stats``) must work
without a window, so the same rule is computed here; the window app and the
command line therefore share one directory.

``BAKER8BIT_DATA_DIR``, when set and not empty, overrides it (tests use it to
keep away from the real home directory).
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "BAKER8BIT_DATA_DIR"
VENDOR = "baker8bit"
APP = "Baker Solitaire"

STATS_FILE = "stats.json"
SAVE_FILE = "savegame.txt"
RECORDINGS_DIR = "recordings"


def pyxel_dir_name(name: str) -> str:
    """The directory name Pyxel makes of a vendor or app name."""
    return "".join(c for c in name.lower().replace(" ", "_") if c.isalnum() or c in "_-")


def data_dir(create: bool = False) -> Path:
    """The per-user data directory; with ``create``, make it if it is missing."""
    override = os.environ.get(ENV, "")
    if override:
        d = Path(override)
    else:
        d = Path.home() / ".pyxel" / pyxel_dir_name(VENDOR) / pyxel_dir_name(APP)
    if create:
        d.mkdir(parents=True, exist_ok=True)
    return d


def stats_path(create: bool = False) -> Path:
    return data_dir(create) / STATS_FILE


def savegame_path(create: bool = False) -> Path:
    return data_dir(create) / SAVE_FILE


def recordings_dir(create: bool = False) -> Path:
    d = data_dir(create) / RECORDINGS_DIR
    if create:
        d.mkdir(exist_ok=True)
    return d
