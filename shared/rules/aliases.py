"""Older parameter names and values (game_params_ui_table.tsv) mapped to the reference's.

Each alias is rewritten once, when a variant is read; the model never sees the
old spelling. A conflict (old and new name both given) is an error naming both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mancala.rules.errors import Violation

Rewrite = Callable[[Any], dict[str, Any]]


def _flag_to(param: str, true_value: Any, false_value: Any | None = None) -> Rewrite:
    def rewrite(value: Any) -> dict[str, Any]:
        if value:
            return {param: true_value}
        return {} if false_value is None else {param: false_value}

    return rewrite


def _bools_to_counts(param: str, offset: int) -> Rewrite:
    """Old list[bool] checkbox forms: index i set means count i + offset."""

    def rewrite(value: Any) -> dict[str, Any]:
        if isinstance(value, list) and value and all(isinstance(v, bool) for v in value):
            return {param: [i + offset for i, v in enumerate(value) if v]}
        return {param: value}

    return rewrite


GAME_INFO_ALIASES: dict[str, Rewrite] = {
    "oppsidecapt": _flag_to("capt_side", "OPP_SIDE"),
    "capttwoout": _flag_to("capt_type", "TWO_OUT"),
    "capt_next": _flag_to("capt_type", "NEXT"),
    "nocaptfirst": _flag_to("nocaptmoves", 1),
    "gparam_one": lambda v: {"goal_param": v},
}

# old values of current parameters
VALUE_ALIASES: dict[str, dict[Any, Any]] = {
    "sow_rule": {"SOW_SOW_CAPT_ALL": "SOW_CAPT_ALL", "NO_SOW_OPP_2S": "NO_SOW_OPP_NS"},
    "child_rule": {"OPP_ONLY": "OPP_SIDE_ONLY"},
    "xcpickown": {"PICK_ON_CAPTURE": "PICK_ON_CAPT"},
    "capt_rturn": {True: "ALWAYS", False: "NO_REPEAT"},
    "multicapt": {True: -1, False: 0},
    "rounds": {True: "HALF_SEEDS", False: "NO_ROUNDS"},
}

# parameters the reference derives itself: never in a file
DERIVED = {"mlength", "udirect", "nbr_holes"}

# old capture-on and udir checkbox lists
LIST_FORMS: dict[str, Rewrite] = {
    "capt_on": _bools_to_counts("capt_on", 0),
    "udir_holes": _bools_to_counts("udir_holes", 0),
}


def rewrite_game_info(raw: dict[str, Any]) -> tuple[dict[str, Any], list[Violation]]:
    """Return game_info with old names and values replaced, and any conflicts."""
    out: dict[str, Any] = {}
    problems: list[Violation] = []
    renamed: dict[str, str] = {}
    for key, value in raw.items():
        if key in DERIVED:
            problems.append(
                Violation((key,), "derived_param", "is derived by the engine; leave it out of variant files")
            )
            continue
        if key in GAME_INFO_ALIASES:
            for new_key, new_value in GAME_INFO_ALIASES[key](value).items():
                if new_key in raw or new_key in out:
                    problems.append(
                        Violation((key, new_key), "alias_conflict", f"old name {key} and {new_key} both set")
                    )
                else:
                    out[new_key] = new_value
                    renamed[new_key] = key
            continue
        if key in LIST_FORMS:
            out.update(LIST_FORMS[key](value))
            continue
        aliases = VALUE_ALIASES.get(key)
        if aliases is not None:
            lookup = value.upper() if isinstance(value, str) else value
            if isinstance(lookup, bool | str) and lookup in aliases:
                value = aliases[lookup]
        out[key] = value
    return out, problems
