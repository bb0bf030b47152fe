"""Prescribed openings (`prescribed`): the first move of a game sown by its own rule.

The opening is the game's first move (`Position.moves == 0`; passes count as moves, and
a game in rounds restarts the count each round). During it `sow_own_store`, `sow_rule`,
`presowcapt`, `sow_start`, `move_one`, `skip_start` and `mlaps` do not apply: seeds are
dropped one per hole from the hole after the start, in the move's direction (blocked
holes skipped). The move's capture follows as usual, except after PLUS1MINUS1.

- BASIC_SOWER: one such lap;
- MLAPS_SOWER: laps as LAPPER: a lap ending in a hole holding more than one seed goes
  on from that hole (50 laps at most, as any multi-lap sow);
- SOW1OPP: one lap, but when no seed has reached the opponent's side and the last seed
  would fall on the mover's side, it falls in the opponent's first hole ahead instead;
- PLUS1MINUS1: the start hole keeps its seeds; going round from it, one seed of the
  next hole moves into the one after, which is then skipped, and so on, pairs (start+1,
  start+2), (start+3, start+4), ... short of the start hole; then the hole facing the
  start hole is captured (unless nocaptmoves holds captures back). No other capture;
- ARNGE_LIMIT: the first move may be an arrangement, {"arrange": [seeds per hole of the
  mover's row, from the mover's left]} (`Arrange`), which keeps the row's total and gives
  the opponent's row the same layout from the opponent's left; it is never listed in
  `legal` (legal lists sowing moves only). If the first move sows instead, the starter
  may not capture or make children (Position.capt_limit) until the other player captures
  or makes a child.

Decisions: docs/rules-decisions.md, "Prescribed openings".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mancala.engine.board import Geometry
from mancala.engine.classes import class_sides, cycles, successors
from mancala.engine.position import Position
from mancala.engine.sowing import MAX_LAPS, ChildStop, Sower, SowResult
from mancala.rules.enums import SowPrescribed
from mancala.rules.variant import Variant

if TYPE_CHECKING:
    from mancala.engine.game import Game


@dataclass(frozen=True, slots=True)
class Arrange:
    """ARNGE_LIMIT's first move: the mover's row, seeds per hole from the mover's left."""

    counts: tuple[int, ...]

    def to_json(self) -> dict[str, list[int]]:
        return {"arrange": list(self.counts)}


def _plain_lap(pos: Position, start: int, step: int, seeds: int, mover: int,
               side_of: list[int], nxt: dict[int, list[int]]) -> tuple[int, bool]:
    """Drop `seeds` one per hole after `start` (already emptied) along its cycle (`nxt`,
    classes.successors), blocked holes skipped; `side_of`: whose side each hole is on."""
    board = pos.board
    blocked = pos.blocked
    loc = start
    sown_opp = False
    while seeds:
        loc = nxt[step][loc]
        if blocked is not None and blocked[loc] and loc != start:
            continue
        board[loc] += 1
        seeds -= 1
        if side_of[loc] != mover:
            sown_opp = True
    return loc, sown_opp


