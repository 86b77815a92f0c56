"""A layered, disk-backed exhaustive search that knows no game (``baker8bit prove``).

It answers one question about a state space (``StateSpace``): is a goal state reachable from the
roots? ``solved`` with the path of states to one (the fewest moves, since the layers are breadth
first), ``unsolvable`` only when every reachable state was stored and expanded (a proof, with the
count of states), ``unknown`` when the time limit stopped it (with how far it got: a later run on
the same folder goes on from there, as after Ctrl-C or a crash).

**Layers.** Layer 0 holds the roots; layer g + 1 the children of layer g's states that no earlier
layer holds (breadth-first search with delayed duplicate detection: R. Korf, "Best-first frontier
search with delayed duplicate detection", AAAI 2004; "Linear-time disk-based implicit graph
search", JACM 2008). A space may give each state a *layer key* (``level_bytes`` = 1: the state's
first byte), a number no move lowers (King Albert: the cards home and the reserve cards played).
Then the keys are searched in turn, the lowest first, breadth first within each: a child with a
higher key waits in that key's *inbox* until its turn, and a state is checked against the
earlier layers of its own key only, since no state of a lower key is made again (those layers are
never read again, as fc-solve's ``depth_dbm_fc_solver`` drops them).

**Buckets.** Each layer is cut into 2^k buckets by the top k bits of a hash of the state
(``records.bucket_of``), so a bucket is deduplicated alone: its candidates sorted and made unique,
then merged against the sorted runs of the same bucket in the earlier layers of the same key
(``records.subtract``, one pass over each run). What is left is the bucket's part of the new layer,
written as a sorted run, tested for goals and expanded at once: its children go to the candidate
files of the next layer (or the inbox of their key), one file per (target bucket, source bucket),
so no two tasks write one file. k grows with the layers (never shrinks), so that a bucket's
candidates fit in a task's memory: a bucket of 2^k is in bucket ``b >> (k - j)`` of 2^j, and a
layer cut finer reads the run of that coarser bucket (its other states do not matter to the
merge); an inbox file cut coarser than the layer that reads it is filtered (``records.select``).
A bucket of a layer is one task: one process, a process pool or a Dask cluster run the same tasks
(``workers``, ``scheduler``), and the answer does not depend on which: the states of each layer are
the same, the goal chosen is the least.

**Memory.** ``memory`` bytes are shared by the tasks that run at once; a task's buffers (a chunk
of candidates, a batch of parents and their children, a block of a file) are sized from its share
and counted (``Proof.peak_memory``: the most a task held at once). Candidates of a bucket beyond a
chunk are deduplicated chunk by chunk, each chunk also against the parts of the layer written
before it.

**Disk.** ``directory`` holds ``manifest.json`` (written atomically after each finished layer: the
layers, the totals, the verdict) and the layers' runs ``L<g>/b<bucket>.<part>.run`` (states without
their key byte, which the layer's key gives), the candidates ``C<g>/`` and the inboxes ``I<key>/``.
A run that stops keeps every finished layer; the next run on the folder deletes what the
unfinished layer wrote and makes it again. Once decided, the verdict (and the path of a win) stays
in the manifest and the layers are deleted: the same folder answers again at once.

**The path of a win** is read back through the stored layers: the parent of a state of layer g is
found by expanding the states of its source layer (g - 1, or for the first layer of a key the layer
its tag names: an inbox item carries the layer it was made from) until one has it as a child, and
so on to a root.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import shutil
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol, TextIO

from baker8bit.core.outcome import SOLVED, UNKNOWN, UNSOLVABLE, Outcome
from baker8bit.research import cluster, records

FORMAT = "baker8bit-layered 1"
DEFAULT_MEMORY = 512 * 1024 * 1024
MAX_BITS = 8  # at most 256 buckets a layer (65,536 candidate files); beyond, a bucket is done in chunks
TAG_BYTES = 4  # an inbox item's tag: the layer its state was made from (ROOT: a root)
ROOT = (1 << 32) - 1
MAX_BLOCK = 1 << 20  # bytes read or tested at a time (a run's block, a tagged file's, a goal test's)
MIN_TASK = 1 << 20  # the least a task is given, whatever the budget
EVERY = 256  # a run's sparse index holds its record at each multiple of this
MAX_BATCH = 1 << 16  # parents expanded in one call: a fraction of a second, so Ctrl-C is heard soon
FIRST_GROWTH = 8  # the growth of a layer assumed before two layers are known


class StateSpace(Protocol):
    """What the search asks of a game: its states as fixed-size byte strings and its moves in
    batches. Every method takes and gives states end to end in one ``bytes``."""

    name: str  # the search, in words (game, layout, deal, variant): a folder resumes only the same search
    size: int  # bytes of a state
    level_bytes: int  # 0, or 1: a state's first byte is its layer key, which no move lowers
    max_children: int  # at most this many children a state (sizes the batches)

    def roots(self) -> bytes:
        """The start states."""

    def expand(self, states: bytes) -> bytes:
        """The children of each state (all of its legal moves' results, repeats allowed)."""

    def goals(self, states: bytes) -> list[int]:
        """The indexes of the goal states among ``states``."""

    def keys(self, path: list[bytes]) -> tuple[str, ...]:
        """The keys a player types to follow ``path`` (a root, then a child of each state, to a
        goal), as ``baker8bit keys`` reads them (the search never calls it; ``prove`` does)."""

    def describe(self) -> dict:
        """What ``prove --json`` says of the position besides the verdicts (Blue: the layout and
        its board, as ``check --json``)."""


@dataclass(frozen=True)
class ProofTask:
    """One question ``prove`` asks of a position: a verdict's name (``dealt``, ``best``), its
    space, and ``won_if``: an earlier verdict whose win answers this one too (Blue: a win with the
    aces as dealt is a win with the best ordering), so this space is not searched then."""

    name: str
    space: StateSpace
    won_if: str | None = None


@dataclass
class Proof:
    """The search's answer. ``states``: the distinct states of the finished layers (with
    ``unsolvable``, every reachable state); ``layers``: the finished layers (``layer_sizes``:
    each one's states); ``path``: with ``solved``, the states from a root to a goal;
    ``disk_bytes``: the most the folder held at the end of a layer; ``peak_memory``: the most a
    task's buffers held at once (bytes); ``seconds``: over every run on the folder; ``stopped``:
    why an ``unknown`` stopped (``time``)."""

    outcome: str
    states: int = 0
    layers: int = 0
    level: int = 0
    path: list[bytes] = field(default_factory=list)
    disk_bytes: int = 0
    peak_memory: int = 0
    seconds: float = 0.0
    stopped: str = ""
    layer_sizes: list[int] = field(default_factory=list)


class SearchError(ValueError):
    """A folder that holds another search or a damaged manifest, or a space that breaks its word."""


class _OutOfTime(Exception):
    pass


# -- the folder ---------------------------------------------------------------------------------


def _layer_dir(directory: str, g: int) -> str:
    return os.path.join(directory, f"L{g:06d}")


def _cand_dir(directory: str, g: int) -> str:
    return os.path.join(directory, f"C{g:06d}")


def _inbox_dir(directory: str, level: int) -> str:
    return os.path.join(directory, f"I{level:03d}")


def _runs(directory: str, g: int, bucket: int) -> list[str]:
    """The sorted run files of bucket ``bucket`` of layer ``g``, in part order."""
    d = _layer_dir(directory, g)
    prefix = f"b{bucket:05d}."
    try:
        names = sorted(n for n in os.listdir(d) if n.startswith(prefix) and n.endswith(".run"))
    except FileNotFoundError:
        return []
    return [os.path.join(d, n) for n in names]


def _write_manifest(directory: str, data: dict) -> None:
    """The manifest, atomically: a temporary file beside it, flushed, then renamed over it."""
    path = os.path.join(directory, "manifest.json")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _read_manifest(directory: str) -> dict | None:
    path = os.path.join(directory, "manifest.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        raise SearchError(f"{path}: not a manifest of this search ({str(e)[:100]})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SearchError(f"{path}: not a manifest of `baker8bit prove` ({FORMAT})")
    return data


# -- one task: one bucket of one layer ----------------------------------------------------------


@dataclass(frozen=True)
class _Task:
    directory: str
    space: StateSpace
    g: int  # the layer made
    level: int  # its key
    first: bool  # the first layer of its key: its candidates are the key's inbox, tagged
    bits: int  # the layer is cut into 2^bits buckets
    out_bits: int  # the candidates it makes are cut into 2^out_bits
    earlier: tuple[tuple[int, int], ...]  # the earlier layers of its key and their bits: their runs are subtracted
    budget: int  # bytes this task may hold
    deadline: float | None  # time.time() past which the task stops
    pure: bool | None = None  # records' implementation (None: the environment's choice)


@dataclass
class _Held:
    """The bytes a task's buffers hold now and at most (the engine's own accounting)."""

    now: int = 0
    peak: int = 0

    def take(self, n: int) -> None:
        self.now += n
        self.peak = max(self.peak, self.now)

    def give(self, n: int) -> None:
        self.now -= n


def _inbox_files(directory: str, level: int) -> list[tuple[str, int, int, int]]:
    """The files of a key's inbox: (path, target bucket, its bits, the layer that made it)."""
    d = _inbox_dir(directory, level)
    out = []
    try:
        names = sorted(os.listdir(d))
    except FileNotFoundError:
        return out
    for n in names:
        b, k, src, _part = n.split(".")  # b<bucket>.k<bits>.from<layer>.<bucket>
        out.append((os.path.join(d, n), int(b[1:]), int(k[1:]), int(src[4:])))
    return out


def _inputs(t: _Task, bucket: int) -> list[tuple[str, int, int]]:
    """The candidate files of this bucket of layer ``t.g``: (path, tag, bits the file is cut
    into), in name order. The tag is the layer its states were made from (ROOT for the roots)."""
    if t.first:
        return [(path, src, k) for path, target, k, src in _inbox_files(t.directory, t.level)
                if target == bucket >> (t.bits - k)]
    d = _cand_dir(t.directory, t.g)
    prefix = f"b{bucket:05d}."
    try:
        names = sorted(n for n in os.listdir(d) if n.startswith(prefix))
    except FileNotFoundError:
        return []
    return [(os.path.join(d, n), t.g - 1, t.bits) for n in names]


def _chunks(t: _Task, bucket: int, files: list[tuple[str, int, int]], width: int, size: int, cap: int, block: int,
            held: _Held, rec) -> Iterator[tuple[bytearray, int]]:
    """The candidates of ``files`` in chunks of at most ``cap`` items, each read into one buffer
    (tagged with their file's tag when ``width > size``; a file cut coarser than the layer
    filtered to the bucket, ``block`` bytes at a time), in file order: (buffer, items)."""
    total = sum(os.path.getsize(path) // size for path, _tag, _k in files)
    if total == 0:
        return
    cap = min(cap, total)  # no bigger than the candidates
    buf = bytearray(cap * width)
    held.take(len(buf))
    n = 0
    for path, tag, k in files:
        with open(path, "rb") as f:
            while True:
                room = cap - n
                if room == 0:
                    yield buf, n
                    n = 0
                    room = cap
                if width == size and k == t.bits:
                    got = f.readinto(memoryview(buf)[n * size:(n + room) * size])
                    if not got:
                        break
                    n += got // size
                    continue
                data = f.read(min(room, max(1, block // size)) * size)
                if not data:
                    break
                if k != t.bits:
                    data = rec.select(data, size, 1 << t.bits, bucket)
                m = len(data) // size
                buf[n * width:(n + m) * width] = rec.tagged(data, size, tag, width - size) if width != size else data
                n += m
    if n:
        yield buf, n
    held.give(len(buf))


def _check_time(t: _Task) -> None:
    if t.deadline is not None and time.time() > t.deadline:
        raise _OutOfTime


def _shares(budget: int, space: StateSpace, width: int, size: int) -> tuple[int, int, int]:
    """How a task's budget is shared: (the items of a chunk of candidates, the parents of a batch,
    the bytes of a block). A block (a run's, a file's, a goal test's: at most two at once) is a
    sixteenth; a chunk of candidates 0.3 (half of it where its records are copied out of a tagged
    chunk); a batch of parents the rest: the parents with their key, their children, the
    children's hashes and their groups (``records.partition``), at most ``MAX_BATCH`` of them."""
    budget = max(MIN_TASK, budget)
    block = min(MAX_BLOCK, budget // 16)
    chunk = int(budget * (0.3 if width == size else 0.15))
    cap = max(1, chunk // width)
    per_parent = space.size + space.max_children * (2 * space.size + 8)
    batch = max(1, min(MAX_BATCH, (budget - 2 * block - 2 * cap * width) // per_parent))
    return cap, batch, block


def run_bucket(t: _Task, bucket: int) -> dict:
    """Make bucket ``bucket`` of layer ``t.g``: its candidates deduplicated, written as sorted
    runs, tested for goals and expanded into the next layer's candidates and the inboxes. The
    answer: ``new`` states, ``goals`` (the goal states, whole), ``peak`` bytes held, ``children``
    made, ``runs`` (bytes written as runs), ``made`` (as the next layer's candidates), ``inbox``
    (to each key's inbox), or ``stopped`` when the deadline passed (what it wrote is then thrown
    away)."""
    rec = records.implementation(t.pure)
    space = t.space
    lb = space.level_bytes
    size = space.size - lb  # stored bytes of a state
    width = size + (TAG_BYTES if t.first else 0)
    prefix = t.level.to_bytes(lb, "big") if lb else b""
    held = _Held()
    cap, batch, block = _shares(t.budget, space, width, size)
    files = _inputs(t, bucket)
    # the newest layers first: they hold most of the repeats, and fewer items meet the older runs
    runs = [r for g, k in reversed(t.earlier) for r in _runs(t.directory, g, bucket >> (t.bits - k))]
    out_dir = _layer_dir(t.directory, t.g)
    os.makedirs(out_dir, exist_ok=True)
    new = children = made = run_bytes = 0
    inbox: dict[int, int] = {}
    goals: list[bytes] = []
    mine: list[str] = []
    try:
        held.take(block)  # a block of a file while a chunk is read, or of a run while it is merged
        for buf, n in _chunks(t, bucket, files, width, size, cap, block, held, rec):
            _check_time(t)
            n = rec.sort_unique(buf, n, width, size)
            for run in mine + runs:
                if n == 0:
                    break
                with open(run[:-4] + ".idx", "rb") as f:
                    index = f.read()
                held.take(len(index))
                n = rec.subtract(buf, n, width, size, run, block, index, EVERY)
                held.give(len(index))
                del index
                _check_time(t)
            if not n:
                continue
            path = os.path.join(out_dir, f"b{bucket:05d}.{len(mine):04d}.run")
            if width == size:
                states = memoryview(buf)[:n * size]
                tags = b""
            else:
                held.take(n * width)
                states, tags = rec.untag(buf, n, width, size)
            with open(path, "wb") as f:
                f.write(states)
            with open(path[:-4] + ".idx", "wb") as f:
                f.write(records.sparse_index(states, size, EVERY))
            if tags:
                with open(path[:-4] + ".src", "wb") as f:
                    f.write(tags)
            mine.append(path)
            new += n
            run_bytes += n * (size + len(tags) // max(1, n))
            goals += _goals(space, states, size, prefix, block, rec)
            kids, wrote, more = _expand(t, states, size, prefix, batch, bucket, held, rec)
            children += kids
            made += wrote
            for level, k in more.items():
                inbox[level] = inbox.get(level, 0) + k
            if tags:
                held.give(n * width)
            del states
        held.give(block)
    except _OutOfTime:
        return {"bucket": bucket, "stopped": True, "peak": held.peak}
    return {"bucket": bucket, "new": new, "goals": goals, "peak": held.peak, "children": children,
            "runs": run_bytes, "made": made, "inbox": inbox}


def _goals(space: StateSpace, states, size: int, prefix: bytes, block: int, rec) -> list[bytes]:
    """The goal states among stored ``states`` (their key put back), ``block`` bytes at a time."""
    out = []
    step = max(1, block // (2 * space.size))
    for i in range(0, len(states) // size, step):
        chunk = bytes(states[i * size:(i + step) * size])
        whole = rec.prefixed(chunk, size, prefix) if prefix else chunk
        for j in space.goals(whole):
            out.append(whole[j * space.size:(j + 1) * space.size])
    return out


def _expand(t: _Task, states, size: int, prefix: bytes, batch: int, bucket: int, held: _Held,
            rec) -> tuple[int, int, dict[int, int]]:
    """Expand stored ``states`` in batches; their children go to the next layer's candidates
    (the same key) or to their key's inbox, cut into 2^out_bits. (children, bytes written as the
    next layer's candidates, bytes written to each key's inbox)."""
    space = t.space
    made = wrote = 0
    inbox: dict[int, int] = {}
    n = len(states) // size
    for i in range(0, n, batch):
        _check_time(t)
        chunk = bytes(states[i * size:min(n, i + batch) * size])
        whole = rec.prefixed(chunk, size, prefix) if prefix else chunk
        kids = space.expand(whole)
        # the parents (with and without their key), the children, their hashes and their groups
        work = len(chunk) + len(whole) + 2 * len(kids) + len(kids) // space.size * 8
        held.take(work)
        made += len(kids) // space.size
        for (level, target), data in rec.partition(kids, space.size, space.level_bytes, 1 << t.out_bits).items():
            if level == t.level:
                d = _cand_dir(t.directory, t.g + 1)
                name = f"b{target:05d}.from{bucket:05d}"
                wrote += len(data)
            elif level > t.level:
                d = _inbox_dir(t.directory, level)
                name = f"b{target:05d}.k{t.out_bits:02d}.from{t.g:06d}.{bucket:05d}"
                inbox[level] = inbox.get(level, 0) + len(data)
            else:
                raise SearchError(f"{space.name}: a move lowered the layer key from {t.level} to {level}")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, name), "ab") as f:
                f.write(data)
        held.give(work)
        del kids, whole, chunk
    return made, wrote, inbox


# -- the search ---------------------------------------------------------------------------------


class _Runner:
    """Runs the tasks of a layer: in this process, in a process pool, or on a Dask client."""

    def __init__(self, workers: int, scheduler=None):
        self.workers = max(1, workers)
        self.client = None
        self.own = False  # a client made here from an address is closed here; one given is not
        self.pool = None
        if scheduler is not None:
            self.own = isinstance(scheduler, str)
            self.client = cluster.connect(scheduler) if self.own else scheduler
            self.workers = max(1, sum(self.client.nthreads().values()))
        elif self.workers > 1:
            self.pool = multiprocessing.get_context("spawn").Pool(self.workers, initializer=_quiet_worker)

    def run(self, task: _Task, buckets: list[int], done: Callable[[dict], None]) -> list[dict]:
        out = []
        if self.client is not None:
            from distributed import as_completed  # Dask, the optional cluster extra: only when asked for

            futures = self.client.map(run_bucket, [task] * len(buckets), buckets, pure=False)
            try:
                for fut in as_completed(futures):
                    r = fut.result()
                    out.append(r)
                    done(r)
            except BaseException:
                self.client.cancel(futures)
                raise
        elif self.pool is not None:
            for r in self.pool.imap_unordered(_pool_task, [(task, b) for b in buckets], chunksize=1):
                out.append(r)
                done(r)
        else:
            for b in buckets:
                r = run_bucket(task, b)
                out.append(r)
                done(r)
                if r.get("stopped"):
                    break
        return sorted(out, key=lambda r: r["bucket"])

    def close(self, kill: bool = False) -> None:
        if self.pool is not None:
            if kill:
                self.pool.terminate()
            else:
                self.pool.close()
            self.pool.join()
            self.pool = None
        if self.client is not None and self.own:
            self.client.close()
        self.client = None


def _pool_task(args) -> dict:
    return run_bucket(*args)


def _quiet_worker() -> None:
    # Ctrl-C reaches every process of the terminal's group; the parent stops the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def human(n: float) -> str:
    """Bytes as people read them: ``512 B``, ``1.2 GB``."""
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)


def clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class _Report:
    """Progress on a text stream: on a terminal one line redrawn (the layer's buckets as they
    finish), else a line per finished layer."""

    def __init__(self, stream: TextIO | None, label: str):
        self.stream = stream
        self.label = label
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self.last = 0.0

    def bucket(self, g: int, level: int, done: int, total: int, states: int, seconds: float) -> None:
        if not self.tty or time.monotonic() - self.last < 0.2:
            return
        self.last = time.monotonic()
        self.stream.write(f"\r{self.label}: layer {g} (key {level}) buckets {done}/{total}, "
                          f"{states:,} states, {clock(seconds)}\033[K")
        self.stream.flush()

    def layer(self, g: int, level: int, new: int, states: int, disk: int, seconds: float) -> None:
        if self.stream is None:
            return
        line = (f"{self.label}: layer {g} (key {level}): {new:,} new, {states:,} states, "
                f"{human(disk)} on disk, {clock(seconds)}")
        self.stream.write(("\r" + line + "\033[K\n") if self.tty else line + "\n")
        self.stream.flush()


def _fresh(space: StateSpace) -> dict:
    return {"format": FORMAT, "space": space.name, "size": space.size, "level_bytes": space.level_bytes,
            "layers": [], "states": 0, "seconds": 0.0, "disk": 0, "disk_peak": 0, "memory_peak": 0,
            "inbox": {}, "next": 0, "outcome": None, "goal": None, "path": None}


def _clean_unfinished(directory: str, done: int, level: int | None) -> None:
    """Delete what an unfinished layer wrote (its runs, the next layer's candidates, the inbox
    files made from it) and the inputs finished layers consumed (candidates of finished layers,
    the inboxes of keys entered already)."""
    for name in os.listdir(directory):
        path = os.path.join(directory, name)
        if name.startswith("L") and name[1:].isdigit() and int(name[1:]) >= done:
            shutil.rmtree(path, ignore_errors=True)
        elif name.startswith("C") and name[1:].isdigit() and int(name[1:]) != done:
            shutil.rmtree(path, ignore_errors=True)
        elif name.startswith("I") and name[1:].isdigit():
            if level is not None and int(name[1:]) <= level:
                shutil.rmtree(path, ignore_errors=True)
                continue
            for f, _target, _k, src in _inbox_files(directory, int(name[1:])):
                if src != ROOT and src >= done:
                    os.remove(f)
            if not os.listdir(path):
                os.rmdir(path)
        elif name == "manifest.json.tmp":
            os.remove(path)


def _pending_levels(directory: str) -> list[int]:
    return sorted(int(n[1:]) for n in os.listdir(directory) if n.startswith("I") and n[1:].isdigit())


def _proof_of(data: dict, stopped: str = "") -> Proof:
    layers = data["layers"]
    return Proof(Outcome(data["outcome"] or UNKNOWN), data["states"], len(layers), layers[-1]["level"] if layers else 0,
                 [bytes.fromhex(h) for h in data["path"] or []], data["disk_peak"], data["memory_peak"],
                 data["seconds"], stopped, [la["states"] for la in layers])


def search(space: StateSpace, directory: str, *, memory: int = DEFAULT_MEMORY, max_seconds: float | None = None,
           workers: int = 1, scheduler=None, progress: TextIO | None = None, label: str | None = None,
           min_bits: int = 0, pure: bool | None = None) -> Proof:
    """Search ``space`` exhaustively, keeping its layers in ``directory`` (made if missing; a folder
    with a manifest of the same search goes on from its last finished layer, one of another search
    is a SearchError). ``memory``: bytes the tasks running at once may hold together;
    ``max_seconds``: the time of this run, after which the answer is ``unknown`` (the finished
    layers kept); ``workers``: processes (a spawned pool when above 1); ``scheduler``: a Dask
    scheduler's address or ``Client`` instead; ``progress``: where the progress goes (None:
    nowhere), each line headed ``label`` (default the space's name); ``min_bits``: cut every
    layer into at least 2^min_bits buckets (tests); ``pure``: the plain-Python record operations
    (tests). KeyboardInterrupt stops it at once and keeps the finished layers."""
    os.makedirs(directory, exist_ok=True)
    data = _read_manifest(directory)
    if data is None:
        data = _fresh(space)
    elif (data["space"], data["size"], data["level_bytes"]) != (space.name, space.size, space.level_bytes):
        raise SearchError(f"{directory} holds another search ({data['space'][:80]}): give another folder, "
                          "or remove that one")
    if data["outcome"] is not None:
        return _proof_of(data)
    rec = records.implementation(pure)
    t0 = time.monotonic()
    deadline = None if max_seconds is None else time.time() + max_seconds
    spent = data["seconds"]
    report = _Report(progress, label or space.name)
    layers = data["layers"]
    stopped = ""
    if data["goal"] is None:
        _clean_unfinished(directory, len(layers), layers[-1]["level"] if layers else None)
        if not layers and not _pending_levels(directory):
            for (level, _b), chunk in rec.partition(space.roots(), space.size, space.level_bytes, 1).items():
                d = _inbox_dir(directory, level)
                os.makedirs(d, exist_ok=True)
                with open(os.path.join(d, f"b00000.k00.from{ROOT:06d}.00000"), "wb") as f:
                    f.write(chunk)
                data["inbox"][str(level)] = len(chunk)
        runner = _Runner(workers, scheduler)
        try:
            stopped = _layers(space, directory, data, runner, memory, deadline, report, t0, min_bits, pure)
        except BaseException:
            runner.close(kill=True)
            raise
        runner.close()
    if data["goal"] is not None:
        goal = bytes.fromhex(data["goal"])
        data["path"] = [s.hex() for s in _path(space, directory, layers, goal, rec)]
        data["outcome"] = SOLVED
    data["seconds"] = spent + time.monotonic() - t0
    _write_manifest(directory, data)
    if data["outcome"] is not None:
        _drop_layers(directory)
    return _proof_of(data, stopped)


def _bits_for(items: float, width: int, chunk: int, floor: int, workers: int) -> int:
    """The bits of a cut whose buckets' candidates (``items`` in all, ``width`` bytes each) fit
    in a chunk of ``chunk`` bytes, at least ``floor``; and, for a large layer, at least two
    buckets a worker, so that the workers share it."""
    need = math.ceil(math.log2(max(1.0, items * width / chunk)))
    if items >= 1 << 16 and workers > 1:
        need = max(need, math.ceil(math.log2(2 * workers)))
    return min(MAX_BITS, max(floor, need))


def _layers(space: StateSpace, directory: str, data: dict, runner: _Runner, memory: int, deadline: float | None,
            report: _Report, t0: float, min_bits: int, pure) -> str:
    """Make layers until a goal is met (``data["goal"]``), nothing is left (``data["outcome"]``
    unsolvable) or the time runs out (the answer: ``"time"``); ``data`` (the manifest) is written
    after each layer."""
    layers = data["layers"]
    spent = data["seconds"]
    per_task = max(MIN_TASK, memory // runner.workers)
    size = space.size - space.level_bytes
    while True:
        g = len(layers)
        if deadline is not None and time.time() > deadline:
            return "time"
        level, first = _next_layer(directory, layers)
        if level is None:
            data["outcome"] = UNSOLVABLE
            return ""
        width = size + (TAG_BYTES if first else 0)
        chunk = _shares(per_task, space, width, size)[0] * width
        floor = max(min_bits, layers[-1]["out_bits"] if layers else 0)
        if first:  # the key's inbox (the bytes the layers before made for it)
            inbox = data["inbox"].get(str(level), 0)
            candidates = inbox // size
            bits = _bits_for(candidates, width, chunk, floor, runner.workers)
        else:  # the candidates the layer before made (cut as it chose)
            inbox = data["next"]
            candidates = inbox // size
            bits = floor
        # the next layer's candidates: this layer's times the last growth seen
        growth = FIRST_GROWTH
        if layers and layers[-1]["candidates"] and layers[-1]["level"] == level:
            growth = min(16.0, max(1.0, candidates / layers[-1]["candidates"]))
        out_bits = _bits_for(candidates * growth, size, chunk, bits, runner.workers)
        earlier = tuple((i, la["bits"]) for i, la in enumerate(layers) if la["level"] == level)
        task = _Task(directory, space, g, level, first, bits, out_bits, earlier, per_task, deadline, pure)
        count = [0, 0]
        nb = 1 << bits

        def done(r: dict, g=g, level=level, count=count, nb=nb) -> None:
            count[0] += 1
            count[1] += r.get("new", 0)
            report.bucket(g, level, count[0], nb, data["states"] + count[1], spent + time.monotonic() - t0)

        results = runner.run(task, list(range(nb)), done)
        if any(r.get("stopped") for r in results) or len(results) < nb:
            return "time"
        new = sum(r["new"] for r in results)
        goals = sorted(gl for r in results for gl in r["goals"])
        data["memory_peak"] = max(data["memory_peak"], *(r["peak"] for r in results))
        layers.append({"level": level, "bits": bits, "out_bits": out_bits, "candidates": candidates,
                       "states": new, "children": sum(r["children"] for r in results)})
        data["states"] += new
        # on disk: the runs kept and the candidates made, with (at the layer's end) those it read
        during = data["disk"] + sum(r["runs"] + r["made"] + sum(r["inbox"].values()) for r in results)
        data["disk_peak"] = max(data["disk_peak"], during)
        data["disk"] = during - inbox
        data["next"] = sum(r["made"] for r in results)
        data["inbox"].pop(str(level), None)
        for r in results:
            for key, k in r["inbox"].items():
                data["inbox"][str(key)] = data["inbox"].get(str(key), 0) + k
        data["seconds"] = spent + time.monotonic() - t0
        if goals:
            data["goal"] = goals[0].hex()  # the least: the same however the buckets were run
        _write_manifest(directory, data)
        # the inputs of the finished layer are consumed
        shutil.rmtree(_cand_dir(directory, g), ignore_errors=True)
        if first:
            shutil.rmtree(_inbox_dir(directory, level), ignore_errors=True)
        report.layer(g, level, new, data["states"], data["disk"], data["seconds"])
        if goals:
            return ""


def _next_layer(directory: str, layers: list[dict]) -> tuple[int | None, bool]:
    """The key of the next layer and whether it is its key's first (None: nothing is left)."""
    g = len(layers)
    d = _cand_dir(directory, g)
    if layers and os.path.isdir(d) and os.listdir(d):
        return layers[-1]["level"], False
    pending = _pending_levels(directory)
    return (pending[0], True) if pending else (None, False)


def _drop_layers(directory: str) -> None:
    for name in os.listdir(directory):
        if name[:1] in "LCI" and name[1:].isdigit():
            shutil.rmtree(os.path.join(directory, name), ignore_errors=True)


# -- the path of a win --------------------------------------------------------------------------


def _stored(space: StateSpace, directory: str, g: int, layer: dict, rec) -> Iterator[bytes]:
    """The states of layer ``g`` (whole: their key put back), in chunks, bucket by bucket."""
    size = space.size - space.level_bytes
    prefix = layer["level"].to_bytes(space.level_bytes, "big") if space.level_bytes else b""
    step = max(1, (1 << 22) // size) * size
    for b in range(1 << layer["bits"]):
        for run in _runs(directory, g, b):
            with open(run, "rb") as f:
                while chunk := f.read(step):
                    yield rec.prefixed(chunk, size, prefix) if prefix else chunk


def _has(children: bytes, state: bytes) -> bool:
    """Is ``state`` one of the records of ``children``?"""
    k = len(state)
    i = children.find(state)
    while i >= 0:
        if i % k == 0:
            return True
        i = children.find(state, i + 1)
    return False


def _parent(space: StateSpace, batch: bytes, target: bytes) -> bytes | None:
    """The first state of ``batch`` that has ``target`` as a child (halving the batch), or None."""
    k = space.size
    if not _has(space.expand(batch), target):
        return None
    while len(batch) > k:
        half = (len(batch) // k // 2) * k
        batch = batch[:half] if _has(space.expand(batch[:half]), target) else batch[half:]
    return batch


def _source(space: StateSpace, directory: str, g: int, state: bytes, layers: list[dict], rec) -> int:
    """The layer the state of layer ``g`` was made from: g - 1, or for the first layer of a key
    the tag stored beside it (ROOT: a root)."""
    if g > 0 and layers[g - 1]["level"] == layers[g]["level"]:
        return g - 1
    rest = state[space.level_bytes:]
    k = len(rest)
    for run in _runs(directory, g, rec.bucket_of(rest, 1 << layers[g]["bits"])):
        with open(run, "rb") as f:
            data = f.read()
        lo, hi = 0, len(data) // k  # a run is sorted: a binary search
        while lo < hi:
            mid = (lo + hi) // 2
            if data[mid * k:(mid + 1) * k] < rest:
                lo = mid + 1
            else:
                hi = mid
        if data[lo * k:(lo + 1) * k] == rest:
            with open(run[:-4] + ".src", "rb") as f:
                f.seek(lo * TAG_BYTES)
                return int.from_bytes(f.read(TAG_BYTES), "big")
    raise SearchError(f"{space.name}: a state of layer {g} is missing from its runs")


def _path(space: StateSpace, directory: str, layers: list[dict], goal: bytes, rec) -> list[bytes]:
    """The states from a root to ``goal`` (a state of the last layer), read back layer by layer."""
    path = [goal]
    g = len(layers) - 1
    while True:
        src = _source(space, directory, g, path[-1], layers, rec)
        if src == ROOT:
            break
        for chunk in _stored(space, directory, src, layers[src], rec):
            parent = _parent(space, chunk, path[-1])
            if parent is not None:
                break
        else:
            raise SearchError(f"{space.name}: no state of layer {src} has a child of layer {g}")
        path.append(parent)
        g = src
    return path[::-1]
