"""Imports run one way (design.md): the engine is pure, hardware stands alone, nothing heavy loads early."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("firmware_py", "vision", "web", "hardware")

ALLOWED = {
    "firmware_py.engine": ("firmware_py.engine",),
    "hardware": ("hardware",),
    "vision": ("vision", "firmware_py.engine", "hardware.boards"),
    "web": ("web", "firmware_py"),
    "firmware_py": PACKAGES,
}
"""Project packages each layer may import (most specific prefix wins)."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _project_modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(path: Path, name: str, modules: dict[str, Path]) -> set[str]:
    """Project modules imported when ``name`` is imported (module level, outside TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                if not _is_type_checking(node):
                    visit(node.body)
                    visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[: len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                found.add(target)
                found.update(f"{target}.{alias.name}" for alias in node.names)

    visit(tree.body)
    return {m for m in found if m in modules}


def _graph() -> dict[str, set[str]]:
    modules = _project_modules()
    return {name: _top_level_imports(path, name, modules) for name, path in modules.items()}


def _layer(module: str) -> str:
    return max((layer for layer in ALLOWED if module == layer or module.startswith(layer + ".")), key=len)


def test_each_layer_imports_only_what_it_may() -> None:
    wrong = []
    for module, imports in _graph().items():
        allowed = ALLOWED[_layer(module)]
        for target in imports:
            if not any(target == a or target.startswith(a + ".") for a in allowed):
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports against the layering of design.md:\n" + "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    graph = _graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def walk(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                walk(nxt, stack + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def _loaded_after_import(modules: list[str]) -> set[str]:
    code = (
        "import importlib, json, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(json.dumps(sorted({n.split('.')[0] for n in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def _modules_of(package: str) -> list[str]:
    return sorted(m for m in _project_modules() if m == package or m.startswith(package + "."))


def test_engine_imports_only_the_standard_library() -> None:
    loaded = _loaded_after_import(_modules_of("firmware_py.engine"))
    baseline = _loaded_after_import([])  # what the interpreter and the editable install load anyway
    foreign = {m for m in loaded - baseline if m not in sys.stdlib_module_names and m != "firmware_py"}
    assert not foreign, f"firmware_py.engine loaded non-standard modules: {sorted(foreign)}"


def test_hardware_imports_nothing_of_the_project() -> None:
    loaded = _loaded_after_import(_modules_of("hardware"))
    assert not loaded & {"firmware_py", "vision", "web"}


@pytest.mark.parametrize(
    ("package", "must_not_load"),
    [
        ("firmware_py", {"cv2", "flask", "gpiozero", "numpy"}),
        ("firmware_py.engine", {"cv2", "flask", "gpiozero", "numpy"}),
        ("firmware_py.cli", {"cv2", "flask", "gpiozero", "numpy"}),
        ("hardware", {"cv2", "flask", "gpiozero"}),
        ("vision", {"flask", "gpiozero"}),
        ("web", {"cv2", "gpiozero"}),
    ],
)
def test_heavy_libraries_load_only_where_needed(package: str, must_not_load: set[str]) -> None:
    loaded = _loaded_after_import([package])
    assert not loaded & must_not_load, f"importing {package} loaded {sorted(loaded & must_not_load)}"
