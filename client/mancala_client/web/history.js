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

/** Fetch the stored game's positions into room.states (once); true when they came. */
export async function loadPositions(room) {
  if (room.gameId === null || room.gameId === undefined) return false;
  room.positionsAsked ??= fetch(withKey(`/api/games/${room.gameId}/positions`))
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  const data = await room.positionsAsked;
  if (!data) return false;
  data.states.forEach((state, ply) => { if (!room.states.has(ply)) room.states.set(ply, state); });
  annotate(room.moves, room.states);
  return true;
}
