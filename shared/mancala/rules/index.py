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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mancala.rules.cache import cache_dir, read_json, write_json
from mancala.rules.cache import fingerprint as code_fingerprint
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths


@dataclass(frozen=True)
class Entry:
    """One variant file: its stem, and its name and first sentence or its error."""

    stem: str
    name: str = ""
    about: str = ""
    error: str | None = None  # str(VariantError) when the file does not load


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
    stored = read_json(file)
    if not isinstance(stored, dict) or stored.get("fingerprint") != fingerprint:
        return {}
    files = stored.get("files")
    return files if isinstance(files, dict) else {}


def variant_index() -> list[Entry]:
    """Every variant file in configs/, sorted by stem, as `load_variant` judges it."""
    folder = cache_dir()
    file = folder / "variants-index.json" if folder is not None else None
    fingerprint = code_fingerprint() if file is not None else ""
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
        write_json(file, {"fingerprint": fingerprint, "files": files})
    return entries
