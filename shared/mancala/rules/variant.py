"""The variant model: the four sections of a variant file as frozen pydantic models.

Parameter names and defaults follow the parameter reference and the replay
contract; older names are rewritten by `mancala.rules.aliases` before these
models see the data.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from mancala.protocol.text import printable_name
from mancala.rules.enums import (
    Algorithm,
    AllowRule,
    CaptExtraPick,
    CaptRTurn,
    CaptSide,
    CaptType,
    ChildLocs,
    ChildRule,
    ChildType,
    CrossCaptOwn,
    Direct,
    EndRule,
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    PreSowCapt,
    RoundFill,
    Rounds,
    RoundStarter,
    SowPrescribed,
    SowRule,
    StartPattern,
    Unclaimed,
)

_FROZEN = ConfigDict(frozen=True, extra="forbid", use_enum_values=False)

# Cost bounds, named so that errors and docs can cite them. A move's cost grows with the
# seeds on the board (sowing, laps, captures that simulate moves); the reference's own
# games stay far inside (15 holes a side at most, 70 seeds a hole in Mangala I). Beyond
# these a custom variant is refused before any rules work is done.
MAX_HOLES = 64  # the board-size rule proper (2..15) is the reference's, in constraints.py
MAX_NBR_START = 100  # seeds per hole at the start
MAX_COUNT = 10_000  # any other count parameter (capt_max, sow_param, goal_param...)
MAX_LIST = 64  # entries in a list parameter (capt_on, udir_holes)
MAX_NAME = 60  # characters of a variant's name (shown as room titles)
MAX_TEXT = 4_000  # characters of about, rules, help_file, family, region

NonNeg = Annotated[int, Field(ge=0, le=MAX_COUNT)]
# per-difficulty lists: four values (difficulty 0..3), or empty for the built-in defaults
PerDifficulty = Annotated[tuple[int, ...], Field(max_length=4)]


class GameConstants(BaseModel):
    model_config = _FROZEN

    holes: Annotated[int, Field(ge=1, le=MAX_HOLES)]
    nbr_start: Annotated[int, Field(ge=0, le=MAX_NBR_START)]


class GameInfo(BaseModel):
    """Rule parameters (section `game_info`)."""

    model_config = _FROZEN

    # description
    name: Annotated[str, Field(max_length=MAX_NAME), AfterValidator(printable_name)] = "Mancala"
    about: Annotated[str, Field(max_length=MAX_TEXT)] = ""
    rules: Annotated[str, Field(max_length=MAX_TEXT)] = ""  # our addition: the published source of the rules
    # our additions, for the lobby's variant picker: the family of games it belongs to
    # (e.g. "Kalah", "Oware", "Relay sowing") and where it is played (e.g. "West Africa")
    family: Annotated[str, Field(max_length=MAX_TEXT)] = ""
    region: Annotated[str, Field(max_length=MAX_TEXT)] = ""
    help_file: Annotated[str, Field(max_length=MAX_TEXT)] = ""

    # board and start
    stores: bool = False
    start_pattern: StartPattern = StartPattern.ALL_EQUAL
    no_sides: bool = False
    blocks: bool = False

    # sowing
    sow_direct: Direct = Direct.CCW
    udir_holes: Annotated[tuple[NonNeg, ...], Field(max_length=MAX_LIST)] = ()
    sow_start: bool = False
    move_one: bool = False
    skip_start: bool = False
    sow_own_store: bool = False
    # our extension (not in the reference): a last seed in the own store ends the
    # turn instead of giving another (Jackman's variation D, Congklak-like play)
    store_ends_turn: bool = False
    mlaps: LapSower = LapSower.OFF
    visit_opp: bool = False
    sow_rule: SowRule = SowRule.NONE
    sow_param: NonNeg = 0
    presowcapt: PreSowCapt = PreSowCapt.NONE
    prescribed: SowPrescribed = SowPrescribed.NONE

    # captures
    crosscapt: bool = False
    xcpickown: CrossCaptOwn = CrossCaptOwn.LEAVE
    xc_sown: bool = False
    capt_on: Annotated[tuple[Annotated[int, Field(ge=1, le=MAX_COUNT)], ...], Field(max_length=MAX_LIST)] = ()
    capt_min: NonNeg = 0
    capt_max: NonNeg = 0
    evens: bool = False
    multicapt: Annotated[int, Field(ge=-1, le=MAX_COUNT)] = 0
    capsamedir: bool = False
    capt_side: CaptSide = CaptSide.BOTH
    capt_type: CaptType = CaptType.NONE
    capt_rturn: CaptRTurn = CaptRTurn.NO_REPEAT
    nosinglecapt: bool = False
    nocaptmoves: NonNeg = 0
    grandslam: GrandSlam = GrandSlam.LEGAL
    pickextra: CaptExtraPick = CaptExtraPick.NONE
    moveunlock: bool = False

    # children
    child_type: ChildType = ChildType.NOCHILD
    child_cvt: NonNeg = 0
    child_locs: ChildLocs = ChildLocs.ANYWHERE
    child_rule: ChildRule = ChildRule.NONE

    # allowed moves
    min_move: Annotated[int, Field(ge=1, le=MAX_COUNT)] = 1
    mustshare: bool = False
    mustpass: bool = False
    allow_rule: AllowRule = AllowRule.NONE

    # goal and rounds
    goal: Goal = Goal.MAX_SEEDS
    goal_param: NonNeg = 0
    unclaimed: Unclaimed = Unclaimed.HOLE_OWNER
    rounds: Rounds = Rounds.NO_ROUNDS
    round_starter: RoundStarter = RoundStarter.ALTERNATE
    round_fill: RoundFill = RoundFill.NOT_APPLICABLE
    # our extension (not in the reference): ROW_EMPTY ends the game as published Kalah
    # does, as soon as either row is empty (docs/rules.md, "end_rule")
    end_rule: EndRule = EndRule.REFERENCE

    @field_validator("capt_on", "udir_holes")
    @classmethod
    def _sorted_unique(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(set(value)))


class AiParams(BaseModel):
    model_config = _FROZEN

    mm_depth: PerDifficulty = ()
    mcts_bias: PerDifficulty = ()
    mcts_nodes: PerDifficulty = ()
    mcts_pouts: PerDifficulty = ()

    @field_validator("mm_depth", "mcts_bias", "mcts_nodes", "mcts_pouts")
    @classmethod
    def _four_or_none(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if value and len(value) != 4:
            raise ValueError("needs one value for each difficulty 0..3 (four values)")
        return value


class Scorer(BaseModel):
    model_config = _FROZEN

    stores_m: int = 0
    access_m: int = 0
    seeds_m: int = 0
    empties_m: int = 0
    child_cnt_m: int = 0
    evens_m: int = 0
    easy_rand: NonNeg = 0
    repeat_turn: int = 0


class PlayerInfo(BaseModel):
    model_config = _FROZEN

    algorithm: Algorithm = Algorithm.MINIMAXER
    difficulty: Annotated[int, Field(ge=0, le=3)] = 0
    ai_active: bool = False
    ai_params: AiParams = AiParams()
    scorer: Scorer = Scorer()


class Variant(BaseModel):
    """A whole variant file."""

    model_config = _FROZEN

    game_class: GameClass = GameClass.MANCALA
    game_constants: GameConstants
    game_info: GameInfo = GameInfo()
    player: PlayerInfo = PlayerInfo()

    @property
    def holes(self) -> int:
        return self.game_constants.holes

    @property
    def nbr_start(self) -> int:
        return self.game_constants.nbr_start

    @property
    def name(self) -> str:
        return self.game_info.name

    @property
    def info(self) -> GameInfo:
        return self.game_info
