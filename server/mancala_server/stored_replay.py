"""A stored game played again by given rules: its positions, a room's moves, its record.

Pure (no asyncio, no storage): the same functions run in the server's threads for a
definition that is a built-in one today, and in the rules workers (rules_worker.py,
`run`) for any other stored definition (stored_rules.py says which is which). Each takes
the `Game` of the definition the game was stored with, never one found by name.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mancala.engine.game import ROUND_KINDS, Game, IllegalMove
from mancala.engine.position import Position
from mancala.protocol.messages import MoveRecord, move_events
from mancala.record import GameInfo, record_text
from mancala.rules.variant import Variant
from mancala_server.next_round import next_round_or_none
from mancala_server.store import GameRow


def first_position(game: Game, row: GameRow) -> Position:
    """A stored game's position before its first move."""
    start = row.start
    if start is not None:
        return game.start(row.starter, board=start["board"], stores=start["stores"])
    # stored before layouts were kept: only a fixed layout can be rebuilt
    if game.variant.game_info.start_pattern.is_random:
        raise IllegalMove("the game's random first layout was not stored")
    return game.start(row.starter)


def replay(game: Game, row: GameRow) -> Iterator[tuple[Position, Position | None]]:
    """A stored game played again, as the room played it: the position before the first
    move, then after each move, each with the next round's first position when that move
    ended a round (as drawn then, not drawn anew). Raises IllegalMove when the stored
    moves do not replay."""
    pos = first_position(game, row)
    yield pos, None
    yield from play_on(game, row, pos, 0)


def play_on(game: Game, row: GameRow, pos: Position, first: int) -> Iterator[tuple[Position, Position | None]]:
    """`replay` from the position `pos` before move `first` on (the next round's first
    position where the previous move ended a round)."""
    for _ply, shown, nxt, _events in _moves(game, row, pos, first):
        yield shown, nxt


def _moves(game: Game, row: GameRow, pos: Position,
           first: int) -> Iterator[tuple[int, Position, Position | None, list[dict[str, Any]]]]:
    rounds = row.rounds or {}
    for ply, (seat, move) in enumerate(row.moves[first:], first):
        if pos.turn != seat:
            raise IllegalMove(f"ply {ply}: stored for seat {seat}, but seat {pos.turn} is to move")
        pos, events = game.play_events(pos, move)
        nxt = None
        if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
            laid = rounds.get(ply + 1)
            if laid is None and ply + 1 == len(row.moves) and game.round_choice(pos) is not None:
                nxt = None  # stored while a player chose the next round: the room waits again
            elif laid is not None and laid.get("choice") is not None:
                nxt = game.next_round(pos, laid["choice"])  # as the player chose it (room_choice.py)
                game.legal_moves(nxt)
            else:
                nxt = next_round_or_none(game, pos)
            if nxt is not None and laid is not None:  # as drawn then, not drawn anew
                nxt.board, nxt.stores, nxt.legal = list(laid["board"]), list(laid["stores"]), None
        yield ply, pos, nxt, events
        if nxt is not None:
            pos = nxt


def position_at(game: Game, row: GameRow, ply: int) -> Position | None:
    """The position to move after the first `ply` moves (a new round's first position
    where that move ended a round), or None past the end of the game."""
    for i, (shown, nxt) in enumerate(replay(game, row)):
        if i == ply:
            return nxt if nxt is not None else shown
    return None


# ---- the positions pages (position_pages.py) ---------------------------------------------


