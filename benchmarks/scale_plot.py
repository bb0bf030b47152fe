"""The scale-out latency plot of docs/performance.md, from load.py --json results.

    python -m benchmarks.scale_plot docs/scale-latency.svg "1 node=one.json" "3 nodes=three.json" ...

One group of bars per percentile (move sent -> last spectator), one bar per run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mancala_cli.svgplot import grouped_bars

KEYS = ["p50", "p90", "p99", "max"]


def main(argv: list[str]) -> int:
    out, runs = Path(argv[0]), argv[1:]
    series = {}
    for run in runs:
        label, path = run.split("=", 1)
        result = json.loads(Path(path).read_text())[0]
        # whole milliseconds: six bars' labels side by side stay readable
        series[label] = [float(round(result["latency_ms"].get(k, 0.0))) for k in KEYS]
    out.write_text(grouped_bars("Move sent -> last spectator (think 500 ms)", KEYS, series, unit="ms", log=True,
                                width=900, height=360))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
