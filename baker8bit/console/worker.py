"""HELP's worker process: the window's runner of ``console/thinking.py`` tasks.

The window installs a ``WorkerRunner``; HELP's levels then run in another process (another
core) from the press on, and a frame only looks whether a level's result has come (a poll of a
pipe). A result is taken at the frame the task makes it due, so the answers and their frames are
the ``Inline`` runner's; the frame waits only when the worker is behind (a machine slower than
the recorded ``help_rate``). A cancelled task that is still running is not waited for: its
process is killed and a warm spare, started beside it, takes over. If no worker can be had (no process
support, a worker that died), the levels run inline, with the same answers.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
from collections.abc import Callable
from typing import Any

from baker8bit.console.thinking import Inline, Task
from baker8bit.core import compiled
from baker8bit.core.outcome import SearchResult

_CONTEXT = "spawn"  # never fork a process that holds a window and a sound thread


def _warm(games: Callable[[], Any] | None) -> None:
    """What the worker does before its first task, so the first answer is not late for it: the
    compiled searches loaded, and each game's HELP made ready (``Variant.warm``: the FreeCell
    family's search tables). ``games``: a module-level function giving the registry (the
    window's), so a spawned process can be given it."""

    for kind in compiled.SEARCHES:
        compiled.built(kind)
    if games is not None:
        for variant in games():
            variant.warm()


def _batch(pid: int) -> None:
    """Make the worker a batch process (Linux's ``SCHED_BATCH``; elsewhere nothing changes).

    The window wakes the worker by sending it a task. Linux tends to run a task woken through a
    pipe on the CPU of the process that woke it, at once: the window's frame then waited for the
    worker's first level, 1 to 5 ms in the frame of every HELP press (measured; none when the
    two run on different CPUs). A batch process never takes the CPU from the process that woke
    it: it runs on another CPU, or when the frame's work is done. It gets the same share of the
    machine otherwise."""
    try:
        os.sched_setscheduler(pid, os.SCHED_BATCH, os.sched_param(0))
    except (AttributeError, OSError):
        pass


def _serve(conn, games) -> None:
    """The worker's loop: for each task, its levels in order until one is decided; a new
    message (another task, or a cancel) stops the task between two levels."""
    try:
        _warm(games)
    except Exception:  # a task will say what is wrong, inline
        pass
    pending = None
    while True:
        try:
            msg = pending if pending is not None else conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        pending = None
        if msg is None:
            return
        if msg[0] != "task":
            continue
        _, job, task, budgets = msg
        results = task.results(budgets)
        for level in range(len(budgets)):
            if conn.poll():
                pending = conn.recv()
                break
            try:
                thought = next(results)
            except Exception as e:  # the main process runs it inline and sees the error there
                conn.send((job, level, e))
                break
            conn.send((job, level, thought))
            if thought.decided:
                break


class _Process:
    """One worker process and its end of the pipe."""

    def __init__(self, games) -> None:
        ctx = mp.get_context(_CONTEXT)
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, games), daemon=True, name="baker8bit-help")
        self.proc.start()
        _batch(self.proc.pid)
        child.close()

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.conn.close()
        except (OSError, ValueError, AttributeError):
            pass


