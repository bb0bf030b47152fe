"""Mutation testing of the rules core, as a benchmark (not a gate): which small changes
to shared/mancala/engine and shared/mancala/rules do the engine tests and the Python conformance
replays notice?

    python3 benchmarks/mutation.py                  # from a fresh clone: sets up .venv first
    .venv/bin/python benchmarks/mutation.py --minutes 40 --json /tmp/mutation.json
    .venv/bin/python benchmarks/mutation.py --list  # the mutants per module, nothing run

A mutant is one change of the source: a comparison turned (`<` to `<=`, `==` to `!=`,
`in` to `not in`), an arithmetic or augmented operator swapped (`+` and `-`, `*` and
`//`), `and` and `or` swapped, a `not` dropped, a plain condition negated, an integer
plus one, True and False swapped. Annotations, docstrings, asserts, raise statements
and `if TYPE_CHECKING` blocks are left alone.

How it runs: the project is copied into a scratch folder laid out as the import names
(mancala/ <- shared/, ...; the C extensions built by `./dev` come along), the test
selection runs there once under coverage with one context per test, and each mutant
then runs only the tests that execute its lines (those that execute any line of its
module when its lines run only at import), the fastest first, stopping at the first
failure. Every run is a fork of this process with pytest, hypothesis and pydantic
already imported. MANCALA_C_CORE=0: the pure-Python engine plays every game, so the
Python code the C core replaces in production is what the tests exercise (the C
core's differential test, tests/engine/test_fastcore.py, still compares the two).
Hypothesis is derandomized and without deadlines, so runs repeat.

A mutant is killed when a test fails (or the tests do not load), timed out when its
tests run past five times their clean time plus 30 s (a sowing that never ends:
counted as killed), survived when they all pass, and has no tests when no test runs
its lines. Mutants are taken in a seeded random order until --minutes is spent, so a
short run samples every module alike; the table says how many were run.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ("shared/mancala/engine", "shared/mancala/rules")
TESTS = ["tests/engine", "tests/rules",
         "tests/conformance/test_conformance.py::test_python_engine"]
# the two long random differential runs of the C core (100 s and more each): the
# per-variant differential tests in the same file stay
SLOW = ["tests/engine/test_fastcore.py::test_random_variants_agree_after_every_move",
        "tests/engine/test_fastcore.py::test_replay_lines_agree"]
# where each folder goes in the scratch tree: its import name
LAYOUT = {"shared": "mancala", "server": "mancala/server", "client": "mancala/client",
          "configs": "mancala/configs", "tests": "tests"}


# ---- mutants ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    module: str  # path in the project, shared/mancala/engine/ending.py
    line: int
    end_line: int
    start: int  # byte offsets of the replaced text in the file
    end: int
    text: str  # the replacement
    what: str  # "a > b -> a >= b"

    def apply(self, source: bytes) -> bytes:
        return source[:self.start] + self.text.encode() + source[self.end:]


COMPARE_SWAP: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_SWAP: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv,
}
BOOLOP_SWAP: dict[type, type] = {ast.And: ast.Or, ast.Or: ast.And}
PLAIN_TESTS = (ast.Name, ast.Attribute, ast.Call, ast.Subscript)


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """ids of nodes no mutant touches: annotations, docstrings, asserts, raises, f-strings,
    TYPE_CHECKING blocks (changing them changes no behaviour the tests could see, or a
    message only)."""
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(sub) for sub in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.arg | ast.AnnAssign):
            mark(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            mark(node.returns)
        elif isinstance(node, ast.Assert | ast.Raise | ast.JoinedStr) or (
                isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)):
            mark(node)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                mark(body[0])
    return skip


def _changes(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """(the node to replace, its replacement) for each mutant of `node`."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            swap = COMPARE_SWAP.get(type(op))
            if swap is not None:
                ops = list(node.ops)
                ops[i] = swap()
                yield node, f"({ast.unparse(ast.Compare(node.left, ops, node.comparators))})"
    elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAP:
        new = ast.BinOp(node.left, BINOP_SWAP[type(node.op)](), node.right)
        yield node, f"({ast.unparse(new)})"
    elif isinstance(node, ast.BoolOp):
        yield node, f"({ast.unparse(ast.BoolOp(BOOLOP_SWAP[type(node.op)](), node.values))})"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield node, f"({ast.unparse(node.operand)})"
    elif isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            yield node, str(not node.value)
        elif isinstance(node.value, int):
            yield node, str(node.value + 1)
    if isinstance(node, ast.If | ast.While | ast.IfExp) and isinstance(node.test, PLAIN_TESTS):
        yield node.test, f"(not {ast.unparse(node.test)})"
    elif isinstance(node, ast.comprehension):
        for cond in node.ifs:
            if isinstance(cond, PLAIN_TESTS):
                yield cond, f"(not {ast.unparse(cond)})"


