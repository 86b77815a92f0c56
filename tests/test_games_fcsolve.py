"""Cross-check Baker's Game and Eight Off with fc-solve (Debian ``freecell-solver-bin``).

- Deals: ``baker8bit show --game bakers-game --deal D`` is
  ``make-microsoft-freecell-board -t D`` card for card; an Eight Off deal is the
  same deal with each of the first four columns' seventh card in cells 1..4.
- Verdicts: our solver's equals fc-solve's exhaustive verdict (``fc-solve
  <rules.fcsolve_args()> -to 01ABCDE -sel``: the rule set's cells, columns,
  building and empty-column rule, single-card moves only) on deals 1..100 of each.
- Solutions: every one, ours and fc-solve's (read by ``fcsolve.parse_moves``),
  replays to a win through ``baker8bit keys --game G --deal D "..." --json``.
- fc-solve's options model Eight Off: checked on small hand-made boards
  (8 free cells are used, only kings fill an empty stack, from a column or a cell).

For speed, the CLI runs in this process (``cli.main``) for every deal and as a
real ``baker8bit`` process for a sample. fc-solve runs once per deal, first with
an iteration limit; the few deals that exceed it (Eight Off deal 61 takes fc-solve
6 million states, 45 s, unpruned) are run again with fc-solve's own prune of
safe moves home (``-sp r:tf``): a solution so found is checked by replaying it,
and an "unsolvable" from the pruned run would be re-run without limit or prune.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import subprocess
import sys

import pytest
from conftest import fc_solve_checked, need_fcsolve

from baker8bit import cli, games
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell import boardtext, fcsolve
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import solve
from baker8bit.freecell.solver.shorten import shorten

DEALS = range(1, 101)
GAMES = ("bakers-game", "eight-off")
LIMIT = 300_000  # fc-solve iterations before the pruned re-run
ENV = dict(os.environ, FREECELL_SOLVER_QUIET="1")
# One move of ``-m -snx`` output: stack 1..8, free cell a..g or k, foundation h.
_SAMPLE = {"bakers-game": (1, 4, 10), "eight-off": (1, 61)}  # through real processes


@pytest.fixture(scope="module", autouse=True)
def _fc_solve_present():
    need_fcsolve()


def run_cli(*argv: str) -> str:
    """``baker8bit ARGV`` in this process: its standard output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(list(argv)) == 0, argv
    return out.getvalue()


def run_process(*argv: str) -> str:
    """``baker8bit ARGV`` as a real process."""
    res = subprocess.run([sys.executable, "-m", "baker8bit", *argv], capture_output=True, text=True,
                         timeout=120, env=ENV)
    assert res.returncode == 0, res.stderr
    return res.stdout


def fc_run(pos: Position, rs, *extra: str) -> tuple[str, list[str]]:
    """fc-solve's verdict and solution (key notation); every move a single-card move."""
    return fc_solve_checked(pos, rs, *extra, timeout=300)


def fc_verdict(pos: Position, rs) -> tuple[str, list[str]]:
    verdict, moves = fc_run(pos, rs, "-mi", str(LIMIT))
    if verdict == UNKNOWN:  # the limit: see the module docstring
        verdict, moves = fc_run(pos, rs, "-sp", "r:tf")
        if verdict != SOLVED:
            verdict, moves = fc_run(pos, rs)
    return verdict, moves


@pytest.fixture(scope="module")
def results():
    """Per game, per deal: (our Result, fc-solve's verdict, fc-solve's moves)."""
    out = {}
    for game in GAMES:
        rs = games.get(game).rules()
        out[game] = {}
        for deal in DEALS:
            pos = Position.dealt(deal, rs)
            out[game][deal] = (solve(pos, rs), *fc_verdict(pos, rs))
    return out


def columns_of(board: str) -> list[str]:
    return [line[2:] if line.startswith(": ") else line for line in board.splitlines()
            if not line.startswith(("Foundations:", "Freecells:"))]


