"""Where the per-user files live: statistics, the saved game, recordings.

The directory is ``~/.pyxel/baker8bit/``: Pyxel's user data folder
(``pyxel.user_data_dir`` makes ``~/.pyxel/<vendor>/<app>/`` of its names,
lower-cased, spaces turned into ``_``) for the console itself. Pyxel 2.9.9 only
answers that call after ``pyxel.init``, and the command line (``baker8bit
stats``) must work without a window, so the folder is named here; the window
app and the command line share it.

Versions up to 0.3.0 kept the files one level down, in
``~/.pyxel/baker8bit/baker_solitaire/`` (the app name of the 1989 game alone).
The first run that finds that folder moves what is in it up, one entry at a
time with ``os.rename`` (atomic; a name already taken above stays where it is,
so nothing is lost or overwritten), removes the old folder once it is empty and
says so in one line on stderr.

``BAKER8BIT_DATA_DIR``, when set and not empty, overrides it (tests use it to
keep away from the real home directory); nothing is moved then.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from baker8bit.core.files import write_text

ENV = "BAKER8BIT_DATA_DIR"
VENDOR = "baker8bit"
OLD_APP = "Baker Solitaire"  # versions up to 0.3.0 kept the files in a folder of this name

STATS_FILE = "stats.json"
SAVE_FILE = "savegame.txt"
RECORDINGS_DIR = "recordings"


def pyxel_dir_name(name: str) -> str:
    """The directory name Pyxel makes of a vendor or app name."""
    return "".join(c for c in name.lower().replace(" ", "_") if c.isalnum() or c in "_-")


def old_data_dir() -> Path:
    """Where versions up to 0.3.0 kept the files."""
    return Path.home() / ".pyxel" / pyxel_dir_name(VENDOR) / pyxel_dir_name(OLD_APP)


def migrate(old: Path, new: Path) -> list[str]:
    """Move every entry of ``old`` into ``new`` whose name is free there; remove ``old`` when empty.
    Returns the names moved. Entries whose name is taken stay in ``old``: nothing is overwritten."""
    moved: list[str] = []
    try:
        entries = sorted(old.iterdir())
    except OSError:
        return moved
    new.mkdir(parents=True, exist_ok=True)
    for entry in entries:
        target = new / entry.name
        if target.exists() or target.is_symlink():
            continue
        try:
            os.rename(entry, target)
            moved.append(entry.name)
        except OSError:
            continue  # left where it is, found again next time
    try:
        old.rmdir()
    except OSError:
        pass
    return moved


def data_dir(create: bool = False) -> Path:
    """The per-user data directory; with ``create``, make it if it is missing. The first call that
    finds the folder of versions up to 0.3.0 moves its files here (``migrate``)."""
    override = os.environ.get(ENV, "")
    if override:
        d = Path(override)
    else:
        d = Path.home() / ".pyxel" / pyxel_dir_name(VENDOR)
        old = old_data_dir()
        if old.is_dir():
            try:
                moved = migrate(old, d)
            except OSError:
                moved = []
            if moved:
                kept = f"; {old} keeps the names already taken here" if old.exists() else ""
                print(f"baker8bit: moved {', '.join(moved)} from {old} to {d} "
                      f"(the data folder is now one level up){kept}", file=sys.stderr)
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


class DataFiles:
    """Files a game's dialogue saves and loads by name (Blue's game file, ``blue.txt``), in the
    user data folder (or ``folder``): what ``KeyMachine.files`` answers requests with."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder

    def path(self, name: str) -> Path:
        return (self.folder if self.folder is not None else data_dir(create=True)) / name

    def save(self, name: str, text: str) -> None:
        write_text(self.path(name), text)

    def load(self, name: str, limit: int) -> bytes:
        path = self.path(name)
        try:
            with open(path, "rb") as f:
                return f.read(limit + 1)
        except OSError as e:
            raise OSError(f"cannot read {path}: {e.strerror or e}") from None
