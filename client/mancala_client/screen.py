"""What the terminal shows: the lobby and the room as the server pushes them.

`Screen` keeps the variants, the public rooms and the room the player is in (a
`BoardView` and its moves), updates them from each pushed message and prints what
changed: a new board after a move, a line when a player comes or goes, a lobby line
while the player is in the lobby.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mancala_client.api import ServerError
from mancala_client.arrange_words import arrange_lines
from mancala_client.board_view import BoardView, SeatView, ending_line, render_board
from mancala_client.compete_screen import CompeteScreen
from mancala_client.console import Output
from mancala_client.move_words import rings
from mancala_client.moves import SEAT_NAMES, events_of
from mancala_client.round_words import choice_lines
from mancala_client.session import Notice, Session
from mancala_client.wording import describe_error, room_line

PLAYER_WORDS = {"joined": "joined the game", "disconnected": "lost the connection (their seat is kept)",
                "back": "is back", "left": "left the room", "forfeited": "forfeited: away too long",
                "claimable": "has been away too long: {claimer} may claim the win"}
# the same said of the viewer's own seat (another tab of theirs, or their own return)
YOUR_WORDS = {"joined": "joined the game", "disconnected": "lost the connection (your seat is kept)",
              "back": "are back", "left": "left the room", "forfeited": "forfeited: away too long",
              "claimable": "have been away too long: your opponent may claim the win"}
CLAIM_HINT = "Type `claim` to claim the win, or keep waiting: they may still come back."
# game_over's `unrated`: why a rated game moved no rating (docs/competitive.md, "Early games")
UNRATED_WORDS = {"aborted": "No result and no rating change: the game ended before both players had moved.",
                 "short": "Not rated: a player made fewer than two moves."}


class Screen:
    def __init__(self, session: Session, out: Output) -> None:
        self.session = session
        self.out = out
        self.variants: dict[str, Any] = {}
        self.rooms: dict[str, Any] = {}  # public rooms by code
        self.view: BoardView | None = None  # the room the player is in (None: the lobby)
        self.history: list[tuple[int, Any, list[dict[str, Any]] | None]] = []  # seat, move, events
        self.over_shown = False
        self.round_choice: Any = None  # the round_choice the room waits for (round_words.py)
        self.arrange: Any = None  # the room's arrangement offer (arrange_words.py)
        self.handlers: dict[str, Callable[[Any], None]] = {
            "room_state": self.on_room_state,
            "move_made": self.on_move_made,
            "round_started": self.on_round_started,
            "round_choice": self.on_round_choice,
            "player_status": self.on_player_status,
            "spectators": self.on_spectators,
            "game_over": self.on_game_over,
            "rematch_offer": self.on_rematch_offer,
            "lobby": self.on_lobby,
            "lobby_update": self.on_lobby_update,
            "error": self.on_error,
            "server_closing": self.on_server_closing,
            "connection_lost": self.on_notice,
            "reconnected": self.on_notice,
            "resume_failed": self.on_resume_failed,
        }
        # clocks, offers, chat, challenges, ratings (compete_screen.py)
        self.compete = CompeteScreen(self, session, out)
        self.handlers.update(self.compete.handlers())

    def handle(self, msg: Any) -> None:
        """A pushed message or a connection `Notice` (other kinds are not shown)."""
        if msg.type in ("room_state", "move_made", "game_over", "player_status"):
            self.compete.after(msg)  # before the board is drawn: its clock line is current
        handler = self.handlers.get(msg.type)
        if handler is not None:
            handler(msg)
        if msg.type == "taken_back" and self._mine(msg):
            self.show_arrange(getattr(msg, "arrange", None))
        if msg.type in ("room_state", "move_made", "game_over", "player_status", "taken_back"):
            self.compete.arm_low()  # (after the handler: the room's view is current)

    def draw(self) -> None:
        if self.view is not None:
            self.out.board("\n" + render_board(self.view))
            line = self.compete.clock_line()
            if line:
                self.out.say(line)

    def describe_error(self, exc: ServerError) -> str:
        return describe_error(exc, self.view)

    def _mine(self, msg: Any) -> bool:
        return self.view is not None and getattr(msg, "room", None) == self.view.room

    # ---- the room ---------------------------------------------------------------------

    def on_room_state(self, msg: Any) -> None:
        if self.session.room is not None and msg.room != self.session.room:
            return  # an answer about a room we have since left
        self.view = BoardView(
            holes=msg.holes, state=msg.state.model_dump(), you=msg.you,
            seats=[SeatView(s.name, s.connected, s.computer, s.bot) for s in msg.seats],
            title=msg.title, room=msg.room, public=msg.public, status=msg.status, ply=msg.ply,
            last_move=(msg.moves[-1].seat, msg.moves[-1].move) if msg.moves else None,
            last_events=events_of(msg.moves[-1]) if msg.moves else None,
            result=msg.result, spectators=msg.spectators, reason=msg.reason)
        self.history = [(m.seat, m.move, events_of(m)) for m in msg.moves]
        self.over_shown = msg.status == "finished"
        if msg.you is not None:
            self.session.seat_moved(msg.you)
        self.draw()
        self.round_choice = None
        if getattr(msg, "round_choice", None) is not None:
            self.on_round_choice(msg.round_choice)
        self.show_arrange(getattr(msg, "arrange", None))
        if msg.status == "finished" and msg.you is not None:
            self.out.say("Type `rematch` for another game, or `leave`.")
        away = [i for i, s in enumerate(msg.seats) if s.claimable and i != msg.you]
        if msg.status == "playing" and msg.you is not None and away:  # back after a reload or a drop
            self.out.say(f"{SEAT_NAMES[away[0]]} ({msg.seats[away[0]].name or '?'}) has been away too long. "
                         + CLAIM_HINT)

    def on_move_made(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        if msg.ply < v.ply:
            return  # already in the room state we have
        v.state = msg.state.model_dump()
        v.ply = msg.ply + 1
        self.arrange = None  # only the game's first move may arrange
        v.last_move = (msg.seat, msg.move)
        v.last_events = events_of(msg)
        self.history.append((msg.seat, msg.move, v.last_events))
        outcome = v.state.get("outcome")
        over = outcome is not None and not str(outcome.get("kind", "")).startswith("ROUND_")
        if over:
            v.status = "finished"
            self.over_shown = True
        self.draw()
        if over or rings(v.last_events, msg.seat):
            self.out.bell()

    def show_arrange(self, offer: Any) -> None:
        """A room_state or taken_back with the first move still to make: say what it may be."""
        self.arrange = offer
        if offer is not None and self.view is not None and self.view.status == "playing":
            for line in arrange_lines(offer, self.view.you):
                self.out.say(line)

    def on_round_choice(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        assert self.view is not None
        self.round_choice = msg
        for line in choice_lines(msg, self.view.you):
            self.out.say(line)
        if msg.seat == self.view.you:
            self.out.bell()

    def on_round_started(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        v.state = msg.state.model_dump()
        v.ply = msg.ply
        chosen, self.round_choice = self.round_choice, None
        self.out.say("The next round starts, laid out as chosen." if chosen is not None
                     else "The round is over: a new round starts.")
        self.draw()

    def on_player_status(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        seat = v.seats[msg.seat]
        if msg.status == "joined" and msg.seat == v.you:
            return  # ourselves taking the seat
        if msg.status in ("joined", "back"):
            seat.name = msg.name or seat.name
            seat.connected = True
        else:
            seat.connected = False
        if msg.seat == v.you:
            self.out.say(f"You {YOUR_WORDS.get(msg.status, msg.status)}.")
        else:
            who = f"{SEAT_NAMES[msg.seat]} ({msg.name or seat.name or '?'})"
            claimer = "you" if v.you is not None else SEAT_NAMES[1 - msg.seat]
            self.out.say(f"{who} {PLAYER_WORDS.get(msg.status, msg.status).format(claimer=claimer)}.")
            if msg.status == "claimable" and v.you is not None:
                self.out.say(CLAIM_HINT)
        before = v.status
        if v.status == "waiting" and all(s.name or s.computer for s in v.seats):
            v.status = "playing"
        if v.status != before:
            self.draw()
            self.show_arrange(self.arrange)  # the game starts: the first move may arrange

    def on_spectators(self, msg: Any) -> None:
        if self._mine(msg) and self.view is not None:
            self.view.spectators = msg.count

    def on_game_over(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        v.status = "finished"
        v.result = msg.result
        v.reason = msg.reason
        if not self.over_shown:  # (a game ended by the rules showed it with the last board)
            self.out.say(ending_line(msg.result, msg.reason))
            self.out.bell()
        if msg.unrated is not None:
            self.out.say(UNRATED_WORDS[msg.unrated])
        self.over_shown = True
        if v.you is not None:
            self.out.say("Type `rematch` for another game (you swap sides), or `leave`.")

    def on_rematch_offer(self, msg: Any) -> None:
        if not self._mine(msg) or self.view is None:
            return
        if msg.seat == self.view.you:
            self.out.say("Rematch offered; waiting for your opponent to accept.")
        else:
            name = self.view.seats[msg.seat].name or "?"
            self.out.say(f"{SEAT_NAMES[msg.seat]} ({name}) wants a rematch: type `rematch` to accept.")

    # ---- the lobby --------------------------------------------------------------------

    def on_lobby(self, msg: Any) -> None:
        self.rooms = {r.room: r for r in msg.rooms}

    def on_lobby_update(self, msg: Any) -> None:
        if msg.removed:
            gone = self.rooms.pop(msg.removed, None)
            if gone is not None and self.view is None:
                self.out.say(f"Lobby: room {msg.removed} closed.")
            return
        for r in msg.changed():
            old = self.rooms.get(r.room)
            self.rooms[r.room] = r
            if self.view is not None or r.room == self.session.room:
                continue  # in a room the lobby stays quiet (`rooms` still lists it)
            if old is None:
                self.out.say("Lobby: new room " + room_line(r))
            elif (old.status, [s.name for s in old.seats]) != (r.status, [s.name for s in r.seats]):
                self.out.say("Lobby: " + room_line(r))  # (spectator counts and reconnections: quiet)

    # ---- the server and the connection ------------------------------------------------

    def on_error(self, msg: Any) -> None:
        self.out.say(self.describe_error(ServerError(msg.code.value, msg.message, msg.params)))

    def on_server_closing(self, msg: Any) -> None:
        self.out.say(f"Server: {msg.message}")

    def on_notice(self, msg: Notice) -> None:
        self.out.say(msg.text)

    def on_resume_failed(self, msg: Notice) -> None:
        self.view = None
        self.out.say(msg.text)
