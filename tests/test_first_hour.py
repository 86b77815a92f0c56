"""Issue 24, the first hour of a new user: clear errors on every path, interrupts that keep the
work, help that matches the program. Each test pins one rough edge the issue lists."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from conftest import interrupt  # noqa: E402  (Ctrl-C to a command, waited for)

from baker8bit.cli import main
from baker8bit.sessions import recording

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BAKER8BIT_DATA_DIR", str(tmp_path / "data"))


def cli(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``baker8bit ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def one_line_refusal(code: int, out: str, err: str) -> str:
    assert "Traceback" not in out + err
    assert code == 2, (code, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("baker8bit: "), err
    return err.strip()


def env(tmp_path, **extra) -> dict:
    return dict(os.environ, BAKER8BIT_DATA_DIR=str(tmp_path / "data"), **extra)


# -- interrupts in the window ----------------------------------------------------------------

WINDOW_SCRIPT = textwrap.dedent("""
    import sys
    from pathlib import Path
    from baker8bit.games import KeyMachine
    from baker8bit.games import ruleset
    from baker8bit.sessions.session import Session
    from baker8bit.window.app import App, AppOptions

    session = Session(Path(sys.argv[1]), Path(sys.argv[2]))
    machine = session.start(KeyMachine(seed=5, rules=ruleset("baker4"), deal=3))
    app = App(machine, AppOptions(headless=True, sound=False, help_worker=False), session=session)
    plain = app.update

    def update():  # says when it has run some frames, so the test knows the loop is going
        plain()
        if app.machine.frame == 30:
            print("running", flush=True)

    app.update = update
    app.run()
""")


@pytest.mark.parametrize("sig, code, word", [(signal.SIGINT, 130, "interrupted"),
                                            (signal.SIGTERM, 143, "terminated")])
def test_a_signal_in_the_window_keeps_the_recording_and_exits_in_one_line(tmp_path, sig, code, word):
    rec = tmp_path / "session.txt"
    proc = subprocess.Popen([sys.executable, "-c", WINDOW_SCRIPT, str(tmp_path / "data"), str(rec)],
                            env=env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "running"
        time.sleep(0.3)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == code, err
    assert "Traceback" not in err and f"baker8bit: {word}" in err
    kept = recording.load(rec)  # written at the signal: more frames than the periodic save had
    assert kept.frames >= 30 and kept.start.deal == 3
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("session.txt.")]  # no temporary left


# -- Dask paths --------------------------------------------------------------------------------

try:
    import distributed
except ImportError:  # pragma: no cover
    distributed = None
needs_dask = pytest.mark.skipif(distributed is None, reason='needs Dask: pip install ".[cluster]"')


@pytest.mark.parametrize("address", ["nonsense", "tcp://host", "http//x:1", ""])
def test_a_scheduler_address_that_is_not_one_is_one_line(tmp_path, address):
    err = one_line_refusal(*cli("survey", "--deals", "1-3", "--scheduler", address, "--out", str(tmp_path / "s.csv")))
    assert "scheduler address" in err
    assert not (tmp_path / "s.csv").exists()


@needs_dask
def test_no_scheduler_is_one_line_no_table_no_interrupted_and_no_csv(tmp_path, monkeypatch):
    from baker8bit.research import cluster

    monkeypatch.setattr(cluster, "CONNECT_WAIT", 1.0)
    code, out, err = cli("survey", "--suits", "2", "--deals", "1-2", "--scheduler", "tcp://127.0.0.1:9",
                         "--out", str(tmp_path / "x.csv"))
    err = one_line_refusal(code, out, err)
    assert "cannot reach the Dask scheduler tcp://127.0.0.1:9" in err and "interrupted" not in err
    assert out == ""
    assert not (tmp_path / "x.csv").exists()


@needs_dask
def test_a_scheduler_without_workers_gives_up_in_one_line(tmp_path, monkeypatch):
    from distributed import LocalCluster

    from baker8bit.research import cluster

    monkeypatch.setattr(cluster, "WORKER_WAIT", 1.0)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as c:
        code, out, err = cli("survey", "--deals", "1-20", "--scheduler", c.scheduler_address,
                             "--out", str(tmp_path / "x.csv"))
    err = one_line_refusal(code, out, err)
    assert "has no workers (waited 1 s)" in err and "dask worker" in err
    assert not (tmp_path / "x.csv").exists()


SCHEDULER = textwrap.dedent("""
    import time
    from distributed import LocalCluster
    with LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=None) as c:
        print(c.scheduler_address, flush=True)
        time.sleep(120)
