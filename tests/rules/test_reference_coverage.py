"""The parameter reference is covered: every parameter and every enumerated value it
describes is accepted by validation in some valid variant and exercised by a test.

The reference (/work/shared/seeds/game_param_descs.txt, or $MANCALA_PARAM_DESCS) is
parsed here, so this test cannot drift from it: a parameter or value added to the
reference and missing from the engine makes it fail.

(a) Accepted: a variant file in configs/ that plays (loads with no "not supported yet")
    with that value — a file that leaves a parameter out has its default — or, where no
    file has it, the variant built by CONTEXT below; it must load, build a Game and have
    legal moves at the start.
(b) Exercised: a variant file with the value that has a scripted game
    (tests/variants/test_scripted_games.py plays every playable file), or a line of a
    test under tests/ naming both the parameter and the value (the parameter alone for
    parameters without enumerated values), or an entry of EXPLICIT naming a test
    function that exists and mentions the value.

Run with `-s` to see the evidence for every value.
"""

from __future__ import annotations

import ast
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mancala.engine import Game
from mancala.rules.errors import NotSupportedYet, VariantError
from mancala.rules.loading import load_variant, parse_variant, read_json

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = Path(os.environ.get("MANCALA_PARAM_DESCS", "/work/shared/seeds/game_param_descs.txt"))
CONFIGS = ROOT / "configs"
TESTS = ROOT / "tests"
THIS = Path(__file__).resolve()

# Values the engine still refuses. Keep this list as short as the truth allows: the test
# fails when a listed value plays (then remove it here) and prints the list every run.
STILL_REFUSED: dict[tuple[str, str], str] = {
    # empty: every value of the reference plays (BearOff, Diffusion and DiffusionV2, the
    # last ones refused, play since the game-class work landed)
}
# Values the reference itself marks as not to be used: rejected by validation on purpose.
NOT_FOR_USE: dict[tuple[str, str], str] = {
    ("child_type", "RESERVED"): "the reference: 'RESERVED: unused value' (constraint child_type_reserved)",
}

# Where each parameter lives in a variant file (game_info otherwise).
TOP = {"game_class"}
CONSTANTS = {"holes", "nbr_start"}
PLAYER = {"algorithm", "difficulty", "ai_active"}
AI_PARAMS = {"mm_depth", "mcts_bias", "mcts_nodes", "mcts_pouts"}
SCORER = {"stores_m", "access_m", "seeds_m", "empties_m", "child_cnt_m", "evens_m", "easy_rand",
          "repeat_turn"}