def wrap_opening(variant: Variant, geom: Geometry, inner: Sower) -> Sower:
    """The variant's sower with its prescribed opening on the game's first move."""
    gi = variant.game_info
    kind = gi.prescribed
    n = geom.holes
    size = geom.size
    nxt = successors(variant, geom)  # the hole after each, along its cycle (classes.py)
    halves = class_sides(variant, geom)  # EastWestCycle, Ohojichi: sides are halves
    side_of = [0 if h < n else 1 for h in range(size)] if halves is None \
        else [0 if h in halves[0] else 1 for h in range(size)]

    def is_opp(hole: int, mover: int) -> bool:
        return side_of[hole] != mover

    match kind:
        case SowPrescribed.BASIC_SOWER:

            def opening(pos: Position, start: int, step: int, mover: int) -> SowResult:
                seeds = pos.board[start]
                pos.board[start] = 0
                final, sown_opp = _plain_lap(pos, start, step, seeds, mover, side_of, nxt)
                return SowResult(final, sown_opp)

        case SowPrescribed.MLAPS_SOWER:

            def opening(pos: Position, start: int, step: int, mover: int) -> SowResult:
                board = pos.board
                any_opp = False
                laps = 0
                while True:
                    laps += 1
                    seeds = board[start]
                    board[start] = 0
                    final, sown_opp = _plain_lap(pos, start, step, seeds, mover, side_of, nxt)
                    any_opp = any_opp or sown_opp
                    if board[final] <= 1:
                        return SowResult(final, any_opp, laps=laps)
                    start = final
                    if laps >= MAX_LAPS:
                        board[start] = 0  # the seeds picked up for lap 51 leave the game
                        return SowResult(final, any_opp, endless=True, laps=laps)

        case SowPrescribed.SOW1OPP:

            def opening(pos: Position, start: int, step: int, mover: int) -> SowResult:
                board = pos.board
                seeds = board[start]
                board[start] = 0
                final, sown_opp = _plain_lap(pos, start, step, seeds - 1, mover, side_of, nxt)
                blocked = pos.blocked
                loc = final
                while True:  # the last seed
                    loc = (loc + step) % size
                    if blocked is not None and blocked[loc] and loc != start:
                        continue
                    if sown_opp or is_opp(loc, mover):
                        break
                board[loc] += 1
                return SowResult(loc, True)

        case SowPrescribed.PLUS1MINUS1:
            nocapt = gi.nocaptmoves

            def opening(pos: Position, start: int, step: int, mover: int) -> SowResult:
                board = pos.board
                ring = [start]  # the start's cycle, in the move's direction
                while (h := nxt[step][ring[-1]]) != start:
                    ring.append(h)
                for k in range(1, len(ring) - 1, 2):
                    src = ring[k]
                    if board[src]:
                        board[src] -= 1
                        board[ring[k + 1]] += 1
                facing = size - 1 - start
                taken = []
                if board[facing] and pos.moves >= nocapt:
                    taken.append((facing, board[facing]))
                    board[facing] = 0
                return SowResult(start, True, taken=taken or None, capt_done=True)

        case SowPrescribed.ARNGE_LIMIT:

            def arrange_limit(pos: Position, start: int, step: int, mover: int) -> SowResult:
                if pos.moves == 0:  # the first move sows: the starter is held back
                    pos.capt_limit = mover
                res = inner(pos, start, step, mover)
                limit = pos.capt_limit
                if limit is not None and limit != mover and (res.taken or res.captured):
                    pos.capt_limit = None
                return res

            return arrange_limit

        case _:
            raise NotImplementedError(kind)

    def with_opening(pos: Position, start: int, step: int, mover: int) -> SowResult:
        if pos.moves == 0:
            return opening(pos, start, step, mover)
        return inner(pos, start, step, mover)

    return with_opening


# ---- ARNGE_LIMIT: the arrangement move and the starter held back ----------------------------


def _hold_back_children(pos: Position, before: list[int | None] | None, mover: int) -> bool:
    """Under ARNGE_LIMIT, after a child test changed the children (from `before`): the
    held-back player's new child is undone (returns True); the other player's lifts the limit."""
    if pos.children is None or pos.children == before:
        return False
    if pos.capt_limit == mover:
        pos.children[:] = before if before is not None else [None] * len(pos.children)
        return True
    pos.capt_limit = None
    return False


def limit_child_stop(child_stop: ChildStop | None) -> ChildStop | None:
    """ARNGE_LIMIT around the children's lap-end test: no child for the held-back player
    (the lap goes on as if none could be made); the other player's child lifts the limit."""
    if child_stop is None:
        return None

    def limited(pos: Position, final: int, step: int, mover: int, seeds: int) -> bool:
        limit = pos.capt_limit
        if limit is None:
            return child_stop(pos, final, step, mover, seeds)
        before = None if pos.children is None else pos.children[:]
        stop = child_stop(pos, final, step, mover, seeds)
        return False if _hold_back_children(pos, before, mover) else stop

    return limited


