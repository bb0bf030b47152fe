"""Grouped bar charts as standalone SVG, for the benchmarks' pictures in docs/
(`benchmarks/load.py --plot`).

No plotting package: the project's dependencies stay what they are, and an SVG file
diffs and renders on any code host.

    svg = grouped_bars("Move latency", ["p50", "p99"], {"K=0": [3.2, 11.0], "K=20": [4.4, 23.8]},
                       unit="ms", log=True)
"""

from __future__ import annotations

import math
from html import escape

COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948")


def _ticks(top: float, log: bool) -> list[float]:
    if log:
        out, v = [], 1.0
        while v <= top * 1.0001:
            out.append(v)
            v *= 10
        return out
    step = 10 ** math.floor(math.log10(top)) if top > 0 else 1
    if top / step < 3:
        step /= 2
    return [i * step for i in range(int(top / step) + 1)]


def grouped_bars(title: str, groups: list[str], series: dict[str, list[float]], *, unit: str = "",
                 log: bool = False, width: int = 640, height: int = 320) -> str:
    """One group of bars per entry of `groups`, one bar per series in each (a value per
    group, in the order of `groups`), a legend, the values on the bars; `log` draws the
    y axis in decades (values below 1 sit on the axis)."""
    left, right, top_pad, bottom = 56, 16, 40, 48
    plot_w, plot_h = width - left - right, height - top_pad - bottom
    values = [v for vs in series.values() for v in vs]
    top = max(values + [1.0])
    if log:
        top = 10 ** math.ceil(math.log10(top))

    def y(v: float) -> float:
        if log:
            frac = math.log10(max(v, 1.0)) / math.log10(top) if top > 1 else 0.0
        else:
            frac = v / top if top else 0.0
        return top_pad + plot_h * (1 - frac)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">{escape(title)}</text>']
    for t in _ticks(top, log):
        ty = y(t)
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end">{t:g}</text>')
    out.append(f'<text x="14" y="{top_pad + plot_h / 2}" transform="rotate(-90 14 {top_pad + plot_h / 2})" '
               f'text-anchor="middle">{escape(unit)}{" (log)" if log else ""}</text>')
    group_w = plot_w / max(1, len(groups))
    bar_w = group_w * 0.8 / max(1, len(series))
    for gi, group in enumerate(groups):
        gx = left + gi * group_w + group_w * 0.1
        for si, (name, vs) in enumerate(series.items()):
            v = vs[gi]
            x, top_y = gx + si * bar_w, y(v)
            colour = COLOURS[si % len(COLOURS)]
            out.append(f'<rect x="{x:.1f}" y="{top_y:.1f}" width="{bar_w - 2:.1f}" '
                       f'height="{top_pad + plot_h - top_y:.1f}" fill="{colour}"><title>{escape(name)}: '
                       f'{v:g} {escape(unit)}</title></rect>')
            out.append(f'<text x="{x + (bar_w - 2) / 2:.1f}" y="{top_y - 3:.1f}" text-anchor="middle" '
                       f'font-size="10">{v:g}</text>')
        out.append(f'<text x="{left + gi * group_w + group_w / 2:.1f}" y="{top_pad + plot_h + 16}" '
                   f'text-anchor="middle">{escape(group)}</text>')
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{top_pad + plot_h}" y2="{top_pad + plot_h}" '
               f'stroke="#333"/>')
    lx = left
    for si, name in enumerate(series):
        ly = height - 14
        out.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{COLOURS[si % len(COLOURS)]}"/>')
        out.append(f'<text x="{lx + 16}" y="{ly}">{escape(name)}</text>')
        lx += 24 + 8 * len(name)
    out.append("</svg>")
    return "\n".join(out) + "\n"
