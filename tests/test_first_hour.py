"""Issue 24, the first hour of a new user: clear errors on every path, interrupts that keep the
work, help that matches the program. Each test pins one rough edge the issue lists."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from baker8bit.cli import main
from baker8bit.sessions import recording

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path / "data"))


def cli(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``baker8bit ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def one_line_refusal(code: int, out: str, err: str) -> str:
    assert "Traceback" not in out + err
    assert code == 2, (code, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("baker8bit: "), err
    return err.strip()


def env(tmp_path, **extra) -> dict:
    return dict(os.environ, BAKER8BIT_DATA_DIR=str(tmp_path / "data"), **extra)


# -- interrupts in the window ----------------------------------------------------------------

WINDOW_SCRIPT = textwrap.dedent("""
    import sys
    from pathlib import Path
    from baker8bit.console.machine import KeyMachine
    from baker8bit.games import ruleset
    from baker8bit.sessions.session import Session
    from baker8bit.window.app import App, AppOptions

    session = Session(Path(sys.argv[1]), Path(sys.argv[2]))
    machine = session.start(KeyMachine(seed=5, rules=ruleset("baker4"), deal=3))
    app = App(machine, AppOptions(headless=True, sound=False, help_worker=False), session=session)
    plain = app.update

    def update():  # says when it has run some frames, so the test knows the loop is going
        plain()
        if app.machine.frame == 30:
            print("running", flush=True)

    app.update = update
    app.run()
""")


@pytest.mark.parametrize("sig, code, word", [(signal.SIGINT, 130, "interrupted"),
                                            (signal.SIGTERM, 143, "terminated")])
def test_a_signal_in_the_window_keeps_the_recording_and_exits_in_one_line(tmp_path, sig, code, word):
    rec = tmp_path / "session.txt"
    proc = subprocess.Popen([sys.executable, "-c", WINDOW_SCRIPT, str(tmp_path / "data"), str(rec)],
                            env=env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "running"
        time.sleep(0.3)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == code, err
    assert "Traceback" not in err and f"baker8bit: {word}" in err
    kept = recording.load(rec)  # written at the signal: more frames than the periodic save had
    assert kept.frames >= 30 and kept.start.deal == 3
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("session.txt.")]  # no temporary left
