"""Baker's Game: the 1989 game's rules with four suits, unlimited undo and redo (seeds/bakers-game-rules.txt).

All of it is data (``game.toml``) on the FreeCell-family engine.
"""

from baker8bit.freecell.variant import FreecellVariant

VARIANT = FreecellVariant.from_package(__name__)
