"""Start patterns: how many seeds a game uses and where they start.

Patterns that depend on who starts are laid out for the starter. RANDOM and
RANDOM_ZEROS draw their layout from the game's random generator (the request's
`seed`); a replay of such a game gives its start board as a position instead.

    >>> start_total(StartPattern.GAMACHA, 12, 4), gamacha(12, 4, 0)[:6]
    (44, [0, 0, 4, 0, 4, 4])
"""

from __future__ import annotations

import itertools
import random

from mancala.rules.enums import StartPattern


def seed_equiv(pattern: StartPattern, holes: int, nbr_start: int, *, v110: bool = False) -> int:
    """The seeds a hole counts for when seeds are turned into holes (territory rounds):
    nbr_start, or for another start pattern its total over the holes, rounded down."""
    if pattern == StartPattern.ALL_EQUAL:
        return nbr_start
    return start_total(pattern, holes, nbr_start, v110=v110) // (2 * holes)


def start_total(pattern: StartPattern, holes: int, nbr_start: int, *, v110: bool = False) -> int:
    """The seeds a game of this pattern uses (`v110`: as the reference's 1.10 lays it out)."""
    match pattern:
        case StartPattern.ALL_EQUAL | StartPattern.ALTERNATES | StartPattern.ALTS_SPLIT:
            return (2 if pattern == StartPattern.ALL_EQUAL else 1) * holes * nbr_start
        case StartPattern.GAMACHA:
            return (holes - 1) * nbr_start
        case StartPattern.ALTS_WITH_1:
            # 1.10 also empties a hole of the starter's on an even row
            return (holes - (2 - holes % 2 if v110 else 1)) * nbr_start + 1
        case StartPattern.CLIPPEDTRIPLES:
            return holes // 3 * nbr_start * 4
        case StartPattern.TWOEMPTY:
            return (holes - 2) * nbr_start * 2
        case StartPattern.RANDOM | StartPattern.RANDOM_ZEROS:
            return nbr_start  # nbr_start is the game's total here
        case StartPattern.RIGHTMOST_PLUS_ONE:
            return nbr_start * holes * 2 + 2
        case StartPattern.MOVE_RIGHTMOST | StartPattern.NO_REPEAT_SOW_OWN:
            return nbr_start * holes * 2
        case StartPattern.AZIGO:  # the board's and the stores' (start_stores)
            return 2 * ((holes // 2 - 3) * nbr_start + 1) + 4 * nbr_start
    raise NotImplementedError(pattern)


def _rotated(board: list[int], holes: int) -> list[int]:
    """The board turned half a turn: each player gets the other's row."""
    return board[holes:] + board[:holes]


def gamacha(holes: int, nbr_start: int, starter: int) -> list[int]:
    """Two empty holes then alternating full and empty, with the starter's first
    prescribed move already made."""
    dbl = 2 * holes
    board = [0] * dbl
    for loc in range(2, dbl, 2):
        board[loc] = nbr_start
    dest = 1 + 2 * ((holes - 1) // 4)
    source = dbl - dest - 1
    board[dest] = board[source]
    board[source] = 0
    return _rotated(board, holes) if starter else board


def _alternating(holes: int, nbr_start: int) -> list[int]:
    board = [0] * (2 * holes)
    for loc in range(1, 2 * holes, 2):
        board[loc] = nbr_start
    return board


def random_board(holes: int, total: int, rng: random.Random) -> list[int]:
    """`total` seeds split at random over the holes (cut points of the unit interval)."""
    cuts = sorted([0.0, 1.0] + [rng.random() for _ in range(2 * holes - 1)])
    values = [int(total * (b - a) + 0.4) for a, b in itertools.pairwise(cuts)]
    error = total - sum(values)
    if error > 0:
        values[values.index(min(values))] += error
    elif error < 0:
        values[values.index(max(values))] += error
    return values


# RANDOM_ZEROS: the fewest seeds a hole that is not empty starts with
ZEROS_MIN = 4


def no_small_holes(values: list[int]) -> list[int]:
    """RANDOM_ZEROS (1.10): a random layout whose holes of fewer than four seeds are
    emptied into the next hole along (by index) that then reaches four; what is left over
    at the end goes to the first hole holding seeds.

    >>> no_small_holes([1, 2, 5, 3, 0, 1, 6, 2])
    [0, 0, 10, 0, 0, 4, 6, 0]
    """
    out = []
    held = 0
    for seeds in values:
        if seeds + held < ZEROS_MIN:
            out.append(0)
            held += seeds
        else:
            out.append(seeds + held)
            held = 0
    if held:
        # fewer than four seeds in all: they stay together in the first hole
        first = next((idx for idx, seeds in enumerate(out) if seeds), 0)
        out[first] += held
    return out


def no_repeat_sow_own(holes: int, nbr_start: int) -> list[int]:
    """ALL_EQUAL with one seed moved on each row, the same for both players, so that a
    hole sown into one's own store would not end there: the hole whose seeds would reach
    the store exactly gets one more, a hole further left (or, with few seeds, two to the
    left) one fewer. Where the seeds go round the board more than once, the count left
    past whole rounds (of 2n + 1 places) decides; none fits: the layout stays equal."""
    row = [nbr_start] * holes
    if nbr_start <= 2:
        plus = holes - nbr_start
        minus = max(0, plus - 2)
    elif nbr_start <= holes:
        plus = holes - nbr_start
        minus = holes + 2 - nbr_start
    else:
        left = nbr_start % (2 * holes + 1)
        plus = holes - left
        if not 0 <= plus < holes:
            return row * 2
        minus = holes + 2 - left
        if minus >= holes:
            minus = 0
    row[minus] -= 1
    row[plus] += 1
    return row * 2


def start_board(pattern: StartPattern, holes: int, nbr_start: int, starter: int,
                rng: random.Random | None = None, *, v110: bool = False) -> list[int]:
    """The starting board of a game (or of each round of games that refill by pattern);
    `v110`: as the reference's 1.10 release lays it out where it changed a pattern."""
    dbl = 2 * holes
    match pattern:
        case StartPattern.ALL_EQUAL:
            return [nbr_start] * dbl
        case StartPattern.GAMACHA:
            return gamacha(holes, nbr_start, starter)
        case StartPattern.ALTERNATES:
            board = _alternating(holes, nbr_start)
            return _rotated(board, holes) if holes % 2 and starter else board
        case StartPattern.ALTS_WITH_1:
            board = _alternating(holes, nbr_start)
            board[holes + 3 - holes % 2] = 1
            if not v110:
                return board if starter else _rotated(board, holes)
            # 1.10: on an even row the starter's hole of the same place is emptied (both
            # players then have as many full holes), and the layout faces the starter
            if holes % 2 == 0:
                board[holes - 3] = 0
            return _rotated(board, holes) if starter else board
        case StartPattern.ALTS_SPLIT:
            board = _alternating(holes, nbr_start)
            moved = nbr_start // 4
            board[holes] += moved
            board[holes - 1] -= moved
            return board if starter else _rotated(board, holes)
        case StartPattern.CLIPPEDTRIPLES:
            board = [0] * dbl
            for loc in range(3, holes + 1, 3):
                board[loc - 1] = nbr_start
                board[loc - 2] = nbr_start
            board[holes:] = board[:holes]
            return board
        case StartPattern.TWOEMPTY:
            row = [nbr_start] * (holes - 2) + [0, 0]
            return row + row
        case StartPattern.RANDOM:
            return random_board(holes, nbr_start, rng or random.Random())
        case StartPattern.RANDOM_ZEROS:
            return no_small_holes(random_board(holes, nbr_start, rng or random.Random()))
        case StartPattern.RIGHTMOST_PLUS_ONE:
            return ([nbr_start] * (holes - 1) + [nbr_start + 1]) * 2
        case StartPattern.NO_REPEAT_SOW_OWN:
            return no_repeat_sow_own(holes, nbr_start)
        case StartPattern.MOVE_RIGHTMOST:  # the opening move is the game's (Game.start)
            return [nbr_start] * dbl
        case StartPattern.AZIGO:
            return azigo(holes, nbr_start)
    raise NotImplementedError(pattern)


def azigo(holes: int, nbr_start: int) -> list[int]:
    """AZIGO (1.10): each row, from its owner's left, holds nbr_start seeds in its first
    holes // 2 - 3 holes and one seed in the next; the rest are empty. The stores start
    with 2 x nbr_start each (`start_stores`)."""
    full = holes // 2 - 3
    row = [nbr_start] * full + [1] + [0] * (holes - full - 1)
    return row + row


def start_stores(pattern: StartPattern, nbr_start: int) -> list[int]:
    """The stores' seeds at the start of a game: none, except for AZIGO."""
    return [2 * nbr_start] * 2 if pattern == StartPattern.AZIGO else [0, 0]

