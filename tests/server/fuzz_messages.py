"""Random client frames for fuzzing the server: one generator for the test that stays
(tests/server/test_fuzz.py, driven by hypothesis) and the long run
(benchmarks/fuzz.py, seeded).

Everything is drawn from a `random.Random`: hypothesis hands the test one whose
choices it controls (and shrinks), the benchmark a seeded one. Frames are valid and
broken shapes of every client message type, in both encodings: wrong types in every
field, numbers past every limit, nesting near the parsers' own limits, unknown and
missing fields, built-in and random custom variants (costly ones at the variant
model's named limits, and just past them), frames cut short, frames of the other
encoding, oversized frames. What the fuzzing client learns from the replies (room
codes, seat tokens, positions) goes into `Known`, so that some requests are valid
ones that reach deep into the rooms: joins, reconnects, legal moves at the right ply.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, get_type_hints

import msgpack

from mancala.protocol import PROTOCOL
from mancala.protocol.messages import CLIENT_TYPES
from mancala.rules.loading import config_paths
from mancala.rules.variant import (
    GAME_INFO_DEFAULTS,
    MAX_HOLES,
    MAX_LIST,
    MAX_NAME,
    MAX_NBR_START,
    GameInfo,
    Limit,
)

BUILT_IN = sorted(config_paths())
CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
FIELDS = ["id", "name", "protocol", "variant", "public", "seat", "starter", "computer", "room", "token",
          "move", "ply", "type", "extra", "clock", "rated", "player", "secret", "code", "accept", "text",
          "muted", "to", "challenge", "pie"]
# numbers at and past every limit a message or variant names: the request id's 2**53,
# msgpack's 64 bits, a hole's 255, a variant's counts
HUGE_INTS = [2**53, 2**53 + 1, -(2**53) - 1, 2**63 - 1, 2**63, -(2**63), 2**64 - 1, 10**30, -(10**30),
             255, 256, -1, 0, 10_000, 10_001, 2**31, -(2**31) - 1]
NASTY_TEXT = ["", " ", "ann ", "\u001b[2J\u001b]0;PWNED\u0007", "nul\u0000", "\u202eevil", "\ud800",
              "é" * 41, "x" * 40, "x" * 41, "x" * 64, "x" * 65, "x" * 129, "\u200b", "🂡" * 20,
              "KALAH_4", "kalah_4 ", "ping", "mancala.v2", "2AVGZC", "2avgzc", "abc", "A" * 16, "A" * 17]
NASTY_FLOATS = [0.5, -0.0, 1e308, -1e-308, 2.0, float("nan"), float("inf"), float("-inf")]
# the costliest variants the model's limits allow (laps, grand slams and must-share
# that simulate every move, multi-captures on the biggest boards): their checks, first
# positions and moves run in the rules workers, under the time limit. The C core plays
# the first one in well under a millisecond a move; blocks or an allow rule keep the
# same rules in the Python engine, at 40 to 70 ms a move.
COSTLY: list[dict[str, Any]] = [
    {"game_class": "Mancala", "game_constants": {"holes": 15, "nbr_start": 100},
     "game_info": {"name": "laps, slams and blocks", "stores": True, "mlaps": "LAPPER", "multicapt": -1,
                   "crosscapt": True, "skip_start": True, "grandslam": "NOT_LEGAL", "mustshare": True,
                   "blocks": True}},
    {"game_class": "Mancala", "game_constants": {"holes": 15, "nbr_start": 100},
     "game_info": {"name": "laps, slams and an allow rule", "stores": True, "mlaps": "LAPPER",
                   "multicapt": -1, "crosscapt": True, "skip_start": True, "grandslam": "NOT_LEGAL",
                   "mustshare": True, "allow_rule": "TWO_ONLY_ALL"}},
    {"game_class": "Mancala", "game_constants": {"holes": 15, "nbr_start": 100},
     "game_info": {"name": "laps and slams", "stores": True, "mlaps": "LAPPER", "multicapt": -1,
                   "crosscapt": True, "skip_start": True, "grandslam": "NOT_LEGAL", "mustshare": True}},
    {"game_class": "Mancala", "game_constants": {"holes": 14, "nbr_start": 100},
     "game_info": {"name": "next laps", "stores": True, "mlaps": "LAPPER_NEXT", "capt_on": [2, 3, 4],
                   "multicapt": -1, "grandslam": "NOT_LEGAL", "mustshare": True, "sow_direct": "SPLIT"}},
    {"game_class": "Mancala", "game_constants": {"holes": 15, "nbr_start": 100},
     "game_info": {"name": "user directions", "stores": True, "mlaps": "LAPPER", "evens": True,
                   "udir_holes": list(range(15)), "grandslam": "OPP_GETS_REMAIN", "mustshare": True}},
]
# the one message of the issue: refused by the named limit nbr_start <= 100
REPORTED = {"game_class": "Mancala", "game_constants": {"holes": 64, "nbr_start": 10000},
            "game_info": {"stores": True, "mlaps": "LAPPER", "multicapt": -1, "crosscapt": True,
                          "skip_start": True, "grandslam": "NOT_LEGAL"}}

INFO_HINTS = get_type_hints(GameInfo, include_extras=True)  # each parameter's bounds


def echoable(value: Any) -> bool:
    """Whether the server must echo this request id (docs/protocol.md)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return -(2**53) <= value <= 2**53
    if not isinstance(value, str) or len(value) > 64:
        return False
    try:
        value.encode()  # a lone surrogate is refused with the id left out
    except UnicodeEncodeError:
        return False
    return True


