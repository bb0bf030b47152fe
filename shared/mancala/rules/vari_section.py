"""The `vari_params` section of a variant file as a typed model: what parameters a file
offers its players, each by "include"/"all" or a list of the values allowed. What the
offers mean and how a choice settles a variant: mancala.rules.vari_params (a section of
its own so that the variant model reads it without importing what reads the model)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

MAX_OFFERED = 64  # values listed for one parameter
MAX_WORD = 40  # characters of a listed value or a parameter's name
class _MaxLen:
    """Annotation marker: a bound on a length, read by pydantic when it builds a validator."""

    def __init__(self, most: int) -> None:
        self.most = most

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        return {**handler(source), "max_length": self.most}


Word = Annotated[str, _MaxLen(MAX_WORD)]
# "include" or "all": any value; a list: the values allowed
Offer = Literal["include", "all"] | Annotated[tuple[int | Word, ...], _MaxLen(MAX_OFFERED)]


@dataclass(frozen=True, kw_only=True)
class VariParams:
    """Section `vari_params`: the parameters a player may set (None: not offered)."""

    __pydantic_config__ = {"extra": "forbid"}  # noqa: RUF012 -- pydantic reads a plain dict

    game_class: Offer | None = None
    holes: Offer | None = None
    nbr_start: Offer | None = None
    stores: Offer | None = None
    start_pattern: Offer | None = None
    sow_direct: Offer | None = None
    udir_holes: Offer | None = None
    sow_start: Offer | None = None
    skip_start: Offer | None = None
    sow_stores: Offer | None = None
    sow_rule: Offer | None = None
    mlaps: Offer | None = None
    mlap_cont: Offer | None = None
    prescribed: Offer | None = None
    capt_on: Offer | None = None
    capt_max: Offer | None = None
    capt_dir: Offer | None = None
    capt_side: Offer | None = None
    capt_type: Offer | None = None
    capt_rturn: Offer | None = None
    multicapt: Offer | None = None
    nosinglecapt: Offer | None = None
    nocaptmoves: Offer | None = None
    xcpickown: Offer | None = None
    grandslam: Offer | None = None
    pickextra: Offer | None = None
    child_type: Offer | None = None
    child_locs: Offer | None = None
    child_rule: Offer | None = None
    min_move: Offer | None = None
    mustshare: Offer | None = None
    mustpass: Offer | None = None
    allow_rule: Offer | None = None
    play_locs: Offer | None = None
    goal: Offer | None = None
    goal_param: Offer | None = None
    end_cond: Offer | None = None
    end_param: Offer | None = None
    rounds: Offer | None = None
    round_starter: Offer | None = None
    round_fill: Offer | None = None
