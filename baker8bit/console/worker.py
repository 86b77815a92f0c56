"""HELP's worker process: the window's runner of ``console/thinking.py`` tasks.

The window installs a ``WorkerRunner``; HELP's levels then run in another process from the press
on, and a frame only looks whether a level's result has come (``ready``: a poll of a pipe, never a
wait). A result is taken at the frame the task makes it due, so the answers and their frames are
the ``Inline`` runner's. The frame never waits for the worker, and the worker never takes the
frame's CPU:

- the worker runs at the lowest priority there is (Linux's ``SCHED_IDLE``, and nice 19), so it
  only gets CPU time that nothing else wants, the frame's included;
- a level due before the worker has it does not make the frame wait: the window holds the game's
  frame (``KeyMachine.ready``) until it comes, so on a busy machine HELP answers later on the
  clock, at the same frame of the game;
- processes start and a task is handed over without the frame's waiting: one long-lived thread
  starts the processes, and a task pressed before its worker is up is sent when it is.

A cancelled task that is still running is not waited for: its process is killed and a warm spare,
started beside it, takes over. If no worker can be had (no process support, a worker that died),
the levels run inline, with the same answers.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

from baker8bit.console.thinking import Inline, Task
from baker8bit.core import compiled, signals
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


def _lowest(pid: int) -> None:
    """Give process ``pid`` (0: this one) the lowest priority there is: Linux's ``SCHED_IDLE``
    (it runs only on CPU time no other process wants, so the window's frame always goes first,
    and it never takes the CPU of the frame that wakes it with a task), and nice 19 where that
    policy is not had. Elsewhere, or if refused, nothing changes."""
    try:
        os.setpriority(os.PRIO_PROCESS, pid, 19)
    except (AttributeError, OSError):
        pass
    try:
        os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        pass


def _serve(conn, games, lowest: bool = True) -> None:
    """The worker's loop (``_tasks``); Ctrl-C in the terminal, which reaches the worker too, ends
    it at once and quietly, and so does its parent's end."""
    signals.end_with_parent()
    # Ctrl-C ends the worker as the system ends a process, with no Python handler: a handler runs
    # only when the process runs, and at the lowest priority on a busy machine that may be long
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        _tasks(conn, games, lowest)
    except KeyboardInterrupt:
        return


