// What the page keeps in localStorage: the player's name and the seat tokens
// that let a reload (or another visit) take the same seat again.

const TOKENS = "mancala.seats";
const NAME = "mancala.name";
const KEEP_MS = 14 * 24 * 3600 * 1000;

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full: the seat is then kept only while the page is open
  }
}

export function loadName() {
  const name = read(NAME, "");
  return typeof name === "string" ? name : "";
}

export function saveName(name) {
  write(NAME, name);
}

/** Seats held: {CODE: {token, seat, title, saved}}, old entries dropped. */
export function seats() {
  const all = read(TOKENS, {});
  if (all === null || typeof all !== "object") return {};
  const now = Date.now();
  const kept = {};
  for (const [code, entry] of Object.entries(all)) {
    if (entry && typeof entry.token === "string" && now - (entry.saved || 0) < KEEP_MS) kept[code] = entry;
  }
  return kept;
}

export function seatFor(code) {
  return seats()[code] ?? null;
}

export function saveSeat(code, fields) {
  const all = seats();
  all[code] = { ...(all[code] || {}), ...fields, saved: Date.now() };
  write(TOKENS, all);
}

export function forgetSeat(code) {
  const all = seats();
  delete all[code];
  write(TOKENS, all);
}

// Chat names this browser muted (lower case): the server forgets a mute with the
// connection, the page keeps it (a reload, another room) and tells the server again.
const MUTED = "mancala.muted";
const MUTED_MAX = 100; // the oldest go first: a long list would be told again and again

export function loadMuted() {
  const names = read(MUTED, []);
  return Array.isArray(names) ? names.filter((n) => typeof n === "string") : [];
}

export function saveMuted(names) {
  write(MUTED, [...names].slice(-MUTED_MAX));
}
