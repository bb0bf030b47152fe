"""The wheel and an editable install hold the same packages, found where their names say.

Each import name is a folder under one of four roots (shared/, server/, client/, cli/);
hatchling puts those folders into the wheel whole and an editable install puts the roots
on sys.path, so a subpackage cannot be in one and missing from the other.
"""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
WHEEL = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]


def test_each_package_is_the_folder_of_its_name() -> None:
    assert sorted(WHEEL["packages"]) == ["cli/mancala_cli", "client/mancala_client",
                                         "server/mancala_server", "shared/mancala"]
    assert sorted(WHEEL["dev-mode-dirs"]) == sorted(p.split("/")[0] for p in WHEEL["packages"])
    for folder in WHEEL["packages"]:
        module = importlib.import_module(folder.split("/")[1])
        assert Path(module.__file__ or "").resolve().parent == ROOT / folder
    assert "package-dir" not in PYPROJECT["tool"].get("setuptools", {})


def test_every_folder_of_code_is_a_package() -> None:
    """A folder of modules without __init__.py would import as a namespace in a checkout."""
    loose = [str(d.relative_to(ROOT)) for folder in WHEEL["packages"]
             for d in [ROOT / folder, *(ROOT / folder).rglob("*")]
             if d.is_dir() and any(d.glob("*.py")) and not (d / "__init__.py").is_file()]
    assert not loose


def test_data_files_ship_with_the_packages() -> None:
    """The variant files go into the core package of a wheel; the page is the web client's;
    the shipped opening books are the core package's."""
    assert WHEEL["force-include"]["configs"] == "mancala/configs"
    from mancala.rules.loading import configs_dir

    assert configs_dir() == ROOT / "configs"
    assert (ROOT / "client" / "mancala_client" / "web" / "index.html").is_file()
    from mancala_server.http import WEB_DIR

    assert WEB_DIR == ROOT / "client" / "mancala_client" / "web"
    from mancala.ai.books import SHIPPED, SUFFIX  # inside the core package: in a wheel too

    assert SHIPPED == ROOT / "shared" / "mancala" / "ai" / "book_files"
    assert len(list(SHIPPED.glob(f"*{SUFFIX}"))) == 2
