"""Our computer levels against OpenSpiel's bots, at equal time a move, on Kalah and Oware.

    pip install -e '.[bench]'                        # OpenSpiel (open_spiel), this file only
    python -m benchmarks.vs_openspiel                # 20 games a match, 100 ms a move
    python -m benchmarks.vs_openspiel --games 4 --ms 50 --only mancala --ours perfect

1. Rules check: OpenSpiel's "mancala" is Kalah(6,4) and is played by our kalah_standard
   (the game ends as soon as either row is empty and each side banks its own row; a
   capture needs seeds in the facing pit); its "oware" is played by our oware_abapa
   (sowing skips the start hole, captures of 2s and 3s backwards on the opponent's row,
   a grand slam is played but takes nothing, an empty opponent must be fed, and when
   nobody can feed the seeds go to their row's owner). Every game here, the --check
   random games first and then every match game, goes through both engines: after each
   move the boards, stores, player to move and legal moves are compared, and at the end
   the winner and each side's seeds (store plus row). A disagreement stops the run with
   the position and the moves that led there, exit status 1.
   Two Oware corners differ, are accepted (and only they), end the game the same way in
   both engines and are counted in the table's notes:
   - OpenSpiel ends the game when a position (board and player to move) comes again
     since the last capture, each side taking its row's seeds; our rules have no such
     end, so the harness ends ours there with OpenSpiel's result.
   - With the opponent's row empty, a feeding move that would be a grand slam (it
     leaves only 2s and 3s there) is legal in OpenSpiel and takes nothing; our engine
     forbids it (its must-share rule judges the move by the capture it would make
     without the grand slam rule) and ends the game when no other feed exists. Such an
     end keeps our result; a move only OpenSpiel allows, if its bot plays one, stops
     the game scored by each side's seeds (store plus row).
2. Matches: our level (expert = difficulty 3 thinking --ms a move; perfect = the solver
   within half of --ms, else difficulty 3 for the rest) against OpenSpiel's MCTS bot
   (UCT with random rollouts, MCTS-Solver on; its simulation count follows its measured
   rate so a move takes about --ms) and its alpha-beta (minimax.alpha_beta_search, the
   stores difference as the value at the depth limit, deepened iteratively against the
   clock: see Opponent). Games come in pairs: a random opening of --opening plies (a new
   one each pair), then played once with ours as South (moving first) and once as
   North. Score: wins plus half the draws, with its Wilson 95% interval; the table gives
   the measured mean time a move of both sides, the median search depths and our
   points by seat; for perfect, the games where it proved a draw or better and whether
   it still lost one.

Progress on stderr, the table on stdout (--json for the rows).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mancala.ai.arena import wilson
from mancala.ai.player import PERFECT, choose_move
from mancala.engine import Game, Position
from mancala.rules.loading import load_variant

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.algorithms import mcts, minimax  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - an optional benchmark dependency
    sys.exit("vs_openspiel: OpenSpiel is missing: pip install -e '.[bench]' (or pip install open_spiel)")

HOLES = 6
SEEDS = 48
# our variant whose rules are OpenSpiel's, for each of its games
VARIANTS = {"mancala": "kalah_standard", "oware": "oware_abapa"}
OPPONENTS = ("mcts", "alphabeta")
# OpenSpiel's Oware aborts the process past this many moves (kMaxGameLength); a game
# that gets there (none has yet) is ended before it, each side taking its row
OWARE_MAX_MOVES = 1000


class RulesDiffer(Exception):
    """The two engines disagree about a position: the benchmark's numbers mean nothing."""


# ---- the two engines side by side ---------------------------------------------------------


