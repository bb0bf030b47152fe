// Who this browser is to the server: a known player, made on the first visit. The id
// and its secret stay in localStorage (the secret is the only key: nobody else sees
// it); a transfer code makes another device the same player.

import { ServerError } from "./net.js";
import { $, showError, showNotice } from "./notice.js";
import { app } from "./state.js";
import { count, variantTitle } from "./text.js";

const PLAYER = "mancala.player";

function load() {
  try {
    const raw = JSON.parse(localStorage.getItem(PLAYER) || "null");
    return raw && typeof raw.player === "string" && typeof raw.secret === "string" ? raw : null;
  } catch {
    return null;
  }
}

function keep(player, secret) {
  try {
    localStorage.setItem(PLAYER, JSON.stringify({ player, secret }));
  } catch {
    // storage off: the player is new again next visit
  }
}

/** Identify on a fresh connection: the kept player, or a new one named `wanted`. */
export async function identify(conn, wanted) {
  const held = load();
  let reply = null;
  if (held) {
    try {
      reply = await conn.request({ type: "identify", player: held.player, secret: held.secret });
    } catch (err) {
      if (!(err instanceof ServerError) || err.code !== "bad_secret") throw err;
    }
  }
  if (!reply) {
    try {
      reply = await conn.request({ type: "identify", ...(wanted ? { name: wanted } : {}) });
    } catch (err) {
      // the name is someone else's, or refused (bad_message: names.py's rules): a free one
      if (!(err instanceof ServerError) || !["name_taken", "bad_message"].includes(err.code)) throw err;
      if (err.code === "bad_message") showError(err);
      reply = await conn.request({ type: "identify" });
    }
  }
  become(reply);
  return reply;
}

export function become(reply) {
  if (reply.secret) keep(reply.player, reply.secret);
  app.me = { player: reply.player, name: reply.name, ratings: reply.ratings || [] };
  renderMe();
}

export function renderMe() {
  const me = app.me;
  if (!me) return;
  $("player-name").value = me.name;
  $("me-line").textContent = `You play as ${me.name}.`;
  $("me-page").href = `/players/${encodeURIComponent(me.name)}`;
  const rows = me.ratings.map((r) => {
    const li = document.createElement("li");
    li.dataset.variant = r.variant;
    li.textContent = `${variantTitle(r.variant)}: ${r.rating}${r.provisional ? "?" : ""} (${count(r.games, "game")})`;
    return li;
  });
  if (rows.length === 0) { // an empty list reads as something missing: say there is nothing yet
    const li = document.createElement("li");
    li.className = "hint";
    li.textContent = "No rated games yet.";
    rows.push(li);
  }
  $("me-ratings").replaceChildren(...rows);
}

export async function rename(conn, name) {
  try {
    become(await conn.request({ type: "rename", name }));
  } catch (err) {
    showError(err);
    renderMe();
  }
}

export function wireDevices() {
  $("transfer-button").addEventListener("click", async () => {
    try {
      const reply = await app.conn.request({ type: "transfer_code" });
      $("transfer-code").textContent = reply.code;
    } catch (err) {
      showError(err);
    }
  });
  $("redeem-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = $("redeem-code").value.trim();
    if (!/^[A-Za-z0-9-]{6,16}$/.test(code)) return;
    try {
      become(await app.conn.request({ type: "redeem_transfer", code }));
      showNotice(`You now play as ${app.me.name} on this device too.`, "", "info");
    } catch (err) {
      showError(err);
    }
  });
}

/** After a rated game: the player's own rating in the list. */
export function noteRating(variant, rating, provisional) {
  const me = app.me;
  if (!me) return;
  const entry = me.ratings.find((r) => r.variant === variant);
  if (entry) Object.assign(entry, { rating, provisional, games: entry.games + 1 });
  else me.ratings.push({ variant, rating, rd: 0, provisional, games: 1 });
  renderMe();
}
