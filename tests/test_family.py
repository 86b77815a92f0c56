"""One search for the FreeCell family (issue 22, item 5): the rules are data (solver/params.py),
the compiled search (_cfamily, fastfamily.pyx) is one loop, and the chooser stands apart.

A game of the family that is not registered (Seahaven Towers: ten columns, four cells, two of
them dealt, kings only into an empty column, building in suit) goes through the same search
with nothing written for it; fc-solve agrees with its verdicts."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest
from conftest import need_fcsolve
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit import games
from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.freecell import fcsolve, moves
from baker8bit.freecell.position import Position
from baker8bit.freecell.rules import RuleSet
from baker8bit.freecell.solver import choose, family, params, solve

IN_CI = os.environ.get("CI", "").lower() == "true"
SOLVER = Path(__file__).resolve().parents[1] / "baker8bit" / "freecell" / "solver"  # the sources
SEAHAVEN = RuleSet(name="seahaven", game="seahaven", title="Seahaven Towers", suits=4, columns=10, cells=4,
                   empty="kings", cells_dealt=2)
FAMILY = [games.get("baker").rules({"suits": 4}), games.get("bakers-game").rules({}),
          games.get("eight-off").rules({}), games.get("king-albert").rules({}), SEAHAVEN]
cards = st.integers(0, 51)


def answer(result) -> tuple:
    """Everything a search answers, but its time."""
    return result.outcome, result.positions, result.moves, result.detail["auto"], result.detail["max_empty"]


def compiled_module():
    if not choose.compiled_built():
        if IN_CI:
            pytest.fail("the compiled family search is missing in CI (the package build compiles it: setup.py)")
        pytest.skip("no compiled search (install with a C compiler: pip install .)")
    return choose.implementation(FAMILY[0], pure=False)


@given(cards, cards)
def test_the_build_rule_tables_agree(c, k):
    """k may go on c exactly when c is one of k's parents, in either build rule; a parent is
    one rank higher, in suit the same suit, in alternating colours the other colour."""
    for build in ("suit", "colour"):
        assert (k in params.kids_of(build, c)) == (c in params.parents_of(build, k))
        if c in params.parents_of(build, k):
            assert c % 13 == k % 13 + 1
            same_colour = (c // 13 in params.RED_SUITS) == (k // 13 in params.RED_SUITS)
            assert (c // 13 == k // 13) if build == "suit" else not same_colour
    assert sum(x != params.NOWHERE for x in params.parents_of("colour", k)) == (0 if k % 13 == 12 else 2)


def test_every_rule_parameter_comes_from_the_rule_set():
    for rs in FAMILY:
        p = params.params(rs)
        assert (p.columns, p.cells, p.reserve, p.suits) == (rs.columns, rs.cells, rs.reserve, rs.suits)
        assert p.any_empty == (rs.empty == "any")
        assert p.build == rs.build and p.total == rs.cards
    with pytest.raises(ValueError, match="does not take"):
        params.params(games.get("king-albert").rules({}).__class__(
            name="x", game="x", title="x", suits=2, columns=7, cells=1, build="colour"))


def test_the_chooser_sends_the_family_to_one_compiled_module(monkeypatch):
    monkeypatch.delenv("BAKER8BIT_PURE_SOLVER", raising=False)  # the choice when nothing is asked
    fast = compiled_module()
    assert fast.__name__.endswith("_cfamily")
    for rs in FAMILY:
        assert params.supports(rs)
        assert choose.implementation(rs) is fast
        assert choose.reference(rs) is family and choose.implementation(rs, pure=True) is family
        assert choose.search_name(rs) == "compiled"


@pytest.mark.parametrize("deal", range(1, 41))
def test_an_unregistered_game_runs_through_the_same_search(deal):
    """Seahaven Towers needs no solver code: the compiled search equals the pure one, state for
    state, and a win replays move by move."""
    fast = compiled_module()
    pos = Position.dealt(deal, SEAHAVEN)
    got = fast.solve(pos, SEAHAVEN, max_states=50_000)
    ref = family.solve(pos, SEAHAVEN, max_states=50_000)
    assert answer(got) == answer(ref)
    if got.outcome == SOLVED:
        for text in got.moves:
            move = moves.parse_move(text, SEAHAVEN)
            assert moves.is_legal(pos, move, SEAHAVEN), (deal, text)
            pos = moves.apply(pos, move)
        assert pos.is_complete()


def test_an_unregistered_game_has_fc_solves_verdicts():
    need_fcsolve()
    decided = 0
    for deal in range(1, 16):
        pos = Position.dealt(deal, SEAHAVEN)
        ours = solve(pos, SEAHAVEN, max_states=200_000).outcome
        theirs = fcsolve.solve(pos, SEAHAVEN, "--max-iters", "300000").outcome
        if UNKNOWN in (ours, theirs):
            continue
        assert ours == theirs, deal
        decided += 1
    assert decided >= 10


def _imports(path: Path) -> set[str]:
    """The solver modules a file imports (at any depth of the file: lazy imports count)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".pyx":  # Cython: its Python import lines only
        text = "\n".join(line for line in text.splitlines() if re.match(r"\s*(from \S+ )?import ", line)
                         and " cimport " not in line)
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "baker8bit.freecell.solver":
                names |= {a.name for a in node.names}
            elif node.module.startswith("baker8bit.freecell.solver."):
                names.add(node.module.rsplit(".", 1)[1])
        elif isinstance(node, ast.Import):
            names |= {a.name.rsplit(".", 1)[1] for a in node.names if a.name.startswith("baker8bit.freecell.solver.")}
    return names


