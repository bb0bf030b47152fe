"""Published solved values of Kalah, as data: what `mancala solve` should reproduce.

Both sources play Kalah as it is published (six or fewer holes a side, sown
counter-clockwise through the own store, another move after ending in it, no skipping
of the start hole) with the end our `end_rule` ROW_EMPTY plays: the game ends as soon as
either row is empty and each player banks their own row. They differ in the capture:

- "empty capture" (`xcpickown` ALWAYS_PICK): a last seed in an empty hole of one's own
  always goes to the store, with the facing hole's seeds if any. Irving, Donkers and
  Uiterwijk played this rule (their section 2.1: the last seed and the opposite pit's
  stones are stored, with no condition on the opposite pit).
- "standard" (`xcpickown` PICK_ON_CAPT): only when the facing hole holds seeds.

Values are the final store difference from the first player's view with best play.

Sources (read for this table; the values are facts, restated here in our own words):

- IRVING: Geoffrey Irving, Jeroen Donkers and Jos Uiterwijk, "Solving Kalah", ICGA
  Journal 23(3), September 2000, pp. 139-147 (copy at https://naml.us/paper/irving2000_kalah.pdf).
  Table 9 gives the margins of Kalah(m, n) for m = 4..6 holes, n = 1..6 seeds (6(6)
  missing), each with a perfect game (we keep its first move); Table 10 the win/draw/loss of every m, n from 1 to 6 but 6(6). Section 4:
  Kalah(6, 4) took 35 s and Kalah(6, 5) 4.7 hours on an 800 MHz AMD Athlon with 256 MB,
  a 20-counter endgame database and an 8 M-entry transposition table.
- RAWLINGS_EMPTY: Mark Rawlings (October 2015), in the Wikipedia article "Kalah",
  revision of 14 November 2015 by MarkR27
  (https://en.wikipedia.org/?oldid=690667612&title=Kalah): Kalah(6, 6) with the empty
  capture rule is a first-player win by 2, after 39 GB of endgame databases (every
  position of 34 seeds or fewer), 106 days of CPU time and 55 trillion nodes; with those
  databases Kalah(6, 4) solves "in a fraction of a second" and Kalah(6, 5) in "several
  minutes".
- RAWLINGS_STANDARD: Mark Rawlings (2015) on the standard rule, in the Wikipedia
  article's later text (as copied at https://xopt.io/optio/52944): Kalah(6, 4) is a
  first-player win by 8 and Kalah(6, 5) by 10; Kalah(6, 6) is at least a win by 4 (a
  bound, not a value). No margin for smaller boards under this rule was found.

Kalah(1, n) (one hole a side) is in Irving's Table 10 but not playable here (two holes
a side at least, `holes_range`).
"""

from __future__ import annotations

from dataclasses import dataclass

EMPTY_CAPTURE = "empty capture"
STANDARD = "standard"

IRVING = "Irving, Donkers & Uiterwijk 2000"
RAWLINGS = "Rawlings 2015"

# the capture rule as a parameter value
XCPICKOWN = {EMPTY_CAPTURE: "ALWAYS_PICK", STANDARD: "PICK_ON_CAPT"}


@dataclass(frozen=True)
class Published:
    rule: str  # EMPTY_CAPTURE or STANDARD
    holes: int
    seeds: int
    outcome: str  # "W", "D" or "L" for the first player
    margin: int | None  # the final store difference, None where only the outcome is given
    source: str  # who, and where (table)
    at_least: bool = False  # the margin is a lower bound only
    solver_time: str = ""  # the publishing solver's own time, where the source gives one
    # the first hole (0 = the mover's leftmost) of the source's perfect game, where it gives one
    opening: int | None = None


def _outcome(margin: int) -> str:
    return "W" if margin > 0 else "L" if margin < 0 else "D"


# Irving et al., Table 9 (margins)
_TABLE_9 = {
    (4, 1): 2, (4, 2): 6, (4, 3): 8, (4, 4): 2, (4, 5): 2, (4, 6): 0,
    (5, 1): 0, (5, 2): 0, (5, 3): 8, (5, 4): 12, (5, 5): 2, (5, 6): 2,
    (6, 1): 2, (6, 2): 10, (6, 3): 2, (6, 4): 10, (6, 5): 12,
}
# Irving et al.'s own times (section 4), and Rawlings's for the same boards (the Wikipedia
# revision above: with his databases)
_TIMES = {(6, 4): "35 s (Irving, 800 MHz Athlon); under a second (Rawlings, 39 GB databases)",
          (6, 5): "4.7 h (Irving, 800 MHz Athlon); several minutes (Rawlings, 39 GB databases)"}
# the first move of each perfect game of Table 9 (holes from 0 at the mover's left)
_OPENINGS = {
    (4, 1): 3, (4, 2): 3, (4, 3): 1, (4, 4): 0, (4, 5): 0, (4, 6): 1,
    (5, 1): 4, (5, 2): 3, (5, 3): 2, (5, 4): 1, (5, 5): 0, (5, 6): 2,
    (6, 1): 5, (6, 2): 4, (6, 3): 4, (6, 4): 2, (6, 5): 1,
}
# Irving et al., Table 10 (outcomes only), the rows Table 9 has no margins for
_TABLE_10 = {2: "WLLLWW", 3: "DWWWWL"}

VALUES: tuple[Published, ...] = (
    *(Published(EMPTY_CAPTURE, holes, seeds, outcome, None, f"{IRVING}, Table 10")
      for holes, row in _TABLE_10.items() for seeds, outcome in enumerate(row, start=1)),
    *(Published(EMPTY_CAPTURE, holes, seeds, _outcome(margin), margin, f"{IRVING}, Table 9",
                solver_time=_TIMES.get((holes, seeds), ""), opening=_OPENINGS[holes, seeds])
      for (holes, seeds), margin in _TABLE_9.items()),
    Published(EMPTY_CAPTURE, 6, 6, "W", 2, f"{RAWLINGS} (Wikipedia, Kalah, oldid 690667612)",
              solver_time="106 CPU days, 39 GB endgame databases"),
    Published(STANDARD, 6, 4, "W", 8, f"{RAWLINGS} (Wikipedia, Kalah)"),
    Published(STANDARD, 6, 5, "W", 10, f"{RAWLINGS} (Wikipedia, Kalah)"),
    Published(STANDARD, 6, 6, "W", 4, f"{RAWLINGS} (Wikipedia, Kalah)", at_least=True),
)


def kalah_variant(rule: str, holes: int, seeds: int) -> dict:
    """The variant the sources solved: published Kalah with the given capture rule."""
    return {
        "game_class": "Mancala",
        "game_constants": {"holes": holes, "nbr_start": seeds},
        "game_info": {
            "name": f"Kalah({holes},{seeds}) {rule}",
            "stores": True, "sow_own_store": True, "crosscapt": True,
            "xcpickown": XCPICKOWN[rule], "capt_side": "OPP_SIDE", "end_rule": "ROW_EMPTY",
        },
    }
