"""HELP's levels (console/thinking.py) and its worker process (console/worker.py): the answer
and the frame it comes at depend only on the position and the recorded rate, never on who ran
the search or how fast."""

from __future__ import annotations

import pytest

from baker8bit import games
from baker8bit.console import thinking, worker
from baker8bit.console.thinking import LEVELS, Advisor, Task
from baker8bit.core.outcome import SearchResult
from baker8bit.games import KeyMachine


def needs(budget_needed: int, answer: str, budget: int) -> SearchResult:
    """A search that decides once its budget reaches ``budget_needed`` (module level: a worker
    process can run it)."""
    if budget >= budget_needed:
        return SearchResult("solved", answer=answer, positions=budget_needed)
    return SearchResult("unknown", answer=None, positions=budget)


def test_the_answer_comes_at_the_first_level_that_decides():
    for needed, due in [(1, 1), (10, 1), (11, 2), (200, 32), (640, 64), (641, 120), (1200, 120), (1201, 240)]:
        a = Advisor(rate=10)
        a.start(Task(needs, (needed, "EI")), frame=100)
        answers = [(f, a.tick(f)) for f in range(100, 100 + LEVELS[-1] + 1)]
        got = [(f, t) for f, t in answers if t is not None]
        assert got == [(100 + due, SearchResult("solved", answer="EI", positions=needed))], needed
        assert not a.thinking


def test_no_level_is_due_before_first_and_each_keeps_its_budget():
    """``first`` (the timing's help_first): a level LEVELS puts sooner comes at that frame with
    its own budget, so the answer is the same; later levels keep their frames."""
    for needed, due in [(1, 2), (10, 2), (11, 2), (21, 4), (200, 32), (1201, 240)]:
        a = Advisor(rate=10, first=2)
        a.start(Task(needs, (needed, "EI")), frame=100)
        got = [(f, t) for f in range(100, 100 + LEVELS[-1] + 1) if (t := a.tick(f)) is not None]
        assert got == [(100 + due, SearchResult("solved", answer="EI", positions=needed))], needed
    a = Advisor(rate=10, first=2)
    a.start(Task(needs, (0, "H1"), levels=(32,), budget=0), frame=0)  # a later frame: unchanged
    assert a.tick(31) is None and a.tick(32) == SearchResult("solved", answer="H1", positions=0)


def test_undecided_after_the_last_level_is_unknown_and_a_cancel_ends_it():
    a = Advisor(rate=1)
    a.start(Task(needs, (10**9, "EI")), frame=0)
    assert a.tick(LEVELS[-1] - 1) is None and a.thinking
    assert a.tick(LEVELS[-1]).outcome == "unknown" and not a.thinking
    a.start(Task(needs, (5, "EI")), frame=0)
    a.cancel()
    assert not a.thinking and a.tick(10**6) is None


def carrying(needed: int, budgets: tuple[int, ...]):
    """A carrying task (module level: a worker process can run it): one search that needs
    ``needed`` positions in all, checked at each level's budget; it yields one result a level
    and records each level's budget and the work it added."""
    spent = 0
    for b in budgets:
        step = min(b, needed) - spent
        spent += max(step, 0)
        if spent >= needed:
            yield SearchResult("solved", answer=f"after {spent}", positions=spent)
            return
        yield SearchResult("unknown", answer=None, positions=spent)


def test_a_carrying_task_goes_on_from_level_to_level_and_answers_at_its_first_frame():
    """``carry``: one search checked at each level's budget (``rate`` positions a frame since the
    press, the task's own rate): the answer comes at the first level whose budget covers what
    the search needs, and levels every frame cost no repeated work."""
    frames = thinking.EVERY_FRAME
    assert frames == tuple(range(1, LEVELS[-1] + 1))
    for needed, due in [(1, 2), (40, 2), (41, 3), (1000, 50), (4800, 240)]:
        a = Advisor(rate=10, first=2)  # the task's rate, 20, is used, not the advisor's
        a.start(Task(carrying, (needed,), levels=frames, carry=True, rate=20), frame=0)
        got = [(f, t) for f in range(0, frames[-1] + 1) if (t := a.tick(f)) is not None]
        assert got == [(due, SearchResult("solved", answer=f"after {needed}", positions=needed))], needed
    a = Advisor(rate=10)
    a.start(Task(carrying, (4801,), levels=frames, carry=True, rate=20), frame=0)
    assert a.tick(frames[-1]) == SearchResult("unknown", answer=None, positions=4800)


