"""Mutation testing with mutmut 3, as a benchmark (not a gate); docs/mutation.md has the
commands, the last run's figures and what each survivor means.

    .venv/bin/python -m benchmarks.mutation run                # the server's modules
    .venv/bin/python -m benchmarks.mutation --engine run       # shared/mancala/engine, rules
    .venv/bin/python -m benchmarks.mutation results            # any mutmut command: show
    .venv/bin/python -m benchmarks.mutation show NAME          # NAME, browse, ...
    .venv/bin/python -m benchmarks.mutation table [GLOB]       # counts by module, from the results
    .venv/bin/python -m benchmarks.mutation --engine try GLOB TEST...  # today's tests, one survivor at a time

Why a staging folder: mutmut names a mutant after its file's path (`src.` stripped) and
the trampoline it puts in each mutated function only switches on when that name starts
with the function's `__module__`. Our files live at server/mancala_server/room.py but
import as `mancala_server.room`, so run from the checkout every mutant would be named
`server.mancala_server.room...` and never switch on. build/mutation/<run>/ holds
`src/<import name>` as a link to the package's folder, links to tests/, configs/ and
docs/, and a pyproject.toml with the run's [tool.mutmut] table; mutmut copies all that
into its mutants/ folder and puts mutants/src first on sys.path, ahead of the editable
install's roots, so the tests import the mutated copies (its start-up check, a run in
which every trampoline raises, fails otherwise).

The server run's settings are [tool.mutmut] in pyproject.toml; the engine run's are
ENGINE below, with MANCALA_C_CORE=0 so the pure-Python engine plays every game.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"mancala": "shared", "mancala_server": "server"}

ENGINE = """[tool.mutmut]
source_paths = ["src/mancala"]
only_mutate = ["src/mancala/engine/*", "src/mancala/rules/*"]
also_copy = ["configs", "docs"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-n", "0",
    "--deselect", "tests/engine/test_fastcore.py::test_the_switch",
    "--deselect", "tests/engine/test_fastcore.py::test_random_variants_agree_after_every_move",
    "--deselect", "tests/engine/test_fastcore.py::test_replay_lines_agree"]
pytest_add_cli_args_test_selection = ["tests/engine", "tests/rules",
    "tests/conformance/test_conformance.py::test_python_engine",
    "tests/conformance/test_conformance_110.py::test_python_engine"]
"""


def stage(name: str, package: str, mutmut_table: str | None, deselect: Sequence[str] = ()) -> Path:
    """build/mutation/<name>/: the links and the pyproject.toml mutmut runs from."""
    folder = ROOT / "build" / "mutation" / name
    (folder / "src").mkdir(parents=True, exist_ok=True)
    links = {f"src/{package}": ROOT / PACKAGES[package] / package,
             "tests": ROOT / "tests", "configs": ROOT / "configs", "docs": ROOT / "docs"}
    for link, target in links.items():
        path = folder / link
        if not path.is_symlink():
            path.symlink_to(os.path.relpath(target, path.parent))
    text = (ROOT / "pyproject.toml").read_text()
    if mutmut_table is not None:
        text = re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", text) + "\n" + mutmut_table
    for test in deselect:
        text = text.replace('pytest_add_cli_args = [', f'pytest_add_cli_args = ["--deselect", "{test}", ', 1)
    (folder / "pyproject.toml").write_text(text)
    # mutmut copies a package's files into mutants/ once and afterwards only the Python
    # files it mutates again: a C extension rebuilt since (a new parameter layout, which
    # fast.py refuses) would stay stale there, and every test of the core would fail
    package_dir = ROOT / PACKAGES[package] / package
    copied = folder / "mutants" / "src" / package
    if copied.is_dir():
        for built in package_dir.rglob("*.so"):
            # a new file renamed over the old one: a process that still maps the old
            # library (a worker a stopped run left behind) keeps its copy intact
            target = copied / built.relative_to(package_dir)
            staged = target.with_name(target.name + ".new")
            shutil.copy2(built, staged)
            os.replace(staged, target)
    return folder


# mutmut's exit codes (mutmut/stats.py), folded into the table's columns
VERDICTS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", None: "not checked",
            36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout"}
COLUMNS = ["killed", "timeout", "survived", "no tests", "not checked", "other"]


def verdicts(folder: Path, pattern: str) -> Iterator[tuple[str, str]]:
    """(mutant, verdict) for each mutant named by `pattern`, from the .meta files mutmut
    keeps next to each mutated copy."""
    for meta in sorted((folder / "mutants" / "src").rglob("*.py.meta")):
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            if fnmatch.fnmatchcase(name, pattern):
                yield name, VERDICTS.get(code, "other")


def table(folder: Path, pattern: str) -> None:
    """Per module, how many of the mutants named by `pattern` ended how (mutmut keeps each
    verdict in a .meta file next to the mutated copy); survivors listed after the table.
    mutmut's own `results` lists names only, and the scores are wanted module by module."""
    counts: dict[str, Counter[str]] = {}
    survivors: list[str] = []
    for name, verdict in verdicts(folder, pattern):
        counts.setdefault(name.split(".x")[0].split("__mutmut")[0], Counter())[verdict] += 1
        if verdict in ("survived", "no tests"):
            survivors.append(f"{verdict}: {name}")
    print(f"{'module':40} {'mutants':>7} " + " ".join(f"{c:>11}" for c in COLUMNS))
    for module, c in sorted(counts.items()):
        print(f"{module:40} {sum(c.values()):7} " + " ".join(f"{c[col]:11}" for col in COLUMNS))
    print("\n".join(survivors))


