"""``baker8bit keys``: the key machine, headless, on a key script."""

from __future__ import annotations

import json

from baker8bit.commands.common import UsageError, add_game_args, start_of
from baker8bit.console import script
from baker8bit.games import KeyMachine
from baker8bit.sessions.userdata import DataFiles


def register(sub) -> None:
    p = sub.add_parser("keys", help="run the key machine headless on a key script and print the board")
    add_game_args(p)
    p.add_argument("script", help='keys, e.g. "BK TBC <SPACE> P <WAIT 30> <ESC> 4 <RETURN>"')
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the board")
    p.add_argument("--seed", type=int, default=0, help="seed for the deal numbers of new random games")
    p.set_defaults(func=run_keys)


def machine_for(args) -> KeyMachine:
    rs, pos, deal = start_of(args)
    m = KeyMachine(seed=args.seed, rules=rs, deal=deal, position=pos)
    m.files = DataFiles()  # a game's own files (Blue's W and R), in the user data folder
    return m


def summary(m: KeyMachine) -> dict:
    g = m.game
    at_prompt = g is None or m.phase == "prompt"
    return {
        "suits": None if at_prompt else g.rules.suits,
        "deal": None if at_prompt else g.deal,
        "phase": m.phase,
        "board": None if at_prompt else m.variant.write_board(g.position, g.rules),
        "moves": 0 if at_prompt else g.moves,
        "takebacks_left": 0 if at_prompt else g.takebacks_left,
        "mark": None if at_prompt else g.mark,
        "at_mark": m.view().at_mark,
        "won": bool(not at_prompt and g.won),
        "frame": m.frame,
        "events": [str(e) for e in m.events],
        "game": m.variant.id,
    }


def run_keys(args) -> int:
    try:
        steps = script.parse(args.script)
    except script.ScriptError as e:
        raise UsageError(str(e)) from None
    m = machine_for(args)
    script.run(m, steps)
    out = summary(m)
    if args.json:
        print(json.dumps(out))
    elif out["board"] is None:
        print("(at the suit prompt)")
    else:
        print(out["board"], end="")
        print(f"moves: {out['moves']}" + ("  WINNER" if out["won"] else ""))
    return 0
