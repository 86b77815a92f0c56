"""Issue 13, the files: exact grammar, size caps, short quotes, BOMs (recordings, saved games, boards)."""

from __future__ import annotations

import pytest

from baker8bit.cli import main
from baker8bit.core import textlines
from baker8bit.sessions import recording, savegame
from baker8bit.sessions.recording import Recording, RecordingError, Start, dump, parse

GOOD = dump(Recording(seed=3, start=Start("deal", rules="baker4", deal=1), frames=50,
                      keys=((10, "G"), (12, "B"), (30, "SPACE"))))


@pytest.mark.parametrize("frame", ["²", "8_42", "٤٢", "+12", "0012", "1" * 5000, "12.0", "-1"])
def test_a_recording_frame_is_plain_ascii_decimal(frame):
    text = GOOD.replace("\n12 B\n", f"\n{frame} B\n")
    with pytest.raises(RecordingError) as e:
        parse(text)
    assert "frame" in str(e.value) and len(str(e.value)) < 200


@pytest.mark.parametrize("field", ["seed", "frames", "keys"])
@pytest.mark.parametrize("value", ["8_42", "٤٢", "1" * 5000, "²"])
def test_recording_numbers_are_plain_ascii_decimal(field, value):
    lines = GOOD.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(field + " "))
    lines[i] = f"{field} {value}"
    with pytest.raises(RecordingError) as e:
        parse("\n".join(lines) + "\n")
    assert len(str(e.value)) < 200


def test_a_recording_of_a_million_million_frames_is_refused():
    with pytest.raises(RecordingError, match="hours of play"):
        parse(GOOD.replace("frames 50", "frames 1000000000000"))


def test_a_utf8_bom_is_read_as_the_text_after_it(tmp_path):
    p = tmp_path / "r.txt"
    p.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert recording.load(p).keys == parse(GOOD).keys


def test_a_huge_file_is_refused_without_reading_it_whole(tmp_path):
    p = tmp_path / "big.txt"
    p.write_bytes(GOOD.encode() + b"#" * (textlines.MAX_BYTES + 10))
    with pytest.raises(RecordingError, match="too large"):
        recording.load(p)
    with pytest.raises(savegame.SaveError, match="too large"):
        savegame.load(p)


def test_dev_zero_is_refused_quickly():
    with pytest.raises(RecordingError):
        recording.load("/dev/zero")


def test_error_messages_quote_a_few_dozen_characters_at_most():
    token = "X" * 100_000
    for text in (GOOD.replace("start rules=baker4", f"start rules={token}"),
                 GOOD.replace("\n12 B\n", f"\n12 {token}\n"),
                 GOOD.replace("\n12 B\n", f"\n{token} B\n"),
                 GOOD.replace("program ", f"program {token}")):
        with pytest.raises(RecordingError) as e:
            parse(text)
        assert len(str(e.value)) < 300


def test_a_saved_game_deal_is_plain_ascii_decimal():
    from conftest import baker_rules

    from baker8bit.freecell.game import Game
    from baker8bit.freecell.position import Position

    rs = baker_rules(4)
    text = savegame.dump(Game(rs, Position.dealt(842, rs), 842))
    assert savegame.parse(text).deal == 842
    for bad in ("8_42", "٨٤٢", "1" * 5000):
        with pytest.raises(savegame.SaveError) as e:
            savegame.parse(text.replace("deal 842", f"deal {bad}"))
        assert len(str(e.value)) < 200


def test_a_board_file_is_read_with_a_cap_and_short_quotes(tmp_path, capsys):
    big = tmp_path / "big.txt"
    big.write_bytes(b": " + b"Z" * 200_000 + b"\n")
    assert main(["solve", "--board", str(big)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err) < 300
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"#" * (1 << 20))
    assert main(["solve", "--board", str(huge)]) == 2
    assert "KiB" in capsys.readouterr().err
