"""The rules of one variant, resolved once into the steps of a move.

`Pipeline(variant)` chooses every strategy at construction (incrementer, draw,
direction, sower, capturer, child test, allow rules, enders, rounds) and plays
a move on a position in place, step by step, as the reference program does:

    draw the start hole -> choose the direction -> sow (laps, prescribed openings)
    -> a repeat turn into the store, or an endless sowing, ends the step here
    -> capture (children, picks, grand slams, repeat turns)
    -> inhibitors expire -> the enders decide -> the turn passes.

The game classes change only what they must: the incrementer (cycles), the
sower (BearOff, Diffusion), the allow list and the capture's placement move
(SameSide, Ohojichi). `mancala.engine.game.Game` wraps this with checked moves
and the public position format.
"""

from __future__ import annotations

import random

from mancala.engine.allow import Allowables
from mancala.engine.board import CCW, CW, Board
from mancala.engine.capture_build import make_capturer
from mancala.engine.capture_ok import make_capt_ok
from mancala.engine.children import make_child_test
from mancala.engine.context import Allow
from mancala.engine.draw import make_direction, make_drawer
from mancala.engine.ending_build import make_ender, make_quitter
from mancala.engine.incr import make_incr
from mancala.engine.inhibit import make_inhibitor
from mancala.engine.laps import MultiLapSower, first_move_laps, make_between, make_lap_rule
from mancala.engine.move_data import (
    CAPTURED_END,
    ENDLESS,
    FROM_STORE,
    OPP_STORE,
    REPEAT,
    REPEAT_TURN,
    MoveData,
)
from mancala.engine.outcome import settle
from mancala.engine.position import Outcome, Position
from mancala.engine.rounds import make_next_round, make_outside_test
from mancala.engine.share_one import ShareOne
from mancala.engine.sowing import (
    BasicFirst,
    BearOffSower,
    CaptureOne,
    CloseHole,
    CrossAllSingles,
    CrossOnOne,
    DiffusionSower,
    DivertBlockedSower,
    LapsFirst,
    MaxPerHole,
    OneOpp,
    OppGetsOwnLast,
    PlainSower,
    PlusOneMinusOne,
    SkipOppChildren,
    SkipOppCount,
    Sower,
    VariantDirectionFirsts,
    capture_while_sowing,
)
from mancala.engine.store_sowing import STORE_MOVE, BothStoresSower, StoreSower, store_predecessors
from mancala.engine.tally import EMPTY_TALLY, TALLY_INDEX, RoundTally
from mancala.engine.trace import EXTRA, INEXACT, ROUND, Recorder, store_place
from mancala.rules.enums import (
    AllowRule,
    CaptRTurn,
    CaptType,
    ChildLocs,
    Direct,
    GameClass,
    Goal,
    PlayLocs,
    PreSowCapt,
    RulesVersion,
    SowPrescribed,
    SowRule,
)
from mancala.rules.enums import (
    LapSower as LapKind,
)
from mancala.rules.variant import Variant

# what a move step returns besides a decision of the enders
REPEAT_STEP = "REPEAT"

EAST_WEST = (GameClass.EAST_WEST_CYCLE, GameClass.OHOJICHI, GameClass.DIFFUSION)
PLACING = (GameClass.SAME_SIDE, GameClass.OHOJICHI)
DIFFUSING = (GameClass.DIFFUSION, GameClass.DIFFUSION_V2)