def test_a_carrying_tasks_lead_holds_every_budget_back_that_many_frames():
    """``lead`` (the timing's help_lead): a level due f frames after the press gets the task's
    rate times f - lead positions, none before lead; the answer comes lead frames later than
    without it (never before lead + 1), the same answer."""
    frames = thinking.EVERY_FRAME
    task = Task(carrying, (1,), levels=frames, carry=True, rate=20, lead=4)
    assert task.budgets(10)[:7] == (0, 0, 0, 0, 20, 40, 60)
    assert task.budgets(10)[-1] == 20 * (frames[-1] - 4)
    for needed, due in [(1, 5), (20, 5), (21, 6), (1000, 54), (4720, 240)]:
        a = Advisor(rate=10, first=2)
        a.start(Task(carrying, (needed,), levels=frames, carry=True, rate=20, lead=4), frame=0)
        got = [(f, t) for f in range(0, frames[-1] + 1) if (t := a.tick(f)) is not None]
        assert got == [(due, SearchResult("solved", answer=f"after {needed}", positions=needed))], needed
    a = Advisor(rate=10)
    a.start(Task(carrying, (4721,), levels=frames, carry=True, rate=20, lead=4), frame=0)
    assert a.tick(frames[-1]) == SearchResult("unknown", answer=None, positions=4720)


def test_a_fixed_cost_task_answers_at_its_one_frame():
    a = Advisor(rate=8000)
    a.start(Task(needs, (0, "H1"), levels=(6,), budget=0), frame=3)
    assert [a.tick(f) for f in range(3, 9)] == [None] * 6
    assert a.tick(9) == SearchResult("solved", answer="H1", positions=0)


def use_runner(lowest: bool):
    w = worker.WorkerRunner(games.registry, lowest=lowest)
    old = thinking.use(w)
    yield w
    thinking.use(old)
    w.close()


@pytest.fixture
def runner():
    """The window's worker, at this process's priority: the tests run beside other tests that keep
    every core busy, where a worker at the lowest priority would hardly run."""
    yield from use_runner(lowest=False)


@pytest.fixture
def lowest_runner():
    """The window's worker as the window makes it, at the lowest priority."""
    yield from use_runner(lowest=True)


def help_events(m: KeyMachine) -> list[str]:
    return [f"{e.frame} {e}" for e in m.events if e.kind in ("help", "hint", "help cancelled")]


# full-size Blue (its one plan of runs, carried on a frame at a time): deal 3 won in its first
# frames, deal 42 near 2 s (frame 107)
CASES = [("baker", {}, 216), ("bakers-game", {}, 3), ("eight-off", {}, 5), ("king-albert", {}, 3),
         ("sequence", {}, 5), ("sequence", {"hint": "lookahead"}, 5), ("blue", {"suits": 3, "ranks": 6}, 4),
         ("blue", {}, 3), ("blue", {}, 42)]


def play_help(game: str, options: dict, deal: int, keys: list[str]) -> KeyMachine:
    m = KeyMachine(rules=games.get(game).rules(options), deal=deal)
    m.settle()
    for k in keys:
        m.press(k)
        for _ in range(3):
            m.tick()
    for _ in range(LEVELS[-1] + 2):
        m.tick()
    return m


@pytest.mark.parametrize("game,options,deal", CASES,
                         ids=[c[0] + "".join(f"-{v}" for v in c[1].values()) + f"-deal{c[2]}" for c in CASES])
