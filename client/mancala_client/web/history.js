// A room's past positions, for the move list's marks and for showing the position after
// any move: kept as moves arrive, and fetched once from the stored game
// (/api/games/{id}/positions) for the moves played before the page came in.

import { moveEffects } from "./effects.js";
import { withKey } from "./gamekey.js";

/** Annotate each move with what it did: from its events, else from the positions
 * before and after it (when known). */
export function annotate(moves, states) {
  for (const m of moves) {
    if (m.effects) continue;
    if (Array.isArray(m.events)) {
      m.effects = moveEffects(m, states.get(m.ply) ?? states.get(m.ply + 1));
      continue;
    }
    const before = states.get(m.ply);
    const after = states.get(m.ply + 1);
    if (before && after) m.effects = moveEffects({ ...m, state: after }, before);
  }
}

/** Every position of a stored game, page after page (the server answers a page at a time,
 * `next` naming the following one); null when they cannot be had. */
export async function fetchPositions(gameId) {
  let all = null;
  let from = 0;
  while (from !== null && from !== undefined) {
    const page = await fetch(withKey(`/api/games/${gameId}/positions?from=${from}`))
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    if (!page) return null;
    if (all === null) {
      all = page;
    } else {
      all.states.push(...page.states);
      Object.assign(all.round_starts, page.round_starts);
    }
    from = page.next;
  }
  return all;
}

/** Fetch the stored game's positions into room.states (once); true when they came. */
export async function loadPositions(room) {
  if (room.gameId === null || room.gameId === undefined) return false;
  room.positionsAsked ??= fetchPositions(room.gameId);
  const data = await room.positionsAsked;
  if (!data) return false;
  data.states.forEach((state, ply) => { if (!room.states.has(ply)) room.states.set(ply, state); });
  annotate(room.moves, room.states);
  return true;
}