class Pair:
    """One game played in both engines at once, checked after every move."""

    def __init__(self, name: str, game: Game, spiel: Any) -> None:
        self.name, self.game, self.spiel = name, game, spiel
        self.pos: Position = game.start(0)
        self.state: Any = spiel.new_initial_state()
        self.moves: list[int] = []  # our hole numbers
        self.seen: set[tuple[tuple[int, ...], int]] = set()  # oware: boards since the last capture
        self.repetition = False  # ended by OpenSpiel's Oware repetition rule
        self.capped = False
        # the one rules difference found (module docstring): OpenSpiel's feeding grand
        # slams that our engine does not allow here, and how a game ended over them
        self.disputed: set[int] = set()
        self.unfed_end = False  # our engine ended it: no feeding move it allows
        self.slam_end = False  # OpenSpiel's bot fed by a grand slam our engine forbids
        self.seen.add((tuple(self.pos.board), self.pos.turn))
        self.check()

    # our hole <-> OpenSpiel's action
    def to_action(self, hole: int) -> int:
        if self.name == "mancala":  # pits 1..6 South, 7 South's store, 8..13 North, 0 North's store
            return hole + 1 if hole < HOLES else hole + 2
        return hole % HOLES  # oware: the house counted from the mover's first one

    def to_hole(self, action: int) -> int:
        if self.name == "mancala":
            return action - 1 if action <= HOLES else action - 2
        return action + HOLES * self.state.current_player()

    def theirs(self) -> tuple[list[int], list[int]]:
        """OpenSpiel's board and stores in our layout."""
        return self.theirs_of(self.state)

    def theirs_of(self, state: Any) -> tuple[list[int], list[int]]:
        obs = state.observation_tensor(0)
        if self.name == "mancala":
            pits = [round(x) for x in obs[:14]]
            return pits[1:7] + pits[8:14], [pits[7], pits[0]]
        values = [round(x * SEEDS) for x in obs]  # oware's tensor is scaled by the seed total
        return values[:2 * HOLES], values[2 * HOLES:2 * HOLES + 2]

    def over(self) -> bool:
        return self.pos.outcome is not None

    def legal(self) -> list[int]:
        return [m for m in self.game.legal_moves(self.pos) if isinstance(m, int)]

    def play(self, hole: int) -> None:
        if hole in self.disputed:  # legal for OpenSpiel only: the game stops here
            self.moves.append(hole)
            self.slam_end = True
            return
        self.moves.append(hole)
        before = sum(self.pos.stores)
        self.pos = self.game.play(self.pos, hole)
        self.state.apply_action(self.to_action(hole))
        if self.name == "oware" and self.pos.outcome is None:
            if sum(self.pos.stores) != before:
                self.seen.clear()
            key = (tuple(self.pos.board), self.pos.turn)
            if key in self.seen and self.state.is_terminal():
                self.repetition = True
            self.seen.add(key)
            if len(self.moves) >= OWARE_MAX_MOVES - 1 and not self.state.is_terminal():
                self.capped = True
        self.check()

    def fail(self, what: str) -> RulesDiffer:
        state = self.game.state_json(self.pos)
        return RulesDiffer(
            f"{self.name}: the engines disagree after the moves {self.moves} (our holes): {what}\n"
            f"  ours ({VARIANTS[self.name]}): board {state['board']} stores {state['stores']} "
            f"turn {state['turn']} legal {state['legal']} outcome {state['outcome']}\n"
            f"  OpenSpiel ({self.name}):\n    " + str(self.state).replace("\n", "\n    "))

    def check(self) -> None:
        board, stores = self.theirs()
        ours_over, theirs_over = self.pos.outcome is not None, self.state.is_terminal()
        if self.repetition or self.capped:
            return self.check_end(board, stores)
        self.disputed = set()
        if ours_over and not theirs_over and self.name == "oware":
            theirs = [self.to_hole(a) for a in self.state.legal_actions()]
            if theirs and all(self.slam_feed(h) for h in theirs):
                self.unfed_end = True
                return self.check_end(board, stores)
        if ours_over != theirs_over:
            raise self.fail(f"the game is over for {'us' if ours_over else 'OpenSpiel'} only")
        if ours_over:
            return self.check_end(board, stores)
        if board != list(self.pos.board) or stores != list(self.pos.stores):
            raise self.fail(f"boards differ: OpenSpiel has {board} stores {stores}")
        if self.state.current_player() != self.pos.turn:
            raise self.fail(f"OpenSpiel has player {self.state.current_player()} to move")
        theirs = sorted(self.to_hole(a) for a in self.state.legal_actions())
        if theirs != self.legal():
            extra = set(theirs) - set(self.legal())
            if not (set(self.legal()) <= set(theirs) and all(self.slam_feed(h) for h in extra)):
                raise self.fail(f"legal moves differ: OpenSpiel allows {theirs}")
            self.disputed = extra
        return None

    def slam_feed(self, hole: int) -> bool:
        """Whether `hole` is a move whose difference between the engines is known: the
        opponent's row is empty and OpenSpiel's sowing leaves it holding only twos and
        threes with the mover's score unchanged (a grand slam, played without capture).
        Our oware_abapa judges the move by the capture it would make without the grand
        slam rule, finds the opponent unfed, and forbids it."""
        mover = self.state.current_player()
        row = range((1 - mover) * HOLES, (2 - mover) * HOLES)
        board, stores = self.theirs()
        if any(board[h] for h in row):
            return False
        after = self.state.clone()
        after.apply_action(self.to_action(hole))
        board_after, stores_after = self.theirs_of(after)
        sown = [board_after[h] for h in row]
        return (stores_after[mover] == stores[mover] and any(sown)
                and all(n in (0, 2, 3) for n in sown))

    def sides(self, board: list[int], stores: list[int]) -> list[int]:
        return [stores[p] + sum(board[p * HOLES:(p + 1) * HOLES]) for p in (0, 1)]

    def check_end(self, board: list[int], stores: list[int]) -> None:
        if self.capped or self.slam_end:
            return  # OpenSpiel cannot go on; ended here by side totals
        ours = self.sides(list(self.pos.board), list(self.pos.stores))
        theirs = self.sides(board, stores)
        if ours != theirs:
            raise self.fail(f"each side's seeds at the end differ: ours {ours}, OpenSpiel's {theirs}")
        if not self.repetition and not self.unfed_end:
            assert self.pos.outcome is not None
            returns = self.state.returns()
            winner = None if returns[0] == returns[1] else 0 if returns[0] > returns[1] else 1
            if winner != self.pos.outcome.winner and not (winner is None and self.pos.outcome.kind == "TIE"):
                raise self.fail(f"the winner differs: OpenSpiel's returns {returns}, ours {self.pos.outcome}")

    def finished(self) -> bool:
        return self.over() or self.repetition or self.capped or self.slam_end

    def score(self, player: int) -> float:
        """1, 0.5 or 0 for `player` (0 South, 1 North) in a finished game."""
        if self.capped or self.slam_end:
            seeds = self.sides(list(self.pos.board), list(self.pos.stores))
            return 0.5 if seeds[0] == seeds[1] else float(seeds[player] > seeds[1 - player])
        if self.repetition:
            returns = self.state.returns()
            return (returns[player] + 1) / 2
        assert self.pos.outcome is not None
        winner = self.pos.outcome.winner
        if self.pos.outcome.kind != "WIN" or winner is None:
            return 0.5
        return 1.0 if winner == player else 0.0