def test_no_import_cycle_in_the_solver_and_the_chooser_apart():
    files = {p.stem: p for p in SOLVER.glob("*.py") if p.stem != "__init__"}
    files["fastfamily"] = SOLVER / "fastfamily.pyx"
    graph = {name: _imports(path) & set(files) for name, path in files.items()}
    assert "choose" in graph and graph["fastfamily"]
    for name, deps in graph.items():
        if name != "choose":
            assert "choose" not in deps, f"{name} imports the chooser"
    state: dict[str, int] = {}

    def visit(name: str, trail: tuple) -> None:
        if state.get(name) == 2:
            return
        assert state.get(name) != 1, f"import cycle: {' -> '.join(trail + (name,))}"
        state[name] = 1
        for dep in sorted(graph[name]):
            visit(dep, trail + (name,))
        state[name] = 2

    for name in sorted(graph):
        visit(name, ())


def test_the_references_stand_apart_from_the_chooser_and_the_compiled_search():
    """The pure searches (the family's reference and the readable ones HELP's recordings run)
    import neither the chooser nor the compiled search, so the chooser may pick either."""
    for name in ("family.py", "params.py", "search.py", "colour.py", "safety.py"):
        deps = _imports(SOLVER / name)
        assert not deps & {"choose", "_cfamily", "fastfamily"}, (name, deps)
    assert not (SOLVER / "core.py").exists() and not (SOLVER / "colour_core.py").exists()


def test_no_solver_file_names_a_game():
    """The searches know rules, not games: no game id in the family search or its parameters."""
    ids = [g for g in games.ids()]
    for name in ("fastfamily.pyx", "params.py", "family.py"):
        text = (SOLVER / name).read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        for gid in ids:
            assert f'"{gid}"' not in code, (name, gid)


@pytest.mark.parametrize("rs", FAMILY, ids=lambda r: r.name)
def test_compiled_and_pure_verdicts_agree_on_held_out_deals(rs):
    fast = compiled_module()
    for deal in range(5001, 5021):
        pos = Position.dealt(deal, rs)
        a = fast.solve(pos, rs, max_states=20_000)
        b = choose.implementation(rs, pure=True).solve(pos, rs, max_states=20_000)
        assert answer(a) == answer(b), (rs.name, deal)
        assert a.outcome in (SOLVED, UNSOLVABLE, UNKNOWN)


def test_a_position_still_to_search_costs_an_entry_not_a_position():
    """The stack keeps a position still to search as an entry (its parent on the path, the moves
    that lead from it), remade when popped: a search of a billion positions keeps its stack
    within memory. The tests above prove the remade positions are the ones the references make."""
    fast = compiled_module()
    assert fast.STACK_BYTES == 16 and fast.POSITION_BYTES == 96  # 120 when the stack held positions
    # and the path keeps a depth's moves' place, not its position (taken back by ``_undo``)
    assert fast.DEPTH_BYTES == 20


@st.composite
def family_rule_sets(draw) -> RuleSet:
    """A rule set of the family no game has: either build rule, any numbers the family takes."""
    build = draw(st.sampled_from(["suit", "colour"]))
    suits = 4 if build == "colour" else draw(st.integers(1, 4))
    columns = draw(st.integers(4, 12))
    cells = draw(st.integers(0, min(8, 19 - columns)))
    reserve = build == "colour" and draw(st.booleans())
    dealt = cells if reserve else draw(st.integers(0, cells))
    return RuleSet(name="drawn", game="drawn", title="drawn", suits=suits, columns=columns, cells=cells,
                   build=build, empty=draw(st.sampled_from(["any", "kings"])), cells_dealt=dealt,
                   reserve=reserve, base=draw(st.integers(0, 3)))


