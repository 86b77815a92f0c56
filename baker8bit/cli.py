"""The ``baker8bit`` command line. Sub-commands live in ``baker8bit.commands``."""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys

from baker8bit import __version__, games
from baker8bit.commands import MODULES, window
from baker8bit.core import compiled, signals
from baker8bit.core.arguments import OneLineParser, UsageError

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def summary() -> str:
    """What the console is, naming every registered game (its ``summary``) in menu order: a game
    added is named here without a line of this file changing."""
    names = [v.summary for v in games.all_variants()]
    count = NUMBERS[len(names)] if len(names) < len(NUMBERS) else str(len(names))
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    return f"An 8-bit console of {count} open solitaires on Pyxel: {listed}"


class _Version(argparse.Action):
    """``--version``: the line as it is, never wrapped at the terminal's width (argparse's own
    action wraps it, and the list of searches is longer than a line)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or "show the version and which searches run compiled, then exit")

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"baker8bit {__version__} ({compiled.summary()})")
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    # the commands (and the games under them) load here, once main's signal handling is on: a
    # Ctrl-C while they load is one line too

    parser = OneLineParser(
        prog="baker8bit", description=summary() + ". Without a command: the window, at the menu of games.",
        epilog="Statistics, the saved game, options and recordings are kept in ~/.pyxel/baker8bit/ "
        "(or BAKER8BIT_DATA_DIR); files of 0.3.0 and before in ~/.pyxel/baker8bit/baker_solitaire/ "
        "move there at the first run. `baker8bit COMMAND --help` tells more.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for name in MODULES:
        module = importlib.import_module(f"baker8bit.commands.{name}")
        module.register(sub)
    window.register_root(parser)  # the options of the bare `baker8bit`: the window
    return parser


def _silence_stdout() -> None:
    """Point stdout at the null device, so what is still buffered cannot fail again at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the command; a closed or full standard output is one line on stderr and exit 1."""
    try:
        with signals.installed():  # SIGTERM ends a command as Ctrl-C does: files whole, one line
            try:
                code = _main(argv)
            except SystemExit:  # --help, --version, a usage error: what they printed must be written too
                sys.stdout.flush()
                raise
            sys.stdout.flush()
        return code
    except KeyboardInterrupt as e:  # the second signal, while the first was being handled
        print(f"baker8bit: {signals.said(e)}", file=sys.stderr)
        return signals.code(e)
    except OSError as e:
        if isinstance(e, BrokenPipeError) or e.errno in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF):
            _silence_stdout()
            why = "closed" if e.errno in (errno.EPIPE, errno.EBADF) else (e.strerror or str(e))
            try:
                print(f"baker8bit: cannot write the output: {why}", file=sys.stderr)
            except OSError:
                pass
            return 1
        raise


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    try:
        return int(func(args) or 0) if func else 0
    except UsageError as e:
        message = str(e)
        if len(message) > 300:  # never echo a file's huge token
            message = message[:297] + "..."
        print(f"baker8bit: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:  # Ctrl-C, or SIGTERM (signals.Terminated)
        print(f"baker8bit: {signals.said(e)}", file=sys.stderr)
        return signals.code(e)
    except MemoryError:  # a search's table or stack: the options that size it are the way out
        ways = (["fewer positions (--max-states)"] if hasattr(args, "max_states") else []) + (
            ["less --memory"] if getattr(args, "memory", None) is not None else [])
        print(f"baker8bit: not enough memory for this search: ask for {' or '.join(ways) or 'a smaller one'}",
              file=sys.stderr)
        return 1
    except Exception as e:
        if type(e).__name__ != "WindowError":  # window/app.py: no display, Pyxel cannot open a window
            raise
        print(f"baker8bit: {e}", file=sys.stderr)
        return getattr(e, "code", 1)
