"""The terminal's sentences about the server's answers: errors and public rooms."""

from __future__ import annotations

import re
from typing import Any

from mancala_client.api import ServerError
from mancala_client.board_view import BoardView
from mancala_client.moves import SEAT_NAMES, label

ERROR_HINTS = {
    "illegal_move": "Illegal move",
    "not_your_turn": "Not your turn",
    "stale_ply": "The board changed before your move arrived; look again and retry",
    "game_over": "The game is over",
    "room_full": "That room is full (you can `watch` it)",
    "seat_taken": "That seat is taken",
    "no_such_room": "No such room: check the code",
    "bad_token": "That seat token is not valid for this room",
    "unknown_variant": "No such variant (type `variants` to list them)",
    "invalid_variant": "That variant is not valid",
    "invalid_setting": "Those settings cannot be played with this variant",
    "not_a_player": "You have no seat in this room",
    "rate_limited": "Slow down: too many messages",
    "protocol_version": "The server speaks another protocol version",
    "shutting_down": "The server is shutting down",
    "too_large": "Message too large",
    "bad_message": "The server did not understand the request",
    "unknown_type": "The server does not know that request",
    "try_again": "The room is moving between servers just now; try again in a moment",
    "rules_timeout": "The variant's rules took too long on the server; nothing changed",
    "quota": "Too many open rooms",  # the server says whose: this connection's or the address's
    "internal_error": "Something went wrong on the server; try again",
    "not_claimable": "There is no win to claim",
    "no_swap": "No swap now (only the second player, instead of their first move, in a room with the swap rule)",
    "not_rated_here": "That game is not rated against the computer (its first move decides it): play it casual",
    "no_such_tournament": "There is no such tournament",
    "tournament_closed": "That tournament is not taking this now (it is over, full, or started)",
    "no_choice": "There is no round choice for you to make now",
    "illegal_choice": "The rules do not allow that choice of the next round",
    # competitive play (the page's words, client/mancala_client/web/text.js, said the terminal's way)
    "not_identified": "That needs a known player (you play as a guest: start without --guest)",
    "name_taken": "Another player already has that name",
    "bad_secret": "The server does not know the player kept in your player file",
    "bad_transfer": "That code does not work (codes work once, for ten minutes)",
    "no_offer": "No offer",  # the server says which: none to answer, one of yours stands, a computer
    "no_takeback": "No takeback",
    "no_such_player": "No player of that name is online",
    "no_such_challenge": "That challenge is no longer open",
}


def describe_error(exc: ServerError, view: BoardView | None) -> str:
    """A refusal in the player's words; holes named as on the board `view` shows."""
    head = ERROR_HINTS.get(exc.code, f"Server error ({exc.code})")
    message = exc.message
    if view is not None:
        # board indices in the server's words become the labels on this screen
        n = view.holes
        message = re.sub(r"hole (\d+)", lambda m: f"hole {label(int(m.group(1)), n)}"
                         if int(m.group(1)) < 2 * n else m.group(0), message)
    text = f"{head}: {message}" if message else head
    if exc.params:
        text += f" (parameters: {', '.join(exc.params)})"
    return text


def plural(count: int, word: str) -> str:
    """
    >>> plural(1, "variant"), plural(3, "public room")
    ('1 variant', '3 public rooms')
    """
    return f"{count} {word}" + ("" if count == 1 else "s")


def room_line(r: Any) -> str:
    """A public room on one line: code, variant, status, who sits where, who watches."""
    seats = "  ".join(f"{SEAT_NAMES[i]}: {s.name or '(free)'}" + ("" if s.connected or not s.name else " (away)")
                      for i, s in enumerate(r.seats))
    watch = f"  {r.spectators} watching" if r.spectators else ""
    return f"{r.room}  {r.title} ({r.variant})  {r.status}  {seats}{watch}"
