"""A room's variant settings (docs/variants.md, "Variant settings"): create_room's
`settings` checked against what the variant file offers (its `vari_params`), and the
settled variant the room plays.

A settled variant is stored as its file's JSON plus a `settings` section of the
canonical settings (only those that differ from the file, keys sorted): the stored game
replays, resumes and is searched by the computer under the same settled rules, and the
server still knows the definition for one of its own files (stored_rules.py). Its id,
the room's `variant` and its ratings' ladder, is the file's stem plus a digest of the
settings (mancala.rules.vari_params.settled_id): every settled variant is rated apart,
and the file's own settings are the plain stem, so that ratings made before stay.

Work is bounded before anything is parsed: the protocol takes 64 keys at most, the
settings at most as many keys as the file offers, each value checked for its type and
length before it is compared; a settled variant is validated off the event loop.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from mancala.protocol.messages import Error, ErrorCode, SettingChoice
from mancala.rules.errors import VariantError
from mancala.rules.loading import load_variant, parse_variant
from mancala.rules.vari_params import (
    SettingsError,
    canonical,
    choices,
    file_id,
    settled_id,
    settled_title,
)
from mancala.rules.variant import Variant
from mancala_server.room_ports import RoomError

__all__ = ["built_in", "custom", "file_id", "room_title", "setting_choices", "variant_error",
           "without_settings"]


def setting_choices(path: Path) -> list[SettingChoice]:
    """The lobby's list of what a variant file lets a room's creator choose."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(raw, dict):
        return []
    return [SettingChoice(**c.as_json()) for c in choices(raw)]


async def built_in(configs: dict[str, Path], known: Any, stem: str,
                   settings: dict[str, Any] | None) -> tuple[str, dict[str, Any], Variant]:
    """A built-in variant as the room will play it: (id, stored JSON, variant). Raises
    RoomError for an unknown name, SettingsError for settings it cannot take."""
    if stem not in known:
        raise RoomError(ErrorCode.UNKNOWN_VARIANT, f"no variant named {stem!r}")
    path = configs[stem]
    raw = json.loads(path.read_text(encoding="utf-8"))
    chosen = canonical(raw, settings) if settings else {}
    if not chosen:
        return stem, raw, load_variant(path)
    raw = {**raw, "settings": chosen}
    variant = await asyncio.to_thread(parse_variant, raw)
    return settled_id(stem, chosen), raw, variant


def custom(variant: dict[str, Any], settings: dict[str, Any] | None) -> dict[str, Any]:
    """A client's own variant with the settings asked for (checked where it is played,
    in the rules workers, as any custom variant)."""
    return {**variant, "settings": settings} if settings else variant


def without_settings(variant_json: dict[str, Any]) -> dict[str, Any]:
    """The file a settled definition was made from (itself when it has no settings)."""
    if "settings" not in variant_json:
        return variant_json
    return {k: v for k, v in variant_json.items() if k != "settings"}


def room_title(name: str, variant_json: dict[str, Any]) -> str:
    """A room's title: the variant's name, and its settings in words."""
    settings = variant_json.get("settings")
    return settled_title(name, settings) if isinstance(settings, dict) and settings else name


def variant_error(request_id: Any, exc: VariantError) -> Error:
    """The error reply to a variant, or a choice of settings, that cannot be played: the
    parameters and the rules by name."""
    code = ErrorCode.INVALID_SETTING if isinstance(exc, SettingsError) else ErrorCode.INVALID_VARIANT
    return Error(id=request_id, code=code, message=str(exc), params=exc.params,
                 rules=list(dict.fromkeys(v.rule for v in exc.violations)))
