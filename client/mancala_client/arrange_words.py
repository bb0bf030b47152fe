"""The terminal's words for Bao's arrangement (prescribed ARNGE_LIMIT): what a room's
`arrange` offer says, and `arrange 4 4 0 8 ...` read back into the move the server
takes ({"arrange": [seeds a hole, from the mover's left]})."""

from __future__ import annotations

from typing import Any

from mancala_client.moves import SEAT_NAMES


def arrange_hint(offer: Any) -> str:
    """How to arrange, as an example the player can type."""
    example = [0] * offer.holes
    example[0] = offer.seeds  # all in the first hole: always a layout of the right size
    return (f"type `arrange` and {offer.holes} numbers, the seeds of each hole of your row from your "
            f"left, {offer.seeds} in all, one of at least {offer.min_move} "
            f"(e.g. `arrange {' '.join(map(str, example))}`)")


def arrange_lines(offer: Any, you: int | None) -> list[str]:
    """What the terminal says while the game's first move may be an arrangement."""
    if offer.seat != you:
        return [f"{SEAT_NAMES[offer.seat]} may arrange the seeds of their row as their first move "
                "(yours will be laid out the same)."]
    return ["Your first move may be an arrangement: lay the seeds of your row out as you like, "
            "and your opponent's row is laid out the same from their left.",
            f"To arrange, {arrange_hint(offer)}. Or sow as usual (then you capture nothing and make "
            "no child until your opponent does)."]


def arrange_from_words(offer: Any, words: list[str]) -> dict[str, list[int]]:
    """`arrange` words as the move (ValueError with words for the player); the server
    judges the rest (an unchanged layout, no hole left to play from)."""
    if not words:
        raise ValueError("Arrange how?")
    try:
        counts = [int(w) for w in words]
    except ValueError:
        raise ValueError("An arrangement is whole numbers: the seeds of each hole from your left") from None
    if len(counts) != offer.holes:
        raise ValueError(f"Your row has {offer.holes} holes: give {offer.holes} numbers, not {len(counts)}")
    if any(c < 0 for c in counts):
        raise ValueError("A hole cannot hold fewer than 0 seeds")
    if sum(counts) != offer.seeds:
        raise ValueError(f"Lay out all {offer.seeds} seeds of your row: these add up to {sum(counts)}")
    return {"arrange": counts}


def arranged_text(move: dict[str, Any]) -> str:
    """An arrangement as the history and the last-move line show it."""
    return "arrange " + " ".join(map(str, move.get("arrange", [])))
