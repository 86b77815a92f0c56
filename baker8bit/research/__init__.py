"""The shared research engines: surveys of deal ranges, their rows and progress, worker pools
(processes or a Dask cluster), intervals, and exhaustive proofs. They know no game: a game
reaches them through its variant (``console/contract.py``).

``layered.py`` is the layered, disk-backed exhaustive search behind ``baker8bit prove``: its
frontier and seen-sets in hash buckets of sorted runs on disk, each bucket checked against the
same bucket of the earlier layers, run in one process, a process pool or on a Dask cluster;
``records.py`` is its plain-Python record operations and ``fastlayered.pyx`` the same compiled
(``_clayered``). The games give their state spaces (``games/<game>/prove.py``) through
``Variant.proof_space``.
"""
