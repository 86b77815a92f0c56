"""Work on a Dask distributed cluster (``--scheduler ADDRESS``), shared by ``survey`` and ``study``.

``connect`` checks the address, reaches the scheduler and waits for a first worker, each failure
one line (RuntimeError or ValueError); ``stream`` submits batches of tasks and yields their
results in task order, with a bounded number of batches in flight. Dask is the optional
``cluster`` extra; nothing here imports it before it is needed.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

WORKER_WAIT = 60.0  # seconds a command waits for a scheduler's first worker before it gives up
CONNECT_WAIT = 10.0  # seconds to reach the scheduler itself (Dask's default is 30)

_ADDRESS = re.compile(r"(?:(?:tcp|tls|ucx|ws|wss)://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):\d{1,5}|inproc://\S+")


def check_address(text: str) -> str:
    """A Dask scheduler address (``tcp://HOST:PORT``, ``HOST:PORT``, ``tls://...``); ValueError in one
    line for anything else (Dask's own check ends in a traceback)."""
    if not _ADDRESS.fullmatch(text):
        raise ValueError(f"{text!r} is not a scheduler address (tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786)")
    return text


def connect(address: str, worker_wait: float | None = None):
    """A Dask ``Client`` of the scheduler at ``address`` with at least one worker; RuntimeError in one
    line when Dask is missing, the scheduler cannot be reached within ``CONNECT_WAIT`` seconds, or
    no worker comes within ``worker_wait`` seconds (default ``WORKER_WAIT``)."""
    check_address(address)
    try:
        from distributed import Client  # the cluster extra: optional
    except ImportError:
        raise RuntimeError('--scheduler needs Dask: pip install "dask[distributed]" '
                           '(in a clone of baker8bit: pip install ".[cluster]")') from None
    try:
        client = Client(address, timeout=CONNECT_WAIT)
    except (OSError, ValueError, TypeError) as e:  # refused, timed out, a bad address
        raise RuntimeError(f"cannot reach the Dask scheduler {address}: {str(e)[:200]}") from None
    wait = WORKER_WAIT if worker_wait is None else worker_wait
    try:
        client.wait_for_workers(1, timeout=wait)
    except (TimeoutError, OSError) as e:
        client.close()
        if isinstance(e, TimeoutError):
            raise RuntimeError(f"the Dask scheduler {address} has no workers (waited {wait:g} s); "
                               f"start some with: dask worker {address}") from None
        raise RuntimeError(f"the Dask scheduler {address} went away: {str(e)[:200]}") from None
    except BaseException:
        client.close()
        raise
    return client


def stream(client, fn: Callable[[list], list], tasks: Iterable[Any], batch: int, window: int = 0) -> Iterator[Any]:
    """``fn``'s results for batches of ``batch`` tasks, in task order, computed on ``client``'s
    cluster; at most ``window`` batches submitted and not yet yielded (default: four per worker
    thread), so the scheduler holds a bounded number of futures however many tasks there are.
    The client is closed at the end. The workers need baker8bit (the same version) installed."""
    try:
        if window <= 0:
            window = 4 * (sum(client.nthreads().values()) or 1)
        it = iter(tasks)  # a list or a stream (a range of 10^7 deals is never a list)
        pending: deque = deque()
        for part in iter(lambda: list(islice(it, batch)), []):
            pending.append(client.submit(fn, part, pure=False))
            while len(pending) >= window:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        client.close()
