"""Every script in tools/ and benchmarks/ that takes options refuses a bad one in one line,
``<script>: <what is wrong>``, with exit status 2 and no usage block or Traceback (the CLI's
``OneLineParser``); the two benchmarks that read plain ``argv`` are tested in test_benchmarks.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OWN_ARGV = {"bench_blue.py", "bench_blue_lengths.py"}  # their own one-line errors (test_benchmarks.py)
SCRIPTS = sorted(p for folder in ("tools", "benchmarks") for p in (ROOT / folder).glob("*.py")
                 if "def main" in p.read_text(encoding="utf-8") and p.name not in OWN_ARGV)


def test_no_script_makes_a_plain_argparse_parser():
    """A plain ``argparse.ArgumentParser`` prints its usage before the error: two lines or more."""
    plain = [p.name for p in SCRIPTS if "argparse.ArgumentParser(" in p.read_text(encoding="utf-8")]
    assert not plain, f"use baker8bit.commands.common.OneLineParser in {plain}"
    assert len(SCRIPTS) >= 15


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_an_unknown_option_is_one_line_naming_the_script(script, tmp_path):
    done = subprocess.run([sys.executable, str(script), "--no-such-option"], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"{script.stem}: ") and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
