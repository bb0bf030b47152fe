"""The C core (`_fastcore`) for the common Mancala variants, or None.

Placeholder while the C core is rebuilt on the new pipeline: no variant is
played in C yet.
"""

from __future__ import annotations

import os
from typing import Any

from mancala.rules.variant import Variant


def c_core_enabled() -> bool:
    """MANCALA_C_CORE=0 switches the C core off (the pure-Python engine plays)."""
    return os.environ.get("MANCALA_C_CORE", "1") != "0"


def why_not_fast(variant: Variant) -> list[str]:
    return ["the C core is being rebuilt"]


def make_fast(variant: Variant) -> Any:
    return None


def params(variant: Variant) -> dict[str, Any]:
    """The C core's parameter dict; none while it is rebuilt (why_not_fast refuses all)."""
    raise ValueError("the C core is being rebuilt: " + "; ".join(why_not_fast(variant)))
