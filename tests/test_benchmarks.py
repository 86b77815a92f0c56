"""The benchmarks cannot rot: each script in benchmarks/ runs in its smoke mode (tiny sizes) as a
subprocess, exits 0 and prints the figures it is for (per game where it covers every game)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import need_fcsolve

from baker8bit import games
from baker8bit.freecell.variant import FreecellVariant

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
NUM = r"\d+(?:\.\d+)?"
MS3 = rf"({NUM}) +({NUM}) +({NUM})"  # median, p99, max
FAMILY = [g for g in games.ids() if isinstance(games.get(g), FreecellVariant)]  # the games fc-solve plays


def run(script: str, *args: str, timeout: float = 60) -> str:
    """Run a benchmark in smoke mode; its stdout (a failure shows its stderr)."""
    env = dict(os.environ)
    env.pop("BAKER8BIT_PURE_SOLVER", None)
    p = subprocess.run([sys.executable, str(BENCH / script), "--smoke", *args], capture_output=True, text=True,
                       timeout=timeout, env=env, cwd=BENCH.parent)
    assert p.returncode == 0, f"{script} --smoke exited {p.returncode}:\n{p.stdout}\n{p.stderr[-3000:]}"
    assert "Traceback" not in p.stderr, p.stderr
    return p.stdout


def test_bench_frame_times_idle_and_help_frames_of_every_game():
    out = run("bench_frame.py", "--game", "all")
    for game in games.ids():
        for state in ("idle", "HELP"):
            m = re.search(rf"^{re.escape(game)} +{state} +60 +{MS3} +{MS3}", out, re.M)
            assert m, f"no {state} row for {game}:\n{out}"
            wall, cpu = [float(x) for x in m.groups()[:3]], [float(x) for x in m.groups()[3:]]
            assert 0 < wall[0] <= wall[1] <= wall[2] and 0 < cpu[0] <= cpu[1] <= cpu[2], m.group(0)
        help_row = re.search(rf"^{re.escape(game)} +HELP .*HELP answered (\d+) deals.*$", out, re.M)
        assert help_row, f"no HELP count for {game}:\n{out}"
        assert re.search(r"held \d+ frames", help_row.group(0)), help_row.group(0)
    assert re.search(rf"^baker +glyphs +60 +{MS3} +{MS3}", out, re.M)
    peer = re.search(rf"^\(machine\) +loop +60 +{MS3} +{MS3}", out, re.M)  # the floor, measured first
    assert peer and float(peer.group(4)) > 0 and out.index("(machine)") < out.index("baker ")
    # HELP answers at once in some games: each of those frames was a fresh deal with HELP pressed
    # (inline: how soon the worker answers depends on what else the machine runs, and a frame
    # never waits for it)
    out = run("bench_frame.py", "--game", "sequence", "--inline", "--no-board")
    assert "HELP runner: Inline" in out
    assert int(re.search(r"^sequence +HELP .*answered (\d+) deals", out, re.M).group(1)) >= 1
    assert re.search(r"^sequence +HELP .*held 0 frames", out, re.M)


def test_bench_frame_one_game():
    out = run("bench_frame.py", "--game", "eight-off", "--frames", "20", "--no-board")
    rows = [ln for ln in out.splitlines() if re.match(r"\S+ +(idle|HELP) ", ln)]
    assert [ln.split()[:3] for ln in rows] == [["eight-off", "idle", "20"], ["eight-off", "HELP", "20"]]


def test_bench_frame_busy_keeps_a_core_busy_and_says_what_help_held():
    """``--busy``: another process keeps one core busy while the frames are timed (it is gone
    after); the HELP row says how many frames the window held the game for HELP's worker."""
    out = run("bench_frame.py", "--game", "king-albert", "--frames", "20", "--no-board", "--busy")
    hog = re.search(r"busy: process (\d+) keeps one core busy", out)
    assert hog, out
    rows = [ln for ln in out.splitlines() if re.match(r"\S+ +(idle|HELP) ", ln)]
    assert [ln.split()[:3] for ln in rows] == [["king-albert", "idle", "20"], ["king-albert", "HELP", "20"]]
    assert re.search(r"held \d+ frames", rows[1]), rows[1]
    assert not Path(f"/proc/{hog.group(1)}").exists()  # the busy process ended with the benchmark


