"""POKEY sound, as Atari BASIC's ``SOUND voice,pitch,distortion,volume`` made it.

Pure Python, no Pyxel: this module turns a SOUND statement into 16-bit mono PCM.
Facts are in docs/ATARI.md (POKEY, and the clocks):

- BASIC sets AUDCTL to 0, so a voice's divider counts the **64 kHz clock**,
  CPU/28 (63921 Hz NTSC, 63337 Hz PAL), and underflows every ``AUDF+1`` ticks.
- At each underflow the output flip-flop is updated according to AUDC bits 7-5
  (BASIC distortion ``d`` = the upper nibble):
  bit 7 clear: the update happens only when the 5-bit poly's bit is 1;
  bit 5 set ("pure"): the output toggles, a square wave of
  ``f = clock / (2*(AUDF+1))``, so ``63921/(2*(pitch+1))`` Hz on NTSC;
  bit 5 clear: the output takes the current bit of the 4-bit poly (bit 6 set)
  or of the 17-bit poly (bit 6 clear).
  An odd distortion (AUDC bit 4, "volume only") holds a DC level: silence.
- The poly counters are shift registers clocked by the CPU clock (1.79 MHz),
  free-running whatever the voice does, so at underflow ``k`` a poly stands at
  position ``k * 28*(AUDF+1)`` (mod its period). The reference (section 6)
  says this of the 17-bit poly; we assume it of the 4- and 5-bit polys too,
  and it yields the reference's divisibility rule for distortion 12 (3.2).

**The buzzer's fundamental (distortion 12).** The 4-bit poly has period 15.
Sampling it every ``28*(AUDF+1)`` cycles steps through it by that stride, so
the output repeats after ``15 / gcd(AUDF+1, 15)`` underflows (28 and 15 are
coprime). When ``AUDF+1`` is not a multiple of 3 or 5 that is 15 underflows,
whatever the poly's phase: the buzz repeats at ``clock / (15*(AUDF+1))`` Hz,
the pure-tone frequency of the same pitch times 2/15. A multiple of 3 gives a
period of 5 underflows, a multiple of 5 a period of 3, a multiple of 15 a
constant (silence), as the reference's forum note says. For a multiple of 5
(not of 15) one starting phase of the poly in 5 also gives a constant, so such
a pitch is sometimes silent on a real machine. ``fundamental()``
computes the period for any distortion without the 17-bit poly.

PCM: a set output bit is ``+volume/15`` of the peak, a clear one
``-volume/15``: POKEY's unipolar output centred on zero, since the TV's audio
path is AC-coupled and a DC level is not heard (no filter is modelled, so a
voice that settles to a constant renders as a constant: silence). Each PCM
sample is the average of the output over the sample's time span (a box
filter), which softens the aliasing of the square edges.
"""

from __future__ import annotations

import io
import os
import struct
import sys
import tomllib
import wave
from array import array
from dataclasses import dataclass
from functools import cache
from importlib import resources

from baker8bit.core.files import write_bytes

# CPU clock, Hz [reference 2.3]; the 64 kHz and 15 kHz POKEY clocks are CPU/28 and CPU/114.
CPU_HZ = {"ntsc": 3579545.0 / 2, "pal": 4433618.75 * 0.8 / 2}
DIV_64K = 28
FRAME_HZ = {"ntsc": 59.9227, "pal": 49.8608}  # frames per second [reference 2.3]
LINES_PER_FRAME = {"ntsc": 262, "pal": 312}
PCM_RATE = 22050  # Pyxel's mixing rate: Sound.save writes 22050 Hz and pcm() resamples to it
PURE_DISTORTIONS = (10, 14)


def _standard(standard: str) -> str:
    if standard not in CPU_HZ:
        raise ValueError(f"unknown TV standard {standard!r}; expected 'ntsc' or 'pal'")
    return standard


def base_clock(standard: str = "ntsc") -> float:
    """The 64 kHz POKEY clock that Atari BASIC's SOUND uses, in Hz."""
    return CPU_HZ[_standard(standard)] / DIV_64K


