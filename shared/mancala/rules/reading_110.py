"""Reading a variant written for the reference's 1.10 rules, and keeping 1.10 names out
of 1.8 variants.

The model keeps the 1.8 parameters where 1.10 only renamed or widened them: a 1.10
`crosscapt` ONE_ZEROS is the 1.8 flag, `capt_dir` SOW is `capsamedir`, `sow_stores`
OWN is `sow_own_store`, `mlap_cont` VISIT_OPP is `visit_opp`. Everything else that 1.10
added is refused here by parameter and value until the engine plays it, so that no
1.10 variant is ever played by a rule it does not follow.
"""

from __future__ import annotations

from typing import Any

from mancala.rules.errors import Violation

# 1.8 parameters that 1.10 replaced, and the 1.10 parameter that replaced each
REPLACED_IN_110 = {
    "capsamedir": "capt_dir",
    "sow_own_store": "sow_stores",
    "visit_opp": "mlap_cont",
}

# model fields that only the reading of a 1.10 value sets; no variant names them
READ_ONLY = {"sow_opp_store": "sow_stores BOTH (rules_version 1.10)",
             "xcapt_holes": "crosscapt ANY or ONE_ANY (rules_version 1.10)",
             "capt_both_dirs": "capt_dir BOTH (rules_version 1.10)",
             "opp_store_no_repeat": "sow_stores BOTH_NR_OPP (rules_version 1.10)"}


def _read_only(info: dict[str, Any]) -> list[Violation]:
    return [Violation((key,), "unknown_param", f"is not a parameter: write {READ_ONLY[key]}")
            for key in info if key in READ_ONLY]


# parameters only 1.10 has (those kept in the model and those read into 1.8 fields)
ONLY_IN_110 = ("quitter", "end_cond", "end_param", "play_locs", "capt_dir", "sow_stores", "mlap_cont", "mlap_param")

# 1.8 values that 1.10 no longer has: each split into new rules or moved to a parameter
GONE_IN_110: dict[str, dict[str, str]] = {
    "sow_rule": {
        "OWN_SOW_CAPT_ALL": "ENPAS_ALL_OWNER_SOW or ENPAS_ALL_OWNER_OWN",
        "SOW_CAPT_ALL": "ENPAS_ALL_SOWER or ENPAS_SOW_SOWER",
        "OPP_GETS_OWN_LAST": "LAP_CAPT_OPP_GETS",
        "CONT_LAP_ON": "mlap_cont ON_PARAM with mlap_param",
    },
    "pickextra": {"PICKTWOS": "PICKOPPBASIC"},
    "goal": {"RND_WIN_COUNT": "RND_WIN_COUNT_MAX"},
    "child_type": {"RESERVED": "another child type"},
}

# 1.10 values that are a 1.8 value under a new name
RENAMED_IN_110: dict[str, dict[str, str]] = {
    "goal": {"RND_WIN_COUNT_MAX": "RND_WIN_COUNT"},
    "sow_rule": {"LAP_CAPT_OPP_GETS": "OPP_GETS_OWN_LAST"},
}

# 1.10 values with a 1.8 equivalent, read into the 1.8 parameters: value -> settings
READ_AS_18: dict[str, dict[str, dict[str, Any]]] = {
    "crosscapt": {"NONE": {}, "ONE_ZEROS": {"crosscapt": True},
                  "ONE_ANY": {"crosscapt": True, "xcapt_holes": "ONE_ANY"},
                  "ANY": {"crosscapt": True, "xcapt_holes": "ANY"}},
    "capt_dir": {"OPP_SOW": {}, "SOW": {"capsamedir": True}, "BOTH": {"capt_both_dirs": True}},
    "sow_stores": {"NEITHER": {}, "OWN": {"sow_own_store": True},
                   "BOTH": {"sow_own_store": True, "sow_opp_store": True},
                   "BOTH_NR_OPP": {"sow_own_store": True, "sow_opp_store": True, "opp_store_no_repeat": True}},
    "mlap_cont": {"NONE": {}, "VISIT_OPP": {"visit_opp": True}, "ON_PARAM": {}},  # ON_PARAM: _read_mlap_param
}

