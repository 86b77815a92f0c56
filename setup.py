"""The package build's compiled part: the Cython searches (everything else is in
pyproject.toml).

Each compiled module has a plain-Python reference that gives the same answers
(``baker8bit/core/compiled.py``), so the build never fails for want of a C compiler or of
Cython: it says so in one line and the package installs with the references. Set
``BAKER8BIT_PURE_BUILD=1`` to build no compiled module at all.

A clone's ``build/`` folder outlives a build: the compiled modules a build puts there are removed
before the next one starts and when its compiling fails, so a wheel carries only what this build
compiled, never an earlier build's modules beside sources that may have changed since.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext

# (the extension's name, its Cython source); each .pyx may include the .pxi files beside it.
MODULES = [
    ("baker8bit.freecell.solver._cfamily", "baker8bit/freecell/solver/fastfamily.pyx"),
    ("baker8bit.games.blue._csearch", "baker8bit/games/blue/fastsearch.pyx"),
    ("baker8bit.games.blue._cprove", "baker8bit/games/blue/fastprove.pyx"),
    ("baker8bit.games.king_albert._cprove", "baker8bit/games/king_albert/fastprove.pyx"),
    ("baker8bit.games.sequence._csearch", "baker8bit/games/sequence/fastsearch.pyx"),
    ("baker8bit.games.sequence._cnested", "baker8bit/games/sequence/fastnested.pyx"),
    ("baker8bit.research._clayered", "baker8bit/research/fastlayered.pyx"),
]
NOTE = "baker8bit: the compiled searches were not built ({why}); the plain-Python searches will run"


def _say(why: str) -> None:
    print(NOTE.format(why=why), file=sys.stderr, flush=True)


def compiled_files(folder: str) -> list[Path]:
    """The compiled modules of ``MODULES`` in the package tree under ``folder``, of any Python
    and platform (``_cfamily.cpython-311-x86_64-linux-gnu.so``, ``_cfamily.cp311-win_amd64.pyd``)."""
    found = []
    for name, _ in MODULES:
        *package, module = name.split(".")
        found += [p for p in Path(folder).joinpath(*package).glob(module + ".*") if p.suffix in (".so", ".pyd")]
    return found


class CleanBuild(build):
    """build that first removes the compiled modules an earlier build left in its folders."""

    def run(self) -> None:
        for folder in {self.build_lib, self.build_platlib, self.build_purelib}:
            for stale in compiled_files(folder):
                stale.unlink()
        super().run()


class OptionalBuildExt(build_ext):
    """build_ext that, when a module cannot be compiled, leaves them all out with one line."""

    failed: str | None = None

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler at all (distutils' CCompilerError and kin)
            self.failed = self.failed or _first_line(e)
        if self.failed:
            for ext in self.extensions:  # all or none: no module compiled before the failure stays
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            _say(self.failed)

    def build_extension(self, ext: Extension) -> None:
        if self.failed:
            return
        try:
            super().build_extension(ext)
        except Exception as e:
            self.failed = f"compiling {ext.name} failed: {_first_line(e)}"


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    line = text[0] if text else type(e).__name__
    return line if len(line) <= 160 else line[:157] + "..."


def extensions() -> list[Extension]:
    if os.environ.get("BAKER8BIT_PURE_BUILD", "") not in ("", "0"):
        _say("BAKER8BIT_PURE_BUILD is set")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _say("Cython is not installed")
        return []
    exts = [Extension(name, [source], extra_compile_args=["-O2"]) for name, source in MODULES]
    return cythonize(exts, compiler_directives={"language_level": 3, "binding": False}, quiet=True,
                     build_dir="build/cython")  # the generated C stays out of the source tree


setup(ext_modules=extensions(), cmdclass={"build": CleanBuild, "build_ext": OptionalBuildExt})
