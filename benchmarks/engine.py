"""Engine benchmark from a checkout: the same as `mancala bench` (see cli/mancala_cli/bench.py).

    python -m benchmarks.engine [--seconds S] [--seed N] [--variant NAME] [--json]
"""

from __future__ import annotations

import sys

from mancala_cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", *sys.argv[1:]]))
