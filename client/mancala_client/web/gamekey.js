// A private game's stored data (moves, positions, analysis, chat) is read with its share
// key: the server gives it to the room's people in room_state, and the replay link carries
// it, so that whoever the players pass the link to can read the game and nobody else.

let current = new URLSearchParams(location.search).get("key");

const KEPT = "mancala.gameKeys"; // this browser's private games: id -> key (the latest few)
const KEEP = 50;

function keptKeys() {
  try {
    return JSON.parse(localStorage.getItem(KEPT) || "{}") || {};
  } catch {
    return {};
  }
}

/** The room's key (null for a public room's game), kept for the player's own game lists. */
export function setGameKey(key, gameId) {
  current = key || null;
  if (!current || gameId === null || gameId === undefined) return;
  const keys = keptKeys();
  delete keys[gameId];
  keys[gameId] = current;
  const ids = Object.keys(keys);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete keys[id];
  try {
    localStorage.setItem(KEPT, JSON.stringify(keys));
  } catch { /* storage full or off: the lists then show such games without a link */ }
}

/** The replay page's path of a listed game: with its key where this browser has it; null
 * for a private game it has none for (the link would only say "no such game"). */
export function replayPath(game) {
  if (!game.private) return `/games/${game.id}`;
  const key = keptKeys()[game.id];
  return key ? `/games/${game.id}?key=${encodeURIComponent(key)}` : null;
}

/** A path of /api/games/{id}/... with the key, where there is one. */
export function withKey(path) {
  if (!current) return path;
  return `${path}${path.includes("?") ? "&" : "?"}key=${encodeURIComponent(current)}`;
}