def tone_frequency(pitch: int, standard: str = "ntsc") -> float:
    """Pure-tone frequency of ``SOUND v,pitch,10,vol``: ``clock / (2*(pitch+1))``."""
    _check_pitch(pitch)
    return base_clock(standard) / (2 * (pitch + 1))


def _check_pitch(pitch: int) -> None:
    if not (isinstance(pitch, int) and 0 <= pitch <= 255):
        raise ValueError(f"pitch (AUDF) must be 0-255, got {pitch!r}")


def _check_distortion(distortion: int) -> None:
    if not (isinstance(distortion, int) and 0 <= distortion <= 15):
        raise ValueError(f"distortion must be 0-15, got {distortion!r}")


def _poly(bits: int, tap: int) -> tuple[int, ...]:
    """One period of POKEY's n-bit poly: ``x = 2x + NOT(b[tap] XOR b[bits-1])`` [reference 6].

    4-bit: NOT(b2 XOR b3), period 15; 5-bit: NOT(b2 XOR b4), period 31.
    The output is the bit shifted in; the all-ones state is the XNOR lock-up, never reached from 0.
    """
    x, out = 0, []
    mask = (1 << bits) - 1
    for _ in range(mask):
        new = 1 ^ (((x >> tap) ^ (x >> (bits - 1))) & 1)
        x = ((x << 1) | new) & mask
        out.append(new)
    return tuple(out)


POLY4 = _poly(4, 2)
POLY5 = _poly(5, 2)


@cache
def _poly17() -> bytes:
    """The 17-bit poly, ``s[n+17] = NOT(s[n] XOR s[n+5])``, period 131071 [reference 6]."""
    n = (1 << 17) - 1
    s = bytearray(n + 17)
    for i in range(n):
        s[i + 17] = 1 ^ (s[i] ^ s[i + 5])
    return bytes(s[17:])


def levels(pitch: int, distortion: int, count: int, phase: int = 0) -> list[int]:
    """The output bit (0/1) of a voice after each of its first ``count`` divider underflows.

    ``phase`` is where the free-running polys stand, in CPU cycles, when the voice starts
    (the output starts at 0). On a real Atari it depends on when SOUND ran.
    """
    _check_pitch(pitch)
    _check_distortion(distortion)
    audc = distortion << 4
    stride = DIV_64K * (pitch + 1)  # CPU cycles between underflows
    gated = not audc & 0x80
    pure = bool(audc & 0x20)
    poly = POLY4 if audc & 0x40 else _poly17()
    out, bit = [], 0
    for k in range(1, count + 1):
        t = phase + k * stride
        if not gated or POLY5[t % len(POLY5)]:
            bit = bit ^ 1 if pure else poly[t % len(poly)]
        out.append(bit)
    return out


def silent(distortion: int, volume: int) -> bool:
    """True when the voice makes no sound: volume 0, or an odd (volume-only) distortion."""
    return volume == 0 or distortion % 2 == 1


def fundamental(pitch: int, distortion: int, standard: str = "ntsc", phase: int = 0) -> float | None:
    """The repetition frequency of the voice's output in Hz; 0.0 if it settles to a constant.

    None for the distortions that use the 17-bit poly (0 and 8): those are noise.
    Pure tone (10, 14): ``tone_frequency``; 4-bit poly (12): ``clock/(15*(pitch+1))``
    when ``pitch+1`` is coprime with 15, whatever the phase (see the module docstring).
    When ``pitch+1`` shares a factor with 15 the result depends on ``phase``.
    """
    _check_pitch(pitch)
    _check_distortion(distortion)
    if distortion % 2:
        return 0.0
    audc = distortion << 4
    if not audc & 0x20 and not audc & 0x40:
        return None
    cycle = 2 * 15 * 31  # the state (output, poly4, poly5 positions) repeats within this
    seq = levels(pitch, distortion, 3 * cycle, phase)[cycle:]  # skip the start-up transient
    if len(set(seq)) == 1:
        return 0.0
    underflow_hz = base_clock(standard) / (pitch + 1)
    for period in range(1, cycle + 1):
        if all(seq[i] == seq[i + period] for i in range(len(seq) - period)):
            return underflow_hz / period
    raise AssertionError("no period found")  # unreachable: the state repeats within cycle


