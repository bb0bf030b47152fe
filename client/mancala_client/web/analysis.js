// The computer's view of a position, for the replay viewer and for a spectator in a live
// room: asked of /api/games/{id}/analysis?ply=N, which the server searches in its search
// processes under a quota per address, and refuses for a rated game still being played
// (docs/protocol.md "Analysis"). Each position is asked for once; a refusal is asked
// again only after a while, so a page that redraws often does not eat its quota.

import { withKey } from "./gamekey.js";
import { SEAT_NAMES, moveHole, moveText } from "./text.js";

const RETRY_MS = 5_000; // the quota's Retry-After

function valueText(got) {
  const side = SEAT_NAMES[got.turn];
  if (got.algorithm === "montecarlo_ts" && !got.exact) return `win rate ${Math.round(got.value * 100)}% for ${side}`;
  const v = Math.round(got.value * 10) / 10;
  return `value ${v > 0 ? "+" : ""}${v} for ${side}`;
}

/** An answer or a refusal in words. */
export function analysisText(got, holes) {
  if (got.error === "analysis_rated_live") return "Analysis is off during rated games: it is there once the game is over.";
  if (got.error === "not_found") return "Analysis is for the built-in variants only.";
  if (got.error === "analysis_quota") return "Analysis: too many asked for; try again in a moment.";
  if (got.error) return `Analysis unavailable (${got.error}).`;
  if (got.over) return "The game is over here: nothing to analyse.";
  const how = got.exact ? "exact" : `search, depth ${got.depth}`;
  return `Best: ${moveText(got.best_move, holes)} · ${valueText(got)} (${how})`;
}

export class Analyses {
  /** onAnswer(): called when an answer or refusal comes in (to redraw). */
  constructor(onAnswer) {
    this.onAnswer = onAnswer;
    this.got = new Map(); // key -> answer, or {error, retryAt}
    this.asking = new Set();
  }

  /**
   * The answer for the position `key` (ply `ply` of game `gameId`) when known, else null;
   * asks for it when it is not known (or a refusal is old enough to ask again).
   */
  get(key, gameId, ply) {
    const got = this.got.get(key) ?? null;
    const stale = got?.error && got.retryAt <= Date.now();
    if ((got === null || stale) && !this.asking.has(key)) this.ask(key, gameId, ply);
    return got;
  }

  /** The best move's hole for a known answer, else null. */
  bestHole(key) {
    const got = this.got.get(key);
    return got && got.best_move !== undefined ? moveHole(got.best_move) : null;
  }

  ask(key, gameId, ply) {
    this.asking.add(key);
    fetch(withKey(`/api/games/${gameId}/analysis?ply=${ply}`))
      .then((r) => r.json().then((body) => ({ ok: r.ok, body })))
      .catch(() => ({ ok: false, body: { error: "network" } }))
      .then(({ ok, body }) => {
        this.asking.delete(key);
        this.got.set(key, ok ? body : { error: body.error ?? "unknown", retryAt: Date.now() + RETRY_MS });
        this.onAnswer();
      });
  }
}
