"""Build the optional compiled modules (``MODULES``): the solver cores ``_cfast*.so`` (same
suit) and ``_ccolour*.so`` (alternating colours), and Blue's search run ``_csearch*.so``
(``games/blue/fastsearch.pyx``, the run of ``games/blue/search.py`` in C data).

    pip install cython            # or: pip install -e ".[fast]"
    python tools/build_core.py    # needs a C compiler (cc)
    python tools/build_core.py --check   # exit 0 only if every compiled module imports

Each module is a source (a ``.pyx``, or a plain ``.py`` with the Cython declarations of a
``.pxd`` beside it) with a plain-Python reference that gives the same answers: the solver core
``_cfast`` is ``solver/fastcore.pyx``, the search of ``solver/core.py`` in C data structures
(``tests/test_solver_core.py`` checks they agree, outcome, states and moves, on deals). Its
users import it when it is there and fall back to the plain module when it is not (no
compiler, no Cython, another Python), so nothing else needs it. Delete the ``_c*`` files to go
back to pure Python.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOLVER = ROOT / "baker8bit" / "freecell" / "solver"


# The compiled modules: (the source: a .pyx, or a plain-Python reference compiled with the
# Cython declarations of its .pxd; the .pxd or None; the extension's name).
MODULES = [
    (SOLVER / "fastcore.pyx", None, "baker8bit.freecell.solver._cfast"),
    (SOLVER / "fastcolour.pyx", None, "baker8bit.freecell.solver._ccolour"),
    (ROOT / "baker8bit/games/blue/fastsearch.pyx", None, "baker8bit.games.blue._csearch"),
]


def build_one(source: Path, pxd: Path | None, name: str) -> Path:
    try:
        from Cython.Build import cythonize
        from setuptools import Extension, setup
    except ImportError as e:  # pragma: no cover
        raise SystemExit(f"build_core: needs Cython and setuptools ({e}); pip install cython") from None
    short = name.rsplit(".", 1)[1]
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / (short + source.suffix)
        shutil.copyfile(source, src)
        if pxd is not None:
            shutil.copyfile(pxd, src.with_suffix(".pxd"))  # C types of the hot loop
        for pxi in source.parent.glob("*.pxi"):  # the C parts a .pyx includes
            shutil.copyfile(pxi, Path(tmp) / pxi.name)
        ext = Extension(name, [str(src)], extra_compile_args=["-O2"])
        modules = cythonize([ext], compiler_directives={"language_level": 3, "binding": False},
                            build_dir=str(Path(tmp) / "c"), quiet=True)
        setup(name="baker8bit-" + short.strip("_"), ext_modules=modules, script_args=[
            "build_ext", "--build-lib", str(ROOT), "--build-temp", str(Path(tmp) / "o")])
    where = ROOT.joinpath(*name.split(".")[:-1])
    built = sorted(where.glob(short + "*.so")) + sorted(where.glob(short + "*.pyd"))
    if not built:
        raise SystemExit(f"build_core: no {short} module was built")
    return built[-1]


def build() -> list[Path]:
    return [build_one(*m) for m in MODULES]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check that the compiled core imports")
    args = ap.parse_args(argv)
    if not args.check:
        for path in build():
            print(f"built {path.relative_to(ROOT)}")
    sys.path.insert(0, str(ROOT))
    import importlib

    for _source, _pxd, name in MODULES:
        try:
            importlib.import_module(name)
        except ImportError as e:
            print(f"the compiled module {name} does not import: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
