"""Play the key machine's sound events through Pyxel, as POKEY would have sounded them.

At start-up each sound of ``data/sounds.toml`` is rendered by ``pokey`` to a
WAV in a private cache folder and loaded into a Pyxel sound slot with
``Sound.pcm`` (Pyxel mixes at 22050 Hz; the WAV is rendered at that rate).
A ``tone`` or ``buzzer`` event plays its sound on channel 0, cutting off the
one before, as a new ``SOUND 0,...`` statement would on the Atari.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pyxel

from baker8bit.atari import pokey
from baker8bit.core.events import SOUNDS, Event

CHANNEL = 0
CLICK_CHANNEL = 1  # so a click never cuts off the tone of the move it made
FIRST_SLOT = 60  # Pyxel sound slots we use, well away from 0 (nothing else here uses them)
GAIN = 0.5


class Audio:
    def __init__(self, standard: str = "ntsc", click: bool = False, folder: Path | None = None):
        self._tmp = None
        if folder is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="baker8bit-sounds-")
            folder = Path(self._tmp.name)
        self.slots: dict[str, int] = {}
        specs = pokey.sounds()
        for i, (name, spec) in enumerate(sorted(specs.items())):
            if name == "click" and not click:
                continue
            path = folder / f"{name}-{standard}.wav"
            pokey.write_wav(path, spec.render(pokey.PCM_RATE, standard), pokey.PCM_RATE)
            slot = FIRST_SLOT + i
            pyxel.sounds[slot].pcm(str(path))
            self.slots[name] = slot
        for ch in (CHANNEL, CLICK_CHANNEL):
            pyxel.channels[ch].gain = GAIN
        self.played: list[str] = []  # what was played, in order (the app's tests read it)

    def play(self, name: str, channel: int = CHANNEL) -> None:
        slot = self.slots.get(name)
        if slot is not None:
            pyxel.play(channel, slot)
            self.played.append(name)

    def handle(self, event: Event) -> None:
        if event.kind in SOUNDS:
            self.play(event.kind)

    def key_click(self) -> None:
        self.play("click", CLICK_CHANNEL)
