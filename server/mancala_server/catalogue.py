"""The built-in variants this server offers: the files of its configs directory.

The package's configs/ (mancala.rules.loading.config_paths), or `Settings.configs_dir`
when set: tests point a server at a directory of their own, to change a variant's file
between two runs over one database (tests/server/test_stored_definitions.py).

A file that says `"rules_version": "1.8"` in so many words is an earlier definition kept
for the players who want it (its 1.10 successor took its id, or the reference merged the
game away); a file without the field is one of our own variants, written in 1.8 terms and
current (docs/variants.md, "Release 1.10"). The lobby marks the kept ones.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from mancala.protocol.messages import VariantInfo
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant
from mancala_server.variant_settings import setting_choices

log = logging.getLogger("mancala_server")


def configs(directory: str) -> dict[str, Path]:
    """Variant files by their stem: those of `directory`, or the package's when it is ""."""
    if not directory:
        return config_paths()
    return {p.stem: p for p in sorted(Path(directory).glob("*.json"))}


def kept_earlier(path: Path) -> bool:
    """The file is an earlier definition kept on purpose: it names the 1.8 rules itself."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(raw, dict) and raw.get("rules_version") == "1.8"


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
                                rules=info.rules, family=info.family, region=info.region,
                                rules_version=v.rules_version.value, kept=kept_earlier(path),
                                settings=setting_choices(path))
    return out