def microsoft(deal: int) -> list[str]:
    out = subprocess.run(["make-microsoft-freecell-board", "-t", str(deal)], capture_output=True,
                         text=True, check=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


def test_bakers_game_deals_are_microsoft_deals():
    for deal in DEALS:
        ms = microsoft(deal)
        ours = run_cli("show", "--game", "bakers-game", "--deal", str(deal))
        assert columns_of(ours) == ms, f"deal {deal}"
        assert "Freecells: - - - -" in ours
        if deal in (1, 100):
            assert run_process("show", "--game", "bakers-game", "--deal", str(deal)) == ours


def test_eight_off_deals_put_the_last_four_cards_in_cells():
    for deal in DEALS:
        ms = [line.split() for line in microsoft(deal)]
        board = run_cli("show", "--game", "eight-off", "--deal", str(deal))
        assert columns_of(board) == [" ".join(col[:6]) for col in ms], f"deal {deal}"
        cells = next(line for line in board.splitlines() if line.startswith("Freecells:")).split()[1:]
        assert cells == [ms[i][6] for i in range(4)] + ["-"] * 4, f"deal {deal}"


@pytest.mark.parametrize("game", GAMES)
def test_verdicts_agree_with_fc_solve(game, results):
    outcomes = {SOLVED: 0, UNSOLVABLE: 0}
    for deal, (ours, theirs, _moves) in results[game].items():
        assert theirs in (SOLVED, UNSOLVABLE), f"{game} deal {deal}: fc-solve says {theirs}"
        assert ours.outcome == theirs, f"{game} deal {deal}: we say {ours.outcome}, fc-solve {theirs}"
        outcomes[theirs] += 1
    assert outcomes[SOLVED] > 0, outcomes
    if game == "bakers-game":
        assert outcomes[UNSOLVABLE] > 0, outcomes


@pytest.mark.parametrize("game", GAMES)
def test_every_solution_wins_through_the_key_machine(game, results):
    for deal, (ours, theirs, their_moves) in results[game].items():
        if theirs != SOLVED:
            continue
        rs = games.get(game).rules()
        short = shorten(Position.dealt(deal, rs), rs, ours).moves
        assert len(short) <= len(ours.moves)
        for who, moves in (("ours", ours.moves), ("ours shortened", short), ("fc-solve's", their_moves)):
            out = json.loads(run_cli("keys", "--game", game, "--deal", str(deal), " ".join(moves), "--json"))
            assert out["won"] is True, f"{game} deal {deal}: {who} solution does not win"
            assert out["moves"] == len(moves), f"{game} deal {deal}: {who} solution has refused moves"


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_through_real_processes(game, results):
    for deal in _SAMPLE[game]:
        ours, theirs, their_moves = results[game][deal]
        got = json.loads(run_process("solve", "--game", game, "--deal", str(deal), "--json"))
        assert got["outcome"] == theirs == ours.outcome, f"{game} deal {deal}"
        rs = games.get(game).rules()
        assert got["solution"] == shorten(Position.dealt(deal, rs), rs, ours).moves  # solve's line, shortened
        if theirs == SOLVED:
            for moves in (got["solution"], their_moves):
                out = json.loads(run_process("keys", "--game", game, "--deal", str(deal), " ".join(moves), "--json"))
                assert out["won"] is True, f"{game} deal {deal}"


# -- fc-solve's options model Eight Off (hand-made boards) ---------------------------------------


def small(rs, columns: int, cells: int):
    return dataclasses.replace(rs, columns=columns, cells=cells, cells_dealt=0)


EIGHT_OFF = games.ruleset("eight-off")
BAKERS = games.ruleset("bakers-game")


@pytest.mark.parametrize(
    "text, columns, cells, kings, anything",
    [
        # Only the queen can move, and only into the empty column: a king-only column refuses it.
        ("Foundations: C-K D-K H-K S-T\nFreecells:\n: KS JS QS\n:\n", 2, 0, UNSOLVABLE, SOLVED),
        # The queen parked must come down into the empty column to free the jack's place: same.
        ("Foundations: C-K D-K H-K S-9\nFreecells: QS\n: TS KS JS\n:\n", 2, 1, UNSOLVABLE, SOLVED),
        # A king may go into the empty column under both rules.
        ("Foundations: C-K D-K H-K S-T\nFreecells:\n: QS JS KS\n:\n", 2, 0, SOLVED, SOLVED),
    ],
)
def test_fc_solve_fills_empty_stacks_with_kings_only(text, columns, cells, kings, anything):
    for base, expected in ((EIGHT_OFF, kings), (BAKERS, anything)):
        rs = small(base, columns, cells)
        pos, _ = boardtext.read(text, rs)
        verdict, moves = fc_run(pos, rs)
        assert verdict == expected == solve(pos, rs).outcome, (base.name, text)


def test_fc_solve_uses_eight_free_cells():
    # The five of hearts lies under the run K..6 of hearts, in the only column:
    # eight free cells win, seven do not.
    text = "Foundations: C-K D-K H-4 S-K\nFreecells:\n: 5H KH QH JH TH 9H 8H 7H 6H\n"
    for cells, expected in ((8, SOLVED), (7, UNSOLVABLE)):
        rs = small(EIGHT_OFF, 1, cells)
        pos, _ = boardtext.read(text, rs)
        verdict, moves = fc_run(pos, rs)
        assert verdict == expected == solve(pos, rs).outcome, cells
        if verdict == SOLVED:
            assert rs.cell_letter(7) == "I" and "AI" in moves  # fc-solve's "1k"


def test_fc_solve_names_the_eighth_cell_k():
    # Only the eighth cell holds a card: fc-solve's move home prints as "kh".
    rs = small(EIGHT_OFF, 1, 8)
    pos, _ = boardtext.read("Foundations: C-K D-K H-K S-J\nFreecells: - - - - - - - QS\n: KS\n", rs)
    out = subprocess.run(fcsolve.command(rs, "-m", "-snx"), input=boardtext.write(pos, rs),
                         capture_output=True, text=True, timeout=60, env=ENV).stdout
    assert "kh" in out.split()
    assert fcsolve.parse_moves("kh 1h", rs) == ["IT", "AT"]
    assert fcsolve.parse_moves("ak ka", EIGHT_OFF) == ["IP", "PI"]
