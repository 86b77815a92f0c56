"""The shared research engines: surveys of deal ranges, their rows and progress, worker pools
(processes or a Dask cluster), intervals, and exhaustive proofs. They know no game: a game
reaches them through its variant (``console/contract.py``)."""
