"""A variant's rules in plain words, read from its parameters.

For people choosing or playing a variant (`mancala show`, the variant lists): what
the board is, how seeds are sown and captured, and how the game is won. It names the
rules the parameters switch on; the parameter reference and docs/rules.md hold the
details.

    >>> from mancala.rules.loading import load_variant
    >>> summary(load_variant("kalah_4"))[:2]
    ['Two rows of 6 holes with 4 seeds in each; each player has a store.', 'Seeds are sown counter-clockwise, into your own store but not the opponent’s.']
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mancala.rules.enums import (
    AllowRule,
    CaptSide,
    CaptType,
    ChildType,
    Direct,
    EndRule,
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    Rounds,
    SowPrescribed,
    SowRule,
    StartPattern,
)

if TYPE_CHECKING:
    from mancala.rules.variant import Variant

CLASSES = {
    GameClass.NORTH_SOUTH_CYCLE: "Each player sows around their own row only.",
    GameClass.EAST_WEST_CYCLE: "The players own the east and west halves of the board and sow around them.",
    GameClass.BEAR_OFF: "Once a player's seeds have all reached their own row, they bear them off.",
    GameClass.DIFFUSION: "Diffusion: the players hold the board's halves and spread their seeds over them.",
    GameClass.DIFFUSION_V2: "Diffusion on the usual two rows.",
    GameClass.SAME_SIDE: "Either player may move from either row; captures are made on the same side.",
    GameClass.OHOJICHI: "Ohojichi: moves start from the mover's half of both rows.",
    GameClass.ZIG_ZAG: "Sowing zigzags from row to row, towards the middle of the board.",
    GameClass.SHARE_ONE: "A player whose opponent has no seeds first gives them one, then moves.",
}
DIRECTIONS = {
    Direct.CCW: "counter-clockwise",
    Direct.CW: "clockwise",
    Direct.SPLIT: "away from the middle of the row (the left half clockwise, the right half counter-clockwise)",
    Direct.PLAYALTDIR: "in the direction the first player picks; the other player sows the other way",
    Direct.EVEN_ODD_DIR: "counter-clockwise from a hole holding an odd count, clockwise from an even one",
    Direct.TOCENTER: "towards the middle of the row (the left half counter-clockwise, the right half clockwise)",
}
GOALS = {
    Goal.MAX_SEEDS: "The player with the most seeds at the end wins.",
    Goal.CLEAR: "The first player to empty their own row wins.",
    Goal.DEPRIVE: "The player who leaves the opponent without a move wins.",
    Goal.IMMOBILIZE: "The player who leaves the opponent without a move wins, even with no seeds left.",
    Goal.TERRITORY: "Rounds are played for holes: the winner of the game holds enough of the board.",
    Goal.RND_WIN_COUNT: "Played over rounds: the player who wins enough rounds wins the game.",
    Goal.RND_SEED_COUNT: "Played over rounds: the seeds won are added up round by round.",
    Goal.RND_EXTRA_SEEDS: "Played over rounds: the seeds won beyond half are added up round by round.",
    Goal.RND_POINTS: "Played over rounds: each round scores points towards the game.",
    Goal.RND_WIN_COUNT_CLR: "Played over rounds: the first player to empty their own row wins the round; "
                            "enough round wins win the game.",
    Goal.RND_WIN_COUNT_DEP: "Played over rounds: the player who leaves the opponent without a move wins "
                            "the round; enough round wins win the game.",
    Goal.RND_WIN_COUNT_IMB: "Played over rounds: the player who leaves the opponent without a move, even "
                            "with no seeds left, wins the round; enough round wins win the game.",
}
GRAND_SLAMS = {
    GrandSlam.NOT_LEGAL: "may not be played",
    GrandSlam.NO_CAPT: "is played but captures nothing",
    GrandSlam.OPP_GETS_REMAIN: "gives the opponent the seeds left on the board",
    GrandSlam.LEAVE_LEFT: "spares the leftmost hole",
    GrandSlam.LEAVE_RIGHT: "spares the rightmost hole",
    GrandSlam.LEGAL_SHARE: "captures and gives the capturer another move, to share",
}
CAPT_TYPES = {
    CaptType.NEXT: "the seeds in the hole after the last one are taken",
    CaptType.TWO_OUT: "the seeds two holes on are taken when the next hole is empty",
    CaptType.MATCH_OPP: "a hole whose count matches the hole opposite captures both",
}


def _seeds(n: int) -> str:
    return f"{n} seed" + ("" if n == 1 else "s")


def summary(variant: Variant) -> list[str]:
    """The rules as a few sentences (board, sowing, capturing, special moves, end)."""
    gi = variant.game_info
    out = []
    start = {StartPattern.ALL_EQUAL: f"with {_seeds(variant.nbr_start)} in each"}.get(
        gi.start_pattern, f"laid out in the {gi.start_pattern.value.lower().replace('_', ' ')} pattern "
        f"({_seeds(variant.nbr_start)} a hole to start from)")
    stores = "; each player has a store" if gi.stores else "; there are no stores: captured seeds are set aside"
    out.append(f"Two rows of {variant.holes} holes {start}{stores}.")
    if variant.game_class in CLASSES:
        out.append(CLASSES[variant.game_class])
    if gi.no_sides:
        out.append("The holes belong to nobody: either player may move from any hole.")

    sowing = f"Seeds are sown {DIRECTIONS.get(gi.sow_direct, 'counter-clockwise')}"
    if gi.udir_holes and gi.sow_direct != Direct.PLAYALTDIR:
        sowing += "; from some holes the mover chooses the direction"
    if gi.stores:
        sowing += ", into your own store but not the opponent’s" if gi.sow_own_store else ", passing both stores"
    out.append(sowing + ".")
    extras = []
    if gi.skip_start:
        extras.append("the hole a move starts from is skipped")
    if gi.mlaps == LapSower.LAPPER:
        extras.append("a last seed in an occupied hole lifts it and sowing goes on (laps)")
    elif gi.mlaps == LapSower.LAPPER_NEXT:
        extras.append("a last seed in an occupied hole lifts the next hole and sowing goes on")
    if gi.sow_rule != SowRule.NONE:
        extras.append(f"sowing rule {gi.sow_rule.value.lower().replace('_', ' ')}")
    if gi.prescribed != SowPrescribed.NONE:
        extras.append("the first moves are prescribed")
    if gi.stores and gi.sow_own_store and not gi.store_ends_turn:
        extras.append("a last seed in your store gives another move")
    if extras:
        out.append("While sowing: " + "; ".join(extras) + ".")

    capture = []
    if gi.crosscapt:
        capture.append("a last seed in an empty hole of your own takes the seeds opposite")
    if gi.capt_on:
        counts = " or ".join(str(c) for c in gi.capt_on)
        capture.append(f"a last seed making a hole {counts} takes it")
    if gi.evens:
        capture.append("a last seed making an even count takes the hole")
    if gi.capt_min or gi.capt_max:
        capture.append(f"holes of {gi.capt_min or 1} to {gi.capt_max or 'any number of'} seeds are taken")
    if gi.capt_type != CaptType.NONE:
        capture.append(CAPT_TYPES.get(gi.capt_type, gi.capt_type.value.lower().replace("_", " ")))
    if capture:
        where = {CaptSide.OPP_SIDE: " (on the opponent’s side)", CaptSide.OWN_SIDE: " (on your own side)"}
        text = "Captures: " + "; ".join(capture) + where.get(gi.capt_side, "")
        if gi.multicapt:
            text += "; the holes before it are taken too while they qualify"
        out.append(text + ".")
    elif gi.child_type == ChildType.NOCHILD:
        out.append("There are no captures.")
    if gi.grandslam != GrandSlam.LEGAL and capture:
        out.append("A grand slam (a move that would take every seed of the opponent) "
                   f"{GRAND_SLAMS.get(gi.grandslam, gi.grandslam.value.lower())}.")
    if gi.child_type != ChildType.NOCHILD:
        out.append(f"Holes can become children ({gi.child_type.value.lower().replace('_', ' ')}): "
                   "seeds sown into them belong to their owner.")
    rules = []
    if gi.min_move > 1:
        rules.append(f"a move needs at least {_seeds(gi.min_move)}")
    if gi.mustshare:
        rules.append("a player with no seeds must be given some if possible")
    if gi.mustpass:
        rules.append("a player without a move passes")
    if gi.allow_rule != AllowRule.NONE:
        rules.append(f"moves are limited ({gi.allow_rule.value.lower().replace('_', ' ')})")
    if rules:
        out.append("Moves: " + "; ".join(rules) + ".")
    out.append(GOALS.get(gi.goal, ""))
    if gi.rounds != Rounds.NO_ROUNDS and gi.goal == Goal.MAX_SEEDS:
        out.append("The game is played over rounds.")
    if gi.end_rule == EndRule.ROW_EMPTY:
        out.append("The game ends as soon as either row is empty, whoever is to move; each "
                   "player then banks the seeds left on their own row.")
    elif gi.goal == Goal.MAX_SEEDS and gi.rounds == Rounds.NO_ROUNDS:
        # the engine's ClearWinner (engine/ending.py): a game that stopped with seeds on
        # both rows looked like a fault to players who read only "the most seeds at the end"
        children = " (counting their children's seeds)" if gi.child_type != ChildType.NOCHILD else ""
        out.append(f"The game also ends as soon as a player has taken more than half of all the "
                   f"seeds{children}: what is left can no longer change the winner.")
    return [line for line in out if line]


def first_sentence(text: str) -> str:
    """The first sentence of a description, for one-line variant lists (initials like
    "R. C." do not end one).

    >>> first_sentence("Played by R. C. Bell in 1960. Sown counter-clockwise.")
    'Played by R. C. Bell in 1960'
    """
    match = re.search(r"(?<=[a-z0-9)][a-z0-9)])[.!?](\s|$)", text)
    first = text[: match.start()] if match else text
    return first.split("\n")[0].strip()
