"""What every game's GRAPHICS 1 screen shares: the colour registers, the key-letter band, the
status line's registers, the suit colours, and the player's look options.

A GRAPHICS 1 row shows its characters in one of four colour registers (PF0..PF3); a display list
interrupt (DLI) at a row's top may load other colours into them (docs/ATARI.md). Every game draws
its piles and cards with the default registers, its key letters on the light band, and its status
line with the defaults, so the games look like one console.
"""

from __future__ import annotations

from dataclasses import dataclass

from baker8bit.atari import palette as pal

# The default GRAPHICS 1 registers PF0..PF3: gold, green, blue, red.
DEFAULTS = [pal.GOLD, pal.GREEN, pal.BLUE, pal.RED]
# The key-letter rows: purple letters, a black selected letter, on a light band: a DLI at the
# row's top writes COLBK (so the band runs across the border too), COLPF0 and COLPF1; another
# at the next row puts the defaults back. COLPF2 and COLPF3 keep their defaults.
LETTERS = [pal.PURPLE, pal.SELECTED, pal.BLUE, pal.RED]
PURPLE_REG, BLACK_REG = 0, 1
# The status line: plain GRAPHICS 1 text on the default registers, so MOVES shows in COLOR0,
# gold (no DLI); WINNER in COLOR1, green; THINKING in COLOR2, blue; HELP's answers in COLOR3.
TEXT_ROWS = DEFAULTS


def register(colour: int) -> int:
    """The default register that shows ``colour``."""
    return DEFAULTS.index(colour)


SUIT_REG = [register(c) for c in pal.SUIT_COLOURS]  # each suit's register, in the console's suit order


@dataclass(frozen=True)
class Look:
    """The player's look options every game's screen takes."""

    glyphs: bool = False  # suit symbol beside the rank (off: the 1989 look)