def test_bench_help_covers_every_game_with_answer_kinds():
    out = run("bench_help.py", "--game", "all", "-v")
    assert "game" in out and "rate" in out and "move" in out and "no win" in out and "unknown" in out
    for game in games.ids():
        m = re.search(rf"^{re.escape(game)} +(\d+) +(\d+) +({NUM})% +(\d+) +(\d+) +(\d+) +(\d+) ", out, re.M)
        assert m, f"no row for {game}:\n{out}"
        deals, within, rate, *kinds = (float(x) for x in m.groups())
        assert deals == 2 and sum(kinds) == deals and 0 <= within <= deals
        assert rate == pytest.approx(100 * within / deals, abs=0.05)
        assert len(re.findall(rf"^  {re.escape(game)} deal \d+: frame ", out, re.M)) == 2
    # the 1989 game's deal 2 is won: HELP's answer is a move, in keys
    assert re.search(r"^  baker deal 2: frame \d+ move \(hint [A-Z]+\)", out, re.M)


def test_bench_help_writes_a_row_a_deal_and_the_rate_s_interval(tmp_path):
    """``--csv``: one row a deal (the file docs/results/blue-help-6001-6200.csv is made so); the
    summary line gives the rate's Wilson 95 % interval."""
    import csv

    out = run("bench_help.py", "--game", "blue", "--csv", str(tmp_path / "help.csv"))
    table = list(csv.DictReader((tmp_path / "help.csv").open(encoding="utf-8")))
    assert [(r["game"], r["deal"]) for r in table] == [("blue", "1"), ("blue", "2")]
    assert all(r["kind"] in ("move", "no win", "unknown", "none") for r in table)
    within = sum(1 for r in table if r["kind"] in ("move", "no win") and r["frames"] and int(r["frames"]) <= 120)
    m = re.search(rf"^blue +2 +(\d+) +{NUM}% .* \[({NUM}), ({NUM})\] +{NUM}$", out, re.M)
    assert m and int(m.group(1)) == within, out
    assert float(m.group(2)) <= 100 * within / 2 <= float(m.group(3))


def test_bench_help_frames_are_game_time_not_machine_time():
    """The answer's frame depends on the keys only: two runs give the same rows but the tick time."""
    def without_tick_time(out: str) -> list[str]:
        return [ln.rsplit(None, 1)[0] if ln.startswith("bakers-game") else ln for ln in out.splitlines()]

    a, b = (run("bench_help.py", "--game", "bakers-game", "-v") for _ in range(2))
    assert without_tick_time(a) == without_tick_time(b)


@pytest.mark.parametrize("game", ["bakers-game", "freecell"])  # building in suit; in alternating colours
def test_bench_solver_prints_the_ratio_to_fc_solve(game):
    need_fcsolve()
    out = run("bench_solver.py", "--game", game)
    assert re.search(r"^compiled +5 +0 +0 |^pure +5 +0 +0 ", out, re.M), out
    assert re.search(r"^fc-solve +5 +0 +0 ", out, re.M), out
    assert re.search(rf"ratio ours/fc-solve: .*total time {NUM}x, CPU time {NUM}x", out), out
    assert "verdicts agree on all 5 deals" in out and "DISAGREE" not in out


def test_bench_family_pure_times_family_py_against_the_searches_it_replaced():
    out = run("bench_family_pure.py")
    for game, old in (("baker", "core.py"), ("bakers-game", "core.py"), ("eight-off", "core.py"),
                      ("king-albert", "colour_core.py")):
        block = out.split(f"{game} (rule set ")[1].split("\n\n")[0]
        rows = {m.group(1): m.groups()[1:] for m in re.finditer(
            rf"^(\S+\.py) +(\d+) +(\d+) +(\d+) +({NUM}) +(\d+) +(\d+)$", block, re.M)}
        assert "family.py" in rows, f"no family.py row for {game}:\n{out}"
        if "old searches not compared" in out:  # no git history here: family.py alone
            continue
        assert old in rows, f"no {old} row for {game}:\n{out}"
        # the same search: the same verdicts and states
        assert rows["family.py"][:3] == rows[old][:3] and rows["family.py"][4] == rows[old][4], block
        assert sum(int(x) for x in rows[old][:3]) == 3
        assert re.search(rf"^ratio family\.py/{re.escape(old)} CPU time: {NUM}; mean {NUM}", block, re.M), block
        assert "the same verdicts, states and moves on all 3 deals" in block and "DIFFER" not in block