def mutants_of(path: Path) -> list[Mutant]:
    source = path.read_bytes()
    tree = ast.parse(source)
    skip = _skipped_nodes(tree)
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    lines = source.decode().splitlines()
    module = str(path.relative_to(ROOT))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        for target, text in _changes(node):
            if id(target) in skip or target.end_lineno is None or target.end_col_offset is None:
                continue
            if "no mutate" in lines[target.lineno - 1]:
                continue
            start = starts[target.lineno - 1] + target.col_offset
            end = starts[target.end_lineno - 1] + target.end_col_offset
            original = source[start:end].decode()
            mutant = Mutant(module, target.lineno, target.end_lineno, start, end, text,
                            f"{' '.join(original.split())} -> {text}")
            try:
                compile(mutant.apply(source), str(path), "exec")
            except SyntaxError:
                continue
            found.append(mutant)
    return found


def all_mutants(targets: list[str]) -> list[Mutant]:
    found: list[Mutant] = []
    for target in targets:
        for path in sorted((ROOT / target).rglob("*.py")):
            found += mutants_of(path)
    return found


# ---- the scratch tree and the clean run ------------------------------------------------------

PLUGIN = '''
"""Loaded with -p: derandomized hypothesis without deadlines; with MUTATION_COVERAGE set,
coverage of the rules core with one context per test, and each test's time and result."""
import json, os, time
import pytest
from hypothesis import settings

settings.register_profile("mutation", database=None, derandomize=True, deadline=None,
                          print_blob=False)
settings.load_profile("mutation")

_cov = None
_out = os.environ.get("MUTATION_COVERAGE")
if _out:
    import coverage
    here = os.path.dirname(os.path.abspath(__file__))
    _cov = coverage.Coverage(data_file=_out, include=[
        os.path.join(here, "mancala", "engine", "*"), os.path.join(here, "mancala", "rules", "*")])
    _cov.start()  # at import: before any conftest imports the rules core
_times, _failed = {}, []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if _cov is not None:
        _cov.switch_context(item.nodeid)
    start = time.perf_counter()
    yield
    _times[item.nodeid] = time.perf_counter() - start


def pytest_runtest_logreport(report):
    if report.failed:
        _failed.append(report.nodeid)


def pytest_sessionfinish(session):
    if _cov is None:
        return
    _cov.stop()
    _cov.save()
    import mancala
    with open(_out + ".json", "w") as fh:
        json.dump({"times": _times, "failed": _failed, "mancala": mancala.__file__}, fh)
'''


def make_scratch(folder: Path) -> None:
    """The project laid out as its import names, without caches."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for source, target in LAYOUT.items():
        shutil.copytree(ROOT / source, folder / target, ignore=ignore, dirs_exist_ok=True)
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")
    (folder / "_mutation_plugin.py").write_text(PLUGIN)


def scratch_path(folder: Path, module: str) -> Path:
    top, rest = module.split("/", 1)
    return folder / LAYOUT[top] / rest


def pytest_args(tests: list[str], deselect: list[str]) -> list[str]:
    args = ["-p", "_mutation_plugin", "-p", "no:cacheprovider", "-q", "-q"]
    for test in deselect:
        args += ["--deselect", test]
    return args + tests


def clean_run(folder: Path, tests: list[str], deselect: list[str]) -> dict[str, Any]:
    """Every selected test once under coverage: which lines each runs, its time."""
    data = folder / ".coverage"
    env = dict(os.environ, MUTATION_COVERAGE=str(data), PYTHONPATH=str(folder),
               MANCALA_C_CORE="0")
    done = subprocess.run([sys.executable, "-m", "pytest", *pytest_args(tests, deselect)],
                          cwd=folder, env=env, check=False, capture_output=True, text=True)
    info_file = Path(str(data) + ".json")
    if not info_file.exists():
        sys.exit(f"the clean run did not finish:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    info = json.loads(info_file.read_text())
    if not info["mancala"].startswith(str(folder)):
        sys.exit(f"the clean run imported mancala from {info['mancala']}, not the scratch tree")
    import coverage

    cov = coverage.CoverageData(basename=str(data))
    cov.read()
    lines: dict[str, dict[int, set[str]]] = {}
    for measured in cov.measured_files():
        rel = Path(measured).resolve().relative_to(folder.resolve())
        top = "shared" if rel.parts[0] == "mancala" else rel.parts[0]
        module = str(Path(top, *rel.parts[1:]))
        lines[module] = {line: set(contexts)
                         for line, contexts in cov.contexts_by_lineno(measured).items()}
    info["lines"] = lines
    return info


def tests_for(mutant: Mutant, info: dict[str, Any]) -> list[str]:
    """The tests that run the mutant's lines, fastest first (by module at import time)."""
    by_line = info["lines"].get(mutant.module, {})
    failed = set(info["failed"])
    found: set[str] = set()
    for line in range(mutant.line, mutant.end_line + 1):
        found |= by_line.get(line, set())
    found.discard("")
    if not found and any(by_line.get(line) for line in range(mutant.line, mutant.end_line + 1)):
        # only run at import (a constant, a default, a class body): whatever uses the module
        for contexts in by_line.values():
            found |= contexts
        found.discard("")
    times = info["times"]
    return sorted((t for t in found if t not in failed and t in times), key=lambda t: times[t])


