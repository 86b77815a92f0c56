"""The layered, disk-backed exhaustive search (``research/layered.py``), on spaces made here: the
verdict, the count of states and the depth of the win are a plain in-memory breadth-first
search's; the path is a line of moves; a layer key is kept to; the answer is the same however the
layers are cut, whatever the memory, in one process, a process pool or a Dask cluster, and after
any stop (the time limit, Ctrl-C, a crash) and a second run on the same folder. The record
operations compiled (``_clayered``) give the plain reference's (``records.py``) bytes."""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from conftest import IN_CI
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE
from baker8bit.research import layered, records

try:
    from baker8bit.research import _clayered
except ImportError:  # pragma: no cover - not built
    _clayered = None


@contextmanager
def folder() -> Iterator[str]:
    """A scratch folder, in memory (/dev/shm) where there is one: the search makes many small files."""
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base) as d:
        yield d


class Graph:
    """A state space made of numbers below ``n`` (4 bytes, big-endian, after a key byte when
    ``keyed``): x goes to 3x + 1 and 7x + 2 (mod n) and x // 2; keyed, only to those of at least
    as many binary digits, which are its key. The goal: ``goal``."""

    max_children = 3

    def __init__(self, n: int, goal: int, keyed: bool = False, fail_at: int | None = None, fail=RuntimeError,
                 flat: bool = False):
        self.n, self.goal, self.keyed = n, goal, keyed
        self.size = 5 if keyed else 4
        self.level_bytes = 1 if keyed and not flat else 0  # flat: the key byte is not said to be one
        self.name = f"graph {n} {goal} {keyed} {flat}"
        self.fail_at, self.fail, self.calls = fail_at, fail, 0

    def code(self, x: int) -> bytes:
        return (bytes([x.bit_length()]) if self.keyed else b"") + x.to_bytes(4, "big")

    def number(self, s: bytes) -> int:
        return int.from_bytes(s[self.size - 4:], "big")

    def kids(self, x: int) -> list[int]:
        out = [(3 * x + 1) % self.n, (7 * x + 2) % self.n, x // 2]
        return [y for y in out if y.bit_length() >= x.bit_length()] if self.keyed else out

    def roots(self) -> bytes:
        return self.code(1)

    def expand(self, states: bytes) -> bytes:
        self.calls += 1
        if self.fail_at is not None and self.calls >= self.fail_at:
            raise self.fail("stopped here")
        return b"".join(self.code(y) for i in range(0, len(states), self.size)
                        for y in self.kids(self.number(states[i:i + self.size])))

    def goals(self, states: bytes) -> list[int]:
        return [i for i in range(len(states) // self.size)
                if self.number(states[i * self.size:(i + 1) * self.size]) == self.goal]

    def keys(self, path: list[bytes]) -> tuple[str, ...]:
        return tuple(str(self.number(s)) for s in path)

    def describe(self) -> dict:
        return {}


def breadth_first(g: Graph) -> tuple[str, int, int | None]:
    """(verdict, states stored, depth of the win): the layers up to the first with the goal."""
    seen, layer, depth = {1}, [1], 0
    while layer:
        if g.goal in layer:
            return SOLVED, len(seen), depth
        nxt = []
        for x in layer:
            for y in g.kids(x):
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        layer, depth = nxt, depth + 1
    return UNSOLVABLE, len(seen), None


def check_path(g: Graph, proof: layered.Proof) -> list[int]:
    path = [g.number(s) for s in proof.path]
    assert path[0] == 1 and path[-1] == g.goal
    assert all(b in g.kids(a) for a, b in zip(path, path[1:], strict=False))
    return path


@pytest.mark.parametrize("n, goal", [(1000, 5000), (20011, 17), (20011, 15555), (20011, -1)])
@pytest.mark.parametrize("min_bits", [0, 3])
def test_the_verdict_and_the_count_are_breadth_first_search_s(n, goal, min_bits):
    g = Graph(n, goal)
    want = breadth_first(g)
    with folder() as d:
        proof = layered.search(g, d, memory=1 << 20, min_bits=min_bits)
    assert (proof.outcome, proof.states) == want[:2]
    assert proof.states == sum(proof.layer_sizes)
    if proof.outcome == SOLVED:
        assert len(check_path(g, proof)) - 1 == want[2]  # a shortest win


@pytest.mark.parametrize("min_bits", [0, 2])
def test_a_layer_key_is_searched_key_by_key_and_kept_to(min_bits):
    """Keyed, a state is checked against its own key's layers only: the same states are stored
    as a search that checks them against all (the keyed graph's moves never lower the key)."""
    for goal in (-1, 300, 1000):
        g = Graph(2000, goal, keyed=True)
        flat = Graph(2000, goal, keyed=True, flat=True)
        with folder() as d, folder() as e:
            keyed = layered.search(g, d, memory=1 << 20, min_bits=min_bits)
            plain = layered.search(flat, e, memory=1 << 20)
        assert keyed.outcome == plain.outcome and keyed.states == plain.states, goal
        if keyed.outcome == SOLVED:
            check_path(g, keyed)


def test_a_move_that_lowers_the_key_is_an_error():
    g = Graph(100, -1, keyed=True)
    g.kids = lambda x: [x // 4]  # lowers the digits: the space breaks its word
    with folder() as d, pytest.raises(layered.SearchError, match="lowered the layer key"):
        layered.search(g, d)


def test_the_answer_does_not_depend_on_the_memory_the_cut_or_the_record_module():
    """Chunks of a bucket (a tiny budget), finer cuts, the plain records: the same states."""
    g = Graph(30011, -1)
    answers = set()
    for memory, bits, pure in ((1 << 20, 0, None), (1 << 16, 0, None), (1 << 20, 4, None), (1 << 20, 1, True)):
        with folder() as d:
            p = layered.search(g, d, memory=memory, min_bits=bits, pure=pure)
        answers.add((p.outcome, p.states, tuple(p.layer_sizes)))
    assert len(answers) == 1


def test_the_memory_budget_is_kept_while_the_layers_outgrow_it():
    """The engine's own accounting: no task held more than its budget, while the states stored
    (4 bytes each) came to several times it."""
    g = Graph(300_007, -1)
    with folder() as d:
        p = layered.search(g, d, memory=layered.MIN_TASK)
    assert p.outcome == UNSOLVABLE and p.states == breadth_first(g)[1]
    assert p.states * 4 > layered.MIN_TASK and 0 < p.peak_memory <= layered.MIN_TASK


def test_a_stopped_search_goes_on_from_its_last_finished_layer():
    g = Graph(20011, -1)
    want = breadth_first(g)
    with folder() as d:
        first = layered.search(g, d, max_seconds=1e-9)
        assert first.outcome == UNKNOWN and first.stopped == "time"
        runs = 0
        while True:  # one layer at most each time, then on
            p = layered.search(g, d, max_seconds=0.01)
            runs += 1
            if p.outcome != UNKNOWN:
                break
            assert p.layers >= first.layers
        assert (p.outcome, p.states) == want[:2] and runs > 1
        again = layered.search(g, d)  # decided: the manifest answers, the layers are gone
        assert (again.outcome, again.states) == want[:2]
        assert sorted(os.listdir(d)) == ["manifest.json"]


@pytest.mark.parametrize("fail", [RuntimeError, KeyboardInterrupt])
@pytest.mark.parametrize("keyed", [False, True])
def test_a_crash_or_ctrl_c_mid_layer_loses_only_that_layer(fail, keyed):
    """A search stopped inside a layer (an error, or Ctrl-C, from the space) keeps the layers it
    finished; the next run throws away what the unfinished one wrote and gives the whole answer."""
    goal = 1500 if keyed else 15555
    with folder() as d:
        want = layered.search(Graph(4000 if keyed else 20011, goal, keyed), d)
    for at in (2, 7, 15):
        g = Graph(4000 if keyed else 20011, goal, keyed, fail_at=at, fail=fail)
        with folder() as d:
            with pytest.raises(fail):
                layered.search(g, d, memory=1 << 16)
            manifest = json.load(open(os.path.join(d, "manifest.json")))
            assert manifest["outcome"] is None
            g.fail_at = None
            p = layered.search(g, d, memory=1 << 16)
        assert (p.outcome, p.states, [s.hex() for s in p.path]) == (want.outcome, want.states,
                                                                      [s.hex() for s in want.path])


def test_a_folder_of_another_search_is_refused():
    with folder() as d:
        layered.search(Graph(100, -1), d)
        with pytest.raises(layered.SearchError, match="holds another search"):
            layered.search(Graph(101, -1), d)
        with open(os.path.join(d, "manifest.json"), "w") as f:
            f.write("{not json")
        with pytest.raises(layered.SearchError, match="not a manifest"):
            layered.search(Graph(100, -1), d)


def test_a_process_pool_gives_the_answer_of_one_process():
    g = Graph(30011, 29999)
    with folder() as d, folder() as e:
        one = layered.search(g, d, min_bits=2)
        pool = layered.search(g, e, min_bits=2, workers=2)
    assert (one.outcome, one.states, one.path) == (pool.outcome, pool.states, pool.path)


def test_a_dask_cluster_gives_the_answer_of_one_process():
    """A two-worker LocalCluster runs the buckets of each layer: the same verdict, states and win."""
    distributed = pytest.importorskip("distributed")
    g = Graph(30011, 29999)
    with folder() as d:
        one = layered.search(g, d, min_bits=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as c, distributed.Client(c) as client, folder() as e:
        spread = layered.search(g, e, min_bits=2, scheduler=client)
    assert (one.outcome, one.states, one.path) == (spread.outcome, spread.states, spread.path)


# -- the record operations: compiled as the reference --------------------------------------------


@pytest.fixture(scope="module")
def compiled():
    if _clayered is None:
        if IN_CI:
            pytest.fail("_clayered is missing in CI (the package build compiles it: setup.py)")
        pytest.skip("_clayered not built")
    return _clayered


def test_implementation_picks_the_compiled_module_unless_asked_not_to(compiled, monkeypatch):
    assert records.implementation() is compiled
    assert records.implementation(pure=True) is records
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
    assert records.implementation() is records


@settings(max_examples=150, deadline=None)
@given(size=st.integers(1, 30), tag=st.sampled_from([0, 2, 4]), alphabet=st.sampled_from([2, 3, 256]),
       n=st.integers(0, 200), seed=st.integers(0, 2**32), level=st.booleans(), nb=st.integers(1, 9))
def test_compiled_record_operations_are_the_reference_s(compiled, size, tag, alphabet, n, seed, level, nb):
    r = random.Random(seed)
    width = size + tag
    data = bytes(r.randrange(alphabet) for _ in range(n * width))
    a, b = bytearray(data), bytearray(data)
    ka, kb = records.sort_unique(a, n, width, size), compiled.sort_unique(b, n, width, size)
    assert ka == kb and a[:ka * width] == b[:kb * width]
    items = [bytes(a[i * width:(i + 1) * width]) for i in range(ka)]
    assert items == sorted(items) and len({it[:size] for it in items}) == ka
    recs = data[:n * size]
    assert records.record_hash(recs[:size]) == compiled.record_hash(recs[:size])
    lb = 1 if level and size > 1 else 0
    assert records.partition(recs, size, lb, nb) == compiled.partition(recs, size, lb, nb)
    assert records.select(recs, size, nb, nb - 1) == compiled.select(recs, size, nb, nb - 1)
    codes = recs[:3 * size] + bytes(size)
    assert records.members(recs, size, codes) == compiled.members(recs, size, codes)
    run = sorted({bytes(r.randrange(alphabet) for _ in range(size)) for _ in range(r.randrange(100))}
                 | {it[:size] for it in items[::3]})
    with folder() as d:
        path = os.path.join(d, "run")
        with open(path, "wb") as f:
            f.write(b"".join(run))
        a2, b2 = bytearray(a), bytearray(b)
        x = records.subtract(a2, ka, width, size, path)
        y = compiled.subtract(b2, kb, width, size, path, block=max(size, 7 * size))
    assert x == y and a2[:x * width] == b2[:y * width]
    assert {bytes(a2[i * width:i * width + size]) for i in range(x)}.isdisjoint(run)
    for every in (1, 3, 64):  # the run's sparse index: the blocks the items may be in, read alone
        index = records.sparse_index(b"".join(run), size, every)
        with folder() as d:
            path = os.path.join(d, "run")
            with open(path, "wb") as f:
                f.write(b"".join(run))
            b3 = bytearray(b)
            z = compiled.subtract(b3, kb, width, size, path, 4096, index, every)
        assert z == x and b3[:z * width] == a2[:x * width]
    if tag:
        assert records.tagged(recs, size, 77, tag) == compiled.tagged(recs, size, 77, tag)
        assert records.untag(a, ka, width, size) == compiled.untag(b, kb, width, size)
    assert records.prefixed(recs, size, b"\x05") == compiled.prefixed(recs, size, b"\x05")


def test_a_bucket_of_a_finer_cut_is_in_its_coarser_bucket():
    """The bucket of 2^k is the top k bits of the hash: halving the cut halves the bucket."""
    r = random.Random(4)
    for _ in range(500):
        rec = bytes(r.randrange(256) for _ in range(r.randrange(1, 30)))
        for k in range(1, 9):
            assert records.bucket_of(rec, 1 << k) >> 1 == records.bucket_of(rec, 1 << (k - 1))


def test_few_items_against_a_long_run_read_only_their_blocks(compiled):
    """A run of 20,000 records and its sparse index; 30 items, some in it: the lookup drops the
    same ones the whole merge drops."""
    r = random.Random(9)
    run = sorted({r.randbytes(6) for _ in range(20000)})
    items = sorted(set(r.sample(run, 12) + [r.randbytes(6) for _ in range(18)]))
    with folder() as d:
        path = os.path.join(d, "run")
        with open(path, "wb") as f:
            f.write(b"".join(run))
        a, b = bytearray(b"".join(items)), bytearray(b"".join(items))
        whole = compiled.subtract(a, len(items), 6, 6, path)
        looked = compiled.subtract(b, len(items), 6, 6, path, 4096, records.sparse_index(b"".join(run), 6, 256), 256)
    assert whole == looked == len(set(items) - set(run)) and a[:whole * 6] == b[:looked * 6]