""")


@needs_dask
def test_ctrl_c_while_waiting_for_workers_is_130_without_a_traceback(tmp_path):
    sched = subprocess.Popen([sys.executable, "-c", SCHEDULER], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    try:
        address = sched.stdout.readline().strip()
        assert address.startswith("tcp://")
        proc = subprocess.Popen([sys.executable, "-m", "baker8bit", "survey", "--deals", "1-20", "--scheduler",
                                 address, "--out", str(tmp_path / "x.csv")], env=env(tmp_path),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(6)  # connected, waiting for a worker
        assert proc.poll() is None
        out, err = interrupt(proc, "survey --scheduler", timeout=30)
    finally:
        sched.kill()
        sched.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    assert not (tmp_path / "x.csv").exists()


# -- help that matches the program ---------------------------------------------------------------


def help_text(*command: str) -> str:
    code, out, err = cli(*command, "--help")
    assert code == 0, err
    return out


def test_study_help_says_95_percent_once():
    text = help_text("study")
    assert "95%" in text and "%%" not in text


@pytest.mark.parametrize("argv", [["study", "sequence"], ["study", "--game", "sequence"], ["study"],
                                  ["study", "sequence", "--game", "sequence"]])
def test_study_takes_the_game_as_a_word_or_as_game(argv):
    code, out, err = cli(*argv, "--strategy", "greedy", "--deals", "1-2", "--workers", "1")
    assert code == 0, err
    assert out.splitlines()[0].startswith("strategy,deal,")


@pytest.mark.parametrize("argv", [["check", "blue"], ["check", "--game", "blue"], ["check"]])
@pytest.mark.parametrize("deal", ["--deal", "--seed", "-s"])
def test_check_takes_game_and_deal_as_the_other_commands_do(argv, deal):
    code, out, err = cli(*argv, deal, "5", "--suits", "2", "--ranks", "3")
    assert code == 0, err
    assert out.startswith("Blue 2x4 (2 suits, 3 ranks)")


def test_check_game_and_file_in_either_form(tmp_path):
    f = tmp_path / "lay.txt"
    f.write_text("AC -- 3C 2C\n")
    for argv in (["check", "blue", str(f)], ["check", "--game", "blue", str(f)], ["check", str(f)]):
        code, out, err = cli(*argv)
        assert code == 0, (argv, err)
        assert out.splitlines()[0] == "Blue 1x4 (1 suit, 3 ranks)"  # one suit, not "1 suits"
        assert "   1 move  " in out  # one move, not "1 moves"


@pytest.mark.parametrize("argv, says", [
    (["study", "blue", "--strategy", "greedy", "--deals", "1"], "study is for sequence only, not blue"),
    (["study", "--game", "sequence", "baker", "--strategy", "greedy", "--deals", "1"], "give the game once"),
    (["check", "--game", "baker", "--deal", "1"], "check is for blue only, not baker"),
    (["check", "--game", "nope"], "unknown game 'nope'"),
    (["check", "blue", "--deal", "x"], "deal must be a whole number"),
])
def test_a_game_or_deal_that_does_not_fit_is_one_line(argv, says):
    assert says in one_line_refusal(*cli(*argv))


@pytest.mark.parametrize("option, bad, good", [("--suits", "1", "2"), ("--suits", "5", "4"),
                                               ("--ranks", "2", "3"), ("--ranks", "14", "13")])
def test_check_sizes_are_the_game_and_survey_sizes(option, bad, good):
    for command in (["check", "blue", "--deal", "1"], ["survey", "--game", "blue"], ["show", "--game", "blue"]):
        assert "must be" in one_line_refusal(*cli(*command, option, bad)), command
    other = {"--suits": ["--ranks", "3"], "--ranks": ["--suits", "2"]}[option]
    code, out, err = cli("check", "blue", "--deal", "1", option, good, *other, "--max-seconds", "5")
    assert code == 0, err


def test_demo_help_says_the_deal_is_random_by_default():
    text = " ".join(help_text("demo").split())
    assert "(default a random one;" in text and "(default 1)" not in text.split("--deal DEAL", 2)[-1][:200]


def test_the_window_help_says_what_a_missing_deal_means():
    text = " ".join(help_text().split())
    assert "default the title asks; with --suits or --ranks alone a random deal" in text


def test_the_window_options_table_lists_every_game_id():
    from baker8bit import games

    readme = (ROOT / "README.md").read_text()
    row = next(ln for ln in readme.splitlines() if ln.startswith("| `--game ID` |"))
    assert all(f"`{g}`" in row for g in games.ids()), row


def test_an_unknown_strategy_lists_every_one_the_study_takes():
    err = one_line_refusal(*cli("study", "sequence", "--strategy", "nope", "--deals", "1"))
    for name in ("random", "greedy", "best", "lookahead", "clairvoyant"):
        assert name in err


def test_a_strategy_error_names_the_file_as_given_and_the_line(tmp_path):
    folder = tmp_path / "x"
    folder.mkdir()
    bad = folder / "greedy.txt"  # the name of a shipped one: the error must not look like the shipped one's
    bad.write_text("play to a final pile whenever you can\nfly to the moon\n")
    err = one_line_refusal(*cli("study", "sequence", "--strategy", str(bad), "--deals", "1"))
    assert err.startswith(f"baker8bit: {bad}:2: ")


def test_a_strategy_file_that_is_not_text_is_one_plain_line(tmp_path):
    bad = tmp_path / "s.txt"
    bad.write_bytes(b"play to a final pile whenever you can\n\xff\xfe rubbish\n")
    err = one_line_refusal(*cli("study", "sequence", "--strategy", str(bad), "--deals", "1"))
    assert err == f"baker8bit: {bad}:2: not plain text (byte 0xff is not UTF-8)"
    assert "codec" not in err


# -- Blue files ----------------------------------------------------------------------------------


def docs_game_file() -> str:
    """The game-file example of docs/games/blue.md (its fenced block that starts with the magic line)."""
    import re

    text = (ROOT / "docs" / "games" / "blue.md").read_text()
    blocks = [m.group(1) for m in re.finditer(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M)]
    return next(b for b in blocks if b.startswith("baker8bit-blue 1"))


def test_the_docs_game_file_loads_and_its_strategy_agrees_with_its_aces(tmp_path):
    from baker8bit.core.cards import SUITS
    from baker8bit.games.blue import gamefile, rules

    game = gamefile.loads(docs_game_file())
    lay = game.layout
    assert (lay.suits, lay.ranks, game.seed, game.cursor, len(game.history)) == (2, 3, 5, 1, 2)
    for i, c in enumerate(game.strategy):  # a drawn card sits in the row of its suit's ace
        if c is not None and c != rules.GAP:
            assert game.aces[i // lay.width] == rules.suit_of(c), (i, rules.card_text(c))
    assert "".join(SUITS[s] for s in game.aces) == "DC"
    f = tmp_path / "blue.txt"
    f.write_text(docs_game_file())
    code, out, err = cli("check", "blue", str(f))
    assert code == 0 and out.splitlines()[-1].startswith("current "), err


def big_game_file(tmp_path) -> Path:
    """The docs' game file with 80 KB of comments: over 64 KiB, under the 1 MiB of a game file."""
    f = tmp_path / "big.txt"
    lines = docs_game_file().splitlines()
    f.write_text("\n".join([lines[0], *["# " + "x" * 78] * 1000, *lines[1:]]) + "\n")
    assert 64 * 1024 < f.stat().st_size < 1 << 20
    return f