# ---- running mutants ------------------------------------------------------------------------


def run_forked(args: list[str], timeout: float, log: Path) -> str:
    """pytest in a forked child: "killed", "survived", "timeout" or "error"."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.setsid()
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            sys.dont_write_bytecode = True  # a mutant's bytecode must not outlive it
            import pytest

            code = pytest.main(args)
        except BaseException:  # noqa: B036 - whatever happens, the child must exit here
            code = 3
        os._exit(int(code))
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.02)
    code = os.waitstatus_to_exitcode(status)
    # 1: a test failed; 2 to 4: a test module or conftest would not load (the mutant broke
    # an import); 5 (no tests ran) or a signal is the runner's own failure
    return {0: "survived", 1: "killed", 2: "killed", 3: "killed", 4: "killed"}.get(code, "error")


def progress(done: int, total: int, counts: Counter, started: float, budget: float) -> None:
    width = 30
    filled = int(width * done / max(total, 1))
    spent = time.monotonic() - started
    line = (f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} mutants  "
            f"killed {counts['killed'] + counts['timeout']}  survived {counts['survived']}  "
            f"error {counts['error']}  {spent / 60:.1f} of {budget / 60:.0f} min")
    if sys.stderr.isatty():
        print(line, end="", file=sys.stderr, flush=True)
    elif done % 10 == 0 or done == total:
        print(line.strip(), file=sys.stderr, flush=True)


def run_mutants(folder: Path, mutants: list[Mutant], info: dict[str, Any], deselect: list[str],
                budget: float) -> dict[Mutant, str]:
    results: dict[Mutant, str] = {}
    to_run = []
    for mutant in mutants:
        if tests_for(mutant, info):
            to_run.append(mutant)
        else:
            results[mutant] = "no tests"
    os.chdir(folder)
    sys.path.insert(0, str(folder))
    os.environ.update(MANCALA_C_CORE="0", PYTHONPATH=str(folder))
    # warm imports shared by every fork (the project's own modules are loaded fresh in each)
    import hypothesis  # noqa: F401
    import pydantic  # noqa: F401
    import pytest  # noqa: F401

    counts: Counter = Counter()
    started = time.monotonic()
    log = folder / "last-run.log"
    for done, mutant in enumerate(to_run):
        if time.monotonic() - started > budget:
            break
        tests = tests_for(mutant, info)
        timeout = 5 * sum(info["times"][t] for t in tests) + 30
        path = scratch_path(folder, mutant.module)
        original = path.read_bytes()
        # the clean run's bytecode of the module would hide the mutant (children write none)
        for cached in path.parent.glob(f"__pycache__/{path.stem}.*.pyc"):
            cached.unlink()
        path.write_bytes(mutant.apply(original))
        try:
            result = run_forked([*pytest_args(tests, deselect), "-x"], timeout, log)
        finally:
            path.write_bytes(original)
        if result == "error":
            print(f"\nerror on {mutant.module}:{mutant.line} {mutant.what}; see {log}",
                  file=sys.stderr)
        results[mutant] = result
        counts[result] += 1
        progress(done + 1, len(to_run), counts, started, budget)
    print(file=sys.stderr)
    return results


# ---- the report ------------------------------------------------------------------------------

COLUMNS = ("mutants", "run", "killed", "timeout", "survived", "no tests", "error", "score")


def table(mutants: list[Mutant], results: dict[Mutant, str]) -> str:
    rows: dict[str, Counter] = defaultdict(Counter)
    for mutant in mutants:
        row = rows[mutant.module]
        row["mutants"] += 1
        result = results.get(mutant)
        if result is not None:
            row[result] += 1
            if result != "no tests":
                row["run"] += 1
    total: Counter = Counter()
    for row in rows.values():
        total.update(row)
    rows["all"] = total

    def score(row: Counter) -> str:
        # killed (timeouts included) of the mutants run; those without tests are counted
        # over every mutant (no run needed), so they are a column of their own
        judged = row["killed"] + row["timeout"] + row["survived"]
        return f"{100 * (row['killed'] + row['timeout']) / judged:.0f} %" if judged else "-"

    head = ["module", *COLUMNS]
    body = [[name, *(str(row[c]) for c in COLUMNS[:-1]), score(row)]
            for name, row in sorted(rows.items(), key=lambda kv: (kv[0] == "all", kv[0]))]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)) + " |",
             "| " + " | ".join("-" * w for w in widths) + " |"]
    for r in body:
        cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ensure_environment(argv: list[str], *, coverage: bool) -> None:
    """From a fresh clone: set up .venv with ./dev, then run again inside it; coverage
    (the clean run's per-test lines) is installed into it on first use."""
    venv_python = ROOT / ".venv" / "bin" / "python"
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        if not venv_python.exists() or not (ROOT / ".venv" / ".installed").exists():
            subprocess.run([str(ROOT / "dev"), "mancala", "variants"], check=True,
                           stdout=subprocess.DEVNULL)
        os.execv(str(venv_python), [str(venv_python), str(Path(__file__).resolve()), *argv])
    if not coverage:
        return
    try:
        import coverage as _  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "coverage>=7"], check=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=40,
                        help="time for running mutants (default 40); the clean run is extra")
    parser.add_argument("--seed", type=int, default=1, help="order of the mutants (default 1)")
    parser.add_argument("--only", action="append", default=[],
                        help="mutate only modules whose path contains this (repeatable)")
    parser.add_argument("--tests", action="append", help=f"tests to run (default {TESTS})")
    parser.add_argument("--with-slow", action="store_true", help=f"also run {SLOW}")
    parser.add_argument("--list", action="store_true", help="count the mutants, run nothing")
    parser.add_argument("--json", type=Path, help="write every mutant and its result here")
    parser.add_argument("--report", type=Path, help="print the report of a --json file again")
    args = parser.parse_args(argv)
    if args.report:
        saved = json.loads(args.report.read_text())
        mutants = [Mutant(**{k: v for k, v in row.items() if k != "result"}) for row in saved]
        report(mutants, {m: row["result"] for m, row in zip(mutants, saved, strict=True)
                         if row["result"] is not None})
        return 0
    ensure_environment(argv, coverage=not args.list)

    mutants = [m for m in all_mutants(list(TARGETS))
               if not args.only or any(part in m.module for part in args.only)]
    if args.list:
        print(table(mutants, {}))
        return 0
    tests = args.tests or TESTS
    deselect = [] if args.with_slow else SLOW
    folder = Path(tempfile.mkdtemp(prefix="mancala-mutation-"))
    try:
        make_scratch(folder)
        print(f"clean run of {' '.join(tests)} under coverage ...", file=sys.stderr)
        started = time.monotonic()
        info = clean_run(folder, tests, deselect)
        print(f"clean run: {len(info['times'])} tests in {time.monotonic() - started:.0f} s"
              f" ({len(info['failed'])} failing, left out: {info['failed'][:5]})", file=sys.stderr)
        random.Random(args.seed).shuffle(mutants)
        results = run_mutants(folder, mutants, info, deselect, args.minutes * 60)
    finally:
        os.chdir(ROOT)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {args.minutes:g} min "
          f"of mutants (seed {args.seed})")
    report(mutants, results)
    if args.json:
        args.json.write_text(json.dumps([dict(asdict(m), result=results.get(m)) for m in mutants],
                                        indent=1))
    return 0


def report(mutants: list[Mutant], results: dict[Mutant, str]) -> None:
    run = sum(1 for r in results.values() if r != "no tests")
    print(f"{len(mutants)} mutants: {run} run, "
          f"{sum(1 for r in results.values() if r == 'no tests')} without tests\n")
    print(table(mutants, results))
    print("\nsurvived:")
    for mutant in sorted(results, key=lambda m: (m.module, m.line)):
        if results[mutant] in ("survived", "no tests"):
            print(f"  {mutant.module}:{mutant.line}  {mutant.what}"
                  f"{'  (no tests)' if results[mutant] == 'no tests' else ''}")


if __name__ == "__main__":
    sys.exit(main())
