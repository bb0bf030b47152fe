"""Chat in a room: the players' channel and the spectators' channel, kept apart.

Players talk to everyone in the room; spectators talk among themselves, and the players
do not see that channel while the game is on (so nobody whispers moves to them); once
the game is over, spectators' lines reach the players too. Every line is checked (the
message model: printable, at most 300 characters), rate limited per person, passed
through the word filter hook, stored with the game, and only then told. The rate is the
person's and their address's, across every room (rate_limits.py): leaving a room or
opening another socket starts no fresh allowance. A member may mute a name: that name's
lines no longer reach them, nor those of whoever bore it then under another name (a
guest who says `hello` again is the same address).
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Literal, Protocol

from mancala.protocol.messages import ChatMessage, ErrorCode
from mancala_server.clock import Clock
from mancala_server.compete_store import ChatRow
from mancala_server.rate_limits import PersonLimit, identity_of, person_limit
from mancala_server.room_ports import Deliver, Member, RoomError, RoomStore

CHAT_RATE = 0.5  # lines a second per person, on average (the server's settings say the real one)
CHAT_BURST = 5
REMEMBERED = 50  # recent lines kept for a room_state after a (re)join


class WordFilter(Protocol):
    """The server-side hook every line passes: returns the text to show (or None to drop
    the line). An operator may plug in their own; the default masks listed words."""

    def __call__(self, text: str) -> str | None: ...


class MaskWords:
    """Masks each listed word (case-insensitive, whole words) with asterisks."""

    def __init__(self, words: list[str]) -> None:
        self.words = {w.casefold() for w in words if w.strip()}

    def __call__(self, text: str) -> str | None:
        if not self.words:
            return text
        out = []
        for token in text.split(" "):
            core = token.strip(".,!?;:'\"()")
            out.append(token.replace(core, "*" * len(core)) if core and core.casefold() in self.words else token)
        return " ".join(out)


class ChatVenue(Protocol):
    """What the chat reads of its room, and nothing more (a Room is one)."""

    @property
    def code(self) -> str: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def store(self) -> RoomStore: ...

    @property
    def deliver(self) -> Deliver: ...

    @property
    def game_id(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def spectators(self) -> Collection[Member]: ...

    def clients(self) -> set[Member]: ...


class RoomChat:
    def __init__(self, room: ChatVenue) -> None:
        self.room = room
        self.filter: WordFilter = MaskWords([])
        # the hub checks its own limits before a line comes here (compete_hub.on_chat) and
        # sets this None; this one is a room's own only where there is no hub (unit tests)
        self.limit: PersonLimit | None = person_limit(CHAT_RATE, CHAT_BURST, 4 * CHAT_RATE, 4 * CHAT_BURST,
                                               room.clock.now)
        self.muted: dict[Member, set[str]] = {}  # names (casefolded) and identities (rate_limits)
        self.recent: list[ChatMessage] = []

    def say(self, member: Member, text: str) -> None:
        room = self.room
        seat = member.seats.get(room.code)
        self.check_in_room(member)
        if self.limit is not None and not self.limit.take(member):
            person = self.limit.person
            raise RoomError(ErrorCode.RATE_LIMITED, f"at most {person.burst} chat lines at once, then one every "
                                                    f"{1 / person.rate:g} s (for you, and for your address)")
        shown = self.filter(text)
        if shown is None:
            return  # the filter dropped it: nobody hears it (the speaker gets an ack all the same)
        channel: Literal["players", "spectators"] = "players" if seat is not None else "spectators"
        line = ChatMessage(room=room.code, channel=channel, name=member.name, seat=seat, text=shown, at=time.time())
        if room.game_id is not None:
            room.store.add_chat(room.game_id, ChatRow(line.at, seat, member.name, channel, shown))
        self.recent = [*self.recent[-(REMEMBERED - 1):], line]
        room.deliver([m for m in self.audience(channel) if not self._mutes(m, member)], line)

    def audience(self, channel: str) -> set[Member]:
        room = self.room
        if channel == "players" or room.finished:
            return room.clients()
        return set(room.spectators)

    def _mutes(self, member: Member, speaker: Member) -> bool:
        muted = self.muted.get(member, ())
        return speaker.name.casefold() in muted or identity_of(speaker) in muted

    def _mutes_name(self, member: Member, name: str) -> bool:
        return name.casefold() in self.muted.get(member, ())

    def check_in_room(self, member: Member) -> None:
        room = self.room
        if member.seats.get(room.code) is None and member not in room.spectators:
            raise RoomError(ErrorCode.NOT_A_PLAYER, f"you are not in room {room.code}")

    def mute(self, member: Member, name: str, muted: bool) -> None:
        # only the room's people: a mute is forgotten when they leave, and someone who
        # never came would otherwise leave one behind in every room they named
        self.check_in_room(member)
        names = self.muted.setdefault(member, set())
        key = name.casefold()
        bearers = {identity_of(m) for m in self.room.clients() if m.name.casefold() == key}
        if muted:
            names.add(key)
            names.update(bearers)
        else:
            names.discard(key)
            names.difference_update(bearers)

    def forget(self, member: Member) -> None:
        """The member left the room: its mutes go with it (its rate stays its own)."""
        self.muted.pop(member, None)

    def game_ended(self) -> None:
        """The spectators' lines, kept from the players while the game ran, reach them now
        (as promised: docs/protocol.md), not only after a reload."""
        room = self.room
        heard = [m for m in self.recent if m.channel == "spectators"]
        if not heard:
            return
        for member in room.clients():
            if member.seats.get(room.code) is None:
                continue  # spectators heard them as they were said
            for line in heard:
                if not self._mutes_name(member, line.name):
                    room.deliver([member], line)

    def lines_for(self, member: Member) -> list[ChatMessage]:
        """The recent lines this member may see (after a join, reconnect or spectate)."""
        seat = member.seats.get(self.room.code)
        open_to_all = seat is None or self.room.finished
        return [m for m in self.recent if (m.channel == "players" or open_to_all) and not self._mutes_name(member, m.name)]
