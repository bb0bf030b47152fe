"""Each computer level against the one below, on every shipped variant: the level table.

For each variant in configs/ (the shipped catalogue; configs/held/ is not shipped) the
levels play the next one up: medium against easy, hard against medium, expert against
hard (with --perfect also perfect against expert). A pair is computer_ratings.py's
match (mancala.ai.arena: games in pairs sharing a random opening, sides swapped), with
every move's search stopped at --cap-ms at the latest, the way the server's
`computer_cap_ms` caps a room's computer (choose_move's cap_ms: the level keeps its own
depth and stops earlier only when the cap runs out), and every game stopped after
--plies moves and scored by the stores, so that a loop cannot hang the run. A few
variants open from the start position instead of random plies (OPENINGS, † in the
table); a pair that the variant's `player` settings make one player is marked `=`.

Resumable: each finished pair is merged into --out (JSON, committed) under a key made of
the variant, the pair, the game count, the cap, the ply limit and the seed; with
--only-missing the pairs already there are not played again, so a long run stopped at
any point continues where it stopped. --table prints the Markdown table from the file
without playing, --ratings the ratings the scores imply. --variants (in that order),
--most-played (MOST_PLAYED) and --families (game_info.family) choose the variants.
--recheck 10 --games 40 plays again, over 40 games, the pairs that a 10-game run put
under the bar (10 games find candidates; more decide whether a level is merged).

    python -m benchmarks.level_table --variants kalah_4,congkak --games 10
    python -m benchmarks.level_table --most-played --only-missing --ratings
    nice -n 10 python -m benchmarks.level_table --only-missing > /tmp/levels.log 2>&1 &
    python -m benchmarks.level_table --table --markdown docs-table.md
    python -m benchmarks.level_table --recheck 10 --games 40 --budget-s 120 \
        --out benchmarks/results/level_table_40.json --only-missing
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import sys
import time
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.computer_ratings import ANCHOR, ANCHOR_RATING, gap, play_pair
from mancala.ai.arena import DEFAULT_OPENING

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = ROOT / "configs"
DEFAULT_OUT = ROOT / "benchmarks" / "results" / "level_table.json"
LEVELS = ["easy", "medium", "hard", "expert"]
THRESHOLD = 0.65  # the bar: a level scores at least this against the one below

# Variants whose pairs start from the start position instead of DEFAULT_OPENING random
# plies: in Congkak and the seven-hole Dakon games one random relay sowing unbalances
# the board so much that the side it favours won both games of a pair whoever played it
# (Dakon: 5 pairs of 5 split, expert 50 % against hard; from the start 95 %; see
# docs/competitive.md, "Congkak"). The players' own seeds still vary the games.
OPENINGS: dict[str, int] = {v: 0 for v in ("congkak", "dakon", "congklak", "sungka", "chongka")}

# "Most played" has no record in this project (no game counts by variant), so the 20 most
# played are taken as the lobby's default and quick-pairing games (kalah_4, oware_abapa,
# kalah, toguz_kumalak), the variants the ratings table already measures, and the best
# known traditional games of the catalogue after them.
MOST_PLAYED = ["kalah_4", "oware_abapa", "kalah", "toguz_kumalak", "awari", "bohnenspiel", "bao",
               "congkak", "ayoayo", "wari", "dakon", "congklak", "sungka", "chongka", "pallanguli",
               "enkeshui", "gabata", "songo", "mangala", "tchuka_ruma"]


@dataclass(frozen=True)
class Setting:
    """What a pair's record depends on besides the variant and the pair: its key."""

    games: int
    cap_ms: int
    plies: int
    seed: int


def pairs(perfect: bool) -> list[tuple[str, str]]:
    """(upper, lower) for each level and the one below it, bottom first."""
    ladder = LEVELS + (["perfect"] if perfect else [])
    return [(upper, lower) for lower, upper in zip(ladder, ladder[1:], strict=False)]


def opening_of(variant: str) -> int:
    return OPENINGS.get(variant, DEFAULT_OPENING)


def record_key(variant: str, upper: str, lower: str, s: Setting) -> str:
    # every input that changes the games is in the key: a run with other settings adds
    # records beside these rather than mixing with them (the opening only where it is
    # not the default, so that the records made before OPENINGS keep their keys)
    opening = opening_of(variant)
    tail = "" if opening == DEFAULT_OPENING else f"|opening={opening}"
    return f"{variant}|{upper}>{lower}|games={s.games}|cap={s.cap_ms}ms|plies={s.plies}|seed={s.seed}{tail}"


def load_results(path: Path) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    return dict(data.get("records", {}))


