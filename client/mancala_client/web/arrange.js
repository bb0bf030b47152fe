// Bao's arrangement (prescribed ARNGE_LIMIT; docs/protocol.md, "The arrangement move"):
// while the game's first move may lay out the starter's row, the starter sees one number
// input a hole (from their left, as choice.js lays out a round), the seeds used of the
// total and an Arrange button, beside the usual sowing; everyone else reads who may.

import { seedInputs } from "./choice.js";
import { $, announce, hideNotice, showError } from "./notice.js";
import { app } from "./state.js";
import { SEAT_NAMES, errorText, playerName } from "./text.js";

/** The room's arrangement offer (room_state.arrange, taken_back.arrange); null clears it. */
export function setArrange(room, offer) {
  room.arrange = offer ? { ...offer, picked: [...offer.current], sending: false } : null;
}

/** The board indexes of the offer's row, from its owner's left (the Mancala rows). */
function rowHoles(room, offer) {
  return Array.from({ length: offer.holes }, (_, k) => offer.seat * room.holes + k);
}

function open(room) {
  return room?.arrange && room.status === "playing" && room.ply === 0 ? room.arrange : null;
}

export function renderArrange() {
  const panel = $("arrange");
  if (!panel) return;
  const room = app.room;
  const offer = open(room);
  if (!offer) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  panel.dataset.seat = String(offer.seat);
  const picks = $("arrange-picks");
  const button = $("arrange-confirm");
  if (room.you !== offer.seat) {
    const who = playerName(room.seats, offer.seat) || SEAT_NAMES[offer.seat];
    $("arrange-text").textContent = `${who} may arrange the seeds of their row as the first move; `
      + "the other row is then laid out the same.";
    picks.replaceChildren();
    button.hidden = true;
    return;
  }
  button.hidden = false;
  const used = offer.picked.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  button.disabled = offer.sending || used !== offer.seeds;
  $("arrange-text").textContent = `Arrange seeds: as your first move you may lay out your row as you like `
    + `(from your left; your opponent's row is laid out the same), one hole at least ${offer.min_move}: `
    + `${used} of ${offer.seeds} seeds used. Or sow as usual (then you capture nothing and make no child `
    + "until your opponent does).";
  seedInputs(picks, "arrange", rowHoles(room, offer), offer.picked, { min: 0, max: offer.seeds }, renderArrange);
}

/** Arrange: the layout goes to the server as the first move; a refusal is said and the
 * inputs stay as typed. */
export async function confirmArrange() {
  const room = app.room;
  const offer = open(room);
  if (!offer || room.you !== offer.seat || offer.sending) return;
  hideNotice();
  offer.sending = true;
  renderArrange();
  try {
    await app.conn.request({ type: "move", room: room.code, move: { arrange: [...offer.picked] }, ply: 0 });
  } catch (err) {
    showError(err);
    announce(errorText(err.code).text);
  } finally {
    offer.sending = false;
    renderArrange();
  }
}
