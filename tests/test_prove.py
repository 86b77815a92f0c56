"""``baker8bit prove``: Blue's and King Albert's state spaces for the layered search
(``games/*/prove.py`` and their compiled twins ``fastprove.pyx``), and the command.

- The codes: a Blue board in 28 bytes at 4 x 13 (29 with undecided aces), a King Albert position
  in 16; they round-trip, and the compiled modules give the plain references' bytes.
- The moves: Blue's successors are exactly the rules' moves (with the aces as dealt) and, with
  undecided aces, those of every ordering the board still allows; King Albert's key never falls.
- Exactness: on every small Blue layout the disk search gives the in-memory checker's verdicts
  and the number of boards an unpruned in-memory breadth-first search stores (and the exhaustive
  depth-first run's count where that run proves a loss); on King Albert deals the in-memory search
  decides, its verdicts, with the safe moves home and without.
- The wins' keys type back through ``baker8bit keys`` to WINNER.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import IN_CI, cli, interrupt
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit import games
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.games.blue import checker, rules, search, study
from baker8bit.games.blue import prove as blue
from baker8bit.games.blue.rules import Layout
from baker8bit.games.blue.search import UNDECIDED
from baker8bit.games.blue.shorten import shorten
from baker8bit.games.king_albert import prove as ka
from baker8bit.research import layered

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def folder():
    """A scratch folder, in memory (/dev/shm) where there is one: the search makes many small files."""
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None) as d:
        yield d


def compiled(module: str):
    """A compiled module, or a skip (a failure in CI, where the build makes it)."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        if IN_CI:
            pytest.fail(f"{module} is missing in CI (the package build compiles it: setup.py)")
        pytest.skip(f"{module} not built")


# -- Blue: the code ------------------------------------------------------------------------------


def test_a_full_size_board_takes_28_bytes_and_29_with_undecided_aces():
    assert blue.state_bytes(4, 13, False) == 28 and blue.state_bytes(4, 13, True) == 29


@st.composite
def blue_boards(draw, best: bool):
    """A board of any size: the cards and gaps in any slots, the aces as dealt or (``best``) each
    undecided or fixed to a suit no other row has."""
    suits, ranks = draw(st.integers(1, 4)), draw(st.integers(2, 13))
    lay = Layout(suits, ranks)
    cells = [c for c in lay.cards() if rules.rank_of(c) != 1] + [0] * suits
    cells = draw(st.permutations(cells))
    board = bytearray(lay.size)
    slots = [i for i in range(lay.size) if i % lay.width]
    for i, c in zip(slots, cells, strict=True):
        board[i] = c
    aces = list(range(suits))
    if best:
        order = draw(st.permutations(aces))
        fixed = draw(st.lists(st.booleans(), min_size=suits, max_size=suits))
        for r in range(suits):
            board[r * lay.width] = rules.card(order[r], 1) if fixed[r] else UNDECIDED
        return lay, bytes(board), b""
    for r in range(suits):
        board[r * lay.width] = rules.card(r, 1)
    return lay, bytes(board), bytes(board[r * lay.width] for r in range(suits))


@settings(max_examples=300, deadline=None)
@given(st.one_of(blue_boards(False), blue_boards(True)))
def test_blue_codes_round_trip_and_the_compiled_code_is_the_reference_s(drawn):
    lay, board, aces = drawn
    code = blue.encode(board, lay.suits, lay.ranks, aces)
    assert len(code) == blue.state_bytes(lay.suits, lay.ranks, not aces)
    assert blue.decode(code, lay.suits, lay.ranks, aces) == board
    c = compiled("baker8bit.games.blue._cprove")
    assert c.encode(board, lay.suits, lay.ranks, aces) == code
    assert c.decode(code, lay.suits, lay.ranks, aces) == board


# -- Blue: the moves -----------------------------------------------------------------------------


