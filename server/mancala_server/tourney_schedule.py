"""Tournaments the site schedules (MANCALA_TOURNEY_SCHEDULE), beside those players make.

The setting is a list of entries separated by `;`, each a variant and a kind, how often
one starts, and its terms:

    kalah_4 arena every 60 for 30 clock 3+2; oware_abapa swiss every 1440 rounds 5 games 2 clock 5+3

An entry's tournaments start on the clock's multiples of `every` minutes (UTC), and each
is made `ANNOUNCE` before its start (or half its period, whichever is shorter), so the
lobby shows the next one. Its id is worked out from the entry and the start, so when
several nodes (or a restart) make the same one, the store keeps the first
(add_tournament writes an id once) and nobody sees two.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

from mancala.protocol.fields import TimeControl
from mancala.protocol.tourney_messages import TourneyKind

ANNOUNCE = 3600.0  # seconds before its start a scheduled tournament appears
SITE = "site"  # its maker (no player has this id: theirs start with p or bot-)
SITE_NAME = "Mancala"


class ScheduleError(ValueError):
    """An entry of the schedule that cannot be read: the message names it."""


@dataclass(frozen=True)
class Scheduled:
    variant: str
    kind: TourneyKind
    every: float  # minutes between starts
    minutes: float = 30.0  # an arena's length
    rounds: int = 5  # a Swiss event's
    games: int = 2
    clock: TimeControl = TimeControl(base=180, increment=2)

    def next_start(self, now: float) -> float:
        period = self.every * 60
        return math.ceil(now / period) * period

    def due(self, now: float) -> float | None:
        """The start of the next one if it is time to announce it, else None."""
        start = self.next_start(now)
        return start if start - now <= min(ANNOUNCE, self.every * 30) else None

    def tid(self, start: float) -> str:
        digest = hashlib.sha256(f"{self.variant}/{self.kind}/{self.every}/{start:.0f}".encode()).hexdigest()
        return f"s{digest[:15]}"

    def title(self, variant_title: str) -> str:
        """"Hourly Oware arena", "Daily Kalah Swiss" (at most 40 characters, as names are)."""
        if self.every == 60:
            period = "Hourly"
        elif self.every == 1440:
            period = "Daily"
        else:
            period = f"{self.every:g}-minute"
        return f"{period} {variant_title} {'arena' if self.kind == 'arena' else 'Swiss'}"[:40]

    def terms(self) -> dict[str, Any]:
        return {"minutes": self.minutes if self.kind == "arena" else 0.0,
                "rounds": self.rounds if self.kind == "swiss" else 0,
                "games_per_match": self.games if self.kind == "swiss" else 0}


def parse_schedule(text: str, variants: set[str]) -> list[Scheduled]:
    """The entries of the setting; ScheduleError names the first that cannot be read."""
    out = []
    for entry in (e.strip() for e in text.split(";")):
        if entry:
            out.append(_entry(entry, variants))
    return out


def _entry(entry: str, variants: set[str]) -> Scheduled:
    words = entry.split()
    if len(words) < 4 or words[2] != "every":
        raise ScheduleError(f"tourney_schedule: {entry!r}: say 'VARIANT arena|swiss every MINUTES ...'")
    variant, kind = words[0], words[1]
    if variant not in variants:
        raise ScheduleError(f"tourney_schedule: {entry!r}: no variant named {variant!r}")
    if kind not in ("arena", "swiss"):
        raise ScheduleError(f"tourney_schedule: {entry!r}: the kind is arena or swiss, not {kind!r}")
    fields: dict[str, Any] = {}
    rest = words[2:]
    if len(rest) % 2:
        raise ScheduleError(f"tourney_schedule: {entry!r}: each of every/for/rounds/games/clock takes one value")
    for key, value in zip(rest[::2], rest[1::2], strict=True):
        try:
            if key == "every":
                fields["every"] = float(value)
            elif key == "for":
                fields["minutes"] = float(value)
            elif key in ("rounds", "games"):
                fields[key] = int(value)
            elif key == "clock":
                base, _, inc = value.partition("+")
                fields["clock"] = TimeControl(base=round(float(base) * 60), increment=int(inc or 0))
            else:
                raise ScheduleError(f"tourney_schedule: {entry!r}: unknown word {key!r}")
        except (ValueError, TypeError) as exc:
            if isinstance(exc, ScheduleError):
                raise
            raise ScheduleError(f"tourney_schedule: {entry!r}: {key} {value!r}: {exc}") from None
    if not 1 <= fields["every"] <= 7 * 1440:
        raise ScheduleError(f"tourney_schedule: {entry!r}: every is 1..10080 minutes")
    if not 0 < fields.get("minutes", 30.0) <= fields["every"]:
        raise ScheduleError(f"tourney_schedule: {entry!r}: an arena lasts at most until the next one")
    if not 1 <= fields.get("rounds", 5) <= 30 or not 1 <= fields.get("games", 2) <= 9:
        raise ScheduleError(f"tourney_schedule: {entry!r}: rounds 1..30, games 1..9")
    return Scheduled(variant=variant, kind=kind, **fields)  # type: ignore[arg-type]