BASE: dict[str, Any] = {"stores": True, "sow_own_store": True}
TERR = {"goal": "TERRITORY", "stores": True, "goal_param": 8, "rounds": "NO_MOVES"}
ROUNDS = {"rounds": "HALF_SEEDS", "round_fill": "LEFT_FILL"}
# game_info that makes a value valid where no variant file has it ((param, value): extra)
CONTEXT: dict[tuple[str, str], dict[str, Any]] = {
    ("allow_rule", "SINGLE_ALL_TO_ZERO"): {},
    ("capt_side", "OPP_CONT"): {"evens": True, "multicapt": -1},
    ("capt_side", "OWN_CONT"): {"evens": True, "multicapt": -1},
    ("capt_side", "OPP_TERR"): TERR | {"evens": True},
    ("capt_side", "OWN_TERR"): TERR | {"evens": True},
    ("capt_type", "TWO_OUT"): {"capsamedir": True},
    ("child_rule", "OPP_OWNER_ONLY"): TERR | {"child_type": "NORMAL", "child_cvt": 4},
    ("child_rule", "OWN_OWNER_ONLY"): TERR | {"child_type": "NORMAL", "child_cvt": 4},
    ("goal", "TERRITORY"): TERR,
    ("goal", "DEPRIVE"): {"sow_own_store": False},
    ("goal", "CLEAR"): {},
    **{("goal", g): {"rounds": "HALF_SEEDS", "goal_param": 3}
       for g in ("RND_WIN_COUNT", "RND_SEED_COUNT", "RND_EXTRA_SEEDS", "RND_POINTS")},
    ("round_fill", "UCHOOSE"): ROUNDS | {"blocks": True},
    ("round_fill", "UCHOWN"): TERR,
    ("rounds", "END_S_SEEDS"): ROUNDS, ("rounds", "END_2S_SEEDS"): ROUNDS,
    ("rounds", "NO_MOVES"): ROUNDS, ("rounds", "HALF_SEEDS"): ROUNDS,
    **{("round_fill", f): {"rounds": "HALF_SEEDS"}
       for f in ("LEFT_FILL", "RIGHT_FILL", "OUTSIDE_FILL", "EVEN_FILL", "SHORTEN", "UMOVE")},
    ("round_starter", "LOSER"): ROUNDS, ("round_starter", "WINNER"): ROUNDS,
    ("round_starter", "LAST_MOVER"): ROUNDS,
    ("sow_rule", "SOW_BLKD_DIV"): {"goal": "DEPRIVE", "sow_param": 4, "sow_own_store": False},
    ("sow_rule", "SOW_BLKD_DIV_NR"): {"goal": "DEPRIVE", "sow_param": 4, "sow_own_store": False},
    ("sow_rule", "OWN_SOW_CAPT_ALL"): {"evens": True},
    ("sow_rule", "SOW_CAPT_ALL"): {"evens": True},
    ("sow_rule", "NO_SOW_OPP_NS"): {"sow_param": 2},
    ("sow_rule", "CHANGE_DIR_LAP"): {"mlaps": "LAPPER"},
    ("sow_rule", "MAX_SOW"): {"sow_param": 8},
    ("sow_rule", "LAP_CAPT"): {"mlaps": "LAPPER", "evens": True},
    ("sow_rule", "OPP_GETS_OWN_LAST"): {"mlaps": "LAPPER", "evens": True, "sow_param": 8},
    ("sow_rule", "CONT_LAP_ON"): {"mlaps": "LAPPER", "sow_param": 4},
    ("sow_rule", "NO_OPP_CHILD"): {"child_type": "NORMAL", "child_cvt": 4},
    ("unclaimed", "UNFED_PLAYER"): {"mustshare": True},
    ("xcpickown", "PICK_ON_CAPT"): {"crosscapt": True},
    ("xcpickown", "ALWAYS_PICK"): {"crosscapt": True},
    ("multicapt", "-1"): {"evens": True}, ("multicapt", "1"): {"evens": True},
    **{("child_type", t): {"child_cvt": 4} for t in ("NORMAL", "ONE_CHILD", "WEG", "BULL", "QUR")},
    **{("child_locs", c): {"child_type": "NORMAL", "child_cvt": 4} for c in (
        "ANYWHERE", "ENDS_ONLY", "NO_ENDS", "INV_ENDS_PLUS_MID", "ENDS_PLUS_ONE_OPP", "NO_OWN_RIGHT",
        "NO_OPP_RIGHT", "NO_OPP_LEFT", "NOT_SYM_OPP", "NOT_FACING", "ENDS_PLUS_ALL_OPP")},
    **{("child_rule", r): {"child_type": "NORMAL", "child_cvt": 4} for r in (
        "OPP_SIDE_ONLY", "OWN_SIDE_ONLY", "OPPS_ONLY_NOT_1ST", "NOT_1ST_OPP")},
    ("game_class", "SameSide"): {"goal": "CLEAR", "stores": False, "sow_own_store": False,
                                 "capt_on": [4], "capt_side": "OWN_SIDE"},
    ("game_class", "Ohojichi"): {"goal": "CLEAR", "stores": False, "sow_own_store": False},
    ("game_class", "EastWestCycle"): {"goal": "CLEAR"},
    ("game_class", "BearOff"): {"goal": "CLEAR", "sow_own_store": False},
    ("game_class", "Diffusion"): {"goal": "CLEAR", "sow_own_store": False},
    ("game_class", "DiffusionV2"): {"goal": "CLEAR", "sow_own_store": False},
}
# A value for parameters without enumerated values, set away from its default.
SAMPLE: dict[str, Any] = {
    "about": "about", "help_file": "mancala_help.html", "name": "Sample",
    "access_m": 1, "ai_active": True, "blocks": True, "capsamedir": True, "capt_max": 3,
    "capt_min": 2, "capt_on": [2, 3], "child_cnt_m": 1, "child_cvt": 4, "crosscapt": True,
    "difficulty": 2, "easy_rand": 5, "empties_m": 1, "evens": True, "evens_m": 1,
    "goal_param": 2, "holes": 5, "mcts_bias": [300, 300, 300, 300],
    "mcts_nodes": [100, 200, 300, 400], "mcts_pouts": [1, 1, 1, 1], "min_move": 2,
    "mm_depth": [1, 2, 3, 4], "move_one": True, "moveunlock": True, "multicapt": -1,
    "mustpass": True, "mustshare": True, "nbr_start": 3, "no_sides": True, "nocaptmoves": 1,
    "nosinglecapt": True, "repeat_turn": 1, "seeds_m": 1, "skip_start": True,
    "sow_own_store": True, "sow_param": 3, "sow_start": True, "stores": True, "stores_m": 1,
    "udir_holes": [0], "visit_opp": True, "xc_sown": True,
}
SAMPLE_CONTEXT: dict[str, dict[str, Any]] = {
    "blocks": {"rounds": "HALF_SEEDS", "round_fill": "LEFT_FILL"},
    "capsamedir": {"evens": True, "multicapt": -1},
    "child_cnt_m": {"child_type": "NORMAL"},
    "child_cvt": {"child_type": "NORMAL"},
    "goal_param": {"rounds": "HALF_SEEDS", "round_fill": "LEFT_FILL"},
    "move_one": {"sow_start": True},
    "multicapt": {"evens": True},
    "repeat_turn": {"sow_own_store": True},
    "sow_param": {"sow_rule": "MAX_SOW"},
    "visit_opp": {"mlaps": "LAPPER"},
    "xc_sown": {"crosscapt": True},
    "access_m": {},
}
# (param, value) -> "tests/path.py::test_function", for values no grep finds.
EXPLICIT: dict[tuple[str, str], str] = {}


