"""Issue 13: the window remembers its options (scale, glyphs, sound, palette) in the data folder."""

from __future__ import annotations

from baker8bit.cli import build_parser
from baker8bit.commands.window import remember_options
from baker8bit.sessions import options
from baker8bit.sessions.session import Session


def chosen(tmp_path, *argv):
    args = build_parser().parse_args(list(argv))
    return remember_options(args, Session(tmp_path))


def test_options_given_once_are_remembered_and_can_be_turned_off(tmp_path):
    assert chosen(tmp_path) == options.Remembered()
    assert chosen(tmp_path, "--scale", "3", "--glyphs", "--mute", "--pal") == options.Remembered(3, True, False, "pal")
    assert chosen(tmp_path) == options.Remembered(3, True, False, "pal")  # the next start
    assert chosen(tmp_path, "--no-glyphs", "--sound", "--no-pal") == options.Remembered(3, False, True, "ntsc")
    assert options.load(tmp_path / options.FILE) == options.Remembered(3, False, True, "ntsc")


def test_a_damaged_options_file_is_kept_aside_and_the_defaults_used(tmp_path):
    (tmp_path / options.FILE).write_text('{"format": "baker8bit-options", "version": 1, "scale": 99}')
    s = Session(tmp_path)
    got = remember_options(build_parser().parse_args([]), s)
    assert got == options.Remembered() and any("scale must be" in m for m in s.messages)
    assert (tmp_path / "options.json.damaged-1").exists()