# 1.10 values with no 1.8 equivalent that the model keeps under the 1.10 parameter
KEPT_AS_110: dict[str, frozenset[str]] = {
    "mlap_cont": frozenset({"GREQ_PARAM", "OWN_SIDE", "OPP_SIDE", "STOP_STORE"}),
}

# 1.10 game classes that are a 1.8 class under a new name: the two Gratuitous classes
# are 1.8's SameSide and Ohojichi (seeds taken on one's own side are placed in an
# opponent's hole), with 1.10's checks (class_constraints reads the version)
CLASSES_RENAMED_IN_110 = {"NSGratuitous": "SameSide", "EWGratuitous": "Ohojichi"}

# 1.10 values the engine plays, which a 1.8 variant may not ask for
PLAYED_ONLY_IN_110: dict[str, frozenset[str]] = {
    "game_class": frozenset({*CLASSES_RENAMED_IN_110, "ZigZag", "ShareOne"}),
    "goal": frozenset({"IMMOBILIZE", "RND_WIN_COUNT_CLR", "RND_WIN_COUNT_DEP", "RND_WIN_COUNT_IMB"}),
    "sow_direct": frozenset({"EVEN_ODD_DIR", "TOCENTER"}),
    "pickextra": frozenset({"PICKOPPBASIC", "PICKCROSSMULT"}),
    "start_pattern": frozenset({"MOVE_RIGHTMOST", "NO_REPEAT_SOW_OWN", "AZIGO", "RANDOM_ZEROS"}),
    "prescribed": frozenset({"NO_UDIR_FIRSTS"}),
    "allow_rule": frozenset({"OCCUPIED", "RIGHT_HALF_FIRSTS", "RIGHT_HALF_1ST_OPE"}),
    "capt_type": frozenset({"SINGLETONS", "CAPT_OPP_1CCW", "PASS_STORE_CAPT", "PULL_ACROSS",
                            "END_OPP_STORE_CAPT"}),
    # the en-passant rules split the 1.8 capture-while-sowing rules by whose holes count
    # and who takes them, and leave the last hole to the capturer whatever the laps
    "grandslam": frozenset({"LEGAL_SHARE"}),
    "round_fill": frozenset({"TERR_EX_RANDOM", "TERR_EX_LOSER", "TERR_EX_EMPTY", "LOSER_ONLY",
                             "SHORTEN_ALL"}),
    "sow_rule": frozenset({"ENPAS_ALL_OWNER_SOW", "ENPAS_ALL_OWNER_OWN", "ENPAS_ALL_SOWER",
                           "ENPAS_SOW_SOWER", "ENPAS_OPP_SOWER", "LAP_CAPT_SEEDS",
                           "OPP_CHILD_ONLY1"}),
    "child_locs": frozenset({"FIXED_ONE_RIGHT"}),
    "child_type": frozenset({"RAM"}),
}

# 1.10 rules the engine does not play yet, by parameter (game_class is a section)
NOT_PLAYED_YET: dict[str, frozenset[str]] = {
    "game_class": frozenset(),
    "sow_stores": frozenset({"OWN_NR", "BOTH_NR", "BOTH_NR_OWN"}),
    # NOT_FROM_STORE differs from STOP_STORE only when LAPPER_NEXT would go on from a
    # store, which needs sowing into stores that this engine does not do yet
    "mlap_cont": frozenset({"NOT_FROM_STORE"}),
    "play_locs": frozenset({"BRD_OWN_STR_ALL"}),
    "sow_rule": frozenset({"NO_CHILDREN"}),
    "capt_type": frozenset({"SANDWICH_CAPT"}),
    "start_pattern": frozenset({"MOVE_RANDOM"}),
}


def _name(value: Any) -> Any:
    return value.strip().upper() if isinstance(value, str) else value


def _not_played(param: str, value: Any) -> Violation:
    return Violation((param,), "not_played_yet",
                     f"{value} is a rule of the reference's 1.10 release that this engine does not play yet")


