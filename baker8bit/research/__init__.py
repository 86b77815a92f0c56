"""The shared research engines, which know no game: searches and passes that take a game's state
space, deal list or rows as data and answer for any game that gives them. ``layered.py`` is the
layered, disk-backed exhaustive search behind ``baker8bit prove`` (its frontier and seen-sets in
hash buckets of sorted runs on disk, checked bucket by bucket against earlier layers, run in one
process, a process pool or a Dask cluster); ``records.py`` is its plain-Python record operations
and ``fastlayered.pyx`` the same operations compiled (``_clayered``). Nothing here imports a game:
the games give their state spaces (``games/<game>/prove.py``) through ``Variant.proof_space``.
"""
