"""A video's sound track: the machine's sound events mixed to 16-bit PCM, frame by frame.

No PyAV, no Pyxel, no numpy: the sounds are ``atari/pokey.py``'s renderings of
``data/sounds.toml`` (the same formulas the window's ``window/audio.py`` loads into
Pyxel), made at the video's sample rate, and mixed here the way the window plays them:

- a ``tone`` or ``buzzer`` starts on channel 0 and cuts off the sound before it, as a new
  ``SOUND 0,...`` statement did on the Atari; a key click (``click=True``) plays on
  channel 1, so it never cuts off the tone of the move it made;
- the level is the window's: the sound rendered at ``pokey``'s gain 0.5, played at the
  window's channel gain 0.5 (``window/audio.GAIN``);
- time is frames. Video frame ``k`` shows the screen after ``k`` updates of the machine and
  lasts from ``k / fps`` to ``(k + 1) / fps``; a sound started by the update that made frame
  ``k`` begins at frame ``k``'s first sample, ``floor(k * rate / fps)``, as the window plays
  it at the update and shows its picture at the next flip. ``fps`` is the Atari's exact frame
  rate (``frame_rate``: the CPU clock over 262 lines of 114 cycles, 59.92 Hz NTSC; 312 lines,
  49.86 Hz PAL), so a long video does not drift from the pictures.
"""

from __future__ import annotations

from array import array
from fractions import Fraction

from baker8bit.atari import pokey

RATE = 48000  # Hz: Opus codes only 48 kHz (and its fractions); AAC takes it too
RENDER_GAIN = 0.5  # pokey's render gain, as window/audio.Audio renders the sounds
CHANNEL_GAIN = 0.5  # the window's Pyxel channel gain (window/audio.GAIN)
CYCLES_PER_LINE = 114  # CPU cycles a scan line [reference 2.3]
TONE_CHANNEL, CLICK_CHANNEL = 0, 1


def frame_rate(standard: str = "ntsc") -> Fraction:
    """The Atari's frame rate, exactly: CPU clock / (lines a frame * 114 cycles)."""
    cpu = Fraction(pokey.CPU_HZ[standard]).limit_denominator(1000)
    return cpu / (pokey.LINES_PER_FRAME[standard] * CYCLES_PER_LINE)


class SoundTrack:
    """Sound events in, PCM out: ``play(name)`` starts a sound at the current frame, ``frame()``
    gives the samples of one video frame (mono, 16-bit, native byte order) and moves on."""

    def __init__(self, standard: str = "ntsc", rate: int = RATE, click: bool = False):
        self.standard, self.rate = standard, rate
        self.fps = frame_rate(standard)
        self.sounds: dict[str, array] = {}
        for name, spec in pokey.sounds().items():
            if name == "click" and not click:
                continue
            self.sounds[name] = array("h", spec.render(rate, standard, RENDER_GAIN * CHANNEL_GAIN))
        self.channels: list[tuple[array, int] | None] = [None, None]  # (sound, next sample) a channel
        self.frames = 0  # video frames given out
        self.samples = 0  # samples given out
        self.started: list[tuple[int, str]] = []  # (video frame, sound) of every sound started

    def play(self, name: str, channel: int = TONE_CHANNEL) -> None:
        """Start sound ``name`` at the start of the next frame (cutting off this channel's sound);
        a sound the track does not have (the click when off) is ignored."""
        sound = self.sounds.get(name)
        if sound is not None:
            self.channels[channel] = (sound, 0)
            self.started.append((self.frames, name))

    def first_sample(self, frame: int) -> int:
        """The index of video frame ``frame``'s first sample."""
        return int(frame * self.rate / self.fps)

    def frame(self) -> bytes:
        """The samples of the next video frame."""
        end = self.first_sample(self.frames + 1)
        n = end - self.samples
        out = array("h", bytes(2 * n))
        playing = []
        for ch, state in enumerate(self.channels):
            if state is None:
                continue
            sound, at = state
            part = sound[at:at + n]
            playing.append(part)
            self.channels[ch] = (sound, at + n) if at + n < len(sound) else None
        if len(playing) == 1:
            out[:len(playing[0])] = playing[0]
        elif playing:
            for part in playing:
                for i, v in enumerate(part):
                    out[i] = max(-32768, min(32767, out[i] + v))
        self.frames += 1
        self.samples = end
        return out.tobytes()

    @property
    def seconds(self) -> float:
        return self.samples / self.rate


__all__ = ["RATE", "SoundTrack", "frame_rate"]
