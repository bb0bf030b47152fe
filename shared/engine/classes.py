"""Board shapes of the game classes other than Mancala (game_class).

NorthSouthCycle and SameSide: each row is a cycle of its own; the players hold their rows.
EastWestCycle and Ohojichi: the board is split into a west half (South 0..h-1 and North n+h..2n-1,
h = n/2) and an east half (South h..n-1 and North n..n+h-1); each half is a cycle of
its own, South holds the west half and North the east half (docs/rules-decisions.md,
"Game classes").
Diffusion: South holds the west half and North the east half, as above, but a move is the
class's own diffusion (diffusion.py); DiffusionV2: the same move, the players hold the rows.
BearOff: the variant's own moves until the bear-off (bearoff.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mancala.engine.board import Geometry
from mancala.engine.position import Position
from mancala.rules.enums import GameClass
from mancala.rules.variant import Variant

if TYPE_CHECKING:
    from mancala.engine.game import Game
    from mancala.engine.sowing import SowResult

CYCLE_CLASSES = {GameClass.NORTH_SOUTH_CYCLE, GameClass.EAST_WEST_CYCLE, GameClass.SAME_SIDE,
                 GameClass.OHOJICHI}
HALVES_CLASSES = {GameClass.EAST_WEST_CYCLE, GameClass.OHOJICHI}
# the capturer places the captured seeds in one of the opponent's holes (a second move)
PLACING_CLASSES = {GameClass.SAME_SIDE, GameClass.OHOJICHI}
# holes have no owners (replay contract: owners null)
NO_SIDES_CLASSES = {GameClass.SAME_SIDE, GameClass.OHOJICHI, GameClass.DIFFUSION,
                    GameClass.DIFFUSION_V2}


def cycles(variant: Variant, geom: Geometry) -> list[list[int]]:
    """The sowing cycles, each in counter-clockwise order (one cycle for Mancala)."""
    n = geom.holes
    if variant.game_class in (GameClass.NORTH_SOUTH_CYCLE, GameClass.SAME_SIDE):
        return [list(range(0, n)), list(range(n, 2 * n))]
    if variant.game_class in HALVES_CLASSES:
        h = n // 2
        return [list(range(0, h)) + list(range(n + h, 2 * n)), list(range(h, n + h))]
    return [list(range(2 * n))]


def store_holes(variant: Variant, geom: Geometry) -> dict[tuple[int, int], int]:
    """The hole each player's store follows, by (player, sowing step): the end of the
    player's row, or in the east/west halves classes the outer end of their half (South
    holds the west half, its store between 2n-1 and 0; North's between n-1 and n)."""
    swap = variant.game_class in HALVES_CLASSES
    return {(p, d): geom.store_after(1 - p if swap else p, d) for p in (0, 1) for d in (1, -1)}


def class_sides(variant: Variant, geom: Geometry) -> tuple[list[int], list[int]] | None:
    """The holes each player holds when they are not the rows (None: the rows)."""
    if variant.game_class in HALVES_CLASSES:
        west, east = cycles(variant, geom)
        return sorted(west), sorted(east)
    if variant.game_class == GameClass.DIFFUSION:
        n, h = geom.holes, geom.holes // 2
        return list(range(0, h)) + list(range(n + h, 2 * n)), list(range(h, n + h))
    return None


def successors(variant: Variant, geom: Geometry) -> dict[int, list[int]]:
    """step -> the hole after each hole along its cycle."""
    succ = {1: [0] * geom.size, -1: [0] * geom.size}
    for cycle in cycles(variant, geom):
        k = len(cycle)
        for i, hole in enumerate(cycle):
            succ[1][hole] = cycle[(i + 1) % k]
            succ[-1][hole] = cycle[(i - 1) % k]
    return succ


def install_class_moves(game: Game) -> None:
    """Give BearOff and the Diffusion classes their moves: chosen here once per variant,
    by replacing the game's `apply` (and, for BearOff, `start`, `sower`, `next_round`)."""
    match game.variant.game_class:
        case GameClass.BEAR_OFF:
            _install_bear_off(game)
        case GameClass.DIFFUSION | GameClass.DIFFUSION_V2:
            _install_diffusion(game)


def _install_bear_off(game: Game) -> None:
    from mancala.engine import bearoff  # bearoff imports sowing, which imports this module

    plain_start, plain_apply, plain_sower = game.start, game.apply, game.sower
    plain_next_round = game.next_round
    geom = game.geom
    opening = game.opening

    def start(starter: int = 0, **kw: Any) -> Position:
        pos = plain_start(starter, **kw)
        bearoff.settle(pos)
        return pos

    def next_round(pos: Position, choice: Any = None) -> Position:
        new = plain_next_round(pos, choice)
        new.bearing = False  # each round starts with the normal sow
        bearoff.settle(new)
        return new

    def sower(pos: Position, hole: int, step: int, mover: int) -> SowResult:
        # the sow that rules trying moves out (mustshare, allow rules, grand slams) see
        if pos.bearing:
            return bearoff.bear_off_result(bearoff.bear_off_sow(geom, pos, hole, step, mover))
        return plain_sower(pos, hole, step, mover)

    def apply(pos: Position, move: Any) -> None:
        if pos.bearing and not (opening is not None and opening.is_arrange(move)):
            pos.legal = None
            mover = pos.turn
            hole, step = game._decode(pos, move)
            bearoff.bear_off_sow(geom, pos, hole, step, mover)
            pos.moves += 1
            pos.player_moves[mover] += 1
            game.ender(pos, mover, False)  # a bear-off move captures nothing, gives no turn
            return
        plain_apply(pos, move)
        bearoff.settle(pos)

    game.start = start  # type: ignore[method-assign]
    game.apply = apply  # type: ignore[method-assign]
    game.sower = sower
    game.next_round = next_round  # type: ignore[method-assign]


def _install_diffusion(game: Game) -> None:
    from mancala.engine.diffusion import make_diffusion_sow

    diffuse = make_diffusion_sow(game.geom)

    def apply(pos: Position, move: Any) -> None:
        pos.legal = None
        mover = pos.turn
        diffuse(pos, move, mover)
        pos.moves += 1
        pos.player_moves[mover] += 1
        game.ender(pos, mover, False)

    game.apply = apply  # type: ignore[method-assign]
