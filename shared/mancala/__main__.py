"""`python -m mancala replay` and `python -m mancala ai`: the two commands of the
contracts (contracts/replay.md asks for the first), answered by the core itself.

Every other command (serve, play, show, arena, ...) belongs to the command line, which
sits above the core, the server and the clients: `mancala ...`, or
`python -m mancala_cli ...`. The core imports none of them.
"""

import sys


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "replay" and len(argv) == 1:
        from mancala.replay import main as replay

        return replay()
    if command == "ai" and len(argv) == 1:
        from mancala.ai_requests import main as answer

        return answer()
    print("usage: python -m mancala replay|ai < requests.jsonl\n"
          "(every other command: mancala ..., or python -m mancala_cli ...)", file=sys.stderr)
    return 64


raise SystemExit(main(sys.argv[1:]))
