"""Game: the rules of one variant over positions, with checked and trusted moves.

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
changes the position in place (for search). A move is a hole index, or
`(hole, "CCW" | "CW")` where the mover chooses the direction, or `("STORE", seeds)`
where a move may sow seeds from the mover's store. After a move that
ends a round, `next_round` gives the next round's start.
"""

from __future__ import annotations

import random
from typing import Any

from mancala.engine import arrange
from mancala.engine.board import CCW, CW
from mancala.engine.fast import c_core_enabled, make_fast
from mancala.engine.move_data import FROM_STORE
from mancala.engine.pipeline import REPEAT_STEP, Pipeline
from mancala.engine.position import NO_CH_OWNER, Outcome, OutcomeKind, Position
from mancala.engine.round_choice import USER_FILLS, IllegalChoice, RoundChoices
from mancala.engine.start import start_board, start_stores
from mancala.engine.store_sowing import STORE_MOVE
from mancala.engine.trace import PASS, MoveTrace, Recorder, decode, wire_events
from mancala.rules.enums import ChildType, GameClass, SowPrescribed, StartPattern
from mancala.rules.variant import Variant

# a hole; (hole, "CCW" | "CW"); or (STORE_MOVE, seeds) (1.10 play_locs BRD_OWN_STR_CHS)
Move = int | tuple[int, str] | tuple[str, int]
DIR_NAMES = {"CCW": CCW, "CW": CW}
ROUND_KINDS = (OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE)

__all__ = ["USER_FILLS", "Game", "IllegalMove", "Move", "Outcome", "OutcomeKind", "Position"]


class IllegalMove(ValueError):
    """A move the rules do not allow here; the position is unchanged."""


