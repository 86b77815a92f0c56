"""``study sequence --scheduler``: the same study on a Dask distributed cluster (a small local
one here). Skipped when Dask is not installed, except in CI, where .ci/run installs the
``cluster`` extra and it must run."""

from __future__ import annotations

import os

import pytest

from baker8bit.cli import main

IN_CI = os.environ.get("CI", "").lower() == "true"

try:
    import distributed
except ImportError:  # pragma: no cover
    distributed = None
    if IN_CI:
        raise
pytestmark = pytest.mark.skipif(distributed is None, reason='needs Dask: pip install ".[cluster]"')


def _without_seconds(path) -> list[list[str]]:
    lines = path.read_text().splitlines()
    at = lines[0].split(",").index("seconds")
    return [line.split(",")[:at] + line.split(",")[at + 1:] for line in lines]


def test_the_cluster_writes_the_rows_local_processes_write(tmp_path):
    from distributed import LocalCluster

    common = ["study", "sequence", "--strategy", "best", "clairvoyant", "--deals", "1-6", "--max-states", "20000"]
    local, remote = tmp_path / "local.csv", tmp_path / "remote.csv"
    assert main([*common, "--workers", "1", "--out", str(local)]) == 0
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as c:
        assert main([*common, "--scheduler", c.scheduler_address, "--out", str(remote)]) == 0
    assert _without_seconds(remote) == _without_seconds(local)


def test_an_unreachable_scheduler_is_one_line_exit_2(tmp_path, capsys, monkeypatch):
    from baker8bit.research import cluster

    monkeypatch.setattr(cluster, "CONNECT_WAIT", 1.0)
    code = main(["study", "sequence", "--strategy", "best", "--deals", "1-2", "--scheduler", "tcp://127.0.0.1:9",
                 "--out", str(tmp_path / "s.csv")])
    err = capsys.readouterr().err
    assert code == 2 and "cannot reach the Dask scheduler" in err and "Traceback" not in err
    assert not (tmp_path / "s.csv").exists()  # the cluster is reached before the CSV is opened


def test_a_scheduler_without_workers_is_one_line_and_leaves_no_csv(tmp_path, capsys, monkeypatch):
    from distributed import LocalCluster

    from baker8bit.research import cluster

    monkeypatch.setattr(cluster, "WORKER_WAIT", 1.0)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as c:
        code = main(["study", "sequence", "--strategy", "best", "--deals", "1-2", "--scheduler",
                     c.scheduler_address, "--out", str(tmp_path / "s.csv")])
    err = capsys.readouterr().err
    assert code == 2 and "has no workers (waited 1 s)" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "s.csv").exists()


def test_a_string_that_is_not_an_address_is_one_line(tmp_path, capsys):
    code = main(["study", "sequence", "--strategy", "best", "--deals", "1", "--scheduler", "nonsense"])
    err = capsys.readouterr().err
    assert code == 2 and "is not a scheduler address" in err and "Traceback" not in err
