"""The game-number prompt every game's title has: digits, space to rub out, RETURN to deal.

``press(key)`` returns None while typing, ``("start", None, deal)`` on RETURN
(deal None: a random deal, as the 1989 program dealt), or ``("menu",)`` for ESC
on an empty entry (ESC with digits typed clears them). The 1989 game's suit
prompt (``games/baker/title.py``) adds a suit digit in front of the same entry.

With the pad (``pad``), a cursor goes over the title's options (``fields``: the 1989 suit digit,
Blue's size) and the game number's digits, the place after the last digit included: LEFT and
RIGHT move it, UP and DOWN change what is under it, A deals (RETURN), B rubs out (space), START
is ESC. Each button stands for the keys a player would type to the same effect (a digit changed
is the digits after it rubbed out and typed again), so the entry only ever holds what typing
could give it.
"""

from __future__ import annotations

from baker8bit.core.deal import MAX_DEAL

MAX_DIGITS = len(str(MAX_DEAL))


class DealPrompt:
    # The options before the game number that the pad's cursor visits, each a name ``step``
    # changes (the 1989 suit digit, Blue's suits and ranks); none here.
    fields: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.digit = ""  # no option digit on this prompt
        self.deal = ""
        self.at = 0  # the pad's cursor: the fields, then the game number's digits

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

    # -- the pad ----------------------------------------------------------------------------

    def cursor(self) -> str:
        """What the pad's cursor is on: a field's name, or ``#i``, the game number's digit i
        (``#n`` with n digits typed: the place for the next)."""
        n = len(self.fields)
        return self.fields[self.at] if self.at < n else f"#{min(self.at - n, self._last())}"

    def _last(self) -> int:
        """The last digit place the cursor may reach: after the digits, unless they are all there."""
        return min(len(self.deal), MAX_DIGITS - 1)

    def pad(self, button: str) -> list[str]:
        """The keys a pad button stands for on this title; the arrows move the cursor."""
        n = len(self.fields)
        self.at = min(self.at, n + self._last())  # digits rubbed out meanwhile
        if button in ("LEFT", "RIGHT"):
            self.at = max(0, min(n + self._last(), self.at + (1 if button == "RIGHT" else -1)))
            return []
        if button in ("UP", "DOWN"):
            up = button == "UP"
            return self.step(self.fields[self.at], up) if self.at < n else self.edit(self.at - n, up)
        return {"PAD_A": ["RETURN"], "PAD_B": ["SPACE"], "PAD_START": ["ESC"]}.get(button, [])

    def step(self, field: str, up: bool) -> list[str]:
        """The keys that change the option ``field`` one value up or down (titles with fields)."""
        return []

    def edit(self, i: int, up: bool) -> list[str]:
        """The keys that change the game number's digit ``i`` (a new one after the last) to the
        next one up or down that makes a deal number: no leading zero, none past the last deal."""
        s = self.deal
        order = "0123456789" if up else "9876543210"
        if i < len(s):
            j = order.index(s[i])
            order = order[j + 1:] + order[:j]
        for d in order:
            t = s[:i] + d + s[i + 1:]
            if t[0] != "0" and int(t) <= MAX_DEAL:
                return ["SPACE"] * (len(s) - i) + list(t[i:])
        return []
