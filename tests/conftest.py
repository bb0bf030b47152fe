"""What every test shares: a cache folder of its own (mancala.rules.cache), so that no
test reads what another run, or the developer's own commands, left in ~/.cache; and the
property tests' profile."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# The property tests draw the same examples on every run ("ci", the default), so a red run
# is a change's doing and can be repeated; MANCALA_HYPOTHESIS=explore draws new ones each
# run (and keeps failures in .hypothesis/) to look for what the fixed examples miss.
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("MANCALA_HYPOTHESIS", "ci"))


@pytest.fixture(autouse=True, scope="session")
def _own_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    before = os.environ.get("MANCALA_CACHE_DIR")
    os.environ["MANCALA_CACHE_DIR"] = str(tmp_path_factory.mktemp("mancala-cache"))
    yield
    if before is None:
        os.environ.pop("MANCALA_CACHE_DIR", None)
    else:
        os.environ["MANCALA_CACHE_DIR"] = before


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """Named variants ("Ayo::No_Rounds") as test ids without "::": xdist's loadscope takes
    everything before a test id's last "::" as its group, so each such case became a group
    of its own, sent to any worker, and the module's shared work (the conformance batch
    replay of every recorded game) was done again on each worker that got one."""
    if isinstance(val, str) and "::" in val:
        return val.replace("::", "__")
    return None
