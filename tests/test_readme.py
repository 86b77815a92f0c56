"""README and docs examples are generated from the program here, so they cannot drift: the solve
example's first moves and the sample recording's header (format, program version, timing line)."""

from __future__ import annotations

import re
from pathlib import Path

from baker8bit import games
from baker8bit.freecell.position import Position
from baker8bit.freecell.solver import solve
from baker8bit.freecell.solver.shorten import shorten
from baker8bit.sessions import recording
from baker8bit.sessions.recording import Recording, Start

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
COMMANDS_PAGE = (Path(__file__).resolve().parent.parent / "docs" / "COMMANDS.md").read_text()


def test_the_solve_example_shows_the_moves_solve_prints():
    rs = games.ruleset("baker4")
    pos = Position.dealt(1, rs)
    moves = shorten(pos, rs, solve(pos, rs)).moves  # solve's line, shortened
    line = next(ln for ln in README.splitlines() if ln.startswith("baker8bit solve --suits 4 --deal 1 "))
    assert f"({' '.join(moves[:3])} ...)" in line, f"README: write the moves as ({' '.join(moves[:3])} ...)"


def test_the_sample_recording_is_what_the_program_writes():
    block = re.search(r"```\n(baker8bit-recording 1\n.*?)\n```", COMMANDS_PAGE, re.S).group(1).splitlines()
    start = next(ln for ln in block if ln.startswith("start "))
    frames = int(next(ln for ln in block if ln.startswith("frames ")).split()[1])
    keys = [(int(f), k) for f, k in (ln.split() for ln in block if re.fullmatch(r"\d+ [A-Z0-9]+", ln))]
    seed = int(block[2].split()[1])
    rules, deal = re.fullmatch(r"start rules=(\S+) deal=(\d+)", start).groups()
    made = recording.dump(Recording(seed=seed, start=Start("deal", rules=rules, deal=int(deal)), frames=frames,
                                    keys=tuple(keys))).splitlines()
    head = made[: made.index(start) + 2]  # format, program, seed, timing, start, frames
    assert block[: len(head)] == head, ("docs/COMMANDS.md: the sample recording's header is out of date:\n"
                                        + "\n".join(head))


# -- every command block of README.md and docs/**/*.md runs -----------------------------------------
#
# A command block is a fenced block whose first line is a command (baker8bit, python, pip, dask,
# pyxel, or an environment setting before one). Each block is one test: its commands run in order in
# one scratch folder, with their own data folder, as a reader would type them; each must exit 0
# (or the code the README promises) with no traceback. What the test changes, and why:
#   - a command that opens the window (`baker8bit` without a command, `demo`, `replay FILE` without
#     --gif/--png-dir, `pyxel play`) is not run: the test has no display; its options are parsed by
#     the program's own parser, so an option the program lost still fails here;
#   - `pip install ...` is not run (tests/test_packaging.py installs the built wheel in a fresh
#     virtual environment), nor `python -m pytest` (this suite);
#   - a deal range of more than a few deals is cut to its first ones (`--deals 1-10000` runs deals
#     1-3): the same command on fewer deals;
#   - `dask scheduler` and `dask worker` are a cluster: the test starts one in this process
#     (distributed's LocalCluster) and gives its address for tcp://HOST:8786;
#   - session.txt, the recording the block before made in the window, is docs/demo-recording.txt.

import os  # noqa: E402
import shlex  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
COMMANDS = ("baker8bit", "python", "pip", "dask", "pyxel")
FEW = 3  # deals a long range is cut to


def _is_command(line: str) -> bool:
    words = line.split()
    while words and "=" in words[0] and not words[0].startswith("-"):
        words = words[1:]  # VAR=value before the command
    return bool(words) and words[0] in COMMANDS


