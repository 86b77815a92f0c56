"""Eight Off: eight piles of six, eight cells with four dealt full, kings to empty piles.

All of it is data (``game.toml``) on the FreeCell-family engine.
"""

from baker8bit.freecell.variant import FreecellVariant

VARIANT = FreecellVariant.from_package(__name__)