class WorkerRunner:
    """Runs tasks in a worker process; ``result`` is the ``Inline`` runner's, read from a pipe.

    Besides the worker it keeps a spare, started and warmed in the background from the first
    task on: a task that must be dropped (cancelled while it runs, or left running by a game
    the player left) is killed with its process, and the spare takes over at once, so the next
    press does not wait for a process to start (about a tenth of a second, six frames)."""

    def __init__(self, games: Callable[[], Any] | None = None) -> None:
        """``games``: a module-level function that gives the registry whose games the worker
        makes ready before its first task (``Variant.warm``); None, none."""
        self._games = games
        self._lock = threading.Lock()
        self._proc: _Process | None = None  # the worker
        self._ready: _Process | None = None  # the spare
        self._starting: threading.Thread | None = None
        self._job: int | None = None
        self._budgets: tuple[int, ...] = ()
        self._results: dict[int, Any] = {}
        self._finished = True
        self._inline = Inline()
        self._spare()

    # -- the process ---------------------------------------------------------------------

    def _spare(self) -> None:
        """Start a process in the background (starting one costs more than a frame): the worker
        if there is none, else the spare."""

        def start() -> None:
            try:
                proc = _Process(self._games)
            except Exception:  # no process support here: the levels run inline
                return
            with self._lock:
                if self._proc is None:
                    self._proc = proc
                else:
                    self._ready = proc

        self._starting = threading.Thread(target=start, daemon=True)
        self._starting.start()

    def _worker(self) -> _Process | None:
        """The worker; waits for one that is starting only when there is none."""
        with self._lock:
            have = self._proc is not None
        if not have and self._starting is not None:
            self._starting.join()
        with self._lock:
            proc = self._proc
        if proc is not None and not proc.proc.is_alive():
            proc.kill()
            with self._lock:
                self._proc = proc = None
        return proc

    def _more(self) -> None:
        """Start a spare unless one is there or starting."""
        with self._lock:
            have = self._ready is not None
        if not have and (self._starting is None or not self._starting.is_alive()):
            self._spare()

    def close(self) -> None:
        if self._starting is not None:
            self._starting.join()
        with self._lock:
            procs, self._proc, self._ready = (self._proc, self._ready), None, None
        for proc in procs:
            if proc is None:
                continue
            try:
                proc.conn.send(None)
            except (OSError, ValueError):
                pass
            proc.proc.join(timeout=1)
            proc.kill()

    # -- the runner ----------------------------------------------------------------------

    def submit(self, job: int, task: Task, budgets: tuple[int, ...]) -> None:
        if not self._finished:  # a task nobody cancelled (its game was left): not waited for either
            self._drop()
        self._job, self._budgets = job, budgets
        self._results = {}
        self._finished = False
        self._inline.submit(job, task, budgets)
        proc = self._worker()
        if proc is None:
            return
        try:
            proc.conn.send(("task", job, task, budgets))
        except (OSError, ValueError):
            self._drop()
        self._more()

    def cancel(self, job: int) -> None:
        if job != self._job:
            return
        if not self._finished:  # still running levels nobody will read: kill it, start a fresh one
            self._drop()
            self._finished = True
        self._job, self._results = None, {}

    def _drop(self) -> None:
        """Kill the worker (its task is not wanted); the spare, if ready, is the worker now."""
        with self._lock:
            proc, self._proc, self._ready = self._proc, self._ready, None
        if proc is not None:
            proc.kill()
        self._more()

    def _keep(self, level: int, thought: Any) -> None:
        """A level's result; after a decided one, an error or the last level the worker has
        finished the task (a cancel then leaves its process be)."""
        self._results[level] = thought
        if isinstance(thought, Exception) or thought.decided or level == len(self._budgets) - 1:
            self._finished = True

    def _read(self, wait: bool) -> None:
        proc = self._proc
        if proc is None:
            return
        try:
            while wait or proc.conn.poll():
                job, level, thought = proc.conn.recv()
                if job == self._job:
                    self._keep(level, thought)
                    if wait:
                        return
        except (EOFError, OSError, ValueError):
            self._drop()

    def result(self, job: int, level: int) -> SearchResult:
        if job == self._job and self._worker() is not None:
            self._read(wait=False)
            while level not in self._results and self._proc is not None:
                self._read(wait=True)  # the worker is behind the recorded rate: wait for it
        thought = self._results.get(level) if job == self._job else None
        if thought is None or isinstance(thought, Exception):
            thought = self._inline.result(job, level)  # no worker: the same answer, here
            self._keep(level, thought)
        return thought
