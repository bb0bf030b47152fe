"""The layers a reader can rely on, checked on the source (AST, no imports run).

- The core packages (engine, rules, AI, protocol) import nothing of the server, the
  clients, the command line (`mancala_cli`: the commands, the benchmark runner, the
  SVG plots) or the benchmarks.
- The arrows point one way: the server and the clients import the core, never each
  other or the command line; the core imports none of them.
- Every import name is a folder: `mancala` is shared/mancala, `mancala_server` is
  server/mancala_server, ...; code never imports the roots themselves (`shared.*`,
  `server.*`), which would load a second copy of a module (another `IllegalMove`).
- Strategies are chosen at construction: no method or strategy is assigned onto another
  object, and a strategy attribute (`self.x = lambda ...`) is only set in `__init__`
  or in a `_make_*` helper called while constructing.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = {"engine": ROOT / "shared/mancala/engine", "rules": ROOT / "shared/mancala/rules",
        "ai": ROOT / "shared/mancala/ai", "protocol": ROOT / "shared/mancala/protocol",
        "mancala": ROOT / "shared/mancala"}
OUTER = ("mancala_server", "mancala_client", "mancala_cli", "benchmarks", "tests")
# import name -> the folder it is, and what it may not import
PACKAGES = {"mancala": ("shared/mancala", OUTER),
            "mancala_server": ("server/mancala_server", ("mancala_client", "mancala_cli", "tests")),
            "mancala_client": ("client/mancala_client", ("mancala_server", "mancala_cli", "tests")),
            "mancala_cli": ("cli/mancala_cli", ("tests",))}
FOLDERS = ("shared", "server", "client", "cli", "configs")
SOURCES = [ROOT / d for d in ("shared", "server", "client", "cli", "tests", "benchmarks")]


def python_files(*roots: Path) -> Iterator[Path]:
    for root in roots:
        yield from (p for p in root.rglob("*.py") if ".venv" not in p.parts)


@functools.cache
def parse(path: Path) -> ast.Module:
    """A file's tree, parsed once for all the checks here (the trees are only read)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imports(path: Path) -> Iterator[tuple[int, str]]:
    for node in ast.walk(parse(path)):
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


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_arrows_point_to_the_core_only(package: str) -> None:
    folder, forbidden = PACKAGES[package]
    found = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path in python_files(ROOT / folder) for line, name in imports(path)
             if name.split(".")[0] in forbidden]
    assert not found, "\n".join(found)


def test_every_import_name_is_a_folder() -> None:
    """`mancala.engine.game` is the file shared/mancala/engine/game.py: for every module
    imported anywhere by a name of ours, the file its name spells exists."""
    roots = {name: ROOT / folder for name, (folder, _) in PACKAGES.items()}
    missing = []
    for path in python_files(*SOURCES):
        for line, name in imports(path):
            top, *rest = name.split(".")
            if top not in roots:
                continue
            base = roots[top].joinpath(*rest)
            if not (base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()
                    or base.parent.joinpath("__init__.py").is_file()):  # a name from a module
                missing.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not missing, "\n".join(missing)


def test_code_imports_the_package_never_its_folders() -> None:
    found = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for path in python_files(*SOURCES) for line, name in imports(path)
             if name.split(".")[0] in FOLDERS]
    assert not found, "\n".join(found)


def path_edits(tree: ast.Module) -> Iterator[int]:
    """Lines that change sys.path: a call on it (insert, append, ...) or an assignment to
    it or a slice of it."""
    def is_sys_path(node: ast.expr) -> bool:
        while isinstance(node, ast.Subscript):
            node = node.value
        return (isinstance(node, ast.Attribute) and node.attr == "path"
                and isinstance(node.value, ast.Name) and node.value.id == "sys")

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_sys_path(node.func.value):
            yield node.lineno
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(is_sys_path(t) for t in targets):
                yield node.lineno


def test_nothing_edits_the_import_path() -> None:
    """Every import path is a folder path: no module, test or benchmark reaches its
    imports by editing sys.path (benchmarks run as `python -m benchmarks.NAME`)."""
    found = [f"{path.relative_to(ROOT)}:{line}" for path in python_files(*SOURCES)
             for line in path_edits(parse(path))]
    assert not found, "\n".join(found)


def test_the_path_edit_scan_sees_one() -> None:
    edits = "import sys\nsys.path.insert(0, 'x')\nsys.path[:0] = ['y']\nsys.path += ['z']\nprint(sys.path[0])\n"
    assert sorted(path_edits(ast.parse(edits))) == [2, 3, 4]


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _is_callable_value(value: ast.expr) -> bool:
    return isinstance(value, ast.Lambda) or (
        isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self"
        and value.attr.startswith("_"))


def patched(path: Path) -> Iterator[str]:
    """Strategy attributes set outside construction, or on another object."""
    tree = parse(path)
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
                    yield f"{_where(path)}:{node.lineno} {owner}.{target.attr} = ... in {func.name}"


# ---- methods replaced on an instance (or a class) --------------------------------------------

