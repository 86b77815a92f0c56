"""The 1989 title: "HOW MANY SUITS (2-4)?", then optionally a game number, then RETURN.

``4 RETURN`` deals a random game, as in 1989; ``4 11982 RETURN`` deals game
11982. Space rubs out the last digit (then the suit digit); ESC clears the
entry, and on an empty entry goes back to the console's menu when there is one.
"""

from __future__ import annotations

from baker8bit.console.prompt import DealPrompt

SUIT_DIGITS = ("2", "3", "4")


class SuitPrompt(DealPrompt):
    def press(self, k: str):
        if k.isdigit():
            if not self.digit:
                if k in SUIT_DIGITS:
                    self.digit = k
            else:
                self.type_digit(k)
        elif k == "SPACE":
            if self.deal:
                self.deal = self.deal[:-1]
            else:
                self.digit = ""
        elif k == "ESC":
            if not self.digit and not self.deal:
                return ("menu",)
            self.digit = self.deal = ""
        elif k == "RETURN" and self.digit:
            suits = int(self.digit)
            return ("start", {"suits": suits}, self.take())
        return None
