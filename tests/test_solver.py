"""The solver: wins replay, proofs agree with a brute force, limits give 'unknown'."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import baker_rules, read_baker_board
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE, SearchResult
from baker8bit.freecell import moves, rules
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import Search, solve


def replay(pos: Position, rs: rules.RuleSet, solution: list[str]) -> Position:
    """Play key-notation moves through the engine, each one checked legal."""
    for text in solution:
        move = moves.parse_move(text, rs)
        assert moves.is_legal(pos, move, rs), f"illegal move {text}"
        pos = moves.apply(pos, move)
    return pos


def brute_force(pos: Position, limit: int) -> str | None:
    """Depth-first search over every legal move of the engine: no automatic
    moves, no move ordering, no pruning. Positions are keyed by their sorted
    columns and sorted parked cards (the order of columns and of parking
    spaces does not change what can be done). None when it would need more
    than ``limit`` positions."""
    rs = baker_rules(pos.suits)

    def key(p: Position):
        return tuple(sorted(p.columns)), tuple(sorted(c for c in p.cells if c is not None)), p.foundations

    seen = {key(pos)}
    stack = [pos]
    while stack:
        p = stack.pop()
        if p.is_complete():
            return SOLVED
        for m in moves.legal_moves(p, rs):
            nxt = moves.apply(p, m)
            k = key(nxt)
            if k not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(k)
                stack.append(nxt)
    return UNSOLVABLE


def small_position(deal: int, suits: int, home: tuple[int, ...], parked: int) -> tuple[Position, rules.RuleSet]:
    """Deal ``deal``, with the lowest ``home[s]`` cards of each suit taken off to
    the terminal piles, then the exposed cards of the longest columns parked."""
    rs = baker_rules(suits)
    dealt = Position.dealt(deal, rs)
    cols = [tuple(c for c in col if c % 13 >= home[c // 13]) for col in dealt.columns]
    cells: list[int | None] = [None] * rs.cells
    for j in range(min(parked, rs.cells)):
        i = max(range(len(cols)), key=lambda i: (len(cols[i]), -i))
        if cols[i]:
            cells[j] = cols[i][-1]
            cols[i] = cols[i][:-1]
    pos = Position(tuple(cols), tuple(cells), tuple(home))
    pos.check(rs)
    return pos, rs


@pytest.mark.parametrize("suits", [2, 3, 4])
def test_solutions_of_deals_replay_to_a_win(suits):
    rs = baker_rules(suits)
    solved = 0
    for deal in range(1, 13):
        pos = Position.dealt(deal, rs)
        result = solve(pos, rs)
        assert result.outcome in (SOLVED, UNSOLVABLE)
        assert result.positions >= 1
        if result.outcome == SOLVED:
            solved += 1
            assert replay(pos, rs, result.moves).is_complete()
        else:
            assert result.moves == ()
    assert solved >= 6  # most deals can be won; a solver that never wins fails here


def test_solution_includes_the_moves_home():
    rs = baker_rules(2)
    pos = Position.dealt(1, rs)
    result = solve(pos, rs)
    assert result.outcome == SOLVED
    assert sum(1 for m in result.moves if m.endswith("T")) == rs.cards


def test_complete_position_is_solved_with_no_moves():
    rs = baker_rules(2)
    done = Position(((),) * rs.columns, (None,) * rs.cells, (13,) * rs.suits)
    result = solve(done, rs)
    assert (result.outcome, result.moves) == (SOLVED, ())


def test_only_moves_home_left():
    pos, rs = read_baker_board("Foundations: C-Q D-J\nFreecells: QD -\n: KC\n: KD\n:\n:\n:\n:\n")
    result = solve(pos, rs)
    assert result.outcome == SOLVED
    assert result.moves == ("AT", "GT", "BT")


# Unsolvable boards. The first has no legal move at all; the others were
# found by dealing 2-suit games with low cards taken home and two cards parked.
UNSOLVABLE_BOARDS = [
    """Foundations: C-5 D-5
Freecells: JC JD
: 6C TC 7C
: 6D TD 7D
: QC 8C 9C
: QD 8D 9D
: KC
: KD
""",
    """Foundations: C-4 D-2