class Pipeline:
    def __init__(self, variant: Variant, rng: random.Random | None = None, *,
                 play_on: bool = False) -> None:
        self.variant = variant
        # play on past a decided outcome (Jackman's "until every seed is captured"):
        # no early end by a majority or too few seeds left
        self.play_on = play_on
        self.info = info = variant.game_info
        # the reference's 1.10 release changed some rules without a parameter to say so
        self.v110 = variant.rules_version is RulesVersion.V1_10
        # 1.10 counts the repeats of each turn (capt_rturn ONCE reads them); 1.8's
        # capturer counts captures in a row itself
        self.turn_repeats = self.v110 and info.capt_rturn != CaptRTurn.NO_REPEAT
        # the 1.10 rules for each player's first turn count the turns ended (Position.movers)
        self.count_movers = self.v110 and (
            info.prescribed in (SowPrescribed.NO_UDIR_FIRSTS, SowPrescribed.SOW1OPP)
            or info.allow_rule in (AllowRule.RIGHT_HALF_FIRSTS, AllowRule.RIGHT_HALF_1ST_OPE))
        self.klass = klass = variant.game_class
        self.nbr_start = variant.nbr_start
        self.board = board = Board(variant.holes, east_west=klass in EAST_WEST)
        self.rng = rng or random.Random()
        self.bear_off = klass == GameClass.BEAR_OFF
        self.places = klass in PLACING
        # SameSide and Ohojichi let the UI pick holes on both rows (they play as no_sides)
        self.no_sides = info.no_sides or self.places
        # moves are named per hole (not per row position) where a player may start from
        # any hole they own
        self.any_hole = (self.no_sides or info.goal == Goal.TERRITORY
                         or klass in (GameClass.EAST_WEST_CYCLE, GameClass.SAME_SIDE,
                                      GameClass.OHOJICHI))
        self.udir_holes = frozenset(info.udir_holes if info.sow_direct != Direct.PLAYALTDIR
                                    else range(board.holes))
        self.udir = tuple(board.left_count(loc) in self.udir_holes for loc in range(board.dbl))
        self.play_alt = info.sow_direct == Direct.PLAYALTDIR
        self.locks = info.moveunlock or info.allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST
        self.territory = info.goal == Goal.TERRITORY
        # our extension (Jackman's variation D): a last seed in the store ends the turn
        self.store_ends_turn = info.store_ends_turn
        self.fixed_children = info.child_locs == ChildLocs.FIXED_ONE_RIGHT
        # 1.10 play_locs BRD_OWN_STR_CHS: a move may also sow any count of the mover's
        # store's seeds, in sow_direct (CW or CCW), from the place the store sits in the
        # sowing cycle: sown as if from the hole before the first one it reaches
        self.store_moves = info.play_locs == PlayLocs.BRD_OWN_STR_CHS
        self.store_direct = CW if info.sow_direct == Direct.CW else CCW
        self.store_pred = store_predecessors(board, klass == GameClass.NORTH_SOUTH_CYCLE, self.store_direct)
        # ZigZag's no-undo rule lets a move that captured be undone (allow._dont_undo)
        self.captures_undone = klass == GameClass.ZIG_ZAG
        # where a sowing may end and still be followed by the capture step: in a hole, or
        # (END_OPP_STORE_CAPT, which takes that store) in the opponent's store
        self.no_capture_ends = ((REPEAT_TURN, ENDLESS) if info.capt_type == CaptType.END_OPP_STORE_CAPT
                                else (REPEAT_TURN, ENDLESS, OPP_STORE))

        # ShareOne (1.10): facing an empty row, a move gives the opponent a seed instead
        self.share_one = ShareOne(board) if klass == GameClass.SHARE_ONE else None

        self.incr = make_incr(variant, board)
        self.direction = make_direction(variant, board)
        self.drawer = make_drawer(variant)
        self.capt_ok = make_capt_ok(variant, board)
        self.inhibitor = make_inhibitor(variant)
        self.make_child = make_child_test(variant, board, self.incr, self.inhibitor)
        self.tally = (RoundTally(info.goal, info.goal_param, tie_names_mover=self.v110)
                      if info.goal in TALLY_INDEX else None)
        self.sower = self._make_sower()
        self.single_sower = self.sower.single()
        self.capturer = make_capturer(self)
        self.allowables = Allowables(self)
        self.ender = make_ender(self)
        self.quitter = make_quitter(self)
        self.next_round = make_next_round(self)
        self.next_round_outside = make_outside_test(self)

    # ---- construction ------------------------------------------------------------------

    def _single_lap(self) -> Sower:
        info = self.info
        match info.sow_rule:
            case SowRule.SOW_BLKD_DIV | SowRule.SOW_BLKD_DIV_NR:
                sower: Sower = DivertBlockedSower(self)
                if info.mlaps == LapKind.OFF:
                    sower = CloseHole(self, sower, info.sow_rule == SowRule.SOW_BLKD_DIV_NR)
                return sower
            case (SowRule.OWN_SOW_CAPT_ALL | SowRule.SOW_CAPT_ALL | SowRule.ENPAS_ALL_OWNER_SOW
                  | SowRule.ENPAS_ALL_OWNER_OWN | SowRule.ENPAS_ALL_SOWER | SowRule.ENPAS_SOW_SOWER
                  | SowRule.ENPAS_OPP_SOWER):
                return capture_while_sowing(self)
            case SowRule.NO_SOW_OPP_NS:
                return SkipOppCount(self)
            case SowRule.MAX_SOW:
                return MaxPerHole(self)
            case SowRule.NO_OPP_CHILD | SowRule.OPP_CHILD_ONLY1:
                return SkipOppChildren(self, last_too=info.sow_rule == SowRule.NO_OPP_CHILD)
            case SowRule.OPP_GETS_OWN_LAST:
                return OppGetsOwnLast(self, PlainSower(self))
        if info.sow_opp_store:
            return BothStoresSower(self, opp_no_repeat=info.opp_store_no_repeat)
        if info.sow_own_store:
            return StoreSower(self, row_cycles=self.klass == GameClass.NORTH_SOUTH_CYCLE)
        return PlainSower(self)

    def _make_sower(self) -> Sower:
        info = self.info
        if self.klass in DIFFUSING:
            return DiffusionSower(self)
        sower = self._single_lap()
        match info.presowcapt:
            case PreSowCapt.CAPT_ONE:
                sower = CaptureOne(self, sower)
            case PreSowCapt.ALL_SINGLE_XCAPT:
                sower = CrossAllSingles(self, sower)
            case PreSowCapt.DRAW_1_XCAPT:
                sower = CrossOnOne(self, sower)
        if self.bear_off:
            sower = BearOffSower(self, sower)
        if info.mlaps != LapKind.OFF:
            sower = MultiLapSower(self, sower, make_lap_rule(self), make_between(self))
        match info.prescribed:
            case SowPrescribed.SOW1OPP:
                # 1.10 prescribes the first turn of each player, 1.8 the first move
                sower = OneOpp(self, sower, first_turns=self.v110)
            case SowPrescribed.PLUS1MINUS1:
                sower = PlusOneMinusOne(self, sower)
            case SowPrescribed.BASIC_SOWER:
                sower = BasicFirst(self, sower)
            case SowPrescribed.MLAPS_SOWER:
                sower = LapsFirst(self, sower, first_move_laps(self, PlainSower(self)))
            case SowPrescribed.NO_UDIR_FIRSTS:
                sower = VariantDirectionFirsts(self, sower)
        return sower

    # ---- positions --------------------------------------------------------------------------

    def reset_round_state(self, pos: Position) -> None:
        """What every new game or round starts afresh (not the board, stores or tallies)."""
        dbl = self.board.dbl
        holes = self.board.holes
        pos.mcount = 0
        pos.rturn_cnt = 0
        pos.movers = 0
        pos.unlocked = [not self.locks] * dbl
        pos.blocked = [False] * dbl
        pos.child = [None] * dbl
        if self.fixed_children:
            # each player's rightmost hole is their child from the start
            pos.child[holes - 1], pos.child[dbl - 1] = 0, 1
        pos.owner = [(0 if loc < holes else 1) if self.territory else None for loc in range(dbl)]
        pos.empty_store = False
        pos.normal_sow = True
        self.inhibitor.start(pos)

    def new_position(self, board: list[int], stores: list[int], starter: int) -> Position:
        pos = Position(board, stores, starter, total=sum(board) + sum(stores))
        self.reset_round_state(pos)
        if self.tally is not None:
            pos.tally = EMPTY_TALLY
        return pos

    # ---- allowed moves ------------------------------------------------------------------------

    def allowable(self, pos: Position) -> Allow:
        if self.share_one is not None and self.share_one.due(pos):
            return self.share_one.allow(pos)
        if not self.places:
            return self.allowables(pos)
        board = self.board
        if pos.empty_store:  # the captured seeds go into one of the opponent's holes
            return [board.side_of[loc] != pos.turn for loc in range(board.dbl)]
        allow = self.allowables(pos)
        if self.klass == GameClass.OHOJICHI:
            return [bool(ok) and board.side_of[loc] == pos.turn for loc, ok in enumerate(allow)]
        for loc in board.order[1 - pos.turn]:
            allow[loc] = False
        return allow

    def moves(self, pos: Position) -> list[int | tuple[int, str] | tuple[str, int]]:
        """The legal moves: holes, or (hole, "CCW"/"CW") where the mover picks the direction;
        then (STORE_MOVE, seeds) where moves may sow from the store."""
        allow = self.allowable(pos)
        if self.any_hole:
            locs = [loc for loc, ok in enumerate(allow) if ok]
        else:
            order = self.board.order[pos.turn]
            locs = [order[idx] for idx, ok in enumerate(allow) if ok]
        if self.store_moves and not pos.empty_store:
            return [*sorted(locs), *self.store_moves_of(pos)]
        if not any(self.udir) or (self.play_alt and pos.mcount):
            return sorted(locs)
        out: list[int | tuple[int, str] | tuple[str, int]] = []
        if pos.empty_store:
            # The reference names a choose-direction hole with a direction in every move
            # list, so placing captured seeds there is [hole, dir] too (either: nothing is
            # sown).
            for loc in sorted(locs):
                out += [(loc, "CCW"), (loc, "CW")] if self.udir[loc] else [loc]
            return out
        index = {loc: idx for idx, loc in enumerate(self.allowables.places(pos.turn))}
        for loc in sorted(locs):
            if not self.udir[loc]:
                out.append(loc)
                continue
            ok = allow[index[loc]]
            if isinstance(ok, list):  # MUSTSHARE: only the direction that shares
                cw_ok, ccw_ok = ok
                out += [(loc, "CCW")] * ccw_ok + [(loc, "CW")] * cw_ok
            else:
                out += [(loc, "CCW"), (loc, "CW")]
        return out

    @staticmethod
    def store_moves_of(pos: Position) -> list[tuple[str, int]]:
        """BRD_OWN_STR_CHS: sow 1 .. all of the mover's store's seeds."""
        return [(STORE_MOVE, seeds) for seeds in range(1, pos.stores[pos.turn] + 1)]

    # ---- a move --------------------------------------------------------------------------------

    def do_sow(self, pos: Position, loc: int, asked: int, single: bool = False,
               trace: Recorder | None = None) -> MoveData:
        md = MoveData(pos.turn, tuple(pos.board))
        if loc == FROM_STORE:  # a store move: `asked` seeds from the mover's store
            md.direct = self.store_direct
            pos.stores[pos.turn] -= asked
            md.start_at(self.store_pred[pos.turn], asked)
            md.sow_loc = FROM_STORE
            if trace is not None:
                md.trace = trace
                trace.lap(store_place(pos.turn))
            (self.single_sower if single else self.sower).sow(pos, md)
            return md
        md.direct = self.direction(pos, loc, asked)  # before the draw: EVEN_ODD_DIR reads it
        seeds = self.drawer(pos, loc)
        md.start_at(loc, seeds)
        if trace is not None:
            md.trace = trace
            trace.lap(loc)
        (self.single_sower if single else self.sower).sow(pos, md)
        return md

    def capture_seeds(self, pos: Position, md: MoveData) -> None:
        self.capturer.capture(pos, md)
        if self.places and md.captured:
            md.captured = REPEAT  # the capturer places the seeds next
            pos.empty_store = True

    def simulate(self, pos: Position, loc: int, asked: int) -> Position:
        """The position after sowing and capturing from `loc` (no enders), on a copy."""
        trial = pos.copy()
        md = self.do_sow(trial, loc, asked)
        if md.capt_loc not in self.no_capture_ends:
            self.capture_seeds(trial, md)
        return trial

    def simulate_single_lap(self, pos: Position, loc: int) -> int:
        """Where one lap from `loc` ends (OPP_OR_EMPTY)."""
        return self.do_sow(pos.copy(), loc, 0, single=True).capt_loc

    def step(self, pos: Position, loc: int, asked: int,
             trace: Recorder | None = None) -> Outcome | str | None:
        """Play a move in place: returns the outcome, REPEAT_STEP, or None (the turn
        passed). With a `trace`, what the move does is recorded in it."""
        if pos.empty_store:
            if trace is not None:
                trace.take(store_place(pos.turn), pos.stores[pos.turn], loc)
            pos.board[loc] += pos.stores[pos.turn]
            pos.stores[pos.turn] = 0
            pos.empty_store = False
            pos.turn = 1 - pos.turn
            pos.movers += self.count_movers
            return None
        if self.bear_off and pos.normal_sow and not any(seeds > 1 for seeds in pos.board):
            pos.normal_sow = False
        pos.mcount += 1
        if self.share_one is not None and self.share_one.due(pos):
            # a turn of its own that ends in a repeat turn: no capture, and the turn has
            # not ended for the rules that count turns (movers, inhibitors)
            self.share_one.give(pos, loc, trace)
            pos.last = (pos.turn, loc, 1, REPEAT_TURN)
            return self._decide(pos, True, trace) or self._repeat(pos)
        md = self.do_sow(pos, loc, asked, trace=trace)
        if md.capt_loc == REPEAT_TURN and not self.store_ends_turn:
            self._remember(pos, md)
            return self._decide(pos, True, trace) or self._repeat(pos)
        if md.capt_loc == ENDLESS:
            self._remember(pos, md)
            if trace is None:
                return self.end_game(pos)
            trace.flag(INEXACT)  # the seeds in hand leave play unrecorded
            before = (pos.board[:], pos.stores[:])
            ended = self.end_game(pos)
            trace.settle(before, pos.board, pos.stores)
            return ended
        # store_ends_turn: a last seed in the mover's store captures nothing
        if md.capt_loc not in self.no_capture_ends:
            self.capture_seeds(pos, md)
        self._remember(pos, md)
        if md.captured == REPEAT:
            return self._decide(pos, True, trace) or self._repeat(pos)
        self.inhibitor.after_move(pos, md)
        outcome = self._decide(pos, False, trace)
        if outcome:
            return outcome
        pos.turn = 1 - pos.turn
        pos.movers += self.count_movers
        if self.turn_repeats:
            pos.rturn_cnt = 0
        return None

    def _repeat(self, pos: Position) -> str:
        if self.turn_repeats:
            pos.rturn_cnt += 1
        return REPEAT_STEP

    def _decide(self, pos: Position, repeat: bool, trace: Recorder | None) -> Outcome | None:
        """`decide`, recording in a traced move what the end of the game or round moved
        and whether the mover plays again."""
        if trace is None:
            return self.decide(pos, repeat)
        before = (pos.board[:], pos.stores[:])
        outcome = self.decide(pos, repeat)
        trace.settle(before, pos.board, pos.stores)
        if outcome is None and repeat:
            trace.flag(EXTRA)
        elif outcome is not None and outcome.kind.ends_round:
            trace.flag(ROUND)
        return outcome

    def _remember(self, pos: Position, md: MoveData) -> None:
        end = CAPTURED_END if self.captures_undone and md.captured else md.capt_loc
        pos.last = (md.player, md.sow_loc, md.seeds, end)

    def decide(self, pos: Position, repeat: bool) -> Outcome | None:
        kind, winner = self.ender.ended(pos, repeat, False)
        return settle(pos, kind, winner, repeat) if kind else None

    def end_game(self, pos: Position) -> Outcome:
        """End a game that cannot end by itself, as fairly as the variant allows."""
        kind, winner = self.quitter.ended(pos, False, True)
        pos.empty_store = False
        assert kind is not None
        return settle(pos, kind, winner)

    def must_pass(self, pos: Position) -> bool:
        """mustpass: the player to move has no move and passes (counted as a move)."""
        if self.info.mustpass and not any(self.allowable(pos)):
            pos.mcount += 1
            pos.movers += self.count_movers
            pos.turn = 1 - pos.turn
            return True
        return False

    def round_playable(self, pos: Position) -> bool:
        """A TERRITORY round can start only if its starter has a move."""
        return not self.territory or any(self.allowable(pos))
