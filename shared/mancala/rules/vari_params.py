"""Variant settings: the parameters a variant file lets its players adjust, and the
settled variant a room plays once they are chosen.

A file's `vari_params` section (the reference's, release 1.10) offers parameters: each
by `"include"` (or `"all"`: the same), any value the parameter can take, or by a list of
the values allowed (numbers, or enum names as the file writes them). What "any value"
is, by the parameter's kind:

- a flag: true or false;
- an enumerated parameter: any of its names;
- a number: a whole number in `NUMBER_RANGES` (wider where the file's own value is);
- `capt_on`: any set of the counts 1..6 (or up to the file's own highest);
- `udir_holes`: any set of the holes 0..holes-1.

A variant object's `settings` section, {parameter: value}, is the choice: only offered
parameters, only allowed values, and the settled variant must pass every named rule any
variant must (mancala.rules.constraints). `parse_variant` applies it before reading the
file, so a stored game's definition (its file plus its settings) replays as it was
played. An invalid choice raises `SettingsError`, naming the parameter and the rule.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, fields
from enum import Enum
from functools import cache
from typing import Any, Literal, get_type_hints

from mancala.rules.errors import VariantError, Violation
from mancala.rules.vari_section import MAX_OFFERED, MAX_WORD, VariParams

# "any value" of a number parameter: (lowest, highest); the file's own value is always allowed
NUMBER_RANGES: dict[str, tuple[int, int]] = {
    "holes": (2, 15), "nbr_start": (1, 24), "min_move": (1, 9), "multicapt": (-1, 99),
}
NUMBER_RANGE = (0, 99)  # every other number parameter
CAPT_ON_MOST = 6  # capt_on "any": the counts 1..6, as the reference's form offers them


PARAMS = tuple(f.name for f in fields(VariParams))

# the words a room's title uses for each parameter
WORDS = {
    "game_class": "board", "holes": "holes", "nbr_start": "seeds a hole", "stores": "stores",
    "start_pattern": "start", "sow_direct": "sowing", "udir_holes": "either-way holes",
    "sow_start": "sow the start hole", "skip_start": "skip the start hole", "sow_stores": "sow stores",
    "sow_rule": "sow rule", "mlaps": "laps", "mlap_cont": "lap on", "prescribed": "opening",
    "capt_on": "captures on", "capt_max": "capture at most", "capt_dir": "capture direction",
    "capt_side": "capture side", "capt_type": "capture", "capt_rturn": "again after a capture",
    "multicapt": "captures a move", "nosinglecapt": "no single captures", "nocaptmoves": "moves without capture",
    "xcpickown": "own seed on cross capture", "grandslam": "grand slam", "pickextra": "take more",
    "child_type": "children", "child_locs": "child holes", "child_rule": "child rule", "min_move": "least move",
    "mustshare": "must share", "mustpass": "must pass", "allow_rule": "move rule", "play_locs": "play from",
    "goal": "goal", "goal_param": "goal number", "end_cond": "end", "end_param": "end number",
    "rounds": "rounds", "round_starter": "round starter", "round_fill": "round fill",
}
BOOLS = frozenset({"stores", "sow_start", "skip_start", "nosinglecapt", "mustshare", "mustpass"})
NUMBERS = frozenset({"holes", "nbr_start", "capt_max", "multicapt", "nocaptmoves", "min_move",
                     "goal_param", "end_param"})
SETS = frozenset({"capt_on", "udir_holes"})
CONSTANTS = frozenset({"holes", "nbr_start"})  # in section game_constants; game_class is top-level
# 1.10 enumerated parameters the model reads into 1.8 fields: their names and defaults
ENUMS_110 = {"capt_dir": ("OPP_SOW", "SOW", "BOTH"), "sow_stores": ("NEITHER", "OWN", "BOTH")}


class SettingsError(VariantError):
    """A choice of settings that cannot be played: each violation names the parameter
    and the rule (its own, or the named cross-parameter rule the settled variant breaks)."""

    def __reduce__(self) -> tuple[type[SettingsError], tuple[list[Violation]]]:
        return (SettingsError, (self.violations,))


@dataclass(frozen=True)
class Choice:
    """What a player may choose for one offered parameter. kind: "bool", "choice" (one of
    `values`), "number" (lo..hi) or "set" (any set of `values`); `default`: the file's."""

    param: str
    kind: Literal["bool", "choice", "number", "set"]
    default: Any
    values: tuple[Any, ...] = ()
    lo: int = 0
    hi: int = 0

    def allows(self, value: Any) -> Any:
        """The value in canonical form, or raise ValueError saying why not."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError("must be true or false")
        elif self.kind == "number":
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError("must be a whole number")
            if not self.lo <= value <= self.hi:
                raise ValueError(f"must be {self.lo}..{self.hi}")
        elif self.kind == "set":
            if not isinstance(value, list) or len(value) > MAX_OFFERED \
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise ValueError("must be a list of whole numbers")
            if not set(value) <= set(self.values):
                raise ValueError(f"may hold only {', '.join(map(str, self.values))}")
            return sorted(set(value))
        else:
            if isinstance(value, str) and len(value) <= MAX_WORD:
                value = value.strip().upper() if self.param != "game_class" else _class_name(value)
            if isinstance(value, bool) or value not in self.values:
                raise ValueError(f"must be one of {', '.join(map(str, self.values))}")
        if self.kind == "bool" and value not in self.values:
            raise ValueError(f"must be {self.values[0]}")
        return value

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"param": self.param, "label": WORDS[self.param], "kind": self.kind,
                               "default": self.default}
        if self.kind == "number":
            out.update(min=self.lo, max=self.hi)
        else:
            out["values"] = list(self.values)
        return out


def _class_name(text: str) -> str:
    from mancala.rules.enums import GameClass

    try:
        return GameClass(text).value
    except ValueError:
        return text


@cache
def _enum_names(param: str) -> tuple[str, ...]:
    if param in ENUMS_110:
        return ENUMS_110[param]
    from mancala.rules.variant import GameInfo

    kind = get_type_hints(GameInfo)[param]
    return tuple(m.value for m in kind) if isinstance(kind, type) and issubclass(kind, Enum) else ()


def _default(param: str) -> Any:
    if param in ENUMS_110:
        return ENUMS_110[param][0]
    if param == "game_class":
        return "Mancala"
    from mancala.rules.variant import GAME_INFO_DEFAULTS

    value = GAME_INFO_DEFAULTS[param]
    return list(value) if isinstance(value, tuple) else value


def base_value(raw: dict[str, Any], param: str) -> Any:
    """The parameter's value in a variant file (its default when the file leaves it out)."""
    if param == "game_class":
        return _class_name(raw.get("game_class", "Mancala"))
    section = raw.get("game_constants" if param in CONSTANTS else "game_info") or {}
    value = section.get(param, _default(param) if param not in CONSTANTS else 0)
    if param in SETS and isinstance(value, list):
        return sorted(set(value))
    return value.strip().upper() if isinstance(value, str) and param not in ("game_class",) else value


