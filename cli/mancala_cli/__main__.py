"""`python -m mancala_cli ...`: the `mancala` command, run by the interpreter."""

from mancala_cli import main

raise SystemExit(main())
