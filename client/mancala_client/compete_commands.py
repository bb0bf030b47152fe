"""The terminal's commands of competitive play: offers, chat, mute, challenges, who you
are, transfer codes, the clock."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from mancala_client.command_args import CreateOptions, parse_create, resolve_variant
from mancala_client.compete_screen import CompeteScreen
from mancala_client.console import Output
from mancala_client.help_text import Section
from mancala_client.screen import Screen
from mancala_client.session import Session


def compete_help(players: str) -> list[Section]:
    return [("Competitive play:", [
        ("clock", "both clocks now (timed rooms; yours is also shown when it gets low)"),
        ("draw", "offer a draw, or accept your opponent's offer"),
        ("takeback", "ask to take your last move back, or accept the request (not in rated games)"),
        ("decline", "refuse the offer your opponent made"),
        ("say TEXT", "chat (players: everyone in the room hears it; watching: only the other "
         "spectators, and the players after the game)"),
        ("mute NAME | unmute NAME", "stop (or start again) hearing someone's chat in this room"),
        ("challenge NAME VARIANT [clock 5+3|2d] [rated] [--set P=V]", "challenge a player by name"),
        ("challenges", "the challenges waiting"),
        ("accept ID | decline ID", "answer one"),
        ("me", f"who you are (a player kept in {players}), your ratings"),
        ("rename NAME", "change your name (names are unique)"),
        ("transfer", "a code to play as yourself on another device (`redeem CODE` there)"),
    ])]


Handler = Callable[[list[str]], Awaitable[None]]
CHAT_MAX = 300  # characters in a chat line (the server refuses more)


class CompeteCommands:
    def __init__(self, session: Session, out: Output, screen: Screen, compete: CompeteScreen) -> None:
        self.session = session
        self.out = out
        self.screen = screen
        self.compete = compete

    def table(self) -> dict[str, Handler]:
        return {"clock": self.clock, "draw": self.draw, "takeback": self.takeback, "decline": self.decline,
                "say": self.say, "chat": self.say, "mute": self.mute, "unmute": self.unmute,
                "challenge": self.challenge, "challenges": self.list_challenges, "accept": self.accept,
                "me": self.me, "whoami": self.me, "rename": self.rename, "transfer": self.transfer,
                "redeem": self.redeem}

    def _room(self) -> str | None:
        v = self.screen.view
        if v is None:
            self.out.say("You are in the lobby.")
            return None
        return v.room

    async def clock(self, args: list[str]) -> None:
        self.out.say(self.compete.clock_line() or "This room has no clock.")

    async def draw(self, args: list[str]) -> None:
        await self._offer_or_accept("draw")

    async def takeback(self, args: list[str]) -> None:
        await self._offer_or_accept("takeback")

    async def _offer_or_accept(self, kind: str) -> None:
        """Offer a draw or a takeback, or accept the opponent's offer of the same."""
        room = self._room()
        if room is None:
            return
        offer = self.compete.offer
        if offer is not None and offer.kind == kind and offer.seat != self.screen.view.you:  # type: ignore[union-attr]
            await self.session.request({"type": f"answer_{kind}", "room": room, "accept": True})
        else:
            await self.session.request({"type": f"offer_{kind}", "room": room})

    async def decline(self, args: list[str]) -> None:
        if args:  # a challenge
            await self.session.request({"type": "answer_challenge", "challenge": args[0], "accept": False})
            self.compete.challenges.pop(args[0], None)
            return
        room = self._room()
        offer = self.compete.offer
        if room is None or offer is None:
            self.out.say("There is no offer to decline.")
            return
        kind = "answer_draw" if offer.kind == "draw" else "answer_takeback"
        await self.session.request({"type": kind, "room": room, "accept": False})

    async def say(self, args: list[str]) -> None:
        room = self._room()
        if room is None or not args:
            return
        text = " ".join(args)
        if len(text) > CHAT_MAX:  # (the page's field stops at 300; here nothing is cut unseen)
            self.out.say(f"Not sent: a chat line is at most {CHAT_MAX} characters (that one has {len(text)}).")
            return
        await self.session.request({"type": "chat", "room": room, "text": text})

    async def mute(self, args: list[str], muted: bool = True) -> None:
        room = self._room()
        if room is None or not args:
            return
        name = " ".join(args)
        await self.session.request({"type": "mute", "room": room, "name": name, "muted": muted})
        self.out.say(f"{name} {'muted' if muted else 'can be heard again'}.")

    async def unmute(self, args: list[str]) -> None:
        await self.mute(args, muted=False)

    async def challenge(self, args: list[str]) -> None:
        if len(args) < 2:
            self.out.say("Usage: challenge NAME VARIANT [clock 5+3|2d] [rated] [--set P=V]")
            return
        try:
            variant = resolve_variant(args[1], self.screen.variants)
            options: CreateOptions = parse_create(args[2:])
        except ValueError as exc:
            self.out.say(f"Cannot challenge: {exc}")
            return
        sent = await self.session.request({"type": "challenge", "to": args[0], "variant": variant,
                                           **options.terms(),
                                           **options.settings_for(self.screen.variants.get(variant))})
        self.compete.on_challenge(sent)

    async def list_challenges(self, args: list[str]) -> None:
        if not self.compete.challenges:
            self.out.say("No challenges waiting.")
        for cid, c in self.compete.challenges.items():
            self.out.say(f"  {cid}: {c.by} -> {c.to}, {c.variant}")

    async def accept(self, args: list[str]) -> None:
        cid = args[0] if args else next(iter(self.compete.challenges), None)
        if cid is None:
            self.out.say("No challenge to accept.")
            return
        c = self.compete.challenges.pop(cid, None)
        granted = await self.session.request({"type": "answer_challenge", "challenge": cid, "accept": True})
        self.session.seated_by_challenge(granted, c.variant if c is not None else "")
        self.screen.view = None
        self.out.say(f"Challenge accepted: room {granted.room}.")

    async def me(self, args: list[str]) -> None:
        who = self.session.identity
        if who is None:
            self.out.say("You play as a guest (no player file).")
            return
        ratings = ", ".join(f"{r.variant} {r.rating}{'?' if r.provisional else ''}" for r in who.ratings)
        self.out.say(f"You are {who.name}." + (f" Ratings: {ratings}." if ratings else " No rated games yet."))

    async def rename(self, args: list[str]) -> None:
        if args:
            self.session.remember(await self.session.request({"type": "rename", "name": " ".join(args)}))
            self.out.say(f"You are {self.session.name} now.")

    async def transfer(self, args: list[str]) -> None:
        reply = await self.session.request({"type": "transfer_code"})
        self.out.say(f"On the other device type `redeem {reply.code}` within {reply.expires_in // 60} minutes. "
                     "Once it is used, the key kept here stops working (a new key ends the old ones).")

    async def redeem(self, args: list[str]) -> None:
        if args:
            self.session.remember(await self.session.request({"type": "redeem_transfer", "code": args[0]}))
            self.out.say(f"You are {self.session.name} here now; the keys of your other devices no longer work.")
