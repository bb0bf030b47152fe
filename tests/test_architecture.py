"""The layers a reader can rely on, checked on the source (AST, no imports run).

- The core packages (engine, rules, AI, protocol) import nothing of the server, the
  clients, the command line (`mancala.cli`: the commands, the benchmark runner, the
  SVG plots) or the benchmarks.
- One way in: code imports `mancala.*`, never the folders (`shared.*`, `server.*`,
  `client.*`), which would load a second copy of a module (another `IllegalMove`).
- Strategies are chosen at construction: no method or strategy is assigned onto another
  object, and a strategy attribute (`self.x = lambda ...`) is only set in `__init__`
  or in a `_make_*` helper called while constructing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = {"engine": ROOT / "shared/engine", "rules": ROOT / "shared/rules", "ai": ROOT / "shared/ai",
        "protocol": ROOT / "shared/protocol"}
OUTER = ("mancala.server", "mancala.client", "mancala.cli", "benchmarks")
FOLDERS = ("shared", "server", "client", "configs")
SOURCES = [ROOT / d for d in ("shared", "server", "client", "tests", "benchmarks")]


def python_files(*roots: Path) -> Iterator[Path]:
    for root in roots:
        yield from (p for p in root.rglob("*.py") if ".venv" not in p.parts)


def imports(path: Path) -> Iterator[tuple[int, str]]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.lineno, node.module


@pytest.mark.parametrize("layer", sorted(CORE))
def test_the_core_imports_nothing_of_the_outer_layers(layer: str) -> None:
    found = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path in python_files(CORE[layer]) for line, name in imports(path)
             if name.startswith(OUTER)]
    assert not found, "\n".join(found)


def test_code_imports_the_package_never_its_folders() -> None:
    found = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path in python_files(*SOURCES) for line, name in imports(path)
             if name.split(".")[0] in FOLDERS]
    assert not found, "\n".join(found)


def _is_callable_value(value: ast.expr) -> bool:
    return isinstance(value, ast.Lambda) or (
        isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self"
        and value.attr.startswith("_"))


def patched(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        constructing = func.name == "__init__" or func.name.startswith("_make")
        for node in ast.walk(func):
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                if not isinstance(target, ast.Attribute) or not _is_callable_value(node.value):
                    continue
                owner = target.value.id if isinstance(target.value, ast.Name) else "?"
                if owner != "self" or not constructing:
                    yield f"{path.relative_to(ROOT)}:{node.lineno} {owner}.{target.attr} = ... in {func.name}"


def test_no_behaviour_is_patched_in_after_construction() -> None:
    found = [hit for path in python_files(ROOT / "shared", ROOT / "server") for hit in patched(path)]
    assert not found, "\n".join(found)


def test_the_scan_sees_a_patch() -> None:
    """The check itself: a method replaced on an instance is found."""
    sample = ROOT / "tests" / "_patch_sample.py"
    sample.write_text("class A:\n    def go(self, b):\n        b.step = lambda: 1\n        self.x = self._y\n")
    try:
        assert len(list(patched(sample))) == 2
    finally:
        sample.unlink()
