"""Talk to fc-solve (Debian package ``freecell-solver-bin``), to cross-check our work.

fc-solve solves our exported boards under the rule set's own options
(``RuleSet.fcsolve_args``: as many free cells as cells, as many stacks as
columns, building by suit or alternating colour, what fills an empty stack,
single-card moves only). Its
``-snx`` move notation names stacks ``1..C``, free cells ``a..g`` and then
``k`` (the eighth cell: ``h`` is the foundations, so fc-solve skips ``h``,
``i`` and ``j``; it allows at most 8 free cells); we translate that into the 1989 key notation (column
``i`` is letter ``A+i``, parking space ``j`` the letter after the columns,
the terminal area ``T``).
"""

from __future__ import annotations

import subprocess

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell import boardtext
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet


def command(rules: RuleSet, *extra: str) -> list[str]:
    return ["fc-solve", *rules.fcsolve_args(), "-to", rules.fcsolve_order(), "-sel", *extra]


# fc-solve's names for free cells 1..8 in ``-snx`` output (checked on a board
# with only the eighth cell filled: its move home prints as ``kh``).
FREECELLS = "abcdefgk"


def _place(ch: str, rules: RuleSet) -> str:
    if ch.isdigit():
        return rules.column_letter(int(ch) - 1)
    if ch == "h":
        return "T"
    return rules.cell_letter(FREECELLS.index(ch))


def parse_moves(output: str, rules: RuleSet) -> list[str]:
    """The moves of fc-solve's ``-m -snx`` output, in key notation (``["GI", "FT", ...]``)."""
    out = []
    for line in output.splitlines():
        tokens = line.split()
        if not tokens or not all(len(t) == 2 and t.isalnum() for t in tokens):
            continue
        out.extend(_place(t[0], rules) + _place(t[1], rules) for t in tokens)
    return out


def verdict(output: str) -> str:
    if "This game is solveable." in output:
        return SOLVED
    if "I could not solve this game." in output:
        return UNSOLVABLE
    return UNKNOWN  # "Iterations count exceeded." and anything else


# fc-solve's tries for a deal it does not decide at once: its default depth-first order, another
# order of the same moves (reserve cards onto a parent first), then a-star (tests/test_king_albert_fcsolve.py
# names the deals each one decides)
TRIES = ((), ("-to", "01DBAE"), ("--method", "a-star"))


def decide(pos: Position, rules: RuleSet, max_iters: int, timeout: float = 120) -> tuple[str, list[str]]:
    """fc-solve's verdict and moves after each of ``TRIES`` in turn while it is undecided, each
    with ``max_iters`` iterations (``-to`` overrides the rule set's order)."""
    verdict, moves = UNKNOWN, []
    for extra in TRIES:
        verdict, moves = solve(pos, rules, "--max-iters", str(max_iters), *extra, timeout=timeout)
        if verdict != UNKNOWN:
            break
    return verdict, moves


# fc-solve's random depth-first search (``--method random-dfs``): a restart is one run with its own
# seed, each of at most RESTART_ITERS iterations (King Albert's hardest deals are won by
# a short run with a lucky order far sooner than by one long run: README, King Albert)
RESTART_ITERS = 30_000


def random_order(rules: RuleSet) -> str:
    """The rule set's fc-solve move kinds for ``random-dfs``: the moves home first, then the others,
    each group shuffled by the seed at every position (``-to "[01][ABDE]"``). Only the rule set's own
    kinds: another kind (fc-solve's ``C``, say) may make moves our rules do not allow."""
    order = rules.fcsolve_order()
    home = "".join(c for c in order if c.isdigit())
    rest = "".join(c for c in order if not c.isdigit())
    return "".join(f"[{g}]" for g in (home, rest) if g)


def restarts(pos: Position, rules: RuleSet, count: int, iters: int = RESTART_ITERS,
             timeout: float = 120, first: int = 1) -> tuple[str, list[str], int]:
    """fc-solve's random depth-first search with seeds ``first``..``first + count - 1`` in turn,
    ``iters`` iterations each: the first verdict that is not unknown, its moves and its seed (0 when
    none decides)."""
    order = random_order(rules)
    for seed in range(first, first + count):
        verdict, moves = solve(pos, rules, "--max-iters", str(iters), "--method", "random-dfs", "-seed", str(seed),
                               "-to", order, timeout=timeout)
        if verdict != UNKNOWN:
            return verdict, moves, seed
    return UNKNOWN, [], 0


def solve(pos: Position, rules: RuleSet, *extra: str, timeout: float = 120) -> tuple[str, list[str]]:
    """Run fc-solve on a position: its verdict and, when solved, its moves in key notation. A run
    still going after ``timeout`` seconds is stopped and undecided (``UNKNOWN``)."""
    board = boardtext.write(pos, rules)
    try:
        res = subprocess.run(
            command(rules, "-m", "-snx", *extra), input=board, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return UNKNOWN, []
    v = verdict(res.stdout)
    return v, parse_moves(res.stdout, rules) if v == SOLVED else []
