"""Reading variants: from an object, a file path or a name in configs/.

The variant model (pydantic) and the constraint checks are imported by the first
variant validated, not with this module: `config_paths` and `variant_path` serve
commands that never validate one (`mancala variants` with its index up to date).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mancala.rules.errors import VariantError, Violation

if TYPE_CHECKING:
    from pydantic import TypeAdapter, ValidationError

    from mancala.rules.variant import Variant

# `settings` is read first (mancala.rules.vari_params): it names values, not a section
SECTIONS = ("rules_version", "game_class", "game_constants", "game_info", "player", "vari_params")


def _pydantic_violations(err: ValidationError) -> list[Violation]:
    out = []
    for item in err.errors():
        loc = [str(part) for part in item["loc"] if not isinstance(part, int)]
        param = loc[-1] if loc else "variant"
        # a dataclass names an unknown field as an unexpected keyword: the same rule
        kind = "extra_forbidden" if item["type"] == "unexpected_keyword_argument" else item["type"]
        if kind == "extra_forbidden":
            message = "unknown parameter"
        elif kind == "missing":
            message = "is required"
        else:
            message = f"bad value {item.get('input')!r}: {item['msg']}"
        out.append(Violation((param,), kind, message))
    return out


def parse_variant(raw: Any, *, remember: bool = False) -> Variant:
    """Validate a variant object; raise VariantError naming every broken rule.

    `remember`: take the variant from the cache folder when this code validated this
    very object before, and keep it there once validated (mancala.rules.remembered):
    for the command line, which then starts without importing pydantic."""
    if remember:
        from mancala.rules import remembered

        known = remembered.recall(raw)
        if known is not None:
            return known
        variant = parse_variant(raw)
        remembered.remember(raw, variant)
        return variant
    if isinstance(raw, dict) and "settings" in raw:
        return _settled(raw)
    from pydantic import ValidationError

    from mancala.rules.aliases import rewrite_game_info
    from mancala.rules.constraints import check

    if not isinstance(raw, dict):
        raise VariantError([Violation(("variant",), "type", "a variant must be a JSON object")])
    problems = [
        Violation((key,), "unknown_section", f"unknown section (expected one of {', '.join(SECTIONS)})")
        for key in raw
        if key not in SECTIONS
    ]
    data = {k: v for k, v in raw.items() if k in SECTIONS}
    info = data.get("game_info", {})
    if isinstance(info, dict):
        data["game_info"], alias_problems = rewrite_game_info(info)
        problems += alias_problems
        problems += _read_rules_version(data)
    if "game_constants" not in data:
        problems.append(Violation(("game_constants",), "missing", "the section game_constants is required"))
    if problems:
        raise VariantError(problems)
    try:
        # strict, from JSON text: "6" is not a number of holes, 1 is not true; arrays
        # still read as tuples and names as enum members
        variant = _validator().validate_json(json.dumps(data, allow_nan=False), strict=True)
    except (TypeError, ValueError) as err:
        if not isinstance(err, ValidationError):
            raise VariantError([Violation(("variant",), "type", f"not JSON values: {err}")]) from None
        raise VariantError(_pydantic_violations(err)) from None
    broken = check(variant)
    if broken:
        raise VariantError(broken)
    return variant


def _settled(raw: dict[str, Any]) -> Variant:
    """The variant with its `settings` applied: SettingsError, naming the parameter and
    the rule, for a choice not offered or not allowed, and for a settled variant that
    breaks any rule (mancala.rules.vari_params)."""
    from mancala.rules.vari_params import SettingsError, apply_settings

    parse_variant({k: v for k, v in raw.items() if k != "settings"})  # the file itself, first
    settled = apply_settings(raw)
    try:
        return parse_variant(settled)
    except SettingsError:
        raise
    except VariantError as exc:
        raise SettingsError(exc.violations) from None


def _read_rules_version(data: dict[str, Any]) -> list[Violation]:
    """game_info in the model's terms for the rules version the variant names (1.8 when
    it names none); what that version cannot play or does not have."""
    from mancala.rules.reading_110 import CLASSES_RENAMED_IN_110, read_110, refuse_110_in_18

    version = data.get("rules_version", "1.8")
    if version == "1.10":
        klass = data.get("game_class")
        if isinstance(klass, str) and klass in CLASSES_RENAMED_IN_110:
            data["game_class"] = CLASSES_RENAMED_IN_110[klass]
        data["game_info"], problems = read_110(data.get("game_class"), data["game_info"])
        return problems
    if version == "1.8":
        return refuse_110_in_18(data.get("game_class"), data["game_info"])
    return []  # the model refuses any other version by name


@lru_cache(maxsize=1)
def _validator() -> TypeAdapter[Variant]:
    from pydantic import TypeAdapter

    from mancala.rules.variant import Variant

    return TypeAdapter(Variant)


def prepare_validation() -> None:
    """Import and build what validating a variant takes, now: a process that validates
    variants under a time limit (the server's rules workers) pays for it at its start."""
    from mancala.rules import constraints  # noqa: F401

    _validator()


def configs_dir() -> Path:
    """The variant files: inside the package when installed from a wheel, else the
    checkout's configs/ (shared/mancala/rules/ is three folders below it)."""
    shipped = Path(__file__).resolve().parents[1] / "configs"
    return shipped if shipped.is_dir() else Path(__file__).resolve().parents[3] / "configs"


def config_paths() -> dict[str, Path]:
    """Variant files by their stem."""
    return {p.stem: p for p in sorted(configs_dir().glob("*.json"))}


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text.lower()).strip("_")


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise VariantError([Violation(("config",), "json", f"{path.name} is not valid JSON: {err}")]) from None


