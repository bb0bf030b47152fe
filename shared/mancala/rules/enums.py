"""Every enumerated parameter of the reference, written by name.

The reference (game_param_descs.txt) is the source of the members and their
order; files name members, never their integer values.
"""

from __future__ import annotations

from enum import StrEnum


class NamedEnum(StrEnum):
    """An enum whose value is its name, parsed case-insensitively."""

    @classmethod
    def _missing_(cls, value: object) -> NamedEnum | None:
        if isinstance(value, str):
            return cls.__members__.get(value.strip().upper())
        return None


class GameClass(NamedEnum):
    MANCALA = "Mancala"
    NORTH_SOUTH_CYCLE = "NorthSouthCycle"
    EAST_WEST_CYCLE = "EastWestCycle"
    BEAR_OFF = "BearOff"
    DIFFUSION = "Diffusion"
    DIFFUSION_V2 = "DiffusionV2"
    SAME_SIDE = "SameSide"
    OHOJICHI = "Ohojichi"
    ZIG_ZAG = "ZigZag"  # 1.10 only
    # 1.10 only: a player facing an empty row first gives the opponent one seed
    SHARE_ONE = "ShareOne"

    @classmethod
    def _missing_(cls, value: object) -> GameClass | None:
        if not isinstance(value, str):
            return None
        key = value.replace("/", "").replace(" ", "").replace("_", "").lower()
        key = {"northsouthcycles": "northsouthcycle", "eastwestcycles": "eastwestcycle"}.get(key, key)
        for member in cls:
            if member.value.lower() == key:
                return member
        return None


class Direct(NamedEnum):
    CW = "CW"
    SPLIT = "SPLIT"
    CCW = "CCW"
    PLAYALTDIR = "PLAYALTDIR"
    # 1.10 only
    EVEN_ODD_DIR = "EVEN_ODD_DIR"  # odd counts sow counter-clockwise, even clockwise
    TOCENTER = "TOCENTER"  # each half of a row towards the middle line: SPLIT reversed


class SowRule(NamedEnum):
    NONE = "NONE"
    SOW_BLKD_DIV = "SOW_BLKD_DIV"
    SOW_BLKD_DIV_NR = "SOW_BLKD_DIV_NR"
    OWN_SOW_CAPT_ALL = "OWN_SOW_CAPT_ALL"
    SOW_CAPT_ALL = "SOW_CAPT_ALL"
    NO_SOW_OPP_NS = "NO_SOW_OPP_NS"
    CHANGE_DIR_LAP = "CHANGE_DIR_LAP"
    MAX_SOW = "MAX_SOW"
    LAP_CAPT = "LAP_CAPT"
    NO_OPP_CHILD = "NO_OPP_CHILD"
    OPP_GETS_OWN_LAST = "OPP_GETS_OWN_LAST"
    CONT_LAP_ON = "CONT_LAP_ON"
    # 1.10 only: captures while sowing (en passant), named by whose holes count and who
    # takes them; they replace OWN_SOW_CAPT_ALL and SOW_CAPT_ALL
    ENPAS_ALL_OWNER_SOW = "ENPAS_ALL_OWNER_SOW"
    ENPAS_ALL_OWNER_OWN = "ENPAS_ALL_OWNER_OWN"
    ENPAS_ALL_SOWER = "ENPAS_ALL_SOWER"
    ENPAS_SOW_SOWER = "ENPAS_SOW_SOWER"
    ENPAS_OPP_SOWER = "ENPAS_OPP_SOWER"
    # 1.10 only: a lap that captures goes on from its last hole with the seeds taken
    LAP_CAPT_SEEDS = "LAP_CAPT_SEEDS"
    # 1.10 only: NO_OPP_CHILD except for the last seed
    OPP_CHILD_ONLY1 = "OPP_CHILD_ONLY1"


class LapSower(NamedEnum):
    OFF = "OFF"
    LAPPER = "LAPPER"
    LAPPER_NEXT = "LAPPER_NEXT"


class CaptType(NamedEnum):
    NONE = "NONE"
    NEXT = "NEXT"
    TWO_OUT = "TWO_OUT"
    MATCH_OPP = "MATCH_OPP"
    # 1.10 only
    SINGLETONS = "SINGLETONS"
    CAPT_OPP_1CCW = "CAPT_OPP_1CCW"
    PASS_STORE_CAPT = "PASS_STORE_CAPT"
    PULL_ACROSS = "PULL_ACROSS"
    END_OPP_STORE_CAPT = "END_OPP_STORE_CAPT"