def merge(records: dict[str, dict[str, Any]], key: str, record: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The records with `record` under `key` (a new measurement replaces an old one)."""
    out = dict(records)
    out[key] = record
    return out


def save_results(path: Path, records: dict[str, dict[str, Any]]) -> None:
    """Written to a temporary file and renamed: a run killed mid-write loses nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"records": dict(sorted(records.items()))}, indent=1) + "\n")
    os.replace(tmp, path)


def catalogue() -> list[str]:
    """The shipped variants: configs/*.json (configs/held/ is a folder, not matched)."""
    return sorted(p.stem for p in CONFIGS.glob("*.json"))


def family_of(variant: str) -> str:
    info = json.loads((CONFIGS / f"{variant}.json").read_text()).get("game_info", {})
    return str(info.get("family", ""))


def select(requested: Iterable[str], families: Iterable[str], available: list[str]) -> list[str]:
    """The variants to play, in the order asked (the catalogue's when none is named);
    `families`: substrings of game_info.family, one of which must match."""
    names = [v.strip() for v in requested if v.strip()] or available
    unknown = [v for v in names if v not in available]
    if unknown:
        raise SystemExit(f"level_table: not in configs/: {', '.join(unknown)}")
    wanted = [f.lower() for f in families if f.strip()]
    if wanted:
        names = [v for v in names if any(f in family_of(v).lower() for f in wanted)]
    return list(dict.fromkeys(names))


def level_settings(variant: str, level: int) -> tuple[Any, ...]:
    """What decides a level's search (mancala.ai.player's reading of the `player` section):
    two levels with the same are one player, whatever the games say."""
    from mancala.ai import player
    from mancala.engine.game import Game
    from mancala.rules.loading import load_variant

    return player.level_settings(Game(load_variant(variant)), level)


def plays_digest(variant: str, upper: str, lower: str, *, before_digests: bool = False) -> str:
    """What the pair's record depends on besides its key: both levels' settings, how the
    search scores a round's end and how a game stopped at the ply cap is adjudged. A
    record whose digest is not today's describes levels (or a scoring) that changed since:
    a merge, easy's noise, the search. `before_digests`: the digest of a record made
    before records carried one (round ends scored as won games, capped games by the
    stores alone; levels as the variant's file has them now)."""
    from mancala.ai import player
    from mancala.ai.arena import adjudication
    from mancala.ai.scoring import round_end_rule
    from mancala.engine.game import Game
    from mancala.rules.loading import load_variant

    game = Game(load_variant(variant))
    upper_plays, lower_plays = (player.level_settings(game, LEVELS.index(level)) for level in (upper, lower))
    searches = upper_plays[0] == "search" or lower_plays[0] == "search"  # Monte Carlo scores no round end
    played = (upper_plays, lower_plays,
              round_end_rule(game) if searches and not before_digests else "game",
              "stores" if before_digests else adjudication(game))
    return hashlib.sha256(repr(played).encode()).hexdigest()[:12]


def current(record: dict[str, Any] | None, digest: str) -> dict[str, Any] | None:
    """The record if it describes the levels as they are (or predates digests), else None."""
    if record is None or record.get("plays", digest) != digest:
        return None
    return record


def same_players(variant: str) -> list[tuple[str, str]]:
    """The (upper, lower) pairs that the variant's settings make one player."""
    return [(upper, lower) for upper, lower in pairs(False)
            if level_settings(variant, LEVELS.index(upper)) == level_settings(variant, LEVELS.index(lower))]


def cell(record: dict[str, Any] | None, same: bool = False) -> str:
    """`80% (49-94)`, flagged when under the bar; `-` when not measured; `=` marks a
    pair that the variant's settings make one player."""
    if same:
        return "= " + (cell(record) if record is not None else "")
    if record is None:
        return "-"
    low, high = record["ci"]
    text = f"{record['score']:.0%} ({low:.0%}-{high:.0%})"
    return f"**{text}** ⚠" if record["score"] < THRESHOLD else text


def markdown(records: dict[str, dict[str, Any]], variants: list[str], s: Setting, perfect: bool) -> str:
    """One row a measured variant; a cell is the upper level's score with its 95% Wilson
    interval; rows with nothing measured under these settings are left out."""
    ps = pairs(perfect)
    head = " | ".join(f"{u} vs {lo}" for u, lo in ps)
    lines = [f"Each cell: the upper level's score over {s.games} games (draws half) with its 95% Wilson "
             f"interval; every move capped at {s.cap_ms} ms as the server's `computer_cap_ms` caps a "
             f"room's computer, games stopped at {s.plies} moves and scored by the stores, seed {s.seed}; "
             f"pairs of games open with {DEFAULT_OPENING} random plies (†: none); ⚠: under {THRESHOLD:.0%}; "
             "=: the variant's `player` settings make the two levels one player.", "", f"| variant | {head} |", "| --- |" + " --- |" * len(ps)]
    for v in variants:
        row = [records.get(record_key(v, u, lo, s)) for u, lo in ps]
        if any(r is not None for r in row):
            mark = "" if opening_of(v) == DEFAULT_OPENING else " †"
            same = same_players(v)
            lines.append(f"| `{v}`{mark} | " + " | ".join(cell(r, pair in same) for r, pair in zip(row, ps, strict=True))
                         + " |")
    return "\n".join(lines)


