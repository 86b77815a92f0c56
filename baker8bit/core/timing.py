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

from baker8bit.core import compiled


@dataclass(frozen=True)
class Timing:
    flash_frames: int  # frames an illegal move flashes
    flash_half: int  # frames a flashing letter is lit, then as long dark
    group_step: int  # frames between the single moves of a group move
    winner_half: int  # frames WINNER is lit, then as long dark
    help_states: int  # positions a frame of the reference search, for 0.2.0's HELP (games/compat.py)
    help_max_states: int  # positions the reference search gives up after, likewise
    help_half: int  # frames HELP's answer is lit, then as long dark
    help_rate: int  # positions a frame HELP's levels may use (console/thinking.py)
    help_first: int  # the first frame after the press a HELP level may be due
    help_plan: int  # positions a frame of a HELP whose levels carry one search on (Blue's)
    help_lead: int  # frames of head start a carrying HELP's worker has on its budgets
    help_orderings: int  # percent of Blue's HELP positions for the plans of fixed ace orderings
    help_cores: int  # Blue's HELP plans side by side, each with help_plan positions a frame (2), or sharing them


@cache
def _data() -> dict:
    return tomllib.loads(resources.files("baker8bit").joinpath("data/timing.toml").read_text("utf-8"))


def timing() -> Timing:
    """The timings a new machine runs with. HELP's rate is the compiled searches' where every
    search of this install is compiled, else the plain-Python searches' (a tenth or less), so HELP never
    makes the window wait; recordings keep the rate they were made with."""

    values = dict(_data()["timing"])
    fast = all(compiled.search_name(kind) == compiled.COMPILED for kind in compiled.SEARCHES)
    for name in ("help_rate", "help_plan"):
        pure = values.pop(name + "_pure")
        values[name] = values[name] if fast else pure
    return Timing(**values)


def lit(frame: int, since: int, half: int) -> bool:
    """Blinking: lit for ``half`` frames from ``since``, then dark as long, and so on."""
    return ((frame - since) // half) % 2 == 0
