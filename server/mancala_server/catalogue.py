"""The built-in variants this server offers: the files of its configs directory.

The package's configs/ (mancala.rules.loading.config_paths), or `Settings.configs_dir`
when set: tests point a server at a directory of their own, to change a variant's file
between two runs over one database (tests/server/test_stored_definitions.py).
"""

from __future__ import annotations

import logging
from pathlib import Path

from mancala.protocol.messages import VariantInfo
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant

log = logging.getLogger("mancala_server")


def configs(directory: str) -> dict[str, Path]:
    """Variant files by their stem: those of `directory`, or the package's when it is ""."""
    if not directory:
        return config_paths()
    return {p.stem: p for p in sorted(Path(directory).glob("*.json"))}


def variant_infos(paths: dict[str, Path]) -> dict[str, VariantInfo]:
    """The lobby's entry of each variant file that loads."""
    out = {}
    for stem, path in paths.items():
        try:
            v = load_variant(path)
        except VariantError as exc:  # a broken file is the operator's to fix: say so, go on
            log.error("variant file %s is not valid: %s", path.name, exc)
            continue
        info = v.game_info
        out[stem] = VariantInfo(name=stem, title=v.name, about=info.about, holes=v.holes,
                                rules=info.rules, family=info.family, region=info.region)
    return out
