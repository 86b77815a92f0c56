"""Helpers of the hostile-input suite (tests/test_hostile_*.py): a folder's state before and after
a command, a command run in this process or in its own (where a signal or an exit needs one)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import cli


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry under ``folder``: a file's bytes and permissions, a link's target, a FIFO or a
    folder by its kind, so a command that must change nothing can be held to it."""
    out: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            out[name] = ("link", os.readlink(path))
        elif stat.S_ISREG(mode):
            out[name] = ("file", path.read_bytes(), stat.S_IMODE(mode))
        elif stat.S_ISFIFO(mode):
            out[name] = ("fifo",)
        elif stat.S_ISDIR(mode):
            out[name] = ("dir",)
        else:
            out[name] = ("other", mode)
    return out


def refused(folder: Path, *argv: str, says: str, code: int = 2) -> str:
    """Run ``baker8bit ARGV`` in this process: it must exit ``code`` with one line on stderr
    holding ``says``, print nothing, no Traceback, and leave ``folder`` exactly as it was.
    Returns the line."""
    before = snapshot(folder)
    got, out, err = cli(*argv)
    assert got == code, (got, out, err)
    assert says in err, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and err.startswith("baker8bit: "), err
    assert snapshot(folder) == before, "the command changed files it was refused"
    return err.strip()


def env(**extra: str) -> dict[str, str]:
    """The environment of a command in its own process: the installed package (an editable
    install maps it to the tree; a non-editable one is tested as installed)."""
    return dict(os.environ, **extra)


def start(*argv: str, **extra: str) -> subprocess.Popen:
    """``baker8bit ARGV`` in its own process (its own process group, so a signal to the group
    reaches its workers as the terminal's Ctrl-C does)."""
    return subprocess.Popen([sys.executable, "-m", "baker8bit", *argv], env=env(**extra), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def wait_for(test, what: str, proc: subprocess.Popen | None = None, timeout: float = 60) -> None:
    """Wait until ``test()`` is true (a command has begun its work)."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline or (proc is not None and proc.poll() is not None):
            if proc is not None:
                proc.kill()
                pytest.fail(f"{what} did not begin: {proc.communicate()[1][-800:]}")
            pytest.fail(f"{what} did not begin")
        time.sleep(0.05)


def signalled(proc: subprocess.Popen, sig: int, group: bool = False, within: float = 1.0,
              timeout: float = 30) -> tuple[str, str, float]:
    """Send ``sig`` (to the process, or its whole group as a terminal does) and wait for it to
    end: (stdout, stderr, the CPU seconds it spent after the signal, its workers' included). It
    must end having spent at most ``within`` seconds of CPU: the measure of obeying that a
    machine shared with other work does not stretch (the wall time may; ``timeout`` bounds it)."""
    # what it and its workers have spent so far: the workers still running are read live, as the
    # end's count (``wait4``) holds each worker's whole time once it is reaped
    before = cpu_seconds(proc.pid, children=True) + sum(cpu_seconds(w) for w in children(proc.pid))
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            os.wait4(proc.pid, 0)
            pytest.fail(f"still running {timeout} s after {signal.Signals(sig).name}")
        time.sleep(0.02)
    proc.returncode = os.waitstatus_to_exitcode(status)
    out, err = proc.stdout.read(), proc.stderr.read()
    spent = usage.ru_utime + usage.ru_stime - before
    assert spent < within, f"spent {spent:.2f} s of CPU after {signal.Signals(sig).name} before it ended"
    return out, err, spent


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that are still running (Linux's /proc)."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def alive(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text.rpartition(")")[2].split()[0] != "Z"  # a zombie has ended


def cpu_seconds(pid: int, children: bool = False) -> float:
    """The CPU time ``pid`` has used (Linux's /proc), with ``children`` that of its children
    it has waited for: past its imports, a command is at work."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")
