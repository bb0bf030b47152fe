"""Hole labels as the terminal shows them, and typed moves turned into board indices.

Board numbering (contracts/replay.md): South's holes are 0..n-1 from South's
left, North's are n..2n-1 from North's own left. Every player sees their own
row at the bottom, read from their own left. One notation everywhere (the text
record's, the page's, `mancala show`'s; docs/notation.md): South's holes are a, b,
c... and North's A, B, C..., each row lettered from its owner's left, whichever
seat looks at them; so "North played C" names the same hole on every screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEAT_NAMES = ("South", "North")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
STORE = "STORE"  # a store move's first element on the wire (["STORE", seeds])

# direction words: CW/CCW are the board's own senses (rotating the picture keeps them);
# left/right are as seen in the player's own (bottom) row, where CCW runs to the right
DIRECTIONS = {"cw": "CW", "ccw": "CCW", "clockwise": "CW", "counterclockwise": "CCW",
              "anticlockwise": "CCW", "counter-clockwise": "CCW", "anti-clockwise": "CCW"}
SCREEN_DIRECTIONS = {"l": "left", "left": "left", "r": "right", "right": "right",
                     "<": "left", ">": "right"}


class MoveInputError(ValueError):
    """What the player typed names no move; the message says why, in the player's terms."""


def side_of(hole: int, n: int) -> int:
    """The seat whose row holds the hole (0 South, 1 North)."""
    return 0 if hole < n else 1


def own_position(hole: int, n: int) -> int:
    """The hole's place in its row counted from that row owner's left (0-based)."""
    return hole if hole < n else hole - n


def hole_at(seat: int, k: int, n: int) -> int:
    """The board index of `seat`'s k-th hole from that player's own left."""
    return k if seat == 0 else n + k


def letter(k: int) -> str:
    return LETTERS[k] if k < len(LETTERS) else str(k + 1)


def label(hole: int, n: int) -> str:
    """A hole's name: South's in lower case, North's in capitals, each row lettered from
    its owner's left (as the text record names them, for every viewer)."""
    text = letter(own_position(hole, n))
    return text if side_of(hole, n) == 0 else text.upper()


def own_letters(seat: int, n: int) -> str:
    """The span of a seat's hole names, for messages: `a..f`, `A..F`."""
    return f"{label(hole_at(seat, 0, n), n)}..{label(hole_at(seat, n - 1, n), n)}"


def screen_rows(n: int, viewer: int) -> tuple[list[int], list[int]]:
    """(top row, bottom row) as board indices, left to right on the screen of `viewer`
    (a spectator sees South's view). The picture for North is South's turned half a turn."""
    south = list(range(n))
    north = list(range(n, 2 * n))
    if viewer == 0:
        return north[::-1], south
    return south[::-1], north


def move_hole(move: Any) -> int | None:
    """The starting hole of a wire move (int, or [hole, direction])."""
    if isinstance(move, bool):
        return None
    if isinstance(move, int):
        return move
    if isinstance(move, list | tuple) and move and isinstance(move[0], int):
        return move[0]
    return None


def store_seeds(move: Any) -> int | None:
    """The seeds of a store move (`["STORE", k]`, Azigo), None for any other move."""
    if isinstance(move, list | tuple) and len(move) == 2 and move[0] == STORE and isinstance(move[1], int):
        return move[1]
    return None


def move_text(move: Any, n: int) -> str:
    """A wire move as the board labels it: `c`, `C cw`, `store 3`; an arrangement
    `arrange 4 0 8 ...`."""
    if isinstance(move, dict) and "arrange" in move:
        return "arrange " + " ".join(map(str, move["arrange"]))
    seeds = store_seeds(move)
    if seeds is not None:
        return f"store {seeds}"
    hole = move_hole(move)
    if hole is None or not 0 <= hole < 2 * n:
        return str(move)
    text = label(hole, n)
    if isinstance(move, list | tuple) and len(move) == 2 and isinstance(move[1], str):
        text += " " + move[1].lower()
    return text


def legal_text(legal: list[Any], n: int, viewer: int) -> str:
    """Legal moves as the board labels them, one entry per hole, the viewer's own row
    first: `a b(cw/ccw) c`."""
    by_hole: dict[int, list[str]] = {}
    for m in legal:
        hole = move_hole(m)
        if hole is None:
            continue
        dirs = by_hole.setdefault(hole, [])
        if isinstance(m, list | tuple) and len(m) == 2:
            dirs.append(str(m[1]).lower())
    parts = []
    for hole in sorted(by_hole, key=lambda h: (side_of(h, n) != viewer, own_position(h, n))):
        text = label(hole, n)
        dirs = by_hole[hole]
        parts.append(f"{text}({'/'.join(dirs)})" if dirs else text)
    from_store = sorted(k for m in legal if (k := store_seeds(m)) is not None)
    if from_store:
        parts.append(f"store {from_store[0]}" + (f"..{from_store[-1]}" if len(from_store) > 1 else ""))
    return " ".join(parts)