def root_machine(*argv: str):
    """What the window would start from ``baker8bit ARGV`` (no window is opened)."""
    from baker8bit.cli import build_parser
    from baker8bit.commands.common import machine_for
    from baker8bit.commands.window import seed_and_file

    args = build_parser().parse_args(list(argv))
    seed_and_file(args)
    return args, machine_for(args, 1, menu=True, random_deal=True)


def test_f_and_board_take_a_game_file_as_big_as_r_and_check_do(tmp_path):
    from baker8bit.games.blue import gamefile

    f = big_game_file(tmp_path)
    assert gamefile.load(f).cursor == 1  # R
    assert cli("check", "blue", str(f))[0] == 0
    for argv in (["-f", str(f)], ["--game", "blue", "--board", str(f)]):
        args, m = root_machine(*argv)
        assert m.rules.name == "blue-2x3"
    code, out, err = cli("show", "--game", "blue", "--board", str(f))
    assert code == 0, err


@pytest.mark.parametrize("content, says", [
    ("", "line 1: no layout"),
    ("hello world\nfoo\n", "line 1: not a card: 'hello'"),
    ("AC -- 2D 3C\nAD 2C 3D\n", "line 2: 3 cells, the row on line 1 has 4"),
    ("AC -- 2D 3C\nAD 2C 3D 2D\n", "line 2: 2D is there twice (also line 1)"),
    ("baker8bit-blue 1\nsuits 9\nranks 3\n", "line 2: suits must be"),
])
def test_a_bad_blue_file_names_its_line_on_every_path(tmp_path, content, says):
    f = tmp_path / "bad.txt"
    f.write_text(content)
    before = f.read_bytes()
    for argv in (["-f", str(f)], ["show", "--game", "blue", "--board", str(f)], ["check", "blue", str(f)]):
        err = one_line_refusal(*cli(*argv))
        assert f"{f}: {says}" in err, (argv, err)
    assert f.read_bytes() == before


