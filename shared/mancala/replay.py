"""`mancala replay`: run requests of JSON lines through the engine (contracts/replay.md).

The engine and the variant model (pydantic) are imported with the first request,
not with this module: `mancala replay` with nothing to read, or only broken
requests, starts without them.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from mancala.rules.errors import VariantError

if TYPE_CHECKING:
    from mancala.engine.game import Game
    from mancala.engine.position import Position

EXIT_OK, EXIT_INVALID, EXIT_ILLEGAL = 0, 2, 3
# seeds a request's `position` may hold, board and stores together: over three times the
# largest start a variant can ask (2 x 15 holes x 100 seeds). Some rules sow seed by seed
# (Toguz Kumalak's tuzdyks): a move's work grows with its seeds (a billion took minutes)
MAX_POSITION_SEEDS = 10_000


class BadRequest(ValueError):
    """A request that is not a well-formed replay request."""


def _arrivals(stream: IO[str]) -> Iterator[str]:
    """What `stream` has as it arrives: whatever a pipe holds (a request sent without a
    newline, by a program that then waits for its answer, is read whole), else a line at a
    time. Never more than is there: read(n) on a text stream would wait for n characters or
    the end of the input, and keep a program waiting for each answer waiting for ever.
    Ends with "" at the end of the input."""
    fd = _raw_fd(stream)
    if fd is None:
        while True:
            line = stream.readline()
            yield line
            if not line:
                return
    # bytes that are not text become U+FFFD: a bad request then, never a stopped process
    decoder = codecs.getincrementaldecoder(getattr(stream, "encoding", None) or "utf-8")("replace")
    while True:
        data = os.read(fd, 1 << 16)
        text = decoder.decode(data, final=not data)
        if text or not data:
            yield text
        if not data:
            return


def _raw_fd(stream: IO[str]) -> int | None:
    """The file descriptor under the process's own stdin, which only this reader reads
    (what the text stream had buffered would be missing from the descriptor)."""
    if stream is not sys.__stdin__ or stream.closed:
        return None
    try:
        return stream.fileno()
    except (OSError, ValueError):
        return None


def iter_json_objects(stream: IO[str]) -> Iterator[Any]:
    """JSON values one after another, whatever whitespace separates them.

    Text that does not parse is reported as one bad request, and reading resumes
    at the next line that starts an object: one broken request does not take the
    later ones with it.
    """
    decoder = json.JSONDecoder()
    buf = ""
    eof = False
    arrivals = _arrivals(stream)
    while True:
        if not eof:
            chunk = next(arrivals, "")
            eof = chunk == ""
            buf += chunk
        while True:
            buf = buf.lstrip()
            if not buf:
                break
            try:
                value, end = decoder.raw_decode(buf)
            except RecursionError:  # arrays or objects nested past the interpreter's stack
                # unreadable, so its end is where the next request starts, else the end of
                # the lines read so far (the request's own line, as programs send them)
                restart = _NEXT_OBJECT.search(buf, 1)
                newline = buf.rfind("\n")
                if restart is not None:
                    cut = restart.start()
                elif eof:
                    cut = len(buf)
                elif newline > 0:
                    cut = newline + 1
                else:
                    break
                yield _Unparsable(buf[:cut].strip()[:80], "nested too deeply to read")
                buf = buf[cut:]
                continue
            except json.JSONDecodeError:
                if not eof and _may_continue(decoder, buf):
                    break  # only incomplete so far: read more
                restart = _NEXT_OBJECT.search(buf, 1)
                if restart is None and not eof:
                    break
                cut = len(buf) if restart is None else restart.start()
                yield _Unparsable(buf[:cut].strip()[:80])
                buf = buf[cut:]
                continue
            yield value
            buf = buf[end:]
        if eof:
            return


_NEXT_OBJECT = re.compile(r"\n\s*\{")


def _may_continue(decoder: json.JSONDecoder, buf: str) -> bool:
    """True when the error is only the end of what has been read so far."""
    try:
        decoder.raw_decode(buf)
    except json.JSONDecodeError as exc:
        return exc.pos >= len(buf.rstrip()) - 1
    except RecursionError:  # unreadable however much more comes
        pass
    return False


@dataclass
class _Unparsable:
    text: str
    why: str = "not valid JSON"


@dataclass
class Request:
    game: Game
    start: Position
    moves: list[Any]
    final_only: bool
    choices: dict[int, Any] = field(default_factory=dict)  # added: round choices by ply


def _int_field(raw: dict[str, Any], name: str, default: int | None, choices: tuple[int, ...] | None = None) -> int | None:
    value = raw.get(name, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{name} must be an integer, not {value!r}")
    if choices is not None and value not in choices:
        raise BadRequest(f"{name} must be one of {list(choices)}, not {value}")
    return value


def parse_request(raw: Any, *, remember: bool = False) -> Request:
    """Validate a request; raise BadRequest or VariantError naming what is wrong
    (`remember`: variants validated before come from the cache folder, see
    mancala.rules.remembered)."""
    if isinstance(raw, _Unparsable):
        raise BadRequest(f"{raw.why}: {raw.text!r}")
    if not isinstance(raw, dict):
        raise BadRequest("a request must be a JSON object")
    known = {"config", "starter", "moves", "seed", "position", "output", "choices"}
    extra = sorted(set(raw) - known)
    if extra:
        raise BadRequest(f"unknown request field(s): {', '.join(extra)}")
    if "config" not in raw:
        raise BadRequest("config is required")
    game = _game_for(raw["config"], remember)
    starter = _int_field(raw, "starter", 0, (0, 1))
    seed = _int_field(raw, "seed", None)
    moves = raw.get("moves", [])
    if not isinstance(moves, list):
        raise BadRequest("moves must be a list")
    output = raw.get("output", "all")
    if output not in ("all", "final"):
        raise BadRequest('output must be "all" or "final"')
    position = raw.get("position")
    if position is None:
        start = game.start(starter or 0, seed=seed)
    else:
        start = game.start(starter or 0, seed=seed, **_position_fields(position, game.size))
        _set_bearing(game, start, position.get("bearing"))
    return Request(game, start, moves, output == "final", _choices(raw.get("choices", {})))


def _choices(raw: Any) -> dict[int, Any]:
    """`choices` (our addition to the contract): the round choices of a game played online,
    {"<ply the next round starts at>": {"fill"|"layout"|"own": [...]}} (docs/notation.md)."""
    if not isinstance(raw, dict) or not all(isinstance(k, str) and k.isdigit() for k in raw):
        raise BadRequest('choices must be an object {"<ply>": {"fill"|"layout"|"own": [...]}}')
    return {int(k): v for k, v in raw.items()}


_GAMES: dict[tuple[str, str], Game] = {}


def _game_for(config: Any, remember: bool) -> Game:
    """The rules of a request's variant, built once per distinct config in a batch."""
    # a name or path is its own key (most batches name one variant: no dump per request)
    key = ("name", config) if isinstance(config, str) else ("object", json.dumps(config, sort_keys=True))
    game = _GAMES.get(key)
    if game is None:
        from mancala.engine.game import Game
        from mancala.rules.loading import load_variant

        if len(_GAMES) > 256:
            _GAMES.clear()
        game = _GAMES[key] = Game(load_variant(config, remember=remember))
    return game