class CaptSide(NamedEnum):
    BOTH = "BOTH"
    OPP_SIDE = "OPP_SIDE"
    OWN_SIDE = "OWN_SIDE"
    OPP_CONT = "OPP_CONT"
    OWN_CONT = "OWN_CONT"
    OPP_TERR = "OPP_TERR"
    OWN_TERR = "OWN_TERR"


class CrossCaptHoles(NamedEnum):
    """Which holes a cross capture starts from and goes on from (with `crosscapt`). 1.8
    knows only ONE_ZEROS; 1.10's `crosscapt` ANY and ONE_ANY are read into this."""

    ONE_ZEROS = "ONE_ZEROS"  # the last hole held one seed (was empty); later holes empty
    ONE_ANY = "ONE_ANY"  # the last hole held one seed; later holes whatever they hold
    ANY = "ANY"  # any last hole, any later hole


class CrossCaptOwn(NamedEnum):
    LEAVE = "LEAVE"
    PICK_ON_CAPT = "PICK_ON_CAPT"
    ALWAYS_PICK = "ALWAYS_PICK"


class GrandSlam(NamedEnum):
    LEGAL = "LEGAL"
    NOT_LEGAL = "NOT_LEGAL"
    NO_CAPT = "NO_CAPT"
    OPP_GETS_REMAIN = "OPP_GETS_REMAIN"
    LEAVE_LEFT = "LEAVE_LEFT"
    LEAVE_RIGHT = "LEAVE_RIGHT"
    # 1.10: a grand slam stands and the capturer moves again, to share
    LEGAL_SHARE = "LEGAL_SHARE"


class AllowRule(NamedEnum):
    NONE = "NONE"
    OPP_OR_EMPTY = "OPP_OR_EMPTY"
    SINGLE_TO_ZERO = "SINGLE_TO_ZERO"
    SINGLE_ONLY_ALL = "SINGLE_ONLY_ALL"
    SINGLE_ALL_TO_ZERO = "SINGLE_ALL_TO_ZERO"
    TWO_ONLY_ALL = "TWO_ONLY_ALL"
    TWO_ONLY_ALL_RIGHT = "TWO_ONLY_ALL_RIGHT"
    FIRST_TURN_ONLY_RIGHT_TWO = "FIRST_TURN_ONLY_RIGHT_TWO"
    RIGHT_2_1ST_THEN_ALL_TWO = "RIGHT_2_1ST_THEN_ALL_TWO"
    MOVE_ALL_HOLES_FIRST = "MOVE_ALL_HOLES_FIRST"
    NOT_XFROM_1S = "NOT_XFROM_1S"
    # 1.10 only
    OCCUPIED = "OCCUPIED"
    RIGHT_HALF_FIRSTS = "RIGHT_HALF_FIRSTS"
    RIGHT_HALF_1ST_OPE = "RIGHT_HALF_1ST_OPE"


class ChildType(NamedEnum):
    NOCHILD = "NOCHILD"
    NORMAL = "NORMAL"
    RESERVED = "RESERVED"
    ONE_CHILD = "ONE_CHILD"
    WEG = "WEG"
    BULL = "BULL"
    QUR = "QUR"
    # 1.10 only: a hole holding enough seeds to sow round to its own row is a ram, a
    # child of nobody's that no move starts from and captures may take
    RAM = "RAM"


class ChildLocs(NamedEnum):
    ANYWHERE = "ANYWHERE"
    ENDS_ONLY = "ENDS_ONLY"
    NO_ENDS = "NO_ENDS"
    INV_ENDS_PLUS_MID = "INV_ENDS_PLUS_MID"
    ENDS_PLUS_ONE_OPP = "ENDS_PLUS_ONE_OPP"
    NO_OWN_RIGHT = "NO_OWN_RIGHT"
    NO_OPP_RIGHT = "NO_OPP_RIGHT"
    NO_OPP_LEFT = "NO_OPP_LEFT"
    NOT_SYM_OPP = "NOT_SYM_OPP"
    NOT_FACING = "NOT_FACING"
    ENDS_PLUS_ALL_OPP = "ENDS_PLUS_ALL_OPP"
    # 1.10 only: each player's rightmost hole is their child from the start; no others
    FIXED_ONE_RIGHT = "FIXED_ONE_RIGHT"


class ChildRule(NamedEnum):
    NONE = "NONE"
    OPP_SIDE_ONLY = "OPP_SIDE_ONLY"
    OWN_SIDE_ONLY = "OWN_SIDE_ONLY"
    OPPS_ONLY_NOT_1ST = "OPPS_ONLY_NOT_1ST"
    OPP_OWNER_ONLY = "OPP_OWNER_ONLY"
    OWN_OWNER_ONLY = "OWN_OWNER_ONLY"
    NOT_1ST_OPP = "NOT_1ST_OPP"


