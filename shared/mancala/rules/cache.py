"""The user's cache folder for what the command line worked out before.

Two things are kept there (MANCALA_CACHE_DIR names another folder; `off` keeps
nothing): the index of `mancala variants` (mancala.rules.index) and variants validated
before (mancala.rules.remembered). Both are tied to `fingerprint()`, a digest of the
code that validates a variant, so an answer is only ever reused by the code that gave it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

VERSION = 2  # of the cached files' layout


def cache_dir() -> Path | None:
    """Where answers are kept (None: nowhere)."""
    chosen = os.environ.get("MANCALA_CACHE_DIR")
    if chosen:
        return None if chosen == "off" else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mancala"


def data_dir(env: str, name: str) -> Path | None:
    """A folder of built data (endgame databases, opening books): the one the environment
    variable `env` names, else `name` in the cache folder (None: no cache folder)."""
    chosen = os.environ.get(env)
    if chosen:
        return Path(chosen)
    base = cache_dir()
    return None if base is None else base / name


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """What validating a variant depends on besides the variant: the sources of
    mancala.rules and of the name check they use, pydantic and pydantic-core as
    installed (found, not imported), the Python version."""
    digest = hashlib.sha1(f"{VERSION} {sys.version}".encode())
    rules = Path(__file__).resolve().parent
    for path in sorted(rules.glob("*.py")) + [rules.parent / "protocol" / "text.py"]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    for package in ("pydantic", "pydantic_core"):
        spec = find_spec(package)
        origin = spec.origin if spec is not None else None
        if origin:
            folder = Path(origin).parent
            stamp = [(p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.iterdir())
                     if p.suffix in (".py", ".so", ".pyd")]
            digest.update(repr((package, str(folder), stamp)).encode())
    return digest.hexdigest()


def read_json(file: Path) -> Any:
    """A cached file's JSON, or None when it is missing or unreadable."""
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_json(file: Path, data: Any) -> None:
    """Written whole or not at all (another process may read it meanwhile)."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, file)
    except OSError:
        pass  # a read-only home: the answer is simply worked out again next time
