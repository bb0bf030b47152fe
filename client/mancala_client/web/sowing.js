// Moves played out on the board, one after another: the seeds of a move dropped one by
// one along the paths its events give (move_made.events: laps sown, seeds taken), and
// each move's end held a moment before the next queued move starts, so that a burst of
// moves (a computer answering at once, several extra turns) is seen move by move.
// The speed is the player's setting ("instant" shows each end at once); with
// prefers-reduced-motion the seeds are not dropped one by one.

import { pref } from "./prefs.js";

const SEED_MS = { slow: 320, normal: 150, fast: 60, instant: 0 };
// how long a move's end stays when another move waits behind it
const HOLD_MS = { slow: 1100, normal: 600, fast: 300, instant: 0 };

export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * The board after each seed of a move, from its events (docs/protocol.md "What a move
 * did": `sow` {hole, path}, `capture` {src, seeds, dst, at}, `settle` {place, seeds};
 * places are holes, or -1 / -2 for South's / North's store). A capture made while a lap
 * sows follows its `sow` and happens after `at` seeds of the move. Each frame: {state,
 * path: the holes sown so far, captured: holes taken from so far}.
 */
export function sowingFrames(before, events) {
  if (!Array.isArray(events) || !events.some((e) => e.kind === "sow")) return [];
  if (events.some((e) => e.kind === "inexact")) return []; // the state is the only truth then
  const board = [...before.board];
  const stores = [...before.stores];
  const add = (place, seeds) => {
    if (place >= 0) board[place] += seeds;
    else stores[-1 - place] += seeds;
  };
  const frames = [];
  const path = [];
  const captured = [];
  let sown = 0;
  const frame = () => frames.push({ state: { ...before, board: [...board], stores: [...stores], legal: [] },
                                    path: [...path], captured: [...captured] });
  const take = (e) => {
    add(e.src, -e.seeds);
    add(e.dst, e.seeds);
    if (e.src >= 0) captured.push(e.src);
    frame();
  };
  const handled = new Set(); // captures already played inside their lap
  events.forEach((e, i) => {
    if (handled.has(i)) return;
    if (e.kind === "capture") take(e);
    else if (e.kind === "settle") {
      add(e.place, e.seeds);
      frame();
    } else if (e.kind === "sow") {
      // the lap's captures made while it sows follow it in the list, due after `at` seeds
      const mid = [];
      for (let j = i + 1; j < events.length && events[j].kind === "capture"; j++) {
        if (events[j].at < sown + e.path.length) {
          mid.push(events[j]);
          handled.add(j);
        }
      }
      board[e.hole] -= e.path.length;
      frame();
      for (const place of e.path) {
        while (mid.length && mid[0].at <= sown) take(mid.shift());
        add(place, 1);
        if (place >= 0) path.push(place);
        sown += 1;
        frame();
      }
      for (const late of mid) take(late);
    }
  });
  return frames;
}

export class MoveQueue {
  /** show(frame | null): draw the board at a frame (null: the room's own state) */
  constructor(show) {
    this.show = show;
    this.items = [];
    this.running = false;
    this.generation = 0; // a clear() makes the loop that is running stop
  }

  get busy() {
    return this.running;
  }

  /** Call fn once every queued move has been played out (now, when none is). */
  whenIdle(fn) {
    if (!this.running) fn();
    else (this.idle ??= []).push(fn);
  }

  /** A move to play out: {ply, move, before, after, events, effects, own, done()} */
  push(item) {
    this.items.push(item);
    if (!this.running) this.run();
  }

  /** Forget what waits (a fresh room state): the board shows the room as it is. */
  clear() {
    this.items = [];
    this.idle = null;
    this.generation += 1;
    this.running = false;
    this.show(null);
  }

  async run() {
    const generation = this.generation;
    this.running = true;
    while (this.items.length) {
      const item = this.items.shift();
      const speed = pref("speed");
      const seedMs = reducedMotion() ? 0 : SEED_MS[speed];
      const base = { ply: item.ply, move: item.move, final: false };
      if (seedMs) {
        for (const f of sowingFrames(item.before, item.events)) {
          this.show({ ...base, ...f });
          await sleep(seedMs);
          if (generation !== this.generation) return;
        }
      }
      this.show({ ...base, ply: item.ply + 1, state: item.after, path: [], final: true,
                  captured: item.effects?.capturedHoles ?? [] });
      item.done?.();
      // the end stays a moment, unless the viewer's own move comes next (no waiting on
      // one's own click); in slices, so that a move arriving meanwhile is held for too
      for (let waited = 0; waited < HOLD_MS[speed] && !this.items[0]?.own; waited += 50) {
        await sleep(50);
        if (generation !== this.generation) return;
      }
    }
    this.running = false;
    this.show(null);
    const waiting = this.idle ?? [];
    this.idle = null;
    for (const fn of waiting) fn();
  }
}
