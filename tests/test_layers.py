"""The package's layers run one way (docs/ARCHITECTURE.md, "Layers"), read from the code's imports.

Every ``import`` of ``baker8bit``, at a module's top or inside a function, goes to the same layer or
one below it, and no modules import each other in a circle. An import inside a function is for an
optional or heavy dependency, and says why on its line or the line before it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "baker8bit"
# bottom to top: a module may import its own layer and those before it
LAYERS = ("core", "atari", "console", "research", "freecell", "games", "sessions", "window", "commands", "cli")


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


MODULES = modules()


def layer(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) < 2:
        return None
    return "cli" if parts[1] in ("cli", "__main__") else parts[1]


def imports(module: str) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) of each ``baker8bit`` import of ``module``."""
    tree = ast.parse(MODULES[module].read_text("utf-8"))
    inner = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
             for n in ast.walk(f) if isinstance(n, ast.Import | ast.ImportFrom)}
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        for t in targets:
            if t.startswith("baker8bit.") and t in MODULES:
                out.append((t, node.lineno, id(node) in inner))
    return out


GRAPH = {m: imports(m) for m in MODULES}


def test_the_layers_are_the_packages():
    """Every package of ``baker8bit`` is a layer of the list (a new one must be placed in it)."""
    assert {layer(m) for m in MODULES if layer(m)} <= set(LAYERS)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_climbs_a_layer(module):
    here = layer(module)
    if here is None:
        return
    climbing = [(t, line) for t, line, _ in GRAPH[module]
                if layer(t) is not None and LAYERS.index(layer(t)) > LAYERS.index(here)]
    assert not climbing, f"{module} imports a higher layer: {climbing}"


def test_no_modules_import_each_other_in_a_circle():
    """Tarjan's strongly connected components of the import graph: each is one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w, _, _ in GRAPH[v]:
            if w == v or w == v.rpartition(".")[0]:
                continue  # a package's own name: its __init__, which Python runs first anyway
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(MODULES):
        if v not in index:
            visit(v)
    assert not circles, f"modules that import each other: {circles}"


def test_imports_inside_functions_say_why():
    """Every import inside a function (an optional or heavy dependency: Pyxel, PyAV, Dask, a
    platform's module) has its reason on its line or the line before."""
    silent = []
    for module, path in MODULES.items():
        text = path.read_text("utf-8")
        lines = text.splitlines()
        for f in ast.walk(ast.parse(text)):
            if not isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for n in ast.walk(f):
                if isinstance(n, ast.Import | ast.ImportFrom) and "#" not in lines[n.lineno - 1] \
                        and not lines[n.lineno - 2].lstrip().startswith("#"):
                    silent.append(f"{module}:{n.lineno}")
    assert not silent, f"imports inside functions without a reason: {sorted(set(silent))}"
