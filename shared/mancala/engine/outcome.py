"""The one outcome decision: two counts make a win or a tie, and name a player.

Every end the rules read from counts is decided by `decide`: a majority before
the end (`ending.Ender.decided_by_seeds`), the seeds at the end (`ending.GameOver`,
and the quitter of an endless sowing), the RND_* tallies (`tally.RoundTally`).
`settle` then makes the decision the position's `Outcome`, moving the turn to the
player it names. The C core (`mancala_core.h`) writes the same decision for the
variants it plays; tests/engine/test_fastcore.py holds the two equal move by move.

A decision is `(kind, named)`: kind None while play goes on. `named` is the winner
of a win, and on a tie the player the rules leave to move: the mover for a tie in
seeds (the reference's state line shows the mover), and for a tie of the RND_*
tallies the mover under 1.10, nobody (None) under 1.8.

    >>> decide([20, 28], on_tie=0)
    (<OutcomeKind.WIN: 'WIN'>, 1)
    >>> decide([24, 24], on_tie=1)
    (<OutcomeKind.TIE: 'TIE'>, 1)
    >>> decide([24, 20], on_tie=0, past=24)
    (None, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from mancala.engine.position import Outcome, OutcomeKind, Position

Decision = tuple[OutcomeKind | None, int | None]

WIN = OutcomeKind.WIN
TIE = OutcomeKind.TIE
ROUND_KIND = {WIN: OutcomeKind.ROUND_WIN, TIE: OutcomeKind.ROUND_TIE}
GAME_KIND = {OutcomeKind.ROUND_WIN: WIN, OutcomeKind.ROUND_TIE: TIE}


def decide(counts: Sequence[int], on_tie: int | None, *, past: int | None = None) -> Decision:
    """South's and North's counts: the greater wins, equal counts tie naming `on_tie`.

    With `past` the game is not over yet and only a clear result ends it: a count
    above `past` wins, both exactly on it tie, anything else is undecided
    (None, on_tie). North's count is asked first, as the reference asks it: where
    the line lets both pass it (a TERRITORY goal below half the holes), North wins.
    """
    south, north = counts[0], counts[1]
    if past is not None:
        if north > past:
            return WIN, 1
        if south > past:
            return WIN, 0
        if south == past and north == past:
            return TIE, on_tie
        return None, on_tie
    if south > north:
        return WIN, 0
    if north > south:
        return WIN, 1
    return TIE, on_tie


def round_end(decision: Decision) -> Decision:
    """The same decision ending only a round (ROUND_WIN / ROUND_TIE)."""
    kind, named = decision
    assert kind is not None  # only a decided game becomes a round's end
    return ROUND_KIND[kind], named


def game_end(outcome: Outcome) -> Outcome:
    """The game's end: a round's end that ends it (the next round cannot start) as the
    game's WIN or TIE with the same player named; a game's end as it is."""
    return Outcome(GAME_KIND.get(outcome.kind, outcome.kind), outcome.winner, outcome.no_turn)


def settle(pos: Position, kind: OutcomeKind, named: int | None, repeat: bool = False) -> Outcome:
    """The decision as the position's outcome: the player it names moves to `pos.turn`
    (the winner, or the mover on a tie). A decision naming nobody (a tie of the 1.8
    RND_* tallies) leaves the turn with the last mover and marks the outcome `no_turn`.
    `repeat`: the move that ended it earned its mover another turn (a round tied so
    starts the next one from the other side under 1.10: rounds.choose_starter)."""
    if named is None:
        return Outcome(kind, None, no_turn=True)
    pos.turn = named
    if kind in (WIN, OutcomeKind.ROUND_WIN):
        return Outcome(kind, named)
    return Outcome(kind, None, tied_on_repeat=repeat and kind == OutcomeKind.ROUND_TIE)
