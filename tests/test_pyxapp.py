"""tools/build_pyxapp.py: a .pyxapp that carries everything the game needs."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_pyxapp_holds_code_data_palettes_font_and_startup(tmp_path):
    res = subprocess.run([sys.executable, str(ROOT / "tools" / "build_pyxapp.py"), "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    app = tmp_path / "baker8bit.pyxapp"
    with zipfile.ZipFile(app) as z:
        names = set(z.namelist())
        z.extractall(tmp_path / "x")
    for needed in ("baker8bit/baker8bit_app.py", "baker8bit/baker8bit/console/machine.py",
                   "baker8bit/baker8bit/games/baker/game.toml", "baker8bit/baker8bit/data/sounds.toml",
                   "baker8bit/baker8bit/data/layout.toml",
                   "baker8bit/baker8bit/atari/assets/palettes/atari-ntsc.pyxpal",
                   "baker8bit/baker8bit/atari/assets/palettes/baker-colours.toml",
                   "baker8bit/baker8bit/atari/assets/fonts/baker8bit.bdf"):
        assert needed in names, needed
    assert not any("__pycache__" in n for n in names)
    # no module compiled for the machine that built it (issue 24): the app runs the plain searches anywhere
    assert not any(n.endswith((".so", ".pyd", ".dylib", ".c")) for n in names), sorted(
        n for n in names if "." in n[-4:]
    )
    # the unpacked app finds its own data, wherever it is run from
    code = ("import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
            "from baker8bit.atari import palette, font, pokey; from baker8bit import games; "
            "print(len(palette.load()), len(font.load()) > 60, sorted(pokey.sounds()), "
            "games.get(\"baker\").rules({\"suits\": 3}).columns, "
            "Path(str(palette.PALETTES)).resolve().is_relative_to(sys.argv[1]))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "x" / "baker8bit")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["128", "True", "['buzzer',", "'click',", "'tone']", "7", "True"], out.stderr


def test_the_pyxapp_takes_options_from_the_environment(tmp_path):
    import importlib.util
    import os

    spec = importlib.util.spec_from_file_location("build_pyxapp", ROOT / "tools" / "build_pyxapp.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    script = tool.stage(tmp_path)
    for options, code, words in (("--version", 0, "baker8bit 0."), ("--suits 5", 2, "suits must be 2, 3 or 4")):
        res = subprocess.run([sys.executable, str(script), "play", "x.pyxapp"], capture_output=True, text=True,
                             timeout=60, env=dict(os.environ, **{tool.ENV: options}), cwd=tmp_path)
        assert res.returncode == code and words in res.stdout + res.stderr, res.stderr


def test_the_pyxapp_start_up_opens_one_game_when_helps_worker_imports_it_again(tmp_path):
    """A spawned process (HELP's worker) runs the main script again as ``__mp_main__``: that must
    not start a second game (under `pyxel play` it did: two windows, two "terminated" lines)."""
    import importlib.util
    import os

    spec = importlib.util.spec_from_file_location("build_pyxapp", ROOT / "tools" / "build_pyxapp.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    script = tool.stage(tmp_path)
    code = "import runpy, sys; runpy.run_path(sys.argv[1], run_name=sys.argv[2]); print('imported')"
    env = dict(os.environ, **{tool.ENV: "--version"})
    spawned = subprocess.run([sys.executable, "-c", code, str(script), "__mp_main__"], capture_output=True,
                             text=True, timeout=60, env=env, cwd=tmp_path)
    assert spawned.returncode == 0 and spawned.stdout == "imported\n", spawned.stdout + spawned.stderr
    played = subprocess.run([sys.executable, "-c", code, str(script), "__main__"], capture_output=True,
                            text=True, timeout=60, env=env, cwd=tmp_path)
    assert played.returncode == 0 and played.stdout.startswith("baker8bit 0."), played.stdout + played.stderr