def choice(raw: dict[str, Any], param: str, offer: Any) -> Choice:
    """What may be chosen for `param`, offered as `offer` by the variant file `raw`."""
    base = base_value(raw, param)
    listed = list(offer) if isinstance(offer, list | tuple) else None
    if param in BOOLS:
        return Choice(param, "bool", base, tuple(sorted({*(listed or (False, True)), base})))
    if param in NUMBERS:
        if listed is not None:
            return Choice(param, "choice", base, tuple(sorted({*listed, base})))
        lo, hi = NUMBER_RANGES.get(param, NUMBER_RANGE)
        return Choice(param, "number", base, lo=min(lo, base), hi=max(hi, base))
    if param == "capt_on":
        top = max([CAPT_ON_MOST, *base])
        return Choice(param, "set", base, tuple(sorted({*(listed or range(1, top + 1)), *base})))
    if param == "udir_holes":
        holes = int(base_value(raw, "holes"))
        return Choice(param, "set", base, tuple(listed or range(holes)))
    if param == "game_class":
        from mancala.rules.enums import GameClass

        names = [_class_name(str(v)) for v in listed] if listed else [m.value for m in GameClass]
        return Choice(param, "choice", base, tuple(dict.fromkeys([*names, base])))
    names = [str(v).upper() for v in listed] if listed else list(_enum_names(param))
    refused = _not_playable(raw, param)
    return Choice(param, "choice", base, tuple(dict.fromkeys([*(n for n in names if n not in refused), base])))


def _not_playable(raw: dict[str, Any], param: str) -> set[str]:
    """Names the rules version of `raw` refuses for `param` whatever else is set: not
    played yet, or of the other release (mancala.rules.reading_110); not offered."""
    from mancala.rules import reading_110 as r

    out = set(r.NOT_PLAYED_YET.get(param, ()))
    if raw.get("rules_version") == "1.10":
        return out | set(r.GONE_IN_110.get(param, {}))
    return out | set(r.PLAYED_ONLY_IN_110.get(param, ()))


