"""What the command line's options are made of: the one-line parser and error, and the value
types every command, game and tool shares (deal numbers, counts, seconds, memory sizes).

A bad value is one line naming the option and what it takes, exit 2 (``OneLineParser``);
``UsageError`` is any other bad input a command finds, reported the same way by ``cli.py``.
"""

from __future__ import annotations

import argparse
import sys

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

    def _print_message(self, message: str, file=None) -> None:
        """As argparse's, but a write that fails (a full disk, a closed pipe) is not passed over:
        ``--help > /dev/full`` must not exit 0 with nothing written."""
        if message:
            (file or sys.stderr).write(message)


def deal_arg(text: str) -> int:
    try:
        return check_deal_number(int(text))
    except (ValueError, DealError):
        raise argparse.ArgumentTypeError(f"deal must be a whole number 1..{MAX_DEAL}, not {text!r}") from None


MAX_STATES = 10**12  # positions a search may be given: days of searching, and what a C long long holds
MAX_SECONDS = 10**9  # about 31 years: a time limit past it is no limit
MAX_WORKERS = 1024  # worker processes
MAX_SAMPLES = 100_000  # sampled orders of the unseen cards a move (sequence's lookahead and sampling)
MAX_SEED = 2**31 - 1  # a machine's seed, as the window draws them and a recording keeps them


def _whole(text: str) -> int | None:
    """The whole number ``text`` spells in plain decimal (an optional ``+`` and ``_`` between
    digits, as Python writes them), or None."""
    t = text.strip()
    if not t or len(t) > 40 or not t.isascii():
        return None
    try:
        return int(t)
    except ValueError:
        return None


def bounded_int(lo: int, hi: int, what: str = "a whole number"):
    """An argparse type: a whole number ``lo``..``hi``; anything else (a fraction, a number past
    what the program can hold) is one line naming the limits."""

    def parse(text: str) -> int:
        n = _whole(text)
        if n is None or not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"expected {what} from {lo:,} to {hi:,}, not {text[:40]!r}")
        return n

    return parse


positive_int = bounded_int(1, 10**18 - 1)  # a count; the options that reach a search take ``states_arg``
states_arg = bounded_int(1, MAX_STATES, "a number of positions")
workers_arg = bounded_int(1, MAX_WORKERS, "a number of worker processes")
samples_arg = bounded_int(1, MAX_SAMPLES, "a number of samples")
seed_arg = bounded_int(0, MAX_SEED, "a seed")


def positive_float(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = 0.0
    if not 0 < x <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 and at most {MAX_SECONDS:,}, "
                                         f"not {text[:40]!r}")
    return x


def memory_arg(text: str) -> int:
    """A memory size: ``512M``, ``2G``, ``100000K`` or bytes, 1M..``sizes.MAX_BYTES``."""
    try:
        return parse_memory(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