class Opening:
    """ARNGE_LIMIT's hooks in the game: the arrangement move and the held-back captures."""

    def __init__(self, variant: Variant, geom: Geometry, game: Game) -> None:
        self.geom = geom
        self.n = n = geom.holes
        self.min_move = variant.game_info.min_move
        # the holes an arrangement lays out, per player, from the player's left: the row;
        # on EastWestCycle's and Ohojichi's halves, the half round its cycle from the
        # player's leftmost hole of their own row (each half is the other turned round)
        if class_sides(variant, geom) is None:
            self.order = tuple([geom.hole_of(p, k) for k in range(n)] for p in (0, 1))
        else:
            west, east = cycles(variant, geom)
            i = east.index(geom.hole_of(1, 0))
            self.order = (west, east[i:] + east[:i])
        capturer = game.capturer
        if capturer is not None:

            def limited_capturer(pos: Position, res: SowResult, step: int, mover: int) -> Any:
                limit = pos.capt_limit
                if limit is None:
                    return capturer(pos, res, step, mover)
                if limit == mover:
                    return []
                taken = capturer(pos, res, step, mover)
                if taken:
                    pos.capt_limit = None
                return taken

            game.capturer = limited_capturer
        settle = getattr(game, "child_settle", None)
        if settle is not None:

            def limited_settle(pos: Position, res: SowResult, step: int, mover: int, seeds: int) -> Any:
                limit = pos.capt_limit
                if limit is None:
                    return settle(pos, res, step, mover, seeds)
                before = None if pos.children is None else pos.children[:]
                out = settle(pos, res, step, mover, seeds)
                _hold_back_children(pos, before, mover)
                return out

            game.child_settle = limited_settle

    @staticmethod
    def is_arrange(move: Any) -> bool:
        return isinstance(move, Arrange)

    def normalize(self, move: dict[str, Any]) -> Arrange:
        """{"arrange": [counts]} in the engine's form; IllegalMove when malformed."""
        from mancala.engine.game import IllegalMove

        counts = move.get("arrange")
        if set(move) != {"arrange"} or not isinstance(counts, list) or len(counts) != self.n \
                or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
            raise IllegalMove(
                f"move {move!r}: an arrangement is {{\"arrange\": [...]}} with {self.n} seed "
                "counts (0 or more), one per hole of the mover's row from the mover's left")
        return Arrange(tuple(counts))

    def check(self, pos: Position, move: Arrange) -> None:
        """Raise IllegalMove unless the arrangement may be played here."""
        from mancala.engine.game import IllegalMove

        mover = pos.turn
        if pos.moves != 0:
            raise IllegalMove("an arrangement (ARNGE_LIMIT) is only allowed as the first move of the game")
        own = sum(pos.board[h] for h in self.order[mover])
        other = sum(pos.board[h] for h in self.order[1 - mover])
        if own != other:
            raise IllegalMove(f"no arrangement here: the rows hold {own} and {other} seeds, "
                              "so the opponent cannot take the same layout")
        if pos.blocked is not None and any(pos.blocked) or pos.children is not None and any(
                c is not None for c in pos.children):
            raise IllegalMove("no arrangement on a board with blocked holes or children")
        if sum(move.counts) != own:
            raise IllegalMove(f"the arrangement holds {sum(move.counts)} seeds; the row holds {own}")
        if max(move.counts) < self.min_move:
            raise IllegalMove(f"the arrangement leaves no hole with {self.min_move} seeds to move from")

    def apply(self, game: Game, pos: Position, move: Arrange) -> None:
        """Play a checked arrangement in place: both rows take the layout; the turn ends."""
        mover = pos.turn
        pos.legal = None
        for k, c in enumerate(move.counts):
            pos.board[self.order[mover][k]] = c
            pos.board[self.order[1 - mover][k]] = c
        pos.moves += 1
        pos.player_moves[mover] += 1
        game.ender(pos, mover, False)


def make_opening(variant: Variant, geom: Geometry, game: Game) -> Opening | None:
    """The game's hooks for ARNGE_LIMIT (it wraps the game's capturer), else None."""
    if variant.game_info.prescribed != SowPrescribed.ARNGE_LIMIT:
        return None
    return Opening(variant, geom, game)


def has_opening(variant: Variant) -> bool:
    """The first move of the game differs from the others (the search key counts moves)."""
    return variant.game_info.prescribed != SowPrescribed.NONE
