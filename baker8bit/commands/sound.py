"""``baker8bit sound``: one of the game's sounds as a WAV file."""

from __future__ import annotations

from baker8bit.atari import pokey
from baker8bit.commands.common import (
    UsageError,
)
from baker8bit.core.files import AtomicWriteError


def register(sub) -> None:
    p = sub.add_parser("sound", help="write one of the game's sounds as a WAV file")
    p.add_argument("name", choices=["tone", "buzzer", "click"], help="which sound")
    p.add_argument("--out", required=True, help="WAV file to write")
    p.add_argument("--pal", action="store_true", help="PAL clock instead of NTSC")
    p.set_defaults(func=run_sound)


def run_sound(args) -> int:
    spec = pokey.sounds()[args.name]
    standard = "pal" if args.pal else "ntsc"
    try:
        pokey.write_wav(args.out, spec.render(pokey.PCM_RATE, standard), pokey.PCM_RATE)
    except AtomicWriteError as e:  # (its message says the old file is unchanged)
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write {args.out}: {e.strerror or e}") from None
    hz = spec.frequency(standard)
    print(f"{args.out}: {args.name}, {spec.seconds(standard):.3f} s, fundamental {hz:.2f} Hz")
    return 0
