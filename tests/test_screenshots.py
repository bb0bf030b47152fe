"""The README's pictures are there: every image README.md shows exists, every picture
benchmarks/screenshots.py makes is shown, and nothing else lies in docs/screenshots (a
picture the script no longer makes would go stale unseen). Cheap: no browser; the
pictures themselves are made by running the script."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
IMAGES = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", README)


def screenshots_script() -> ModuleType:
    return importlib.import_module("benchmarks.screenshots")


def test_every_image_the_readme_shows_exists() -> None:
    assert IMAGES, "README.md shows no image"
    missing = [path for path in IMAGES if not (ROOT / path).is_file()]
    assert not missing, f"README.md shows pictures that are not there: {missing}"


def test_the_readme_shows_what_the_screenshot_script_makes_and_nothing_stale() -> None:
    outputs = set(screenshots_script().OUTPUTS)
    folder = ROOT / "docs" / "screenshots"
    shown = {Path(path).name for path in IMAGES if Path(path).parent == Path("docs/screenshots")}
    assert shown == outputs, f"README.md shows {sorted(shown)}; the script makes {sorted(outputs)}"
    assert {p.name for p in folder.iterdir()} == outputs
    assert "python -m benchmarks.screenshots" in README  # how to make them anew
    total = sum((folder / name).stat().st_size for name in outputs)
    assert total < 600_000, f"the pictures take {total} bytes: keep them small"
