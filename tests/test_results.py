"""The figures the README and the pages under docs/ state, read again from the rows in docs/results/
that back them, and the README's statements about the program checked against the program."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import subcommands
from figures import RESULTS, ROOT, interval, line_of, page, percent, rows, wilson


def test_the_readme_is_a_guide_of_at_most_400_lines():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 400


def test_every_results_file_is_named_in_the_results_readme_and_every_name_is_a_file():
    index = (RESULTS / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `([^`]+\.csv)` \|", index, re.M))
    shipped = {p.name for p in RESULTS.glob("*.csv")}
    assert named == shipped, (sorted(shipped - named), sorted(named - shipped))


def _shares(table: list[dict]) -> tuple[int, int, int]:
    count = Counter(r["outcome"] for r in table)
    return count["solved"], count["unsolvable"], count["unknown"]


def _row(label: str, won: int, lost: int, unknown: int) -> str:
    decided = won + lost
    return f"| {label} | 1-1000 | {won} | {lost} | {unknown} | {percent(won, decided)} ({interval(won, decided)}) |"


def test_the_1989_games_survey_is_its_pages_table():
    survey = rows("baker-survey-1-1000.csv")
    text = (ROOT / "docs" / "games" / "baker.md").read_text(encoding="utf-8")
    for suits in (2, 3, 4):
        table = [r for r in survey if r["game"] == f"baker{suits}"]
        assert sorted(int(r["deal"]) for r in table) == list(range(1, 1001))
        assert _row(str(suits), *_shares(table)) in text, _row(str(suits), *_shares(table))


def test_baker_s_game_and_eight_off_surveys_are_their_pages_table():
    text = (ROOT / "docs" / "games" / "freecell-family.md").read_text(encoding="utf-8")
    baker4 = {r["deal"]: r["outcome"] for r in rows("baker-survey-1-1000.csv") if r["game"] == "baker4"}
    for game, label in (("bakers-game", "Baker's Game"), ("eight-off", "Eight Off")):
        table = rows(f"{game}-survey-1-1000.csv")
        assert sorted(int(r["deal"]) for r in table) == list(range(1, 1001))
        assert _row(label, *_shares(table)) in text, _row(label, *_shares(table))
    bakers_game = {r["deal"]: r["outcome"] for r in rows("bakers-game-survey-1-1000.csv")}
    assert bakers_game == baker4  # "the verdicts are the same"
    lost = [r["deal"] for r in rows("eight-off-survey-1-1000.csv") if r["outcome"] == "unsolvable"]
    assert f"two lost deals are {' and '.join(lost)}" in page("docs/games/freecell-family.md") and len(lost) == 2


def test_the_king_albert_tip_is_counted_from_its_rows():
    """The tip's rows are exactly the lost deals of the rank-0 survey of 1..1000, each proved lost
    again; the page's counts are theirs; the two cheapest rows are measured again here."""
    from baker8bit import games
    from baker8bit.freecell.position import Position
    from baker8bit.freecell.solver import solve

    survey = rows("king-albert-survey-r0.csv")
    tip = rows("king-albert-tip-r0.csv")
    assert sorted(int(r["deal"]) for r in tip) == sorted(int(r["deal"]) for r in survey if r["outcome"] == "unsolvable")
    assert {r["outcome"] for r in tip} == {"unsolvable"}
    lost = len(tip)
    fewer = sum(int(r["max_empty"]) < 2 for r in tip)
    said = (f"of the {lost} deals 1-1000 proved unwinnable, **{fewer} ({percent(fewer, lost)}) cannot make two "
            f"spaces**; {lost - fewer} can and are lost all the same")
    assert said in page("docs/games/king-albert.md"), said
    rules = games.get("king-albert").rules({})
    for r in sorted(tip, key=lambda r: int(r["states"]))[:2]:
        found = solve(Position.dealt(int(r["deal"]), rules), rules, max_states=10 * int(r["states"]))
        assert (found.outcome, found.detail["max_empty"]) == ("unsolvable", int(r["max_empty"])), r["deal"]


