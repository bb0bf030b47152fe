"""The opening explorer's rules: which finished games count, and what each one adds.

A counted game adds one to every node along its first DEPTH moves: at the position after
the moves so far (its `path`), the move played, who played it, and how the game ended for
them. A tree is kept per *book*: a variant's definition (by its digest, so games played
under an earlier definition of the same name never mix with today's) and the seat that
moved first (the same hole numbers mean other moves when North starts).

Anyone can make games, so a game counts only when it says something about how people
play (docs/explorer.md): both seats held by known players, two different ones (guests,
computers and self-play add nothing); each moved at least MIN_MOVES_EACH times (the
ratings' rule against games resigned at once); the room was public (a private game's
moves are its players' business); it started from the variant's standard layout (a
random layout has no opening to share). One pair of players adds at most PAIR_PER_DAY
games a day, so two accounts cannot push a line up the table by replaying it.

Pure functions of a stored game: the feed (explorer_feed.py) reads the games and stores
what this returns, once per game, in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from mancala.engine.position import OutcomeKind
from mancala_server.explorer_rows import DEPTH, MAX_PATH_TEXT, Judged, Step
from mancala_server.match import MIN_MOVES_EACH
from mancala_server.store import GameRow
from mancala_server.stored_rules import digest


def book_key(variant: str, variant_json: dict[str, Any], starter: int) -> str:
    return f"{variant}:{digest(variant_json)}:{starter}"


def move_key(move: Any) -> str:
    return json.dumps(move, separators=(",", ":"))


def path_key(moves: Sequence[Any]) -> str:
    return json.dumps(list(moves), separators=(",", ":"))


def pair_key(players: Sequence[str | None]) -> str:
    return "|".join(sorted(p or "" for p in players))


def judge(row: GameRow, public: bool, standard_start: dict[str, Any] | None,
          ratings: tuple[int | None, int | None]) -> Judged:
    """What a finished game adds to its variant's tree. `standard_start`: the board and
    stores the definition starts from for the game's starter (None: it has no fixed one);
    `ratings`: each player's rating in the variant when the game counts (None: unrated)."""
    book = book_key(row.variant, row.variant_json, row.starter)
    pair = pair_key(known_players(row))
    why_not = _why_not(row, public, standard_start)
    if why_not is not None:
        return Judged(book, pair, why_not)
    assert row.outcome is not None
    # a later round starts from a layout of its own: only the first round's opening is one
    last: int = min([DEPTH, len(row.moves), *(int(ply) for ply in row.rounds or {})])
    moves = [move for _, move in row.moves]
    steps = tuple(Step(path_key(moves[:ply]), move_key(moves[ply]), row.moves[ply][0]) for ply in range(last))
    rated = row.match is not None and row.match.terms.rated
    south, north = ratings
    rating = round((south + north) / 2) if rated and south is not None and north is not None else None
    return Judged(book, pair, None, steps, row.outcome.winner, rating)


def known_players(row: GameRow) -> tuple[str | None, str | None]:
    """The players' ids as the game's terms name them (the games table keeps the names
    shown, which a guest has too); None for a guest or the computer."""
    return row.match.terms.players if row.match is not None else (None, None)


def _why_not(row: GameRow, public: bool, standard_start: dict[str, Any] | None) -> str | None:
    outcome = row.outcome
    if outcome is None or outcome.kind not in (OutcomeKind.WIN, OutcomeKind.TIE) or row.reason == "aborted":
        return "no result"
    south, north = known_players(row)
    if south is None or north is None:
        return "a seat without a known player"
    if south == north:
        return "one player on both seats"
    if not public:
        return "a private game"
    if any(sum(1 for seat, _ in row.moves if seat == s) < MIN_MOVES_EACH for s in (0, 1)):
        return "too short"
    if standard_start is None or (row.start is not None and not _same_layout(row.start, standard_start)):
        return "not the standard layout"
    return None


def _same_layout(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return list(a.get("board", [])) == list(b.get("board", [])) and \
        list(a.get("stores", [])) == list(b.get("stores", []))


class PathError(ValueError):
    """A requested path the explorer refuses (its text says what was wrong)."""


def parse_path(text: str | None) -> list[Any]:
    """The moves of `?moves=` (a JSON list), bounded: at most DEPTH moves, each a hole
    number or [hole, direction]."""
    if not text:
        return []
    if len(text) > MAX_PATH_TEXT:
        raise PathError(f"moves: at most {MAX_PATH_TEXT} characters")
    try:
        moves = json.loads(text)
    except ValueError:
        raise PathError("moves: not a JSON list") from None
    if not isinstance(moves, list):
        raise PathError("moves: not a JSON list")
    if len(moves) > DEPTH:
        raise PathError(f"moves: the explorer keeps the first {DEPTH} moves of each game")
    for ply, move in enumerate(moves):
        if not _move_shape(move):
            raise PathError(f"moves[{ply}]: {str(move)[:40]!r} is neither a hole number nor [hole, direction]")
    return moves


def _move_shape(move: Any) -> bool:
    if isinstance(move, bool):
        return False
    if isinstance(move, int):
        return -1000 < move < 1000
    return isinstance(move, list) and 1 <= len(move) <= 3 and all(
        (isinstance(x, int) and not isinstance(x, bool) and -1000 < x < 1000) or (isinstance(x, str) and len(x) <= 8)
        for x in move)