def walk(space, steps: int, seed: int):
    """States met by a random walk from the space's root (its children chosen at random)."""
    r = random.Random(seed)
    state, out = space.roots(), []
    for _ in range(steps):
        out.append(state)
        kids = blue.expand(state, space.suits, space.ranks, space.aces) if isinstance(space, blue.BlueSpace) \
            else ka.expand(state, space.under, space.settle)
        if not kids:
            break
        j = r.randrange(len(kids) // space.size)
        state = kids[j * space.size:(j + 1) * space.size]
    return out


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), size=st.sampled_from([(2, 4), (3, 5), (4, 6), (4, 13)]), seed=st.integers(0, 99))
def test_blue_successors_are_the_rules_moves(deal, size, seed):
    """With the aces fixed, a board's children are the boards of ``rules.moves``, one each."""
    lay = Layout(*size)
    space = blue.BlueSpace(lay, rules.deal(deal, lay), "dealt")
    for state in walk(space, 30, seed):
        board = space.board(state)
        want = sorted(rules.apply(board, m) for m in rules.moves(board, lay))
        assert sorted(blue.children(board, lay.suits, lay.ranks)) == want


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), size=st.sampled_from([(2, 4), (3, 5), (4, 6), (4, 13)]), seed=st.integers(0, 99))
def test_undecided_aces_move_as_every_ordering_the_board_allows(deal, size, seed):
    """With undecided aces, the children that some ordering allows, read with it, are that
    ordering's moves: the search with the aces undecided is every ordering's at once
    (docs/games/blue.md, proof 3)."""
    lay = Layout(*size)
    space = blue.BlueSpace(lay, rules.deal(deal, lay), "best")
    for state in walk(space, 25, seed):
        board = space.board(state)
        kids = blue.children(board, lay.suits, lay.ranks)
        for order in rules.orderings(lay):
            if any(board[r * lay.width] not in (UNDECIDED, rules.card(order[r], 1)) for r in range(lay.suits)):
                continue  # an ordering the board no longer allows
            fixed = rules.with_aces(board, order, lay)
            mine = sorted({rules.with_aces(k, order, lay) for k in kids
                           if all(k[r * lay.width] in (UNDECIDED, rules.card(order[r], 1)) for r in range(lay.suits))})
            assert mine == sorted({rules.apply(fixed, m) for m in rules.moves(fixed, lay)})


def test_blue_compiled_moves_and_wins_are_the_reference_s():
    c = compiled("baker8bit.games.blue._cprove")
    for size in ((2, 3), (3, 4), (4, 6), (4, 13)):
        lay = Layout(*size)
        for deal in range(1, 9):
            for mode in ("dealt", "best"):
                space = blue.BlueSpace(lay, rules.deal(deal, lay), mode)
                states = b"".join(walk(space, 40, deal))
                args = (lay.suits, lay.ranks, space.aces)
                assert c.expand(states, *args) == blue.expand(states, *args)
                assert c.goals(states, *args) == blue.goals(states, *args) == space.goals(states)
                wins = b"".join(space.won_codes())
                assert blue.goals(wins, *args) == space.goals(wins) == list(range(len(space.won_codes())))


# -- Blue: exactness on every small layout -------------------------------------------------------


def blue_reference(space: blue.BlueSpace) -> tuple[str, int]:
    """An unpruned in-memory breadth-first search: (verdict, boards stored up to the first layer
    holding a won board, or all of them)."""
    s, r = space.suits, space.ranks
    seen, layer = {space.start}, [space.start]
    while layer:
        if any(blue.won(b, s, r) for b in layer):
            return SOLVED, len(seen)
        nxt = []
        for b in layer:
            for k in blue.children(b, s, r):
                if k not in seen:
                    seen.add(k)
                    nxt.append(k)
        layer = nxt
    return UNSOLVABLE, len(seen)


def prove_blue(lay: Layout, board: bytes) -> dict:
    out = {}
    for mode in ("dealt", "best"):
        space = blue.BlueSpace(lay, board, mode)
        with folder() as d:
            out[mode] = (space, layered.search(space, d, memory=1 << 20))
    return out


def check_blue_layout(lay: Layout, board: bytes) -> None:
    proofs = prove_blue(lay, board)
    answer = checker.check_layout(board, lay, max_positions=10**7)
    for mode, (space, proof) in proofs.items():
        assert (proof.outcome, proof.states) == blue_reference(space), (mode, rules.board_text(board, lay))
        assert proof.outcome == answer[mode].outcome, (mode, rules.board_text(board, lay))
        if proof.outcome == UNSOLVABLE and not search.stuck(space.start, lay):
            # the checker's exhaustive run (no pruning inside) counts the same boards
            assert search.run(space.start, lay, 10**7, None, False, None)[2] == proof.states
        if proof.outcome == SOLVED:
            order, start, moves = space.win(proof.path)
            game = rules.Game(lay, start)
            for m in moves:
                game.play(m)
            assert game.won() and len(moves) == len(proof.path) - 1
            assert len(shorten(start, moves, lay)) == len(moves)  # breadth first: a shortest win