def offered(raw: dict[str, Any]) -> dict[str, Any]:
    """The `vari_params` of a variant object: {param: offer}, only well-formed ones."""
    section = raw.get("vari_params")
    if not isinstance(section, dict):
        return {}
    return {k: v for k, v in section.items() if k in PARAMS}


def choices(raw: dict[str, Any]) -> list[Choice]:
    """Every offered parameter's choice that has one, in the file's order."""
    every = [choice(raw, param, offer) for param, offer in offered(raw).items()]
    # one value left (the others not played): nothing to choose
    return [c for c in every if c.kind in ("number", "set") or len(c.values) > 1]


def canonical(raw: dict[str, Any], settings: Any) -> dict[str, Any]:
    """The settings checked one by one against what `raw` offers, in canonical form, less
    those equal to the file's own value, keys sorted. Raises SettingsError (bounded:
    too many keys are refused before any is looked at)."""
    if not isinstance(settings, dict):
        raise SettingsError([Violation(("settings",), "type", "settings must be an object {parameter: value}")])
    offers = offered(raw)
    if len(settings) > len(offers):
        raise SettingsError([Violation(("settings",), "too_many", f"{len(settings)} settings; this variant offers "
                                       f"{len(offers)} ({', '.join(offers) or 'none'})")])
    problems: list[Violation] = []
    out: dict[str, Any] = {}
    for key, value in settings.items():
        name = key[:MAX_WORD] if isinstance(key, str) else repr(key)[:MAX_WORD]
        if key not in offers:
            problems.append(Violation((name,), "not_offered", "is not a setting of this variant "
                                      f"(it offers {', '.join(offers) or 'none'})"))
            continue
        pick = choice(raw, key, offers[key])
        try:
            value = pick.allows(value)
        except ValueError as err:
            problems.append(Violation((key,), "not_allowed", f"{_shown(value)} is not allowed: {err}"))
            continue
        if value != pick.default:
            out[key] = value
    if problems:
        raise SettingsError(problems)
    return dict(sorted(out.items()))


def _shown(value: Any) -> str:
    small = isinstance(value, bool | int | str | None) or (isinstance(value, list) and len(value) <= 8)
    text = json.dumps(value) if small else type(value).__name__
    return text if len(text) <= MAX_WORD else text[:MAX_WORD] + "..."


def apply_settings(raw: dict[str, Any]) -> dict[str, Any]:
    """The variant object `raw` (with a `settings` section) as the settled variant: the
    chosen values in their sections, without `settings`. Raises SettingsError."""
    settled = {k: copy.deepcopy(v) for k, v in raw.items() if k != "settings"}
    chosen = canonical(raw, raw["settings"])
    for param, value in chosen.items():
        if param == "game_class":
            settled["game_class"] = value
            continue
        section = "game_constants" if param in CONSTANTS else "game_info"
        if not isinstance(settled.get(section), dict):
            settled[section] = {}
        settled[section][param] = value
    if "holes" in chosen and "udir_holes" not in chosen:
        _resize_udir(settled, base_value(raw, "holes"), chosen["holes"])
    return settled


def _resize_udir(settled: dict[str, Any], before: int, holes: int) -> None:
    """A board of another size keeps its either-way holes as the reference does: every
    hole when every hole was, else the middle one."""
    info = settled.get("game_info")
    udir = info.get("udir_holes") if isinstance(info, dict) else None
    if isinstance(info, dict) and isinstance(udir, list) and udir:
        info["udir_holes"] = list(range(holes)) if len(udir) == before else [holes // 2]


def settled_id(stem: str, settings: dict[str, Any]) -> str:
    """A settled variant's id (its ratings' ladder): the file's stem, and for settings
    other than the file's own a digest of their canonical JSON (`oware__s1a2b3c4d5e`)."""
    if not settings:
        return stem
    text = json.dumps(settings, sort_keys=True, separators=(",", ":"))
    return f"{stem}__s{hashlib.blake2b(text.encode(), digest_size=5).hexdigest()}"


def file_id(variant_id: str) -> str:
    """The file a (settled) variant id was made from: `oware__s1a2b3c4d5e` -> `oware`."""
    stem, sep, digest = variant_id.rpartition("__s")
    return stem if sep and len(digest) == 10 and all(c in "0123456789abcdef" for c in digest) else variant_id


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value)) if value else "none"
    return str(value).replace("_", " ").lower() if isinstance(value, str) else str(value)


def settled_title(name: str, settings: dict[str, Any]) -> str:
    """A settled variant's title: "Oware · grand slam: legal · must pass: yes"."""
    parts = [f"{WORDS.get(k, k)}: {_word(v)}" for k, v in sorted(settings.items())]
    return " · ".join([name, *parts])
