"""Game: the rules of one variant, resolved once, over small positions.

    >>> from mancala.rules.loading import parse_variant
    >>> game = Game(parse_variant({"game_constants": {"holes": 3, "nbr_start": 2},
    ...                            "game_info": {"stores": True, "sow_own_store": True}}))
    >>> pos = game.start(starter=0)
    >>> game.legal_moves(pos)
    [0, 1, 2]
    >>> pos = game.play(pos, 1)
    >>> pos.board, pos.stores, pos.turn
    ([2, 0, 3, 2, 2, 2], [1, 0], 0)

`play` checks the move and returns a new position; `apply` trusts the move and
changes the position in place (for search).
"""

from __future__ import annotations

from typing import Any

from mancala.engine.allow import make_allow_filter
from mancala.engine.board import CCW, CW, Geometry
from mancala.engine.capture import Taken, make_capture_parts, make_pick_extra
from mancala.engine.children import gather, make_children
from mancala.engine.classes import (
    NO_SIDES_CLASSES,
    PLACING_CLASSES,
    class_sides,
    install_class_moves,
)
from mancala.engine.ending import make_ender, make_endless
from mancala.engine.fast import make_fast
from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala.engine.prescribed import has_opening, make_opening
from mancala.engine.rounds import IllegalChoice, RoundRules
from mancala.engine.setup import start_board
from mancala.engine.sowing import STORE, SowResult, make_sower
from mancala.engine.sowrules import closes_holes
from mancala.rules.enums import AllowRule, CaptRTurn, Direct, GameClass, Goal, GrandSlam, Rounds
from mancala.rules.variant import Variant

Move = int | tuple[int, str]
DIR_NAMES = {"CCW": CCW, "CW": CW}
STEP_NAMES = {CCW: "CCW", CW: "CW"}

__all__ = ["Game", "IllegalMove", "Move", "Outcome", "OutcomeKind", "Position"]


class IllegalMove(ValueError):
    """A move the rules do not allow here; the position is unchanged."""


