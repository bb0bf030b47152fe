"""What the words after a command mean: variant names and the options of `create`.

    >>> parse_create(["private", "north", "first", "me", "vs", "computer", "hard"])
    CreateOptions(public=False, seat=1, starter=1, computer=2, clock=None, rated=False, settings={})
    >>> parse_create(["--set", "capt_on=2,3,4", "set", "grandslam=legal", "--set=mustpass=yes"]).settings
    {'capt_on': [2, 3, 4], 'grandslam': 'legal', 'mustpass': True}
    >>> parse_create(["vs", "computer"]).public, parse_create(["public", "vs", "computer"]).public
    (False, True)
    >>> parse_create([]).public
    True
    >>> from types import SimpleNamespace as Info
    >>> offered = {"oware_abapa": Info(name="oware_abapa", title="Oware (abapa)")}
    >>> resolve_variant("Oware", offered)
    'oware_abapa'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from mancala_client.board_view import LEVEL_NAMES, PERFECT

CREATE_USAGE = ("create VARIANT [private] [south|north] [first south|north|me|them|random] "
                "[vs computer [easy|medium|hard|expert|perfect]] [clock 5+3|2d] [rated] "
                "[--set PARAM=VALUE ...]")


@dataclass(frozen=True)
class CreateOptions:
    """create_room's fields as the player chose them."""

    public: bool = True  # parse_create: private by default against the computer
    seat: int | None = None  # None: any seat
    starter: int | str = 0  # a seat, or "random"
    computer: int | str | None = None  # the computer's level; None: a person plays
    clock: dict[str, int] | None = None  # a time control (protocol fields); None: no clock
    rated: bool = False
    # the variant's settings ({param: value}; `settings VARIANT` lists what it offers)
    settings: dict[str, Any] = field(default_factory=dict)

    def terms(self) -> dict[str, Any]:
        """create_room's (and quick_pair's) clock and rated fields."""
        return {**({"clock": self.clock} if self.clock else {}), "rated": self.rated}

    def settings_for(self, variant: Any) -> dict[str, Any]:
        """The `settings` field for the variant (its lobby VariantInfo, None if unknown):
        `{"settings": {...}}`, or {} when none were chosen. A set parameter typed as one
        number (`capt_on=4`) is sent as a set of one."""
        kinds = {c.param: c.kind for c in getattr(variant, "settings", [])}
        chosen = {k: [v] if kinds.get(k) == "set" and type(v) is int else v for k, v in self.settings.items()}
        return {"settings": chosen} if chosen else {}