def command_blocks() -> list:
    found = []
    for page in PAGES:
        text = page.read_text()
        for m in re.finditer(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M):
            body = m.group(1).replace("\\\n", " ")
            lines = [ln.strip() for ln in body.splitlines() if ln.strip()]
            if lines and _is_command(lines[0]):
                where = f"{page.relative_to(ROOT)}:{text[: m.start()].count(chr(10)) + 1}"
                found.append(pytest.param(where, lines, id=where))
    return found


BLOCKS = command_blocks()


def test_the_block_finder_finds_the_blocks():
    wheres = [p.values[0] for p in BLOCKS]
    assert len(wheres) >= 9 and any(w.startswith("docs/games/sequence.md") for w in wheres)


def _shrink(args: list[str]) -> list[str]:
    out = list(args)
    for i, a in enumerate(out[:-1]):
        if a == "--deals" and re.fullmatch(r"\d+-\d+", out[i + 1]):
            lo, hi = map(int, out[i + 1].split("-"))
            if hi - lo + 1 > FEW:
                out[i + 1] = f"{lo}-{lo + FEW - 1}"
    return out


def _opens_a_window(args: list[str]) -> bool:
    if {"--version", "--help", "-h"} & set(args):
        return False
    if not args or args[0].startswith("-"):
        return True  # baker8bit [options]: the window
    if args[0] == "demo":
        return True
    return args[0] == "replay" and "--gif" not in args and "--png-dir" not in args


@pytest.fixture(scope="module")
def dask_address():
    distributed = pytest.importorskip("distributed", reason='needs Dask: pip install ".[cluster]"')
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as c:
        yield c.scheduler_address


def scratch(tmp_path) -> tuple[Path, dict]:
    work = tmp_path / "work"
    (work / "docs" / "results").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "demo-recording.txt", work / "session.txt")
    shutil.copy(ROOT / "docs" / "demo-recording.txt", work / "docs" / "demo-recording.txt")
    return work, dict(os.environ, BAKER8BIT_DATA_DIR=str(tmp_path / "data"))


@pytest.mark.parametrize("where, lines", BLOCKS)
def test_every_command_block_runs(where, lines, tmp_path, request):
    work, env = scratch(tmp_path)
    run_lines(where, lines, work, env, request)


def run_lines(where: str, lines: list[str], work: Path, env: dict, request) -> None:
    from baker8bit.cli import build_parser

    for line in lines:
        for command in " ".join(shlex.split(line, comments=True, posix=False)).split(" && "):
            words = shlex.split(command)
            while words and "=" in words[0] and not words[0].startswith("-"):
                words = words[1:]
            if not words:
                continue
            out_file = None
            if ">" in words:
                at = words.index(">")
                words, out_file = words[:at], words[at + 1]
            head, args = words[0], words[1:]
            if head == "pip" or (head == "python" and args[:2] == ["-m", "pytest"]):
                continue  # see above: the packaging tests install; this is the suite
            if head == "pyxel":
                continue  # pyxel play: a window
            if head == "dask":
                continue  # the cluster: dask_address below
            if head == "python":
                argv = [sys.executable, *[str(ROOT / a) if a.endswith(".py") else a for a in args]]
            else:
                assert head == "baker8bit", (where, line)
                args = _shrink(args)
                if "tcp://HOST:8786" in args:
                    args = [request.getfixturevalue("dask_address") if a == "tcp://HOST:8786" else a for a in args]
                if _opens_a_window(args):
                    try:
                        build_parser().parse_args(args)
                    except SystemExit as e:
                        pytest.fail(f"{where}: {line}: the program does not take these options ({e})")
                    continue
                argv = [sys.executable, "-m", "baker8bit", *args]
            if "--smoke" not in argv and "benchmarks" in " ".join(argv):
                argv.append("--smoke")
            res = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, timeout=600,
                                 stdin=subprocess.DEVNULL)
            want = 0  # `stats --reset` too: there are no statistics here to ask about (exit 0, as promised)
            assert "Traceback" not in res.stderr, f"{where}: {line}\n{res.stderr[-2000:]}"
            assert res.returncode == want, f"{where}: {line}: exit {res.returncode}\n{res.stderr[-2000:]}"
            if out_file:
                (work / out_file).write_text(res.stdout)