def ratings(records: dict[str, dict[str, Any]], variant: str, s: Setting) -> dict[str, float] | None:
    """The levels' ratings from the pairs' scores, as computer_ratings.py chains them
    (medium at 1500; a sweep counts half a game short of it): None until all are measured."""
    found = [records.get(record_key(variant, u, lo, s)) for u, lo in pairs(False)]
    if any(r is None for r in found):
        return None
    out = {ANCHOR: ANCHOR_RATING}
    for (upper, lower), r in zip(pairs(False), found, strict=True):
        assert r is not None
        step = gap(r["score"] * r["games"], r["games"])
        if upper == ANCHOR:
            out[lower] = out[upper] - step
        else:
            out[upper] = out[lower] + step
    return {level: out[level] for level in LEVELS}


def ratings_markdown(records: dict[str, dict[str, Any]], variants: list[str], s: Setting) -> str:
    lines = ["| variant | " + " | ".join(LEVELS) + " |", "| --- |" + " ---: |" * len(LEVELS)]
    for v in variants:
        r = ratings(records, v, s)
        if r is not None:
            lines.append(f"| `{v}` | " + " | ".join(f"{r[level]:.0f}" for level in LEVELS) + " |")
    return "\n".join(lines)


def under_bar(records: dict[str, dict[str, Any]], variants: list[str], s: Setting,
              perfect: bool) -> list[tuple[str, str, str, float]]:
    """(variant, upper, lower, score) of every measured pair scoring under the bar."""
    out = []
    for v in variants:
        for u, lo in pairs(perfect):
            r = records.get(record_key(v, u, lo, s))
            if r is not None and r["score"] < THRESHOLD:
                out.append((v, u, lo, r["score"]))
    return out


def todo(variants: list[str], s: Setting, perfect: bool, records: dict[str, dict[str, Any]],
         only_missing: bool, uppers: Collection[str] = ()) -> list[tuple[str, str, str]]:
    """The (variant, upper, lower) still to play (only the pairs led by `uppers`, if named).
    With `only_missing`, a pair the settings make one player is not missing: nothing a
    match between a player and itself says (a merge's lower pair) is worth its time."""
    return [(v, u, lo) for v in variants for u, lo in pairs(perfect)
            if not (only_missing and (measured(records, v, u, lo, s) or (u, lo) in same_players(v)))
            and (not uppers or u in uppers)]


def measured(records: dict[str, dict[str, Any]], variant: str, upper: str, lower: str, s: Setting) -> bool:
    """Whether `records` hold the pair as its levels play today (a stale record does not count)."""
    record = records.get(record_key(variant, upper, lower, s))
    return record is not None and current(record, plays_digest(variant, upper, lower)) is not None


def rechecks(records: dict[str, dict[str, Any]], variants: list[str], earlier: Setting, now: Setting,
             budget_s: float | None = None) -> list[tuple[str, str, str]]:
    """The pairs to play again at `now`'s game count: those whose `earlier` record is under
    the bar and that the settings do not make one player (those are merged already),
    cheapest first; with `budget_s`, only those whose earlier time, scaled to the new
    game count, stays within it (a slow variant's pair can take an hour at 40 games)."""
    scale = now.games / max(1, earlier.games)
    found = []
    for v, u, lo, _ in under_bar(records, variants, earlier, False):
        if (u, lo) in same_players(v):
            continue
        seconds = float(records[record_key(v, u, lo, earlier)].get("seconds", 0.0)) * scale
        if budget_s is None or seconds <= budget_s:
            found.append((seconds, v, u, lo))
    return [(v, u, lo) for _, v, u, lo in sorted(found)]


def bar(done: int, total: int, started: float, width: int = 30) -> str:
    fill = width * done // max(1, total)
    secs = time.monotonic() - started
    eta = secs / done * (total - done) if done else 0.0
    return f"[{'#' * fill}{'.' * (width - fill)}] {done}/{total} pairs, {secs:.0f} s, about {eta:.0f} s left"


