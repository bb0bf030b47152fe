"""The reference program's recorded games (tests/conformance/data*), read once a process.

Collection needs only each variant's config, but a config sits inside its whole gzipped
trace: test_fastcore, test_fastcore_110 and test_properties all parametrize over them,
and each xdist worker collects every module, so reading the files once per process (not
once per module) is seconds of every run.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

DATA_18 = Path(__file__).resolve().parent / "data"  # the reference's 1.8 version
DATA_110 = Path(__file__).resolve().parent / "data_110"  # its 1.10 release


@cache
def entries(data: Path) -> tuple[dict[str, Any], ...]:
    """The index's variant entries (name, file, ...), in the index's order."""
    return tuple(json.loads((data / "index.json").read_text())["variants"])


def trace(data: Path, name: str) -> dict[str, Any]:
    """One variant's whole recorded file: config and games."""
    entry = next(e for e in entries(data) if e["name"] == name)
    with gzip.open(data / entry["file"], "rt", encoding="utf-8") as fh:
        result: dict[str, Any] = json.load(fh)
    return result


@cache
def configs(data: Path) -> dict[str, dict[str, Any]]:
    """Every recorded variant's config by name (the caller must not change them)."""
    return {entry["name"]: _config(data / entry["file"]) for entry in entries(data)}


CONFIG_KEY = '"config":'
CHUNK = 1 << 14


def _config(path: Path) -> dict[str, Any]:
    """A trace's config, read from the head of its file: the recorder writes it before the
    games, and decompressing and parsing only that head, not every game, is most of the 3 s
    a worker spent collecting. A file laid out otherwise is read whole, as `trace` does."""
    decoder = json.JSONDecoder()
    text = ""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        while chunk := fh.read(CHUNK):
            text += chunk
            start = text.find(CONFIG_KEY)
            if start < 0 or len(text) > 16 * CHUNK:
                continue
            try:
                config, _ = decoder.raw_decode(text, start + len(CONFIG_KEY))
            except json.JSONDecodeError:  # cut short: the next chunk has the rest
                continue
            return dict(config)
    full: dict[str, Any] = json.loads(text)["config"]
    return full