class StartPattern(NamedEnum):
    ALL_EQUAL = "ALL_EQUAL"
    GAMACHA = "GAMACHA"
    ALTERNATES = "ALTERNATES"
    ALTS_WITH_1 = "ALTS_WITH_1"
    CLIPPEDTRIPLES = "CLIPPEDTRIPLES"
    TWOEMPTY = "TWOEMPTY"
    RANDOM = "RANDOM"
    ALTS_SPLIT = "ALTS_SPLIT"
    RIGHTMOST_PLUS_ONE = "RIGHTMOST_PLUS_ONE"
    # 1.10 only: seeds as ALL_EQUAL, then the starter's rightmost hole is played for them
    MOVE_RIGHTMOST = "MOVE_RIGHTMOST"
    # 1.10 only: ALL_EQUAL with one seed moved so that no opening move ends in the store
    NO_REPEAT_SOW_OWN = "NO_REPEAT_SOW_OWN"
    # 1.10 only: Azigo's layout, seeds in the stores too
    AZIGO = "AZIGO"
    # 1.10 only: as RANDOM, then every hole holds none or at least four seeds
    RANDOM_ZEROS = "RANDOM_ZEROS"

    @property
    def is_random(self) -> bool:
        """The layout is drawn at random: a replay gives it as a position."""
        return self in (StartPattern.RANDOM, StartPattern.RANDOM_ZEROS)


class SowPrescribed(NamedEnum):
    NONE = "NONE"
    BASIC_SOWER = "BASIC_SOWER"
    MLAPS_SOWER = "MLAPS_SOWER"
    SOW1OPP = "SOW1OPP"
    PLUS1MINUS1 = "PLUS1MINUS1"
    ARNGE_LIMIT = "ARNGE_LIMIT"
    NO_UDIR_FIRSTS = "NO_UDIR_FIRSTS"  # 1.10 only


class PreSowCapt(NamedEnum):
    NONE = "NONE"
    CAPT_ONE = "CAPT_ONE"
    ALL_SINGLE_XCAPT = "ALL_SINGLE_XCAPT"
    DRAW_1_XCAPT = "DRAW_1_XCAPT"


class CaptExtraPick(NamedEnum):
    NONE = "NONE"
    PICKCROSS = "PICKCROSS"
    PICKTWOS = "PICKTWOS"
    PICKLASTSEEDS = "PICKLASTSEEDS"
    PICK2XLASTSEEDS = "PICK2XLASTSEEDS"
    PICKFINAL = "PICKFINAL"
    # 1.10 only: after a capture, every opponent hole meeting the basic capture criteria
    PICKOPPBASIC = "PICKOPPBASIC"
    # 1.10 only: each hole a multiple capture takes also takes the hole across from it
    PICKCROSSMULT = "PICKCROSSMULT"


class Goal(NamedEnum):
    MAX_SEEDS = "MAX_SEEDS"
    DEPRIVE = "DEPRIVE"
    TERRITORY = "TERRITORY"
    CLEAR = "CLEAR"
    RND_WIN_COUNT = "RND_WIN_COUNT"
    RND_SEED_COUNT = "RND_SEED_COUNT"
    RND_EXTRA_SEEDS = "RND_EXTRA_SEEDS"
    RND_POINTS = "RND_POINTS"
    IMMOBILIZE = "IMMOBILIZE"  # 1.10 only
    # 1.10 only: rounds of CLEAR, DEPRIVE or IMMOBILIZE, the game won by a count of round wins
    RND_WIN_COUNT_CLR = "RND_WIN_COUNT_CLR"
    RND_WIN_COUNT_DEP = "RND_WIN_COUNT_DEP"
    RND_WIN_COUNT_IMB = "RND_WIN_COUNT_IMB"

    @property
    def eliminating(self) -> Goal:
        """The goal that decides each game or round: CLEAR for RND_WIN_COUNT_CLR, DEPRIVE
        for RND_WIN_COUNT_DEP, IMMOBILIZE for RND_WIN_COUNT_IMB, the goal itself else."""
        return _ROUNDS_OF.get(self, self)


_ROUNDS_OF = {Goal.RND_WIN_COUNT_CLR: Goal.CLEAR, Goal.RND_WIN_COUNT_DEP: Goal.DEPRIVE,
              Goal.RND_WIN_COUNT_IMB: Goal.IMMOBILIZE}


