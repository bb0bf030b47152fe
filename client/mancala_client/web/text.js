// Words the page shows: seat names, hole names, moves, and a clear message for
// every typed error code of protocol mancala.v1.

export const SEAT_NAMES = ["South", "North"];

/** What each error code means to a person; the server's own words follow as detail. */
export const ERROR_TEXT = {
  bad_message: "The server could not read that request.",
  unknown_type: "The server does not know that request: this page may be out of date, so reload it.",
  too_large: "That request was too large for the server.",
  rate_limited: "Too many actions at once: wait a moment and try again.",
  illegal_move: "That move is not allowed.",
  not_your_turn: "It is not your turn.",
  not_a_player: "You are watching this game, not playing in it.",
  stale_ply: "The board changed before your move arrived: look again, then move.",
  game_over: "This game is already over.",
  room_full: "Both seats in that room are taken.",
  seat_taken: "That seat is taken: pick the other one or any seat.",
  no_such_room: "There is no room with that code. It may have closed, or the code is mistyped.",
  bad_token: "Your seat in that room could not be recovered.",
  unknown_variant: "The server does not know that variant.",
  invalid_variant: "That variant's settings are not valid.",
  invalid_setting: "Those settings cannot be played with this variant.",
  protocol_version: "This page and the server speak different versions: reload the page.",
  shutting_down: "The server is shutting down; the page will reconnect when it is back.",
  rules_timeout: "That variant's rules took too long to work out on the server; nothing changed.",
  quota: "You have too many open rooms: finish or leave one first.",
  internal_error: "Something went wrong on the server. Try again; if it keeps happening, reload the page.",
  try_again: "The room is moving between servers just now: try again in a moment.",
  disconnected: "Not connected to the server: the page is reconnecting.",
  not_identified: "That needs a known player: reload the page so that it can make you one.",
  name_taken: "Another player already has that name: choose another.",
  bad_secret: "This browser's player key is not known to the server.",
  bad_transfer: "That code does not work: codes work once, for ten minutes.",
  no_offer: "There is no offer to answer (or you have made one already).",
  no_takeback: "No takeback here (none in rated games, or no move of yours to take back).",
  no_such_player: "No player of that name is online on this server.",
  no_such_challenge: "That challenge is no longer open.",
  not_claimable: "There is no win to claim: your opponent is here, or still has time to come back.",
  no_swap: "No swap now: only the second player may swap, instead of their first move, once.",
  not_rated_here: "This game is not rated against the computer: its first move decides it. Play it casual, or rated against a person.",
  no_such_tournament: "There is no such tournament.",
  tournament_closed: "That tournament is not taking this now: it is over, full, or has started.",
  no_choice: "There is no round choice for you to make now.",
  illegal_choice: "The rules do not allow that choice of the next round.",
};

export function errorText(code, detail) {
  const text = ERROR_TEXT[code] ?? `The server refused that (${code}).`;
  return { text, detail: detail || "" };
}

/** A hole's letter on its own side, counted from that side's left: a, b, c... */
export function letter(position) {
  return position < 26 ? String.fromCharCode(97 + position) : String(position + 1);
}

/** Side (0 South, 1 North) and position from the side's own left of a board index. */
export function sideOf(index, holes) {
  return index < holes ? [0, index] : [1, index - holes];
}

/** A hole's name in the one notation of the text record, the terminal and `mancala show`
 * (docs/notation.md): South's holes a, b, c..., North's A, B, C..., each row from its
 * owner's left, whoever looks at the board. */
export function holeLetter(index, holes) {
  const [side, pos] = sideOf(index, holes);
  return side === 0 ? letter(pos) : letter(pos).toUpperCase();
}

export function holeName(index, holes) {
  return `${SEAT_NAMES[sideOf(index, holes)[0]]} ${holeLetter(index, holes)}`;
}

/** A move as words: "South c", "North a clockwise". */
export function moveText(move, holes) {
  if (isArrangement(move)) return `an arrangement of the seeds: ${move.arrange.join(" ")}`;
  if (isStoreMove(move)) return `${move[1]} ${move[1] === 1 ? "seed" : "seeds"} sown from the store`;
  if (Array.isArray(move)) {
    const [index, dir] = move;
    return `${holeName(index, holes)} ${dir === "CW" ? "clockwise" : "counter-clockwise"}`;
  }
  return holeName(move, holes);
}

