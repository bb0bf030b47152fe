"""The variant model: the four sections of a variant file as frozen dataclasses.

Parameter names and defaults follow the parameter reference and the replay
contract; older names are rewritten by `mancala.rules.aliases` before these
models see the data.

The classes are plain frozen dataclasses, so that playing a variant needs no
validation library: a command that replays a variant validated before (the
cache in mancala.rules.remembered) starts without importing pydantic. pydantic
validates them when a variant is read (mancala.rules.loading): it reads the
bounds from the `Limit` markers in the annotations, the checks from `Check`,
and `__pydantic_config__` (a plain dict). Both markers speak pydantic's schema
hook, so nothing of pydantic is imported until a validator is built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields, is_dataclass
from typing import Annotated, Any

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
    CrossCaptHoles,
    CrossCaptOwn,
    Direct,
    EndCond,
    EndRule,
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    MlapCont,
    PlayLocs,
    PreSowCapt,
    RoundFill,
    Rounds,
    RoundStarter,
    RulesVersion,
    SowPrescribed,
    SowRule,
    StartPattern,
    Unclaimed,
)
from mancala.rules.vari_section import VariParams

# unknown parameters are errors; pydantic reads this dict (its ConfigDict is a TypedDict)
_STRICT: dict[str, Any] = {"extra": "forbid"}

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


class Limit:
    """Annotation marker: bounds of a number (`ge`, `le`) or of a length (`max_len`), set
    on the schema of the annotated type, so that pydantic reports them as its own
    (greater_than_equal, string_too_long, too_long, ...)."""

    def __init__(self, *, ge: int | None = None, le: int | None = None, max_len: int | None = None) -> None:
        self.ge, self.le, self.max_len = ge, le, max_len

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        schema = dict(handler(source))
        bounds = {"ge": self.ge, "le": self.le, "max_length": self.max_len}
        schema.update({key: value for key, value in bounds.items() if value is not None})
        return schema


class Check:
    """Annotation marker: a check (or normalisation) run after a field's type is
    validated. pydantic asks the marker for its schema only while building a
    validator, so the import of pydantic_core waits until a variant is validated."""

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.func, handler(source))


def _sorted_unique(value: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(set(value)))


def _four_or_none(value: tuple[int, ...]) -> tuple[int, ...]:
    if value and len(value) != 4:
        raise ValueError("needs one value for each difficulty 0..3 (four values)")
    return value


NonNeg = Annotated[int, Limit(ge=0, le=MAX_COUNT)]
Text = Annotated[str, Limit(max_len=MAX_TEXT)]
Locations = Annotated[tuple[NonNeg, ...], Limit(max_len=MAX_LIST), Check(_sorted_unique)]
# per-difficulty lists: four values (difficulty 0..3), or empty for the built-in defaults
PerDifficulty = Annotated[tuple[int, ...], Limit(max_len=4), Check(_four_or_none)]


@dataclass(frozen=True, kw_only=True)
class GameConstants:
    __pydantic_config__ = _STRICT

    holes: Annotated[int, Limit(ge=1, le=MAX_HOLES)]
    nbr_start: Annotated[int, Limit(ge=0, le=MAX_NBR_START)]


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """Rule parameters (section `game_info`)."""

    __pydantic_config__ = _STRICT

    # description
    name: Annotated[str, Limit(max_len=MAX_NAME), Check(printable_name)] = "Mancala"
    about: Text = ""
    rules: Text = ""  # our addition: the published source of the rules
    # our additions, for the lobby's variant picker: the family of games it belongs to
    # (e.g. "Kalah", "Oware", "Relay sowing") and where it is played (e.g. "West Africa")
    family: Text = ""
    region: Text = ""
    help_file: Text = ""

    # board and start
    stores: bool = False
    start_pattern: StartPattern = StartPattern.ALL_EQUAL
    no_sides: bool = False
    blocks: bool = False

    # sowing
    sow_direct: Direct = Direct.CCW
    udir_holes: Locations = ()
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
    capt_on: Annotated[tuple[Annotated[int, Limit(ge=1, le=MAX_COUNT)], ...], Limit(max_len=MAX_LIST),
                       Check(_sorted_unique)] = ()
    capt_min: NonNeg = 0
    capt_max: NonNeg = 0
    evens: bool = False
    multicapt: Annotated[int, Limit(ge=-1, le=MAX_COUNT)] = 0
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
    min_move: Annotated[int, Limit(ge=1, le=MAX_COUNT)] = 1
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

    # parameters new in the reference's 1.10 rules (mancala.rules.reading_110 refuses
    # them in a 1.8 variant); 1.10 parameters that replaced 1.8 ones (crosscapt as an
    # enum, capt_dir, sow_stores, mlap_cont VISIT_OPP and ON_PARAM) are read into the
    # 1.8 fields above
    quitter: Unclaimed = Unclaimed.DIVVIED  # the seeds left when a player ends the game
    end_cond: EndCond = EndCond.NO_ADDTL
    end_param: NonNeg = 0
    play_locs: PlayLocs = PlayLocs.BOARD_ONLY
    # another lap only under a further condition; mlap_param is GREQ_PARAM's seed count
    mlap_cont: MlapCont = MlapCont.NONE
    # sow_stores BOTH: the opponent's store is sown too (read with sow_own_store)
    sow_opp_store: bool = False
    # sow_stores BOTH_NR_OPP: as BOTH, but a last seed in the opponent's store gives no
    # repeat turn (capt_type END_OPP_STORE_CAPT may then take that store)
    opp_store_no_repeat: bool = False
    # capt_dir BOTH: a multiple capture runs along the sowing, then against it
    capt_both_dirs: bool = False
    # crosscapt ANY / ONE_ANY: the holes a cross capture takes across from (read with
    # crosscapt true)
    xcapt_holes: CrossCaptHoles = CrossCaptHoles.ONE_ZEROS
    mlap_param: NonNeg = 0


@dataclass(frozen=True, kw_only=True)
class AiParams:
    __pydantic_config__ = _STRICT

    mm_depth: PerDifficulty = ()
    mcts_bias: PerDifficulty = ()
    mcts_nodes: PerDifficulty = ()
    mcts_pouts: PerDifficulty = ()


@dataclass(frozen=True, kw_only=True)
class Scorer:
    __pydantic_config__ = _STRICT

    stores_m: int = 0
    access_m: int = 0
    seeds_m: int = 0
    empties_m: int = 0
    child_cnt_m: int = 0
    evens_m: int = 0
    easy_rand: NonNeg = 0
    repeat_turn: int = 0


@dataclass(frozen=True, kw_only=True)
class PlayerInfo:
    __pydantic_config__ = _STRICT

    algorithm: Algorithm = Algorithm.MINIMAXER
    difficulty: Annotated[int, Limit(ge=0, le=3)] = 0
    ai_active: bool = False
    ai_params: AiParams = AiParams()
    scorer: Scorer = Scorer()


@dataclass(frozen=True, kw_only=True)
class Variant:
    """A whole variant file."""

    __pydantic_config__ = _STRICT

    rules_version: RulesVersion = RulesVersion.V1_8
    game_class: GameClass = GameClass.MANCALA
    game_constants: GameConstants
    game_info: GameInfo = GameInfo()
    player: PlayerInfo = PlayerInfo()
    # the parameters its players may set (a room's settings: mancala.rules.vari_params)
    vari_params: VariParams = VariParams()

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


# each rule parameter's "nothing special" value (every GameInfo field has a default)
GAME_INFO_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(GameInfo)}


def as_config(section: Any) -> dict[str, Any]:
    """A variant (or one of its sections) as a variant file writes it: JSON values, and
    only what differs from the defaults (holes and seeds are always there).

    >>> from mancala.rules.loading import load_variant
    >>> as_config(load_variant("kalah_4"))["game_constants"]
    {'holes': 6, 'nbr_start': 4}
    """
    out: dict[str, Any] = {}
    for f in fields(section):
        value = getattr(section, f.name)
        if is_dataclass(value):
            nested = as_config(value)
            if nested or f.default is MISSING:
                out[f.name] = nested
        elif f.default is MISSING or value != f.default:
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out
