"""The palettes and the font ship inside the package, and a wheel installed as a user installs it works.

The repository's top-level ``palettes/`` and ``fonts/`` are their source; the package's
copies (``baker8bit/atari/assets/``) must equal them (``python tools/sync_assets.py``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import sync_assets  # noqa: E402


def test_packaged_assets_equal_their_source():
    assert sync_assets.pairs(), "nothing to ship?"
    assert sync_assets.stale() == [], "run: python tools/sync_assets.py"


def test_stale_copies_are_found(tmp_path):
    for folder in ("palettes", "fonts"):
        (tmp_path / folder).mkdir()
    (tmp_path / "palettes" / "a.pyxpal").write_text("000000\n")
    (tmp_path / "fonts" / "f.bdf").write_text("STARTFONT\n")
    assert len(sync_assets.stale(tmp_path)) == 2
    assert sync_assets.sync(tmp_path) == 2
    assert sync_assets.stale(tmp_path) == []
    (tmp_path / "palettes" / "a.pyxpal").write_text("ffffff\n")
    assert sync_assets.stale(tmp_path) == ["baker8bit/atari/assets/palettes/a.pyxpal"]


def test_the_tool_leaves_the_path_of_an_installed_package_alone():
    """Importing tools/sync_assets.py (as this file does) must not put the source tree first on
    sys.path: processes this one spawns (HELP's worker, survey pools) take its sys.path, and would
    import the tree's plain-Python searches instead of the installed compiled ones (the conftest
    puts sys.path back after the test either way)."""
    import runpy

    before = list(sys.path)
    runpy.run_path(str(ROOT / "tools" / "sync_assets.py"), run_name="imported")
    assert sys.path == before


def test_the_data_is_read_through_importlib_resources():
    from baker8bit.atari import font, palette

    assert len(palette.load("ntsc")) == 128 and len(palette.load("pal")) == 128
    assert "A" in font.load()
    assert "resources" in palette.PALETTES.__class__.__module__ or Path(str(palette.PALETTES)).is_dir()


def test_wheel_installs_and_draws_a_screen(tmp_path):
    """Build the wheel, install it in a fresh virtual environment, and run ``baker8bit shot`` there."""
    # From the sdist, as pip installs a release: no file left in this tree (a build/ folder, an
    # editable install's compiled modules) can slip into the wheel.
    made = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "sdist"), str(ROOT)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr[-2000:]
    (sdist,) = (tmp_path / "sdist").glob("baker8bit-*.tar.gz")
    wheels = tmp_path / "wheels"
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(sdist), "-w", str(wheels)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = wheels.glob("baker8bit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("baker8bit/atari/assets/palettes/atari-ntsc.pyxpal", "baker8bit/atari/assets/fonts/baker8bit.bdf",
                   "baker8bit/atari/assets/palettes/baker-colours.toml", "baker8bit/data/layout.toml"):
        assert needed in names, needed
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    inst = subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], capture_output=True, text=True,
                          timeout=600)
    assert inst.returncode == 0, inst.stderr[-2000:]
    run_dir = tmp_path / "elsewhere"  # not the source tree: only the installed package is importable
    run_dir.mkdir()
    out = run_dir / "shot.png"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    shot = subprocess.run([str(py), "-m", "baker8bit", "shot", "--suits", "4", "--deal", "11982", "GI B",
                           "--out", str(out)], cwd=run_dir, capture_output=True, text=True, timeout=300, env=env)
    assert shot.returncode == 0, shot.stderr[-2000:]
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    here = tmp_path / "here.png"  # the same screen from this checkout: identical pixels
    subprocess.run([sys.executable, "-m", "baker8bit", "shot", "--suits", "4", "--deal", "11982", "GI B",
                    "--out", str(here)], check=True, capture_output=True, timeout=300)
    assert out.read_bytes() == here.read_bytes()
    where = subprocess.run([str(py), "-c", "import baker8bit; print(baker8bit.__file__)"], cwd=run_dir,
                           capture_output=True, text=True, env=env)
    assert str(venv) in where.stdout, where.stdout

    # The package build compiled every search into the wheel (sources stay in the sdist).
    if shutil.which(os.environ.get("CC", "cc")):
        compiled_names = [n for n in names if n.endswith((".so", ".pyd"))]
        assert {n.split(".")[0].replace("/", ".") for n in compiled_names} == {
            "baker8bit.freecell.solver._cfamily", "baker8bit.games.blue._csearch", "baker8bit.games.blue._cprove",
            "baker8bit.games.king_albert._cprove", "baker8bit.games.sequence._csearch",
            "baker8bit.games.sequence._cnested", "baker8bit.research._clayered"}
        version = subprocess.run([str(py), "-m", "baker8bit", "--version"], cwd=run_dir, capture_output=True,
                                 text=True, env=env).stdout
        assert "freecell compiled, blue compiled, sequence compiled" in version, version
    assert not [n for n in names if n.endswith((".pyx", ".pxi", ".c"))]

    # Without a C compiler the build says so in one line and the install runs the pure searches.
    pure_wheels = tmp_path / "pure"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", str(sdist), "-w", str(pure_wheels)],
        capture_output=True, text=True, timeout=600, env=dict(env, CC="false"),
    )
    assert built.returncode == 0, built.stderr[-2000:]
    said = [line for line in (built.stdout + built.stderr).splitlines() if "compiled searches were not built" in line]
    assert len(said) == 1 and "plain-Python searches will run" in said[0], said
    (pure,) = pure_wheels.glob("baker8bit-*.whl")
    assert not [n for n in zipfile.ZipFile(pure).namelist() if n.endswith((".so", ".pyd"))]
    inst = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(pure)],
                          capture_output=True, text=True, timeout=600)
    assert inst.returncode == 0, inst.stderr[-2000:]
    version = subprocess.run([str(py), "-m", "baker8bit", "--version"], cwd=run_dir, capture_output=True,
                             text=True, env=env).stdout
    assert "freecell pure, blue pure, sequence pure" in version, version
    solved = subprocess.run([str(py), "-m", "baker8bit", "solve", "--suits", "4", "--deal", "1"], cwd=run_dir,
                            capture_output=True, text=True, env=env, timeout=300)
    assert solved.returncode == 0 and "solved" in solved.stdout, solved.stderr[-2000:]


def test_the_license_is_mit_in_a_file_and_an_spdx_string():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"  # an SPDX string: the table form is deprecated in setuptools
    assert project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
