"""POKEY synthesis: frequencies measured in the rendered WAV files, the poly model, WAV writing."""

from __future__ import annotations

import math
import os
import wave

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.atari import pokey

RATE = pokey.PCM_RATE


def reference_tone_hz(pitch: int) -> float:
    """docs/ATARI.md, "Sound: POKEY": f = 63921 / (2*(pitch+1)) on NTSC."""
    return 63921 / (2 * (pitch + 1))


def reference_buzz_hz(pitch: int) -> float:
    """docs/ATARI.md, "Sound: POKEY": distortion 12 repeats at 63921 / (15*(pitch+1)) when gcd(pitch+1, 15) = 1."""
    return 63921 / (15 * (pitch + 1))


# --- frequency measurement, plain Python --------------------------------------------------


def zero_crossing_hz(samples: list[int], rate: int) -> float:
    """Frequency from the rising zero crossings of a two-level signal."""
    ups = [i for i in range(1, len(samples)) if samples[i - 1] < 0 <= samples[i]]
    assert len(ups) >= 3, "too few zero crossings to measure"
    return (len(ups) - 1) * rate / (ups[-1] - ups[0])


def autocorrelation_hz(samples: list[int], rate: int, low_hz: float = 20, high_hz: float = 4000) -> float:
    """Fundamental from the first autocorrelation peak (the smallest lag within 10 % of the best)."""
    lags = range(int(rate / high_hz), int(rate / low_hz) + 2)
    window = min(4096, len(samples) - lags[-1] - 1)
    assert window >= 2 * lags[-1], "signal too short for the lag range"
    x = samples[:window]
    energy = sum(v * v for v in x)
    corr = {lag: sum(map(int.__mul__, x, samples[lag:lag + window])) / energy for lag in lags}
    best = max(corr.values())
    lag = next(lag for lag in lags if corr[lag] >= 0.9 * best
               and corr[lag] >= corr.get(lag - 1, -2) and corr[lag] >= corr.get(lag + 1, -2))
    # parabolic interpolation between the neighbouring lags
    a, b, c = corr[lag - 1], corr[lag], corr[lag + 1]
    denom = a - 2 * b + c
    shift = 0.5 * (a - c) / denom if denom else 0.0
    return rate / (lag + shift)


def within_1_percent(measured: float, expected: float) -> bool:
    return abs(measured - expected) <= 0.01 * expected


# --- the game's sounds, rendered to WAV and measured ------------------------------------


@pytest.fixture(scope="module")
def specs():
    return pokey.sounds()


def test_sounds_file_has_tone_and_buzzer(specs):
    assert specs["tone"].distortion in pokey.PURE_DISTORTIONS
    assert specs["buzzer"].distortion == 12
    assert math.gcd(specs["buzzer"].pitch + 1, 15) == 1  # so the buzz uses the whole 15-step poly
    assert specs["click"].source == "console" and specs["click"].enabled is False


def _roundtrip(spec, tmp_path):
    path = tmp_path / f"{spec.name}.wav"
    pokey.write_wav(path, spec.render(RATE), RATE)
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() == RATE
        assert w.getcomptype() == "NONE"
        assert w.getnframes() == round(spec.seconds() * RATE)
    samples, rate = pokey.read_wav(path)
    assert rate == RATE
    return samples


def test_move_tone_wav_has_the_pokey_frequency(specs, tmp_path):
    spec = specs["tone"]
    samples = _roundtrip(spec, tmp_path)
    assert within_1_percent(zero_crossing_hz(samples, RATE), reference_tone_hz(spec.pitch))
    assert within_1_percent(autocorrelation_hz(samples, RATE, low_hz=200), reference_tone_hz(spec.pitch))


def test_buzzer_wav_repeats_at_the_poly4_fundamental(specs, tmp_path):
    spec = specs["buzzer"]
    samples = _roundtrip(spec, tmp_path)
    measured = autocorrelation_hz(samples, RATE)
    assert within_1_percent(measured, reference_buzz_hz(spec.pitch))
    # and it is not a square wave at the pure-tone frequency of the same pitch
    assert not within_1_percent(measured, reference_tone_hz(spec.pitch))


def test_sound_amplitude_follows_volume(specs):
    tone = specs["tone"]
    samples = tone.render(RATE, gain=0.5)
    assert max(samples) == round(32767 * 0.5 * tone.volume / 15)
    assert min(samples) == -max(samples)


def test_durations_are_frames_at_the_ntsc_frame_rate(specs):
    assert specs["tone"].seconds() == pytest.approx(specs["tone"].frames / 59.9227)
    assert specs["buzzer"].seconds("pal") == pytest.approx(specs["buzzer"].frames / 49.8608)


def test_key_click_is_the_console_speaker_at_about_980_hz(specs, tmp_path):
    spec = specs["click"]
    assert spec.frequency() == pytest.approx(981.2, abs=0.1)
    samples = _roundtrip(spec, tmp_path)
    assert within_1_percent(zero_crossing_hz(samples, RATE), spec.frequency())


# --- the frequency formula ----------------------------------------------------------------


def test_clocks_match_the_reference():
    assert pokey.base_clock("ntsc") == pytest.approx(63921, rel=1e-4)
    assert pokey.base_clock("pal") == pytest.approx(63337, rel=1e-4)


def test_middle_c_is_pitch_121():
    assert pokey.tone_frequency(121) == pytest.approx(262.0, abs=0.05)


def test_pal_is_about_16_cents_lower():
    cents = 1200 * math.log2(pokey.tone_frequency(60, "pal") / pokey.tone_frequency(60, "ntsc"))
    assert -17 < cents < -15


