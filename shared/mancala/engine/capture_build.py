"""The capturer of a variant, built once as nested steps.

`make_capturer` builds, innermost first:

    base capture (cross capture with its own-seed pick and xc_sown, a capture type
    NEXT / TWO_OUT / MATCH_OPP, or the basic criteria of capture_ok)
    -> the hole across each hole taken (pickextra PICKCROSSMULT)
    -> multiple captures (multicapt) -> against the sowing direction (unless capsamedir),
    or along it and then against it (1.10 capt_dir BOTH)
    -> children (made instead of capturing; wegs capture from the opponent's wegs)
    -> an extra pick (pickextra) -> the grand-slam rule
    -> no capture by a single seed (nosinglecapt) -> inhibited captures
    -> the opponent's store taken by a last seed in it (END_OPP_STORE_CAPT)
    -> a repeat turn for a capture (capt_rturn)
"""

from __future__ import annotations

from mancala.engine.capture import (
    BasicCapture,
    Capturer,
    CrossCapture,
    MarkOppOrRightmost,
    MatchOppCapture,
    NextCapture,
    NoCapture,
    OppStoreCapture,
    PassStore,
    PullAcross,
    Singletons,
    TwoOutCapture,
)
from mancala.engine.capture_steps import (
    AgainstSowing,
    BothDirections,
    BullChildren,
    CaptureIntoChild,
    CrossVisited,
    GrandSlamKeep,
    GrandSlamKeepFirstSown,
    GrandSlamNoCapture,
    GrandSlamOppGets,
    GrandSlamRepeat,
    MakeChild,
    Multiple,
    NoSingleSeed,
    NotInhibited,
    PickCross,
    PickCrossEach,
    PickFinal,
    PickLastSeeds,
    PickOppBasic,
    PickOwnAlways,
    PickOwnOnCapture,
    PickTwos,
    QurChildren,
    RamChildren,
    RepeatOnCapture,
    RepeatOnCaptureOncePerTurn,
    WegCapture,
)
from mancala.engine.context import Context
from mancala.rules.enums import (
    CaptExtraPick,
    CaptRTurn,
    CaptType,
    ChildType,
    CrossCaptOwn,
    GrandSlam,
    RoundFill,
    SowPrescribed,
)

# ---- building -----------------------------------------------------------------------------------


def _base(ctx: Context) -> Capturer:
    info = ctx.info
    match info.capt_type:
        case CaptType.PULL_ACROSS:
            return PullAcross(ctx)
        case CaptType.CAPT_OPP_1CCW:
            return MarkOppOrRightmost(ctx)
        case CaptType.SINGLETONS:
            return Singletons(ctx)
        case CaptType.PASS_STORE_CAPT:
            return PassStore(ctx, _crossing_or_basic(ctx))
    return _crossing_or_basic(ctx)


def _crossing_or_basic(ctx: Context) -> Capturer:
    info = ctx.info
    if info.crosscapt:
        cap: Capturer = CrossCapture(ctx)
        match info.xcpickown:
            case CrossCaptOwn.PICK_ON_CAPT:
                cap = PickOwnOnCapture(ctx, cap)
            case CrossCaptOwn.ALWAYS_PICK:
                cap = PickOwnAlways(ctx, cap)
        if info.xc_sown:
            cap = CrossVisited(ctx, cap)
        return cap
    match info.capt_type:
        case CaptType.TWO_OUT:
            return TwoOutCapture(ctx)
        case CaptType.NEXT:
            return NextCapture(ctx)
        case CaptType.MATCH_OPP:
            return MatchOppCapture(ctx)
    if info.evens or info.capt_on or info.capt_max or info.capt_min:
        return BasicCapture(ctx)
    return NoCapture(ctx)


