"""A move in words, from what the server says it did (`move_made.events`).

Holes are named as the board labels them (mancala_client.moves.label: South's in
lower case, North's in capitals, for every viewer), so the words point at the letters
on the screen and match the text record:

>>> events = [{"kind": "sow", "hole": 12, "path": [13, -2, 0, 1, 2, 3, 4]},
...           {"kind": "capture", "src": 4, "seeds": 5, "dst": -2, "at": 7},
...           {"kind": "extra_turn"}]
>>> describe(events, 7, seat=1)
'North sowed F: 7 seeds (1 into the store), captured 5 from e, sows again'
>>> describe([{"kind": "sow", "hole": 2, "path": [3, 4, 5, -1]}, {"kind": "extra_turn"}],
...          6, seat=0, you=0)
'You sowed c: 4 seeds (1 into the store), sow again'
"""

from __future__ import annotations

from typing import Any

from mancala_client.moves import SEAT_NAMES, label, move_text


def _store_seat(place: int) -> int | None:
    """Stores are -1 (South's) and -2 (North's) in the protocol's events."""
    return -1 - place if place < 0 else None


def _holes(places: list[int], n: int) -> str:
    names: list[str] = []
    for p in places:
        text = label(p, n)
        if text not in names:
            names.append(text)
    return ", ".join(names)


def _place(place: int, n: int, mover: int) -> str:
    seat = _store_seat(place)
    if seat is None:
        return label(place, n)
    return "the store" if seat == mover else f"{SEAT_NAMES[seat]}'s store"


def describe(events: list[dict[str, Any]], n: int, seat: int,
             you: int | None = None, move: Any = None) -> str:
    """One clause per thing that happened, the mover first: "North sowed F: 7 seeds,
    captured 5 from e, sows again" ("You ... sow again" for the viewer's own move).
    `move` (the wire move) names a chosen direction too: "sowed c cw"."""
    me = seat == you
    who = "You" if me else SEAT_NAMES[seat]
    own_store = -1 - seat
    sows = [e for e in events if e["kind"] == "sow"]
    parts: list[str] = []
    if sows:
        seeds = sum(len(e["path"]) for e in sows)
        stored = sum(e["path"].count(own_store) for e in sows)
        hole = move_text(move, n) if move is not None else label(sows[0]["hole"], n)
        head = f"{who} sowed {hole}: {seeds} seed{'s' * (seeds != 1)}"
        notes = []
        if len(sows) > 1:
            notes.append(f"{len(sows)} laps")
        if stored:
            notes.append(f"{stored} into the store")
        others = sum(1 for e in sows for p in e["path"] if p < 0 and p != own_store)
        if others:
            notes.append(f"{others} into {SEAT_NAMES[1 - seat]}'s store")
        parts.append(head + (f" ({', '.join(notes)})" if notes else ""))
    else:  # seeds placed without sowing (captured seeds put back into a hole)
        parts.append(f"{who} played {move_text(move, n)}" if move is not None else f"{who} moved")
    caught = [e for e in events if e["kind"] == "capture" and e["src"] >= 0 and e["dst"] == own_store]
    if caught:
        total = sum(e["seeds"] for e in caught)
        parts.append(f"captured {total} from {_holes([e['src'] for e in caught], n)}")
    for e in events:
        kind = e["kind"]
        if kind == "capture" and e not in caught:
            src = _place(e["src"], n, seat)
            dst = _place(e["dst"], n, seat)
            taker = _store_seat(e["dst"])
            if taker is not None and e["src"] >= 0:  # the other side's store takes them
                parts.append(f"{SEAT_NAMES[taker]} took {e['seeds']} from {src}")
            else:
                parts.append(f"{e['seeds']} from {src} to {dst}")
        elif kind == "child":
            parts.append(f"made {label(e['hole'], n)} a child")
        elif kind == "pass":
            parts.append(f"{'you have' if e['seat'] == you else SEAT_NAMES[e['seat']] + ' has'} "
                         "no move and pass" + ("" if e["seat"] == you else "es"))
    settled = [e for e in events if e["kind"] == "settle" and e["place"] < 0 and e["seeds"]]
    if settled:
        parts.append("the seeds left go to the stores ("
                     + ", ".join(f"{SEAT_NAMES[-1 - e['place']]} {e['seeds']:+d}" for e in settled) + ")")
    if any(e["kind"] == "round_end" for e in events):
        parts.append("the round ends")
    if any(e["kind"] == "extra_turn" for e in events):
        parts.append("sow again" if me else "sows again")
    return ", ".join(parts)


def rings(events: list[dict[str, Any]] | None, seat: int) -> bool:
    """Whether a move is one the bell marks: a capture, or its last seed sown into the
    mover's own store (the seed program's two sounds of play; the end of the game and a
    refused move are the others).

    >>> rings([{"kind": "sow", "hole": 2, "path": [3, 4, 5, -1]}, {"kind": "extra_turn"}], 0)
    True
    >>> rings([{"kind": "sow", "hole": 2, "path": [3, 4]}], 0), rings(None, 0)
    (False, False)
    >>> rings([{"kind": "sow", "hole": 8, "path": [9, 10, 11, -2]}], 0)
    False
    """
    if not events:
        return False
    if any(e["kind"] == "capture" for e in events):
        return True
    sown = [e for e in events if e["kind"] == "sow" and e["path"]]
    return bool(sown) and sown[-1]["path"][-1] == -1 - seat
