"""`python -m mancala ...` runs the `mancala` command (contracts/replay.md asks for it).

The command line sits above the core, so it is found by name when run, not imported by
the core: `mancala` itself depends on nothing of the command line, server or clients.
"""

import importlib

raise SystemExit(importlib.import_module("mancala_cli").main())