def test_the_held_out_sequence_deals_are_won_at_solves_default_budget(capsys):
    """docs/games/sequence.md: held-out deals 3001-3010 are all won at `solve`'s default budget."""
    import json

    from baker8bit.cli import build_parser, main
    from baker8bit.games.sequence import solver

    if solver.implementation_name() != "compiled":
        pytest.skip("measured with the compiled search (the pure one is about 30 times slower)")
    from baker8bit import games

    assert build_parser().parse_args(["solve"]).max_states is None  # the defaults escalate
    variant = games.get("sequence")
    first = variant.escalation(variant.rules())[0]
    assert (f"Held-out deals 3001-3010 are all won at `solve`'s defaults, by the first step of its "
            f"escalation (the depth-first search, {first.max_states:,} positions") in page("docs/games/sequence.md")
    for deal in range(3001, 3011):
        assert main(["solve", "--game", "sequence", "--deal", str(deal), "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["outcome"] == "solved" and answer["search"].startswith(first.name + " "), deal


def test_the_readmes_speed_line_is_the_benchmarks_page():
    line = line_of("README.md", "- **Speed**:")
    four_suit, king_albert = re.search(r"4-suit game in ([\d.]+)x fc-solve's time and King Albert's in ([\d.]+)x",
                                       line).groups()
    bench = page("docs/BENCHMARKS.md")
    assert f"**compiled {four_suit}x fc-solve's time**" in bench
    assert f"**Compiled {king_albert}x fc-solve's time**" in bench
    assert "| 4-suit 1989 game |" in bench and "1000/1000 agree |" in bench and "agree on all 777 deals" in bench


# -- the README and the program's --help say the same ----------------------------------------------


def _value(text: str) -> int:
    """A default as the README and --help write it: 2,000,000 or 2000000 or 512M or 4."""
    text = text.strip().replace(",", "")
    scale = {"K": 2**10, "M": 2**20, "G": 2**30}.get(text[-1:], 1)
    return int(text.rstrip("KMG")) * scale


def test_the_readmes_table_of_commands_is_the_programs():
    """Every command of `baker8bit --help` is in the README's table, in its order, and every default
    the table states is the parser's default and the one the command's --help states."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| `([a-z]+)` \| [^|]+ \|([^|]*)\|$", text, re.M)
    commands = subcommands()
    assert [name for name, _ in table] == list(commands)
    stated = 0
    for name, defaults in table:
        actions = {a.option_strings[-1]: a for a in commands[name]._actions if a.option_strings}
        for option, value in re.findall(r"`(--[a-z-]+)` ([\d,]+[KMG]?)", defaults):
            assert _value(value) == actions[option].default, (name, option, value, actions[option].default)
            said = re.search(r"default:? ([\d,]+[KMG]?)\b", " ".join((actions[option].help or "").split()))
            assert not said or _value(said.group(1)) == _value(value), (name, option, said.group(1))
            stated += 1
    assert stated >= 5


def test_the_readme_counts_the_searches_version_names(capsys):
    from baker8bit.cli import main

    with pytest.raises(SystemExit):
        main(["--version"])
    names = re.search(r"searches: ([^)]*)\)", capsys.readouterr().out).group(1).split(", ")
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    assert f"names the {words[len(names)]} searches" in page("README.md")


def test_the_blue_pages_full_size_rows_are_counted_from_the_samples():
    """docs/games/blue.md's table of the full-size samples: each row's solved share, Wilson interval
    and unknown share are what the sample's rows (and the rechecks before it) count. The last rows of
    each verdict are checked in tests/test_blue_checker.py, with the README's line."""

    def said(budget: str, verdict: str, solved: int, n: int) -> None:
        lo, hi = (f"{100 * x:.1f}" for x in wilson(solved, n))
        cells = f"| {verdict} | {100 * solved / n:.1f} % [{lo}, {hi}] | 0.0 % | {100 - 100 * solved / n:.1f} % |"
        row = next((ln for ln in (ROOT / "docs" / "games" / "blue.md").read_text(encoding="utf-8").splitlines()
                    if ln.startswith("| 4x14 |") and f"| {budget} | {verdict} |" in ln), None)
        assert row, (budget, verdict)
        assert cells in row.replace("**", ""), (row, cells)

    default = rows("blue-sample-4x13-default.csv")
    assert sorted(int(r["deal"]) for r in default) == list(range(1, 1001))
    assert not [r for r in default if "unsolvable" in (r["dealt"], r["best"])]
    said("defaults (7.35 M a run, effort 4)", "aces as dealt", sum(r["dealt"] == "solved" for r in default), 1000)
    best = {int(r["deal"]): r["best"] for r in default}
    said("defaults (7.35 M a run, effort 4)", "best ordering", sum(v == "solved" for v in best.values()), 1000)
    for r in rows("blue-recheck-4x13.csv"):
        if r["verdict"] == "best":
            best[int(r["deal"])] = r["after"]
    said("defaults, then each ordering alone for the 23 left unknown (issue 22)", "best ordering",
         sum(v == "solved" for v in best.values()), 1000)
    for r in rows("blue-recheck-4x13-opens.csv"):
        best[int(r["deal"])] = r["best"]
    said("the same, then the 16 still unknown at the defaults with the blocker's move order (issue 20)",
         "best ordering", sum(v == "solved" for v in best.values()), 1000)
    for name, budget, n in (("blue-sample-4x13.csv", "100,000, effort 1, unit 2,000", 1000),
                            ("blue-sample-4x13-1m.csv", "1,000,000, effort 1, unit 2,000", 200)):
        sample = rows(name)
        assert sorted(int(r["deal"]) for r in sample) == list(range(1, n + 1)), name
        said(budget, "aces as dealt", sum(r["dealt"] == "solved" for r in sample), n)
        said(budget, "best ordering", sum(r["best"] == "solved" for r in sample), n)


# one core; two cores; then the faster search at 32,000 a frame (the two fresh ranges)
@pytest.mark.parametrize("first,last", [(6001, 6200), (10401, 11200), (11201, 12000), (12001, 12800)])
def test_blue_help_held_out_figure_is_counted_from_its_rows(first, last):
    """docs/games/blue.md's held-out measures of HELP (deals never tuned on): the deals answered
    with a move or a proof within 2 s of game time (120 frames), from the rows ``bench_help.py
    --csv`` wrote, with the rate's Wilson interval."""
    table = rows(f"blue-help-{first}-{last}.csv")
    assert [int(r["deal"]) for r in table] == list(range(first, last + 1)) and {r["game"] for r in table} == {"blue"}
    within = sum(1 for r in table if r["kind"] in ("move", "no win") and int(r["frames"]) <= 120)
    in_4s = sum(1 for r in table if r["kind"] in ("move", "no win") and int(r["frames"]) <= 240)
    unknown = sum(1 for r in table if r["kind"] == "unknown")
    low, high = wilson(within, len(table))
    stated = (f"**{within} of {len(table)} answered within 2 s, {100 * within / len(table):.1f} % "
              f"[{100 * low:.1f}, {100 * high:.1f}]**, {in_4s} within 4 s, {unknown} unknown")
    assert stated in page("docs/games/blue.md"), stated
    assert f"{within} of {len(table)} answered within 2 s, {percent(within, len(table))}" in (
        RESULTS / "README.md").read_text(encoding="utf-8")
    if (first, last) == (11201, 12000):  # the rate of today's HELP, in the README too
        assert f"{within} of {len(table)} within 2 s ({100 * within / len(table):.1f}%," in page("README.md")


def test_blues_proof_on_disk_is_counted_from_its_rows():
    """docs/results/blue-prove-4x13.csv: every row an unknown of the sample (best ordering, or as
    dealt); deal 187 as dealt proved unsolvable, its boards the sum of its layers; the README's
    Blue line and blue.md say what the rows give."""
    proofs = rows("blue-prove-4x13.csv")
    sample = {int(r["deal"]): r for r in rows("blue-sample-4x13-default.csv")}
    dealt = {d: r["dealt"] for d, r in sample.items()}
    for r in rows("blue-recheck-4x13-dealt-effort16.csv"):
        dealt[int(r["deal"])] = r["dealt"]
    for r in proofs:
        sizes = [int(x) for x in r["layer_sizes"].split()]
        assert int(r["states"]) == sum(sizes) and int(r["layers"]) == len(sizes), r["deal"]
        if r["verdict"] == "dealt":
            assert dealt[int(r["deal"])] == "unknown", r["deal"]
    decided = [r for r in proofs if r["outcome"] != "unknown"]
    assert [(r["deal"], r["verdict"], r["outcome"]) for r in decided] == [("187", "dealt", "unsolvable")]
    states = int(decided[0]["states"])
    unknown = sum(v == "unknown" for v in dealt.values()) - 1
    won = sum(v == "solved" for v in dealt.values())
    line = line_of("README.md", "- **Blue**:")
    assert (f"({won} won, 1 proved unsolvable by `prove`: deal 187, every one of its {states:,} boards searched; "
            f"{unknown} unknown)") in line
    blue = page("docs/games/blue.md")
    assert f"**{states:,} boards**, every one expanded" in blue
    assert f"and {sum(r['verdict'] == 'dealt' for r in proofs)} of the 99 unknown as dealt" in blue


def test_king_albert_decided_at_the_defaults_is_counted_from_its_rows():
    """The page's table of fresh deals at the defaults is what the survey rows count, and the
    fresh ranges meet what the escalation is for: no unknown in 60 deals, 99.5% of 200."""
    text = page("docs/games/king-albert.md")
    for first, last, name in ((9201, 9400, "king-albert-defaults-9201-9460.csv"),
                              (9401, 9460, "king-albert-defaults-9201-9460.csv"),
                              (9001, 9060, "king-albert-defaults-9001-9060.csv")):
        table = [r for r in rows(name) if first <= int(r["deal"]) <= last]
        assert sorted(int(r["deal"]) for r in table) == list(range(first, last + 1))
        assert all(r["search"].split()[0] in ("table-1m", "restarts", "table-16m") for r in table)
        won, lost, unknown = _shares(table)
        by = Counter(r["search"].split()[0] for r in table if r["outcome"] != "unknown")
        row = (f"| {first}-{last} | {won} | {lost} | {unknown} | {percent(won + lost, len(table))} | "
               f"{by['restarts']} | {by['table-16m']} |")
        assert row in text, row
        if last - first == 199:
            assert won + lost >= 199
        if last - first == 59 and first == 9401:
            assert unknown == 0
