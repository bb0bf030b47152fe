"""Builds the optional C core (the engine's `_fastcore`, the solver's `_solver`, the
endgame databases' `_egtb`).

Both are optional: without a C compiler the install still succeeds, the engine plays in
Python (`mancala.engine.fast.make_fast` returns None) and the solver searches in Python.
An editable install puts each library beside its source, where the import finds it; a
wheel carries it inside the package.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# module path inside the package -> its C source; both include the engine's header
EXTENSIONS = {
    "mancala/engine/_fastcore": "shared/mancala/engine/_fastcore.c",
    "mancala/ai/_solver": "shared/mancala/ai/_solver.c",
    "mancala/ai/_egtb": "shared/mancala/ai/_egtb.c",
}
HEADER_DIR = "shared/mancala/engine"


def compile_command(source: Path, target: Path, header_dir: Path) -> list[str]:
    """The interpreter's own compiler and flags, as setuptools would use them."""
    var = sysconfig.get_config_var
    return [*shlex.split(var("LDSHARED") or "cc -shared"), *shlex.split(var("CFLAGS") or "-O3"),
            *shlex.split(var("CCSHARED") or "-fPIC"), f"-I{sysconfig.get_path('include')}",
            f"-I{header_dir}", str(source), "-o", str(target),
            # the solver's `threads` (pthreads: in glibc's libc since 2.34, a flag elsewhere)
            "-pthread"]


class CoreBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        editable = version == "editable"
        out_dir = Path(tempfile.mkdtemp(prefix="mancala-core-"))
        built = False
        for module, source in EXTENSIONS.items():
            name = module + suffix
            target = root / "shared" / name if editable else out_dir / Path(name).name
            cmd = compile_command(root / source, target, root / HEADER_DIR)
            result = subprocess.run(cmd, capture_output=True, text=True)
            if result.returncode != 0:
                print(f"optional C core {module} not built (the Python engine plays):\n"
                      f"{result.stderr[-2000:]}", file=sys.stderr)
                continue
            built = True
            if not editable:
                build_data["force_include"][str(target)] = name
        if built:
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