# ---- the reference --------------------------------------------------------------------

BULLET = re.compile(r"^- (?:<b[^>]*>)?([A-Za-z][A-Za-z0-9_]*)")
NAMED = re.compile(r"^([a-z][a-z_]*): ")
NUMBER = re.compile(r"^ (-?\d+)\b")


@cache
def reference(path: Path = REFERENCE) -> dict[str, list[str]]:
    """Every parameter of the reference with its enumerated values (empty: none)."""
    params: dict[str, list[str]] = {}
    current: list[str] | None = None
    name = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        head = re.match(r"^<param (\w+)>", line)
        if head:
            name = head.group(1)
            current = params[name] = []
            continue
        if current is None:
            continue
        for pattern in ((NUMBER,) if name == "multicapt" else (BULLET, NAMED)):
            m = pattern.match(line)
            if m:
                current.append(m.group(1))
                break
    return params


def test_the_reference_parses_into_parameters_and_values():
    ref = reference()
    assert len(ref) >= 60, sorted(ref)
    assert ref["allow_rule"][0] == "NONE" and "NOT_XFROM_1S" in ref["allow_rule"]
    assert ref["game_class"] == ["Mancala", "NorthSouthCycle", "EastWestCycle", "BearOff",
                                 "Diffusion", "DiffusionV2", "SameSide", "Ohojichi"]
    assert ref["algorithm"] == ["minimaxer", "negamaxer", "montecarlo_ts"]
    assert ref["multicapt"] == ["0", "-1", "1"]
    assert ref["no_sides"] == [] and ref["holes"] == []


# ---- variants ---------------------------------------------------------------------------


def _place(raw: dict[str, Any], param: str, value: Any) -> None:
    if param in TOP:
        raw[param] = value
    elif param in CONSTANTS:
        raw["game_constants"][param] = value
    elif param in PLAYER:
        raw.setdefault("player", {})[param] = value
    elif param in AI_PARAMS:
        raw.setdefault("player", {}).setdefault("ai_params", {})[param] = value
    elif param in SCORER:
        raw.setdefault("player", {}).setdefault("scorer", {})[param] = value
    else:
        raw["game_info"][param] = value


def _read(raw: dict[str, Any], param: str) -> Any:
    """The value a variant file gives a parameter (None: left to the default)."""
    if param in TOP:
        return raw.get(param)
    if param in CONSTANTS:
        return raw["game_constants"].get(param)
    player = raw.get("player", {})
    if param in PLAYER:
        return player.get(param)
    if param in AI_PARAMS:
        return player.get("ai_params", {}).get(param)
    if param in SCORER:
        return player.get("scorer", {}).get(param)
    return raw.get("game_info", {}).get(param)


def _built(param: str, value: Any, extra: dict[str, Any]) -> dict[str, Any]:
    raw: dict[str, Any] = {"game_constants": {"holes": 6, "nbr_start": 4},
                           "game_info": dict(BASE) | dict(extra)}
    _place(raw, param, value)
    return raw


@cache
def configs() -> dict[str, dict[str, Any]]:
    """The variant files that play, by name."""
    out = {}
    for path in sorted(CONFIGS.glob("*.json")):
        try:
            load_variant(path)
        except VariantError:
            continue
        out[path.stem] = read_json(path)
    return out


