"""The compiled Blue search (``_csearch``: search.py built by tools/build_core.py with
search.pxd) against the plain module it is compiled from: the same answers, the same
moves, the same number of positions. Skipped when the extension is not built."""

from __future__ import annotations

import importlib

import pytest

from baker8bit.games.blue import rules, search, study
from baker8bit.games.blue.rules import Layout

pure = importlib.import_module("baker8bit.games.blue.search")
try:
    from baker8bit.games.blue import _csearch
except ImportError:  # pragma: no cover - not built
    _csearch = None

pytestmark = pytest.mark.skipif(_csearch is None, reason="_csearch not built (python tools/build_core.py)")


def test_implementation_picks_the_compiled_module_unless_asked_not_to(monkeypatch):
    assert search.implementation() is _csearch
    assert search.implementation(pure=True) is pure
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    assert search.implementation() is pure


@pytest.mark.parametrize("suits,ranks", [(2, 3), (3, 2), (2, 4)])
def test_same_runs_on_every_small_layout(suits, ranks):
    lay = Layout(suits, ranks)
    for b in study.all_layouts(lay):
        assert _csearch.stuck(b, lay) == pure.stuck(b, lay)
        for seed in (None, 3):
            for prune in (True, False):
                assert _csearch.run(b, lay, 10**6, None, prune, seed) == pure.run(b, lay, 10**6, None, prune, seed)


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_same_runs_at_full_size(deal):
    b = rules.deal(deal)
    for seed in (None, 1, 5):
        assert _csearch.run(b, rules.FULL, 20_000, None, False, seed) == pure.run(b, rules.FULL, 20_000, None, False, seed)
    undecided = bytearray(b)
    for a in range(0, rules.FULL.size, rules.FULL.width):
        undecided[a] = search.UNDECIDED
    u = bytes(undecided)
    assert _csearch.run(u, rules.FULL, 20_000, None, False, 2) == pure.run(u, rules.FULL, 20_000, None, False, 2)
    assert _csearch.stuck(u, rules.FULL) == pure.stuck(u, rules.FULL)