def test_check_reads_the_bare_layout_show_prints(tmp_path):
    code, out, err = cli("show", "--game", "blue", "--suits", "2", "--ranks", "4", "--deal", "9")
    f = tmp_path / "layout.txt"
    f.write_text(out)
    code, checked, err = cli("check", "blue", str(f))
    assert code == 0, err
    assert checked.splitlines()[0] == "Blue 2x5 (2 suits, 4 ranks)"
    assert checked.splitlines()[1:3] == out.splitlines()
    _, m = root_machine("-f", str(f))  # and -f, with the size the rows give
    assert m.rules.name == "blue-2x4"


def test_s_means_blue_as_f_does():
    args, m = root_machine("-s", "5")
    assert args.game == "blue" and m.rules.name == "blue-4x13" and m.game.deal == 5
    args, m = root_machine("-s", "5", "--game", "baker", "--suits", "3")
    assert m.rules.name == "baker3" and m.game.deal == 5
    text = " ".join(help_text().split())
    assert "the game is blue unless --game says another" in text


@pytest.mark.parametrize("extra", [["--suits", "4"], ["--ranks", "13"], ["--suits", "2", "--ranks", "9"]])
def test_f_with_another_size_is_refused_in_one_line(tmp_path, extra):
    f = tmp_path / "blue.txt"
    f.write_text(docs_game_file())
    err = one_line_refusal(*cli("-f", str(f), *extra))
    assert "the file gives the size, leave out --suits and --ranks" in err
    lay = tmp_path / "lay.txt"
    lay.write_text("AC -- 2D 3C\nAD 2C 3D --\n")
    assert "the file gives the size" in one_line_refusal(*cli("-f", str(lay), *extra))
    _, m = root_machine("-f", str(f), "--suits", "2", "--ranks", "3")  # the file's own size is fine
    assert m.rules.name == "blue-2x3"


def test_show_board_prints_the_current_position(tmp_path):
    from baker8bit.games.blue import gamefile, rules

    f = tmp_path / "blue.txt"
    f.write_text(docs_game_file())
    game = gamefile.loads(docs_game_file())
    code, out, err = cli("show", "--game", "blue", "--board", str(f))
    assert code == 0, err
    assert out == rules.board_text(game.board, game.layout) + "\n"
    assert out.splitlines()[0].split() == ["AD", "2D", "--", "3C"]  # after 2D>A1 with the aces swapped


# -- packaging and first run -----------------------------------------------------------------------


def test_the_data_folder_is_baker8bit_and_the_old_one_moves_up_losing_nothing(tmp_path, monkeypatch, capsys):
    from baker8bit.sessions import userdata

    monkeypatch.delenv(userdata.ENV)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    new = tmp_path / "home" / ".pyxel" / "baker8bit"
    old = new / "baker_solitaire"
    (old / "recordings").mkdir(parents=True)
    (old / "stats.json").write_text('{"format": 2}')
    (old / "savegame.txt").write_text("old save")
    (old / "recordings" / "r.txt").write_text("rec")
    new.joinpath("savegame.txt").write_text("a newer save")  # a name taken: the old one stays
    assert userdata.data_dir() == new
    assert (new / "stats.json").read_text() == '{"format": 2}'
    assert (new / "recordings" / "r.txt").read_text() == "rec"
    assert (new / "savegame.txt").read_text() == "a newer save" and (old / "savegame.txt").read_text() == "old save"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "moved recordings, stats.json from" in err and "keeps the names" in err
    (old / "savegame.txt").unlink()
    assert userdata.data_dir() == new and not old.exists()  # empty: removed
    assert userdata.data_dir() == new and capsys.readouterr().err == ""  # once only


