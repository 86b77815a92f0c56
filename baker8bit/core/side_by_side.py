"""Searches checked level by level, side by side: each in a thread of its own.

A search by levels is an iterator that yields one result a level (Blue's plans of runs,
``games/blue/checker.solve_by_levels``). ``side_by_side`` runs several of them at once and
yields, for each level, the tuple of their results at that level. Each search depends only on
its own budgets, so the tuples are the same whichever thread ran ahead: the threads change when
a level is ready, never what it holds.

The threads gain time only where the searches let go of Python's lock (the compiled Blue
search runs without it); ``threaded=False`` takes the levels in turn in the caller's thread,
with the same results.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["side_by_side"]

_END = object()  # a search that has no more levels
THREAD = "side-by-side"  # the threads' names: this, then a number for the call and the search's index
_made = itertools.count(1)


def side_by_side(searches: list[Iterator[Any]], *, threaded: bool = True) -> Iterator[tuple]:
    """Per level, the searches' results at it, in the searches' order, until one of them has no
    more levels. Closing the iterator (or dropping it) stops the threads after the level each is
    in; an error in a search is raised here, at the level it stopped."""
    if not threaded or len(searches) < 2:
        yield from zip(*searches, strict=False)  # to the shortest, as the threads
        return
    stop = threading.Event()
    boxes = [queue.SimpleQueue() for _ in searches]
    for n, (levels, box) in enumerate(zip(searches, boxes, strict=True)):
        threading.Thread(target=_pump, args=(levels, box, stop), name=f"{THREAD} {next(_made)}.{n}",
                         daemon=True).start()
    try:
        while True:
            level = []
            for box in boxes:
                got = box.get()
                if got is _END:
                    return
                if isinstance(got, BaseException):
                    raise got
                level.append(got)
            yield tuple(level)
    finally:
        stop.set()


def _pump(levels: Iterator[Any], box: queue.SimpleQueue, stop: threading.Event) -> None:
    """One search's levels into ``box``, as fast as they come, until it ends or ``stop`` is set."""
    try:
        for result in levels:
            box.put(result)
            if stop.is_set():
                return
    except Exception as e:  # raised in the caller's thread, at this level
        box.put(e)
        return
    box.put(_END)