def refuse_110_in_18(game_class: Any, info: dict[str, Any]) -> list[Violation]:
    """A 1.8 variant naming 1.10 parameters or values: each named, with the fix."""
    problems = _read_only(info) + [
        Violation((key,), "needs_rules_version", "is a parameter of the 1.10 rules: set rules_version to 1.10")
        for key in info
        if key in ONLY_IN_110
    ]
    values = [("game_class", game_class)] + [(k, v) for k, v in info.items() if k not in ONLY_IN_110]
    for key, value in values:
        news = (NOT_PLAYED_YET.get(key, frozenset()) | PLAYED_ONLY_IN_110.get(key, frozenset())
                | set(RENAMED_IN_110.get(key, {})))
        if key != "crosscapt" and isinstance(value, str) and (value if key == "game_class" else _name(value)) in news:
            problems.append(Violation((key,), "needs_rules_version",
                                      f"{value} is a value of the 1.10 rules: set rules_version to 1.10"))
    if isinstance(info.get("crosscapt"), str):
        problems.append(Violation(("crosscapt",), "needs_rules_version",
                                  "is true or false in the 1.8 rules; its enum form needs rules_version 1.10"))
    return problems


def read_110(game_class: Any, info: dict[str, Any]) -> tuple[dict[str, Any], list[Violation]]:
    """game_info of a 1.10 variant in the model's terms, and what cannot be played."""
    problems = _read_only(info)
    if isinstance(game_class, str) and game_class in NOT_PLAYED_YET["game_class"]:
        problems.append(_not_played("game_class", game_class))
    out: dict[str, Any] = {}
    for key, value in info.items():
        if key in READ_ONLY:
            continue
        if key in REPLACED_IN_110:
            problems.append(Violation((key,), "replaced_in_1_10",
                                      f"is a 1.8 parameter; the 1.10 rules name it {REPLACED_IN_110[key]}"))
            continue
        name = _name(value)
        if key == "crosscapt" and isinstance(value, bool):
            problems.append(Violation((key,), "bad_value", "is an enum in the 1.10 rules: NONE, ONE_ZEROS, ANY "
                                                           "or ONE_ANY"))
            continue
        if isinstance(name, str) and name in NOT_PLAYED_YET.get(key, frozenset()):
            problems.append(_not_played(key, value))
            continue
        if isinstance(name, str) and name in GONE_IN_110.get(key, {}):
            problems.append(Violation((key,), "replaced_in_1_10",
                                      f"{value} is a 1.8 value; the 1.10 rules have {GONE_IN_110[key][name]}"))
            continue
        if key in READ_AS_18:
            # a list or an object has no name to look up: a bad value like any unknown name
            if isinstance(name, str) and name in KEPT_AS_110.get(key, frozenset()):
                out[key] = value
            elif isinstance(name, str) and name in READ_AS_18[key]:
                out.update(READ_AS_18[key][name])
            else:
                problems.append(Violation((key,), "bad_value",
                                          f"bad value {value!r}: one of "
                                          f"{', '.join([*READ_AS_18[key], *sorted(KEPT_AS_110.get(key, ()))])}"))
            continue
        if isinstance(name, str) and name in RENAMED_IN_110.get(key, {}):
            value = RENAMED_IN_110[key][name]
        out[key] = value
    _read_mlap_param(info, out, problems)
    if out.get("sow_opp_store") and (_name(info.get("mlaps")) == "LAPPER_NEXT" or game_class not in (None, "Mancala")):
        # a lap going on from the opponent's store, and the classes' own sowing paths
        problems.append(Violation(("sow_stores",), "not_played_yet",
                                  "sow_stores BOTH with LAPPER_NEXT or in a game class other than "
                                  "Mancala is not played by this engine yet"))
    problems += _store_end_steps(info, out)
    problems += _store_moves(game_class, info)
    return out, problems


# what a move from the store is not played with yet: each changes where a sowing starts
# or what it sows, which a store move (sown on from the hole before the first it reaches)
# has not been checked against; parameter -> its value that leaves the sowing plain
_STORE_MOVE_PLAIN = {"skip_start": False, "mlaps": "OFF", "sow_rule": "NONE", "presowcapt": "NONE",
                     "prescribed": "NONE", "sow_stores": "NEITHER", "rounds": "NO_ROUNDS"}