class RoundStarter(NamedEnum):
    ALTERNATE = "ALTERNATE"
    LOSER = "LOSER"
    WINNER = "WINNER"
    LAST_MOVER = "LAST_MOVER"


class RoundFill(NamedEnum):
    NOT_APPLICABLE = "NOT_APPLICABLE"
    LEFT_FILL = "LEFT_FILL"
    RIGHT_FILL = "RIGHT_FILL"
    OUTSIDE_FILL = "OUTSIDE_FILL"
    EVEN_FILL = "EVEN_FILL"
    SHORTEN = "SHORTEN"
    UCHOOSE = "UCHOOSE"
    UMOVE = "UMOVE"
    UCHOWN = "UCHOWN"
    # 1.10: the territory fills (mancala.engine.territory) and the loser-only refill
    TERR_EX_RANDOM = "TERR_EX_RANDOM"
    TERR_EX_LOSER = "TERR_EX_LOSER"
    TERR_EX_EMPTY = "TERR_EX_EMPTY"
    LOSER_ONLY = "LOSER_ONLY"
    SHORTEN_ALL = "SHORTEN_ALL"  # 1.10: SHORTEN, the loser's odd seeds in one more hole


class Rounds(NamedEnum):
    NO_ROUNDS = "NO_ROUNDS"
    HALF_SEEDS = "HALF_SEEDS"
    NO_MOVES = "NO_MOVES"
    END_S_SEEDS = "END_S_SEEDS"
    END_2S_SEEDS = "END_2S_SEEDS"


class Unclaimed(NamedEnum):
    HOLE_OWNER = "HOLE_OWNER"
    DONT_SCORE = "DONT_SCORE"
    LAST_MOVER = "LAST_MOVER"
    UNFED_PLAYER = "UNFED_PLAYER"
    DIVVIED = "DIVVIED"


class CaptRTurn(NamedEnum):
    NO_REPEAT = "NO_REPEAT"
    ALWAYS = "ALWAYS"
    ONCE = "ONCE"


class Algorithm(NamedEnum):
    MINIMAXER = "minimaxer"
    NEGAMAXER = "negamaxer"
    MONTECARLO_TS = "montecarlo_ts"

    @classmethod
    def _missing_(cls, value: object) -> Algorithm | None:
        if isinstance(value, str):
            for member in cls:
                if member.value == value.strip().lower():
                    return member
        return None


class EndRule(NamedEnum):
    """When a MAX_SEEDS game ends (our extension; not a parameter of the reference).

    REFERENCE: as the reference program ends it (a majority held, too few seeds left,
    or no move for the player to move). ROW_EMPTY: as published Kalah ends (Irving,
    Donkers and Uiterwijk 2000): as soon as a move leaves either row empty, each player
    banks the seeds left on their own row."""

    REFERENCE = "REFERENCE"
    ROW_EMPTY = "ROW_EMPTY"


class RulesVersion(StrEnum):
    """Which release of the reference's rules a variant follows (replay contract, "Two
    versions of the reference's rules"): 1.8 (commit b46e786, what the seed documents
    describe) or 1.10 (commit 2b1c596). A variant without the field is 1.8."""

    V1_8 = "1.8"
    V1_10 = "1.10"


class EndCond(NamedEnum):
    """1.10 only: further conditions that end a game (or a round)."""

    NO_ADDTL = "NO_ADDTL"
    CLEARED_OWN = "CLEARED_OWN"
    CLEARED_OPP = "CLEARED_OPP"
    SEEDS_LIMIT = "SEEDS_LIMIT"
    HOLE_SEED_LIMIT = "HOLE_SEED_LIMIT"


class PlayLocs(NamedEnum):
    """1.10 only: where a move may start (the board, or also the mover's store)."""

    BOARD_ONLY = "BOARD_ONLY"
    BRD_OWN_STR_ALL = "BRD_OWN_STR_ALL"
    BRD_OWN_STR_CHS = "BRD_OWN_STR_CHS"


class MlapCont(NamedEnum):
    """1.10 only: the further conditions on sowing another lap that the 1.8 rules lack.
    (mlap_cont VISIT_OPP and ON_PARAM are read into the 1.8 `visit_opp` and sow_rule
    CONT_LAP_ON, so the model never holds them here.)"""

    NONE = "NONE"
    GREQ_PARAM = "GREQ_PARAM"
    OWN_SIDE = "OWN_SIDE"
    OPP_SIDE = "OPP_SIDE"
    STOP_STORE = "STOP_STORE"
    NOT_FROM_STORE = "NOT_FROM_STORE"
