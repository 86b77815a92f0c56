"""Blue: Marco Corvi's variant of Gaps (issue 12), as pure Python (no pyxel).

- ``rules``: layouts, deals, moves, the game with its history;
- ``gamefile``: the readable ASCII game file;
- ``checker``: decides whether a layout can be won (solved / unsolvable / unknown);
- ``study``: how often layouts are solvable (exact counts and samples);
- the console game: ``variant`` (``VARIANT``), ``play``, ``title``, ``dialogue``,
  ``screen``, ``demo``.

See docs/games/blue.md.
"""

from __future__ import annotations


def __getattr__(name: str):
    if name == "VARIANT":  # made on first use, so the study's worker processes do not build the console
        from baker8bit.games.blue.variant import BlueVariant

        global VARIANT
        VARIANT = BlueVariant()
        return VARIANT
    raise AttributeError(name)