@pytest.mark.parametrize("bad", [-1, 256, 1.5])
def test_pitch_out_of_range_is_refused(bad):
    with pytest.raises(ValueError):
        pokey.tone_frequency(bad)


def test_unknown_standard_is_refused():
    with pytest.raises(ValueError):
        pokey.base_clock("secam")


# --- the poly-counter model ---------------------------------------------------------------


def test_polys_have_maximal_periods():
    assert len(pokey.POLY4) == 15 and len(pokey.POLY5) == 31
    for poly in (pokey.POLY4, pokey.POLY5):
        n = len(poly)
        assert all(any(poly[i] != poly[(i + s) % n] for i in range(n)) for s in range(1, n))


def test_poly17_period():
    p17 = pokey._poly17()
    assert len(p17) == 131071
    assert 65000 < sum(p17) < 66100


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 255))
def test_pure_tone_fundamental_is_the_formula(pitch):
    assert pokey.fundamental(pitch, 10) == pytest.approx(pokey.tone_frequency(pitch))
    assert pokey.levels(pitch, 14, 200) == pokey.levels(pitch, 10, 200)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 255), st.integers(0, 10**6))
def test_distortion_12_fundamental_follows_the_divisibility_rule(pitch, phase):
    f = pokey.fundamental(pitch, 12, phase=phase)
    underflow_hz = pokey.base_clock() / (pitch + 1)
    g = math.gcd(pitch + 1, 15)
    if g == 1:
        assert f == pytest.approx(underflow_hz / 15)  # whatever the poly's phase
    elif g == 3:
        assert f == pytest.approx(underflow_hz / 5)  # "smooth"
    elif g == 5:
        assert f == 0.0 or f == pytest.approx(underflow_hz / 3)  # silent for 1 phase in 5
    else:
        assert f == 0.0  # silence


def test_multiple_of_5_is_silent_for_one_phase_in_5():
    results = [pokey.fundamental(4, 12, phase=ph) for ph in range(15)]
    assert results.count(0.0) == 3


def test_distortion_12_examples_from_the_reference():
    assert pokey.fundamental(70, 12) == pytest.approx(reference_buzz_hz(70), rel=1e-4)  # 71: coprime
    assert pokey.fundamental(71, 12) == pytest.approx(63921 / (5 * 72), rel=1e-4)  # 72 = 3*24: smooth
    assert pokey.fundamental(74, 12) == 0.0  # 75 = 15*5: silence
    samples = pokey.render(74, 12, 8, 0.1)
    first_underflow = math.ceil(75 / pokey.base_clock() * RATE)
    assert len(set(samples[first_underflow + 1:])) == 1  # then a constant level: no sound


def test_seventeen_bit_distortions_are_noise():
    assert pokey.fundamental(60, 8) is None
    assert pokey.fundamental(60, 0) is None
    samples = pokey.render(0, 8, 8, 0.2)
    assert len(set(samples)) > 2


def test_odd_distortion_and_volume_zero_are_silent():
    assert pokey.render(60, 11, 8, 0.1) == [0] * round(0.1 * RATE)
    assert pokey.render(60, 10, 0, 0.1) == [0] * round(0.1 * RATE)
    assert pokey.fundamental(60, 11) == 0.0


def test_render_refuses_bad_volume():
    with pytest.raises(ValueError):
        pokey.render(60, 10, 16, 0.1)


def test_parse_sounds_refuses_unknown_keys_and_bad_values():
    with pytest.raises(ValueError):
        pokey.parse_sounds('[x]\nsource = "pokey"\npitch = 60\nframes = 6\ncolour = 1\n')
    with pytest.raises(ValueError):
        pokey.parse_sounds('[x]\nsource = "pokey"\npitch = 300\nframes = 6\n')
    with pytest.raises(ValueError):
        pokey.parse_sounds('[x]\nsource = "speaker"\n')


# --- WAV writing --------------------------------------------------------------------------


def test_write_wav_roundtrip(tmp_path):
    path = tmp_path / "x.wav"
    samples = [0, 1, -1, 32767, -32768, 1234]
    pokey.write_wav(path, samples, 8000)
    assert pokey.read_wav(path) == (samples, 8000)


def test_write_wav_refuses_out_of_range_samples_and_keeps_old_file(tmp_path):
    path = tmp_path / "x.wav"
    pokey.write_wav(path, [1, 2, 3], RATE)
    before = path.read_bytes()
    with pytest.raises(OverflowError):
        pokey.write_wav(path, [40000], RATE)
    assert path.read_bytes() == before


def test_write_wav_is_atomic_when_writing_fails_midway(tmp_path, monkeypatch):
    from baker8bit.core import files

    path = tmp_path / "tone.wav"
    pokey.write_wav(path, [100] * 1000, RATE)
    before = path.read_bytes()
    synced = []

    def disk_full(fd):  # the data went to the temp file; the disk gives up before it is safe
        synced.append(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left on device"):
        pokey.write_wav(path, [-100] * 1000, RATE)
    assert synced  # the write really got that far
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["tone.wav"]  # no temp file left behind


def test_write_wav_is_atomic_when_replace_fails(tmp_path, monkeypatch):
    path = tmp_path / "tone.wav"
    pokey.write_wav(path, [100] * 10, RATE)
    before = path.read_bytes()

    def fail(src, dst):
        raise OSError("replace failed")

    from baker8bit.core import files

    monkeypatch.setattr(files.os, "replace", fail)
    with pytest.raises(OSError):
        pokey.write_wav(path, [-100] * 10, RATE)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["tone.wav"]