def parse_clock(text: str) -> dict[str, int]:
    """A time control typed as minutes+increment (`5+3`, `1`) or days a move (`2d`).

    >>> parse_clock("5+3"), parse_clock("0.5"), parse_clock("3d")
    ({'base': 300, 'increment': 3}, {'base': 30, 'increment': 0}, {'days': 3})
    """
    t = text.lower().strip()
    m = re.fullmatch(r"(\d{1,2})\s*(d|days?)", t)
    if m:
        return {"days": int(m.group(1))}
    m = re.fullmatch(r"(\d{1,3}(?:\.\d+)?)(?:\+(\d{1,3}))?", t)
    if not m or float(m.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a time control (minutes+increment like 5+3, or days like 2d).")
    return {"base": round(float(m.group(1)) * 60), "increment": int(m.group(2) or 0)}


def parse_setting(text: str, kind: str | None = None) -> tuple[str, Any]:
    """One setting typed as PARAM=VALUE: yes/no (true/false) a flag, digits a number,
    commas a list of numbers (`capt_on=2,3,4`; "none" is the empty list), any other
    word a name. `kind` (the variant's, when known) makes one number a list for "set".

    >>> parse_setting("capt_on=2,3"), parse_setting("mustpass=no"), parse_setting("capt_on=4", "set")
    (('capt_on', [2, 3]), ('mustpass', False), ('capt_on', [4]))
    """
    param, sep, word = text.partition("=")
    if not sep or not param or not word:
        raise ValueError(f"{text!r} is not a setting: write PARAM=VALUE (e.g. grandslam=legal).")
    w = word.strip().lower()
    value: Any
    if w in ("yes", "true", "on", "no", "false", "off"):
        value = w in ("yes", "true", "on")
    elif re.fullmatch(r"-?\d{1,6}", w):
        value = int(w)
    elif w == "none" or re.fullmatch(r"\d{1,6}(,\d{1,6})+,?", w):
        value = [int(n) for n in w.split(",") if n] if w != "none" else []
    else:
        value = word.strip()
    if kind == "set" and isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    return param.strip().lower(), value


def setting_word(value: Any) -> str:
    """A setting's value as `--set` takes it: yes/no, numbers, 2,3,4, names in lower case."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ",".join(map(str, value)) or "none"
    return str(value).lower() if isinstance(value, str) else str(value)


def computer_level(word: str) -> int | str | None:
    """The computer's level from a word: easy/medium/hard/expert or 0..3, or perfect
    (None: none of them)."""
    w = word.lower()
    if w == PERFECT:
        return PERFECT
    if w in LEVEL_NAMES:
        return LEVEL_NAMES.index(w)
    if w.isdigit() and int(w) < len(LEVEL_NAMES):
        return int(w)
    return None


def parse_create(args: list[str]) -> CreateOptions:
    """The options typed after `create VARIANT`; a ValueError says what is wrong (a
    whole sentence)."""
    public: bool | None = None
    seat, starter, computer = None, None, None
    clock: dict[str, int] | None = None
    rated = False
    settings: dict[str, Any] = {}
    words = [w.lower() for w in args]
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("private", "public"):
            public = w == "public"
        elif w in ("south", "north", "any"):
            seat = {"south": 0, "north": 1, "any": None}[w]
        elif w in ("as", "seat", "vs", "against"):
            pass
        elif w == "rated":
            rated = True
        elif (w in ("set", "--set") and i + 1 < len(words)) or w.startswith("--set="):
            if not w.startswith("--set="):
                i += 1
            key, value = parse_setting(args[i].removeprefix("--set=").removeprefix("--SET="))
            settings[key] = value
        elif w in ("clock", "time") and i + 1 < len(words):
            i += 1
            clock = parse_clock(words[i])
        elif w in ("first", "starter", "starts", "start") and i + 1 < len(words):
            i += 1
            starter = words[i]
        elif w in ("computer", "cpu") or w.startswith(("computer:", "computer=")):
            level = w.partition(":")[2] or w.partition("=")[2]
            if not level and i + 1 < len(words) and computer_level(words[i + 1]) is not None:
                i += 1
                level = words[i]
            computer = computer_level(level) if level else 1
            if computer is None:
                raise ValueError(f"the computer's level {level!r} is not one of "
                                 f"{', '.join(LEVEL_NAMES)}, perfect (or 0..{len(LEVEL_NAMES) - 1}).")
        else:
            raise ValueError(f"{args[i]!r} is not an option "
                             "(private, public, south, north, first WHO, vs computer [LEVEL], --set PARAM=VALUE).")
        i += 1
    mine = seat if seat is not None else 0
    starters: dict[str | None, int | str] = {
        None: 0, "south": 0, "north": 1, "me": mine, "i": mine, "them": 1 - mine,
        "opponent": 1 - mine, "random": "random"}
    if starter not in starters:
        raise ValueError(f"who starts? {starter!r} is not one of south, north, me, them, random.")
    if public is None:  # nobody else can join a game against the computer: keep it off the lobby
        public = computer is None
    return CreateOptions(public, seat, starters[starter], computer, clock, rated, settings)


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def resolve_variant(text: str, variants: dict[str, Any]) -> str:
    """A variant name from what the player typed: the name, the title, or a unique start.
    `variants`: the server's variants by name (each with its `name` and `title`)."""
    if text in variants:
        return text
    key = _key(text)
    by_key = {name: name for name in variants}
    by_key.update({_key(v.title): v.name for v in variants.values()})
    if key in by_key:
        return by_key[key]
    starts = sorted({name for k, name in by_key.items() if k.startswith(key)})
    if len(starts) == 1:
        return starts[0]
    if starts:
        raise ValueError(f"{text!r} could be {', '.join(starts[:8])}: say which")
    raise ValueError(f"no variant {text!r}: type `variants` to list them")
