"""What a node counts, for /metrics in the Prometheus text format (prometheus-client).

One registry per server (tests run several servers in one process; the library's
global registry would mix them). Gauges that are a count of something the hub holds
are read when scraped, so the hot paths only count moves and time a few things.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

CONTENT_TYPE = CONTENT_TYPE_LATEST
# move -> last recipient on a node: milliseconds on one node, tens across nodes; finer
# from 10 to 50 ms, where a room of a thousand spectators lands (a p99 read from the
# histogram is interpolated within its bucket: 25-50 ms in one bucket made a 27 ms p99
# read as 45)
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.035, 0.04, 0.045, 0.05,
                   0.075, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
COMMIT_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1.0)


class Metrics:
    def __init__(self, node: str) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.info = Gauge("mancala_node_info", "This node (value 1), labelled with its name",
                          ["node"], registry=r)
        self.info.labels(node=node).set(1)
        self.sockets = Gauge("mancala_sockets", "Game sockets open on this node", registry=r)
        self.rooms = Gauge("mancala_rooms", "Rooms this node owns (in memory)", registry=r)
        self.lobby = Gauge("mancala_lobby_subscribers", "Sockets subscribed to the lobby on this node", registry=r)
        self.moves = Counter("mancala_moves", "Moves accepted by the rooms this node owns "
                                              "(rate() of it is moves per second)", registry=r)
        self.fanout = Histogram("mancala_move_fanout_seconds",
                                "From a move's arrival to its move_made handed to the last of this node's "
                                "sockets in the room", buckets=LATENCY_BUCKETS, registry=r)
        self.commit = Histogram("mancala_store_commit_seconds", "One write to the store, until committed",
                                buckets=COMMIT_BUCKETS, registry=r)
        self.search_queue = Gauge("mancala_search_queue", "Computer-opponent searches waiting for a worker",
                                  registry=r)
        self.searching = Gauge("mancala_searches_running", "Computer-opponent searches running", registry=r)
        self.forwarded = Counter("mancala_forwarded_requests", "Requests forwarded to the room's owner node",
                                 registry=r)
        self.takeovers = Counter("mancala_room_takeovers", "Rooms this node took over from the database",
                                 registry=r)

    def watch(self, sockets: Callable[[], int], rooms: Callable[[], int], lobby: Callable[[], int],
              queued: Callable[[], int], running: Callable[[], int]) -> None:
        """Gauges read from the hub when scraped."""
        self.sockets.set_function(sockets)
        self.rooms.set_function(rooms)
        self.lobby.set_function(lobby)
        self.search_queue.set_function(queued)
        self.searching.set_function(running)

    def text(self) -> bytes:
        return generate_latest(self.registry)