def _assignable(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A property (or its setter): assigning through it is what it is for."""
    return any(ast.unparse(d).split(".")[-1] in ("property", "cached_property", "setter")
               for d in func.decorator_list)


def _stored_attributes(node: ast.AST) -> Iterator[ast.Attribute]:
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    for target in targets:
        yield from (t for t in ast.walk(target) if isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store))


class Classes:
    """What the source's classes define: their methods (by class, bases followed by
    name), and every name that is a data attribute somewhere (`self.x = ...`, fields)."""

    def __init__(self, trees: list[ast.Module]) -> None:
        self.own: dict[str, set[str]] = {}
        self.bases: dict[str, list[str]] = {}
        self.data: set[str] = set()
        classes = [node for tree in trees for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
        for cls in classes:
            self.own.setdefault(cls.name, set()).update(
                f.name for f in cls.body
                if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and not _assignable(f))
            self.bases[cls.name] = [ast.unparse(b).split(".")[-1] for b in cls.bases]
        for cls in classes:
            methods = self.methods(cls.name)
            for item in cls.body:  # fields and class attributes
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    self.data.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    self.data.update(t.id for t in item.targets if isinstance(t, ast.Name))
            for node in ast.walk(cls):  # `self.x = ...` (over one of its methods: a patch, not data)
                self.data.update(t.attr for t in _stored_attributes(node)
                                 if isinstance(t.value, ast.Name) and t.value.id == "self"
                                 and t.attr not in methods)
        self.every = set().union(*self.own.values()) if self.own else set()

    def methods(self, cls: str, seen: frozenset[str] = frozenset()) -> set[str]:
        found = set(self.own.get(cls, ()))
        for base in self.bases.get(cls, []):
            if base not in seen:
                found |= self.methods(base, seen | {cls})
        return found

    def only_a_method(self, name: str) -> bool:
        """A method of some class and never data: assigning it replaces a method."""
        return name in self.every and name not in self.data


def replaced_methods(path: Path, tree: ast.Module, classes: Classes) -> Iterator[str]:
    """`self.m = ...` over a method `m` of the class; `obj.m = ...` or
    `setattr(obj, "m", ...)` where `m` is a method (and no data attribute) of ours."""

    def visit(node: ast.AST, cls: str | None) -> Iterator[str]:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.ClassDef) else cls
            for target in _stored_attributes(child):
                mine = isinstance(target.value, ast.Name) and target.value.id in ("self", "cls")
                if (mine and cls is not None and target.attr in classes.methods(cls)) \
                        or (not mine and classes.only_a_method(target.attr)):
                    yield f"{_where(path)}:{child.lineno} {ast.unparse(target)} = ... replaces a method"
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == "setattr" \
                    and len(child.args) == 3 and isinstance(child.args[1], ast.Constant) \
                    and isinstance(child.args[1].value, str) and classes.only_a_method(child.args[1].value):
                yield f"{_where(path)}:{child.lineno} setattr(..., {child.args[1].value!r}, ...) replaces a method"
            yield from visit(child, inner)

    yield from visit(tree, None)


def _scan(paths: list[Path]) -> list[str]:
    trees = {path: parse(path) for path in paths}
    classes = Classes(list(trees.values()))
    found = [hit for path in paths for hit in patched(path)]
    found += [hit for path, tree in trees.items() for hit in replaced_methods(path, tree, classes)]
    return found


def test_no_behaviour_is_patched_in_after_construction() -> None:
    """Neither a strategy set after construction nor a method replaced on an object or
    a class, anywhere: the code, its tests and the benchmarks."""
    found = _scan(list(python_files(*SOURCES)))
    assert not found, "\n".join(found)


def test_the_scan_sees_a_patch(tmp_path: Path) -> None:
    """The check itself: every kind of patch in a sample is found, and nothing else."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "class A:\n"
        "    def __init__(self):\n"
        "        self.size = 3\n"  # data: fine
        "        self.go = print\n"  # over its own method, even while constructing
        "    def go(self, b):\n"
        "        b.step = lambda: 1\n"  # a strategy onto another object
        "        self.x = self._y\n"  # a strategy set after construction
        "        b.size = 4\n"  # data on another object: fine
        "    def _y(self):\n"
        "        pass\n"
        "class B(A):\n"
        "    def later(self):\n"
        "        self.go = None\n"  # over an inherited method
        "def patch(a):\n"
        "    a.later = print\n"  # over a method of another class
        "    setattr(a, 'go', print)\n"
        "    A.go = print\n")
    found = _scan([sample])
    assert len(found) == 7, "\n".join(found)


MAX_LINES = 650  # issue 22: a file a reader can hold; past it, split by what the parts do


def test_no_source_file_is_longer_than_a_reader_holds() -> None:
    """Every source file of the four packages (Python, C and the page's scripts) is at
    most MAX_LINES lines long."""
    suffixes = {".py", ".c", ".h", ".js"}
    long_files = {}
    for name in PACKAGES.values():
        for path in (ROOT / name[0]).rglob("*"):
            if path.suffix in suffixes and path.is_file():
                lines = len(path.read_text(encoding="utf-8").splitlines())
                if lines > MAX_LINES:
                    long_files[str(path.relative_to(ROOT))] = lines
    assert not long_files, long_files
