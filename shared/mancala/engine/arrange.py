"""ARNGE_LIMIT's arrangement move (docs/rules.md, "The arrangement move").

The game's starter may, as their first move, lay out the seeds of their own side as
they like; the opponent's side takes the same layout, each counted from its owner's
left. The move is `{"arrange": [c0, ..., c(n-1)]}`. It is never in `legal` (the
layouts are too many to list, and the computer player never needs one); a client
offers it itself from `offer`.

If the starter sows instead, the inhibitor holds their captures and children back
until a move captures or changes something (mancala.engine.inhibit.ArrangeLimit):
`first_sow` switches it on.
"""

from __future__ import annotations

from typing import Any

from mancala.engine.board import Board
from mancala.engine.position import Position
from mancala.rules.enums import SowPrescribed
from mancala.rules.variant import Variant

ARRANGE = "arrange"


class ArrangeRefused(ValueError):
    """Why this arrangement cannot be played here (the position is unchanged)."""


def is_arrange(move: Any) -> bool:
    """The move is an arrangement's JSON form (whatever its counts)."""
    return isinstance(move, dict) and ARRANGE in move


def own_left(board: Board, player: int) -> tuple[int, ...]:
    """The player's side, from their own left (round its cycle for the halves)."""
    if board.east_west:
        return board.order[player]
    n = board.holes
    return tuple(range(player * n, player * n + n))


def _first_move(pos: Position) -> bool:
    """No move has been made in the game: `last` survives the rounds, `mcount` a pass."""
    return pos.last is None and pos.mcount == 0 and pos.outcome is None and pos.turn == pos.starter


def why_not_now(variant: Variant, board: Board, pos: Position) -> str | None:
    """Why no arrangement can be played in `pos` at all, or None when one can."""
    if variant.game_info.prescribed != SowPrescribed.ARNGE_LIMIT:
        return "this game has no arrangement move (prescribed is not ARNGE_LIMIT)"
    if not _first_move(pos):
        return "the seeds may be arranged only as the game's first move"
    if any(pos.blocked) or any(c is not None for c in pos.child) or pos.empty_store:
        return "the seeds may be arranged only on a board with no blocked hole or child"
    mine, theirs = own_left(board, pos.turn), own_left(board, 1 - pos.turn)
    if sum(pos.board[loc] for loc in mine) != sum(pos.board[loc] for loc in theirs):
        return "the seeds may be arranged only while both sides hold the same number"
    return None


def offer(variant: Variant, board: Board, pos: Position) -> dict[str, Any] | None:
    """What a client needs to offer the arrangement to the player to move, or None:
    `seat`, `holes` (the side's length), `seeds` (to lay out), `min_move`, `current`
    (the side as it lies, from the mover's left)."""
    if why_not_now(variant, board, pos) is not None:
        return None
    mine = own_left(board, pos.turn)
    current = [pos.board[loc] for loc in mine]
    return {"seat": pos.turn, "holes": len(mine), "seeds": sum(current),
            "min_move": variant.game_info.min_move, "current": current}


def checked_counts(variant: Variant, board: Board, pos: Position, move: Any) -> list[int]:
    """The counts of an arrangement that is legal in `pos`; ArrangeRefused says why not."""
    why = why_not_now(variant, board, pos)
    if why is not None:
        raise ArrangeRefused(why)
    if not isinstance(move, dict) or set(move) != {ARRANGE}:
        raise ArrangeRefused('an arrangement is {"arrange": [seeds, ...]} and nothing else')
    counts = move[ARRANGE]
    mine = own_left(board, pos.turn)
    if not isinstance(counts, list | tuple) or len(counts) != len(mine):
        raise ArrangeRefused(f"an arrangement lists the seeds of all {len(mine)} holes of your side")
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
        raise ArrangeRefused("an arrangement's counts are whole numbers of 0 or more")
    seeds = sum(pos.board[loc] for loc in mine)
    if sum(counts) != seeds:
        raise ArrangeRefused(f"an arrangement lays out all {seeds} seeds of your side, not {sum(counts)}")
    if list(counts) == [pos.board[loc] for loc in mine]:
        # the reference takes an unchanged layout as no arrangement: the player sows
        raise ArrangeRefused("an arrangement changes the layout; to keep it as it is, sow")
    need = variant.game_info.min_move
    if max(counts) < need:
        raise ArrangeRefused(f"an arrangement leaves a move: one hole needs at least {need} seeds")
    return list(counts)


def arrange(board: Board, pos: Position, counts: list[int], count_movers: bool) -> None:
    """Lay the counts out on both sides (trusted: `checked_counts` said yes); it is the
    mover's move and the turn passes."""
    player = pos.turn
    for locs in (own_left(board, player), own_left(board, 1 - player)):
        for loc, seeds in zip(locs, counts, strict=True):
            pos.board[loc] = seeds
    pos.mcount += 1
    pos.movers += count_movers
    pos.turn = 1 - player
    pos.legal = None