def frames_to_seconds(frames: float, standard: str = "ntsc") -> float:
    return frames / FRAME_HZ[_standard(standard)]


def _box_render(edges: list[tuple[float, float]], seconds: float, rate: int) -> list[float]:
    """Sample a piecewise-constant signal, averaging over each sample's span.

    ``edges`` is ``[(time, value_from_then_on), ...]`` in time order, first at 0.
    """
    n = int(round(seconds * rate))
    out = [0.0] * n
    j = 0
    value = edges[0][1]
    for i in range(n):
        t0, t1 = i / rate, (i + 1) / rate
        acc, t = 0.0, t0
        while j + 1 < len(edges) and edges[j + 1][0] < t1:
            acc += value * (edges[j + 1][0] - t)
            t = edges[j + 1][0]
            j += 1
            value = edges[j][1]
        acc += value * (t1 - t)
        out[i] = acc * rate
    return out


def _to_pcm(values: list[float], peak: float) -> list[int]:
    return [max(-32768, min(32767, int(round(v * peak)))) for v in values]


def render(
    pitch: int,
    distortion: int,
    volume: int,
    seconds: float,
    rate: int = PCM_RATE,
    standard: str = "ntsc",
    gain: float = 0.5,
    phase: int = 0,
) -> list[int]:
    """16-bit mono PCM of ``SOUND v,pitch,distortion,volume`` held for ``seconds``.

    ``gain`` is the peak, as a fraction of full scale, of volume 15; ``phase`` as in ``levels``.
    """
    _check_pitch(pitch)
    _check_distortion(distortion)
    if not (isinstance(volume, int) and 0 <= volume <= 15):
        raise ValueError(f"volume must be 0-15, got {volume!r}")
    if rate <= 0 or seconds < 0:
        raise ValueError("rate must be positive and seconds not negative")
    n = int(round(seconds * rate))
    if silent(distortion, volume) or n == 0:
        return [0] * n
    step = (pitch + 1) / base_clock(standard)  # seconds between underflows
    count = int(seconds / step) + 1
    edges = [(0.0, -1.0)]
    for k, bit in enumerate(levels(pitch, distortion, count, phase), start=1):
        level = 1.0 if bit else -1.0
        if level != edges[-1][1]:
            edges.append((k * step, level))
    return _to_pcm(_box_render(edges, seconds, rate), 32767 * gain * volume / 15)


def render_console(
    half_period_lines: int,
    periods: int,
    rate: int = PCM_RATE,
    standard: str = "ntsc",
    gain: float = 0.5,
) -> list[int]:
    """The OS key click / bell: the console speaker (CONSOL bit 3) toggled every
    ``half_period_lines`` scan lines for ``periods`` periods [reference 3.2, AltirraOS ``Bell``].

    Not a POKEY voice; it has no volume setting, so it plays at ``gain``.
    """
    line_s = 1 / (FRAME_HZ[_standard(standard)] * LINES_PER_FRAME[standard])
    half = half_period_lines * line_s
    edges = [(i * half, 1.0 if i % 2 == 0 else -1.0) for i in range(2 * periods)]
    return _to_pcm(_box_render(edges, 2 * periods * half, rate), 32767 * gain)


def console_frequency(half_period_lines: int, standard: str = "ntsc") -> float:
    return FRAME_HZ[_standard(standard)] * LINES_PER_FRAME[standard] / (2 * half_period_lines)


# --- the game's sounds, from data/sounds.toml ------------------------------------------


