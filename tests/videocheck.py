"""What a video file holds, read back with PyAV: streams, frames, duration, the sound as samples,
and the measures the video tests make on them (where a sound starts, its frequency). Pure Python:
no numpy (PyAV does not need it and the project does not install it)."""

from __future__ import annotations

import cmath
import math
from array import array
from dataclasses import dataclass, field

import pytest
from conftest import IN_CI

try:
    import av
except ImportError:  # the test extra installs PyAV; in CI a missing one fails instead of hiding the tests
    if IN_CI:
        raise
    pytest.skip('the video tests need PyAV: pip install ".[test]"', allow_module_level=True)


@dataclass
class Decoded:
    container: str
    video_codec: str
    audio_codec: str
    width: int
    height: int
    duration: float  # seconds, the container's
    frame_times: list[float] = field(default_factory=list)  # each decoded video frame's time
    lumas: list[bytes] = field(default_factory=list)  # each video frame's Y plane
    rate: int = 0  # audio samples a second
    samples: list[float] = field(default_factory=list)  # the sound, -1..1

    @property
    def frames(self) -> int:
        return len(self.frame_times)


def decode(path) -> Decoded:
    with av.open(str(path)) as c:
        v, a = c.streams.video[0], c.streams.audio[0]
        out = Decoded(c.format.name, v.codec_context.name, a.codec_context.name, v.codec_context.width,
                      v.codec_context.height, c.duration / av.time_base, rate=a.codec_context.sample_rate)
        for packet in c.demux(v, a):
            for frame in packet.decode():
                if packet.stream.type == "video":
                    out.frame_times.append(float(frame.pts * frame.time_base))
                    out.lumas.append(bytes(frame.planes[0]))
                else:
                    assert frame.format.name in ("fltp", "flt"), frame.format.name
                    out.samples.extend(array("f", bytes(frame.planes[0]))[:frame.samples])
    order = sorted(range(out.frames), key=out.frame_times.__getitem__)  # presentation order
    out.frame_times = [out.frame_times[i] for i in order]
    out.lumas = [out.lumas[i] for i in order]
    return out


def onsets(samples: list[float], rate: int, gap: float = 0.05) -> list[int]:
    """Where sounds start: the first sample over a quarter of the loudest after ``gap`` s of quiet."""
    level = 0.25 * max(abs(x) for x in samples)
    out, quiet = [], int(gap * rate)
    last = -quiet - 1
    for i, x in enumerate(samples):
        if abs(x) >= level:
            if i - last > quiet:
                out.append(i)
            last = i
    return out


def fft(x: list[complex]) -> list[complex]:
    """Radix-2 FFT (len(x) a power of two)."""
    n = len(x)
    if n == 1:
        return list(x)
    even, odd = fft(x[0::2]), fft(x[1::2])
    out = [0j] * n
    for k in range(n // 2):
        t = cmath.exp(-2j * math.pi * k / n) * odd[k]
        out[k], out[k + n // 2] = even[k] + t, even[k] - t
    return out


def _power(x: list[float], rate: int, hz: float) -> float:
    w = -2j * math.pi * hz / rate
    return abs(sum(v * cmath.exp(w * i) for i, v in enumerate(x)))


def peak_hz(samples: list[float], rate: int, size: int = 8192) -> float:
    """The strongest frequency: the FFT's peak bin (Hann window, zero-padded to ``size``), refined
    by a golden-section search of the windowed spectrum within a bin of it."""
    x = samples[:size]
    x = [v * (0.5 - 0.5 * math.cos(2 * math.pi * i / (len(x) - 1))) for i, v in enumerate(x)]
    spectrum = fft([complex(v) for v in x] + [0j] * (size - len(x)))
    k = max(range(1, size // 2), key=lambda i: abs(spectrum[i]))
    lo, hi = (k - 1) * rate / size, (k + 1) * rate / size
    g = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if _power(x, rate, a) > _power(x, rate, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def changed(lumas: list[bytes], i: int, level: int = 24, pixels: int = 16) -> bool:
    """Video frame ``i`` differs from the one before: at least ``pixels`` pixels changed in
    brightness by ``level`` or more (of 255; a codec's noise in a still picture stays below)."""
    a, b = lumas[i - 1], lumas[i]
    return sum(1 for p, q in zip(a, b, strict=False) if abs(p - q) >= level) >= pixels