def random_check(name: str, games: int, seed: int) -> dict[str, int]:
    """`games` random games through both engines; raises RulesDiffer at the first
    disagreement. Counts how the games ended."""
    game, spiel = Game(load_variant(VARIANTS[name])), pyspiel.load_game(name)
    rng = random.Random(seed)
    counts = {"games": 0, "moves": 0, "repetition": 0, "capped": 0, "unfed": 0, "slam": 0}
    for _ in range(games):
        pair = Pair(name, game, spiel)
        while not pair.finished():
            pair.play(rng.choice(pair.legal()))
        counts["games"] += 1
        counts["moves"] += len(pair.moves)
        counts["repetition"] += pair.repetition
        counts["capped"] += pair.capped
        counts["unfed"] += pair.unfed_end
        counts["slam"] += pair.slam_end
    return counts


# ---- OpenSpiel's players -------------------------------------------------------------------


def spiel_value(name: str, player: int) -> Callable[[Any], float]:
    """Alpha-beta's value at the depth limit: the stores difference for `player`, scaled
    inside OpenSpiel's returns (a proved win, 1, is worth more than any lead)."""
    def value(state: Any) -> float:
        obs = state.observation_tensor(0)
        if name == "mancala":
            diff = (obs[7] - obs[0]) / SEEDS
        else:
            diff = obs[2 * HOLES] - obs[2 * HOLES + 1]
        return 0.99 * (diff if player == 0 else -diff)
    return value


