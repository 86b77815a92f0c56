"""The sound track of a video (sessions/soundtrack.py), without any encoder: its clock is the
Atari's frame rate, a sound starts on its frame's first sample, a new sound cuts off the one
before on its channel (as a new SOUND statement does), and the level is the window's."""

from __future__ import annotations

from array import array
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baker8bit.atari import pokey
from baker8bit.sessions import soundtrack


def test_the_frame_rate_is_the_atari_clock_over_its_lines():
    assert soundtrack.frame_rate("ntsc") == Fraction(3579545, 2) / (262 * 114)
    assert float(soundtrack.frame_rate("ntsc")) == pytest.approx(59.9227, abs=1e-4)
    assert float(soundtrack.frame_rate("pal")) == pytest.approx(49.8607, abs=1e-4)


@settings(max_examples=30, deadline=None)
@given(frames=st.integers(1, 4000), standard=st.sampled_from(["ntsc", "pal"]))
def test_frames_add_up_to_the_time_without_drift(frames, standard):
    t = soundtrack.SoundTrack(standard)
    total = sum(len(t.frame()) // 2 for _ in range(frames))
    assert total == int(frames * t.rate / t.fps)  # never more than a sample from frames / fps
    assert abs(total / t.rate - frames / float(t.fps)) < 1 / t.rate


def samples(track: soundtrack.SoundTrack, frames: int) -> array:
    out = array("h")
    for _ in range(frames):
        out.frombytes(track.frame())
    return out


def test_a_sound_starts_on_the_first_sample_of_its_frame_and_is_the_pokey_rendering():
    t = soundtrack.SoundTrack()
    assert len(samples(t, 7)) == t.first_sample(7)  # the tone's first sample is frame 7's
    t.play("tone")
    out = samples(t, 10)
    rendered = pokey.sounds()["tone"].render(t.rate, "ntsc", 0.25)
    assert list(out[:len(rendered)]) == rendered  # sample for sample, from the frame's first
    assert any(out[:20]) and not any(out[len(rendered):])  # then silence
    assert t.started == [(7, "tone")] and t.samples == t.first_sample(17)


def test_a_new_sound_cuts_off_the_one_before():
    t = soundtrack.SoundTrack()
    t.play("buzzer")
    first = samples(t, 3)
    t.play("tone")
    rest = samples(t, 40)
    buzzer = pokey.sounds()["buzzer"].render(t.rate, "ntsc", 0.25)
    tone = pokey.sounds()["tone"].render(t.rate, "ntsc", 0.25)
    assert list(first) == buzzer[:len(first)]
    assert list(rest[:len(tone)]) == tone and not any(rest[len(tone):])


def test_the_click_plays_on_its_own_channel_beside_the_tone():
    t = soundtrack.SoundTrack(click=True)
    t.play("tone")
    t.play("click", channel=soundtrack.CLICK_CHANNEL)
    out = samples(t, 2)
    tone = pokey.sounds()["tone"].render(t.rate, "ntsc", 0.25)
    click = pokey.sounds()["click"].render(t.rate, "ntsc", 0.25)
    assert list(out[:len(click)]) == [a + b for a, b in zip(tone, click, strict=False)]
    off = soundtrack.SoundTrack()  # without click=True a click is not heard
    off.play("click", channel=soundtrack.CLICK_CHANNEL)
    assert not any(samples(off, 2)) and off.started == []


def test_the_level_is_the_windows():
    from baker8bit.window import audio

    assert soundtrack.CHANNEL_GAIN == audio.GAIN
    peak = max(soundtrack.SoundTrack().sounds["tone"])
    assert peak == round(32767 * 0.5 * audio.GAIN * pokey.sounds()["tone"].volume / 15)
