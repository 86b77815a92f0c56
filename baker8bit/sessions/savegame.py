"""Save a game in progress and resume it with its take-back memory and mark intact.

The file is plain text, one position per block in fc-solve's board format
(``boardtext``), each board line behind ``| ``::

    baker8bit-savegame 1
    program 0.1.0
    rules baker4
    deal 11982
    moves 57
    mark 40
    positions 3
    position 55
    | Foundations: C-0 D-A H-0 S-0
    | Freecells: 5C - - -
    | : JD KD 2S 4C
    ...
    position 56
    | ...
    position 57
    | ...
    end

``deal`` and ``mark`` are ``-`` when there is none (a game started from a
board has no deal number). ``positions`` is the take-back memory (oldest
first) plus the current position, which comes last; each is numbered by its
move count. Lines starting with ``#`` and blank lines outside blocks are
ignored.

Loading checks everything and raises ``SaveError`` (naming the line) on any
damage: the format version, the rule set, every position (``Position.check``),
that each remembered position leads to the next by exactly one legal move,
that the memory is no longer than the rules allow, that ``moves`` is at least
the memory's length, and that the mark lies where take-backs can have left it
(``moves - memory <= mark <= moves + rules.history - memory``).
``load_or_set_aside`` turns damage into a message for the screen and moves the
file to ``<name>.damaged-N``; it never deletes it.

Not saved: a half-typed command (a selected letter, a pending ``T``), a flash
or group move in progress; a resumed game starts with no letter selected.
"""

from __future__ import annotations

import os
from pathlib import Path

from baker8bit import __version__, games
from baker8bit.core.deal import DealError, check_deal_number
from baker8bit.core.files import AtomicWriteError, set_aside, write_text
from baker8bit.core.history import History
from baker8bit.core.textlines import Lines, check_header, decimal, quote, read_text
from baker8bit.core.timing import Timing
from baker8bit.freecell import boardtext
from baker8bit.freecell.game import Game
from baker8bit.freecell.moves import step_between
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.games import KeyMachine

MAGIC = "baker8bit-savegame"
FORMAT_VERSION = 1

__all__ = [
    "SaveError", "AtomicWriteError", "dump", "parse", "save", "load", "load_or_set_aside",
    "machine_from_game",
]


class SaveError(ValueError):
    """A saved game that cannot be resumed; the message names the line."""


# -- writing -------------------------------------------------------------------


def _block(text: str) -> list[str]:
    return [("| " + line).rstrip() for line in text.splitlines()]


def dump(game: Game) -> str:
    first = game.moves - len(game.history)
    positions = [*game.history.positions, game.position]
    lines = [
        f"{MAGIC} {FORMAT_VERSION}",
        f"program {__version__}",
        f"rules {game.rules.name}",
        f"deal {'-' if game.deal is None else game.deal}",
        f"moves {game.moves}",
        f"mark {'-' if game.mark is None else game.mark}",
        f"positions {len(positions)}",
    ]
    for i, pos in enumerate(positions):
        lines.append(f"position {first + i}")
        lines += _block(boardtext.write(pos, game.rules))
    lines.append("end")
    return "\n".join(lines) + "\n"


def save(path: str | os.PathLike, game: Game) -> None:
    """Write the game atomically; raises AtomicWriteError (old file unchanged) on failure."""
    write_text(path, dump(game))


# -- reading -------------------------------------------------------------------


def _position(text: str, start: int, rules: RuleSet, number: int, lines: Lines) -> Position:
    if not text:
        raise lines.fail(f"position {number} has no board lines", start)
    try:
        # leading newlines make boardtext's line numbers those of the file
        pos, _ = boardtext.read("\n" * (start - 1) + text, rules)
        pos.check(rules)
    except (boardtext.BoardError, ValueError) as e:
        msg = str(e)
        raise SaveError(msg if msg.startswith("line ") else f"line {start}: position {number}: {msg}") from None
    return pos


def _follows(a: Position, b: Position, rules: RuleSet) -> bool:
    return step_between(a, b, rules) is not None


