"""Optional compiled modules: the compiled one when it is built and imports, else its reference.

The solver cores and Blue's search run have a plain-Python reference and, when
``tools/build_core.py`` built it, a compiled module giving the same answers faster. The
environment variable ``BAKER8BIT_PURE_SOLVER=1`` asks for the references everywhere.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def pure_wanted() -> bool:
    """Does the environment ask for the plain-Python references (``BAKER8BIT_PURE_SOLVER``)?"""
    return os.environ.get("BAKER8BIT_PURE_SOLVER", "") not in ("", "0")


def choose(compiled: str, reference: str, pure: bool | None = None) -> ModuleType:
    """The module ``compiled`` when it imports and ``pure`` (default: the environment's
    choice) is not set, else ``reference``."""
    if pure is None:
        pure = pure_wanted()
    if not pure:
        try:
            return importlib.import_module(compiled)
        except ImportError:
            pass
    return importlib.import_module(reference)
