"""The package build: compiled searches in every install, a pure fallback, an sdist that tests.

The wheel build with and without a C compiler is in test_assets.py (it installs into a fresh
virtual environment); here: what the running install says about itself, and the sdist's files.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from conftest import IN_CI

from baker8bit.cli import main
from baker8bit.core import compiled

ROOT = Path(__file__).resolve().parent.parent
EXPECT_PURE = os.environ.get("BAKER8BIT_EXPECT_PURE", "") == "1"  # .ci/run's no-compiler install


def version_line(capsys) -> str:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    return capsys.readouterr().out.strip()


def test_version_says_which_searches_are_compiled(capsys, monkeypatch):
    monkeypatch.delenv("BAKER8BIT_PURE_SOLVER", raising=False)
    line = version_line(capsys)
    assert line.startswith("baker8bit ")
    for kind in compiled.SEARCHES:
        state = "compiled" if compiled.built(kind) else "pure"
        assert f"{kind} {state}" in line, line
    monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")  # forced pure: every search says so
    line = version_line(capsys)
    assert all(f"{kind} pure" in line for kind in compiled.SEARCHES), line


def test_the_choice_follows_the_environment(monkeypatch):
    for kind, (fast, reference) in compiled.SEARCHES.items():
        monkeypatch.setenv("BAKER8BIT_PURE_SOLVER", "1")
        assert compiled.choose(fast, reference).__name__ == reference
        assert compiled.search_name(kind) == "pure"
        monkeypatch.delenv("BAKER8BIT_PURE_SOLVER")
        want = fast if compiled.built(kind) else reference
        assert compiled.choose(fast, reference).__name__ == want


@pytest.mark.skipif(not IN_CI or EXPECT_PURE, reason="CI installs the compiled searches")
def test_ci_runs_the_installed_compiled_searches():
    """CI installs the package (not editable) with a C compiler: every search is compiled, and
    the compiled modules are the installed package's, not files left in a source tree."""
    import baker8bit

    package = Path(baker8bit.__file__).resolve().parent
    for kind, (fast, _reference) in compiled.SEARCHES.items():
        assert compiled.built(kind), f"{fast} did not import"
        module = sys.modules[fast]
        assert Path(module.__file__).resolve().is_relative_to(package)


@pytest.mark.skipif(not EXPECT_PURE, reason="only in .ci/run's install without a C compiler")
def test_an_install_without_a_compiler_runs_pure(capsys):
    assert not any(compiled.built(kind) for kind in compiled.SEARCHES)
    assert all(f"{kind} pure" in version_line(capsys) for kind in compiled.SEARCHES)
    assert main(["solve", "--suits", "4", "--deal", "1", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["outcome"] == "solved" and answer["search"].endswith(" pure")  # the escalation's step, then pure


def git_files() -> set[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(out.split())


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="needs the git checkout (an unpacked sdist is what it checks)")
def test_the_sdist_holds_every_file_the_tests_need(tmp_path):
    """The sdist carries the Cython sources and every tracked file (tests, fixtures, docs, tools,
    benchmarks), so its tests pass once unpacked; no compiled module or generated C."""
    res = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(ROOT)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    (sdist,) = tmp_path.glob("baker8bit-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    tracked = git_files() - {".gitignore"}
    assert not sorted(tracked - names)
    for source in ("baker8bit/freecell/solver/fastfamily.pyx", "baker8bit/freecell/solver/csearch.pxi",
                   "baker8bit/games/blue/fastsearch.pyx", "setup.py", "tests/conftest.py"):
        assert source in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c", ".pyc"))]


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="needs the git checkout (it copies the clone's tracked files)")
def test_a_build_whose_compiling_fails_ships_no_module_an_earlier_build_left(tmp_path):
    """A clone where ``pip install .`` once compiled the searches keeps them in ``build/``; a later
    build whose compiler fails (``CC=/bin/false``) says the searches were not built and must not
    put the earlier build's modules in its wheel (``--version`` would call them compiled)."""
    import sysconfig

    clone = tmp_path / "clone"
    for name in git_files():
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    stale = []
    for lib in ("lib", f"lib.{sysconfig.get_platform()}-{sys.implementation.cache_tag}"):
        module = clone / "build" / lib / "baker8bit" / "freecell" / "solver" / f"_cfamily{suffix}"
        module.parent.mkdir(parents=True)
        module.write_bytes(b"an earlier build's module")
        stale.append(module)
    res = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path / "out"),
                          str(clone)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, CC="/bin/false"))
    assert res.returncode == 0, res.stderr[-2000:]
    assert "baker8bit: the compiled searches were not built" in res.stdout + res.stderr
    (wheel,) = (tmp_path / "out").glob("baker8bit-*.whl")
    with zipfile.ZipFile(wheel) as z:
        assert not [n for n in z.namelist() if n.endswith((".so", ".pyd"))]
    assert not [m for m in stale if m.exists()]


def test_ci_runs_the_readmes_test_command():
    """CI runs exactly the test command the README gives a player (two test processes, with
    pytest-xdist from the test extra), so the two cannot drift apart."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line.split("#")[0].strip() for line in readme.splitlines()
                   if "python -m pytest" in line and line.startswith("pip install"))
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in [line.strip() for line in ci]
    assert "-n 2" in command
    extra = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"pytest-xdist>=3"' in extra
