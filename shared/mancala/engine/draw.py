"""The start of a move: seeds taken from the start hole, and the sowing direction.

Both are chosen once per variant (`make_drawer`, `make_direction`).
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import CCW, CW, Board
from mancala.engine.incr import opposite, zigzag_order
from mancala.engine.position import Position
from mancala.rules.enums import AllowRule, Direct, GameClass
from mancala.rules.variant import Variant

# (position, hole) -> seeds to sow; the start hole keeps what is not drawn
Drawer = Callable[[Position, int], int]
# (position, hole, chosen direction or 0) -> CW or CCW
Direction = Callable[[Position, int, int], int]


def draw_all(pos: Position, loc: int) -> int:
    seeds = pos.board[loc]
    pos.board[loc] = 0
    return seeds


def draw_leave_one(pos: Position, loc: int) -> int:
    """sow_start: the first seed goes back into the start hole."""
    seeds = pos.board[loc] - 1
    pos.board[loc] = 1
    return seeds


def draw_move_one(pos: Position, loc: int) -> int:
    """sow_start with move_one: as sow_start, but a single seed moves on."""
    seeds = pos.board[loc]
    if seeds == 1:
        pos.board[loc] = 0
        return 1
    pos.board[loc] = 1
    return seeds - 1


def make_drawer(variant: Variant) -> Drawer:
    info = variant.game_info
    draw = (draw_move_one if info.move_one else draw_leave_one) if info.sow_start else draw_all
    if not (info.moveunlock or info.allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST):
        return draw

    def draw_unlocking(pos: Position, loc: int) -> int:
        pos.unlocked[loc] = True  # the hole has been moved from
        return draw(pos, loc)

    return draw_unlocking


def split_directions(holes: int) -> list[int]:
    """SPLIT: per hole, the left half of each row (as its owner sees it) sows clockwise,
    the right half counter-clockwise; an odd row's middle hole chooses (0)."""
    half, odd = divmod(holes, 2)
    row = [CW] * half + [0] * odd + [CCW] * half
    return row + row


def to_center_directions(holes: int) -> list[int]:
    """TOCENTER (1.10): the other way from SPLIT, each half of a row sowing towards the
    board's middle line; an odd row's middle hole chooses (0)."""
    return [opposite(direct) if direct else 0 for direct in split_directions(holes)]


def zigzag_directions(board: Board) -> list[int]:
    """ZigZag's TOCENTER (1.10): each hole sows the way its path (incr.zigzag_order) leads
    to the next column towards the middle of the row: a hole passed going right sows
    counter-clockwise on the left half and clockwise on the right half, a hole passed
    coming back the other way; an odd row's middle column chooses (0)."""
    holes = board.holes
    going = set(zigzag_order(board)[:holes])
    out = []
    for loc in range(board.dbl):
        column = loc if loc < holes else board.dbl - 1 - loc  # from South's left
        if holes % 2 and column == holes // 2:
            out.append(0)
            continue
        rightward = CCW if loc in going else CW
        out.append(rightward if column < holes // 2 else opposite(rightward))
    return out


# direction_table's entries besides CW and CCW
CHOSEN = 0  # the mover names the direction with the move (udir_holes)
BY_COUNT = 2  # the hole's count decides (EVEN_ODD_DIR)


def direction_table(variant: Variant, board: Board) -> tuple[int, ...] | None:
    """Each hole's sowing direction: CW or CCW where the variant fixes it, CHOSEN where
    the mover names it (udir_holes; also SPLIT's and TOCENTER's middle hole of an odd
    row, which has no side to sow to), BY_COUNT where the count decides. None for
    PLAYALTDIR, whose direction is the game's, not the hole's. The C core reads the
    same table (fast.params)."""
    info = variant.game_info
    if info.sow_direct == Direct.PLAYALTDIR:
        return None
    fixed: list[int]
    match info.sow_direct:
        case Direct.EVEN_ODD_DIR:
            fixed = [BY_COUNT] * board.dbl
        case Direct.SPLIT:
            fixed = split_directions(board.holes)
        case Direct.TOCENTER if variant.game_class == GameClass.ZIG_ZAG:
            fixed = zigzag_directions(board)
        case Direct.TOCENTER:
            fixed = to_center_directions(board.holes)
        case _:
            fixed = [CW if info.sow_direct == Direct.CW else CCW] * board.dbl
    udir = set(info.udir_holes)
    return tuple(CHOSEN if board.left_count(loc) in udir else fixed[loc]
                 for loc in range(board.dbl))


def make_direction(variant: Variant, board: Board) -> Direction:
    """The direction of a move. It is asked before the seeds are drawn, so a rule may
    read the start hole's count."""
    table = direction_table(variant, board)
    if table is None:
        return _alternating_directions
    kinds = set(table)
    if kinds == {CHOSEN}:
        def chosen(_pos: Position, _loc: int, asked: int) -> int:
            return asked
        return chosen
    if kinds == {BY_COUNT}:
        return _even_odd_direction
    if BY_COUNT not in kinds:
        def by_table(_pos: Position, loc: int, asked: int) -> int:
            return table[loc] or asked
        return by_table

    def by_table_or_count(pos: Position, loc: int, asked: int) -> int:
        direct = table[loc]
        return _even_odd_direction(pos, loc, asked) if direct == BY_COUNT else direct or asked
    return by_table_or_count


def _even_odd_direction(pos: Position, loc: int, _asked: int) -> int:
    """EVEN_ODD_DIR (1.10): a hole holding an odd count sows counter-clockwise, an even
    one clockwise."""
    return CCW if pos.board[loc] % 2 else CW


def _alternating_directions(pos: Position, _loc: int, asked: int) -> int:
    """PLAYALTDIR: the first move of a game or round picks the mover's direction; the
    other player sows the other way from then on."""
    if pos.mcount == 1:
        turn = pos.turn
        dirs = [0, 0]
        dirs[turn] = asked
        dirs[1 - turn] = opposite(asked)
        pos.alt_dirs = (dirs[0], dirs[1])
    if pos.alt_dirs is None:
        return asked
    return pos.alt_dirs[pos.turn]
