"""docs/variants.md lists every file of configs/ in its table, and says how many there are."""

from __future__ import annotations

import re
from pathlib import Path

from mancala.rules.loading import config_paths

DOC = Path(__file__).resolve().parents[2] / "docs" / "variants.md"


def test_every_config_is_in_the_table_and_counted() -> None:
    text = DOC.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `configs/([a-z0-9_]+)\.json` \|", text, flags=re.M))
    stems = set(config_paths())
    assert stems - listed == set(), "configs missing from docs/variants.md"
    assert listed - stems == set(), "docs/variants.md lists files that do not exist"
    count = re.search(r"\(([0-9]+) files\)", text)
    assert count is not None and int(count.group(1)) == len(stems)
