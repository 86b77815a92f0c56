"""``baker8bit sound``: the tone and the buzzer as WAV files at the POKEY formula's frequency."""

from __future__ import annotations

import pytest
from test_pokey import autocorrelation_hz, within_1_percent

from baker8bit.atari import pokey
from baker8bit.cli import main


@pytest.mark.parametrize("name,low", [("tone", 300), ("buzzer", 30)])
def test_sound_command_writes_the_pokey_frequency(name, low, tmp_path, capsys):
    out = tmp_path / f"{name}.wav"
    assert main(["sound", name, "--out", str(out)]) == 0
    samples, rate = pokey.read_wav(out)
    spec = pokey.sounds()[name]
    expected = 63921 / (2 * (spec.pitch + 1))  # the POKEY formula, distortion 10
    if spec.distortion == 12:
        expected = expected * 2 / 15  # the 4-bit poly repeats every 15 divider steps
    assert within_1_percent(autocorrelation_hz(samples, rate, low_hz=low), expected)
    assert f"{expected:.2f} Hz" in capsys.readouterr().out


def test_sound_command_reports_an_unwritable_file(tmp_path, capsys):
    assert main(["sound", "tone", "--out", str(tmp_path / "no" / "dir" / "x.wav")]) == 2
    assert "cannot write" in capsys.readouterr().err
