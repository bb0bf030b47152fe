"""An index of the variant files in configs/: name, first sentence, or why it fails.

`mancala variants` lists some 170 files. Validating them all (pydantic and the
constraint checks) costs far more than the listing itself, and gives the same
answer as last time unless a file or the validating code changed. So the answer
is kept in a small JSON file in the user's cache folder, with

- for each variant file, the SHA-1 of its bytes: a changed file is validated again;
- for the whole index, a fingerprint of the code that decides the answer (the
  sources of mancala.rules and of the name check it uses, the pydantic and
  pydantic-core installations, the Python version): any change there rebuilds it.

A file is therefore never listed on trust: its entry is what `load_variant` said
about exactly these bytes with exactly this code. Where the cache folder cannot be
written the index is built every time, as before. MANCALA_CACHE_DIR names another
folder; MANCALA_CACHE_DIR=off turns the cache off.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths

VERSION = 1  # of the index file's layout


@dataclass(frozen=True)
class Entry:
    """One variant file: its stem, and its name and first sentence or its error."""

    stem: str
    name: str = ""
    about: str = ""
    error: str | None = None  # str(VariantError) when the file does not load


def cache_dir() -> Path | None:
    """Where the index is kept (None: nowhere)."""
    chosen = os.environ.get("MANCALA_CACHE_DIR")
    if chosen:
        return None if chosen == "off" else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mancala"


def _fingerprint() -> str:
    """What the validation of a file depends on besides its bytes."""
    digest = hashlib.sha1(f"{VERSION} {sys.version}".encode())
    rules = Path(__file__).resolve().parent
    sources = sorted(rules.glob("*.py")) + [rules.parent / "protocol" / "text.py"]
    for path in sources:
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


def _check(path: Path) -> dict[str, Any]:
    """Validate one file as `mancala variants` always has (the slow path)."""
    from mancala.rules.loading import load_variant
    from mancala.rules.summary import first_sentence

    try:
        variant = load_variant(path)
    except VariantError as exc:
        return {"error": str(exc)}
    return {"name": variant.name, "about": first_sentence(variant.game_info.about)}


def _read(file: Path, fingerprint: str) -> dict[str, Any]:
    try:
        stored = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(stored, dict) or stored.get("fingerprint") != fingerprint:
        return {}
    files = stored.get("files")
    return files if isinstance(files, dict) else {}


def _write(file: Path, fingerprint: str, files: dict[str, Any]) -> None:
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"fingerprint": fingerprint, "files": files}), encoding="utf-8")
        os.replace(tmp, file)
    except OSError:
        pass  # a read-only home: the index is simply built again next time


def variant_index() -> list[Entry]:
    """Every variant file in configs/, sorted by stem, as `load_variant` judges it."""
    folder = cache_dir()
    file = folder / "variants-index.json" if folder is not None else None
    fingerprint = _fingerprint() if file is not None else ""
    known = _read(file, fingerprint) if file is not None else {}
    files: dict[str, Any] = {}
    entries = []
    for stem, path in config_paths().items():
        sha = hashlib.sha1(path.read_bytes()).hexdigest()
        key = str(path)
        found = known.get(key)
        if not (isinstance(found, dict) and found.get("sha1") == sha):
            found = {"sha1": sha, **_check(path)}
        files[key] = found
        entries.append(Entry(stem, found.get("name", ""), found.get("about", ""), found.get("error")))
    if file is not None and files != known:
        _write(file, fingerprint, files)
    return entries