def _children(ctx: Context, cap: Capturer) -> Capturer:
    info = ctx.info
    match info.child_type:
        case ChildType.NOCHILD:
            return cap
        case ChildType.NORMAL | ChildType.ONE_CHILD:
            return MakeChild(ctx, cap) if info.stores else CaptureIntoChild(ctx, cap)
        case ChildType.WEG if info.stores:
            return WegCapture(ctx, cap)
        case ChildType.WEG:
            # no stores: what a weg capture takes goes into the mover's (first) weg
            return CaptureIntoChild(ctx, WegCapture(ctx, cap), makes_children=False)
        case ChildType.BULL:
            return BullChildren(ctx, cap)
        case ChildType.QUR:
            return QurChildren(ctx, cap)
        case ChildType.RAM:
            return RamChildren(ctx, cap)
    raise NotImplementedError(info.child_type)


def _pick(ctx: Context, cap: Capturer) -> Capturer:
    match ctx.info.pickextra:
        case CaptExtraPick.NONE | CaptExtraPick.PICKCROSSMULT:  # inside multicapt (make_capturer)
            return cap
        case CaptExtraPick.PICKCROSS:
            return PickCross(ctx, cap)
        case CaptExtraPick.PICKTWOS:
            return PickTwos(ctx, cap)
        case CaptExtraPick.PICKOPPBASIC:
            return PickOppBasic(ctx, cap)
        case CaptExtraPick.PICKLASTSEEDS:
            return PickLastSeeds(ctx, cap, mover_takes=True)
        case CaptExtraPick.PICK2XLASTSEEDS:
            return PickLastSeeds(ctx, cap, mover_takes=False)
        case CaptExtraPick.PICKFINAL:
            return PickFinal(ctx, cap)
    raise NotImplementedError(ctx.info.pickextra)


def _grand_slam(ctx: Context, cap: Capturer) -> Capturer:
    match ctx.info.grandslam:
        case GrandSlam.LEGAL | GrandSlam.NOT_LEGAL:  # NOT_LEGAL is an allow rule
            return cap
        case GrandSlam.NO_CAPT:
            return GrandSlamNoCapture(ctx, cap)
        case GrandSlam.LEAVE_LEFT | GrandSlam.LEAVE_RIGHT:
            left = ctx.info.grandslam == GrandSlam.LEAVE_LEFT
            # 1.10 keeps the first hole that holds seeds, 1.8 a fixed end hole
            keep = GrandSlamKeepFirstSown if ctx.v110 else GrandSlamKeep
            return keep(ctx, cap, left=left)
        case GrandSlam.OPP_GETS_REMAIN:
            return GrandSlamOppGets(ctx, cap)
        case GrandSlam.LEGAL_SHARE:
            return GrandSlamRepeat(ctx, cap)
    raise NotImplementedError(ctx.info.grandslam)


def make_capturer(ctx: Context) -> Capturer:
    info = ctx.info
    cap = _base(ctx)
    if info.multicapt:
        if info.pickextra == CaptExtraPick.PICKCROSSMULT:
            cap = PickCrossEach(ctx, cap)
        cap = Multiple(ctx, cap)
    if info.capt_both_dirs:
        assert isinstance(cap, Multiple)  # cdir_both_multicapt
        cap = BothDirections(ctx, cap)
    elif not info.capsamedir:
        cap = AgainstSowing(ctx, cap)
    cap = _children(ctx, cap)
    cap = _pick(ctx, cap)
    cap = _grand_slam(ctx, cap)
    if info.nosinglecapt:
        cap = NoSingleSeed(ctx, cap)
    if (info.prescribed == SowPrescribed.ARNGE_LIMIT
            or info.round_fill in (RoundFill.SHORTEN, RoundFill.SHORTEN_ALL) or info.nocaptmoves):
        cap = NotInhibited(ctx, cap)
    if info.capt_type == CaptType.END_OPP_STORE_CAPT:
        cap = OppStoreCapture(ctx, cap)
    if info.capt_rturn != CaptRTurn.NO_REPEAT:
        # 1.8 counts captures in a row, whoever made them; 1.10 the repeats of a turn
        repeat = RepeatOnCaptureOncePerTurn if ctx.v110 else RepeatOnCapture
        cap = repeat(ctx, cap, once=info.capt_rturn == CaptRTurn.ONCE)
    return cap
