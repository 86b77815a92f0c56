"""The sequence study: rows, resume, table, chart, command line (small ranges only)."""

from __future__ import annotations

import csv
import struct
import zlib

import pytest

from baker8bit.atari import font
from baker8bit.cli import main
from baker8bit.games.sequence import study as sd
from baker8bit.games.sequence.rules import deck_text


def test_wilson_interval():
    lo, hi = sd.wilson(0, 100)
    assert lo == 0 and 0.03 < hi < 0.04
    lo, hi = sd.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert sd.wilson(0, 0) == (0.0, 1.0)


def test_rows_are_deterministic():
    a = sd.play_task(sd.Task("greedy", 3, 1, 100))
    b = sd.play_task(sd.Task("greedy", 3, 1, 100))
    assert a._replace(seconds=0) == b._replace(seconds=0) and a.outcome in ("won", "lost")


def test_study_command_csv_table_chart_and_resume(tmp_path, capsys):
    out, chart = tmp_path / "games.csv", tmp_path / "chart.png"
    args = ["study", "sequence", "--strategy", "random", "greedy", "--deals", "1-4", "--out", str(out),
            "--workers", "1", "--chart", str(chart)]
    assert main(args) == 0
    rows = list(csv.DictReader(out.open()))
    assert [(r["strategy"], r["deal"]) for r in rows] == [("random", str(d)) for d in range(1, 5)] + [
        ("greedy", str(d)) for d in range(1, 5)]
    table = capsys.readouterr().out
    assert "random" in table and "95% interval" in table
    png = chart.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    w, h = struct.unpack(">II", png[16:24])
    assert w > 100 and h > 50
    # resume: only the new deals are played, old rows kept
    assert main(args[:5] + ["--deals", "1-6"] + args[7:] + ["--resume"]) == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 12 and len({(r["strategy"], r["deal"]) for r in rows}) == 12


def test_strategy_file_in_study(tmp_path, capsys):
    f = tmp_path / "mine.txt"
    f.write_text("play to a final pile\nput the hand card on a storage pile, prefer the lowest pile\n")
    assert main(["study", "sequence", "--strategy", str(f), "--deals", "1-2", "--workers", "1"]) == 0
    assert str(f) in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["--strategy", "best", "--deals", "5-3"], "the end is below the start"),
    (["--strategy", "best", "--deals", ""], "bad deal range"),
    (["--strategy", "nosuch", "--deals", "1"], "no strategy 'nosuch'"),
    (["--strategy", "best", "--deals", "1", "--resume"], "--resume needs --out"),
])
def test_bad_input_is_one_line_exit_2(args, message, capsys):
    assert main(["study", "sequence", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_an_unknown_strategy_lists_every_name_the_study_takes(capsys):
    from baker8bit.games.sequence import players, strategy

    assert main(["study", "sequence", "--strategy", "nosuch", "--deals", "1"]) == 2
    err = capsys.readouterr().err
    for name in (*strategy.shipped_names(), *players.PLAYERS):
        assert name in err, name
    assert "sampling" in err


def test_malformed_strategy_file(tmp_path, capsys):
    f = tmp_path / "bad.txt"
    f.write_text("play to a final pile\nput the hand card somewhere\n")
    assert main(["study", "sequence", "--strategy", str(f), "--deals", "1"]) == 2
    assert f"{f}:2: unknown word 'somewhere'" in capsys.readouterr().err  # the file's full path


def test_resume_refuses_other_csv(tmp_path, capsys):
    f = tmp_path / "x.csv"
    f.write_text("a,b\n1,2\n")
    assert main(["study", "sequence", "--strategy", "best", "--deals", "1", "--out", str(f), "--resume"]) == 2
    assert "not a sequence study CSV" in capsys.readouterr().err


def test_chart_png_decodes():
    ls = sd.lines([sd.Row("best", 1, 1, 80, "won", 52, "", 0.0), sd.Row("best", 2, 0, 60, "lost", 20, "x", 0.0)])
    png = sd.chart_png(ls, scale=1)
    w, h = struct.unpack(">II", png[16:24])
    # IDAT holds h rows of 1 + 3w bytes
    start = png.index(b"IDAT") + 4
    size = struct.unpack(">I", png[start - 8:start - 4])[0]
    raw = zlib.decompress(png[start:start + size])
    assert len(raw) == h * (1 + 3 * w)


def test_the_charts_scale_labels_never_print_over_each_other():
    """``100`` and its ``%`` each keep their own character cells, inside the picture; the picture
    shows every pixel of every label (a label printed over another would lose some)."""
    ls = sd.lines([sd.Row("best", 1, 1, 80, "won", 52, "", 0.0)])
    label_w, plot_w = 8 * 4 + 8, 200
    labels = sd.scale_labels(label_w, plot_w)
    assert [lab for _, lab in labels] == ["0", "25", "50", "75", "100", "%"]
    spans = sorted((x, x + 8 * len(lab)) for x, lab in labels)
    assert all(a_end <= b for (_, a_end), (b, _) in zip(spans, spans[1:], strict=False)), spans
    png = sd.chart_png(ls, scale=1)
    w, h = struct.unpack(">II", png[16:24])
    assert spans[0][0] >= 0 and spans[-1][1] <= w
    start = png.index(b"IDAT") + 4
    raw = zlib.decompress(png[start:start + struct.unpack(">I", png[start - 8:start - 4])[0]])
    bottom = 20 + 16 * len(ls)
    bg = raw[1:4]
    band = [raw[y * (1 + 3 * w) + 1:(y + 1) * (1 + 3 * w)] for y in range(bottom + 6, bottom + 14)]
    lit = sum(row[3 * x:3 * x + 3] != bg for row in band for x in range(w))
    drawn = sum(bin(bits).count("1") for _, lab in labels for ch in lab for bits in font.glyph(ch))
    assert lit == drawn


def test_deck_text_for_show():
    tokens = deck_text(1).split()
    assert len(tokens) == 52 and set(tokens) == set("A23456789TJQK")
