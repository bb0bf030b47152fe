"""Older parameter names and values (game_params_ui_table.tsv) mapped to the reference's.

Each alias is rewritten once, when a variant is read; the model never sees the
old spelling. A conflict (an old name and the new name it maps to both given,
whatever their values) is an error naming both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mancala.rules.errors import Violation

Rewrite = Callable[[Any], dict[str, Any]]


@dataclass(frozen=True)
class Alias:
    """An old game_info name: the new parameter it sets and how."""

    target: str
    rewrite: Rewrite
    flag: bool = False  # the old parameter was a boolean checkbox


def _flag_to(param: str, true_value: Any) -> Alias:
    def rewrite(value: Any) -> dict[str, Any]:
        return {param: true_value} if value else {}

    return Alias(param, rewrite, flag=True)


def _bools_to_counts(param: str, offset: int) -> Rewrite:
    """Old list[bool] checkbox forms: index i set means count i + offset."""

    def rewrite(value: Any) -> dict[str, Any]:
        if isinstance(value, list) and value and all(isinstance(v, bool) for v in value):
            return {param: [i + offset for i, v in enumerate(value) if v]}
        return {param: value}

    return rewrite


GAME_INFO_ALIASES: dict[str, Alias] = {
    "oppsidecapt": _flag_to("capt_side", "OPP_SIDE"),
    "capttwoout": _flag_to("capt_type", "TWO_OUT"),
    "capt_next": _flag_to("capt_type", "NEXT"),
    "nocaptfirst": _flag_to("nocaptmoves", 1),
    "gparam_one": Alias("goal_param", lambda v: {"goal_param": v}),
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

# old values that also fix a parameter the new value leaves open:
# NO_SOW_OPP_2S is NO_SOW_OPP_NS with sow_param 2
IMPLIED_BY_VALUE: dict[tuple[str, str], tuple[str, Any]] = {
    ("sow_rule", "NO_SOW_OPP_2S"): ("sow_param", 2),
}

# parameters the reference derives itself: never in a file
DERIVED = {"mlength", "udirect", "nbr_holes"}

# old capture-on and udir checkbox lists
LIST_FORMS: dict[str, Rewrite] = {
    "capt_on": _bools_to_counts("capt_on", 0),
    "udir_holes": _bools_to_counts("udir_holes", 0),
}


def _conflict(old: str, new: str) -> Violation:
    return Violation((old, new), "alias_conflict", f"old name {old} and {new} both set")


def rewrite_game_info(raw: dict[str, Any]) -> tuple[dict[str, Any], list[Violation]]:
    """Return game_info with old names and values replaced, and any conflicts."""
    out: dict[str, Any] = {}
    problems: list[Violation] = []
    claimed: dict[str, str] = {}  # new name -> the old name that set it
    for key, value in raw.items():
        if key in DERIVED:
            problems.append(
                Violation((key,), "derived_param", "is derived by the engine; leave it out of variant files")
            )
            continue
        alias = GAME_INFO_ALIASES.get(key)
        if alias is not None:
            if alias.flag and not isinstance(value, bool):
                problems.append(Violation((key,), "bool_type", f"old flag {key} must be true or false"))
                continue
            if alias.target in raw:
                problems.append(_conflict(key, alias.target))
                continue
            for new_key, new_value in alias.rewrite(value).items():
                if new_key in out:
                    # two old names for one new parameter, both set
                    problems.append(
                        Violation((claimed[new_key], key, new_key), "alias_conflict",
                                  f"old names {claimed[new_key]} and {key} both set {new_key}")
                    )
                else:
                    out[new_key] = new_value
                    claimed[new_key] = key
            continue
        if key in LIST_FORMS:
            out.update(LIST_FORMS[key](value))
            continue
        aliases = VALUE_ALIASES.get(key)
        if aliases is not None:
            lookup = value.strip().upper() if isinstance(value, str) else value
            if isinstance(lookup, bool | str) and lookup in aliases:
                implied = IMPLIED_BY_VALUE.get((key, lookup)) if isinstance(lookup, str) else None
                if implied is not None:
                    param, implied_value = implied
                    if param not in raw:
                        out[param] = implied_value
                    elif raw[param] != implied_value:
                        problems.append(
                            Violation((key, param), "alias_conflict",
                                      f"old value {key} {lookup} means {param} {implied_value}, "
                                      f"not {raw[param]!r}")
                        )
                value = aliases[lookup]
        out[key] = value
    return out, problems
