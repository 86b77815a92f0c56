"""Ctrl-C (SIGINT) and SIGTERM, obeyed the same way by every command.

A command ends on either signal as it ends on Ctrl-C: Python raises ``KeyboardInterrupt`` for
SIGINT, and ``install`` makes SIGTERM raise ``Terminated``, a ``KeyboardInterrupt`` too. So every
``with`` block and ``finally`` runs: a file being written loses its temporary file
(``core/files.py``), a survey keeps the rows it wrote and stops its worker processes, and the
command says one line (``said``) and exits 130 or 143 (``code``), never with a Traceback. The
compiled searches look at the signals every 2^16 positions (``PyErr_CheckSignals``), so an
interrupt reaches them within a fraction of a second.

Worker processes (``quiet_worker``) leave both signals to their parent: they ignore Ctrl-C, which
the terminal sends to every process of its group, end at once on SIGTERM (what the parent's pool
sends them), and on Linux are sent SIGTERM when their parent dies, however it dies.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, as Ctrl-C raises ``KeyboardInterrupt``."""


def _raise_terminated(signum, frame) -> None:
    raise Terminated()


@contextmanager
def installed() -> Iterator[None]:
    """SIGTERM raises ``Terminated`` inside the block (in the main thread, when nobody else has
    taken SIGTERM); the handler before it is put back at the end."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGTERM)
    ours = before in (signal.SIG_DFL, None)
    if ours:
        signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        if ours:
            signal.signal(signal.SIGTERM, before)


def code(interrupt: BaseException) -> int:
    """The exit status after an interrupt: 130 for Ctrl-C, 143 for SIGTERM (128 + the signal)."""
    return 128 + signal.SIGTERM if isinstance(interrupt, Terminated) else 130


def said(interrupt: BaseException) -> str:
    """The word for it: ``interrupted`` (Ctrl-C) or ``terminated`` (SIGTERM)."""
    return "terminated" if isinstance(interrupt, Terminated) else "interrupted"


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def quiet_worker() -> None:
    """A worker process's signals (a pool's initializer): Ctrl-C ignored (the parent handles it
    and ends the pool), SIGTERM the default (the pool's ``terminate`` ends the worker at once,
    even inside a compiled search), and on Linux SIGTERM when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent()


def end_with_parent() -> None:
    """On Linux, this process gets SIGTERM when its parent ends, however it ends (prctl's
    PDEATHSIG), so no worker is left computing for nobody; elsewhere nothing changes."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes  # Linux's prctl: only here

            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent ended before prctl took effect
        os._exit(1)
