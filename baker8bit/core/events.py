"""Events: what the machine tells the screen, the sound and the files, stamped with their frame.

An event is typed: a ``kind`` (one of the constants below) and its arguments
(letters, numbers, a game's label). Listeners test the kind and read the
arguments; nothing parses text back. ``str(event)`` is its text form
(``"move B K"``, ``"deal 4 11982"``), the one ``baker8bit keys --json`` prints
and the 1989 game's golden sessions store.
"""

from __future__ import annotations

from typing import NamedTuple

# The game starts or changes
MENU = "menu"  # the console's game menu is on screen
CHOOSE = "choose"  # a game was chosen on the menu: (game id,)
PROMPT = "prompt"  # the game's title (the 1989 suit prompt) is on screen
DEAL = "deal"  # a game is dealt: (label, deal number or None); the label is "4" for the 1989 game with 4 suits
RESUME = "resume"  # a saved game goes on: (moves made, take-backs left)
# The player's commands
SELECT = "select"  # (letter,): a letter turned black ("T" for a group command)
CANCEL = "cancel"  # (letter,)
MOVE = "move"  # (source letter, destination letter)
TAKEBACK = "takeback"
REDO = "redo"
MARK = "mark"
FLASH = "flash"  # (letter or "line",)
WINNER = "winner"
NO_MOVES = "no moves"  # no legal move is left: the status line says NO MOVES LEFT (a take-back still works)
# Games with a planning mode and game files (Blue)
MODE = "mode"  # ("strategy" or "play",): the game switched mode
PLAN = "plan"  # (card, slot or "-"): a card drawn into the strategy layout at a slot, or erased from it
ACES = "aces"  # (the ace ordering, e.g. "CDHS",): the aces were rearranged before the first move
SAVE = "save"  # (file name,): the game file was written
LOAD = "load"  # (file name,) the game file was read; ("error", message) it could not be
# King Albert's own (games/king_albert)
AUTO = "auto"  # (source letter,): the game moved a card home by itself (a move of its own; undo takes it back)
CHEAT = "cheat"  # (source letter, destination letter, cards): a run moved at once without the empty stacks it needs
RESTART = "restart"  # the game went back to the position as dealt
OPTIONS = "options"  # (starting rank, "on" or "off"): the options as set in the options window
# Sounds
TONE = "tone"
BUZZER = "buzzer"
# HELP
HELP = "help"
HELP_CANCELLED = "help cancelled"
HINT = "hint"  # (the move's keys,) or ("lost",) or ("unknown",)

SOUNDS = (TONE, BUZZER)


class Event(NamedTuple):
    frame: int
    kind: str
    args: tuple = ()

    @property
    def text(self) -> str:
        return " ".join((self.kind, *(str(a) for a in self.args)))

    def __str__(self) -> str:
        return self.text