@dataclass
class Opponent:
    """One of OpenSpiel's bots held to `ms` a move.

    MCTS: its simulation count follows the measured rate (simulations a millisecond, a
    moving average over the moves that ran all their simulations; MCTS-Solver may stop
    early on a proved root). Alpha-beta: iterative deepening, depth 1, 2, ..., going
    one deeper while the predicted end of the next depth (its time predicted as the
    last one's times their growth, 2x to 10x) is nearer `ms` than stopping now; the
    deepest search's move. Both spend about `ms` a move on average."""

    kind: str
    name: str
    spiel: Any
    ms: int
    sims: int = 50  # MCTS: the simulations of the next move
    seed: int = 0
    bot: Any = None
    settings: list[int] = field(default_factory=list)  # simulations run / depth reached, a move
    rate: float = 0.0  # MCTS: simulations a millisecond

    def __post_init__(self) -> None:
        if self.kind == "mcts":
            rs = np.random.RandomState(self.seed)
            self.bot = mcts.MCTSBot(self.spiel, uct_c=2.0, max_simulations=self.sims,
                                    evaluator=mcts.RandomRolloutEvaluator(1, rs), solve=True,
                                    random_state=rs)

    def move(self, state: Any) -> int:
        if self.kind == "mcts":
            t0 = time.perf_counter()
            root = self.bot.mcts_search(state)
            took = (time.perf_counter() - t0) * 1000
            ran = root.explore_count
            self.settings.append(ran)
            if ran >= self.bot.max_simulations and took > 0:
                rate = ran / took
                self.rate = rate if not self.rate else 0.7 * self.rate + 0.3 * rate
                self.bot.max_simulations = max(10, round(self.rate * self.ms))
            return int(root.best_child().action)
        player = state.current_player()
        value = spiel_value(self.name, player)
        t0 = time.perf_counter()
        depth, last, action = 1, 0.0, None
        while True:
            t1 = time.perf_counter()
            _, action = minimax.alpha_beta_search(self.spiel, state=state, value_function=value,
                                                  maximum_depth=depth, maximizing_player_id=player)
            took = (time.perf_counter() - t1) * 1000
            spent = (time.perf_counter() - t0) * 1000
            growth = min(10.0, max(2.0, took / last)) if last > 0.05 else 3.0
            # deeper while the predicted end is nearer `ms` than stopping now is
            if depth >= 40 or spent + took * growth / 2 >= self.ms:
                break
            depth, last = depth + 1, took
        self.settings.append(depth)
        return int(action)

    def label(self) -> str:
        mean = statistics.mean(self.settings) if self.settings else 0
        if self.kind == "mcts":
            return f"MCTS (random rollouts, {mean:.0f} sims/move)"
        return f"alpha-beta (median depth {statistics.median(self.settings or [0]):.0f})"