class Game:
    """The rules of one variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        gi = variant.game_info
        self.geom = geom = Geometry(variant.holes)
        self.holes = n = geom.holes
        self.size = geom.size
        self.min_move = gi.min_move
        # the holes each player holds: the rows, or the halves of EastWestCycle (classes.py)
        self.sides = class_sides(variant, geom) or (range(0, n), range(n, 2 * n))
        # the holes a player may start moves from: its side, or any hole (no_sides)
        self.starts = (range(2 * n), range(2 * n)) if gi.no_sides else self.sides
        self.no_sides = variant.game_class in NO_SIDES_CLASSES or gi.no_sides
        self.places_captures = variant.game_class in PLACING_CLASSES  # SameSide: pos.pending
        self.bear_off = variant.game_class == GameClass.BEAR_OFF  # pos.bearing

        # directions: a fixed step per hole, and the holes where the mover chooses
        self.play_alt = gi.sow_direct == Direct.PLAYALTDIR
        udir_pos = set(gi.udir_holes)
        self.udir = [geom.pos_of(h) in udir_pos for h in range(self.size)]
        self.base_step = [self._fixed_step(gi.sow_direct, geom.pos_of(h)) for h in range(self.size)]
        self.any_udir = self.play_alt or any(self.udir)

        lap_stop, self.capturer = make_capture_parts(variant, geom)
        # children (None otherwise): mancala.engine.children
        self.kids = kids = make_children(variant, geom)
        self.child_settle = None if kids is None else kids.settle
        self.capt_to_child = kids is not None and kids.to_child
        self.sower = make_sower(variant, geom, lap_stop, None if kids is None else kids.lap_stop,
                                self.capturer)
        # ARNGE_LIMIT's arrangement move and held-back captures (None otherwise): prescribed.py
        self.opening = make_opening(variant, geom, self)
        self.closes_holes = closes_holes(variant)  # SOW_BLKD_DIV: positions carry `blocked`
        self.pick_extra = make_pick_extra(variant, geom)
        self.allow_filter = make_allow_filter(variant, geom, self._simulate_sow)
        # rounds and territory (None otherwise): mancala.engine.rounds
        self.territory = gi.goal == Goal.TERRITORY
        self.round_rules = RoundRules(self) if gi.rounds != Rounds.NO_ROUNDS or self.territory else None
        self.ender = make_ender(variant, geom, self.has_moves, self.round_rules)
        self.endless = make_endless(variant, self.round_rules)

        self.track_holes = gi.moveunlock or gi.allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST
        self.moveunlock = gi.moveunlock
        self.mustshare = gi.mustshare
        self.grandslam = gi.grandslam
        self.slam_rule = gi.grandslam != GrandSlam.LEGAL
        self.capt_rturn = gi.capt_rturn
        self.xc_sown = gi.xc_sown
        self.store_ends_turn = gi.store_ends_turn
        self.nocaptmoves = gi.nocaptmoves
        self.nosinglecapt = gi.nosinglecapt
        self.simple_moves = not (self.allow_filter or self.any_udir or self.mustshare
                                 or gi.grandslam == GrandSlam.NOT_LEGAL or self.territory
                                 or kids is not None)
        # what the rest of a game depends on beyond board, stores and turn
        self.counts_moves = bool(gi.nocaptmoves) or gi.allow_rule in (
            AllowRule.FIRST_TURN_ONLY_RIGHT_TWO, AllowRule.RIGHT_2_1ST_THEN_ALL_TWO)
        self.counts_repeats = gi.capt_rturn == CaptRTurn.ONCE
        self.counts_moves = self.counts_moves or has_opening(variant)  # prescribed openings
        # The optional C core plays the common variants exactly as the code here does
        # (tests/engine/test_fastcore.py); where it applies it takes over the hot path.
        self.fast = make_fast(variant)
        if self.fast is not None:
            self.legal_moves = self.fast.legal  # type: ignore[method-assign]
            self.apply = self.fast.apply  # type: ignore[method-assign]
        install_class_moves(self)  # BearOff, Diffusion: their own moves (classes.py)

    # ---- set-up ---------------------------------------------------------------

    def _fixed_step(self, direct: Direct, pos: int) -> int:
        match direct:
            case Direct.CW:
                return CW
            case Direct.SPLIT:
                # left-hand holes (from the player's own view) sow CCW, right-hand CW;
                # an odd board's middle hole is a udir hole (validated)
                return CCW if pos < self.holes // 2 else CW
            case _:
                return CCW

    def start(self, starter: int = 0, *, board: list[int] | None = None,
              stores: list[int] | None = None, seed: int | None = None) -> Position:
        """The starting position, or a given board (and stores) with start values elsewhere."""
        if board is None:
            board = start_board(self.variant, starter, seed)
        stores = list(stores) if stores is not None else [0, 0]
        unlocked = [not self.track_holes] * self.size
        pos = Position(list(board), stores, starter, unlocked, starter=starter,
                       total=sum(board) + sum(stores))
        if self.kids is not None:
            pos.children = [None] * self.size
        if self.closes_holes:
            pos.blocked = [False] * self.size
        if self.round_rules is not None:
            self.round_rules.init(pos, seed)
        return pos

    # ---- moves ------------------------------------------------------------------

    def _step_of(self, pos: Position, hole: int, mover: int) -> int:
        if self.play_alt and pos.alt_dir:
            return pos.alt_dir if mover == 0 else -pos.alt_dir
        return self.base_step[hole]

    def _needs_dir(self, pos: Position, hole: int) -> bool:
        if self.play_alt:
            return pos.alt_dir == 0
        return self.udir[hole]

    def _candidate_holes(self, pos: Position) -> list[int]:
        b = pos.board
        m = self.min_move
        own = self.starts[pos.turn] if pos.owners is None and pos.children is None \
            else self.holes_of(pos, pos.turn)
        holes = [h for h in own if b[h] >= m]
        if self.allow_filter is not None and holes:
            holes = self.allow_filter(pos, pos.turn, holes, self._step_of)
        return holes

    def legal_moves(self, pos: Position) -> list[Move]:
        """Legal moves of the player to move, sorted by hole, "CCW" before "CW".

        The list is cached in the position until the next move: do not mutate it.
        """
        legal = pos.legal
        if legal is None:
            legal = pos.legal = self._legal_moves(pos)
        return legal

    def _legal_moves(self, pos: Position) -> list[Move]:
        if pos.outcome is not None:
            return []
        if pos.pending is not None:  # SameSide: where the captured seeds go
            return list(self.sides[1 - pos.turn])
        if self.simple_moves:
            b = pos.board
            m = self.min_move
            return [h for h in self.starts[pos.turn] if b[h] >= m]
        moves: list[Move] = []
        if self.any_udir:
            for h in self._candidate_holes(pos):
                if self._needs_dir(pos, h):
                    moves.append((h, "CCW"))
                    moves.append((h, "CW"))
                else:
                    moves.append(h)
        else:
            moves = self._candidate_holes(pos)  # type: ignore[assignment]
        if self.mustshare and moves and not self._opp_can_move(pos, 1 - pos.turn):
            moves = [mv for mv in moves if self._shares(pos, mv)]
        if self.grandslam == GrandSlam.NOT_LEGAL and moves:
            moves = [mv for mv in moves if not self._is_grand_slam(pos, mv)]
        return moves

    def has_moves(self, pos: Position) -> bool:
        return bool(self.legal_moves(pos))

    def holes_of(self, pos: Position, player: int) -> range | list[int]:
        """The holes a player may start moves from: their row, or the holes they own (territory)."""
        owners = pos.owners
        if pos.children is not None:  # a child never starts a move
            children = pos.children
            return [h for h in range(self.size) if children[h] is None
                    and (owners[h] == player if owners is not None else h in self.starts[player])]
        if owners is None:
            return self.starts[player]
        return [h for h in range(self.size) if owners[h] == player]

    def _opp_can_move(self, pos: Position, player: int) -> bool:
        b = pos.board
        m = self.min_move
        return any(b[h] >= m for h in self.holes_of(pos, player))

    def _decode(self, pos: Position, move: Move) -> tuple[int, int]:
        if isinstance(move, tuple):
            return move[0], DIR_NAMES[move[1]]
        return move, self._step_of(pos, move, pos.turn)

    def _simulate_sow(self, pos: Position, hole: int, step: int, mover: int) -> tuple[int, bool]:
        trial = pos.copy()
        res = self.sower(trial, hole, step, mover)
        return res.final, res.sown_opp

    def _shares(self, pos: Position, move: Move) -> bool:
        trial = pos.copy()
        hole, step = self._decode(trial, move)
        self.sower(trial, hole, step, trial.turn)
        return self._opp_can_move(trial, 1 - trial.turn)

    def _is_grand_slam(self, pos: Position, move: Move) -> bool:
        trial = pos.copy()
        hole, step = self._decode(trial, move)
        _, _, slam = self._sow_capture(trial, hole, step, trial.turn)
        return slam

    # ---- applying a move --------------------------------------------------------

    def normalize(self, pos: Position, move: Any) -> Move:
        """A move from JSON (int or [hole, "CW"/"CCW"]) in the engine's form."""
        if isinstance(move, bool):
            raise IllegalMove(f"move {move!r} is not a hole index")
        if isinstance(move, int):
            return move
        if isinstance(move, list | tuple) and len(move) == 2 and isinstance(move[0], int) \
                and not isinstance(move[0], bool) and isinstance(move[1], str):
            name = move[1].upper()
            if name not in DIR_NAMES:
                raise IllegalMove(f"move {move!r}: direction must be \"CW\" or \"CCW\"")
            return (move[0], name)
        if isinstance(move, dict) and self.opening is not None:
            return self.opening.normalize(move)  # {"arrange": [...]} (ARNGE_LIMIT)
        raise IllegalMove(f"move {move!r} is neither a hole index nor [hole, direction]")

    def play(self, pos: Position, move: Any) -> Position:
        """Check the move and return the position after it; raise IllegalMove otherwise."""
        if pos.outcome is not None:
            raise IllegalMove("the game is over")
        mv = self.normalize(pos, move)
        legal = self.legal_moves(pos)
        if self.opening is not None and self.opening.is_arrange(mv):
            self.opening.check(pos, mv)  # raises IllegalMove
        elif mv not in legal:
            raise IllegalMove(self._why_illegal(pos, mv, legal))
        new = pos.copy()
        self.apply(new, mv)
        return new

    def _why_illegal(self, pos: Position, mv: Move, legal: list[Move]) -> str:
        hole = mv[0] if isinstance(mv, tuple) else mv
        who = "South" if pos.turn == 0 else "North"
        if not 0 <= hole < self.size:
            return f"hole {hole} is not on the board (0..{self.size - 1})"
        if pos.pending is not None:
            return (f"{who} places the {pos.pending} captured seeds: the move names one of "
                    f"the opponent's holes {legal}")
        if pos.children is not None and pos.children[hole] is not None:
            return f"hole {hole} is a child: moves never start from children"
        if hole not in self.holes_of(pos, pos.turn):
            return f"hole {hole} is not {who}'s"
        if pos.board[hole] < self.min_move:
            return f"hole {hole} has {pos.board[hole]} seeds; a move needs at least {self.min_move}"
        if any(isinstance(m, tuple) and m[0] == hole for m in legal) and not isinstance(mv, tuple):
            return f"hole {hole} needs a direction: [{hole}, \"CCW\"] or [{hole}, \"CW\"]"
        if isinstance(mv, tuple) and hole in legal:
            return f"hole {hole} takes no direction here: play {hole}"
        return f"hole {hole} is not allowed by the rules here (legal: {legal})"

    def _sow_capture(self, pos: Position, hole: int, step: int, mover: int) -> tuple[SowResult, Taken, bool]:
        """Sow and capture in place; returns the sow, what was taken, and whether it grand-slammed."""
        b = pos.board
        seeds = b[hole]
        opp_side = self.sides[1 - mover] if pos.owners is None and pos.children is None \
            else self.holes_of(pos, 1 - mover)
        opp_before = self.slam_rule and any(b[h] for h in opp_side)
        res = self.sower(pos, hole, step, mover)
        if self.child_settle is not None:  # single-lap sows (laps: the sower's child_stop)
            self.child_settle(pos, res, step, mover, seeds)
        taken: Taken = res.taken or []  # captures made while sowing (sowing.SowResult)
        if not (res.endless or res.final == STORE or self.capturer is None or res.capt_done
                or pos.moves < self.nocaptmoves or (self.nosinglecapt and seeds == 1)):
            caught = self.capturer(pos, res, res.step or step, mover)
            taken = taken + caught if taken else caught
        if taken and self.pick_extra is not None:
            self.pick_extra(pos, res, mover, taken)
        slam = bool(taken) and opp_before and not any(b[h] for h in opp_side)
        return res, taken, slam

    def apply(self, pos: Position, move: Move) -> None:
        """Play a legal move in place (not checked)."""
        pos.legal = None
        mover = pos.turn
        if self.opening is not None and self.opening.is_arrange(move):
            self.opening.apply(self, pos, move)
            return
        if pos.pending is not None:  # SameSide: the captured seeds go into hole `move`
            pos.board[move] += pos.pending  # type: ignore[index]
            pos.pending = None
            # the capture's repeat turn (capt_rturn) comes once its seeds are placed
            self.ender(pos, mover, self.capt_rturn == CaptRTurn.ALWAYS
                       or (self.capt_rturn == CaptRTurn.ONCE and not pos.repeating))
            return
        hole, step = self._decode(pos, move)
        if self.play_alt and pos.alt_dir == 0:
            pos.alt_dir = step if mover == 0 else -step
        if self.track_holes:
            pos.unlocked[hole] = True
        res, taken, slam = self._sow_capture(pos, hole, step, mover)
        if res.endless:
            pos.moves += 1
            pos.player_moves[mover] += 1
            self.endless(pos, mover)
            return
        if slam:
            taken = self._grand_slam(pos, mover, taken)
        if taken and self.places_captures:  # SameSide: the mover places them next
            pos.pending = sum(s for _, s in taken)
            pos.moves += 1
            pos.player_moves[mover] += 1
            return
        if taken:
            if self.capt_to_child:  # NORMAL children without stores
                self.kids.bank(pos, mover, sum(s for _, s in taken))  # type: ignore[union-attr]
            else:
                pos.stores[mover] += sum(s for _, s in taken)
        pos.moves += 1
        pos.player_moves[mover] += 1
        if slam and self.grandslam == GrandSlam.OPP_GETS_REMAIN:
            self._opp_gets_remain(pos, mover)
            return
        self.ender(pos, mover, self._repeat(pos, res, taken, mover))

    def _repeat(self, pos: Position, res: SowResult, taken: Taken, mover: int) -> bool:
        if res.final == STORE:
            return not self.store_ends_turn
        if taken or res.captured:
            if self.capt_rturn == CaptRTurn.ALWAYS or (self.capt_rturn == CaptRTurn.ONCE and not pos.repeating):
                return True
        elif self.xc_sown and not res.sown_opp and pos.board[res.final] == 1 \
                and res.final in self.sides[mover]:
            return True
        return False

    def _grand_slam(self, pos: Position, mover: int, taken: Taken) -> Taken:
        """Apply the grand-slam rule to a capture that took all the opponent's seeds."""
        match self.grandslam:
            case GrandSlam.NO_CAPT | GrandSlam.NOT_LEGAL:
                keep: set[int] = {h for h, _ in taken}
            case GrandSlam.LEAVE_LEFT:  # TERRITORY: of the holes the opponent owns
                keep = {self.geom.leftmost_from(mover, 1 - mover) if pos.owners is None
                        else self.geom.leftmost_of(mover, 1 - mover, self.holes_of(pos, 1 - mover))}
            case GrandSlam.LEAVE_RIGHT:
                keep = {self.geom.rightmost_from(mover, 1 - mover) if pos.owners is None
                        else self.geom.rightmost_of(mover, 1 - mover, self.holes_of(pos, 1 - mover))}
            case _:
                return taken
        out: Taken = []
        for h, s in taken:
            if h in keep:
                pos.board[h] += s
            else:
                out.append((h, s))
        return out

    def _opp_gets_remain(self, pos: Position, mover: int) -> None:
        b = pos.board
        opp = 1 - mover
        for h in self.holes_of(pos, mover):
            pos.stores[opp] += b[h]
            b[h] = 0
        gather(pos)  # children's seeds to their owners
        if self.round_rules is not None:  # the game ends, decided by its goal
            self.round_rules.final(pos, mover)
            return
        s0, s1 = pos.stores
        if s0 == s1:
            pos.outcome = Outcome(OutcomeKind.TIE, None)
            pos.turn = mover
            pos.legal = None
        else:
            pos.outcome = Outcome(OutcomeKind.WIN, 0 if s0 > s1 else 1)
            pos.turn = pos.outcome.winner  # type: ignore[assignment]
            pos.legal = None

    # ---- rounds (mancala.engine.rounds) ---------------------------------------------

    def round_choice(self, pos: Position) -> dict[str, Any] | None:
        """After a ROUND_WIN/ROUND_TIE: the choice the next round needs (UCHOOSE: "fill",
        UMOVE: "layout", UCHOWN: "own", with who makes it), or None when it needs none."""
        return None if self.round_rules is None else self.round_rules.choice(pos)

    def next_round(self, pos: Position, choice: Any = None) -> Position:
        """The next round's starting position after a ROUND_WIN/ROUND_TIE line, per
        round_fill and round_starter; `choice` as `round_choice` asks. Raise IllegalMove
        otherwise (not a round end, a choice missing, wrong or not needed)."""
        if self.round_rules is None:
            raise IllegalMove("this game is not played in rounds")
        try:
            return self.round_rules.next_round(pos, choice)
        except IllegalChoice as exc:
            raise IllegalMove(str(exc)) from None

    # ---- output -----------------------------------------------------------------

    def search_key(self, pos: Position) -> tuple:
        """A hashable key of everything the game's future depends on (for transposition tables)."""
        key: tuple = (tuple(pos.board), pos.stores[0], pos.stores[1], pos.turn)
        if self.track_holes:
            key += (tuple(pos.unlocked),)
        if self.counts_moves:
            key += (min(pos.moves, self.nocaptmoves + 1), tuple(min(m, 1) for m in pos.player_moves))
        if self.counts_repeats:
            key += (pos.repeating,)
        if self.play_alt:
            key += (pos.alt_dir,)
        if self.kids is not None:
            key += (tuple(pos.children),)  # type: ignore[arg-type]
        if self.opening is not None or self.closes_holes:  # prescribed.py, sowrules.py
            key += (pos.capt_limit, None if pos.blocked is None else tuple(pos.blocked))
        if self.places_captures:
            key += (pos.pending,)
        if self.bear_off:
            key += (pos.bearing,)
        if self.round_rules is not None:
            key += (pos.round_info, None if pos.owners is None else tuple(pos.owners),
                    None if pos.blocked is None else tuple(pos.blocked))
        return key

    @staticmethod
    def move_json(move: Move) -> int | list[Any]:
        return list(move) if isinstance(move, tuple) else move

    def state_json(self, pos: Position) -> dict[str, Any]:
        size = self.size
        return {
            "board": list(pos.board),
            "stores": list(pos.stores),
            "turn": pos.turn,
            "legal": [self.move_json(m) for m in self.legal_moves(pos)],
            "children": list(pos.children) if pos.children is not None else [None] * size,
            "blocked": list(pos.blocked) if pos.blocked is not None else [False] * size,
            "owners": list(pos.owners) if pos.owners is not None
            else [None] * size if self.no_sides
            else [0 if h in self.sides[0] else 1 for h in range(size)],
            "unlocked": list(pos.unlocked),
            "outcome": pos.outcome.to_json() if pos.outcome else None,
        }
