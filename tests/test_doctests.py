"""The examples in docstrings run: a wrong example is a failing test, not a stale comment."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROOTS = ("shared", "server", "client", "cli")  # each holds packages named as their folders


def modules_with_examples() -> list[str]:
    found = []
    for root in ROOTS:
        for path in sorted((ROOT / root).rglob("*.py")):
            if ">>>" not in path.read_text(encoding="utf-8") or path.name == "__main__.py":
                continue
            parts = path.relative_to(ROOT / root).with_suffix("").parts
            parts = parts[:-1] if parts[-1] == "__init__" else parts
            found.append(".".join(parts))
    return found


MODULES = modules_with_examples()


def test_there_are_examples() -> None:
    assert "mancala.engine.game" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, f"{name}: {result.failed} of {result.attempted} failed"