def sample_states(name: str, count: int, seed: int) -> list[Any]:
    """The opening and positions a few random moves into a game: calibration positions."""
    spiel = pyspiel.load_game(name)
    rng = random.Random(seed)
    out = [spiel.new_initial_state()]
    while len(out) < count:
        state = spiel.new_initial_state()
        for _ in range(rng.randrange(4, 16)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return out


def make_opponent(kind: str, name: str, ms: int, seed: int, err: Any) -> Opponent:
    """The bot, MCTS with its simulation rate first measured on a few positions."""
    opp = Opponent(kind, name, pyspiel.load_game(name), ms, seed=seed)
    if kind == "mcts":
        for state in sample_states(name, 6, seed=7) * 2:
            opp.move(state.clone())
        print(f"calibrate: {name} MCTS {opp.rate:.2f} simulations a ms: {opp.bot.max_simulations} "
              f"a move of {ms} ms", file=err, flush=True)
        opp.settings.clear()
    return opp


# ---- matches -------------------------------------------------------------------------------


@dataclass
class Row:
    opponent: str
    game: str
    variant: str
    ours: str
    ms: int
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    our_ms: list[float] = field(default_factory=list)
    their_ms: list[float] = field(default_factory=list)
    by_seat: list[float] = field(default_factory=lambda: [0.0, 0.0])  # our points as South, North
    our_depth: list[int] = field(default_factory=list)  # the search's depth, moves it searched
    plies: int = 0
    repetition: int = 0
    capped: int = 0
    unfed: int = 0
    slam: int = 0
    proved: int = 0  # perfect: games where our side proved a draw or better
    broken: int = 0  # of those, games that ended worse than proved
    # --solve-openings: our points by what the opening left our side with best play
    # ("won", "drawn", "lost"), as [games, points]
    by_opening: dict[str, list[float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        score = self.wins + self.draws / 2
        low, high = wilson(score, self.games)
        return {"opponent": self.opponent, "game": self.game, "variant": self.variant, "ours": self.ours,
                "ms": self.ms, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "score": score / max(1, self.games), "low": low, "high": high,
                "our_ms": statistics.mean(self.our_ms) if self.our_ms else 0.0,
                "their_ms": statistics.mean(self.their_ms) if self.their_ms else 0.0,
                "by_seat": self.by_seat, "our_depth": statistics.median(self.our_depth) if self.our_depth else 0,
                "plies": self.plies / max(1, self.games), "repetition": self.repetition,
                "capped": self.capped, "unfed": self.unfed, "slam": self.slam, "proved": self.proved, "broken": self.broken,
                "by_opening": self.by_opening}


def opening(name: str, plies: int, seed: int) -> list[int]:
    """`plies` random moves (our holes) that leave the game open."""
    game, spiel = Game(load_variant(VARIANTS[name])), pyspiel.load_game(name)
    rng = random.Random(seed)
    while True:
        pair = Pair(name, game, spiel)
        for _ in range(plies):
            if pair.finished():
                break
            pair.play(rng.choice(pair.legal()))
        if not pair.finished():
            return pair.moves


def play_game(name: str, game: Game, opp: Opponent, ours: str, ms: int, moves: list[int], our_seat: int,
              seed: int, row: Row) -> float:
    pair = Pair(name, game, opp.spiel)
    for hole in moves:
        pair.play(hole)
    level: int | str = PERFECT if ours == "perfect" else 3
    proved: float | None = None  # the proved value for our side, the first time there is one
    while not pair.finished():
        t0 = time.perf_counter()
        if pair.pos.turn == our_seat:
            answer = choose_move(game, pair.pos, difficulty=level, budget_ms=ms, seed=seed + len(pair.moves))  # type: ignore[arg-type]
            row.our_ms.append((time.perf_counter() - t0) * 1000)
            if answer.depth:
                row.our_depth.append(answer.depth)
            if answer.solved and proved is None:
                proved = answer.value
            hole = answer.move
        else:
            hole = pair.to_hole(opp.move(pair.state))
            row.their_ms.append((time.perf_counter() - t0) * 1000)
        pair.play(hole)
    score = pair.score(our_seat)
    row.by_seat[our_seat] += score
    row.games += 1
    row.wins += score == 1.0
    row.draws += score == 0.5
    row.losses += score == 0.0
    row.plies += len(pair.moves)
    row.repetition += pair.repetition
    row.capped += pair.capped
    row.unfed += pair.unfed_end
    row.slam += pair.slam_end
    if proved is not None and proved >= 0:
        row.proved += 1
        if score < (1.0 if proved > 0 else 0.5):
            row.broken += 1
    return score


def opening_value(game: Game, moves: list[int], err: Any) -> int:
    """The exact value for South of the position after the opening's moves (the solver,
    with the largest endgame database of the variant's rules as leaves where there is one)."""
    from mancala.ai.solver import solve
    from mancala.ai.solver.binding import leaf_database

    pos = game.start(0)
    for hole in moves:
        pos = game.play(pos, hole)
    t0 = time.process_time()
    solution = solve(game, pos, engine="c", egtb=leaf_database(game.variant))
    assert solution is not None  # no time limit
    value = solution.value if pos.turn == 0 else -solution.value
    print(f"opening {moves}: {value:+d} for South ({time.process_time() - t0:.0f} CPU s)", file=err, flush=True)
    return value


def match(name: str, opp: Opponent, ours: str, ms: int, games: int, plies: int, seed: int, err: Any,
          solve_openings: bool = False) -> Row:
    game = Game(load_variant(VARIANTS[name]))
    row = Row(opp.label(), name, VARIANTS[name], ours, ms)
    # one move first, not counted: loading an opening book or endgame database is no
    # part of a move's time
    choose_move(game, game.start(0), difficulty=PERFECT if ours == "perfect" else 3, budget_ms=ms)
    t0 = time.perf_counter()
    used: set[tuple[int, ...]] = set()
    draw = seed
    for _ in range((games + 1) // 2):
        # a new opening each pair (two random plies of Kalah give only 36)
        moves = opening(name, plies, draw)
        for _tries in range(50):
            if tuple(moves) not in used:
                break
            draw += 1
            moves = opening(name, plies, draw)
        used.add(tuple(moves))
        draw += 1
        pair_index = len(used) - 1
        south_value = opening_value(game, moves, err) if solve_openings else None
        for our_seat in (0, 1):
            if row.games >= games:
                break
            score = play_game(name, game, opp, ours, ms, moves, our_seat, seed + 1000 * pair_index, row)
            if south_value is not None:
                ours_value = south_value if our_seat == 0 else -south_value
                kind = "won" if ours_value > 0 else "lost" if ours_value < 0 else "drawn"
                tally = row.by_opening.setdefault(kind, [0, 0.0])
                tally[0] += 1
                tally[1] += score
            secs = time.perf_counter() - t0
            print(f"{ours} v {opp.label()} on {name}: {row.games}/{games}  "
                  f"+{row.wins} ={row.draws} -{row.losses}  {secs:.0f}s, "
                  f"{secs / row.games * (games - row.games):.0f}s left", file=err, flush=True)
    row.opponent = opp.label()
    return row


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| ours | opponent | game (our variant) | ms/move (ours, theirs) | games | wins | draws | losses | "
            "score | Wilson 95% | plies/game | notes |\n"
            "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |")
    body = []
    for r in rows:
        notes = []
        notes.append(f"as South {r['by_seat'][0]:g}, as North {r['by_seat'][1]:g}")
        if r["repetition"]:
            notes.append(f"{r['repetition']} ended by OpenSpiel's repetition rule")
        if r["capped"]:
            notes.append(f"{r['capped']} stopped at {OWARE_MAX_MOVES} moves")
        if r["unfed"]:
            notes.append(f"{r['unfed']} ended unfed by our rules (OpenSpiel's only feed a grand slam)")
        if r["slam"]:
            notes.append(f"{r['slam']} stopped at a grand-slam feed only OpenSpiel allows")
        if r["ours"] == "perfect":
            notes.append(f"proved draw or better in {r['proved']}, lost such a proof in {r['broken']}")
        for kind in ("won", "drawn", "lost"):
            if kind in r["by_opening"]:
                n, points = r["by_opening"][kind]
                notes.append(f"from openings {kind} for us: {points:g} of {n:g}")
        depth = f" (median depth {r['our_depth']:.0f})" if r["our_depth"] else ""
        body.append(f"| {r['ours']}{depth} | {r['opponent']} | {r['game']} ({r['variant']}) | "
                    f"{r['our_ms']:.0f}, {r['their_ms']:.0f} | {r['games']} | {r['wins']} | {r['draws']} | "
                    f"{r['losses']} | {r['score']:.1%} | {r['low']:.1%} to {r['high']:.1%} | "
                    f"{r['plies']:.0f} | {'; '.join(notes)} |")
    return "\n".join([head, *body])


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games a match (in pairs, sides swapped)")
    parser.add_argument("--ms", type=int, default=100, help="thinking time a move, both sides")
    parser.add_argument("--only", choices=sorted(VARIANTS), help="one game only")
    parser.add_argument("--ours", choices=["expert", "perfect", "both"], default="expert")
    parser.add_argument("--against", choices=[*OPPONENTS, "both"], default="both")
    parser.add_argument("--check", type=int, default=200, help="random games through both engines first")
    parser.add_argument("--opening", type=int, default=2, help="random plies opening each pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--solve-openings", action="store_true",
                        help="solve each opening exactly (slow on Kalah(6,4) without an endgame database) "
                             "and count our points by what it left our side")
    args = parser.parse_args()
    err = sys.stderr
    names = [args.only] if args.only else list(VARIANTS)
    ours_list = ["expert", "perfect"] if args.ours == "both" else [args.ours]
    against = list(OPPONENTS) if args.against == "both" else [args.against]
    rows: list[dict[str, Any]] = []
    checks: dict[str, dict[str, int]] = {}
    try:
        for name in names:
            checks[name] = random_check(name, args.check, args.seed)
            c = checks[name]
            print(f"rules: {name} v {VARIANTS[name]}: {c['games']} random games, {c['moves']} moves agree "
                  f"({c['repetition']} ended by OpenSpiel's repetition rule, {c['unfed']} at a grand-slam "
                  f"feed only OpenSpiel allows, {c['capped']} at the move cap)",
                  file=err, flush=True)
        for name in names:
            for kind in against:
                for ours in ours_list:
                    opp = make_opponent(kind, name, args.ms, args.seed, err)
                    rows.append(match(name, opp, ours, args.ms, args.games, args.opening, args.seed, err,
                                      args.solve_openings).to_json())
    except RulesDiffer as exc:
        print(f"vs_openspiel: RULES DIFFER, stopped.\n{exc}", file=err)
        return 1
    if args.json:
        print(json.dumps({"checks": checks, "rows": rows}, indent=1))
    else:
        for name, c in checks.items():
            print(f"rules check: {name} (OpenSpiel) v {VARIANTS[name]} (ours): {c['games']} random games, "
                  f"{c['moves']} moves, every position agreed but the known differences; "
                  f"{c['repetition']} ended by OpenSpiel's repetition rule, {c['unfed']} at a "
                  f"grand-slam feed only OpenSpiel allows")
        print()
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
