"""A demonstration from a game's planner, and a demonstration as a recording.

``planner`` asks the game of a rule set (``Variant.planner``) for its plan of a deal
(``console/demo.py``); ``recording_of`` turns a plan into the recording of the keys
``DemoKeys`` presses, so ``replay`` shows (and renders) what the window's demonstration shows.
"""

from __future__ import annotations

from baker8bit import games
from baker8bit.console.demo import DemoKeys, Plan
from baker8bit.sessions.recording import Recorder


def planner(rules, deal: int, strategy: str | None = None):
    """The game's planner for a demonstration of ``rules`` from deal ``deal``: ``step(states)``
    returns a Plan when ready (None meanwhile), ``finish()`` runs it to the end."""
    return games.of_rules(rules).planner(rules, deal, strategy=strategy)


END_HOLD = 180  # frames a recorded demonstration goes on after its last move (WINNER flashing)
MAX_FRAMES = 2_000_000  # a demonstration that has not ended by then is cut there (nine hours)


def recording_of(plan: Plan, seed: int = 0, speed: float = 1.0, hold: int = END_HOLD):
    """The demonstration as a recording (``sessions/recording.py``): the keys ``DemoKeys`` presses,
    at the frames it presses them, from the dealt game to ``hold`` frames after the last move has
    played out, so ``replay`` (a window, a GIF, a video) shows what the window's demonstration shows."""

    rec = Recorder(seed=seed, rules=plan.rules, deal=plan.deal)
    keys = DemoKeys(plan, lambda: rec.machine, speed)
    end = None
    while rec.machine.frame < MAX_FRAMES:
        if end is None and keys.done and not rec.machine.busy:
            end = rec.machine.frame + hold
        if end is not None and rec.machine.frame >= end:
            break
        for key in keys.keys(rec.machine.frame):
            rec.press(key)
        rec.tick()
    return rec.recording()