@pytest.mark.parametrize("suits, ranks", [(2, 2), (3, 2), (2, 3)])
def test_every_small_blue_layout_gets_the_checker_s_verdicts_and_the_reference_s_count(suits, ranks):
    lay = Layout(suits, ranks)
    for board in study.all_layouts(lay):
        check_blue_layout(lay, board)


@pytest.mark.parametrize("suits, ranks, deals", [(2, 4, 40), (3, 3, 30), (4, 2, 30), (4, 3, 8), (3, 4, 6)])
def test_blue_deals_of_larger_layouts_get_the_checker_s_verdicts_and_the_reference_s_count(suits, ranks, deals):
    lay = Layout(suits, ranks)
    for deal in range(1, deals + 1):
        check_blue_layout(lay, rules.deal(deal, lay))


def test_the_memory_budget_holds_while_the_states_outgrow_it():
    """Blue 3x10 deal 1 (unsolvable, 107,336 boards of 12 bytes: 1.3 MB) with a budget of 1 MB:
    by the engine's own accounting no task held more, and the count is the checker's exhaustive
    run's."""
    lay = Layout(3, 9)
    space = blue.BlueSpace(lay, rules.deal(1, lay), "dealt")
    with folder() as d:
        proof = layered.search(space, d, memory=layered.MIN_TASK)
    assert proof.outcome == UNSOLVABLE and proof.states * space.size > layered.MIN_TASK
    assert 0 < proof.peak_memory <= layered.MIN_TASK
    assert search.run(space.start, lay, 10**7, None, False, None) == (UNSOLVABLE, [], proof.states)


# -- King Albert -----------------------------------------------------------------------------------


def ka_space(deal: int, rank: int, settle: bool = True) -> ka.KingAlbertSpace:
    v = games.get("king-albert")
    rs = v.rules({"starting_rank": rank})
    return ka.KingAlbertSpace(rs, v.new_game(rs, deal).position, settle)


def test_king_albert_compiled_moves_are_the_reference_s_and_the_key_never_falls():
    c = compiled("baker8bit.games.king_albert._cprove")
    for rank in (0, 5, 9):
        for deal in range(1, 7):
            for settle in (True, False):
                space = ka_space(deal, rank, settle)
                for state in walk(space, 40, deal):
                    kids = ka.expand(state, space.under, settle)
                    assert c.expand(state, space.under, settle) == kids
                    assert all(kids[i] >= state[0] for i in range(0, len(kids), 16))
                    assert c.decode(state, space.under) == ka.decode_lies(state, space.under)
                won = ka.won_code(space.under)
                want = [0, 1] if state == won else [0]
                assert c.goals(won + state, space.under, settle) == ka.goals(won + state, space.under, settle) == want


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), rank=st.integers(0, 11), seed=st.integers(0, 99), perm=st.randoms())
def test_a_king_albert_code_is_one_position_whatever_the_columns_order(deal, rank, seed, perm):
    """The code of a position is the code of every reordering of its columns, and the position
    read back from the code is that position up to the columns' order."""
    from baker8bit.freecell import moves as fmoves

    space = ka_space(deal, rank)
    r = random.Random(seed)
    pos = space.position
    for _ in range(30):
        legal = fmoves.legal_moves(pos, space.rules)
        if not legal:
            break
        pos = fmoves.apply(pos, r.choice(legal))
        code = ka.encode(pos, space.under)
        cols = list(pos.columns)
        perm.shuffle(cols)
        assert ka.encode(type(pos)(tuple(cols), pos.cells, pos.foundations), space.under) == code
        found, lies, on = ka.decode_lies(code, space.under)
        chains = sorted(tuple(c for c in col) for col in pos.columns if col)
        made = []
        for c in range(52):
            if lies[c] == ka.BOTTOM:
                chain = [c]
                while on[chain[-1]] != ka.HOME:
                    chain.append(on[chain[-1]])
                made.append(tuple(chain))
        assert sorted(made) == chains and found == list(pos.foundations)