def _position_fields(position: Any, size: int) -> dict[str, Any]:
    if not isinstance(position, dict) or "board" not in position:
        raise BadRequest('position must be an object with "board"')
    extra = sorted(set(position) - {"board", "stores", "bearing"})
    if extra:
        raise BadRequest(f"unknown position field(s): {', '.join(extra)}")
    board = position["board"]
    stores = position.get("stores", [0, 0])
    if not (isinstance(board, list) and len(board) == size and all(_count(x) for x in board)):
        raise BadRequest(f"position.board must be a list of {size} seed counts (0 or more)")
    if not (isinstance(stores, list) and len(stores) == 2 and all(_count(x) for x in stores)):
        raise BadRequest("position.stores must be a list of two seed counts")
    seeds = sum(board) + sum(stores)
    if seeds > MAX_POSITION_SEEDS:
        raise BadRequest(f"position holds {seeds} seeds: at most {MAX_POSITION_SEEDS:,} "
                         "on the board and in the stores together")
    return {"board": board, "stores": stores}


def _set_bearing(game: Game, pos: Position, bearing: Any) -> None:
    """position.bearing (our addition to the contract, BearOff only): the game has already
    switched to bearing off, which a board alone cannot say once a hole holds two again."""
    if bearing is None:
        return
    if not isinstance(bearing, bool):
        raise BadRequest("position.bearing must be true or false")
    if not game.bear_off:
        raise BadRequest("position.bearing applies only to game_class BearOff")
    if bearing:
        pos.normal_sow = False
        pos.legal = None  # the legal moves follow the bear-off sow now


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _dump(obj: Any) -> str:
    return json.dumps(obj, separators=(", ", ": "))


