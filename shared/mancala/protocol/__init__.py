"""The wire protocol mancala.v1: typed messages and their JSON/msgpack codecs."""

PROTOCOL = "mancala.v1"
