"""The 1989 program, Baker Solitaire (ANTIC, March 1989): 2, 3 or 4 suits, the suit prompt.

The rules are the FreeCell-family engine's with the data of ``game.toml``;
what is the 1989 game's own: the suit count option (2, 3 or 4), the suit
prompt on its title, boards told apart by their column count, and statistics
shown per suit count.
"""

from __future__ import annotations

from typing import Any

from baker8bit.atari.font import BLOCK
from baker8bit.atari.screen import layout_data
from baker8bit.console.contract import Option
from baker8bit.console.screens import draw_title_lines
from baker8bit.freecell import boardtext
from baker8bit.freecell.variant import FreecellVariant
from baker8bit.games.baker.title import SuitPrompt

SUITS = (2, 3, 4)
COLUMNS = {6: 2, 7: 3, 8: 4}  # "Two suits yield six columns, three suits produce seven columns and ... eight"


class BakerVariant(FreecellVariant):
    options = (Option("suits", SUITS, 4, "2, 3 or 4 suits (default 4)", deals=True),)

    def rules(self, options: dict[str, Any] | None = None):
        suits = self.check_options(options or {})["suits"]
        return self._rule_sets[f"baker{suits}"]

    def title(self) -> SuitPrompt:
        return SuitPrompt()

    def draw_title(self, scr, view, notes: tuple[str, ...]) -> None:
        """The 1989 title on the GRAPHICS 0 text screen: credits, the suit question as
        ``PRINT "HOW MANY SUITS (2-4)";:INPUT S`` shows it (from the left margin, the
        ``?`` of INPUT and the cursor), the game number (ours), and the notes below.

        The cursor (an inverse-video space, as the OS draws it) follows the suit
        digit; then it moves to the game number, where "RANDOM" stands until a
        digit is typed."""
        g = scr.geometry
        t = layout_data()["title_screen"]
        draw_title_lines(scr, self.title_lines, notes)
        digit, deal = view.prompt_digit, view.prompt_deal
        scr.put(t["question_row"], g.left_margin, "HOW MANY SUITS (2-4)?" + (digit or BLOCK), 0)
        if not digit:
            number = "RANDOM"
        elif not deal:
            number = BLOCK + " RANDOM"
        else:
            number = deal + BLOCK
        scr.put(t["prompt_row"], g.left_margin, "GAME # " + number, 0)

    def read_board(self, text: str, options: dict[str, Any] | None = None):
        """A 1989 board: the suit count is given, or told by the number of columns (6, 7 or 8)."""
        if options and options.get("suits"):
            return super().read_board(text, options)
        columns, _ = boardtext.shape(text)
        if columns not in COLUMNS:
            raise boardtext.BoardError(f"{columns} columns: a Baker board has 6, 7 or 8 (2, 3 or 4 suits)")
        return super().read_board(text, {"suits": COLUMNS[columns]})

    def describe(self, rules) -> str:
        return f"{rules.suits} SUITS"

    def stats_rows(self) -> tuple[tuple[str, str], ...]:
        return tuple((f"baker{n}", str(n)) for n in SUITS)


VARIANT = BakerVariant.from_package(__package__)