@dataclass
class Known:
    """What a fuzzing client learnt from the server. `rooms` and `tokens` may be shared by
    several clients (pass the same lists); `seats` are this connection's own."""

    rooms: list[str] = field(default_factory=list)
    tokens: list[tuple[str, str]] = field(default_factory=list)  # (room, token)
    states: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)  # room -> (ply, state)
    seats: dict[str, int] = field(default_factory=dict)
    keep: int = 300

    def _room(self, code: Any) -> None:
        if isinstance(code, str) and code not in self.rooms:
            self.rooms.append(code)
            del self.rooms[: -self.keep]

    def learn(self, reply: dict[str, Any]) -> None:
        kind, room = reply.get("type"), reply.get("room")
        if kind == "seat_granted":
            self._room(room)
            self.tokens.append((room, reply["token"]))
            del self.tokens[: -self.keep]
            self.seats[room] = reply["seat"]
        elif kind == "room_state":
            self._room(room)
            self.states[room] = (reply["ply"], reply["state"])
            if reply.get("you") is not None:
                self.seats[room] = reply["you"]
        elif kind == "move_made":
            self.states[room] = (reply["ply"] + 1, reply["state"])
        elif kind == "round_started":
            self.states[room] = (reply["ply"], reply["state"])
        elif kind == "room_closed":
            self.seats.pop(room, None)
            self.states.pop(room, None)
        elif kind == "lobby":
            for summary in reply.get("rooms", []):
                self._room(summary["room"])
        elif kind == "lobby_update":
            for summary in [reply.get("room")] + list(reply.get("rooms") or []):
                if summary:
                    self._room(summary["room"])
        if len(self.states) > self.keep:
            for code in list(self.states)[: len(self.states) - self.keep]:
                del self.states[code]


@dataclass
class Frame:
    data: str | bytes
    kind: str  # message, cut, other_encoding, garbage, deep, too_large, over_hard_limit
    expect_id: Any = None  # the id exactly one reply must carry (None: not checkable)


def _configs() -> list[dict[str, Any]]:
    out = []
    for path in config_paths().values():
        try:
            out.append(json.loads(path.read_text()))
        except ValueError:
            continue
    return out


