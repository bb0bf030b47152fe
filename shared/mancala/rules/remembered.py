"""Variants validated before, so that a command can play them without validating again.

Validating a variant takes pydantic (importing it and building its validators is most of
a short command's start-up) and the constraint checks. The command line replays and
shows the same few variants over and over, so what `parse_variant` accepted is kept in
the cache folder (mancala.rules.cache): one small file per variant, named by a digest of
the variant object as given *and* of the validating code (`cache.fingerprint`). A
variant is only ever taken from there by the code that accepted it, from exactly the
same object. Refused variants are not kept: their errors are worked out each time.

The server does not use this: it validates each variant once when it starts, and a
stranger's custom variants must not fill a disk.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, get_type_hints

from mancala.rules.cache import cache_dir, fingerprint, read_json, write_json
from mancala.rules.variant import Variant, as_config

MOST_FILES = 1_000  # then the oldest tenth goes: a bounded folder, however many variants


def _file(raw: Any) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        text = json.dumps(raw, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None  # not JSON: validation will say so
    key = hashlib.sha1(f"{fingerprint()}\0{text}".encode()).hexdigest()
    return folder / "variants" / f"{key}.json"


def recall(raw: Any) -> Variant | None:
    """The variant validated before from this very object, if any."""
    file = _file(raw)
    data = read_json(file) if file is not None else None
    if not isinstance(data, dict):
        return None
    try:
        return build(Variant, data)
    except (TypeError, ValueError, KeyError):
        return None  # a file from elsewhere or cut short: validate again


def remember(raw: Any, variant: Variant) -> None:
    file = _file(raw)
    if file is None:
        return
    folder = file.parent
    try:
        names = os.listdir(folder) if folder.is_dir() else []
        if len(names) >= MOST_FILES:
            old = sorted((folder / n for n in names), key=lambda p: p.stat().st_mtime)
            for path in old[: MOST_FILES // 10]:
                path.unlink(missing_ok=True)
    except OSError:
        return
    write_json(file, as_config(variant))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def build(cls: type, data: dict[str, Any]) -> Any:
    """A section from what `as_config` wrote: enum names, lists as tuples, sections
    nested; a field left out takes its default. Trusts the data to be valid (it was,
    when `remember` wrote it) but not to be whole: a missing required field raises."""
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        kind = hints[f.name]
        value = data[f.name]
        if isinstance(kind, type) and is_dataclass(kind):
            values[f.name] = build(kind, value)
        elif isinstance(kind, type) and issubclass(kind, Enum):
            values[f.name] = kind(value)
        elif isinstance(value, list):
            values[f.name] = tuple(value)
        else:
            values[f.name] = value
    return cls(**values)
