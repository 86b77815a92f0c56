"""Write tests/data/machine-1989.jsonl: the 1989 key machine's exact output over many sessions.

Each line is one session: how the machine starts (the suit prompt or a deal), the
keys pressed with their frames (random, from a fixed seed, weighted towards the
keys a player of the 1989 game uses), and what the machine gave: every event
with its frame, the final board, and a digest of the 1989 view on every frame.
``tests/test_machine_golden.py`` replays each session on the current machine and
compares, so the 1989 game's behaviour cannot drift unnoticed. Written once,
before the console rebuild; rewrite only for an intended change of the 1989 game
(and then add a row to ``MACHINE_CHANGES`` in the recording module).

Run: python tools/make_machine_goldens.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from machine_golden import SESSIONS, run_session  # noqa: E402

from baker8bit.core.arguments import OneLineParser  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "machine-1989.jsonl"


def main() -> None:
    # no options: --help, or one line
    OneLineParser(error_name="make_machine_goldens", description=__doc__.splitlines()[0]).parse_args()
    lines = [json.dumps(run_session(s), sort_keys=True) for s in SESSIONS]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines)} sessions")


if __name__ == "__main__":
    main()