def test_the_worker_gives_the_inline_answers_at_the_same_frames(runner, game, options, deal):
    keys = ["HELP"]
    with_worker = help_events(play_help(game, options, deal, keys))
    thinking.use(thinking.Inline())
    inline = help_events(play_help(game, options, deal, keys))
    assert with_worker == inline
    assert [e.split()[1] for e in inline] == ["help", "hint"]


@pytest.mark.parametrize("deal", [1, 3])  # 3x6 deal 1: HELP names an ordering; deal 3: a move
def test_the_worker_answers_from_blues_kept_win_as_inline_does(runner, deal):
    """Blue's HELP keeps its win: the press after following it is a task of one level that
    answers from that win; the worker gives it at the same frame as inline."""

    def play(keys: list[list[str]]) -> KeyMachine:
        m = KeyMachine(rules=games.get("blue").rules({"suits": 3, "ranks": 6}), deal=deal)
        m.settle()
        for group in keys:  # keys, then time for any answer
            for k in group:
                m.press(k)
            for _ in range(LEVELS[-1] + 2):
                m.tick()
        return m

    thinking.use(thinking.Inline())
    first = play([["HELP"]])
    a, b = first.view().hint
    follow = ([] if first.view().hint_text.startswith("ACES") else ["P"]) + a.split() + b.split()
    keys = [["HELP"], follow, ["HELP"]]
    inline = help_events(play(keys))
    thinking.use(runner)
    assert help_events(play(keys)) == inline
    asked, told = inline[-2:]
    assert int(told.split()[0]) - int(asked.split()[0]) == 2  # from the kept win, at help_first


def slow(seconds: float, answer: str, budget: int) -> SearchResult:
    """A task that takes a while on any machine (module level: a worker process can run it)."""
    import time

    time.sleep(seconds)
    return SearchResult("solved", answer=answer, positions=budget)


def test_an_abandoned_games_task_never_answers_the_next_games_help(runner):
    """A game left while its HELP thinks (the window went on to another game, nobody cancelled):
    the next game's HELP gets its own answer, not the late one of the abandoned task."""
    import time

    warm = Advisor(rate=1)
    warm.start(Task(slow, (0.0, "WARM"), levels=(1,), budget=0), frame=0)
    assert warm.tick(1).answer == "WARM"  # the worker is up and idle
    left = Advisor(rate=1)
    left.start(Task(slow, (0.5, "OLD"), levels=(1,), budget=0), frame=0)
    time.sleep(0.2)  # the worker is in the old task
    new = Advisor(rate=1)
    new.start(Task(slow, (0.0, "NEW"), levels=(1,), budget=0), frame=0)
    assert new.tick(1) == SearchResult("solved", answer="NEW", positions=0)


def test_a_killed_task_hands_over_to_a_warm_spare(runner):
    """A task dropped mid-run is killed with its process; the spare started beside the worker
    at the first task takes over, so the next press does not wait for a process to start."""
    first = Advisor(rate=1)
    first.start(Task(slow, (0.0, "WARM"), levels=(1,), budget=0), frame=0)
    assert first.tick(1).answer == "WARM"
    assert runner.started(timeout=600)  # the spare the first task started
    spare, busy = runner._ready, runner._proc
    assert spare is not None and spare is not busy and spare.proc.is_alive()
    long = Advisor(rate=1)
    long.start(Task(slow, (30.0, "OLD"), levels=(1,), budget=0), frame=0)
    long.cancel()  # a key pressed while it thinks
    assert runner._proc is spare
    busy.proc.join(timeout=10)  # killed (the signal is sent; the process ends soon after)
    assert not busy.proc.is_alive()
    again = Advisor(rate=1)
    again.start(Task(slow, (0.0, "NEW"), levels=(1,), budget=0), frame=0)
    assert again.tick(1) == SearchResult("solved", answer="NEW", positions=0)


