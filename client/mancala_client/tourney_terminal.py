"""Tournaments in the terminal (docs/tournaments.md): list them, enter, withdraw, follow a
table; a pairing seats the player in its room as an accepted challenge does. What the
table says is the server's: the terminal only prints it."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Awaitable, Callable
from typing import Any

from mancala_client.console import Output
from mancala_client.help_text import Section
from mancala_client.screen import Screen
from mancala_client.session import Session

SEAT_NAMES = ("South", "North")
SHOWN = 10  # rows of a table printed


def tourney_help() -> list[Section]:
    return [("Tournaments:", [
        ("tournaments", "those open or running, with their ids"),
        ("tjoin ID", "enter one (its games come to you as they are paired)"),
        ("tleave ID", "withdraw (the points you made stay)"),
        ("twatch ID", "follow its table"),
    ])]


def http_base(ws_url: str) -> str:
    """The server's HTTP address from its socket's (same host and port)."""
    base = ws_url.replace("wss://", "https://", 1).replace("ws://", "http://", 1)
    return base.rsplit("/ws", 1)[0]


def table_text(state: Any) -> str:
    kind = "arena" if state.kind == "arena" else f"Swiss, round {state.round} of {state.rounds}"
    lines = [f"{state.name} ({state.tournament}): {state.title}, {kind}, {state.status}"]
    for row in state.standings[:SHOWN]:
        marks = (" (bot)" if row.bot else "") + (" on fire" if row.fire else "") + (
            " (withdrawn)" if row.withdrawn else "") + (" playing" if row.playing else "")
        lines.append(f"  {row.rank:>3}. {row.name}{marks}  {row.score:g} points, {row.games} games, {row.rating}")
    if len(state.standings) > SHOWN:
        lines.append(f"  ... and {len(state.standings) - SHOWN} more")
    return "\n".join(lines)


class TourneyTerminal:
    def __init__(self, session: Session, out: Output, screen: Screen) -> None:
        self.session, self.out, self.screen = session, out, screen
        self.shown: dict[str, tuple[str, int]] = {}  # id -> (status, round) last printed
        self.variants: dict[str, str] = {}  # id -> its variant, for the seats it gives

    def table(self) -> dict[str, Callable[[list[str]], Awaitable[None]]]:
        return {"tournaments": self.listing, "tjoin": self.join, "tleave": self.leave, "twatch": self.watch}

    def handlers(self) -> dict[str, Callable[[Any], None]]:
        return {"tournament_state": self.on_state, "tournament_game": self.on_game}

    async def listing(self, args: list[str]) -> None:
        url = http_base(self.session.url) + "/api/tournaments"
        try:
            body = await asyncio.to_thread(lambda: urllib.request.urlopen(url, timeout=10).read())  # noqa: S310
        except OSError as exc:
            self.out.say(f"The tournaments could not be read: {exc}")
            return
        live = [t for t in json.loads(body)["tournaments"] if t["status"] != "finished"]
        if not live:
            self.out.say("No tournament is open or running.")
            return
        for t in live:
            self.out.say(f"  {t['tournament']}  {t['name']}: {t['kind']}, {t['title']}, {t['players']} in, "
                         f"{t['status']}")

    async def _ask(self, kind: str, args: list[str]) -> None:
        if len(args) != 1:
            self.out.say(f"Say `{kind} ID` (`tournaments` lists them).")
            return
        request = {"tjoin": "join_tournament", "tleave": "leave_tournament", "twatch": "watch_tournament"}[kind]
        # a refusal raises the server's typed error, which the command loop prints in words
        state = await self.session.request({"type": request, "tournament": args[0]})
        self.on_state(state, force=True)

    async def join(self, args: list[str]) -> None:
        await self._ask("tjoin", args)

    async def leave(self, args: list[str]) -> None:
        await self._ask("tleave", args)

    async def watch(self, args: list[str]) -> None:
        await self._ask("twatch", args)

    def on_state(self, msg: Any, force: bool = False) -> None:
        """A table: printed when asked, and when its state or round changes (not at every
        game's end: a terminal is not a scoreboard)."""
        self.variants[msg.tournament] = msg.variant
        mark = (msg.status, msg.round)
        if force or self.shown.get(msg.tournament) != mark:
            self.shown[msg.tournament] = mark
            self.out.say(table_text(msg))

    def on_game(self, msg: Any) -> None:
        self.session.seated_by_challenge(msg, self.variants.get(msg.tournament, ""))
        self.screen.view = None
        self.out.say(f"Tournament game against {msg.opponent}: room {msg.room}, you are {SEAT_NAMES[msg.seat]}.")