@dataclass(frozen=True)
class SoundSpec:
    name: str
    source: str  # "pokey" or "console"
    pitch: int = 0
    distortion: int = 10
    volume: int = 8
    frames: int = 0
    half_period_lines: int = 0
    periods: int = 0
    enabled: bool = True

    def seconds(self, standard: str = "ntsc") -> float:
        if self.source == "console":
            return 2 * self.periods * self.half_period_lines / (
                FRAME_HZ[_standard(standard)] * LINES_PER_FRAME[standard])
        return frames_to_seconds(self.frames, standard)

    def frequency(self, standard: str = "ntsc") -> float | None:
        """The fundamental in Hz (see ``fundamental``)."""
        if self.source == "console":
            return console_frequency(self.half_period_lines, standard)
        return fundamental(self.pitch, self.distortion, standard)

    def render(self, rate: int = PCM_RATE, standard: str = "ntsc", gain: float = 0.5) -> list[int]:
        if self.source == "console":
            return render_console(self.half_period_lines, self.periods, rate, standard, gain)
        return render(self.pitch, self.distortion, self.volume, self.seconds(standard),
                      rate, standard, gain)


def parse_sounds(text: str) -> dict[str, SoundSpec]:
    data = tomllib.loads(text)
    sounds = {}
    fields = set(SoundSpec.__dataclass_fields__) - {"name"}
    for name, entry in data.items():
        unknown = set(entry) - fields
        if unknown:
            raise ValueError(f"sound {name!r}: unknown keys {sorted(unknown)}")
        spec = SoundSpec(name=name, **entry)
        if spec.source not in ("pokey", "console"):
            raise ValueError(f"sound {name!r}: source must be 'pokey' or 'console'")
        if spec.source == "pokey":
            _check_pitch(spec.pitch)
            _check_distortion(spec.distortion)
            if not 0 <= spec.volume <= 15 or spec.frames <= 0:
                raise ValueError(f"sound {name!r}: volume 0-15 and frames > 0 required")
        elif spec.half_period_lines <= 0 or spec.periods <= 0:
            raise ValueError(f"sound {name!r}: half_period_lines and periods must be > 0")
        sounds[name] = spec
    return sounds


@cache
def _sounds() -> dict[str, SoundSpec]:
    text = resources.files("baker8bit").joinpath("data/sounds.toml").read_text(encoding="utf-8")
    return parse_sounds(text)


def sounds() -> dict[str, SoundSpec]:
    """The game's sounds (``tone``, ``buzzer``, ``click``), from ``data/sounds.toml``."""
    return dict(_sounds())


# --- WAV output -------------------------------------------------------------------------


def wav_bytes(samples: list[int], rate: int = PCM_RATE) -> bytes:
    """A complete 16-bit mono WAV file in memory."""
    data = array("h", samples)  # OverflowError for values outside 16 bits
    if sys.byteorder == "big":
        data.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())
    return buffer.getvalue()


def write_wav(path: str | os.PathLike, samples: list[int], rate: int = PCM_RATE) -> None:
    """Write 16-bit mono PCM to ``path`` atomically (``atomic.write_bytes``): a failure
    leaves any earlier file untouched and no temp file behind."""
    write_bytes(path, wav_bytes(samples, rate))


def read_wav(path: str | os.PathLike) -> tuple[list[int], int]:
    """``(samples, rate)`` of a 16-bit mono WAV file."""
    with wave.open(str(path), "rb") as w:
        if w.getnchannels() != 1 or w.getsampwidth() != 2:
            raise ValueError(f"{path}: not 16-bit mono")
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
    return list(struct.unpack(f"<{len(frames) // 2}h", frames)), rate


__all__ = [
    "CPU_HZ", "FRAME_HZ", "PCM_RATE", "POLY4", "POLY5", "SoundSpec", "base_clock",
    "console_frequency", "frames_to_seconds", "fundamental", "levels", "parse_sounds",
    "read_wav", "render", "render_console", "silent", "sounds", "tone_frequency", "wav_bytes",
    "write_wav",
]
