"""Draw and takeback offers carried out: the match (match.py) decides what an offer or
an answer does, and these methods of the room do it (tell the news, go back, or end).

A part of `Room` (room.py) kept in a file of its own: the methods are the room's, typed
by `OfferingRoom`, what they need of it, so this module does not import the room.
"""

from __future__ import annotations

import logging
from typing import Protocol

from pydantic import BaseModel

from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.protocol.messages import ArrangeOffer, ErrorCode, MoveRecord, State, TakenBack
from mancala_server.match import Ending, Match, OfferDecision, replay
from mancala_server.room_ports import RoomError, RoomStore

log = logging.getLogger("mancala_server")


class OfferingRoom(Protocol):
    """What carrying out an offer reads and calls of the room."""

    code: str
    match: Match
    game: Game
    first: Position
    moves: list[MoveRecord]
    position: Position
    store: RoomStore
    game_id: int | None

    def broadcast(self, message: BaseModel) -> None: ...
    def end(self, ending: Ending) -> None: ...
    def state(self) -> State: ...
    def arrange_offer(self) -> ArrangeOffer | None: ...
    def touch(self) -> None: ...
    def computer_turn(self) -> None: ...
    def carry_out(self, decision: OfferDecision) -> None: ...
    def _take_back(self, ply: int) -> None: ...
    def replay_to(self, ply: int) -> Position | None: ...


class OfferActions:
    def offer_draw(self: OfferingRoom, seat: int) -> None:
        self.carry_out(self.match.offer_draw(seat))

    def answer_draw(self: OfferingRoom, seat: int, accept: bool) -> None:
        self.carry_out(self.match.answer_draw(seat, accept))

    def offer_takeback(self: OfferingRoom, seat: int) -> None:
        self.carry_out(self.match.offer_takeback(seat))

    def answer_takeback(self: OfferingRoom, seat: int, accept: bool) -> None:
        self.carry_out(self.match.answer_takeback(seat, accept))

    def carry_out(self: OfferingRoom, decision: OfferDecision) -> None:
        """Do what the match decided of an offer: tell its news, go back, or end the game."""
        for news in decision.news:
            self.broadcast(news)
        if decision.take_back_to is not None:
            self._take_back(decision.take_back_to)
        if decision.ending is not None:
            self.end(decision.ending)

    def _take_back(self: OfferingRoom, ply: int) -> None:
        """Back to the position after the first `ply` moves, stored before it is told."""
        pos = self.replay_to(ply)
        if pos is None:
            raise RoomError(ErrorCode.NO_TAKEBACK, "moves cannot be taken back across a new round")
        assert self.game_id is not None
        self.moves = self.moves[:ply]
        self.position = pos
        self.touch()
        clocks = self.match.taken_back()
        # stored with the takeback: the clocks as they stand, which no stored move's mark
        # says, so a restart gives them back as now (the time the taken-back moves used
        # stays used), not as at a move; the journal tells nothing before this commits
        self.store.take_back(self.game_id, ply, self.match.clock_mark())
        log.info("room %s: moves from ply %d taken back", self.code, ply)
        self.broadcast(TakenBack(room=self.code, ply=ply, moves=list(self.moves), state=self.state(), clocks=clocks,
                                 arrange=self.arrange_offer()))
        self.computer_turn()

    def replay_to(self: OfferingRoom, ply: int) -> Position | None:
        """The position after the game's first `ply` moves (a takeback), or None."""
        return replay(self.game, self.first, self.moves, ply)
