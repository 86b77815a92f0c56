"""The Atari GTIA palette and the colours the game uses.

The palette files (``atari/assets/palettes/`` in the package, copied from the
repository's top-level ``palettes/`` by ``tools/sync_assets.py``) hold the 128 distinct colours of the
Altirra default NTSC and PAL palettes, one ``rrggbb`` per line in Pyxel's
``.pyxpal`` format, in colour-byte/2 order (``tools/build_palette.py`` makes
them from docs/ATARI.md (the palette); why Altirra:
``docs/PALETTE.md``). They can be handed straight to ``pyxel.load_pal``.

Game colours are Atari colour bytes (``hue*16 + luminance``), kept in
``baker-colours.toml`` beside them and exposed here as constants; draw with
``index_of(byte)``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

PALETTES: Traversable = resources.files("baker8bit.atari") / "assets" / "palettes"
COLOURS_FILE = PALETTES / "baker-colours.toml"
NAMES = ("ntsc", "pal")
SIZE = 128
SUIT_ORDER = ("clubs", "diamonds", "hearts", "spades")  # cards.SUIT_NAMES order


def path_of(name: str = "ntsc") -> Traversable:
    """The ``.pyxpal`` file of palette ``name`` ("ntsc" or "pal")."""
    if name not in NAMES:
        raise ValueError(f"unknown palette {name!r}; expected one of {NAMES}")
    return PALETTES / f"atari-{name}.pyxpal"


@cache
def _load(name: str) -> tuple[int, ...]:
    lines = [ln.strip() for ln in path_of(name).read_text(encoding="ascii").splitlines()]
    colours = tuple(int(ln, 16) for ln in lines if ln)
    if len(colours) != SIZE:
        raise ValueError(f"{path_of(name)}: {len(colours)} colours, expected {SIZE}")
    return colours


def load(name: str = "ntsc") -> list[int]:
    """The 128 palette colours as ``0xRRGGBB`` ints; index = colour byte >> 1."""
    return list(_load(name))


def index_of(atari_byte: int) -> int:
    """Palette index of an Atari colour byte $00-$FF (luminance bit 0 ignored, as GTIA does)."""
    if not 0 <= atari_byte <= 0xFF:
        raise ValueError(f"colour byte out of range: {atari_byte}")
    return atari_byte >> 1


def rgb(atari_byte: int, name: str = "ntsc") -> int:
    """``0xRRGGBB`` of an Atari colour byte in palette ``name``."""
    return _load(name)[index_of(atari_byte)]


@cache
def _colours() -> tuple[dict[str, int], dict[str, int]]:
    data = tomllib.loads(COLOURS_FILE.read_text(encoding="utf-8"))
    colours, suits = dict(data["colours"]), dict(data["suits"])
    if set(suits) != set(SUIT_ORDER):
        raise ValueError(f"{COLOURS_FILE}: [suits] must name {SUIT_ORDER}")
    for key, value in {**colours, **suits}.items():
        if not (isinstance(value, int) and 0 <= value <= 0xFF and value % 2 == 0):
            raise ValueError(f"{COLOURS_FILE}: {key} = {value!r} is not an even byte")
    return colours, suits


def colours() -> dict[str, int]:
    """Name -> Atari colour byte, from ``[colours]`` of the TOML file."""
    return dict(_colours()[0])


def suit_colours() -> tuple[int, ...]:
    """Atari colour byte per suit, clubs, diamonds, hearts, spades."""
    suits = _colours()[1]
    return tuple(suits[s] for s in SUIT_ORDER)


_c = _colours()[0]
BACKGROUND: int = _c["background"]  # COLBK default $00, black
BORDER: int = _c["border"]  # the border is COLBK too, black
GOLD: int = _c["gold"]  # COLOR0 default $28: parking stars
GREEN: int = _c["green"]  # COLOR1 default $CA: terminal stars
BLUE: int = _c["blue"]  # COLOR2 default $94
RED: int = _c["red"]  # COLOR3 default $46
PURPLE: int = _c["purple"]  # the line of key letters
SELECTED: int = _c["selected"]  # a selected key letter: black
BAND: int = _c["band"]  # background of the key-letter rows, so the black letter shows
LABEL: int = _c["label"]  # the P and T labels: COLOR0, as plain PRINT #6 text
MARK: int = _c["mark"]  # the P label at the marked position: blue
TEXT: int = _c["text"]  # GRAPHICS 0 text (titles, menu): light blue $9A
TEXT_BACKGROUND: int = _c["text_background"]  # GRAPHICS 0 field: COLOR2, blue $94
SUIT_COLOURS: tuple[int, ...] = suit_colours()  # clubs, diamonds, hearts, spades
del _c
