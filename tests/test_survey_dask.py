"""``survey --scheduler``: the same survey on a Dask distributed cluster (a small local one here).

Skipped when Dask is not installed, except in CI, where .ci/run installs the
``cluster`` extra and it must run."""

from __future__ import annotations

import argparse
import os

import pytest

from baker8bit import games

IN_CI = os.environ.get("CI", "").lower() == "true"

try:
    import distributed
except ImportError:  # pragma: no cover
    distributed = None
    if IN_CI:
        raise
pytestmark = pytest.mark.skipif(distributed is None, reason='needs Dask: pip install ".[cluster]"')


def _cli(argv: list[str]) -> int:
    from baker8bit.commands import solve as solve_cmd
    from baker8bit.commands import survey as survey_cmd

    parser = argparse.ArgumentParser(prog="baker8bit")
    sub = parser.add_subparsers()
    solve_cmd.register(sub)
    survey_cmd.register(sub)
    args = parser.parse_args(argv)
    return args.func(args)


def _without_seconds(path) -> list[list[str]]:
    """The CSV's rows, less the ``seconds`` column (a time, different on every run)."""
    lines = path.read_text().splitlines()
    at = lines[0].split(",").index("seconds")
    return [line.split(",")[:at] + line.split(",")[at + 1:] for line in lines]


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as c:
        yield c


def test_dask_survey_csv_equals_the_local_one(cluster, tmp_path, capsys):
    local, remote = tmp_path / "local.csv", tmp_path / "dask.csv"
    common = ["survey", "--suits", "2,4", "--deals", "1-12", "--max-states", "20000"]
    assert _cli([*common, "--workers", "1", "--out", str(local)]) == 0
    assert _cli([*common, "--scheduler", cluster.scheduler_address, "--out", str(remote)]) == 0
    assert _without_seconds(remote) == _without_seconds(local)
    assert len(_without_seconds(local)) == 1 + 24
    err = capsys.readouterr().err
    assert "24/24" in err  # the progress bar reached the end


def test_dask_survey_resumes(cluster, tmp_path):
    local, remote = tmp_path / "local.csv", tmp_path / "dask.csv"
    common = ["--game", "eight-off", "--max-states", "20000", "--out"]
    assert _cli(["survey", "--deals", "1-9", "--workers", "1", *common, str(local)]) == 0
    assert _cli(["survey", "--deals", "1-4", "--scheduler", cluster.scheduler_address, *common, str(remote)]) == 0
    assert _cli(["survey", "--deals", "1-9", "--resume", "--scheduler", cluster.scheduler_address,
                 *common, str(remote)]) == 0
    assert _without_seconds(remote) == _without_seconds(local)


def test_small_batches_and_window_keep_the_order(cluster):
    from baker8bit.research import survey

    tasks = [survey.Task("baker2", d, 5000, None, games.registry) for d in range(1, 8)]
    rows = list(survey.run_tasks_dask(tasks, cluster.scheduler_address, batch=2, window=1))
    assert [(r.game, r.deal, r.outcome, r.moves, r.states) for r in rows] == [
        (r.game, r.deal, r.outcome, r.moves, r.states) for r in survey.run_tasks(tasks, 1)]


def test_unreachable_scheduler_is_an_error_not_a_traceback(tmp_path, capsys):
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code = _cli(["survey", "--suits", "2", "--deals", "1-2", "--scheduler", "tcp://127.0.0.1:9",
                     "--out", str(tmp_path / "x.csv")])
    assert code == 2
    assert "baker8bit:" in capsys.readouterr().err