def run_request(raw: Any, out: IO[str], err: IO[str], *, c_core: bool = True,
                remember: bool = False) -> int:
    """Answer one request; return its exit status.

    `c_core=False` keeps the C core's replay loop out (the Python loop writes every
    line): tests compare the two.
    """
    from mancala.engine.game import ROUND_KINDS, IllegalMove
    from mancala.state_line import for_game as state_lines_for

    try:
        req = parse_request(raw, remember=remember)
    except VariantError as exc:
        code = "invalid_variant"
        return _fail(out, err, 0, code, str(exc), EXIT_INVALID)
    except BadRequest as exc:
        return _fail(out, err, 0, "bad_request", str(exc), EXIT_INVALID)
    game, pos = req.game, req.start
    lines_of = state_lines_for(game)
    state_line = lines_of.line
    lines: list[str] = []
    emit = lines.append
    applied = 0
    fast = game.fast if c_core and pos.outcome is None and lines_of.plain(pos) else None
    if fast is not None:
        # the C core plays every move it can and writes their lines; the loop below
        # takes over at a move it did not play (to report it, or to play it)
        text, applied = fast.replay(pos, req.moves, req.final_only, lines_of.middle, lines_of.outcomes)
        if req.final_only:
            last = text
        else:
            emit(text)
            last = ""
    else:
        last = state_line(pos)
        if not req.final_only:
            emit(last)
    status = EXIT_OK
    error: dict[str, str] | None = None
    for index in range(applied, len(req.moves)):
        move = req.moves[index]
        if pos.outcome is not None:
            break
        try:
            pos = game.play(pos, move)
        except IllegalMove as exc:
            message = f"move {index} ({json.dumps(move)}): {exc}"
            error = {"code": "illegal_move", "message": message}
            err.write(f"illegal move: {message}\n")
            status = EXIT_ILLEGAL
            break
        applied += 1
        last = state_line(pos)
        if not req.final_only:
            emit(last)
        if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
            try:
                nxt = advance_round(game, pos, req.choices.get(applied))
            except IllegalMove as exc:
                message = f"round choice at ply {applied}: {exc}"
                error = {"code": "illegal_move", "message": message}
                err.write(f"illegal round choice: {message}\n")
                status = EXIT_ILLEGAL
                break
            if nxt is None:
                break  # a player chooses the next layout (no move form here): the replay ends
            pos = nxt
            last = state_line(pos)
            if not req.final_only:
                emit(last)
    if req.final_only:
        emit(last)
    if error:
        emit(_dump({"end": True, "moves": applied, "error": error}))
    else:
        emit(f'{{"end": true, "moves": {applied}}}')  # what _dump writes, without its cost
    out.write("\n".join(lines) + "\n")
    return status


def advance_round(game: Game, pos: Position, choice: Any = None) -> Position | None:
    """The next round's start after a ROUND_* line, or None where the replay ends: with
    round_fill UCHOOSE, UMOVE or UCHOWN unless the request's `choices` gives the player's
    choice (an illegal one raises IllegalMove), where the next round starts from something
    no replay reproduces (random numbers, a LOSER_ONLY layout), or when it cannot start."""
    from mancala.engine.game import IllegalMove

    if game.user_fill and choice is not None and not game.next_round_outside(pos):
        return game.next_round(pos, choice)
    if game.user_fill or game.next_round_outside(pos):
        return None
    try:
        return game.next_round(pos)
    except IllegalMove:
        return None


def _fail(out: IO[str], err: IO[str], moves: int, code: str, message: str, status: int) -> int:
    out.write(_dump({"end": True, "moves": moves, "error": {"code": code, "message": message}}) + "\n")
    err.write(f"{code.replace('_', ' ')}: {message}\n")
    return status


def std_streams(stdin: IO[str] | None, stdout: IO[str] | None,
                stderr: IO[str] | None) -> tuple[IO[str], IO[str], IO[str]]:
    """The streams given, else the process's own; a process started without one (sys
    streams are None then) stops with a word rather than an AttributeError later."""
    chosen = (stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    if chosen[0] is None or chosen[1] is None or chosen[2] is None:
        raise SystemExit("mancala: this process has no standard input, output or error")
    return chosen[0], chosen[1], chosen[2]


def main(stdin: IO[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None,
         *, remember: bool = True) -> int:
    """`mancala replay`: every request on stdin answered in turn. Variants validated by an
    earlier run come from the cache folder (`remember`; MANCALA_CACHE_DIR=off: never)."""
    stdin, stdout, stderr = std_streams(stdin, stdout, stderr)
    worst = EXIT_OK
    for raw in iter_json_objects(stdin):
        status = run_request(raw, stdout, stderr, remember=remember)
        if status == EXIT_INVALID or (status == EXIT_ILLEGAL and worst == EXIT_OK):
            worst = status
        stdout.flush()
    return worst
