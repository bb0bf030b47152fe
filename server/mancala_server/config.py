"""Server settings: defaults, then environment (MANCALA_*), then command-line flags."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8080
    data_dir: Path = field(default_factory=lambda: Path("data"))
    # a disconnected player may come back with the token; after this they forfeit
    abandon_timeout: float = 120.0
    # seconds a player of a timed game has for their first move; no clock runs until both
    # players have moved, and a first move not made in time aborts the game (match.py)
    first_move_timeout: float = 30.0
    # seconds a player has to choose the next round's layout (round_fill UCHOOSE, UMOVE,
    # UCHOWN); then the rules' own layout is played (room_choice.py). 0: no deadline
    round_choice_timeout: float = 60.0
    # a room nobody is connected to is dropped from memory after this
    empty_room_ttl: float = 600.0
    # protocol limits
    max_message: int = 16 * 1024  # bytes; larger frames get `too_large`
    hard_max_frame: int = 1024 * 1024  # larger frames close the connection (1009)
    rate_per_second: float = 20.0
    rate_burst: int = 40
    send_queue: int = 512  # frames queued for a client before it is dropped as too slow
    send_timeout: float = 10.0
    # threads that write a frame to a big room's sockets beside the event loop's thread
    # (server/mancala_server/fanout.py); -1: one per other CPU the process may use, at most 3
    fanout_threads: int = -1
    # seconds between lobby pushes: a room's changes within one interval make one update
    lobby_interval: float = 0.25
    # computer opponents: search processes and the most a move may take
    computer_workers: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    computer_cap_ms: int = 2000
    # how much lower the search processes run than the server (os.nice increment; 0: same)
    computer_niceness: int = 10

    # custom variants: their rules run in these processes, each request within the limit,
    # at this much lower priority than the server (as the computer's searches)
    rules_workers: int = 2
    rules_time_limit: float = 2.0
    rules_niceness: int = 10
    # the built-in variants' files; empty: the package's configs/. For tests, which change
    # a variant's file between two runs over one database (catalogue.py)
    configs_dir: str = ""
    # searches people ask for over HTTP (one-turn lines, analyses): processes of their own,
    # apart from the computer opponents', at a lower priority still; at most
    # `search_queue` more wait, and a request past that is answered 503 at once
    search_workers: int = 1
    search_queue: int = 4
    search_niceness: int = 15
    # Jackman's challenge (/api/variants/{name}/one-turn): seconds the search for a
    # variant's best first turn may take in an on-demand search process
    one_turn_time_limit: float = 30.0
    # analysis of a stored game's position (/api/games/{id}/analysis): the time for the
    # solver and then the search, in a computer player's process, and the searches an
    # address may ask for (a second, and at once); answers already given are free
    analysis_budget_ms: int = 1000
    analysis_rate: float = 0.2
    analysis_burst: int = 10
    # moves of room_states (spectate, reconnect) a connection may catch up on, a second
    # and at once (catch_up.py)
    catch_up_rate: float = 2000.0
    catch_up_burst: int = 6000
    # and all the connections of one address together (several people may share one)
    catch_up_address_rate: float = 8000.0
    catch_up_address_burst: int = 24000
    # the move limit of one game (move_cap.py): this many moves a seed in play, at least
    # `move_cap_minimum`; a game the rules have not ended by then ends there
    move_cap_per_seed: int = 50
    move_cap_minimum: int = 1000
    # quotas: open (unfinished) rooms a connection / an address may have created, and how
    # many of those may have a computer opponent (its searches take CPU from everyone)
    rooms_per_client: int = 5
    rooms_per_address: int = 20
    computer_rooms_per_client: int = 2
    computer_rooms_per_address: int = 4
    # a room still waiting for an opponent, or with no move, for this long is closed even
    # while its creator stays connected
    idle_room_ttl: float = 1800.0
    # HTTP requests per second per address (and the burst allowed)
    http_rate: float = 20.0
    http_burst: int = 60
    # websocket upgrades from a browser page: allowed Origin values, comma separated;
    # empty: only pages served by this server (Origin host = Host); clients that send no
    # Origin (terminal client, programs) are not browsers and are let in
    allowed_origins: str = ""
    # reverse proxies whose header names the client (addresses or networks, comma
    # separated; client_address.py): from these only, the quotas per address count the
    # address in `proxy_header` ("x-forwarded-for" or "forwarded"); empty: no proxy is
    # believed, every connection is counted as the address it comes from
    trusted_proxies: str = ""
    proxy_header: str = "x-forwarded-for"
    # log lines: "text" (for people) or "json" (one JSON object a line, for log collectors)
    log_format: str = "text"

    # ---- competitive play (docs/competitive.md) -------------------------------------------
    # chat lines a second per person (a known player, or a guest's address), wherever they
    # say them, and the burst allowed; and per address (rate_limits.py)
    chat_rate: float = 0.5
    chat_burst: int = 5
    chat_address_rate: float = 2.0
    chat_address_burst: int = 20
    # challenges a second per player and per address, the burst allowed; challenges open at
    # once to one player, and by one player
    challenge_rate: float = 0.2
    challenge_burst: int = 5
    challenge_address_rate: float = 0.5
    challenge_address_burst: int = 10
    challenges_open_to: int = 10
    challenges_open_by: int = 5
    # words the chat filter masks, comma separated (the server-side word filter hook)
    chat_blocklist: str = ""
    # an unanswered challenge expires after this; a transfer code after this
    challenge_ttl: float = 600.0
    # new players (identify without a secret) an address may register: a second on
    # average, and at once
    register_rate: float = 1 / 60
    register_burst: int = 10
    transfer_ttl: float = 600.0
    # tournaments (docs/tournaments.md): the identities one address may enter in one
    # tournament (a crowd of accounts is not a field of players)
    tourney_entries_per_address: int = 4
    # a tournament player connected but away from their game this long is seated in it again
    tourney_recall_after: float = 5.0
    # the site's own tournaments, e.g. "kalah_4 arena every 60 for 30 clock 3+2"
    # (tourney_schedule.py); empty: none
    tourney_schedule: str = ""

    # ---- scale-out (docs/scale-out.md): both set, or neither ------------------------------
    # redis://HOST:PORT/DB: leases, routing between nodes, the shared lobby
    redis_url: str = ""
    # postgresql://USER@HOST:PORT/DB: games, seats and moves (instead of SQLite)
    database_url: str = ""
    # this node's name in the cluster (logs, metrics); empty: a random one at each start
    node_id: str = ""
    # a node that has not renewed its lease for this long is taken for dead: its rooms are
    # taken over by the others from the database
    node_lease: float = 3.0
    # key and channel prefix in Redis: several clusters may share one Redis
    cluster_name: str = "mancala"
    # how long a node waits for the owner of a room to answer a forwarded request
    forward_timeout: float = 10.0
    # how long a shared limit waits for Redis before the node counts alone for a second
    # (cluster_limits.py): a person's request is not held up by a slow Redis
    limits_redis_timeout: float = 0.25

    ENV = {"host": "MANCALA_HOST", "port": "MANCALA_PORT", "data_dir": "MANCALA_DATA_DIR"}

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: Any) -> Settings:
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            name = cls.ENV.get(f.name, f"MANCALA_{f.name.upper()}")
            if name in env:
                values[f.name] = _convert(f.name, env[name])
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)

    @property
    def db_path(self) -> Path:
        return self.data_dir / "mancala.sqlite3"

    @property
    def scale_out(self) -> bool:
        """Many nodes on Redis and PostgreSQL (both URLs set) instead of one with SQLite."""
        return bool(self.redis_url or self.database_url)


def _convert(name: str, raw: str) -> Any:
    default = getattr(Settings(), name)
    if isinstance(default, Path):
        return Path(raw)
    if isinstance(default, bool):
        return raw.lower() in ("1", "true", "yes")
    if isinstance(default, int):
        return int(raw)
    if isinstance(default, float):
        return float(raw)
    return raw