_CONFIGS: list[dict[str, Any]] = []


class Fuzzer:
    """Draws frames from `rng`. `huge` allows frames over the hard limit (1 MiB), which
    close the connection (1009): the long run reconnects, the test does not send them."""

    def __init__(self, rng: random.Random, known: Known | None = None, *, max_message: int = 16 * 1024,
                 huge: bool = False) -> None:
        self.rng = rng
        self.known = known or Known()
        self.max_message = max_message
        self.huge = huge
        self.counter = 0
        if not _CONFIGS:
            _CONFIGS.extend(_configs())

    # ---- values ---------------------------------------------------------------------

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def text(self) -> str:
        r = self.rng
        if r.random() < 0.5:
            return r.choice(NASTY_TEXT)
        alphabet = string.printable + "éß中\u202e\u0000\u001b\u200d"
        return "".join(r.choice(alphabet) for _ in range(r.randrange(0, 30)))

    def number(self) -> Any:
        r = self.rng
        pick = r.random()
        if pick < 0.4:
            return r.choice(HUGE_INTS)
        if pick < 0.6:
            return r.choice(NASTY_FLOATS)
        return r.randrange(-5, 40)

    def any_json(self, depth: int = 0) -> Any:
        """Any value a decoder may hand the server (and some it may not: NaN, bytes)."""
        r = self.rng
        pick = r.random()
        if depth < 3 and pick < 0.15:
            return [self.any_json(depth + 1) for _ in range(r.randrange(0, 4))]
        if depth < 3 and pick < 0.25:
            return {self.text()[:8]: self.any_json(depth + 1) for _ in range(r.randrange(0, 4))}
        return r.choice([None, True, False, self.number(), self.number(), self.text(), self.text(),
                         b"\x00\xffbytes"])

    def room_code(self) -> Any:
        r = self.rng
        if self.known.rooms and r.random() < 0.7:
            code = r.choice(self.known.rooms)
            return code.lower() if r.random() < 0.1 else code
        if r.random() < 0.7:
            return "".join(r.choice(CODE_CHARS) for _ in range(r.choice([6, 12, 3, 17])))
        return self.any_json()

    def my_room(self) -> Any:
        """A room this connection sits in, when it sits anywhere."""
        if self.known.seats and self.chance(0.8):
            return self.rng.choice(list(self.known.seats))
        return self.room_code()

    # ---- variants ----------------------------------------------------------------------

    def param(self, name: str) -> Any:
        """A value for one game_info parameter: in range, at its named limit, or past it."""
        r = self.rng
        default = GAME_INFO_DEFAULTS[name]
        if r.random() < 0.1:
            return self.any_json()
        if isinstance(default, bool):
            return r.random() < 0.5
        if isinstance(default, Enum):
            names = [m.name for m in type(default)]
            return r.choice(names + ["BOGUS", names[0].lower()])
        if isinstance(default, str):
            limit = next((m.max_len for m in INFO_HINTS[name].__metadata__
                          if isinstance(m, Limit) and m.max_len is not None), MAX_NAME)
            return r.choice([self.text(), "n" * limit, "n" * (limit + 1), "Kalah (fuzz)"])
        if isinstance(default, tuple):
            return [r.choice([-1, 0, 1, 2, 3, 4, 15, 29, 255]) for _ in range(r.choice([0, 1, 3, MAX_LIST,
                                                                                         MAX_LIST + 1]))]
        marks = getattr(INFO_HINTS[name], "__metadata__", ())
        lo = next((m.ge for m in marks if isinstance(m, Limit) and m.ge is not None), 0)
        hi = next((m.le for m in marks if isinstance(m, Limit) and m.le is not None), 10_000)
        return r.choice([lo, lo - 1, lo + 1, hi, hi + 1, r.randrange(lo, min(hi, 12) + 1)])

    def custom_variant(self) -> Any:
        r = self.rng
        pick = r.random()
        if pick < 0.15:
            return json.loads(json.dumps(r.choice(COSTLY)))
        if pick < 0.2:
            return json.loads(json.dumps(REPORTED))
        if pick < 0.35:  # one of the costly ones, just past one named limit
            raw = json.loads(json.dumps(r.choice(COSTLY)))
            which = r.choice(["holes", "nbr_start", "name", "capt_on"])
            if which == "holes":
                raw["game_constants"]["holes"] = MAX_HOLES + 1
            elif which == "nbr_start":
                raw["game_constants"]["nbr_start"] = MAX_NBR_START + 1
            elif which == "name":
                raw["game_info"]["name"] = "N" * (MAX_NAME + 1)
            else:
                raw["game_info"]["capt_on"] = list(range(1, MAX_LIST + 2))
            return raw
        # a built-in variant with a few parameters changed: often still playable, so its
        # games run (first positions, moves) in the rules workers
        raw = json.loads(json.dumps(r.choice(_CONFIGS)))
        if r.random() < 0.5:
            raw.pop("player", None)
        info = raw.setdefault("game_info", {})
        for _ in range(r.choice([0, 1, 1, 2, 3, 6])):
            name = r.choice(list(GAME_INFO_DEFAULTS))
            info[name] = self.param(name)
        if r.random() < 0.3:
            info["start_pattern"] = "RANDOM"
        if r.random() < 0.3:
            consts = raw.setdefault("game_constants", {})
            consts[r.choice(["holes", "nbr_start"])] = r.choice(
                [0, 1, 2, 3, 15, 16, MAX_HOLES, MAX_NBR_START, MAX_NBR_START + 1, -1, "6", 6.0, None])
        if r.random() < 0.1:
            raw["player"] = {"ai_params": {"mm_depth": [r.choice(HUGE_INTS[:4] + [1, 50])] * 4,
                                           "mcts_nodes": [10**12] * 4}, "scorer": {"stores_m": 10**30}}
        if r.random() < 0.05:
            raw[r.choice(["game_info", "game_constants", "bogus"])] = self.any_json()
        return raw

    def variant(self) -> Any:
        r = self.rng
        pick = r.random()
        if pick < 0.35:
            return r.choice(BUILT_IN)
        if pick < 0.85:
            return self.custom_variant()
        return r.choice([self.text(), self.any_json()])

    # ---- messages ----------------------------------------------------------------------

    def valid(self, name: str, kind: str) -> Any:
        """A value of the right type (and often the right meaning) for a field."""
        r = self.rng
        if name == "id":
            self.counter += 1
            return r.choice([self.counter, f"q{self.counter}"])
        if name == "room":
            mine = ("move", "resign", "claim_win", "rematch", "leave", "swap", "chat", "mute", "offer_draw",
                    "answer_draw", "offer_takeback", "answer_takeback")
            return self.my_room() if kind in mine else self.room_code()
        if name == "seat":
            return r.choice([0, 1, None])
        if name == "starter":
            return r.choice([0, 1, "random"])
        if name == "public":
            return r.choice([True, False, None])
        if name == "computer":
            return r.choice([None, None, None, 0, 1, 2, 3, "perfect"])
        if name == "name":
            return r.choice(["ann", "bob", "Zoë", "fuzz " + str(r.randrange(100)), "x" * 40])
        if name == "protocol":
            return PROTOCOL if r.random() < 0.9 else "mancala.v2"
        if name == "variant":
            return self.variant() if kind == "create_room" else r.choice(BUILT_IN + ["no_such"])
        if name == "token":
            return r.choice(self.known.tokens)[1] if self.known.tokens else "t" * 32
        if name in ("rated", "pie", "accept", "muted"):
            return r.random() < 0.5
        if name == "ply":
            return r.choice([None, 0, 1, 2])
        if name == "clock":
            return r.choice([None, {"base": 60, "increment": 0}, {"base": 300, "increment": 3}, {"days": 1}])
        if name == "text":
            return r.choice(["hi", "good game", "x" * 300, "x" * 301, "\u3164" * 30, "a\u034fb", self.text()])
        if name == "to":
            return r.choice(["ann", "bob", "nobody", "\u0430nn"])
        if name in ("player", "secret", "code", "challenge"):
            return r.choice(["p-" + "x" * 20, "x" * 32, "ABCDE23456", "c" + "y" * 16])
        return None

    def move_fields(self) -> dict[str, Any]:
        """A move where this connection is to move: legal at the right ply, mostly."""
        r = self.rng
        mine = [(code, seat) for code, seat in self.known.seats.items()
                if code in self.known.states and self.known.states[code][1].get("turn") == seat]
        if mine and r.random() < 0.85:
            code, _ = r.choice(mine)
            ply, state = self.known.states[code]
            legal = state.get("legal") or [0]
            move = r.choice(legal) if r.random() < 0.9 else r.randrange(0, 30)
            return {"room": code, "move": move, "ply": ply if r.random() < 0.9 else ply - 1}
        return {"room": self.my_room(), "move": r.choice([r.randrange(0, 30), [r.randrange(0, 12), "CW"]]),
                "ply": r.choice([None, 0, r.randrange(0, 50)])}

    def shaped(self, kind: str) -> dict[str, Any]:
        """A message of a known type: each field right with a high chance, else broken."""
        r = self.rng
        msg: dict[str, Any] = {"type": kind, "id": self.valid("id", kind)}
        wanted = {"hello": ["protocol", "name"], "create_room": ["variant", "public", "seat", "starter", "computer"],
                  "join_room": ["room", "seat"], "spectate": ["room"], "reconnect": ["room", "token"],
                  "quick_pair": ["variant", "clock", "rated", "pie"], "resign": ["room"], "claim_win": ["room"],
                  "rematch": ["room"], "leave": ["room"], "swap": ["room", "ply"],
                  # the competitive layer's requests (issue 23): chat, offers, identity, challenges
                  "chat": ["room", "text"], "mute": ["room", "name", "muted"], "offer_draw": ["room"],
                  "answer_draw": ["room", "accept"], "offer_takeback": ["room"],
                  "answer_takeback": ["room", "accept"], "identify": ["name", "player", "secret"],
                  "rename": ["name"], "redeem_transfer": ["code"],
                  "challenge": ["to", "variant", "clock", "rated"], "answer_challenge": ["challenge", "accept"]}
        if kind == "create_room" and r.random() < 0.3:
            wanted["create_room"] = wanted["create_room"] + ["clock", "rated", "pie"]
        if kind == "move":
            msg.update(self.move_fields())
        elif kind == "reconnect" and self.known.tokens and r.random() < 0.7:
            msg["room"], msg["token"] = r.choice(self.known.tokens)
        else:
            for name in wanted.get(kind, []):
                if r.random() < 0.85:
                    msg[name] = self.valid(name, kind)
        for name in list(msg):
            if name != "type" and r.random() < 0.06:
                if r.random() < 0.3:
                    del msg[name]
                else:
                    msg[name] = self.any_json()
        if r.random() < 0.04:
            msg[r.choice(FIELDS)] = self.any_json()
        return msg

    def message(self) -> dict[str, Any]:
        r = self.rng
        kinds = sorted(CLIENT_TYPES)
        if r.random() < 0.8:
            weights = {"move": 6, "create_room": 4, "join_room": 2, "reconnect": 2, "spectate": 2}
            kind = r.choices(kinds, [weights.get(k, 1) for k in kinds])[0]
            return self.shaped(kind)
        # loose shapes: any type (or none, or the wrong kind of value), any fields
        kind = r.choice(kinds + ["nope", "", "MOVE"])
        msg: dict[str, Any] = {"type": r.choice([kind, kind, kind, [kind], {"t": kind}, 7, None])}
        if r.random() < 0.05:
            del msg["type"]
        for name in r.sample(FIELDS, r.randrange(0, 5)):
            msg[name] = self.valid(name, kind) if r.random() < 0.5 else self.any_json()
        return msg

    # ---- frames ---------------------------------------------------------------------------

    def encode(self, msg: dict[str, Any], binary: bool) -> str | bytes | None:
        try:
            if binary:
                return msgpack.packb(msg, use_bin_type=True)
            return json.dumps(msg)
        except (OverflowError, TypeError, ValueError, UnicodeEncodeError):
            return None  # not expressible in this encoding (an int past 64 bits, bytes in JSON...)

    def deep(self, binary: bool) -> str | bytes:
        """A message nested near (and past) the parsers' own limits."""
        # the server's own stack is a few dozen frames deep when it decodes and validates,
        # so the depth that breaks something lies a little under the parsers' 1,000
        depth = self.rng.choice([40, 500, 5_000, self.rng.randrange(900, 1_001)])
        where = self.rng.choice(["id", "variant", "move", "name"])
        kind = {"id": "ping", "variant": "create_room", "move": "move", "name": "hello"}[where]
        if binary:  # by hand: msgpack's own packer stops at 512 levels
            head = msgpack.packb({"type": kind})
            return bytes([head[0] + 1]) + head[1:] + msgpack.packb(where) + b"\x91" * depth + b"\xc0"
        return f'{{"type": "{kind}", "{where}": ' + "[" * depth + "]" * depth + "}"

    def garbage(self, binary: bool) -> str | bytes:
        r = self.rng
        if binary:
            return r.choice([bytes(r.randrange(256) for _ in range(r.randrange(0, 40))), b"\xc1", b"\x93\x01\x02",
                             b"\xa4ping", msgpack.packb([1, 2]), b"\x81\x01\x02", b"\xc7\x01\x05x"])
        return r.choice(["", "{", "null", "[1, 2]", '"ping"', "42", '{"type": "ping",}', "{'type': 'ping'}",
                         '{"type": "ping", "type": "move", "room": "ABCDEF", "move": 1}',
                         '{"type": "ping", "id": ' + "9" * 5_000 + "}", '{"type": "ping", "id": NaN}',
                         '{"type": "ping", "id": 1e999}', "\ufeff{}", "".join(r.choice(string.printable)
                                                                            for _ in range(30))])

    def frame(self, binary: bool) -> Frame:
        """The next frame for a connection of the given encoding."""
        r = self.rng
        pick = r.random()
        if pick < 0.03:
            return Frame(self.deep(binary), "deep")
        if pick < 0.06:
            return Frame(self.garbage(binary), "garbage")
        if pick < 0.08:
            pad = "p" * (self.max_message + r.choice([1, 100, 5_000]))
            if self.huge and r.random() < 0.05:
                pad = "p" * (1024 * 1024 + 10)
                kind = "over_hard_limit"
            else:
                kind = "too_large"
            msg = {"type": "create_room", "variant": {"game_constants": {"holes": 6, "nbr_start": 4},
                                                      "game_info": {"about": pad}}}
            data = self.encode(msg, binary)
            assert data is not None
            return Frame(data, kind)
        while True:
            msg = self.message()
            data = self.encode(msg, binary)
            if data is not None:
                break
        if pick < 0.13:
            cut = data[: r.randrange(0, max(1, len(data)))]
            return Frame(cut, "cut")
        if pick < 0.15:  # a frame of the other kind: JSON text on msgpack, and the reverse
            text = self.encode(msg, False)
            text = text if isinstance(text, str) else '{"type": "ping"}'
            return Frame(text if binary else text.encode(), "other_encoding")
        size = len(data.encode() if isinstance(data, str) else data)
        checks = echoable(msg.get("id")) and size <= self.max_message
        return Frame(data, "message", msg["id"] if checks else None)