def parse(text: str, first_line: int = 1) -> Game:
    """Read a saved game; raise SaveError naming the line on any damage."""
    lines = Lines(text, first_line, SaveError)
    check_header(lines, MAGIC, FORMAT_VERSION, "saved game")
    _, program = lines.next("program")
    if not program:
        raise lines.fail("the program version is missing", lines.last)
    _, name = lines.next("rules")
    try:
        rules = games.ruleset(name)
    except (KeyError, ValueError):
        raise lines.fail(f"unknown rule set {quote(name)} ({games.rule_set_hint()})", lines.last) from None
    _, deal_text = lines.next("deal")
    deal = None
    if deal_text != "-":
        try:
            deal = check_deal_number(decimal(deal_text))
        except (TypeError, ValueError, DealError):
            raise lines.fail(f"bad deal number {quote(deal_text)}", lines.last) from None
    moves = lines.int_field("moves", lo=0)
    mark = lines.int_field("mark", lo=0, dash=True)
    mark_line = lines.last
    count = lines.int_field("positions", lo=1)
    count_line = lines.last
    assert moves is not None and count is not None
    if rules.history and count - 1 > rules.history:
        raise lines.fail(f"{count - 1} remembered positions, but {rules.name} remembers {rules.history}", count_line)
    if count - 1 > moves:
        raise lines.fail(f"{count - 1} remembered positions, but only {moves} moves were made", count_line)
    first = moves - (count - 1)
    positions: list[Position] = []
    for i in range(count):
        number = lines.int_field("position")
        header = lines.last
        if number != first + i:
            raise lines.fail(f"expected position {first + i}, found position {number}", header)
        body, start = lines.block()
        if not body and lines.i >= len(lines.lines):
            raise lines.fail(f"the file ends early (truncated?): position {first + i} has no board")
        pos = _position(body, start, rules, first + i, lines)
        if positions and not _follows(positions[-1], pos, rules):
            raise lines.fail(
                f"position {first + i} does not follow from position {first + i - 1} by one legal move", header
            )
        positions.append(pos)
    lines.finish()
    memory = count - 1
    if mark is not None and rules.marks == 0:
        raise lines.fail(f"a mark, but {rules.name} has none", mark_line)
    # with an unlimited memory, every move is remembered: the mark lies on the path
    top = moves + rules.history - memory if rules.history else moves
    if mark is not None and not moves - memory <= mark <= top:
        raise lines.fail(
            f"mark {mark} is out of range: with {moves} moves and {memory} remembered it must be "
            f"{moves - memory}..{top}",
            mark_line,
        )
    steps = [step_between(a, b, rules) for a, b in zip(positions, positions[1:], strict=False)]
    return Game(rules, positions[-1], deal, History.of(rules.history, positions[:-1], steps, moves, mark))


def load(path: str | os.PathLike) -> Game:
    """Read a saved game file. A missing file raises FileNotFoundError; damage raises SaveError."""
    return parse(read_text(path, SaveError))


def load_or_set_aside(path: str | os.PathLike) -> tuple[Game | None, str | None]:
    """``(game, None)``; ``(None, None)`` when there is no saved game; ``(None, message)``
    when the file cannot be resumed: it is then renamed to ``<name>.damaged-N``, never deleted."""
    path = Path(path)
    try:
        return load(path), None
    except FileNotFoundError:
        return None, None
    except SaveError as e:
        reason = str(e)
    except OSError as e:
        return None, f"cannot read the saved game {path}: {e.strerror or e}"
    try:
        kept = set_aside(path)
    except OSError as e:
        return None, f"the saved game {path} is damaged ({reason}) and could not be moved aside: {e.strerror or e}"
    return None, f"the saved game could not be resumed ({reason}); it is kept as {kept.name}"


# -- resuming ------------------------------------------------------------------


def machine_from_game(game: Game, seed: int = 0, timing: Timing | None = None, menu: bool = False,
                      program: str | None = None) -> KeyMachine:
    """A key machine playing ``game`` as saved, at frame 0.

    Its events are ``deal S D`` (as for any game start), then ``resume M H``
    (M: the move count, H: take-backs left), so an observer such as
    ``stats.StatsTracker`` knows the game was already under way; a won game
    then shows ``winner``.
    """
    machine = KeyMachine(seed=seed, timing=timing, game=game.rules.game, menu=menu, program=program)
    machine.resume(game)
    return machine