# The commands quoted inline (`baker8bit ...` in a sentence) run too, when they are whole: one with
# a placeholder (FILE, ID, N, KEYS, S, R, K, SIZE, <id>, ..., [options]) is a pattern, not a command. A
# `shot` quoted without its --out (the sentence gives it once for several) writes shot.png.
# a command named, not run:
NAMES = {"baker8bit keys", "baker8bit keys --json", "baker8bit check blue", "baker8bit --video"}
PLACEHOLDER = re.compile(r"\b(FILE|ID|N|KEYS|S|R|K|SIZE)\b|<id>|\.\.\.|\[")


def inline_commands() -> list:
    found, seen = [], set(NAMES)  # a command quoted on two pages runs once
    for page in PAGES:
        for n, text in enumerate(page.read_text().splitlines(), start=1):
            for cmd in re.findall(r"`(baker8bit [^`]*)`", text):
                if not PLACEHOLDER.search(cmd) and cmd not in seen:
                    seen.add(cmd)
                    found.append(pytest.param(f"{page.relative_to(ROOT)}:{n}", cmd,
                                              id=f"{page.relative_to(ROOT)}:{n}:{cmd[10:40]}"))
    return found


INLINE = inline_commands()


def test_inline_commands_are_found():
    assert len(INLINE) >= 15


@pytest.mark.parametrize("where, command", INLINE)
def test_every_inline_command_runs(where, command, tmp_path, request):
    work, env = scratch(tmp_path)
    words = shlex.split(command)
    if words[1:2] == ["shot"] and "--out" not in words:
        command += " --out shot.png"
    run_lines(where, [command], work, env, request)


def test_the_strategy_shown_as_the_shipped_best_is_the_shipped_best():
    """docs/games/sequence.md shows `best`: the text is the shipped file's rules."""
    from baker8bit.games.sequence import strategy

    shipped = [ln for ln in strategy.load("best").source.splitlines() if ln.strip() and not ln.startswith("#")]
    for page in (ROOT / "docs" / "games" / "sequence.md",):
        blocks = [m.group(1) for m in re.finditer(r"^```[a-z]*\n(.*?)^```", page.read_text(), re.S | re.M)]
        shown = next(b for b in blocks if "keep one pile for kings" in b)
        rules = [ln for ln in shown.splitlines() if ln.strip() and not ln.startswith("#")]
        assert rules == shipped, page
        strategy.parse(shown, "best")


def test_the_blue_table_counts_are_the_exact_counts():
    """docs/games/blue.md's table of exact counts: every small size's counts are what
    `games/blue/study.exact` finds (the sizes of three ranks or more are what `survey --game blue`
    prints; two ranks only here)."""
    from baker8bit.games.blue import rules, study

    page = (ROOT / "docs" / "games" / "blue.md").read_text()
    rows = re.findall(r"^\| (\d)x(\d+) \| (\d) \| (\d+) \| (\d+) \| (\d+) \(([\d.]+)%\) \| (\d+) \(([\d.]+)%\) \|",
                      page, re.M)
    assert len(rows) == 7
    for s, width, suits, ranks, layouts, dealt, dealt_pc, best, best_pc in rows:
        assert (int(suits), int(ranks)) == (int(s), int(width) - 1)
        assert float(dealt_pc) == round(100 * int(dealt) / int(layouts), 1)
        assert float(best_pc) == round(100 * int(best) / int(layouts), 1)
        if int(suits) * int(ranks) > 9:
            continue  # 3x4 and 2x6: seconds to minutes of counting; the survey tests cover the method
        e = study.exact(rules.Layout(int(suits), int(ranks)))
        assert (int(layouts), int(dealt), int(best)) == (e.layouts, e.dealt, e.best), (s, width)