@cache
def scripted() -> set[str]:
    """Variant files with a scripted game (keys of SCRIPTS in test_scripted_games.py)."""
    tree = ast.parse((TESTS / "variants" / "test_scripted_games.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if isinstance(target, ast.Name) and target.id == "SCRIPTS":
                return {k.value for k in node.value.keys if isinstance(k, ast.Constant)}  # type: ignore[union-attr]
    return set()


def _matches(param: str, value: str, given: Any, default: Any) -> bool:
    """A file's setting of `param` (None: left out) is `value` of the reference."""
    if given is None:
        return default is not None and str(default).lower() == value.lower()
    if param == "multicapt":
        given = -1 if given is True else 0 if given is False else given
        return str(given) == value or (value == "1" and isinstance(given, int) and given > 0)
    if isinstance(given, str):
        return given.strip().lower() == value.lower()
    return False


def _default(param: str) -> Any:
    from mancala.rules.variant import GameInfo, PlayerInfo, Variant

    if param == "game_class":
        return Variant.model_fields["game_class"].default.value
    if param in GameInfo.model_fields:
        d = GameInfo.model_fields[param].default
        return getattr(d, "value", d)
    if param in PlayerInfo.model_fields:
        d = PlayerInfo.model_fields[param].default
        return getattr(d, "value", d)
    return None


def files_with(param: str, value: str | None) -> list[str]:
    """Playable variant files with that value (value None: setting the parameter)."""
    out = []
    for name, raw in configs().items():
        given = _read(raw, param)
        if value is None:
            if given is not None:
                out.append(name)
        elif _matches(param, value, given, _default(param)):
            out.append(name)
    return out


def plays(raw: dict[str, Any]) -> str | None:
    """None when the variant validates, builds and has legal moves; else why not."""
    try:
        variant = parse_variant(raw)
    except NotSupportedYet as exc:
        return f"not supported yet: {exc}"
    except VariantError as exc:
        return f"invalid: {exc}"
    game = Game(variant)
    if not game.legal_moves(game.start(0, seed=1)):
        return "no legal move at the start"
    return None


def _as_json_value(param: str, value: str) -> Any:
    return int(value) if param == "multicapt" else value


# ---- tests that exercise a value ---------------------------------------------------------


@cache
def _test_modules() -> list[tuple[str, list[str]]]:
    """Test modules (this one excluded) as lines with comments dropped; the engine's and
    the rules' tests first, as the most direct evidence."""
    first = ("engine", "rules", "variants")
    paths = sorted(TESTS.rglob("test_*.py"),
                   key=lambda p: (p.parent.name not in first, first.index(p.parent.name)
                                  if p.parent.name in first else 0, str(p)))
    out = []
    for path in paths:
        if path.resolve() == THIS:
            continue
        lines = [line.split("#", 1)[0] for line in path.read_text(encoding="utf-8").splitlines()]
        out.append((str(path.relative_to(ROOT)), lines))
    return out


def grep_evidence(param: str, value: str | None) -> str | None:
    """file:line where a test module names the value (quoted, or for multicapt as a number
    given to it), in a module that names the parameter; for a parameter without values,
    where a test module names the parameter."""
    pp = re.compile(rf"\b{param}\b")
    if value is None:
        vp = pp
    elif param == "multicapt":
        number = r"[1-9]\d*" if value == "1" else re.escape(value)  # "1 .. holes"
        vp = re.compile(rf"multicapt[\"']?\s*[:=]\s*{number}\b")
    else:
        vp = re.compile(rf"[\"']{re.escape(value)}[\"']", re.IGNORECASE if param == "algorithm" else 0)
    for rel, lines in _test_modules():
        if not any(pp.search(line) for line in lines):
            continue
        for i, line in enumerate(lines, 1):
            if vp.search(line):
                return f"{rel}:{i}"
    return None


def explicit_evidence(param: str, value: str) -> str | None:
    node_id = EXPLICIT.get((param, value))
    if node_id is None:
        return None
    path, func = node_id.split("::")
    source = (ROOT / path).read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name == func:
            body = ast.get_source_segment(source, node) or ""
            assert value in body, f"{node_id} does not mention {value}"
            return node_id
    raise AssertionError(f"EXPLICIT names {node_id}, which does not exist")


def evidence(param: str, value: str | None) -> str | None:
    for name in files_with(param, value):
        if name in scripted():
            return f"configs/{name}.json (scripted game)"
    found = grep_evidence(param, value)
    if found is None and value is not None:
        found = explicit_evidence(param, value)
    return found


# ---- the coverage ----------------------------------------------------------------------------


def accepted(param: str, value: str | None) -> tuple[str | None, str]:
    """(why not accepted or None, where it was shown)."""
    files = files_with(param, value)
    if files:
        return None, f"configs/{files[0]}.json"
    if value is None:
        raw = _built(param, SAMPLE[param], SAMPLE_CONTEXT.get(param, {}))
    else:
        raw = _built(param, _as_json_value(param, value), CONTEXT.get((param, value), {}))
    return plays(raw), json.dumps(raw, sort_keys=True)


def every_value(ref: dict[str, list[str]]) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for param, values in sorted(ref.items()):
        if values:  # a parameter with enumerated values is covered by its values
            out.extend((param, v) for v in values)
        else:
            out.append((param, None))
    return out


def coverage(ref: dict[str, list[str]]) -> tuple[list[str], list[str], list[str]]:
    """(covered, still refused, missing), one line each."""
    refused_yet: list[str] = []
    missing: list[str] = []
    rows: list[str] = []
    for param, value in every_value(ref):
        label = param if value is None else f"{param}={value}"
        if value is not None and (param, value) in NOT_FOR_USE:
            why = plays(_built(param, value, CONTEXT.get((param, value), {})))
            if why is None or not why.startswith("invalid"):
                missing.append(f"{label}: should be rejected ({NOT_FOR_USE[(param, value)]})")
            else:
                rows.append(f"{label:45} rejected on purpose: {NOT_FOR_USE[(param, value)]}")
            continue
        try:
            why, where = accepted(param, value)
        except (KeyError, ValueError) as exc:  # a parameter or value the engine lacks
            missing.append(f"{label}: unknown to the engine ({exc!r})")
            continue
        if value is not None and (param, value) in STILL_REFUSED:
            if why is None:
                missing.append(f"{label}: plays now ({where}): remove it from STILL_REFUSED")
            else:
                refused_yet.append(f"{label}: {STILL_REFUSED[(param, value)]}")
            continue
        if why is not None:
            missing.append(f"{label}: not accepted: {why} ({where})")
            continue
        proof = evidence(param, value)
        if proof is None:
            missing.append(f"{label}: accepted ({where[:60]}) but no test exercises it")
            continue
        rows.append(f"{label:45} accepted: {where[:50]:50} tested: {proof}")
    return rows, refused_yet, missing


def test_every_parameter_and_value_is_accepted_and_exercised(capsys):
    rows, refused_yet, missing = coverage(reference())
    with capsys.disabled():
        print(f"\nreference coverage: {len(rows)} parameters and values covered")
        for row in rows:
            print("  " + row)
        print(f"still refused (allow-list STILL_REFUSED, {len(refused_yet)}):")
        for row in refused_yet:
            print("  " + row)
    assert not missing, "\n".join(missing)


def test_a_value_or_parameter_the_reference_adds_makes_the_coverage_fail(tmp_path):
    text = REFERENCE.read_text(encoding="utf-8")
    text = text.replace("- NOT_XFROM_1S:", "- NOT_FROM_ANYWHERE: a value nobody plays\n\n- NOT_XFROM_1S:")
    text += "\n<param shiny_new_rule>\nA parameter nobody reads.\n"
    doctored = tmp_path / "game_param_descs.txt"
    doctored.write_text(text, encoding="utf-8")
    _, _, missing = coverage(reference(doctored))
    assert [m.split(":")[0] for m in missing] == ["allow_rule=NOT_FROM_ANYWHERE", "shiny_new_rule"]


def test_the_enums_have_exactly_the_references_values():
    from mancala.rules.enums import NamedEnum
    from mancala.rules.variant import GameInfo, PlayerInfo, Variant

    fields = {**GameInfo.model_fields, **PlayerInfo.model_fields,
              "game_class": Variant.model_fields["game_class"]}
    for param, values in reference().items():
        if not values or param == "multicapt":
            continue
        enum = type(fields[param].default)
        assert issubclass(enum, NamedEnum) or enum.__name__ == "Algorithm", param
        assert [m.value for m in enum] == values, param


@pytest.mark.parametrize("param", sorted(reference()))
def test_every_parameter_of_the_reference_is_a_field_of_the_variant_model(param):
    from mancala.rules.variant import AiParams, GameConstants, GameInfo, PlayerInfo, Scorer, Variant

    known = (set(GameInfo.model_fields) | set(PlayerInfo.model_fields) | set(AiParams.model_fields)
             | set(Scorer.model_fields) | set(GameConstants.model_fields) | set(Variant.model_fields))
    assert param in known


def test_every_parameter_has_a_section_in_docs_rules_md():
    """docs/rules.md says how the engine reads each parameter: a `## name` heading, or a
    heading listing several names separated by commas."""
    named: set[str] = set()
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            named.update(part.strip().split(" ")[0] for part in line[3:].split(","))
    assert sorted(set(reference()) - named) == []
