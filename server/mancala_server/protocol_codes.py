"""Close codes of the game socket that more than one module sends (docs/protocol.md)."""

# the room's server node went away: reconnect (to any node) and find the room where it
# went (RFC 6455's 1012, "service restart")
MOVED = 1012