def test_bench_lengths_prints_medians_against_fc_solve_opt_for_every_family_game():
    need_fcsolve()
    out = run("bench_lengths.py", timeout=300)
    for game in FAMILY:
        m = re.search(rf"^\| {game} \| (\d+) \| ({NUM}) \[(\d+), (\d+)\] \| ({NUM}) \[(\d+), (\d+)\] \| "
                      rf"({NUM}) \[\d+, \d+\] \| ({NUM}) \[\d+, \d+\] \| (\d+) / (\d+) / (\d+) \|$", out, re.M)
        assert m, f"no row for {game}:\n{out}"
        n, found, _, _, short, lo, hi, keys, _theirs, less, same, more = (float(x) for x in m.groups())
        assert 1 <= n <= 5 and less + same + more == n
        assert keys <= short <= found and lo <= short <= hi  # shortened: never longer; keys: no more


def test_bench_solver_refuses_a_game_without_a_peer_in_one_line():
    p = subprocess.run([sys.executable, str(BENCH / "bench_solver.py"), "--smoke", "--game", "blue"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "no peer in fc-solve" in p.stderr


def test_bench_blue_prints_speeds_memory_and_the_compiled_to_plain_ratio():
    out = run("bench_blue.py")
    assert re.search(r"memory per position, plain search: \d+ bytes", out)
    assert re.search(r"positions a second, plain search: [\d,]+ \(deals 1\.\.2", out)
    if "compiled search" in out:
        assert re.search(rf"compiled / plain: {NUM}x", out)
    assert re.search(r"4x13 aces as dealt, deals 1\.\.2, limit 0\.2 s: \{", out)
    assert re.search(r"decision time: median [\d.]+ s, max [\d.]+ s", out)


@pytest.mark.parametrize("script, bad", [
    ("bench_blue.py", (["x"], ["0"], ["2", "-1"], ["1", "1", "1", "1"])),
    ("bench_blue_lengths.py", (["--bogus-option"], ["x", "3"], ["5", "2"], ["7"])),
])
def test_the_argv_benchmarks_refuse_bad_arguments_in_one_line(script, bad):
    name = script.removesuffix(".py")
    for args in bad:
        p = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True,
                           text=True, timeout=60, cwd=BENCH.parent)
        assert p.returncode == 2 and "Traceback" not in p.stderr, (args, p.stderr)
        assert p.stderr.count("\n") == 1 and p.stderr.startswith(f"{name}: usage:")
    p = subprocess.run([sys.executable, str(BENCH / script), "--help"], capture_output=True,
                       text=True, timeout=60, cwd=BENCH.parent)
    assert p.returncode == 0 and "--smoke" in p.stdout


def test_bench_blue_lengths_prints_found_and_shortened_medians():
    out = run("bench_blue_lengths.py")
    m = re.search(r"Blue 4x13, deals 1\.\.3: (\d) of 3 won", out)
    assert m and int(m.group(1)) >= 1, out
    found = re.search(rf"^found +({NUM}) +{NUM} +(\d+)$", out, re.M)
    short = re.search(rf"^shortened +({NUM}) +{NUM} +(\d+)$", out, re.M)
    assert found and short and float(short.group(1)) <= float(found.group(1)), out
    assert re.search(r"median cut [\d.]+%", out)


def test_bench_gif_prints_both_scales():
    out = run("bench_gif.py")
    for scale in (1, 2):
        assert re.search(rf"scale {scale}: 180 frames seen, \d+ images stored, [\d,]+ bytes, .* s of video", out)


def test_bench_video_prints_the_speed_of_both_formats():
    out = run("bench_video.py")
    for suffix in (".mp4", ".webm"):
        m = re.search(rf"^\{suffix} +1 +([\d,]+) +({NUM})x real time", out, re.M)
        assert m, f"no {suffix} row:\n{out}"
        assert int(m.group(1).replace(",", "")) > 1000 and float(m.group(2)) > 0


def test_bench_sequence_prints_every_player():
    out = run("bench_sequence.py")
    for name in ("random", "greedy", "best", "lookahead", "sampling", "clairvoyant"):
        assert re.search(rf"^{name} +\d+ +{NUM} +{NUM}$", out, re.M), f"{name}:\n{out}"
    assert re.search(r"^pure +\d+ +[\d.]+ +\d+$", out, re.M), out  # the search's positions a second
    nested = out[out.index("moves/s"):]  # the nested search's table: moves a second, pure first
    assert re.search(r"^pure +[1-9]\d* +[\d.]+ +[1-9]\d*$", nested, re.M), out
    assert re.search(r"median [\d.]+ s; won \d+, lost \d+, unknown \d+$", out, re.M), out
    help_row = re.search(rf"^sampling +64 +(\d+) +{NUM} +{NUM} +{NUM} +({NUM})$", out, re.M)  # HELP's choices
    assert help_row and int(help_row.group(1)) > 0 and float(help_row.group(2)) > 0, out


@pytest.mark.parametrize("script", ["bench_frame.py", "bench_help.py"])
def test_an_unknown_game_is_a_usage_error_not_a_traceback(script):
    p = subprocess.run([sys.executable, str(BENCH / script), "--smoke", "--game", "nope"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 2 and "unknown game 'nope'" in p.stderr and "Traceback" not in p.stderr


def test_bench_blue_help_counts_the_deals_each_share_answers():
    """Offline, per share of the orderings' plans: the deals answered within 2 s, the rate and its
    interval, the deals missed; ``-v``: one line a deal, naming the run that decided."""
    out = run("bench_blue_help.py", "-v")
    assert "positions (frame 120: help_plan" in out, out
    for share in (0, 50):
        m = re.search(rf"^ +{share} +2 +(\d+) +({NUM})% +\[({NUM}), ({NUM})\] +{NUM}  (.+)$", out, re.M)
        assert m, f"no row for {share}:\n{out}"
        k = int(m.group(1))
        assert float(m.group(2)) == pytest.approx(50 * k) and float(m.group(3)) <= 50 * k <= float(m.group(4))
        assert (m.group(5) == "-") == (k == 2)
        assert len(re.findall(rf"^  orderings {share} deal \d: ", out, re.M)) == 2
    assert "ordering " in out or "plan run" in out


SMOKE_TESTED = {"bench_blue.py", "bench_blue_help.py", "bench_blue_lengths.py", "bench_family_pure.py",
                "bench_forget.py", "bench_frame.py",
                "bench_gif.py", "bench_prove.py",
                "bench_help.py", "bench_lengths.py", "bench_sequence.py", "bench_solver.py", "bench_video.py"}


def test_bench_forget_measures_what_forgetting_costs_against_the_exact_search():
    """Each deal's exact search, then tables of 0.7 and 0.5 of its positions: the same verdict,
    at least as many positions (the ratio printed), some forgotten."""
    from baker8bit.freecell.solver import choose

    if choose.search_name(games.get("king-albert").rules({})) != "compiled":
        pytest.skip("a table that forgets needs the compiled search")
    out = run("bench_forget.py")
    for deal in (2, 4):
        rows = re.findall(rf"^king-albert +{deal} +(exact|{NUM}) +(\w+) +([\d,]+) +({NUM}) +([\d,]+) ", out, re.M)
        assert [r[0] for r in rows] == ["exact", "0.70", "0.50"], out
        exact = int(rows[0][2].replace(",", ""))
        for _table, outcome, positions, ratio, forgotten in rows[1:]:
            assert outcome == rows[0][1] == "unsolvable"
            assert int(positions.replace(",", "")) >= exact and float(ratio) >= 1.0
            assert int(forgotten.replace(",", "")) > 0
    p = subprocess.run([sys.executable, str(BENCH / "bench_forget.py"), "--smoke", "--game", "blue"],
                       capture_output=True, text=True, cwd=BENCH.parent)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr


def test_bench_prove_prints_the_disk_search_against_the_in_memory_checker():
    out = run("bench_prove.py")
    disk = re.findall(rf"^disk search: (\w+) ([\d,]+) states, \d+ layers, {NUM} s \({NUM} s of CPU\), "
                      rf"([\d,]+) states a CPU second, "
                      rf"(\d+) bytes a state stored, {NUM} bytes a state on disk at the peak .*peak RSS {NUM} MB, "
                      rf"buffers held ({NUM}) MB of ({NUM}) MB$", out, re.M)
    assert len(disk) == 2, out  # Blue, then King Albert
    assert disk[0][0] == "unsolvable" and disk[0][3] == "12" and disk[1][3] == "15"
    assert all(float(held) <= float(budget) for *_, held, budget in disk)
    memory = re.search(r"^in memory: +unsolvable ([\d,]+) states", out, re.M)
    assert memory and memory.group(1) == disk[0][1] and "the same states" in out, out


def test_every_benchmark_has_a_smoke_test():
    """A new benchmark fails here until it has a ``--smoke`` mode and a test above that runs it."""
    scripts = {p.name for p in BENCH.glob("*.py")}
    assert scripts == SMOKE_TESTED, f"benchmarks without a smoke test: {sorted(scripts - SMOKE_TESTED)}"
    source = Path(__file__).read_text()
    for name in scripts:
        assert f'run("{name}"' in source, f"{name}: no test runs its smoke mode"
        assert "--smoke" in (BENCH / name).read_text(), f"{name}: no --smoke flag"
