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


@cache
def _data() -> dict:
    return tomllib.loads(resources.files("baker8bit").joinpath("data/timing.toml").read_text("utf-8"))


def timing() -> Timing:
    return Timing(**_data()["timing"])


def lit(frame: int, since: int, half: int) -> bool:
    """Blinking: lit for ``half`` frames from ``since``, then dark as long, and so on."""
    return ((frame - since) // half) % 2 == 0