def test_the_data_folder_is_named_in_help_and_early_in_the_readme():
    assert "~/.pyxel/baker8bit/" in " ".join(help_text().split())
    readme = (ROOT / "README.md").read_text()
    assert "~/.pyxel/baker8bit/" in readme[:4000] and "baker_solitaire" in readme


def test_stats_shows_what_was_played_and_all_shows_every_row(tmp_path):
    from baker8bit import games
    from baker8bit.sessions import stats
    from baker8bit.sessions.stats import Stats

    code, out, err = cli("stats")  # a fresh install: one line, not 65 rows of zeros
    assert code == 0 and out.splitlines() == [
        "no games played yet (all statistics); `baker8bit stats --all` shows every rule set"]
    s = Stats()
    s.record_win("baker4", 120)
    s.record_loss("blue-2x3")
    (tmp_path / "data").mkdir()
    stats.save(tmp_path / "data" / "stats.json", s)
    code, out, err = cli("stats")
    assert [ln.split()[0] for ln in out.splitlines()] == ["game", "baker4", "blue-2x3"]
    code, out, err = cli("stats", "--all")
    assert len(out.splitlines()) == 1 + sum(len(v.rule_sets()) for v in games.all_variants())
    code, out, err = cli("stats", "--game", "eight-off")
    assert out.startswith("no games played yet (the statistics of eight-off)")


def test_shot_says_what_it_wrote_in_one_line(tmp_path):
    out_png = tmp_path / "m.png"
    code, out, err = cli("shot", "--menu", "--out", str(out_png))
    assert code == 0, err
    assert out == f"{out_png}: 288x224 PNG, ntsc pixels\n" and out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


SIX = ("Baker Solitaire", "Baker's Game", "Eight Off", "King Albert", "sequence solitaire", "Blue")  # the README's


def test_the_summary_and_help_describe_the_console_of_its_games():
    import tomllib

    from baker8bit import games
    from baker8bit.cli import NUMBERS

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    # the package's one line names no count of games: a game added is only data
    assert "console of open solitaires" in project["description"] and "Baker Solitaire" in project["description"]
    assert "Topic :: Games/Entertainment :: Puzzle Games" in project["classifiers"]
    assert "urls" not in project  # no address we cannot vouch for
    text = " ".join(help_text().split())
    assert f"console of {NUMBERS[len(games.ids())]} open solitaires" in text
    assert all(v.summary in text for v in games.all_variants())  # every registered game, by the registry
    assert all(name in text for name in SIX)
    opening = (ROOT / "README.md").read_text()[:1200]
    assert "console of open solitaires" in opening and all(n.split()[0] in opening for n in SIX)


def test_the_readme_and_docs_link_only_to_what_a_clone_has():
    import re

    root = ROOT.resolve()
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = page.read_text()
        for path in re.findall(r"(?:\.\./)+[\w.-]+", text):  # a relative path, linked or not: in the clone
            target = (page.parent / path).resolve()
            assert target.is_relative_to(root) and target.exists(), (page, path)
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if not target.startswith("http"):
                assert (page.parent / target).exists(), (page, target)