@dataclass(frozen=True)
class ParsedMove:
    move: int | list[Any]  # what the server takes
    text: str  # the move in the player's labels, for messages


def _hole_options(legal: list[Any], hole: int) -> list[str]:
    return [str(m[1]) for m in legal
            if isinstance(m, list | tuple) and len(m) == 2 and m[0] == hole]


def parse_move(text: str, n: int, seat: int, legal: list[Any] | None = None) -> ParsedMove:
    """What the player typed (`c`, `3`, `c cw`, `c left`, `C`) as a wire move.

    The board decides legality; `legal` (the moves of the player to move, when that
    is this player) only resolves what the words leave open: whether the hole takes a
    direction. A letter names the hole the board labels with it (docs/notation.md:
    South's in lower case, North's in capitals); a number counts the player's own
    holes from their left. A letter of the other row is refused when that hole is
    not among `legal` (only some games let a player move from there), rather than
    taken for the player's own hole of that letter.
    """
    legal = legal or []
    words = text.replace(",", " ").replace(":", " ").split()
    if not words:
        raise MoveInputError("type a hole: a letter or a number as shown under your row")
    if words[0].lower() in ("move", "m", "play", "p") and len(words) > 1:
        words = words[1:]
    if words[0].lower() == "store":  # a store move (Azigo): `store 3` sows 3 of the store's seeds
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
            raise MoveInputError("a store move is `store N`: sow N seeds from your store")
        return ParsedMove([STORE, int(words[1])], f"store {words[1]}")
    if len(words) > 2:
        raise MoveInputError(f"{text.strip()!r}: a move is a hole, then a direction if the game asks for one")
    token = words[0]
    direction_word = words[1].lower() if len(words) == 2 else None
    # `ccw c` is fine too
    if direction_word is not None and token.lower() in {**DIRECTIONS, **SCREEN_DIRECTIONS} \
            and direction_word not in DIRECTIONS and direction_word not in SCREEN_DIRECTIONS:
        token, direction_word = words[1], token.lower()

    top_row = False
    if token.isdigit():
        k = int(token) - 1
        if not 0 <= k < n:
            raise MoveInputError(f"no hole {token}: your holes are 1..{n} (or {own_letters(seat, n)})")
        hole = hole_at(seat, k, n)
    elif len(token) == 1 and token.lower() in LETTERS:
        k = LETTERS.index(token.lower())
        if k >= n:
            raise MoveInputError(f"no hole {token}: your holes are {own_letters(seat, n)}")
        # a letter names the hole labelled with it: lower case South's, capitals North's
        owner = 1 if token.isupper() else 0
        hole, top_row = hole_at(owner, k, n), owner != seat
        if top_row and legal and not any(move_hole(m) == hole for m in legal):
            # the other row's hole is never taken for the own one of that letter: that
            # would play a hole the player did not name
            mine = label(hole_at(seat, k, n), n)
            case = "capitals" if owner == 1 else "lower case"
            raise MoveInputError(
                f"{token} is {SEAT_NAMES[owner]}'s hole ({case}: the row on top), and you cannot move "
                f"from it: your own holes are {own_letters(seat, n)}, type {mine} for yours")
    else:
        raise MoveInputError(f"{token!r} is not a hole: type a letter {own_letters(seat, n)} "
                             f"or a number 1..{n}")

    shown = label(hole, n)
    options = _hole_options(legal, hole)
    takes_int = hole in [m for m in legal if isinstance(m, int) and not isinstance(m, bool)]
    if direction_word is None:
        if options and not takes_int:
            raise MoveInputError(f"hole {shown} needs a direction: "
                                 + " or ".join(f"{shown} {d.lower()}" for d in options))
        return ParsedMove(hole, shown)
    if direction_word in DIRECTIONS:
        direction = DIRECTIONS[direction_word]
    elif direction_word in SCREEN_DIRECTIONS:
        # in the bottom row CCW (towards higher indices) runs to the right; on top, to the left
        rightwards = SCREEN_DIRECTIONS[direction_word] == "right"
        direction = "CCW" if rightwards != top_row else "CW"
    else:
        raise MoveInputError(f"{words[1]!r} is not a direction: use cw or ccw (or left/right)")
    if takes_int and not options:
        raise MoveInputError(f"hole {shown} takes no direction here: type just {shown}")
    return ParsedMove([hole, direction], f"{shown} {direction.lower()}")


def events_of(msg: Any) -> list[dict[str, Any]] | None:
    """A move's `events` as plain dicts (None from a server that sends none)."""
    events = getattr(msg, "events", None)
    return None if events is None else [e.model_dump() for e in events]