@settings(max_examples=60, deadline=None)
@given(family_rule_sets(), st.integers(1, 10**6), st.booleans())
def test_compiled_and_pure_give_the_same_answer_for_any_rule_parameters(rs, deal, prune):
    """For a random deal under random rule parameters the compiled search and ``family.py``
    make the same search: the same outcome, states, moves, automatic moves and max_empty (with
    the pruning on and off)."""
    fast = compiled_module()
    assert params.supports(rs)
    pos = Position.dealt(deal, rs)
    limit = 3_000 if prune else 1_000
    got = fast.solve(pos, rs, max_states=limit, prune=prune)
    ref = family.solve(pos, rs, max_states=limit, prune=prune)
    assert answer(got) == answer(ref)
    assert got.outcome in (SOLVED, UNSOLVABLE, UNKNOWN) and got.positions <= max(limit, 1)
    if got.outcome == SOLVED:  # a win is a legal line to the end
        for text in got.moves:
            move = moves.parse_move(text, rs)
            assert moves.is_legal(pos, move, rs), (text, got.moves)
            pos = moves.apply(pos, move)
        assert pos.is_complete()


def _places(rs: RuleSet):
    """The rule set's places: the columns, the cells, home (as family.py numbers them)."""
    return rs.columns, rs.columns + rs.cells


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FAMILY), st.integers(1, 10**6))
def test_a_plain_moves_key_is_known_before_its_child_is_made(rs, deal):
    """family.py leaves out a plain move whose key is seen already as its candidate is made: the
    XORs it takes the key from (``_Terms``' park for a column's top card into a cell, with
    ``_LAND`` for a card onto an exposed card) give the child's key from scratch, and there is
    no park XOR exactly where the card the move uncovers may go home safely (its key is then
    the settled child's, not known before)."""
    p = params.params(rs)
    pos = Position.dealt(deal, rs)
    cols = [bytes(c) for c in pos.columns]
    cells = [family.FREE if c is None else c for c in pos.cells]
    found = tuple(pos.foundations)
    terms = family._Terms.for_found(found, params.orders(p)[0], p.scheme, family._tables(p)[1])
    key = family.key_of(cols, cells)
    checked = 0
    for i, col in enumerate(cols):
        if not col:
            continue
        c, under = col[-1], (col[-2] if len(col) > 1 else family.BOTTOM)
        park = terms[col][2]
        assert (park is None) == (under < 52 and family._safe(under, found, family._tables(p)[1]))
        if park is None:
            continue
        rest = cols[:i] + [col[:-1]] + cols[i + 1:]
        assert key ^ park == family.key_of(rest, cells + [c])  # parked (which cell is not in a key)
        checked += 1
        for j, dst in enumerate(cols):
            if j != i and dst and dst[-1] in p.parents[c]:
                landed = list(rest)
                landed[j] = dst + bytes((c,))
                assert key ^ park ^ family._LAND[c][dst[-1]] == family.key_of(landed, cells)
                checked += 1
    for k, c in enumerate(cells):  # from a cell onto an exposed card: _LAND alone
        for j, dst in enumerate(cols):
            if c != family.FREE and dst and dst[-1] in p.parents[c]:
                landed = list(cols)
                landed[j] = dst + bytes((c,))
                left = cells[:k] + [family.FREE] + cells[k + 1:]
                assert key ^ family._LAND[c][dst[-1]] == family.key_of(landed, left)
                checked += 1
    assert checked  # (some column of a deal has a card under its top that may not go home)


@given(st.sampled_from(FAMILY), st.data())
def test_candidate_integers_are_one_digit_decode_by_table_and_sort_as_the_compiled_ones(rs, data):
    """family.py's candidate integers stay under 2 ** 30 (one CPython digit), the table
    ``_places`` gives back their source, destination, card, the card's key shift and its
    entering or leaving the exposed (xm) and parked (xp) cards; two of them sort as the compiled
    search's (which adds 1 << 14 to a priority, not family.PRIO0)."""
    ncol, home = _places(rs)
    table = family._places(ncol, home)
    draw = [(data.draw(st.integers(-2000, 2000)), data.draw(st.integers(0, home)), data.draw(st.integers(0, home)),
             data.draw(cards)) for _ in range(2)]
    ours = [(pr + family.PRIO0) << 16 | s << 11 | d << 6 | c for pr, s, d, c in draw]
    theirs = [(pr + (1 << 14)) << 16 | s << 11 | d << 6 | c for pr, s, d, c in draw]
    assert all(0 < x < 2 ** 30 for x in ours)
    assert (ours[0] < ours[1]) == (theirs[0] < theirs[1]) == (draw[0] < draw[1])
    for x, (_pr, s, d, c) in zip(ours, draw, strict=True):
        in_cols, in_cells = (s < ncol, d < ncol), (ncol <= s < home, ncol <= d < home)
        assert table[x & 0xFFFF] == (s, d, c, 6 * c, (1 << c) * (in_cols[0] != in_cols[1]),
                                     (1 << c) * (in_cells[0] != in_cells[1]))


