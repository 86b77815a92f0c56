"""Hostile use, the numbers (docs/FILES.md, "Numbers"): every number a command reads is bounded
where it is read; past what the program can hold it is one line naming the limit, exit 2, never
an OverflowError, and an old --out is left as it was."""

from __future__ import annotations

import pytest
from conftest import cli
from hostile import refused

from baker8bit.core import arguments, sizes

HUGE = "9223372036854775808"  # 2^63: one past a C long long
OLD = "game,deal,outcome,moves,states,seconds,search\nbaker4,1,solved,9,9,0.0010,compiled\n"


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.csv").write_text(OLD)  # every case: an old CSV that must survive


@pytest.mark.parametrize("argv, says", [
    (["solve", "--max-states", HUGE], "--max-states: expected a number of positions from 1 to 1,000,000,000,000"),
    (["solve", "--game", "king-albert", "--max-states", "1e30"], "--max-states: expected a number of positions"),
    (["survey", "--deals", "1-3", "--out", "old.csv", "--max-states", HUGE], "from 1 to 1,000,000,000,000"),
    (["survey", "--game", "blue", "--deals", "1", "--out", "old.csv", "--max-states", "-1"], "--max-states"),
    (["study", "sequence", "--strategy", "clairvoyant", "--deals", "1", "--out", "old.csv", "--max-states", HUGE],
     "--max-states: expected a number of positions from 1 to 1,000,000,000,000"),
    (["solve", "--game", "king-albert", "--memory", "99999999999999999999G"], "memory must be at most 1048576G"),
    (["solve", "--game", "king-albert", "--memory", "1e400G"], "memory must be at most 1048576G"),
    (["check", "blue", "--deal", "1", "--memory", "NaN"], "memory must be a size from 1M to 1048576G"),
    (["survey", "--game", "blue", "--deals", "1", "--out", "old.csv", "--proof-memory", "99999999999999G"],
     "--proof-memory: memory must be at most 1048576G"),
    (["study", "sequence", "--strategy", "lookahead", "--deals", "1", "--out", "old.csv", "--samples", "1" + "0" * 23],
     "--samples: expected a number of samples from 1 to 100,000"),
    (["survey", "--deals", "1", "--out", "old.csv", "--workers", "1000000000"],
     "--workers: expected a number of worker processes from 1 to 1,024"),
    (["solve", "--max-seconds", "1e400"], "--max-seconds: expected a number of seconds above 0 and at most"),
    (["solve", "--max-seconds", "nan"], "--max-seconds: expected a number of seconds above 0"),
    (["keys", "--seed", str(2**64), "G"], "--seed: expected a seed from 0 to 2,147,483,647"),
    (["shot", "--seed", "-1", "--out", "x.png"], "--seed: expected a seed from 0 to 2,147,483,647"),
    (["demo", "--seed", HUGE], "--seed: expected a seed"),
    (["solve", "--game", "sequence", "--nested", "1" + "0" * 30], "--nested must be 1, 2 or 3"),
    (["solve", "--deal", str(2**31)], "deal must be a whole number 1..2147483647"),
    (["check", "blue", "--deal", "1", "--effort", "100000000000000000000"], "effort must be a whole number 1..1000"),
    (["shot", "--scale", "99999999999999999999", "--out", "x.png"], "scale must be a whole number 1..16"),
])
def test_a_number_past_its_limit_is_one_line_naming_it(tmp_path, argv, says):
    refused(tmp_path, *argv, says=says)


def test_the_limits_are_what_the_searches_can_hold():
    """Positions fit a C long long, memory a C int64 of bytes, seeds what a recording keeps."""
    assert arguments.MAX_STATES < 2**63 and sizes.MAX_BYTES < 2**63 and arguments.MAX_SEED < 10**18
    assert arguments.states_arg(str(arguments.MAX_STATES)) == arguments.MAX_STATES
    assert sizes.parse_memory("1048576G") == sizes.MAX_BYTES


def test_a_number_at_its_limit_is_taken(tmp_path):
    code, out, err = cli("keys", "--seed", str(arguments.MAX_SEED), "--deal", "1", "G")
    assert code == 0 and not err and "moves:" in out
