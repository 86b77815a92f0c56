"""One take-back memory for every game (core/history.py): push, take back, redo, a mark, a cap."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.core.history import History


def test_take_back_gives_the_position_before_and_redo_the_move():
    h: History[int, str] = History()
    h.push(0, "a")
    h.push(1, "b")
    assert (h.count, len(h), h.moves) == (2, 2, ("a", "b"))
    assert h.pop() == (1, "b") and h.undone == ("b",)
    assert h.redo() == "b" and h.undone == ()
    h.push(1, "b", keep_redo=True)
    assert h.pop() == (1, "b") and h.pop() == (0, "a") and h.pop() is None and h.count == 0


def test_a_new_move_forgets_the_moves_taken_back():
    h: History[int, str] = History()
    h.push(0, "a")
    h.pop()
    h.push(0, "c")
    assert h.redo() is None and h.moves == ("c",)


def test_the_cap_forgets_the_oldest_and_the_count_goes_on():
    """The 1989 program remembers 300 moves: a take-back beyond them does nothing."""
    h: History[int, int] = History(cap=300)
    for i in range(305):
        h.push(i, i)
    assert (h.count, len(h), h.positions[0]) == (305, 300, 5)
    for _ in range(300):
        assert h.pop() is not None
    assert h.pop() is None and h.count == 5


def test_the_mark():
    h: History[int, int] = History(cap=3)
    h.push(0, 0)
    h.set_mark()
    assert h.at_mark
    h.push(1, 1)
    assert not h.at_mark and h.mark == 1
    h.pop()
    assert h.at_mark  # take-backs returned to it
    h.pop()
    h.push(0, 9)  # a new line of play from before the mark
    assert h.mark is None
    h.push(1, 1)
    h.set_mark()
    for i in range(3):
        h.push(i, i)
    assert h.mark == 2  # three take-backs still reach it
    h.push(3, 3)
    assert h.mark is None  # forgotten by the take-back memory


@settings(max_examples=100, deadline=None)
@given(cap=st.sampled_from([None, 1, 3, 300]),
       ops=st.lists(st.sampled_from(["push", "pop", "redo", "mark"]), max_size=60))
def test_taking_back_restores_exactly_what_was_pushed(cap, ops):
    """Against a plain list of what is remembered (the model): a take-back returns the position
    and move pushed last, a redo the move taken back last, the count every move on the path."""
    h: History[int, int] = History(cap)
    model: list[tuple[int, int]] = []
    undone: list[int] = []
    count = nxt = 0
    for op in ops:
        if op == "push":
            h.push(nxt, nxt)
            model = (model + [(nxt, nxt)])[-cap:] if cap else model + [(nxt, nxt)]
            undone.clear()
            count, nxt = count + 1, nxt + 1
        elif op == "pop":
            got = h.pop()
            assert got == (model.pop() if model else None)
            if got is not None:
                undone.append(got[1])
                count -= 1
        elif op == "redo":
            move = h.redo()
            assert move == (undone.pop() if undone else None)
            if move is not None:
                h.push(move, move, keep_redo=True)
                model = (model + [(move, move)])[-cap:] if cap else model + [(move, move)]
                count += 1
        else:
            h.set_mark()
            assert h.at_mark
        assert list(zip(h.positions, h.moves, strict=True)) == model and h.count == count
        assert h.undone == tuple(undone)