def policy_of(budget: int) -> SearchResult:
    """The scheduling policy of the process that runs it (module level: the worker runs it)."""
    import os

    return SearchResult("solved", answer=os.sched_getscheduler(0), positions=0)


@pytest.mark.skipif(not hasattr(__import__("os"), "SCHED_IDLE"), reason="Linux's scheduling policies")
def test_the_worker_runs_at_the_lowest_priority_and_the_window_does_not(lowest_runner):
    """The worker runs as SCHED_IDLE (and nice 19): it gets only CPU time nothing else wants,
    so it never takes the frame's core, even when another program keeps the other core busy
    (the frames while HELP thought reached 25 ms there when it ran as SCHED_BATCH)."""
    import os

    a = Advisor(rate=1)
    a.start(Task(policy_of, (), levels=(1,), budget=0), frame=0)
    assert a.tick(1).answer == os.SCHED_IDLE
    assert lowest_runner.started(timeout=600)  # the warm spare, at that priority too
    assert os.sched_getscheduler(lowest_runner._ready.proc.pid) == os.SCHED_IDLE
    assert os.getpriority(os.PRIO_PROCESS, lowest_runner._ready.proc.pid) == 19
    assert os.sched_getscheduler(0) != os.SCHED_IDLE


def side_policies(budget: int) -> SearchResult:
    """The scheduling policy and niceness of each thread ``side_by_side`` starts (Blue's HELP on
    two cores), in the process that runs it."""
    import os
    import threading

    from baker8bit.core.side_by_side import side_by_side

    def policy():
        yield os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    return SearchResult("solved", answer=next(side_by_side([policy(), policy()])), positions=0)


@pytest.mark.skipif(not hasattr(__import__("os"), "SCHED_IDLE"), reason="Linux's scheduling policies")
def test_the_workers_threads_for_two_cores_run_at_the_lowest_priority_too(lowest_runner):
    """Blue's HELP on two cores runs its two plans in threads of the worker: they too get only
    CPU time nothing else wants, so neither takes the frame's core."""
    import os

    a = Advisor(rate=1)
    a.start(Task(side_policies, (), levels=(1,), budget=0), frame=0)
    assert a.tick(1).answer == ((os.SCHED_IDLE, 19), (os.SCHED_IDLE, 19))


def test_a_cancelled_search_is_not_waited_for_and_the_next_one_answers(runner):
    """HELP, then a key at once (the worker is killed mid-search), then HELP again."""
    keys = ["HELP", "SPACE", "HELP"]
    with_worker = help_events(play_help("king-albert", {}, 12, keys))
    thinking.use(thinking.Inline())
    inline = help_events(play_help("king-albert", {}, 12, keys))
    assert with_worker == inline
    assert [e.split()[1] for e in inline] == ["help", "help", "help", "hint"]  # cancelled, asked again


def test_without_a_worker_the_levels_run_inline(runner, monkeypatch):
    """A worker that died (or could not start) costs frames, not answers."""
    runner.close()
    monkeypatch.setattr(worker, "_Process", lambda: (_ for _ in ()).throw(OSError("no processes here")))
    runner._drop()
    m = play_help("baker", {}, 216, ["HELP"])
    thinking.use(thinking.Inline())
    assert help_events(m) == help_events(play_help("baker", {}, 216, ["HELP"]))


def test_the_worker_makes_each_family_games_search_tables_before_its_first_task():
    """The worker's warm-up (``Variant.warm`` of every game): the default rule set of every
    FreeCell-family game has its search tables made, so its first HELP costs what the next ones do."""
    from baker8bit.freecell.solver import family, params

    family._SETUPS.clear()
    worker._warm(games.registry)
    for game in ("baker", "bakers-game", "eight-off", "king-albert"):
        p = params.params(games.get(game).rules())
        assert family._SETUPS[id(p)][0] is p, game


# -- the frame never waits: a worker behind holds the game's frame, the answers stay -------------


