"""Project, from the first layers of ``prove`` searches, what the whole searches would take (a research pass).

    python tools/prove_projection.py docs/results/blue-prove-4x13.csv --rate 100000 --machines 10

Reads the rows of ``tools/prove_deals.py`` (their ``layer_sizes``: the states each layer added,
the same on every machine) and, for each row still ``unknown``, extrapolates: the growth of the
layers (each over the one before) falls a layer at a time, by amounts that themselves shrink by
about the same ratio a layer (``project``); the last ``--fit`` growths, so continued until the
growth is 1, give the widest layer (a row whose falls shrink too fast to get there is too early
to tell), and a whole search holds about ``--shape`` times its widest layer (11 to 12.5 in the
whole Blue 4x9 and 4x10 searches measured). Then:
the states; the disk (``--state-bytes`` a state, plus the candidates of the widest layer's
children, ``--children`` a state); the CPU hours at ``--rate`` states a CPU second; the hours on
``--machines`` machines of ``--cores`` cores each (the buckets of each layer shared). Every
figure is an extrapolation, printed as such: a row too early to tell shows only how far it got.
"""

from __future__ import annotations

import csv
import importlib.util
import math
import sys
from pathlib import Path

if importlib.util.find_spec("baker8bit") is None:  # the installed package; else this tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baker8bit.core.arguments import OneLineParser  # noqa: E402


def project(sizes: list[int], fit: int, shape: float) -> tuple[float, int, float] | None:
    """(the widest layer's states, its index, the whole search's states) extrapolated from the
    layers' sizes, or None where they cannot say: too few layers, a growth that does not fall, or
    falls shrinking so fast that, continued, they never bring the growth down to 1 (the search is
    too early to tell where it turns).

    The model: the growth of a layer over the one before falls a little each layer, and the falls
    themselves shrink by about the same ratio a layer (the ratio of the last ``fit`` falls,
    continued); the widest layer is the last whose growth is still above 1."""
    growth = [b / a for a, b in zip(sizes, sizes[1:], strict=False) if a > 0]
    if len(growth) < fit + 1:
        return None
    last = growth[-fit:]
    falls = [a - b for a, b in zip(last, last[1:], strict=False)]
    if min(falls) <= 0:
        return None
    ratio = min(1.0, (falls[-1] / falls[0]) ** (1 / (len(falls) - 1)))
    if ratio < 1.0 and falls[-1] * ratio / (1.0 - ratio) <= last[-1] - 1.0:
        return None  # the falls still to come add up to less than the growth above 1
    size, g, fall, layer = float(sizes[-1]), last[-1], falls[-1], len(sizes) - 1
    while g - fall * ratio > 1.0:
        fall *= ratio
        g -= fall
        size *= g
        layer += 1
    return size, layer, size * shape


def main() -> int:
    ap = OneLineParser(error_name="prove_projection", description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="rows of tools/prove_deals.py")
    ap.add_argument("--fit", type=int, default=5, help="the last growths whose fall is continued (default 5)")
    ap.add_argument("--shape", type=float, default=12.0, help="a whole search over its widest layer (default 12)")
    ap.add_argument("--state-bytes", type=int, default=28, help="bytes a state on disk (default 28: Blue as dealt)")
    ap.add_argument("--children", type=float, default=6.3, help="children a state (default 6.3: Blue)")
    ap.add_argument("--rate", type=float, default=100_000, help="states a CPU second (default 100,000)")
    ap.add_argument("--machines", type=int, default=10, help="machines (default 10)")
    ap.add_argument("--cores", type=int, default=8, help="cores a machine (default 8)")
    args = ap.parse_args()
    if args.fit < 2:
        ap.error("--fit must be 2 or more")
    try:
        with open(args.csv, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        ap.error(f"cannot read {args.csv}: {e.strerror or e}")
    print(f"{'deal':>6} {'verdict':7} {'layers':>6} {'states so far':>14} {'last growth':>11} "
          f"{'widest layer':>14} {'at':>4} {'states (proj.)':>15} {'disk GB':>8} {'CPU h':>7} {'h on N':>7}")
    for row in rows:
        sizes = [int(x) for x in row["layer_sizes"].split()]
        if row["outcome"] != "unknown" or len(sizes) < 3:
            continue
        growth = sizes[-1] / sizes[-2] if sizes[-2] else math.nan
        got = project(sizes, args.fit, args.shape)
        head = f"{row['deal']:>6} {row['verdict']:7} {len(sizes):>6} {sum(sizes):>14,} {growth:>11.3f}"
        if got is None:
            print(f"{head} {'(too early to tell)':>14}")
            continue
        widest, at, total = got
        disk = (total * args.state_bytes + widest * args.children * args.state_bytes) / 1e9
        cpu = total / args.rate / 3600
        print(f"{head} {widest:>14,.0f} {at:>4} {total:>15,.0f} {disk:>8.1f} {cpu:>7.2f} "
              f"{cpu / (args.machines * args.cores):>7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
