// Moves played out on the board: the seeds of a move dropped one by one along the paths
// its events give (move_made.events: laps sown, seeds taken), and each move's end held a
// moment before the next move starts, so that a move answered at once (a computer's
// reply, an extra turn) is still seen. The speed is the player's setting ("instant" shows
// each end at once); with prefers-reduced-motion the seeds are not dropped one by one.
//
// A live board keeps up with the game (issue 24): it is never more than one move behind.
// Played out in turn, moves coming faster than the animation left a spectator 14 plies
// behind, 23 s from catching up. So when a move arrives while another is still on the
// board, everything before the new move is shown at its end at once (the move being sown:
// its remaining seeds land in one step; a move still waiting: its end alone, without a
// sound), and the new move is played out at twice the chosen pace, its predecessor's end
// held half as long; the pace is the setting again once the board has caught up. At every
// arrival the board shows the position before the newest move, or a later one. Finishing
// the running move at once rather than faster: sped up, it would still leave the board
// two moves behind until it ended.
// A line shown from its start (oneturn.js) has nothing to keep up with: every move is
// played out in turn ({ keepUp: false }).

import { pref } from "./prefs.js";

export const SEED_MS = { slow: 320, normal: 150, fast: 60, instant: 0 };
// how long a move's end stays before the next move is played out
export const HOLD_MS = { slow: 1100, normal: 600, fast: 300, instant: 0 };
// how many times quicker moves are played out while the board catches up (see above)
const HURRY = 2;

export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

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
      add(e.hole, -e.path.length); // a hole, or a store (Azigo's store moves)
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
  /**
   * show(frame | null): draw the board at a frame (null: the room's own state).
   * keepUp: never more than one move behind (a live game); false: every move in turn.
   */
  constructor(show, { keepUp = true } = {}) {
    this.show = show;
    this.keepUp = keepUp;
    this.items = []; // moves waiting their turn
    this.current = null; // the move being sown (its end not shown yet)
    this.hurry = false; // a move was overtaken: played out HURRY times quicker till caught up
    this.endedAt = 0; // when the last move's end was shown (its hold counts from then)
    this.wake = null; // ends the loop's pause at once (a move arrived, or clear())
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

  /** A move to play out: {ply, move, before, after, events, effects, own, done({skipped})} */
  push(item) {
    const behind = this.keepUp && this.running && Boolean(this.current || this.items.length);
    if (behind) { // what came before this move is shown at its end now, not in turn
      if (this.current) this.end(this.current, false);
      for (const waiting of this.items.splice(0)) this.end(waiting, true);
      this.hurry = true;
    }
    this.items.push(item);
    if (!this.running) this.run();
    // the loop goes on at once when a move was cut short, or the viewer's own move ends
    // a hold; a seed's pause otherwise runs its course (moves queued in turn, oneturn.js)
    else if (behind || (item.own && !this.current)) this.wake?.();
  }

  /** Forget what waits (a fresh room state): the board shows the room as it is. */
  clear() {
    this.items = [];
    this.idle = null;
    this.current = null;
    this.hurry = false;
    this.generation += 1;
    this.running = false;
    this.wake?.();
    this.show(null);
  }

  /** Show a move's end; skipped: it was never sown (overtaken while it waited). */
  end(item, skipped) {
    if (this.current === item) this.current = null;
    this.show({ ply: item.ply + 1, move: item.move, state: item.after, path: [], final: true,
                captured: item.effects?.capturedHoles ?? [] });
    this.endedAt = performance.now();
    item.done?.({ skipped });
  }

  /** Wait ms, or less when push() or clear() wakes the loop. */
  pause(ms) {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        if (this.wake === wake) this.wake = null;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wake = wake;
    });
  }

  async run() {
    const generation = this.generation;
    this.running = true;
    while (this.items.length) {
      const item = this.items.shift();
      const speed = pref("speed");
      const seedMs = reducedMotion() ? 0 : SEED_MS[speed] / (this.hurry ? HURRY : 1);
      if (seedMs) {
        this.current = item;
        for (const f of sowingFrames(item.before, item.events)) {
          this.show({ ply: item.ply, move: item.move, final: false, ...f });
          await this.pause(seedMs);
          if (generation !== this.generation) return;
          if (this.current !== item) break; // overtaken: push() has shown its end
        }
      }
      if (this.current === item || !seedMs) this.end(item, false);
      // the end stays a moment, unless the viewer's own move comes next (no waiting on
      // one's own click); counted from the last end shown, which a move arriving
      // meanwhile moves on (push() shows the waiting move's end)
      for (;;) {
        const left = this.endedAt + HOLD_MS[speed] / (this.hurry ? HURRY : 1) - performance.now();
        if (left <= 0 || this.items[0]?.own) break;
        await this.pause(left);
        if (generation !== this.generation) return;
      }
    }
    this.running = false;
    this.hurry = false;
    this.show(null);
    const waiting = this.idle ?? [];
    this.idle = null;
    for (const fn of waiting) fn();
  }
}