class Game:
    """The rules of one variant."""

    def __init__(self, variant: Variant, *, c_core: bool = True, play_on: bool = False) -> None:
        """`play_on`: the game does not end early when its outcome is decided (only when
        nobody can move): Jackman's rules for the one-turn challenge."""
        self.variant = variant
        self.pipe = Pipeline(variant, play_on=play_on)
        self.holes = variant.holes
        self.size = 2 * variant.holes
        self.board = self.pipe.board
        self.no_sides = self.pipe.no_sides
        self.territory = self.pipe.territory
        self.bear_off = variant.game_class == GameClass.BEAR_OFF
        self.choices = RoundChoices(self)
        self.rams = variant.game_info.child_type == ChildType.RAM
        # ARNGE_LIMIT: the first move may be an arrangement (mancala.engine.arrange)
        self.arranges = variant.game_info.prescribed == SowPrescribed.ARNGE_LIMIT
        # The optional C core plays the common variants exactly as the pipeline does
        # (tests/engine/test_fastcore.py); where it applies it takes the hot path. Its
        # methods are bound here, once: a Python dispatch per call cost ~60 ns of a
        # ~900 ns move (docs/performance.md). It leaves the next legal moves cached in
        # the position (fill_legal), which the pipeline computes only when asked.
        self.fast = (make_fast(variant, fill_legal=True) if c_core and not play_on and c_core_enabled()
                     else None)
        if self.fast is not None:  # else the class's own (below _apply), of the same types
            # instance attributes shadowing the methods: set by name, so that the type
            # checkers keep reading the methods' signatures
            setattr(self, "legal_moves", self.fast.legal)  # noqa: B010
            setattr(self, "apply", self.fast.apply)  # noqa: B010

    # ---- set-up -----------------------------------------------------------------------------

    def start(self, starter: int = 0, *, board: list[int] | None = None,
              stores: list[int] | None = None, seed: int | None = None) -> Position:
        """The starting position for `starter`, or a given board (and stores)."""
        info = self.variant.game_info
        if board is None:
            # a generator only where the layout is drawn: making one costs 14 us, more
            # than a dozen moves in C
            rng = random.Random(seed) if info.start_pattern.is_random else None
            board = start_board(info.start_pattern, self.holes, self.variant.nbr_start,
                                starter, rng, v110=self.pipe.v110)
            stores = stores or start_stores(info.start_pattern, self.variant.nbr_start)
            if info.start_pattern == StartPattern.MOVE_RIGHTMOST:
                # the starter's rightmost hole is played for them, counted as a move;
                # the game starts after it (a given board starts as it is)
                pos = self.pipe.new_position(list(board), list(stores or [0, 0]), starter)
                return self.play(pos, self.holes - 1 if starter == 0 else 2 * self.holes - 1)
        return self.pipe.new_position(list(board), list(stores or [0, 0]), starter)

    # ---- moves ---------------------------------------------------------------------------------

    # legal_moves(pos) and apply(pos, move): the C core's where __init__ binds it, or these

    def _legal_moves(self, pos: Position) -> list[Move]:
        """Legal moves of the player to move, sorted by hole, "CCW" before "CW".

        The list is cached in the position until the next move: do not mutate it.
        """
        legal = pos.legal
        if legal is None:
            legal = pos.legal = [] if pos.outcome is not None else self.pipe.moves(pos)
        return legal

    def normalize(self, pos: Position, move: Any) -> Move:
        """A move from JSON (int or [hole, "CW"/"CCW"]) in the engine's form."""
        if isinstance(move, bool):
            raise IllegalMove(f"move {move!r} is not a hole index")
        if isinstance(move, int):
            return move
        if (isinstance(move, list | tuple) and len(move) == 2 and move[0] == STORE_MOVE
                and isinstance(move[1], int) and not isinstance(move[1], bool)):
            return (STORE_MOVE, move[1])
        if (isinstance(move, list | tuple) and len(move) == 2 and isinstance(move[0], int)
                and not isinstance(move[0], bool) and isinstance(move[1], str)):
            name = move[1].upper()
            if name not in DIR_NAMES:
                raise IllegalMove(f'move {move!r}: direction must be "CW" or "CCW"')
            return (move[0], name)
        raise IllegalMove(f'move {move!r} is neither a hole index, [hole, direction] nor ["STORE", seeds]')

    def play(self, pos: Position, move: Any) -> Position:
        """Check the move and return the position after it; raise IllegalMove otherwise."""
        if arrange.is_arrange(move):
            return self._arranged(pos, move)
        mv = self.checked(pos, move)
        new = pos.copy()
        self.apply(new, mv)
        return new

    def checked(self, pos: Position, move: Any) -> Move:
        """The move in the engine's form, if it is legal in `pos`; IllegalMove says why not."""
        if pos.outcome is not None:
            raise IllegalMove("the game is over")
        mv = self.normalize(pos, move)
        legal = self.legal_moves(pos)
        if mv not in legal:
            raise IllegalMove(self._why_illegal(pos, mv, legal))
        return mv

    def play_traced(self, pos: Position, move: Any) -> tuple[Position, MoveTrace]:
        """`play`, and the record of what the move did (mancala.engine.trace): the C core
        records it as it plays where it plays the variant, else the pipeline."""
        new, player, events = self._play_recorded(pos, move)
        return new, decode(player, events)

    def play_events(self, pos: Position, move: Any) -> tuple[Position, list[dict[str, Any]]]:
        """`play`, and what the move did as the protocol's `move_made.events` carries it
        (trace.wire_events: one pass over the engine's stream, no MoveTrace made)."""
        new, player, events = self._play_recorded(pos, move)
        return new, wire_events(player, events)

    def _play_recorded(self, pos: Position, move: Any) -> tuple[Position, int, list[int]]:
        if arrange.is_arrange(move):
            return self._arranged(pos, move), pos.turn, []  # nothing sown: no events
        mv = self.checked(pos, move)
        new = pos.copy()
        player = new.turn
        if self.fast is not None:
            events = self.fast.apply_traced(new, mv)
        else:
            recorder = Recorder()
            self._apply(new, mv, recorder)
            events = recorder.ev
        return new, player, events

    def arrange_offer(self, pos: Position) -> dict[str, Any] | None:
        """ARNGE_LIMIT: what the player to move may arrange now (arrange.offer), or None."""
        return arrange.offer(self.variant, self.board, pos) if self.arranges else None

    def _arranged(self, pos: Position, move: Any) -> Position:
        try:
            counts = arrange.checked_counts(self.variant, self.board, pos, move)
        except arrange.ArrangeRefused as exc:
            raise IllegalMove(str(exc)) from None
        new = pos.copy()
        arrange.arrange(self.board, new, counts, bool(self.pipe.count_movers))
        return new

    def _why_illegal(self, pos: Position, mv: Move, legal: list[Move]) -> str:
        who = "South" if pos.turn == 0 else "North"
        if isinstance(mv, tuple) and mv[0] == STORE_MOVE:
            if not self.pipe.store_moves:
                return "moves start from the board only in this variant"
            return f"{who} may sow 1 to {pos.stores[pos.turn]} seeds from the store"
        hole = mv[0] if isinstance(mv, tuple) else mv
        assert isinstance(hole, int)
        if not 0 <= hole < self.size:
            return f"hole {hole} is not on the board (0..{self.size - 1})"
        if pos.empty_store:
            return (f"{who} places the captured seeds: the move names one of the "
                    f"opponent's holes {legal}")
        if pos.child[hole] is not None:
            return f"hole {hole} is a child: moves never start from children"
        if pos.blocked[hole]:
            return f"hole {hole} is blocked"
        if any(isinstance(m, tuple) and m[0] == hole for m in legal) and not isinstance(mv, tuple):
            return f'hole {hole} needs a direction: [{hole}, "CCW"] or [{hole}, "CW"]'
        if isinstance(mv, tuple) and hole in legal:
            return f"hole {hole} takes no direction here: play {hole}"
        if pos.board[hole] < self.variant.game_info.min_move:
            return (f"hole {hole} has {pos.board[hole]} seeds; a move needs at least "
                    f"{self.variant.game_info.min_move}")
        if not legal:
            return f"{who} has no legal move"
        return f"hole {hole} is not allowed by the rules here (legal: {legal})"

    def _apply(self, pos: Position, move: Move, trace: Recorder | None = None) -> None:
        """Play a legal move in place (not checked), recorded in `trace` if one is given."""
        pos.legal = None
        if self.arranges and pos.last is None and pos.mcount == 0:
            # the starter sows rather than arranging: their captures and children wait
            self.pipe.inhibitor.first_sow(pos)
        if isinstance(move, tuple) and move[0] == STORE_MOVE:
            assert isinstance(move[1], int)
            loc, asked = FROM_STORE, move[1]  # the pipeline reads `asked` as the seeds
        elif isinstance(move, tuple):
            assert isinstance(move[0], int) and isinstance(move[1], str)
            loc, asked = move[0], DIR_NAMES[move[1]]
        else:
            loc, asked = move, 0
        result = self.pipe.step(pos, loc, asked, trace)
        if result is None or result == REPEAT_STEP:
            if self.pipe.must_pass(pos) and trace is not None:
                trace.flag(PASS)
            return
        assert isinstance(result, Outcome)
        pos.outcome = result

    # The Python engine's moves where __init__ binds no C core: class attributes, not the
    # instance's (a bound method kept on the game made every pure-Python game a reference
    # cycle, alive until the cycle collector ran, with the search's tables it keys)
    legal_moves = _legal_moves
    apply = _apply

    # ---- rounds ------------------------------------------------------------------------------

    @property
    def user_fill(self) -> bool:
        """A player may change each new round's layout (round_fill UCHOOSE, UMOVE, UCHOWN)."""
        return self.choices.user

    def round_choice(self, pos: Position) -> dict[str, Any] | None:
        """After a ROUND_WIN/ROUND_TIE: the choice the next round needs from a player
        (UCHOOSE, UMOVE, UCHOWN), or None when it starts by itself."""
        return self.choices.needed(pos)

    def next_round_outside(self, pos: Position) -> bool:
        """After a ROUND_WIN/ROUND_TIE: whether the next round starts from something no
        replay reproduces (random numbers drawn, a LOSER_ONLY layout a player arranges)."""
        return self.pipe.next_round_outside(pos)

    def next_round(self, pos: Position, choice: Any = None) -> Position:
        """The next round's starting position after a ROUND_WIN/ROUND_TIE, with the
        player's choice where the variant asks for one; raise IllegalMove otherwise."""
        if pos.outcome is None or pos.outcome.kind not in ROUND_KINDS:
            raise IllegalMove("the next round starts only after a ROUND_WIN or ROUND_TIE")
        new = pos.copy()
        new.legal = None
        self.pipe.next_round(new)  # reads the round's outcome (who starts)
        new.outcome = None
        try:
            self.choices.apply(pos, new, choice)
        except IllegalChoice as exc:
            raise IllegalMove(str(exc)) from None
        if not self.pipe.round_playable(new):
            # a territory round its starter cannot play: the other player wins the game
            new.turn = 1 - new.turn
            new.outcome = Outcome(OutcomeKind.WIN, new.turn)
        return new

    # ---- output ---------------------------------------------------------------------------------

    def search_key(self, pos: Position) -> tuple:
        """A hashable key of everything the game's future depends on."""
        return pos.key()

    @staticmethod
    def move_json(move: Move) -> int | list[Any]:
        return list(move) if isinstance(move, tuple) else move

    def owners_json(self, pos: Position) -> list[int | None]:
        if self.territory:
            return list(pos.owner)
        if self.no_sides:
            return [None] * self.size
        return list(self.board.side_of)

    def state_json(self, pos: Position) -> dict[str, Any]:
        return {
            "board": list(pos.board),
            "stores": list(pos.stores),
            "turn": None if pos.outcome is not None and pos.outcome.no_turn else pos.turn,
            "legal": [self.move_json(m) for m in self.legal_moves(pos)],
            "children": [c if c != NO_CH_OWNER else "NO_CH_OWNER" for c in pos.child]
            if self.rams else list(pos.child),
            "blocked": list(pos.blocked),
            "owners": self.owners_json(pos),
            "unlocked": list(pos.unlocked),
            "outcome": pos.outcome.to_json() if pos.outcome else None,
        }
