// Store moves (1.10 play_locs BRD_OWN_STR_CHS, Azigo; docs/protocol.md, "Moves"): where the
// legal moves the server sent include ["STORE", k], the mover sees a number of seeds to
// sow from their own store (between the fewest and the most it allows) and a Sow button,
// beside the usual holes. The server judges the move as any other.

import { $ } from "./notice.js";
import { app } from "./state.js";

/** The seeds a store move may sow now, in order (none: no store move is legal). */
export function storeSeeds(legal) {
  return (legal || []).filter((m) => Array.isArray(m) && m[0] === "STORE").map((m) => m[1]).sort((a, b) => a - b);
}

/** Show the panel while the player may move and a store move is legal (`mine`: canMove()). */
export function renderStoreMove(mine) {
  const panel = $("store-move");
  if (!panel) return;
  const seeds = app.room && mine ? storeSeeds(app.room.state.legal) : [];
  panel.hidden = seeds.length === 0;
  if (!seeds.length) return;
  const input = $("store-seeds");
  input.min = String(seeds[0]);
  input.max = String(seeds[seeds.length - 1]);
  const chosen = Number(input.value);
  if (!seeds.includes(chosen)) input.value = String(seeds[0]);
}

/** The Sow button: the chosen number as a store move (RoomActions.send). */
export function storeMove(actions) {
  const seeds = Number($("store-seeds").value);
  if (Number.isInteger(seeds) && seeds > 0) actions.send(["STORE", seeds]);
}