def run(work: list[tuple[str, str, str]], s: Setting, out: Path, jobs: int) -> None:
    """Play each pair and merge it into `out` at once: a stop loses one pair at most."""
    started = time.monotonic()
    for i, (variant, upper, lower) in enumerate(work):
        print(bar(i, len(work), started), f"now {variant}: {upper} vs {lower}", file=sys.stderr, flush=True)
        try:
            record = play_pair(variant, upper, lower, s.games, seed=s.seed, jobs=jobs, cap_ms=s.cap_ms,
                               plies=s.plies, opening=opening_of(variant))
        except Exception as exc:  # one broken variant must not stop the long run: noted, skipped
            print(f"{variant}: {upper} vs {lower} failed: {exc!r}", flush=True)
            continue
        record |= {"variant": variant, "cap_ms": s.cap_ms, "plies": s.plies, "seed": s.seed,
                   "opening": opening_of(variant), "plays": plays_digest(variant, upper, lower),
                   "load": round(os.getloadavg()[0], 2),
                   "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")}
        # read again before writing: another run may have added records meanwhile
        save_results(out, merge(load_results(out), record_key(variant, upper, lower, s), record))
        flag = "  < 65 %" if record["score"] < THRESHOLD else ""
        print(f"{variant}: {upper} vs {lower} +{record['wins']} ={record['draws']} -{record['losses']} "
              f"{record['score']:.0%} ({record['ci'][0]:.0%}-{record['ci'][1]:.0%}), "
              f"{record['seconds']:.0f} s{flag}", flush=True)
    print(bar(len(work), len(work), started), file=sys.stderr, flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--variants", default="", help="comma-separated variants, in this order (default: all)")
    p.add_argument("--most-played", action="store_true", help="the 20 most played variants (see MOST_PLAYED)")
    p.add_argument("--families", default="", help="comma-separated substrings of game_info.family")
    p.add_argument("--games", type=int, default=10, help="games a pair (even: sides swapped; default 10)")
    p.add_argument("--cap-ms", type=int, default=100, help="each move's search stops here at the latest")
    p.add_argument("--plies", type=int, default=400, help="moves before a game is scored by the stores")
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--perfect", action="store_true", help="also perfect against expert")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--only-missing", action="store_true",
                   help="skip the pairs --out holds as their levels play today (stale records are played again)")
    p.add_argument("--uppers", default="",
                   help="comma-separated upper levels: play only their pairs (e.g. expert: expert vs hard)")
    p.add_argument("--recheck", type=int, default=0, metavar="GAMES",
                   help="play again at --games the pairs under the bar in --from's GAMES-game records")
    p.add_argument("--from", dest="source", type=Path, default=DEFAULT_OUT,
                   help="with --recheck: the records read (default: the results file)")
    p.add_argument("--budget-s", type=float, help="with --recheck: skip pairs projected past this many seconds")
    p.add_argument("--table", action="store_true", help="only print the table from --out")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT)
    p.add_argument("--markdown", type=Path, help="also write the Markdown table here")
    p.add_argument("--ratings", action="store_true", help="also the ratings the scores imply")
    args = p.parse_args()

    setting = Setting(args.games, args.cap_ms, args.plies, args.seed)
    requested = MOST_PLAYED if args.most_played else args.variants.split(",")
    variants = select(requested, args.families.split(","), catalogue())
    if not args.table:
        uppers = [u for u in args.uppers.split(",") if u]
        unknown = sorted(set(uppers) - {u for u, _ in pairs(True)})
        if unknown:
            p.error(f"--uppers: no level {', '.join(unknown)} leads a pair")
        if args.recheck:
            earlier = Setting(args.recheck, args.cap_ms, args.plies, args.seed)
            done = load_results(args.out)
            work = [w for w in rechecks(load_results(args.source), variants, earlier, setting, args.budget_s)
                    if not (args.only_missing and measured(done, *w, setting))]
        else:
            work = todo(variants, setting, args.perfect, load_results(args.out), args.only_missing, uppers)
        print(f"{len(variants)} variants, {len(work)} pairs to play, {args.games} games a pair, "
              f"cap {args.cap_ms} ms a move, {args.jobs} job(s), load {os.getloadavg()[0]:.1f}", flush=True)
        run(work, setting, args.out, args.jobs)
    records = load_results(args.out)
    text = markdown(records, variants, setting, args.perfect)
    low = under_bar(records, variants, setting, args.perfect)
    shown = sum(1 for v in variants if any(record_key(v, u, lo, setting) in records
                                              for u, lo in pairs(args.perfect)))
    print(f"\n{text}\n\n{shown} variants measured; {len(low)} pairs under {THRESHOLD:.0%}: "
          + (", ".join(f"{v} {u}>{lo} {sc:.0%}" for v, u, lo, sc in low) or "none"))
    if args.ratings:
        text += "\n\n" + ratings_markdown(records, variants, setting)
        print("\n" + ratings_markdown(records, variants, setting))
    if args.markdown:
        args.markdown.write_text(text + "\n")


if __name__ == "__main__":
    main()
