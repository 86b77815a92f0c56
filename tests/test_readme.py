"""README examples are generated from the program here, so they cannot drift: the solve example's
first moves and the sample recording's header (format, program version, timing line)."""

from __future__ import annotations

import re
from pathlib import Path

from baker8bit import games
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import solve
from baker8bit.freecell.solver.shorten import shorten
from baker8bit.sessions import recording
from baker8bit.sessions.recording import Recording, Start

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_the_solve_example_shows_the_moves_solve_prints():
    rs = games.ruleset("baker4")
    pos = Position.dealt(1, rs)
    moves = shorten(pos, rs, solve(pos, rs)).moves  # solve's line, shortened
    line = next(ln for ln in README.splitlines() if ln.startswith("baker8bit solve --suits 4 --deal 1 "))
    assert f"({' '.join(moves[:3])} ...)" in line, f"README: write the moves as ({' '.join(moves[:3])} ...)"


def test_the_sample_recording_is_what_the_program_writes():
    block = re.search(r"```\n(baker8bit-recording 1\n.*?)\n```", README, re.S).group(1).splitlines()
    start = next(ln for ln in block if ln.startswith("start "))
    frames = int(next(ln for ln in block if ln.startswith("frames ")).split()[1])
    keys = [(int(f), k) for f, k in (ln.split() for ln in block if re.fullmatch(r"\d+ [A-Z0-9]+", ln))]
    seed = int(block[2].split()[1])
    rules, deal = re.fullmatch(r"start rules=(\S+) deal=(\d+)", start).groups()
    made = recording.dump(Recording(seed=seed, start=Start("deal", rules=rules, deal=int(deal)), frames=frames,
                                    keys=tuple(keys))).splitlines()
    head = made[: made.index(start) + 2]  # format, program, seed, timing, start, frames
    assert block[: len(head)] == head, "README: the sample recording's header is out of date:\n" + "\n".join(head)
