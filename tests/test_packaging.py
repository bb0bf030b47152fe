"""Every package folder is listed in pyproject.toml, so it is in the wheel too.

An unlisted subpackage works in an editable install and vanishes from a wheel.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"shared": "mancala", "server": "mancala.server", "client": "mancala.client",
           "configs": "mancala.configs"}


def _expected_packages() -> set[str]:
    found = set()
    for folder, name in FOLDERS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            if any(part.startswith((".", "__")) for part in rel.parts):
                continue
            found.add(".".join([name, *rel.parts]))
    return found


def test_every_package_folder_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    assert _expected_packages() <= listed
    for package in listed:
        assert package in config["package-dir"], f"{package} has no package-dir entry"
        assert (ROOT / config["package-dir"][package] / "__init__.py").is_file()


def test_data_files_are_package_data() -> None:
    """The variant files and the web page ship in the wheel, not only in a checkout."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    data = config["package-data"]
    assert "*.json" in data["mancala.configs"]
    assert "web/*" in data["mancala.client"]
    assert (ROOT / "client" / "web" / "index.html").is_file()
