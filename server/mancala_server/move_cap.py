"""An end to endless play: a server-side limit on the moves of one game (issue 23).

Some positions can be played round and round for ever (a 6,000-ply game was seen), and
every move of such a game costs the server in records, replays and catch-ups. A game
ends after `move_cap(total)` moves, derived from the seeds in play: `per_seed` moves a
seed (50: a 48-seed board gets 2,400 moves, some 40 times a usual game's length), never
fewer than `minimum`.

The outcome at the limit (docs/rules-decisions.md): the player whose store holds more
than half of all seeds wins, since they have won whatever follows (stores only grow, as a
timed-out game is judged: match.time_out); otherwise the game is a draw. The engine's
own ending is not played out: in many variants it needs the game to stop by itself,
which is what this game does not do.
"""

from __future__ import annotations

from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala_server.match import Ending
from mancala_server.seat import SEAT_NAMES


def move_cap(total_seeds: int, per_seed: int, minimum: int) -> int:
    """The most moves a game with this many seeds may have."""
    return max(minimum, per_seed * total_seeds)


def ending_at_cap(pos: Position, moves: int, cap: int) -> Ending | None:
    """How the game ends when `moves` reached the cap and the rules did not end it."""
    if moves < cap or pos.outcome is not None:
        return None
    total = sum(pos.board) + sum(pos.stores)
    for seat in (0, 1):
        if pos.stores[seat] * 2 > total:
            return Ending(Outcome(OutcomeKind.WIN, seat), "rules",
                          f"{SEAT_NAMES[seat]} wins at the move limit ({cap} moves), "
                          f"{pos.stores[seat]}-{pos.stores[1 - seat]}: more than half of the seeds")
    return Ending(Outcome(OutcomeKind.TIE, None), "rules",
                  f"draw at the move limit ({cap} moves), {pos.stores[0]}-{pos.stores[1]}")
