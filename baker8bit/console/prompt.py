"""The game-number prompt every game's title has: digits, space to rub out, RETURN to deal.

``press(key)`` returns None while typing, ``("start", None, deal)`` on RETURN
(deal None: a random deal, as the 1989 program dealt), or ``("menu",)`` for ESC
on an empty entry (ESC with digits typed clears them). The 1989 game's suit
prompt (``games/baker/title.py``) adds a suit digit in front of the same entry.
"""

from __future__ import annotations

from baker8bit.core.deal import MAX_DEAL


class DealPrompt:
    def __init__(self) -> None:
        self.digit = ""  # no option digit on this prompt
        self.deal = ""

    def type_digit(self, k: str) -> None:
        """A digit of the game number: no leading zero, never past the last deal number."""
        if (self.deal or k != "0") and int(self.deal + k) <= MAX_DEAL:
            self.deal += k

    def take(self) -> int | None:
        """The game number typed (None: random), and clear the entry."""
        deal = int(self.deal) if self.deal else None
        self.digit = self.deal = ""
        return deal

    def press(self, k: str):
        if k.isdigit():
            self.type_digit(k)
        elif k == "SPACE":
            self.deal = self.deal[:-1]
        elif k == "ESC":
            if not self.deal:
                return ("menu",)
            self.deal = ""
        elif k == "RETURN":
            return ("start", None, self.take())
        return None