@pytest.mark.parametrize("rs", FAMILY, ids=lambda rs: rs.name)
def test_a_table_made_at_its_final_size_is_the_same_search(rs):
    """A search allowed many positions makes its seen table once, at its final size (not a power
    of two, a key's slot the hash modulo the size), instead of doubling it (issue 22: 300,000,000
    King Albert positions in 18 GB). Lowered to small budgets here, every deal gives the same
    outcome, positions, moves and automatic moves as the doubling table, at budgets that stop
    the search (unknown) and budgets that let it end, with the table nearly full."""
    fast = compiled_module()
    deals = range(1, 41)
    limits = (3_000, 50_000)
    grown = {(d, n): answer(fast.solve(Position.dealt(d, rs), rs, max_states=n)) for d in deals for n in limits}
    old = fast.fixed_tables_from(1_000)
    try:
        fixed = {(d, n): answer(fast.solve(Position.dealt(d, rs), rs, max_states=n)) for d in deals for n in limits}
    finally:
        fast.fixed_tables_from(old)
    assert fixed == grown
    assert {a[0] for a in grown.values()} >= {UNKNOWN, SOLVED}, "the budgets both stop and end searches"
    assert any(a[1] >= 0.99 * n for (d, n), a in grown.items()), "a table filled to its budget"


def test_a_seen_key_takes_three_bits_a_card():
    """The seen table's key codes what each card lies on in three bits (``csearch._codes``: its
    root card, a card it may go on, home, a cell, a column's bottom), 24 bytes where the card
    under it took 40. That the code loses nothing is what the tests above check: the compiled
    search makes ``family.py``'s search state for state, on every game and random rule sets."""
    fast = compiled_module()
    assert fast.KEY_BYTES == 24


# -- restarts: seeded move orders ----------------------------------------------------------------


def test_restart_orders_are_seeded_prefixes_within_the_priority_bounds():
    """The i-th restart order is the same whatever the count (seed i), the orders differ, the
    moves home come first, and every move's priority stays far inside ``family.PRIO0``."""
    p = params.params(games.get("king-albert").rules())
    many = params.restart_orders(p, 40)
    assert params.restart_orders(p, 5) == many[:5] and len(set(many)) == 40
    for o in many:
        assert o.prio[0] == o.prio[1] == 0 and min(o.prio[2:]) >= 0
        assert max(o.prio) + o.w_dig * 52 + o.w_long * 52 < family.PRIO0
    with pytest.raises(ValueError, match="alternating colours"):
        params.restart_orders(params.params(games.get("bakers-game").rules()), 3)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([games.get("king-albert").rules(), games.get("freecell").rules()]),
       st.integers(1, 10**6), st.integers(0, 39))
def test_compiled_and_pure_make_the_same_search_with_a_restart_order(rs, deal, order):
    fast = compiled_module()
    pos = Position.dealt(deal, rs)
    got = fast.solve(pos, rs, max_states=3_000, order=order, restarts=40)
    ref = family.solve(pos, rs, max_states=3_000, order=order, restarts=40)
    assert answer(got) == answer(ref)


def test_each_restart_is_a_whole_search_with_its_own_budget():
    """Restarts run their orders in turn, each with the whole budget, until one decides: a deal the
    two orders leave unknown at 1,000,000 positions is won by a later restart within 250,000."""
    fast, rs = compiled_module(), games.get("king-albert").rules()
    pos = Position.dealt(4866, rs)
    assert fast.solve(pos, rs, max_states=1_000_000).outcome == UNKNOWN
    won = fast.solve(pos, rs, max_states=250_000, restarts=40)
    assert won.outcome == SOLVED and won.positions <= 250_000
    first = fast.solve(pos, rs, max_states=250_000, restarts=40, order=0)
    assert first.outcome == UNKNOWN and first.positions == 250_000
    for text in won.moves:
        move = moves.parse_move(text, rs)
        assert moves.is_legal(pos, move, rs), text
        pos = moves.apply(pos, move)
    assert pos.is_complete()
