"""Games in rounds and territory: the end of a round, the game's end across rounds,
and the next round's starting position.

The ender (mancala.engine.ending) decides when play stops in a round (per `rounds`)
and collects the board per `unclaimed`; `RoundRules.close` then settles the round:
who won it, the RND_* tallies, whether the game is over (WIN/TIE) or only the round
(ROUND_WIN/ROUND_TIE). `RoundRules.next_round` lays out the next round per
`round_fill` and `round_starter`; with UCHOOSE, UMOVE and UCHOWN a player's choice
comes with it:

    {"fill": [hole, ...]}    UCHOOSE: the board indices of the chooser's row that get seeds
    {"layout": [c0, ...]}    UMOVE: seeds per hole of the chooser's row, from their own left
    {"own": [hole, ...]}     UCHOWN: the board indices the round winner will own

Game-level state lives in the position: `round_info` (an immutable RoundInfo, shared by
copies), `owners` (territory) and `blocked` (blocks). Every decision is listed in
docs/rules-decisions.md, "Rounds and territory".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mancala.engine.children import held
from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala.rules.enums import Goal, RoundFill, Rounds, RoundStarter

if TYPE_CHECKING:
    from mancala.engine.game import Game

ROUND_GOALS = (Goal.RND_WIN_COUNT, Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS)
USER_FILLS = (RoundFill.UCHOOSE, RoundFill.UMOVE, RoundFill.UCHOWN)
CHOICE_FORMS = {RoundFill.UCHOOSE: "fill", RoundFill.UMOVE: "layout", RoundFill.UCHOWN: "own"}
ROUND_KINDS = (OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE)
SEED_STRIDE = 1_000_003  # round r >= 2 of a seeded game lays RANDOM out from seed * SEED_STRIDE + r


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """What a game in rounds carries from round to round (immutable: copies share it)."""

    number: int = 1  # the round being played (or just ended), from 1
    tally: tuple[int, int] = (0, 0)  # RND_* goals: round wins, seeds, extra seeds or points so far
    last_mover: int | None = None  # who made the last move of the round, once it ended
    seed: int | None = None  # the game's seed (RANDOM start patterns of later rounds)


FIRST_ROUND = RoundInfo()  # stands in for a hand-made position without round_info


def claimed_holes(seeds: int, per_hole: int) -> int:
    """Holes a player's seeds claim in TERRITORY: a hole per `per_hole` seeds, and one
    more for a remainder of more than half a hole."""
    full, rest = divmod(seeds, per_hole)
    return full + (1 if 2 * rest > per_hole else 0)


def fill_order(fill: RoundFill, holes: int) -> list[int]:
    """Positions (from the player's own left) in the order LEFT/RIGHT/OUTSIDE_FILL fill them."""
    if fill == RoundFill.RIGHT_FILL:
        return list(range(holes - 1, -1, -1))
    if fill == RoundFill.OUTSIDE_FILL:
        out: list[int] = []
        lo, hi = 0, holes - 1
        while lo <= hi:
            out.append(lo)
            if hi != lo:
                out.append(hi)
            lo, hi = lo + 1, hi - 1
        return out
    return list(range(holes))


class IllegalChoice(ValueError):
    """A round choice the rules do not allow (Game raises it as IllegalMove)."""


class RoundRules:
    """The rules between rounds of one variant (also hole ownership in TERRITORY games)."""

    def __init__(self, game: Game) -> None:
        v = game.variant
        gi = v.game_info
        self.game = game
        self.geom = game.geom
        self.n = v.holes
        self.k = v.nbr_start
        self.min_move = gi.min_move
        self.goal = gi.goal
        self.goal_param = gi.goal_param
        self.in_rounds = gi.rounds != Rounds.NO_ROUNDS
        self.territory = gi.goal == Goal.TERRITORY
        self.tallies = gi.goal in ROUND_GOALS
        self.fill = gi.round_fill
        self.starter_rule = gi.round_starter
        self.blocks = gi.blocks
        self.user_fill = gi.round_fill in USER_FILLS

    # ---- start of a game ------------------------------------------------------------

    def init(self, pos: Position, seed: int | None) -> None:
        """Fields of a game's first round (called by Game.start)."""
        if self.in_rounds:
            pos.round_info = RoundInfo(seed=seed)
        if self.territory:
            pos.owners = [0] * self.n + [1] * self.n
        if self.blocks and self.in_rounds and pos.blocked is None:
            pos.blocked = [False] * self.geom.size

    # ---- seeds (children.held: each player's store and children) ----------------------

    @staticmethod
    def _by_seeds(seeds: list[int]) -> int | None:
        s0, s1 = seeds
        return None if s0 == s1 else (0 if s0 > s1 else 1)

    def _tallied(self, tally: tuple[int, int], seeds: list[int], winner: int | None,
                 total: int) -> tuple[int, int]:
        t = list(tally)
        match self.goal:
            case Goal.RND_WIN_COUNT:
                if winner is not None:
                    t[winner] += 1
            case Goal.RND_SEED_COUNT:
                t[0] += seeds[0]
                t[1] += seeds[1]
            case Goal.RND_EXTRA_SEEDS:
                if winner is not None:
                    t[winner] += seeds[winner] - seeds[1 - winner]
            case Goal.RND_POINTS:
                if winner is not None:
                    t[winner] += 2 if 4 * seeds[winner] > 3 * total else 1
        return (t[0], t[1])

    # ---- end of a round -----------------------------------------------------------------

    def close(self, pos: Position, mover: int) -> None:
        """Settle a round whose play stopped (board already collected): set ROUND_WIN,
        ROUND_TIE, or WIN/TIE when the game is over. `mover` made the last move."""
        seeds = held(pos)
        winner = self._by_seeds(seeds)
        info = pos.round_info or FIRST_ROUND
        tally = self._tallied(info.tally, seeds, winner, pos.total) if self.tallies else info.tally
        pos.round_info = RoundInfo(info.number, tally, mover, info.seed)
        over, game_winner = self._game_over(seeds, winner, tally)
        if not over and not self._can_start(pos, seeds, winner):
            over, game_winner = True, self._final_winner(seeds, tally)
        pos.legal = None
        if over:
            kind = OutcomeKind.TIE if game_winner is None else OutcomeKind.WIN
            pos.outcome = Outcome(kind, game_winner)
            pos.turn = mover if game_winner is None else game_winner
        else:
            kind = OutcomeKind.ROUND_TIE if winner is None else OutcomeKind.ROUND_WIN
            pos.outcome = Outcome(kind, winner)
            pos.turn = mover if winner is None else winner

    def final(self, pos: Position, mover: int) -> None:
        """The game ends at once (50-lap stop, OPP_GETS_REMAIN): decided by the goal,
        the round just played counted."""
        seeds = held(pos)
        tally = (0, 0)
        if self.in_rounds:
            info = pos.round_info or FIRST_ROUND
            winner = self._by_seeds(seeds)
            tally = self._tallied(info.tally, seeds, winner, pos.total) if self.tallies else info.tally
            pos.round_info = RoundInfo(info.number, tally, mover, info.seed)
        game_winner = self._final_winner(seeds, tally)
        pos.legal = None
        if game_winner is None:
            pos.outcome = Outcome(OutcomeKind.TIE, None)
            pos.turn = mover
        else:
            pos.outcome = Outcome(OutcomeKind.WIN, game_winner)
            pos.turn = game_winner

    def _final_winner(self, seeds: list[int], tally: tuple[int, int]) -> int | None:
        if self.tallies:
            return self._by_seeds(list(tally))
        return self._by_seeds(seeds)

    def _territory_holes(self, seeds: list[int], winner: int | None) -> list[int]:
        """Holes each player owns next round: the winner's claim (capped), the loser the rest."""
        size = self.geom.size
        if winner is None:
            return [self.n, self.n]
        w = min(claimed_holes(seeds[winner], self.k), size)
        out = [0, 0]
        out[winner] = w
        out[1 - winner] = size - w
        return out

    def _game_over(self, seeds: list[int], winner: int | None,
                   tally: tuple[int, int]) -> tuple[bool, int | None]:
        if self.tallies:
            if max(tally) >= self.goal_param:
                return True, self._by_seeds(list(tally))
            return False, None
        if self.territory:
            owned = self._territory_holes(seeds, winner)
            if max(owned) >= self.goal_param:
                return True, winner
            return False, None
        # MAX_SEEDS: the player with fewer seeds must fill goal_param holes (at least one)
        fewer = min(seeds)
        if fewer < max(self.goal_param, 1) * self.k:
            return True, winner
        if self.fill == RoundFill.UMOVE and fewer < self.n - 1 + self.min_move:
            return True, winner  # no layout of one seed or more per hole is playable
        return False, None

    def _can_start(self, pos: Position, seeds: list[int], winner: int | None) -> bool:
        """The next round's starter would have a legal move (user choices: the default one)."""
        if self.fill == RoundFill.UMOVE:
            return True  # checked on the seeds in _game_over; a layout is validated when chosen
        start = self._build(pos, seeds, winner, None, default=True)
        return bool(self.game.legal_moves(start))

    # ---- the next round -------------------------------------------------------------------

    def next_starter(self, pos: Position, winner: int | None) -> int:
        info = pos.round_info or FIRST_ROUND
        match self.starter_rule:
            case RoundStarter.LOSER if winner is not None:
                return 1 - winner
            case RoundStarter.WINNER if winner is not None:
                return winner
            case RoundStarter.LAST_MOVER if info.last_mover is not None:
                return info.last_mover
        return 1 - pos.starter  # ALTERNATE, and LOSER/WINNER after a tie

    def _chooser(self, pos: Position, winner: int | None) -> int | None:
        """Who makes the round choice: the loser (UCHOOSE, UMOVE), the winner (UCHOWN);
        after a tie the next round's starter (UCHOOSE, UMOVE) or nobody (UCHOWN)."""
        if self.fill == RoundFill.UCHOWN:
            return winner
        if winner is None:
            return self.next_starter(pos, None)
        return 1 - winner

    def choice(self, pos: Position) -> dict[str, Any] | None:
        """The choice the next round needs, or None when it starts by itself."""
        if not self._round_ended(pos) or not self.user_fill:
            return None
        seeds = held(pos)
        winner = pos.outcome.winner  # type: ignore[union-attr]
        chooser = self._chooser(pos, winner)
        if chooser is None:
            return None
        form = CHOICE_FORMS[self.fill]
        out: dict[str, Any] = {"player": chooser, "form": form}
        if form == "fill":
            out["count"] = min(self.n, seeds[chooser] // self.k)
            out["holes"] = list(self.geom.side(chooser))
        elif form == "layout":
            out["seeds"] = seeds[chooser]
            out["holes"] = self.n
            out["min_move"] = self.min_move
        else:
            out["count"] = self._territory_holes(seeds, winner)[chooser]
            out["holes"] = list(range(self.geom.size))
        return out

    def _round_ended(self, pos: Position) -> bool:
        return pos.outcome is not None and pos.outcome.kind in ROUND_KINDS

    def next_round(self, pos: Position, choice: Any = None) -> Position:
        """The next round's starting position; raise IllegalChoice for a wrong choice."""
        if not self._round_ended(pos):
            raise IllegalChoice("the next round starts only after a ROUND_WIN or ROUND_TIE")
        seeds = held(pos)
        winner = pos.outcome.winner  # type: ignore[union-attr]
        needed = self.choice(pos)
        if needed is None:
            if choice is not None:
                raise IllegalChoice(f"round_fill {self.fill.value}: the next round needs no choice")
            return self._build(pos, seeds, winner, None)
        parsed = self._parse_choice(needed, choice)
        start = self._build(pos, seeds, winner, parsed)
        if not self.game.legal_moves(start):
            who = "South" if start.turn == 0 else "North"
            raise IllegalChoice(f"with this choice {who}, who starts the round, has no legal move")
        return start

    def _parse_choice(self, needed: dict[str, Any], choice: Any) -> list[int]:
        form = needed["form"]
        who = "South" if needed["player"] == 0 else "North"
        if not (isinstance(choice, dict) and set(choice) == {form}):
            raise IllegalChoice(f"round_fill {self.fill.value}: the next round needs "
                                f'{{"{form}": [...]}} from {who}')
        values = choice[form]
        if not (isinstance(values, list) and all(isinstance(x, int) and not isinstance(x, bool)
                                                 for x in values)):
            raise IllegalChoice(f"{form} must be a list of integers")
        if form == "layout":
            if len(values) != self.n:
                raise IllegalChoice(f"layout must give {self.n} seed counts, one per hole from {who}'s left")
            if min(values) < 1:
                raise IllegalChoice("layout must put at least one seed in each hole")
            if sum(values) > needed["seeds"]:
                raise IllegalChoice(f"layout uses {sum(values)} seeds; {who} has {needed['seeds']}")
            if max(values) < self.min_move:
                raise IllegalChoice(f"layout must give some hole at least {self.min_move} seeds (min_move)")
            return values
        if len(set(values)) != len(values):
            raise IllegalChoice(f"{form} lists a hole twice")
        allowed = set(needed["holes"])
        bad = [h for h in values if h not in allowed]
        if bad:
            where = f"{who}'s row" if form == "fill" else "the board"
            raise IllegalChoice(f"{form}: hole {bad[0]} is not on {where}")
        if len(values) != needed["count"]:
            raise IllegalChoice(f"{form} must list exactly {needed['count']} holes")
        return values

    def _build(self, pos: Position, seeds: list[int], winner: int | None,
               choice: list[int] | None, default: bool = False) -> Position:
        """The next round's start; `default` stands in the default choice for a user fill."""
        game = self.game
        info = pos.round_info or FIRST_ROUND
        starter = self.next_starter(pos, winner)
        number = info.number + 1
        if self.tallies or self.territory:
            seed = None if info.seed is None else info.seed * SEED_STRIDE + number
            new = game.start(starter, seed=seed)
            if self.territory:
                new.owners = self._owners(pos, seeds, winner, choice)
        else:
            board, stores = self._fill(pos, seeds, winner, choice)
            new = game.start(starter, board=board, stores=stores)
            if self.blocks:
                new.blocked = [s == 0 for s in board]
        new.round_info = RoundInfo(number, info.tally, None, info.seed)
        new.legal = None
        return new

    def _owners(self, pos: Position, seeds: list[int], winner: int | None,
                choice: list[int] | None) -> list[int]:
        geom, n = self.geom, self.n
        owners = [0] * n + [1] * n
        if winner is None:
            return owners
        loser = 1 - winner
        owners = [loser] * geom.size
        if choice is not None:
            for h in choice:
                owners[h] = winner
            return owners
        # the winner's own row from their left, then the loser's row from the loser's left
        order = [geom.hole_of(winner, i) for i in range(n)] + [geom.hole_of(loser, i) for i in range(n)]
        for h in order[: self._territory_holes(seeds, winner)[winner]]:
            owners[h] = winner
        return owners

    def _fill(self, pos: Position, seeds: list[int], winner: int | None,
              choice: list[int] | None) -> tuple[list[int], list[int]]:
        """MAX_SEEDS rounds: the empty hole method, EVEN_FILL, SHORTEN and UMOVE."""
        geom, n, k = self.geom, self.n, self.k
        board = [0] * geom.size
        stores = [0, 0]
        loser = 1 - winner if winner is not None else self.next_starter(pos, None)
        fewer = min(seeds)
        match self.fill:
            case RoundFill.EVEN_FILL:
                each = fewer // n
                row = [each] * n
                if each < self.min_move:
                    row[0] += fewer - each * n
                for p in (0, 1):
                    for i in range(n):
                        board[geom.hole_of(p, i)] = row[i]
                    stores[p] = seeds[p] - sum(row)
            case RoundFill.SHORTEN:
                count = min(n, fewer // k)
                for i in range(count):
                    h = geom.hole_of(loser, i)
                    board[h] = board[geom.opposite(h)] = k
                for p in (0, 1):
                    stores[p] = seeds[p] - count * k
            case RoundFill.UMOVE:
                row = choice if choice is not None else [1] * n
                for i in range(n):
                    h = geom.hole_of(loser, i)
                    board[h] = board[geom.opposite(h)] = row[i]
                for p in (0, 1):
                    stores[p] = seeds[p] - sum(row)
            case _:  # LEFT_FILL, RIGHT_FILL, OUTSIDE_FILL, UCHOOSE
                order = fill_order(self.fill, n)
                for p in (0, 1):
                    count = min(n, seeds[p] // k)
                    if self.fill == RoundFill.UCHOOSE and p == loser and choice is not None:
                        holes = choice
                    else:
                        holes = [geom.hole_of(p, i) for i in order[:count]]
                    for h in holes:
                        board[h] = k
                    stores[p] = seeds[p] - count * k
        return board, stores