/** Short form for the move list: "c", "A↻". */
export function moveShort(move, holes) {
  if (isArrangement(move)) return `arranged ${move.arrange.join(" ")}`;
  if (isStoreMove(move)) return `store ${move[1]}`;
  if (Array.isArray(move)) {
    const [index, dir] = move;
    return `${holeLetter(index, holes)}${dir === "CW" ? "↻" : "↺"}`;
  }
  return holeLetter(move, holes);
}

export function moveHole(move) {
  if (isArrangement(move)) return null; // no hole: both rows were laid out
  if (isStoreMove(move)) return null; // sown from a store, not a hole
  return Array.isArray(move) ? move[0] : move;
}

/** Azigo's move from the mover's store: ["STORE", seeds] (store_move.js). */
export function isStoreMove(move) {
  return Array.isArray(move) && move[0] === "STORE";
}

/** Bao's first move laid out rather than sown: {"arrange": [seeds, ...]} (arrange.js). */
export function isArrangement(move) {
  return move !== null && typeof move === "object" && !Array.isArray(move) && Array.isArray(move.arrange);
}

export function seeds(n) {
  return count(n, "seed");
}

/** A number of things in words: "1 game", "3 games". */
export function count(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

// Variant titles by name, as list_variants or /api/variants gave them: players read
// "Oware (Abapa)", never the file name oware_abapa that the protocol and the URLs carry.
const TITLES = new Map();

/** Remember the titles of a variant list ([{name, title}]). */
export function knowTitles(variants) {
  for (const v of variants) TITLES.set(v.name, v.title);
}

/** A variant's title; its name while the titles are not known (or for a variant gone since). */
export function variantTitle(name) {
  return TITLES.get(name) ?? name;
}

/** The built-in variants' list for the pages outside the lobby (leaderboard, player's
 * page, Jackman's challenge); their titles are remembered. [] when it cannot be had. */
export async function fetchVariants() {
  const response = await fetch("/api/variants").catch(() => null);
  const list = response?.ok ? await response.json().catch(() => null) : null;
  if (!Array.isArray(list)) return [];
  knowTitles(list);
  return list;
}

/** The computer's difficulties, as create_room's `computer` numbers them (0..3). */
export const LEVEL_NAMES = ["easy", "medium", "hard", "expert"];

/** A computer seat's difficulty in words, read from its name ("Computer (level 2)"): "hard";
 * "Computer (perfect)" is the solver's level: "perfect". */
export function computerLevel(info) {
  if (/^Computer \(perfect\)$/.test(info?.name || "")) return "perfect";
  const match = /level (\d+)/i.exec(info?.name || "");
  return match ? LEVEL_NAMES[Number(match[1])] ?? `level ${match[1]}` : "";
}

/** A player's name as shown: a computer seat by its level's name ("Computer (hard)"), where
 * the server names it by number ("Computer (level 2)": the protocol's name, and stored
 * games', which stay as they are); anyone else's name as it is. */
export function shownName(name) {
  const match = /^Computer \(level (\d+)\)$/.exec(name ?? "");
  const level = match ? LEVEL_NAMES[Number(match[1])] : undefined;
  return level ? `Computer (${level})` : name;
}

/** A rating ladder's name: a variant's, or its ladders against the computer and with bots
 * (the server's pools "variant@computer", "variant@bots"). */
export function ladderTitle(pool) {
  const [variant, kind] = pool.split("@");
  if (kind === "computer") return `${variantTitle(variant)}, against the computer`;
  if (kind === "bots") return `${variantTitle(variant)}, games with bots`;
  if (kind === "puzzles") return `${variantTitle(variant)} puzzles`;
  return variantTitle(variant);
}

/** A seat's player as shown: a bot always says it is one (docs/bots.md). */
export function seatName(info) {
  const name = shownName(info?.name);
  return info?.bot && name ? `${name} (bot)` : name;
}

export function playerName(seats, seat) {
  const info = seats?.[seat];
  if (!info || info.name === null) return SEAT_NAMES[seat];
  if (info.computer) return `${SEAT_NAMES[seat]} (computer)`;
  return `${SEAT_NAMES[seat]} (${seatName(info)})`;
}
