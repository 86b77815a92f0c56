"""McCarthy's sequence solitaire (1973): the rules (``rules``), strategies written as text
(``strategy``), players and the study (``players``, ``study``), and the console game
(``variant``, ``play``, ``dialogue``, ``screen``)."""

from __future__ import annotations


def __getattr__(name: str):
    if name == "VARIANT":  # made on first use, so the study's worker processes do not build the console
        from baker8bit.games.sequence.variant import SequenceVariant

        global VARIANT
        VARIANT = SequenceVariant()
        return VARIANT
    raise AttributeError(name)