@pytest.mark.parametrize("rank, deals", [(12, 20), (11, 20), (10, 12), (9, 10), (8, 4)])
def test_king_albert_verdicts_are_the_in_memory_search_s(rank, deals):
    """The disk search with the safe moves home gives the family search's verdict; at the higher
    starting ranks, so does the unreduced space (every move home an ordinary move)."""
    v = games.get("king-albert")
    for deal in range(1, deals + 1):
        space = ka_space(deal, rank)
        memory = v.solve(space.position, space.rules, max_states=10**7)
        assert memory.outcome != UNKNOWN
        with folder() as d:
            proof = layered.search(space, d, memory=1 << 22)
        assert proof.outcome == memory.outcome, (rank, deal)
        if rank >= 11:
            with folder() as d:
                plain = layered.search(ka_space(deal, rank, settle=False), d, memory=1 << 22)
            assert plain.outcome == proof.outcome and plain.states >= proof.states, (rank, deal)
        if proof.outcome == SOLVED and deal <= 3:
            keys = space.keys(proof.path)
            code, out, err = cli("keys", "--game", "king-albert", "--deal", str(deal), "--starting-rank",
                                 str(rank), " ".join(keys))
            assert code == 0 and "WINNER" in out, (rank, deal, keys, err)


# -- the command -----------------------------------------------------------------------------------


def test_prove_blue_answers_in_check_json_s_shape_and_the_keys_win():
    with folder() as d:
        code, out, err = cli("prove", "blue", "--deal", "7", "--suits", "2", "--ranks", "4", "--dir", d, "--json")
    assert code == 0, err
    answer = json.loads(out)
    code, out, _ = cli("check", "blue", "--deal", "7", "--suits", "2", "--ranks", "4", "--json")
    checked = json.loads(out)
    for key in ("game", "layout", "suits", "ranks", "board"):
        assert answer[key] == checked[key]
    for verdict in ("dealt", "best"):
        assert answer[verdict]["outcome"] == checked[verdict]["outcome"]
        assert answer[verdict]["states"] > 0 and answer[verdict]["layers"] > 0
    assert answer["dealt"]["outcome"] == UNSOLVABLE and answer["best"]["outcome"] == SOLVED
    code, out, err = cli("keys", "--game", "blue", "--deal", "7", "--suits", "2", "--ranks", "4",
                         " ".join(answer["best"]["solution"]))
    assert code == 0 and "WINNER" in out, err


def test_one_verdict_alone():
    with folder() as d:
        code, out, err = cli("prove", "--deal", "7", "--suits", "2", "--ranks", "4", "--dir", d, "--json",
                             "--verdict", "best")
        answer = json.loads(out)
        assert code == 0 and "dealt" not in answer and answer["best"]["outcome"] == SOLVED
        assert sorted(os.listdir(d)) == ["best"]


def test_a_win_as_dealt_answers_the_best_ordering_without_a_second_search():
    with folder() as d:
        code, out, err = cli("prove", "--deal", "5", "--suits", "2", "--ranks", "3", "--dir", d, "--json")
        answer = json.loads(out)
        assert answer["dealt"]["outcome"] == SOLVED and answer["best"]["won_by"] == "dealt"
        assert sorted(os.listdir(d)) == ["dealt"]


def test_the_same_folder_answers_again_from_its_manifest():
    with folder() as d:
        args = ("prove", "king-albert", "--deal", "2", "--starting-rank", "10", "--dir", d, "--json")
        first = json.loads(cli(*args)[1])
        code, out, err = cli(*args)
        assert code == 0 and json.loads(out) == first and err == ""  # no layer made again


def test_a_time_limit_says_unknown_and_the_same_command_goes_on():
    with folder() as d:
        args = ("prove", "blue", "--deal", "3", "--suits", "3", "--ranks", "5", "--dir", d)
        code, out, err = cli(*args, "--max-seconds", "0.000001")
        assert code == 0 and "unknown" in out and "the same command goes on" in out
        code, out, err = cli(*args, "--json")
        answer = json.loads(out)
        assert code == 0 and answer["dealt"]["outcome"] in (SOLVED, UNSOLVABLE)


