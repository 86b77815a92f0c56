"""Sessions of the 1989 game for the byte-identical golden test (see tools/make_machine_goldens.py).

A session is a start (the suit prompt, or suits and a deal), a seed and key presses at
frames, drawn from a fixed random generator. ``run_session`` plays one on the current
key machine and returns what came out, in a form stored as JSON.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

from baker8bit.core.timing import timing
from baker8bit.games import KeyMachine, compat

# The 1989 view's fields, as they were when the goldens were written.
VIEW_FIELDS = (
    "phase", "suits", "deal", "prompt_digit", "prompt_deal", "black", "flashing", "flash_lit",
    "at_mark", "winner", "winner_lit", "moves", "hint", "hint_lit", "hint_text",
)


def _sessions() -> list[dict]:
    out = []
    for i in range(60):
        rng = random.Random(1989 + i)
        out.append({
            "name": f"session-{i:02d}",
            "seed": rng.randint(0, 2**31 - 1),
            "start": "prompt" if i % 5 == 0 else "deal",
            "suits": (2, 3, 4)[i % 3],
            "deal": rng.randint(1, 32000),
            "help": i % 4 == 1,
            "rng": 1989 + i,
        })
    solutions = Path(__file__).parent / "data" / "solutions.txt"
    for line in solutions.read_text().splitlines():  # three won games, then a new game from WINNER
        if line.startswith("#") or not line.strip():
            continue
        head, moves = line.split(":", 1)
        suits, deal = map(int, head.split())
        keys = [k for mv in moves.split() for k in mv] + ["P", "SPACE", "SPACE", "HELP"]
        keys += [k for mv in moves.split()[-2:] for k in mv] + ["Q", "3", "1", "RETURN", "HELP"]
        out.append({"name": f"winner-{suits}", "seed": 7, "start": "deal", "suits": suits, "deal": deal,
                    "help": True, "presses": [(4 * i + 2, k) for i, k in enumerate(keys)]})
    return out


def choose_presses(s: dict, count: int = 220) -> list[tuple[int, str]]:
    """Keys a player might press, chosen while playing on the current machine (only used
    to write the goldens: the stored presses are what the test replays)."""
    from baker8bit.freecell.moves import group_moves, legal_moves

    rng = random.Random(s["rng"])
    m = start_machine(s)
    frame, out = 0, []

    def press(key: str) -> None:
        nonlocal frame
        out.append((frame, key))
        m.press(key)
        gap = rng.choice((1, 1, 2, 3, 6, 10, 15, 40, 140))
        for _ in range(gap):
            m.tick()
        frame += gap

    while len(out) < count:
        g = m.game
        if m.phase == "prompt":
            press(rng.choice("2342345"))
            for _ in range(rng.choice((0, 0, 1, 3, 5))):
                press(rng.choice("0123456789"))
            if rng.random() < 0.1:
                press("SPACE")
            press("RETURN")
            continue
        r = rng.random()
        if m.phase == "idle" and r < 0.55:
            moves = legal_moves(g.position, g.rules)
            if moves:
                mv = rng.choice(moves)
                press(mv.keys(g.rules)[0])
                press(mv.keys(g.rules)[1])
                continue
        if m.phase == "idle" and r < 0.62:
            cols = g.rules.columns
            pairs = [(a, b) for a in range(cols) for b in range(cols) if a != b]
            rng.shuffle(pairs)
            for a, b in pairs[:20]:
                try:
                    if len(group_moves(g.position, a, b, g.rules)) > 1:
                        press("T")
                        press(g.rules.column_letter(a))
                        press(g.rules.column_letter(b))
                        break
                except ValueError:
                    continue
            else:
                press("T")
                press(rng.choice("ABCDEFGH"))
                press(rng.choice("ABCDEFGHT"))
            continue
        keys = ["SPACE"] * 12 + ["P"] * 5 + ["ESC"] + ["RETURN", "5"] + list("ABCDEFGHIJKLT") * 2
        if s["help"]:
            keys += ["HELP"] * 3
        press(rng.choice(keys))
    return out


SESSIONS = _sessions()


def view_text(view) -> str:
    parts = []
    for name in VIEW_FIELDS:
        v = getattr(view, name)
        if isinstance(v, frozenset):
            v = "".join(sorted(v))
        elif isinstance(v, tuple):
            v = ",".join(v)
        parts.append(f"{name}={v}")
    return " ".join(parts)


# The goldens are the machine of 0.2.0, whose HELP ran the reference search in slices: its
# timing has no help_rate, as its recordings, which must go on replaying exactly.
TIMING_0_2 = compat.before("help_rate", timing())


def start_machine(s: dict) -> KeyMachine:
    if s["start"] == "prompt":
        return KeyMachine(seed=s["seed"], timing=TIMING_0_2)
    return KeyMachine(seed=s["seed"], suits=s["suits"], deal=s["deal"], timing=TIMING_0_2)


def run_session(s: dict) -> dict:
    m = start_machine(s)
    digest = hashlib.sha256()
    events: list[str] = []
    presses = [tuple(p) for p in s["presses"]] if "presses" in s else choose_presses(s)
    last = presses[-1][0] + 200
    i = 0
    for frame in range(last):
        while i < len(presses) and presses[i][0] == frame:
            m.press(presses[i][1])
            i += 1
        digest.update((view_text(m.view()) + "\n").encode())
        m.tick()
        events += [f"{e.frame} {e}" for e in m.drain_events()]
    board = None
    if m.game is not None and m.phase != "prompt":
        from baker8bit.freecell.boardtext import write

        board = write(m.game.position, m.game.rules)
    return {**s, "presses": presses, "events": events, "board": board, "moves": m.game.moves if m.game else 0,
            "views": digest.hexdigest(), "frames": last}
