"""baker8bit: Baker Solitaire (ANTIC, March 1989) rebuilt in Python on Pyxel.

The engine modules (cards, rules, deal, position, moves, game, keys, boardtext)
know nothing of Pyxel; the Pyxel window lives in the app modules.
"""

__version__ = "0.4.0"
