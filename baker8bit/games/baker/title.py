"""The 1989 title: "HOW MANY SUITS (2-4)?", then optionally a game number, then RETURN.

``4 RETURN`` deals a random game, as in 1989; ``4 11982 RETURN`` deals game
11982. Space rubs out the last digit (then the suit digit); ESC clears the
entry, and on an empty entry goes back to the console's menu when there is one.

With the pad (``console/prompt.py``) the suit digit is the first place of the cursor: UP and
DOWN step it 2, 3, 4 (the first press types 4, the full game); a game number or A typed before
any suit digit types 4 first.
"""

from __future__ import annotations

from baker8bit.console.prompt import DealPrompt

SUIT_DIGITS = ("2", "3", "4")
DEFAULT_DIGIT = "4"  # the suit count the pad types when none is chosen (the option's default)


class SuitPrompt(DealPrompt):
    fields = ("suits",)

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

    def pad(self, button: str) -> list[str]:
        keys = super().pad(button)
        if keys and not self.digit and (button == "PAD_A" or (button in ("UP", "DOWN") and self.at > 0)):
            keys = [DEFAULT_DIGIT] + keys  # the game number (or RETURN) needs a suit count before it
        return keys

    def step(self, field: str, up: bool) -> list[str]:
        """The suit digit one up or down (2, 3, 4, round), the game number typed again after it."""
        if not self.digit:
            new = DEFAULT_DIGIT
        else:
            new = SUIT_DIGITS[(SUIT_DIGITS.index(self.digit) + (1 if up else -1)) % len(SUIT_DIGITS)]
        return ["SPACE"] * (len(self.deal) + bool(self.digit)) + [new] + list(self.deal)