def _tasks(conn, games, lowest: bool = True) -> None:
    """For each task, its levels in order until one is decided; a new message (another task, or
    a cancel) stops the task between two levels."""
    if lowest:
        _lowest(0)  # the window set it as the process started; here too, where it could not
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

    def __init__(self, games, lowest: bool = True) -> None:
        ctx = mp.get_context(_CONTEXT)
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, games, lowest), daemon=True, name="baker8bit-help")
        self.proc.start()
        if lowest:
            _lowest(self.proc.pid)  # before its imports and warm-up: all of its work is at that priority
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
    press does not wait for a process to start (about a tenth of a second, six frames).

    Processes are started by one thread of this runner, woken by an event: the frame that asks
    for one (a press, a cancel) does not wait for a thread to start. A task submitted while no
    worker is up waits in ``_pending`` and is sent as soon as one is (``ready`` then says no,
    and the window holds the game's frame; ``result`` waits for it)."""

    def __init__(self, games: Callable[[], Any] | None = None, lowest: bool = True) -> None:
        """``games``: a module-level function that gives the registry whose games the worker
        makes ready before its first task (``Variant.warm``); None, none. ``lowest``: the workers
        run at the lowest priority (the window's); False, at this process's (tests that time the
        worker's answers on a machine whose every core another test keeps busy)."""
        self._games = games
        self._lowest = lowest
        self._lock = threading.Condition()
        self._proc: _Process | None = None  # the worker
        self._ready: _Process | None = None  # the spare
        self._spares = False  # a spare is wanted (from the first task on)
        self._starting = False  # the starter is starting a process
        self._failed = False  # no process could be started: the levels run inline
        self._closed = False
        self._wake = threading.Event()
        self._job: int | None = None
        self._budgets: tuple[int, ...] = ()
        self._pending: tuple | None = None  # the task message not sent yet (no worker up)
        self._results: dict[int, Any] = {}
        self._finished = True
        self._inline = Inline()
        self._starter = threading.Thread(target=self._start_processes, daemon=True, name="baker8bit-help-starter")
        self._starter.start()  # once, with the window: never in a frame of play
        self._wake.set()

    # -- the processes -------------------------------------------------------------------

    def _wanted(self) -> bool:
        return not self._closed and not self._failed and (
            self._proc is None or (self._spares and self._ready is None))

    def _start_processes(self) -> None:
        """The starter thread: whenever woken, start processes until there is a worker and,
        from the first task on, a spare (starting one costs more than a frame)."""
        while True:
            self._wake.wait()
            self._wake.clear()
            while True:
                with self._lock:
                    if self._closed:
                        return
                    if not self._wanted():
                        break
                    self._starting = True
                try:
                    proc = _Process(self._games, self._lowest)
                except Exception:  # no process support here: the levels run inline
                    proc = None
                with self._lock:
                    self._starting = False
                    if proc is None:
                        self._failed = True
                    elif self._closed:
                        proc.kill()
                    elif self._proc is None:
                        self._proc = proc
                    else:
                        self._ready = proc
                    self._lock.notify_all()

    def started(self, timeout: float | None = None) -> bool:
        """Wait until the starter has nothing more to start (tests; ``close``); whether it is done."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._starting and not self._wanted(), timeout)

    def _worker(self, wait: bool) -> _Process | None:
        """The worker, or None: none could be started, or (``wait`` False) none is up yet."""
        with self._lock:
            if wait:
                self._lock.wait_for(lambda: self._proc is not None or self._failed or self._closed)
            proc = self._proc
        if proc is not None and not proc.proc.is_alive():
            self._lost(proc)
            return self._worker(wait)
        return proc

    def close(self) -> None:
        with self._lock:
            self._closed = True
            procs, self._proc, self._ready = (self._proc, self._ready), None, None
            self._lock.notify_all()
        self._wake.set()
        self._starter.join(timeout=5)
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
        self._pending = ("task", job, task, budgets)
        if not self._spares:
            self._spares = True
            self._wake.set()
        self._send()

    def _send(self) -> None:
        """Send the pending task if a worker is up (never waits for one)."""
        if self._pending is None:
            return
        proc = self._worker(wait=False)
        if proc is None:
            return
        msg, self._pending = self._pending, None
        try:
            proc.conn.send(msg)
        except (OSError, ValueError):
            self._lost(proc)

    def cancel(self, job: int) -> None:
        if job != self._job:
            return
        if self._pending is not None:  # never sent: nothing runs
            self._pending = None
            self._finished = True
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
        self._wake.set()

    def _lost(self, proc: _Process) -> None:
        """The worker died or its pipe broke: the task's remaining levels run inline."""
        with self._lock:
            if self._proc is proc:
                self._proc, self._ready = self._ready, None
        proc.kill()
        self._wake.set()
        if self._job is not None and not self._finished:
            self._pending = None
            self._broken = self._job

    _broken: int | None = None  # a job whose worker was lost: its levels run inline

    def _keep(self, level: int, thought: Any) -> None:
        """A level's result; after a decided one, an error or the last level the worker has
        finished the task (a cancel then leaves its process be)."""
        self._results[level] = thought
        if isinstance(thought, Exception) or thought.decided or level == len(self._budgets) - 1:
            self._finished = True

    def _read(self, wait: bool, until: int) -> None:
        """Take the worker's results in order until level ``until``'s (``wait``: one result,
        waited for). Levels the worker has finished ahead of their frames stay in the pipe for
        the frames they are due at: a frame reads one or a few, never a burst of them (a long
        run of Blue's plan ends many levels at once)."""
        proc = self._proc
        if proc is None:
            return
        try:
            while until not in self._results and (wait or proc.conn.poll()):
                job, level, thought = proc.conn.recv()
                if job == self._job:
                    self._keep(level, thought)
                    if wait:
                        return
        except (EOFError, OSError, ValueError):
            self._lost(proc)

    def _inline_now(self, job: int) -> bool:
        """Whether this job's levels run here: no worker can be had, or it was lost mid-task."""
        return job != self._job or self._failed or self._closed or self._broken == job

    def ready(self, job: int, level: int) -> bool:
        """Whether ``result(job, level)`` would not wait for the worker (a poll, never a wait)."""
        if self._inline_now(job) or level in self._results:
            return True
        self._send()
        self._read(wait=False, until=level)
        return level in self._results or self._inline_now(job)

    def result(self, job: int, level: int) -> SearchResult:
        if not self._inline_now(job) and level not in self._results:
            if self._pending is not None and self._worker(wait=True) is not None:
                self._send()  # a caller that did not ask ``ready``: the worker is waited for
            self._read(wait=False, until=level)
            while level not in self._results and self._proc is not None and not self._inline_now(job):
                self._read(wait=True, until=level)  # the worker is behind the recorded rate: wait for it
        thought = self._results.get(level) if job == self._job else None
        if thought is None or isinstance(thought, Exception):
            thought = self._inline.result(job, level)  # no worker: the same answer, here
            if job == self._job:
                self._keep(level, thought)
        return thought