Freecells: KC 8C
: 9C 3D QC
: 9D JD 4D
: QD 6C 8D
: KD 5D JC
: 7D 7C
: TD TC 5C 6D
""",
    """Foundations: C-3 D-2
Freecells: 6D 9C
: 4C KC TD
: 5C QC 7C
: TC 3D QD
: 5D 8D JD
: 9D 7D 8C
: JC KD 6C 4D
""",
    """Foundations: C-3 D-3
Freecells: 7C JC
: 4C KC
: QC 8C JD
: 9C 5D 6C
: KD 5C 6D
: TD 4D 9D
: QD TC 7D 8D
""",
]


@pytest.mark.parametrize("board", UNSOLVABLE_BOARDS)
def test_unsolvable_boards_agree_with_brute_force(board):
    pos, rs = read_baker_board(board)
    result = solve(pos, rs)
    assert brute_force(pos, 100_000) == UNSOLVABLE
    assert result.outcome == UNSOLVABLE
    assert result.moves == ()


def test_tiny_state_limit_gives_unknown_not_a_verdict():
    rs = baker_rules(4)
    for deal in (1, 10):  # one winnable deal and one that is not
        result = solve(Position.dealt(deal, rs), rs, max_states=50)
        assert result.outcome == UNKNOWN
        assert result.moves == ()
        assert result.positions <= 50


def test_time_limit_gives_unknown():
    rs = baker_rules(4)
    result = solve(Position.dealt(5, rs), rs, max_seconds=1e-9)
    assert result.outcome == UNKNOWN


def test_state_limit_is_deterministic():
    rs = baker_rules(4)
    pos = Position.dealt(23, rs)
    a = solve(pos, rs, max_states=3000)
    b = solve(pos, rs, max_states=3000)
    assert (a.outcome, a.moves, a.positions) == (b.outcome, b.moves, b.positions)


# The exact answers of the solver (outcome, states, number of moves, sha256 of
# the moves joined by spaces): HELP and recorded sessions depend on them, so a
# speed-up must not change them.
@pytest.mark.parametrize("suits,deal,outcome,states,nmoves,digest", [
    (4, 1, SOLVED, 3355, 170, "9437b667cfccade9"),
    (4, 2, SOLVED, 242, 82, "19cc69c6df004982"),
    (4, 5, SOLVED, 3866, 376, "040cbc3d4a4c82cd"),
    (4, 23, UNSOLVABLE, 17666, 0, "e3b0c44298fc1c14"),
    (3, 1, SOLVED, 1152, 65, "a6834f5af03fcb85"),
    (3, 7, SOLVED, 167, 61, "ff2c022e3a478254"),
    (2, 1, SOLVED, 68, 35, "5149653e13ff59d4"),
    (2, 4, SOLVED, 53, 33, "cff3c4bcdf74d0c6"),
])
def test_answers_are_pinned(suits, deal, outcome, states, nmoves, digest):
    import hashlib

    rs = baker_rules(suits)
    result = solve(Position.dealt(deal, rs), rs)
    got = hashlib.sha256(" ".join(result.moves).encode()).hexdigest()[:16]
    assert (result.outcome, result.positions, len(result.moves), got) == (
        outcome, states, nmoves, digest)


@pytest.mark.parametrize("suits,deal,budget", [(4, 1, 100), (4, 10, 250), (3, 7, 1), (2, 3, 17)])
def test_slices_give_the_same_result_as_one_call(suits, deal, budget):
    rs = baker_rules(suits)
    pos = Position.dealt(deal, rs)
    whole = solve(pos, rs)
    search = Search(pos, rs)
    slices = 0
    result = None
    while result is None:
        result = search.step(budget)
        slices += 1
        assert slices < 100_000
    assert isinstance(result, SearchResult)
    assert (result.outcome, result.moves, result.positions) == (whole.outcome, whole.moves, whole.positions)
    assert slices > 1
    assert search.step(budget) is result  # a finished search keeps its answer


def test_slices_respect_the_state_limit_like_one_call():
    rs = baker_rules(4)
    pos = Position.dealt(10, rs)
    whole = solve(pos, rs, max_states=2000)
    search = Search(pos, rs, max_states=2000)
    result = None
    while result is None:
        result = search.step(64)
    assert (result.outcome, result.positions) == (whole.outcome, whole.positions) == (UNKNOWN, 2000)


def test_a_slice_stops_near_its_budget():
    rs = baker_rules(4)
    search = Search(Position.dealt(5, rs), rs)
    assert search.step(500) is None
    assert 500 <= len(search._seen) < 500 + 100


def test_solver_does_not_import_pyxel():
    code = (
        "import sys, baker8bit.freecell.solver, baker8bit.research.survey, baker8bit.commands.solve\n"
        "assert 'pyxel' not in sys.modules, 'pyxel imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_verdicts_equal_brute_force_on_a_fixed_sample():
    """2-suit deals with two cards parked: often lost, small enough to brute-force."""
    seen = {SOLVED: 0, UNSOLVABLE: 0}
    for deal in range(1, 41):
        pos, rs = small_position(deal, 2, (deal % 3, deal % 2), 2)
        truth = brute_force(pos, 50_000)
        assert truth is not None
        assert solve(pos, rs).outcome == truth, deal
        seen[truth] += 1
    assert seen[SOLVED] > 0 and seen[UNSOLVABLE] > 0, seen


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.integers(1, 10**6),
    home=st.tuples(st.integers(0, 4), st.integers(0, 4)),
    parked=st.integers(0, 2),
    walk=st.lists(st.integers(0, 10**6), max_size=6),
)
def test_verdict_equals_brute_force_on_small_positions(deal, home, parked, walk):
    pos, rs = small_position(deal, 2, home, parked)
    for pick in walk:  # a few random legal moves (drawn by hypothesis, so reproducible)
        legal = moves.legal_moves(pos, rs)
        if not legal:
            break
        pos = moves.apply(pos, legal[pick % len(legal)])
    truth = brute_force(pos, 20_000)
    assume(truth is not None)
    result = solve(pos, rs)
    assert result.outcome == truth
    if truth == SOLVED:
        assert replay(pos, rs, result.moves).is_complete()


# ---- the solve and survey sub-commands ----------------------------------------


def _cli(argv: list[str]) -> int:
    from baker8bit.commands import solve as solve_cmd
    from baker8bit.commands import survey as survey_cmd
    from baker8bit.core.arguments import OneLineParser

    parser = OneLineParser(prog="baker8bit")  # the CLI's parser: one-line errors
    sub = parser.add_subparsers()
    solve_cmd.register(sub)
    survey_cmd.register(sub)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # a value the options refuse: argparse's own exit
        return e.code
    return args.func(args)


def test_solve_command_json(capsys):
    import json

    assert _cli(["solve", "--suits", "2", "--deal", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"outcome", "solution", "moves", "states", "seconds", "search", "automatic"}
    step, implementation = out["search"].split()  # the escalation's step that decided, then the search
    assert step.startswith("table-") and implementation in ("compiled", "pure")
    assert out["moves"] == len(out["solution"])
    assert out["automatic"] == []  # the 1989 game makes no move by itself
    rs = baker_rules(2)
    assert out["outcome"] == SOLVED
    assert replay(Position.dealt(3, rs), rs, out["solution"]).is_complete()


def test_solve_command_reads_a_board_and_reports_errors(tmp_path, capsys):
    good = tmp_path / "b.txt"
    good.write_text(UNSOLVABLE_BOARDS[1])
    assert _cli(["solve", "--board", str(good)]) == 0
    assert capsys.readouterr().out.startswith(UNSOLVABLE)
    bad = tmp_path / "bad.txt"
    bad.write_text("Foundations: C-0\n: XX\n")
    assert _cli(["solve", "--board", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("baker8bit:") and "\n" not in err
    assert _cli(["solve", "--board", str(tmp_path / "missing.txt")]) == 2


def test_survey_writes_rows_resumes_and_summarises(tmp_path, capsys):
    from baker8bit.research import survey

    out = tmp_path / "s.csv"
    assert _cli(["survey", "--suits", "2", "--deals", "1-4", "--workers", "1", "--out", str(out)]) == 0
    first = survey.read_rows(str(out))
    assert sorted(first) == [("baker2", d) for d in range(1, 5)]
    assert _cli(["survey", "--suits", "2,3", "--deals", "1-6", "--workers", "2", "--out", str(out), "--resume"]) == 0
    rows = survey.read_rows(str(out))
    assert sorted(rows) == [(f"baker{s}", d) for s in (2, 3) for d in range(1, 7)]
    assert all(rows[k] == first[k] for k in first)  # kept, not solved again
    assert out.read_text().count("game,deal") == 1
    rs = baker_rules(3)
    assert rows[("baker3", 5)].outcome == solve(Position.dealt(5, rs), rs).outcome
    table = capsys.readouterr().out
    assert "solvable" in table and "%" in table


def test_survey_rows_name_the_search_and_older_csvs_resume_in_their_own_columns(tmp_path, capsys):
    from baker8bit.research import survey

    new = tmp_path / "new.csv"
    assert _cli(["survey", "--suits", "2", "--deals", "1-2", "--workers", "1", "--out", str(new)]) == 0
    lines = new.read_text().splitlines()
    assert lines[0] == "game,deal,outcome,moves,states,seconds,search"
    assert all(line.split(",")[-1].split(" ")[-1] in ("compiled", "pure") for line in lines[1:])
    assert all(line.split(",")[-1].startswith("table-") for line in lines[1:])  # the step that decided
    before = tmp_path / "before.csv"  # written before the search column
    before.write_text("game,deal,outcome,moves,states,seconds\nbaker2,1,solved,9,9,0.0010\n")
    assert _cli(["survey", "--suits", "2", "--deals", "1-3", "--workers", "1", "--out", str(before), "--resume"]) == 0
    lines = before.read_text().splitlines()
    assert lines[:2] == ["game,deal,outcome,moves,states,seconds", "baker2,1,solved,9,9,0.0010"]
    assert [len(line.split(",")) for line in lines] == [6] * 4
    assert sorted(survey.read_rows(str(before))) == [("baker2", d) for d in (1, 2, 3)]
    old = tmp_path / "old.csv"  # 0.1.0: a suits column, the 1989 game only
    old.write_text("suits,deal,outcome,moves,states,seconds\n4,1,solved,9,9,0.0010\n")
    assert _cli(["survey", "--suits", "4", "--deals", "1-2", "--workers", "1", "--out", str(old), "--resume"]) == 0
    assert old.read_text().splitlines()[2].startswith("4,2,solved,")
    capsys.readouterr()
    assert _cli(["survey", "--game", "eight-off", "--deals", "1-2", "--out", str(old), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("baker8bit: cannot resume:") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    ["survey", "--suits", "5", "--deals", "1-3"],
    ["survey", "--deals", "9-2"],
    ["survey", "--deals", "0-2"],
    ["survey", "--deals", "x"],
])
def test_survey_rejects_bad_input(argv, capsys):
    assert _cli(argv) == 2
    assert capsys.readouterr().err.startswith("baker8bit:")


def test_progress_prints_lines_without_a_terminal():
    import io

    from baker8bit.research.survey import Progress

    t = [0.0]
    stream = io.StringIO()
    bar = Progress(stream, 10, now=lambda: t[0], every=5.0)
    for done in range(1, 11):
        t[0] += 1.0
        bar.update(done)
    bar.close()
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue()
    assert 2 <= len(lines) <= 4
    assert lines[-1].startswith("[" + "#" * 30 + "] 10/10")
    assert "ETA 0:00:00" in lines[-1]


def test_the_solver_package_has_no_import_cycle():
    """``freecell/solver/``: the modules import one another (at the top or inside a function) with
    no cycle, and no search imports the chooser (``choose.py``): it stands apart from them."""
    import ast
    from pathlib import Path

    import baker8bit.freecell.solver as pkg

    folder = Path(pkg.__file__).parent
    names = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    graph = {}
    for name in names:
        tree = ast.parse((folder / f"{name}.py").read_text())
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "baker8bit.freecell.solver":
                    deps |= {a.name for a in node.names if a.name in names}
                elif node.module.startswith("baker8bit.freecell.solver."):
                    deps.add(node.module.rsplit(".", 1)[1])
        graph[name] = deps - {name}
    assert graph["search"] == set() and "choose" in names
    assert not any("choose" in deps for deps in graph.values())

    def reach(start):
        seen, todo = set(), [start]
        while todo:
            for d in graph.get(todo.pop(), ()):
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
        return seen

    cycles = [n for n in names if n in reach(n)]
    assert cycles == [], cycles