def try_survivors(folder: Path, pattern: str, tests: Sequence[str]) -> None:
    """Run `tests`, as they are in the checkout now, against each survivor named by
    `pattern`: a test written for a survivor is checked without a new mutmut run (which
    would copy the tests again and redo its clean run). The mutated tree is copied first,
    so a run in progress and other `try`s in parallel are left alone."""
    names = [name for name, verdict in verdicts(folder, pattern) if verdict in ("survived", "no tests")]
    if not names:
        sys.exit(f"no survivor matches {pattern}")
    with tempfile.TemporaryDirectory(dir=folder.parent) as copy:
        shutil.copytree(folder / "mutants" / "src", Path(copy) / "src",
                        ignore=shutil.ignore_patterns("*.meta", "__pycache__"))
        for data in ("configs", "docs"):  # the core reads <root>/configs, as in the run
            (Path(copy) / data).symlink_to(ROOT / data)
        env = {**os.environ, "PYTHONPATH": str(Path(copy) / "src")}
        command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q", "-x",
                   "--durations=0", *tests]
        # tests failing with no mutant switched on would call every mutant killed
        clean = subprocess.run(command, cwd=ROOT, env={**env, "MUTANT_UNDER_TEST": ""},
                               capture_output=True, text=True)
        if clean.returncode != 0:
            sys.exit(f"the tests fail with no mutant switched on:\n{clean.stdout[-2000:]}")
        for name in names:
            env["MUTANT_UNDER_TEST"] = name
            proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
            # pytest: 0 all passed (the mutant lives), 1 a test failed (killed), else trouble
            verdict = {0: "survives", 1: "killed"}.get(proc.returncode, f"pytest exit {proc.returncode}")
            print(f"{verdict:10} {name}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="store_true",
                        help="mutate shared/mancala/engine and rules instead of the server")
    parser.add_argument("--folder", default="server",
                        help="build/mutation/FOLDER for a server run: two runs over different modules "
                             "(mutant globs) may go side by side, each in its own folder")
    parser.add_argument("--deselect", action="append", default=[], metavar="TEST",
                        help="leave a test out of this folder's run (a test that starts rules-worker "
                             "processes fails their 2 s limit on a loaded machine, and then every run)")
    parser.add_argument("mutmut_args", nargs=argparse.REMAINDER,
                        help="mutmut's command and arguments (default: run --max-children 2)")
    args = parser.parse_args()
    if args.engine:
        folder = stage("engine", "mancala", ENGINE)
        os.environ["MANCALA_C_CORE"] = "0"
    else:
        folder = stage(args.folder, "mancala_server", None, args.deselect)
    command = args.mutmut_args or ["run", "--max-children", "2"]
    if command[0] == "table":
        table(folder, command[1] if len(command) > 1 else "*")
        return
    if command[0] == "try":
        if len(command) < 3:
            parser.error("try GLOB TEST...: the survivors to try and the tests to run")
        try_survivors(folder, command[1], command[2:])
        return
    mutmut = Path(sys.executable).parent / "mutmut"
    os.chdir(folder)
    os.execv(mutmut, [str(mutmut), *command])


if __name__ == "__main__":
    main()
