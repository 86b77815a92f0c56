"""Blue's title prompt: the layout size, then the game number (as every game's title).

``S`` steps the suits 2 -> 3 -> 4 -> 2, ``R`` the ranks 3 -> ... -> 13 -> 3
(clickable on the screen); digits, space and RETURN are the game-number
prompt's (``console/prompt.py``); ESC on an empty entry goes back to the menu.
``digit`` holds the size as the screen shows it (``4X13``): the machine's view
carries it to ``draw_title`` as it carries the 1989 suit digit.
"""

from __future__ import annotations

from baker8bit.console.prompt import DealPrompt
from baker8bit.games.blue.game import DEFAULT, RANKS, SUITS


class BlueTitle(DealPrompt):
    def __init__(self, suits: int = DEFAULT.suits, ranks: int = DEFAULT.ranks) -> None:
        super().__init__()
        self.suits, self.ranks = suits, ranks

    @property
    def digit(self) -> str:
        return f"{self.suits}X{self.ranks}"

    @digit.setter
    def digit(self, value: str) -> None:  # DealPrompt clears it; the size stays
        pass

    def press(self, k: str):
        if k == "S":
            self.suits = SUITS[(SUITS.index(self.suits) + 1) % len(SUITS)]
            return None
        if k == "R":
            self.ranks = RANKS[(RANKS.index(self.ranks) + 1) % len(RANKS)]
            return None
        action = super().press(k)
        if action is not None and action[0] == "start":
            return ("start", {"suits": self.suits, "ranks": self.ranks}, action[2])
        return action