class Behind(thinking.Inline):
    """The ``Inline`` runner as a worker behind its rate looks to a frame: a level's result is not
    ready for its first ``lag`` polls (``ready``), then is."""

    def __init__(self, lag: int) -> None:
        super().__init__()
        self.lag = lag
        self.polls: dict[tuple[int, int], int] = {}

    def ready(self, job: int, level: int) -> bool:
        n = self.polls[job, level] = self.polls.get((job, level), 0) + 1
        return n > self.lag


def held_play(game: str, options: dict, deal: int, keys: dict[int, list[str]], runner, until: int):
    """A window's loop without the window, to the game's frame ``until``: each update presses the
    keys of the game's frame (once), then ticks only if the machine is ready (``App.update``);
    (machine, updates that held)."""
    old = thinking.use(runner)
    try:
        m = KeyMachine(rules=games.get(game).rules(options), deal=deal)
        m.settle()
        held, pressed = 0, set()
        while m.frame < until:
            assert held < 100_000, "held for ever"
            if m.frame not in pressed:
                pressed.add(m.frame)
                for k in keys.get(m.frame, []):
                    m.press(k)
            if m.ready():
                m.tick()
            else:
                held += 1
        return m, held
    finally:
        thinking.use(old)


@pytest.mark.parametrize("game,options,deal", [("king-albert", {}, 3), ("blue", {"suits": 3, "ranks": 6}, 4),
                                               ("baker", {}, 216)])
def test_a_worker_behind_holds_the_games_frame_and_the_answer_keeps_its_frame(game, options, deal):
    """While HELP's result due at the next frame has not come (``KeyMachine.ready`` is False) the
    window holds the game's frame instead of waiting: the answer comes after more frames of the
    window, but at the same frame of the game, the same answer; a frame without a due level is
    never held."""
    base = KeyMachine(rules=games.get(game).rules(options), deal=deal)
    base.settle()
    keys = {base.frame + 2: ["HELP"]}
    inline, held = held_play(game, options, deal, keys, thinking.Inline(), base.frame + 300)
    assert held == 0
    behind, held = held_play(game, options, deal, keys, Behind(lag=3), base.frame + 300)
    assert held > 0
    hint = [e for e in inline.events if e.kind == "hint"]
    assert hint and [e for e in behind.events if e.kind == "hint"] == hint
    assert help_events(behind) == help_events(inline)


def test_a_key_in_a_held_frame_is_taken_once_and_cancels_help():
    """Keys still come while the game's frame is held: a pad arrow moves the cursor once (the
    window presses a script's keys of a frame once, however long it is held), and a game key
    cancels HELP, which ends the hold."""
    base = KeyMachine(rules=games.get("king-albert").rules(), deal=3)
    base.settle()
    f = base.frame
    keys = {f + 2: ["HELP"], f + 3: ["RIGHT"], f + 40: ["HELP"], f + 41: ["SPACE"]}
    inline, _ = held_play("king-albert", {}, 3, keys, thinking.Inline(), f + 100)
    behind, held = held_play("king-albert", {}, 3, keys, Behind(lag=5), f + 100)
    assert held > 0
    assert behind.view() == inline.view() and help_events(behind) == help_events(inline)
    assert [e.split()[1] for e in help_events(inline)][-2:] == ["help", "help"]  # cancelled by SPACE


def test_the_app_holds_the_games_frame_for_help_and_presses_a_scripts_keys_once():
    """``App.update`` ticks the machine only when it is ready; a held frame comes again without
    pressing a script's keys of that frame again (a replay in the window stays the recording)."""
    from conftest import pyxel_ready

    from baker8bit.window.app import App, AppOptions, Scripted

    pyxel_ready()
    base = KeyMachine(rules=games.get("king-albert").rules(), deal=3)
    base.settle()
    f = base.frame
    script = [(f + 2, "HELP"), (f + 3, "RIGHT"), (f + 3, "RIGHT")]
    inline, _ = held_play("king-albert", {}, 3, {f + 2: ["HELP"], f + 3: ["RIGHT", "RIGHT"]},
                          thinking.Inline(), f + 60)
    old = thinking.use(Behind(lag=4))
    try:
        m = KeyMachine(rules=games.get("king-albert").rules(), deal=3)
        app = App(m, AppOptions(headless=True, sound=False, help_worker=False), source=Scripted(script))
        seen = []
        app.listeners.append(seen.append)
        while m.frame < inline.frame:
            app.update()
    finally:
        thinking.use(old)
    assert app.held_frames > 0
    assert m.view() == inline.view()
    assert [f"{e.frame} {e}" for e in seen if e.kind in ("help", "hint")] == help_events(inline)