def _store_moves(game_class: Any, info: dict[str, Any]) -> list[Violation]:
    """play_locs BRD_OWN_STR_CHS is played in the Mancala and NorthSouthCycle classes
    with a plain sowing; AZIGO's stores are not refilled by rounds yet."""
    problems = []
    if _name(info.get("start_pattern")) == "AZIGO" and _name(info.get("rounds", "NO_ROUNDS")) != "NO_ROUNDS":
        problems.append(Violation(("start_pattern", "rounds"), "not_played_yet",
                                  "start_pattern AZIGO in rounds is not played by this engine yet"))
    if _name(info.get("play_locs")) != "BRD_OWN_STR_CHS":
        return problems
    if game_class not in (None, "Mancala", "NorthSouthCycle"):
        problems.append(Violation(("play_locs", "game_class"), "not_played_yet",
                                  f"play_locs BRD_OWN_STR_CHS in {game_class} is not played by this engine yet"))
    for param, plain in _STORE_MOVE_PLAIN.items():
        if _name(info.get(param, plain)) != plain:
            problems.append(Violation(("play_locs", param), "not_played_yet",
                                      f"play_locs BRD_OWN_STR_CHS with {param} is not played by this engine yet"))
    return problems


# capture steps the engine plays around a capture step, which END_OPP_STORE_CAPT would
# have to pass a sowing that ended in a store: parameter -> its value that adds the
# step, or None for any value but the first of its values that add none
_AROUND_CAPTURE: tuple[tuple[str, tuple[Any, ...], str | None], ...] = (
    ("child_type", ("NOCHILD",), None), ("pickextra", ("NONE",), None),
    ("grandslam", ("LEGAL", "NOT_LEGAL"), None), ("nosinglecapt", (False,), None),
    ("nocaptmoves", (0,), None), ("prescribed", ("NONE",), "ARNGE_LIMIT"),
    ("round_fill", ("NOT_APPLICABLE",), "SHORTEN"))


def _store_end_steps(info: dict[str, Any], out: dict[str, Any]) -> list[Violation]:
    """A sowing that ends in the opponent's store without a repeat turn (BOTH_NR_OPP) is
    played by a plain sowing and a capture step that takes the store: not yet with laps,
    another sower or the capture steps that would see that end."""
    problems = []
    if out.get("opp_store_no_repeat") and (_name(info.get("mlaps", "OFF")) != "OFF"
                                           or _name(info.get("sow_rule", "NONE")) != "NONE"):
        problems.append(Violation(("sow_stores",), "not_played_yet",
                                  "sow_stores BOTH_NR_OPP with mlaps or a sow_rule is not played by "
                                  "this engine yet"))
    if _name(info.get("capt_type")) == "END_OPP_STORE_CAPT":
        for param, plain, adds in _AROUND_CAPTURE:
            value = _name(info.get(param, plain[0]))
            if value == adds if adds else value not in plain:
                problems.append(Violation(("capt_type", param), "not_played_yet",
                                          f"capt_type END_OPP_STORE_CAPT with {param} is not played by "
                                          "this engine yet"))
    return problems


def _read_mlap_param(info: dict[str, Any], out: dict[str, Any], problems: list[Violation]) -> None:
    """mlap_cont ON_PARAM is the 1.8 sow_rule CONT_LAP_ON, its hole count then in
    sow_param; GREQ_PARAM keeps its count in mlap_param; mlap_param means nothing
    without a mlap_cont that reads it."""
    cont = _name(info.get("mlap_cont", "NONE"))
    if cont == "GREQ_PARAM":
        return
    param = out.pop("mlap_param", 0)
    if cont == "ON_PARAM":
        if _name(out.get("sow_rule", "NONE")) != "NONE" or out.get("sow_param", 0) != 0:
            problems.append(Violation(("mlap_cont", "sow_rule"), "not_played_yet",
                                      "mlap_cont ON_PARAM with a sow_rule is not played by this engine yet"))
        else:
            out.update(sow_rule="CONT_LAP_ON", sow_param=param)
    elif param != 0:
        problems.append(Violation(("mlap_param",), "unused_param",
                                  "is read only by mlap_cont ON_PARAM or GREQ_PARAM"))