@pytest.mark.parametrize("args, says", [
    (["--game", "baker", "--deal", "1"], "prove has no state space for baker"),
    (["--game", "sequence", "--deal", "1"], "prove has no state space for sequence"),
    (["blue"], "needs --deal N or a board FILE"),
    (["blue", "--deal", "0"], "deal must be"),
    (["blue", "--deal", "1", "--starting-rank", "3"], "no option --starting-rank"),
    (["king-albert", "--deal", "1", "--suits", "2"], "no option --suits"),
    (["blue", "nosuchfile", "--deal", "2"], "not both"),
    (["blue", "/nonexistent/board.txt"], "cannot read board"),
    (["blue", "--deal", "1", "--memory", "12"], "memory"),
    (["blue", "--deal", "1", "--scheduler", "not an address"], "scheduler address"),
    (["blue", "--deal", "1", "--verdict", "worst"], "blue has the verdicts dealt, best, not 'worst'"),
])
def test_bad_input_is_one_line_and_exit_2(args, says):
    with folder() as d:
        code, out, err = cli("prove", *args, "--dir", d)
    assert code == 2 and len(err.strip().splitlines()) == 1 and says in err and "Traceback" not in err, err


def test_no_dir_and_a_folder_of_another_search_are_one_line():
    code, out, err = cli("prove", "blue", "--deal", "1")
    assert code == 2 and "--dir" in err and len(err.strip().splitlines()) == 1
    with folder() as d:
        assert cli("prove", "blue", "--deal", "1", "--suits", "2", "--ranks", "3", "--dir", d)[0] == 0
        code, out, err = cli("prove", "blue", "--deal", "2", "--suits", "2", "--ranks", "3", "--dir", d)
    assert code == 2 and "holds another search" in err and len(err.strip().splitlines()) == 1


def test_ctrl_c_stops_at_once_keeps_the_layers_and_the_same_command_goes_on(tmp_path):
    """A full-size deal: Ctrl-C after some layers stops within a second, says how to go on, and
    the manifest keeps the finished layers, from which the next run goes on."""
    folder_ = tmp_path / "p"
    cmd = [sys.executable, "-m", "baker8bit", "prove", "blue", "--deal", "3", "--dir", str(folder_)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    manifest = folder_ / "dealt" / "manifest.json"
    deadline = time.monotonic() + 120
    while not (manifest.exists() and len(json.loads(manifest.read_text())["layers"]) >= 12):
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail(f"no layers made: {proc.communicate()[1][-500:]}")
        time.sleep(0.05)
    t0 = time.monotonic()
    out, err = interrupt(proc, "prove", timeout=20)
    assert time.monotonic() - t0 < 2.0
    assert proc.returncode == 130 and "interrupted" in err and "the same command goes on" in err
    assert "Traceback" not in err
    kept = len(json.loads(manifest.read_text())["layers"])
    assert kept >= 12
    code, out, err = cli("prove", "blue", "--deal", "3", "--dir", str(folder_), "--max-seconds", "1", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["dealt"]["layers"] >= kept


def test_prove_on_a_dask_cluster_answers_as_in_one_process():
    """``--scheduler``: the buckets of each layer on a two-worker LocalCluster, both verdicts."""
    distributed = pytest.importorskip("distributed")
    args = ("prove", "blue", "--deal", "7", "--suits", "2", "--ranks", "4", "--json")
    with folder() as d:
        here = json.loads(cli(*args, "--dir", d)[1])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as c, folder() as d:
        code, out, err = cli(*args, "--dir", d, "--scheduler", c.scheduler_address)
    assert code == 0, err
    spread = json.loads(out)
    for verdict in ("dealt", "best"):
        for key in ("outcome", "states", "layers", "solution"):
            assert spread[verdict][key] == here[verdict][key]


def test_prove_at_its_defaults_stops_within_minutes():
    """Every command's defaults end within minutes: prove stops after ten minutes unless told
    otherwise (its finished layers kept, the same command goes on), and its --help says so."""
    from conftest import subcommands

    from baker8bit.commands import prove as prove_cmd

    prove = subcommands()["prove"]
    args = prove.parse_args(["blue", "--deal", "3", "--dir", "x"])
    assert args.max_seconds == prove_cmd.DEFAULT_SECONDS == 600
    said = " ".join(prove.format_help().split())
    assert "default 600: ten minutes" in said
