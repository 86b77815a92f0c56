"""What the command line's options are made of: the one-line parser and error, and the value
types every command, game and tool shares (deal numbers, counts, seconds, memory sizes).

A bad value is one line naming the option and what it takes, exit 2 (``OneLineParser``);
``UsageError`` is any other bad input a command finds, reported the same way by ``cli.py``.
"""

from __future__ import annotations

import argparse

from baker8bit.core.deal import MAX_DEAL, DealError, check_deal_number
from baker8bit.core.sizes import parse_memory


class UsageError(Exception):
    """Bad input from the user: the CLI prints one clear line and exits 2."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``<error_name>: <message>``, with exit status 2
    (argparse's own prints the usage first). ``error_name``: the program the line names (the
    CLI's sub-command parsers are made by argparse without it, and name ``baker8bit``)."""

    def __init__(self, *args, error_name: str = "baker8bit", **kwargs):
        super().__init__(*args, **kwargs)
        self.error_name = error_name

    def error(self, message: str) -> None:
        self.exit(2, f"{self.error_name}: {message}\n")


def deal_arg(text: str) -> int:
    try:
        return check_deal_number(int(text))
    except (ValueError, DealError):
        raise argparse.ArgumentTypeError(f"deal must be a whole number 1..{MAX_DEAL}, not {text!r}") from None


def positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, not {text!r}")
    return n


def positive_float(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = 0.0
    if not x > 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return x


def memory_arg(text: str) -> int:
    """A memory size: ``512M``, ``2G``, ``100000K`` or bytes, at least 1M."""
    try:
        return parse_memory(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