def load_variant(source: Any, *, remember: bool = False) -> Variant:
    """A variant from an object, a path to a file, or a variant name in configs/
    (`remember`: see parse_variant)."""
    if isinstance(source, dict):
        return parse_variant(source, remember=remember)
    if isinstance(source, str | Path):
        path = Path(source)
        if path.is_file():
            return parse_variant(read_json(path), remember=remember)
        return _named_variant(_slug(str(source)), remember)
    raise VariantError([Violation(("config",), "type", "config must be an object or a path")])


def sized_variant(source: Any, holes: int | None = None, seeds: int | None = None) -> Variant:
    """A variant (object, file or name in configs/) with its holes a side and seeds a
    hole replaced; validated through parse_variant like any variant.

    >>> v = sized_variant("kalah_4", holes=3, seeds=2)
    >>> v.holes, v.nbr_start
    (3, 2)
    """
    if isinstance(source, dict):
        raw = {k: (dict(v) if isinstance(v, dict) else v) for k, v in source.items()}
    elif isinstance(source, str | Path):
        path = Path(source)
        raw = read_json(path if path.is_file() else variant_path(str(source)))
    else:
        raise VariantError([Violation(("config",), "type", "config must be an object or a path")])
    if not isinstance(raw, dict):
        raise VariantError([Violation(("variant",), "type", "a variant must be a JSON object")])
    constants = dict(raw.get("game_constants") or {})
    if holes is not None:
        constants["holes"] = holes
    if seeds is not None:
        constants["nbr_start"] = seeds
    raw["game_constants"] = constants
    return parse_variant(raw)


def variant_path(name: str) -> Path:
    """The file in configs/ for a variant name (its file stem; case and punctuation do
    not matter); a VariantError suggests names when no file has it."""
    slug = _slug(name)
    paths = config_paths()
    if slug in paths:
        return paths[slug]
    close = suggestions(slug, list(paths))
    hint = f"; did you mean {', '.join(close)}?" if close else " (mancala variants lists them)"
    raise VariantError([Violation(("config",), "not_found", f"no variant file or name {slug!r}{hint}")])


@lru_cache(maxsize=256)
def _named_variant(slug: str, remember: bool = False) -> Variant:
    return parse_variant(read_json(variant_path(slug)), remember=remember)


def suggestions(word: str, names: list[str], most: int = 5) -> list[str]:
    """Names a mistyped or partial variant name may have meant: those that contain it
    (`oware` -> oware_abapa), then the closest spellings."""
    found = [n for n in names if word and word in n]
    import difflib  # only for a name nobody has: not on every start

    found += [n for n in difflib.get_close_matches(word, names, n=most, cutoff=0.6) if n not in found]
    return found[:most]
