"""What every test shares: a cache folder of its own (mancala.rules.cache), so that no
test reads what another run, or the developer's own commands, left in ~/.cache."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _own_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    before = os.environ.get("MANCALA_CACHE_DIR")
    os.environ["MANCALA_CACHE_DIR"] = str(tmp_path_factory.mktemp("mancala-cache"))
    yield
    if before is None:
        os.environ.pop("MANCALA_CACHE_DIR", None)
    else:
        os.environ["MANCALA_CACHE_DIR"] = before