def test_ctrl_c_in_a_blue_survey_says_interrupted_and_keeps_the_rows(tmp_path):
    out_csv = tmp_path / "blue.csv"
    proc = subprocess.Popen([sys.executable, "-m", "baker8bit", "survey", "--game", "blue", "--deals", "1-100000",
                             "--workers", "1", "--out", str(out_csv)], env=env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (out_csv.exists() and out_csv.read_text().count("\n") >= 3):  # the header and two rows
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail(f"no rows: {proc.communicate()}")
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err
    assert f"baker8bit: interrupted; the rows written are kept in {out_csv}" in err
    rows = out_csv.read_text().splitlines()
    assert rows[0].startswith("suits,ranks,deal,")
    assert len(rows) >= 3 and all(r.count(",") == rows[0].count(",") for r in rows)  # whole rows only


@needs_dask
def test_ctrl_c_in_a_survey_on_a_cluster_is_130_keeps_the_rows_and_no_traceback(tmp_path):
    script = SCHEDULER.replace("n_workers=0", "n_workers=1, threads_per_worker=1")
    sched = subprocess.Popen([sys.executable, "-c", script],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out_csv = tmp_path / "x.csv"
    try:
        address = sched.stdout.readline().strip()
        proc = subprocess.Popen([sys.executable, "-m", "baker8bit", "survey", "--suits", "4", "--deals", "1-1000000",
                                 "--scheduler", address, "--out", str(out_csv)], env=env(tmp_path),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 90
        while not (out_csv.exists() and out_csv.read_text().count("\n") > 60):  # a batch of rows is in
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail(f"no rows: {proc.communicate()}")
            time.sleep(0.2)
        out, err = interrupt(proc, "survey --scheduler", timeout=60)
    finally:
        sched.kill()
        sched.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Error" not in err and "interrupted;" in err
    rows = out_csv.read_text().splitlines()
    assert rows[0] == "game,deal,outcome,moves,states,seconds,search"
    assert [int(r.split(",")[1]) for r in rows[1:]] == list(range(1, len(rows)))  # whole rows, in order


def test_every_help_runs_and_prints_no_format_escapes():
    from baker8bit.cli import build_parser

    parser = build_parser()
    commands = [[]] + [[name] for name in parser._subparsers._group_actions[0].choices]
    assert len(commands) > 10
    for command in commands:
        text = help_text(*command)
        assert "%%" not in text and "%(" not in text and "Traceback" not in text, command


REPLAY_SCRIPT = textwrap.dedent("""
    import functools, sys
    from baker8bit.sessions import recording
    from baker8bit.window import app as window_app, video

    video.AppOptions = functools.partial(window_app.AppOptions, headless=True, help_worker=False)
    rec = recording.load(sys.argv[1])
    plain = video.Paced.update

    def update(self):  # says when the replay runs, so the test knows the loop is going
        plain(self)
        if self.app.machine.frame == 30:
            print("running", flush=True)

    video.Paced.update = update
    video.replay_window(rec, speed=0.25, sound=False)
""")


def test_ctrl_c_in_a_window_replay_is_one_line_and_130(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", REPLAY_SCRIPT, str(ROOT / "docs" / "demo-recording.txt")],
                            env=env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "running", proc.stderr.read() if proc.poll() is not None else ""
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130 and "Traceback" not in err and "baker8bit: interrupted" in err


# -- the research tools run the installed package and say so; long work says how far it is --------

BUILDERS = {"build_font.py", "build_palette.py", "build_pyxapp.py", "make_demo_gif.py", "make_fixtures.py",
            "make_goldens.py", "make_machine_goldens.py", "sync_assets.py"}  # they make the clone's own files


def research_scripts() -> list[str]:
    return sorted([f"tools/{p.name}" for p in (ROOT / "tools").glob("*.py") if p.name not in BUILDERS]
                  + [f"benchmarks/{p.name}" for p in (ROOT / "benchmarks").glob("*.py")])


def test_the_research_tools_run_the_installed_package_not_the_source_tree_beside_them(tmp_path):
    """A clone's tools would find its source tree (no compiled searches) before the installed
    package: in a copy whose source tree cannot be imported, each tool's --help still runs."""
    import shutil

    clone = tmp_path / "clone"
    for folder in ("tools", "benchmarks"):
        shutil.copytree(ROOT / folder, clone / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (clone / "baker8bit").mkdir()
    (clone / "baker8bit" / "__init__.py").write_text("raise SystemExit('the source tree beside the tool ran')\n")
    scripts = research_scripts()
    assert "tools/sequence_unknown_solve.py" in scripts and "tools/king_albert_tip.py" in scripts
    for script in scripts:
        done = subprocess.run([sys.executable, str(clone / script), "--help"], cwd=tmp_path, env=env(tmp_path),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and "source tree" not in done.stderr, (script, done.stderr[-500:])


def test_the_second_pass_says_what_runs_shows_progress_and_ends_quietly_at_ctrl_c(tmp_path):
    from baker8bit.core import compiled

    study = tmp_path / "study.csv"
    study.write_text("deal,outcome\n" + "".join(f"{d},unknown\n" for d in range(1, 9)))
    out = tmp_path / "second.csv"
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "sequence_unknown_solve.py"), str(study),
                             "--out", str(out), "--max-states", "1000000000", "--try-states", "1000000000",
                             "--workers", "2"], env=env(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    watchdog = threading.Timer(60, proc.kill)  # a tool that says nothing fails the test, not hangs it
    watchdog.start()
    try:
        first = proc.stderr.readline()  # said before the first deal is searched
        assert first.startswith("sequence_unknown_solve: 8 deals to search (0 already in "), first
        assert "; baker8bit from " in first and f"sequence {compiled.search_name('sequence')}," in first
        bar = proc.stderr.readline()  # the progress line, before any deal is done
        assert bar.startswith("[") and " 0/8 " in bar, bar
        time.sleep(1.0)
        os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl-C reaches the workers too
        rest, err = proc.communicate(timeout=30)
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "ForkPoolWorker" not in err and "KeyboardInterrupt" not in err, err
    assert "interrupted; the rows written so far are kept" in err


@pytest.mark.parametrize("strategy, chunk", [("lookahead", 1), ("clairvoyant", 1), ("sampling", 1), ("greedy", 8)])
def test_a_study_of_a_slow_player_hands_its_workers_one_game_at_a_time(monkeypatch, strategy, chunk):
    """A look-ahead game takes seconds: 8 a chunk kept the progress at 0/200 for half a minute."""
    from baker8bit.games.sequence import study
    from baker8bit.research import survey

    seen = {}
    monkeypatch.setattr(survey, "run_pool", lambda fn, tasks, workers, chunksize=1: seen.setdefault("chunk", chunksize))
    study.run_tasks([study.Task(strategy, d, 0, 1000, None) for d in range(1, 201)], 2)
    assert seen["chunk"] == chunk


# -- a DISPLAY where no X server is ----------------------------------------------------------------


def free_display() -> int:
    from baker8bit.window.app import x_server_answers

    return next(n for n in range(97, 200) if not x_server_answers(f":{n}", timeout=0.5))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11's check is for Linux")
@pytest.mark.parametrize("args", [[], ["--game", "baker", "--suits", "2", "--deal", "3"], ["demo", "--deal", "1"]])
def test_a_display_without_an_x_server_is_one_line_and_exit_2_not_a_hang(tmp_path, args):
    e = env(tmp_path, DISPLAY=f":{free_display()}")
    e.pop("WAYLAND_DISPLAY", None)
    try:
        res = subprocess.run([sys.executable, "-m", "baker8bit", *args], env=e, capture_output=True, text=True,
                             timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail("the window hung on a DISPLAY with no X server")
    err = res.stderr.strip()
    assert res.returncode == 2 and len(err.splitlines()) == 1, res.stderr
    assert err.startswith("baker8bit: no display: no X server answers at DISPLAY=") and "baker8bit shot" in err
    assert res.stdout == ""  # refused before any work (demo: before its search for a deal)


def test_demo_checks_its_strategy_before_the_display(tmp_path):
    """Arguments first: a strategy for a game that has none is refused as such, with no display."""
    e = env(tmp_path)
    e.pop("DISPLAY", None)
    e.pop("WAYLAND_DISPLAY", None)
    res = subprocess.run([sys.executable, "-m", "baker8bit", "demo", "--game", "baker", "--strategy", "greedy"],
                         env=e, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert res.returncode == 2 and "no strategies" in res.stderr and res.stdout == "", res.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="an abstract socket is Linux's")
def test_the_display_probe_finds_a_server_that_listens_and_none_where_none_is():
    import socket

    from baker8bit.window.app import x_server_answers

    n = free_display()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(f"\0/tmp/.X11-unix/X{n}")  # where a local X server listens, as Xorg and Xvfb do
        server.listen(8)
        assert x_server_answers(f":{n}") and x_server_answers(f":{n}.0") and x_server_answers(f"unix:{n}")
    assert not x_server_answers(f":{n}", timeout=0.5)
    assert not x_server_answers("not a display")


# -- the README and --help state the same numbers and names ------------------------------------------


def option_help(command: str, option: str) -> str:
    """The help of ``option`` in ``baker8bit COMMAND --help``, on one line."""
    import re

    text = help_text(command)
    m = re.search(rf"^  {re.escape(option)}[ ,=\n].*?(?=^  -|\Z)", text, re.M | re.S)
    assert m, (command, option)
    return " ".join(m.group(0).split())


def test_the_readmes_command_table_and_help_name_the_same_commands_and_defaults():
    import re

    from baker8bit.cli import build_parser

    readme = (ROOT / "README.md").read_text()
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \|[^|]+\|\s*([^|]*?)\s*\|$", readme, re.M)}
    commands = set(build_parser()._subparsers._group_actions[0].choices)
    assert set(rows) == commands
    checked = 0
    for command, cell in rows.items():
        for option, value in re.findall(r"`(--[\w-]+)` ((?:(?!, `).)+)", cell):
            said = option_help(command, option)
            value = value.strip()
            if value == "(required)":
                assert f"[{option}" not in help_text(command).split("options:")[0], (command, option)
            else:
                assert re.search(rf"default {re.escape(value.replace(',', ''))}\b", said.replace(",", "")), \
                    (command, option, value, said)
            checked += 1
    for command, cell in rows.items():  # the searches that escalate by default say how long a deal takes
        if cell.startswith("escalation"):
            from baker8bit.console.contract import ESCALATION_SECONDS

            assert cell == f"escalation, about {ESCALATION_SECONDS:g} s a deal", (command, cell)
            assert f"about {ESCALATION_SECONDS:g} s a deal" in " ".join(help_text(command).split()), command
            checked += 1
    assert checked >= 8


def test_the_readme_counts_the_searches_version_names():
    from baker8bit.cli import NUMBERS
    from baker8bit.core import compiled

    readme = " ".join((ROOT / "README.md").read_text().split())
    assert f"`baker8bit --version` names the {NUMBERS[len(compiled.SEARCHES)]} searches" in readme
    build_note = (ROOT / "pyproject.toml").read_text().split("[project]")[0]
    assert not any(f"{n} searches" in build_note for n in NUMBERS if n != NUMBERS[len(compiled.SEARCHES)])


def test_demo_help_names_every_shipped_strategy():
    from baker8bit.games.sequence import strategy

    said = option_help("demo", "--strategy")
    for name in strategy.shipped_names():
        assert name in said, (name, said)


# -- errors that name their cause once ---------------------------------------------------------------


@pytest.mark.parametrize("deals", ["0-5", "0", "3-2147483648"])
def test_a_deal_range_outside_the_deal_numbers_says_where_they_run(tmp_path, deals):
    err = one_line_refusal(*cli("survey", "--deals", deals, "--out", str(tmp_path / "s.csv")))
    assert err.endswith("deal numbers run from 1 to 2147483647"), err
    assert not (tmp_path / "s.csv").exists()


def test_check_of_a_missing_file_names_it_once(tmp_path):
    missing = tmp_path / "nosuch.txt"
    err = one_line_refusal(*cli("check", "blue", str(missing)))
    assert err.count("nosuch.txt") == 1 and "No such file" in err, err


def test_replay_into_a_png_folder_it_cannot_make_says_so_in_words(tmp_path):
    err = one_line_refusal(*cli("replay", str(ROOT / "docs" / "demo-recording.txt"), "--png-dir",
                                "/proc/baker8bit-frames"))
    assert err.startswith("baker8bit: cannot make the folder /proc/baker8bit-frames: ") and "[Errno" not in err, err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["--help"], ["solve", "--help"], ["--version"]])
def test_help_and_version_into_a_full_device_say_so_and_fail(argv, tmp_path):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "baker8bit", *argv], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=tmp_path, env=env(tmp_path), timeout=60)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["baker8bit: cannot write the output: No space left on device"]


@pytest.mark.parametrize("argv", [
    ["demo", "--video", "out.mp4", "--window-scale", "3"],
    ["replay", str(ROOT / "tests" / "data" / "recording-0.1.0.txt"), "--gif", "out.gif", "--window-scale", "2"],
    ["replay", str(ROOT / "tests" / "data" / "recording-0.1.0.txt"), "--png-dir", "frames", "--fullscreen"],
])
def test_window_options_without_a_window_are_refused_before_any_work(argv, tmp_path):
    done = subprocess.run([sys.executable, "-m", "baker8bit", *argv], capture_output=True, text=True, cwd=tmp_path,
                          env=env(tmp_path), timeout=60)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "size a window" in done.stderr, done.stderr
    assert not list(tmp_path.glob("out.*")) and not (tmp_path / "frames").exists()
