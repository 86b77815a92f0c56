"""Searches checked level by level, side by side (``core/side_by_side.py``): the same levels as
taking them in turn, whichever thread runs ahead; errors and closing reach the threads."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.core.side_by_side import THREAD, side_by_side


def levels(values: list[int], pause: float = 0.0):
    for v in values:
        if pause:
            time.sleep(pause)
        yield v


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(), max_size=12), min_size=1, max_size=4), st.booleans())
def test_side_by_side_gives_the_levels_of_taking_them_in_turn(searches, threaded):
    """Per level, the tuple of the searches' results, until the shortest ends: ``zip``'s, threaded
    or not."""
    got = list(side_by_side([levels(s) for s in searches], threaded=threaded))
    assert got == list(zip(*searches, strict=False))


def test_a_search_ahead_of_the_others_changes_no_level():
    """One search slow, one fast: the fast one's thread runs ahead, the levels pair up as they are."""
    slow, fast = list(range(10)), list(range(100, 110))
    got = list(side_by_side([levels(slow, pause=0.01), levels(fast)]))
    assert got == list(zip(slow, fast, strict=True))


def test_the_searches_run_at_once_in_threads_of_their_own():
    """Each search's levels come from a thread other than the caller's, one thread a search."""
    def names(n: int):
        for _ in range(n):
            yield threading.current_thread().name

    got = list(side_by_side([names(3), names(3)]))
    assert len(got) == 3
    firsts, seconds = {a for a, _ in got}, {b for _, b in got}
    assert len(firsts) == len(seconds) == 1 and firsts != seconds
    assert threading.current_thread().name not in firsts | seconds
    inline = list(side_by_side([names(2), names(2)], threaded=False))
    assert {x for pair in inline for x in pair} == {threading.current_thread().name}


def test_an_error_in_a_search_is_raised_at_its_level():
    def failing():
        yield 1
        raise RuntimeError("search broke")

    it = side_by_side([levels([1, 2, 3]), failing()])
    assert next(it) == (1, 1)
    with pytest.raises(RuntimeError, match="search broke"):
        next(it)


def test_closing_stops_the_threads_after_their_level():
    """A search abandoned (the answer came, or the player moved) stops after the level it is in."""
    made = []

    def endless(tag: str):
        n = 0
        while True:
            made.append(tag)
            n += 1
            time.sleep(0.001)
            yield n

    before = set(threading.enumerate())
    it = side_by_side([endless("a"), endless("b")])
    assert next(it) == (1, 1)
    mine = [t for t in threading.enumerate() if t not in before and t.name.startswith(THREAD)]
    assert len(mine) == 2
    it.close()
    for t in mine:
        t.join(timeout=10)
    assert not any(t.is_alive() for t in mine)
    count = len(made)
    time.sleep(0.05)
    assert len(made) == count  # nothing runs on
