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


# -- Dask paths --------------------------------------------------------------------------------

try:
    import distributed
except ImportError:  # pragma: no cover
    distributed = None
needs_dask = pytest.mark.skipif(distributed is None, reason='needs Dask: pip install "baker8bit[cluster]"')


@pytest.mark.parametrize("address", ["nonsense", "tcp://host", "http//x:1", ""])
def test_a_scheduler_address_that_is_not_one_is_one_line(tmp_path, address):
    err = one_line_refusal(*cli("survey", "--deals", "1-3", "--scheduler", address, "--out", str(tmp_path / "s.csv")))
    assert "scheduler address" in err
    assert not (tmp_path / "s.csv").exists()


@needs_dask
def test_no_scheduler_is_one_line_no_table_no_interrupted_and_no_csv(tmp_path):
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code, out, err = cli("survey", "--suits", "2", "--deals", "1-2", "--scheduler", "tcp://127.0.0.1:9",
                             "--out", str(tmp_path / "x.csv"))
    err = one_line_refusal(code, out, err)
    assert "cannot reach the Dask scheduler tcp://127.0.0.1:9" in err and "interrupted" not in err
    assert out == ""
    assert not (tmp_path / "x.csv").exists()


@needs_dask
def test_a_scheduler_without_workers_gives_up_in_one_line(tmp_path, monkeypatch):
    from distributed import LocalCluster

    from baker8bit.freecell.solver import survey

    monkeypatch.setattr(survey, "WORKER_WAIT", 1.0)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as c:
        code, out, err = cli("survey", "--deals", "1-20", "--scheduler", c.scheduler_address,
                             "--out", str(tmp_path / "x.csv"))
    err = one_line_refusal(code, out, err)
    assert "has no workers (waited 1 s)" in err and "dask worker" in err
    assert not (tmp_path / "x.csv").exists()


SCHEDULER = textwrap.dedent("""
    import time
    from distributed import LocalCluster
    with LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=None) as c:
        print(c.scheduler_address, flush=True)
        time.sleep(120)
""")


@needs_dask
def test_ctrl_c_while_waiting_for_workers_is_130_without_a_traceback(tmp_path):
    sched = subprocess.Popen([sys.executable, "-c", SCHEDULER], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    try:
        address = sched.stdout.readline().strip()
        assert address.startswith("tcp://")
        proc = subprocess.Popen([sys.executable, "-m", "baker8bit", "survey", "--deals", "1-20", "--scheduler",
                                 address, "--out", str(tmp_path / "x.csv")], env=env(tmp_path),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(6)  # connected, waiting for a worker
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            pytest.fail(f"survey --scheduler ignored Ctrl-C: {proc.communicate()}")
    finally:
        sched.kill()
        sched.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    assert not (tmp_path / "x.csv").exists()