def test_the_workers_ready_never_waits_and_a_task_waits_for_its_worker_unsent(monkeypatch):
    """``WorkerRunner.ready`` is a poll: a level still running is not ready, at once. A task
    submitted before any worker is up is kept and sent when one is: the press does not wait for a
    process to start, and the answer is the same."""
    import threading

    gate = threading.Event()
    real = worker._Process

    class Gated(real):
        def __init__(self, *args):
            gate.wait()
            super().__init__(*args)

    monkeypatch.setattr(worker, "_Process", Gated)
    w = worker.WorkerRunner(games.registry)
    old = thinking.use(w)
    try:
        a = Advisor(rate=1)
        a.start(Task(slow, (0.0, "FIRST"), levels=(1,), budget=0), frame=0)  # no worker yet: kept
        assert w._pending is not None and not a.ready(1)
        gate.set()
        assert a.tick(1) == SearchResult("solved", answer="FIRST", positions=0)
        long = Advisor(rate=1)
        long.start(Task(slow, (30.0, "LATE"), levels=(1,), budget=0), frame=0)
        assert not long.ready(1)  # thirty seconds of work: not there, and not waited for
        long.cancel()
    finally:
        thinking.use(old)
        w.close()


class QueuedConn:
    """A worker's end of the pipe as the window sees it: the results already sent, in order."""

    def __init__(self) -> None:
        self.queue: list = []
        self.sent: list = []

    def send(self, msg) -> None:
        self.sent.append(msg)

    def poll(self) -> bool:
        return bool(self.queue)

    def recv(self):
        return self.queue.pop(0)

    def close(self) -> None:
        pass


def test_a_frame_reads_the_workers_results_only_up_to_the_level_it_is_due():
    """A worker that has finished many levels ahead of their frames (a long run of Blue's plan ends
    many at once) leaves them in the pipe: each frame takes the results up to its own level, so no
    frame pays for a burst of them."""
    w = worker.WorkerRunner(None, lowest=False)
    assert w.started(timeout=60)
    real = w._proc.conn
    conn = w._proc.conn = QueuedConn()
    try:
        budgets = tuple(range(1, 11))
        w.submit(1, Task(needs, (10**9, "X"), levels=budgets, budget=1), budgets)
        assert conn.sent and conn.sent[0][:2] == ("task", 1)
        conn.queue = [(1, k, SearchResult("unknown", answer=None, positions=k + 1)) for k in range(10)]
        assert w.ready(1, 0) and sorted(w._results) == [0] and len(conn.queue) == 9
        assert w.ready(1, 4) and sorted(w._results) == [0, 1, 2, 3, 4] and len(conn.queue) == 5
        assert w.result(1, 6).positions == 7 and len(conn.queue) == 3
        assert w.ready(1, 6) and len(conn.queue) == 3  # kept: not read again
    finally:
        w._proc.conn = real
        w.close()


def _package_file() -> str:
    import baker8bit

    return baker8bit.__file__


def test_a_spawned_process_imports_the_package_this_one_runs():
    """HELP's worker is spawned and takes this process's sys.path: it must import the same
    baker8bit (the installed, compiled one), not the source tree a tool or a test put first."""
    import multiprocessing as mp

    with mp.get_context("spawn").Pool(1) as pool:
        assert pool.apply(_package_file) == _package_file()