@dataclass
class Progress:
    """A game's positions replayed so far: `states[i]` after the first i moves (as its
    JSON, encoded once in the replay's thread: a page is then a join, whatever its
    `from`; encoding 500 states took 3 to 7 ms of the event loop at every request), the
    next round's first position by ply where a move ended a round, the moves played
    (a prefix of the game's), and the position the next move is played from. `title` and
    `holes` are the stored definition's (read where the replay ran, not on the event loop)."""

    starter: int
    start: dict[str, Any] | None
    moves: list[tuple[int, Any]]
    states: list[bytes]
    round_starts: dict[int, dict[str, Any]]
    pos: Position
    title: str = ""
    holes: int = 0
    final: bool = False  # replayed to the end of a finished game: it changes no more
    played: int = 0  # moves this replay has played (tests: only new moves are played)

    @classmethod
    def begin(cls, game: Game, row: GameRow) -> Progress:
        pos = first_position(game, row)
        return cls(row.starter, row.start, [], [json.dumps(game.state_json(pos)).encode()], {}, pos,
                   game.variant.name, game.variant.holes)

    def fits(self, row: GameRow) -> bool:
        """Whether these are the first moves of `row` as it is now."""
        n = len(self.moves)
        return (self.starter, self.start) == (row.starter, row.start) and len(row.moves) >= n \
            and row.moves[:n] == self.moves


def carry_on(game: Game, row: GameRow, progress: Progress | None, stop: int | None) -> Progress:
    """`progress` (or a new replay, where it does not fit the game any more) carried on
    until the positions [0, stop) are there (to the end: stop None). The work is the moves
    not replayed yet. Raises IllegalMove when the moves do not replay."""
    if progress is None or not progress.fits(row):
        progress = Progress.begin(game, row)
    want = len(row.moves) if stop is None else min(len(row.moves), stop - 1)
    have = len(progress.moves)
    if want > have:
        for ply, (shown, nxt) in enumerate(play_on(game, row, progress.pos, have), have + 1):
            progress.states.append(json.dumps(game.state_json(shown)).encode())
            progress.moves.append(row.moves[ply - 1])
            if nxt is not None:
                progress.round_starts[ply] = game.state_json(nxt)
            progress.pos = nxt if nxt is not None else shown
            progress.played += 1
            if ply >= want:
                break
    finished = row.outcome is not None or row.result is not None
    progress.final = finished and len(progress.moves) == len(row.moves)
    return progress


# ---- a live room brought back after a restart (hub.py, room.py) ----------------------------


@dataclass
class Restored:
    """A live room's game played again: its variant, first position, the position to move
    now and every move as the room tells it (with its events)."""

    variant: Variant
    first: Position
    position: Position
    moves: list[MoveRecord]


def restored(game: Game, row: GameRow) -> Restored:
    """Every committed move of `row` through the engine (IllegalMove when they no longer
    replay): what a restarted room goes on from."""
    first = pos = first_position(game, row)
    records = []
    for ply, shown, nxt, events in _moves(game, row, pos, 0):
        records.append(MoveRecord(ply=ply, seat=row.moves[ply][0], move=row.moves[ply][1],
                                  events=move_events(events)))
        pos = nxt or shown
    # with its legal moves: a room whose rules run in the workers reads them, never works them out
    game.legal_moves(pos)
    return Restored(game.variant, first, pos, records)


# ---- in a rules worker ---------------------------------------------------------------------


def run(game: Game, what: str, args: tuple[Any, ...]) -> Any:
    """One piece of stored-game work for a definition the server does not run itself."""
    match what:
        case "positions":
            row, stop = args
            return carry_on(game, row, None, stop)
        case "restore":
            (row,) = args
            return restored(game, row)
        case "record":
            info, rounds = args
            return record_text(game, info, rounds)
        case _:
            raise ValueError(f"no stored-game work named {what!r}")


def record_info(row: GameRow, title: str) -> GameInfo:
    """What the text record says besides the moves."""
    return GameInfo(variant=row.variant, title=title, starter=row.starter, players=row.players,
                    moves=[m for _, m in row.moves], game_id=row.id, result=row.result, reason=row.reason,
                    start=row.start, seats=[s for s, _ in row.moves],
                    choices={ply: r["choice"] for ply, r in (row.rounds or {}).items() if r.get("choice")} or None)
