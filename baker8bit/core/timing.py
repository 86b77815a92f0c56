"""The console's frame timings (``data/timing.toml``), the same for every game.

Time is counted in frames (1/60 s on NTSC), never read from a clock, so the
same keys at the same frames give the same screens everywhere; recordings
store these numbers and replay with them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Timing:
    flash_frames: int
    flash_half: int
    group_step: int
    winner_half: int
    help_states: int
    help_max_states: int
    help_half: int
    # positions a frame HELP's levels may use (console/thinking.py); 0: a recording made before
    # there were levels (0.2.0), whose HELP ran the reference search help_states a frame
    help_rate: int = 0
    # the first frame after the press a HELP level may be due (console/thinking.py): a level
    # due sooner comes then, so the worker has a frame's head start and the frame of the press
    # never waits for it; 0 (no such frame) in recordings made before it
    help_first: int = 0
    # positions a frame of a HELP whose levels carry one search on (console/thinking.py, a
    # carrying task: Blue's); 0 in recordings made before it, whose Blue HELP restarts its search
    # at each level at help_rate
    help_plan: int = 0
    # frames of head start a carrying HELP's worker has on its budgets (console/thinking.py): its
    # level at frame f may use help_plan * (f - help_lead) positions; 0 in recordings made before it
    help_lead: int = 0

    @property
    def help_first_due(self) -> int:
        """The ``help_first`` HELP's levels keep: 0 for 0.2.0's HELP (``help_rate`` 0), which
        has no levels to keep from the press's frame."""
        return self.help_first if self.help_rate else 0


@cache
def _data() -> dict:
    return tomllib.loads(resources.files("baker8bit").joinpath("data/timing.toml").read_text("utf-8"))


def timing() -> Timing:
    """The timings a new machine runs with. HELP's rate is the compiled searches' where every
    search of this install is compiled, else the plain-Python searches' (a tenth or less), so HELP never
    makes the window wait; recordings keep the rate they were made with."""
    from baker8bit.core import compiled

    values = dict(_data()["timing"])
    fast = all(compiled.search_name(kind) == compiled.COMPILED for kind in compiled.SEARCHES)
    for name in ("help_rate", "help_plan"):
        pure = values.pop(name + "_pure")
        values[name] = values[name] if fast else pure
    return Timing(**values)


def lit(frame: int, since: int, half: int) -> bool:
    """Blinking: lit for ``half`` frames from ``since``, then dark as long, and so on."""
    return ((frame - since) // half) % 2 == 0
