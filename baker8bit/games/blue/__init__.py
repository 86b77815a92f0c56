"""Blue: Marco Corvi's variant of Gaps (2000), as pure Python (no pyxel).

- ``rules``: layouts, deals, moves, the game with its history;
- ``gamefile``: the readable ASCII game file;
- ``checker``: decides whether a layout can be won (solved / unsolvable / unknown);
- ``study``: how often layouts are solvable (exact counts and samples);
- the console game: ``variant`` (``VARIANT``), ``play``, ``title``, ``dialogue``,
  ``screen``, ``demo``.

See docs/games/blue.md.
"""
