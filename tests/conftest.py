"""Shared helpers for the tests."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

# Test the installed package, not the source tree beside the tests: `python -m pytest` puts the
# working directory first on sys.path, where `baker8bit/` has no compiled modules after a
# non-editable install. (An editable install maps the package to this tree anyway.) The
# commands the tests start get the same rule through PYTHONSAFEPATH.
_TREE = Path(__file__).resolve().parent.parent


def _drop_the_tree() -> None:
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _TREE]


_drop_the_tree()
os.environ["PYTHONSAFEPATH"] = "1"

from baker8bit import games  # noqa: E402
from baker8bit.console import script  # noqa: E402
from baker8bit.games import KeyMachine  # noqa: E402

DATA = Path(__file__).parent / "data"
IN_CI = os.environ.get("CI", "").lower() == "true"


def pytest_collection_finish(session):
    """Take the tree off sys.path again once the test modules are imported, should one of them
    (or a tool it imports) have put it back: processes the tests spawn (HELP's worker, survey
    pools) take this process's sys.path, and would run the tree's plain-Python searches."""
    _drop_the_tree()


@pytest.fixture(autouse=True)
def _sys_path_kept():
    """What a test puts on sys.path (a tool it loads, such as tools/build_font.py, puts the tree
    there) is taken off after it, for the same reason."""
    before = list(sys.path)
    yield
    sys.path[:] = before


def sides_ended() -> None:
    """Wait for the threads of earlier HELPs on two cores (``core/side_by_side.py``) to end: a
    side stops at the end of its level once its HELP is decided or left, and runs no more than its
    budgets, so none of them calls a spy set after this."""
    import threading

    from baker8bit.core.side_by_side import THREAD

    for left in threading.enumerate():
        if left.name.startswith(THREAD):
            left.join()


def subcommands() -> dict:
    """The program's subcommands, name to parser (``baker8bit.cli.build_parser``)."""
    import argparse

    from baker8bit.cli import build_parser

    parser = build_parser()
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


def fc_solve_checked(pos, rs, *extra: str, timeout: float = 120) -> tuple[str, list[str]]:
    """fc-solve's verdict on a position and, when solved, its solution in key notation, with
    every move checked to be a single-card move token of these rules (a multi-card move would
    show as e.g. ``72v3``)."""
    import re
    import subprocess

    from baker8bit.core.outcome import SOLVED
    from baker8bit.freecell import boardtext, fcsolve

    out = subprocess.run(fcsolve.command(rs, "-m", "-snx", *extra), input=boardtext.write(pos, rs),
                         capture_output=True, text=True, timeout=timeout,
                         env=dict(os.environ, FREECELL_SOLVER_QUIET="1")).stdout
    verdict = fcsolve.verdict(out)
    if verdict != SOLVED:
        return verdict, []
    body = out.split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1].split("This game is solveable.", 1)[0]
    places = "".join(str(i + 1) for i in range(rs.columns)) + fcsolve.FREECELLS[:rs.cells]
    token = re.compile(f"^[{places}][{places}h]$")
    tokens = body.split()
    bad = [t for t in tokens if not token.match(t)]
    assert not bad, f"fc-solve gave moves we do not read as single-card moves: {bad[:5]}"
    solution = fcsolve.parse_moves(body, rs)
    assert len(solution) == len(tokens)
    return verdict, solution


def need_fcsolve() -> None:
    """Skip without fc-solve, except in CI, where .ci/run installs it and a skip would hide a gap."""
    if shutil.which("fc-solve") is None:
        if IN_CI:
            pytest.fail("fc-solve is missing in CI (.ci/run installs freecell-solver-bin)")
        pytest.skip("fc-solve not installed (apt-get install freecell-solver-bin)")


# The article's group example (2 suits): a club 8 7 6 5 at the bottom of column B, a club 9
# at the end of C, parking G and H and columns E and F free.
GROUP_BOARD = """
Foundations: C-4 D-9 H-K S-K
Freecells: - -
: KC TD
: JD 8C 7C 6C 5C
: KD 9C
: QD QC JC TC
:
:
"""


def pyxel_ready() -> None:
    """Initialise Pyxel headless once per process, at the game's screen size.

    Pyxel allows one ``init`` per process, so every test that needs it comes
    here; a fast frame rate keeps ``pyxel.flip`` from waiting a 60th of a second.
    """
    from baker8bit.window.app import AppOptions, init_pyxel

    init_pyxel(AppOptions(headless=True, fps=10000))


def baker_rules(suits: int):
    """The 1989 game's rule set for 2, 3 or 4 suits."""
    return games.get("baker").rules({"suits": suits})


def read_baker_board(text: str, rules=None):
    """Board text read as the 1989 game reads it (suit count from the columns), or under ``rules``."""
    from baker8bit.freecell import boardtext

    return boardtext.read(text, rules) if rules is not None else games.get("baker").read_board(text)


def board(text: str, game: str = "baker"):
    """A position from board text (leading indentation allowed); a 1989 board by default."""
    lines = [line.strip() for line in text.strip().splitlines()]
    return games.get(game).read_board("\n".join(lines) + "\n")


def machine_on(text: str, keys: str = "", seed: int = 0, game: str = "baker") -> KeyMachine:
    pos, rs = board(text, game)
    m = KeyMachine(seed=seed, rules=rs, position=pos)
    return script.run(m, script.parse(keys)) if keys else m


def play(suits: int, deal: int, keys: str, seed: int = 0) -> KeyMachine:
    return script.run(KeyMachine(seed=seed, suits=suits, deal=deal), script.parse(keys))


def texts(m: KeyMachine) -> list[str]:
    return [str(e) for e in m.events]


def solutions() -> dict[int, tuple[int, list[str]]]:
    out = {}
    for line in (DATA / "solutions.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        head, moves = line.split(":", 1)
        suits, deal = map(int, head.split())
        out[suits] = (deal, moves.split())
    return out


def cli(*argv: str) -> tuple[int, str, str]:
    """``baker8bit ARGV`` in this process: (exit code, stdout, stderr); argparse's exit is an exit code."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            from baker8bit.cli import main

            code = main(list(argv))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def interrupt(proc, what: str, timeout: float = 30, sig: int = signal.SIGINT) -> tuple[str, str]:
    """Ctrl-C (or ``sig``) to a running command, then its (stdout, stderr) when it ends; one still
    running after ``timeout`` seconds is killed and the test fails, naming ``what``."""
    proc.send_signal(sig)
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"{what} ignored Ctrl-C: {proc.communicate()}")
