// A player who went away during a game: the time they have left to come back, counted
// down on the page from the server's word (grace_ms in player_status and in room_state's
// seats). When it is over and the other player is there, the server does not end the
// game: it says the seat is claimable, and the player who stayed chooses to claim the
// win (the button here) or to keep waiting for the other to come back.

import { $, showError } from "./notice.js";
import { app } from "./state.js";
import { SEAT_NAMES } from "./text.js";

let ticker = null;

/** Remember when a seat's grace period ends (grace_ms from the server; null: not counting). */
export function noteGrace(seat, graceMs) {
  seat.forfeitAt = graceMs === null || graceMs === undefined ? null : performance.now() + graceMs;
}

function clock(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function who(room, seat) {
  const info = room.seats[seat];
  return info.name ? `${info.name} (${SEAT_NAMES[seat]})` : SEAT_NAMES[seat];
}

/** The seat whose win over an absent opponent can be claimed from this page, or null:
 * only the seated player who stayed, never a spectator or the absent player. */
function claimableBy(room) {
  if (room.you === null || room.you === undefined) return null;
  const other = room.seats[1 - room.you];
  return other && other.claimable && !other.connected ? 1 - room.you : null;
}

/** Send claim_win; the game_over that follows ends the game on every page. */
export function claimWin() {
  const room = app.room;
  if (!room || claimableBy(room) === null) return;
  const button = $("claim-button");
  button.disabled = true;
  app.conn.request({ type: "claim_win", room: room.code })
    .catch(showError)
    .finally(() => { button.disabled = false; });
}

/** The countdown line, drawn now and every half second while someone is away. */
export function renderAway() {
  clearInterval(ticker);
  ticker = null;
  const box = $("away");
  const room = app.room;
  const playing = room && room.status === "playing" && !room.outcome;
  const away = playing
    ? room.seats.map((s, i) => [s, i]).filter(([s]) => !s.connected && (s.forfeitAt || s.claimable)) : [];
  box.hidden = away.length === 0;
  const claim = $("claim-button");
  claim.hidden = box.hidden || claimableBy(room) === null;
  if (box.hidden) return;
  const draw = () => {
    const now = performance.now();
    $("away-text").textContent = away.map(([s, i]) => {
      if (s.claimable) {
        if (i === room.you) return "You have been away too long: your opponent may claim the win.";
        const stayed = room.you === null ? `${SEAT_NAMES[1 - i]} may claim the win` : "You may claim the win";
        return `${who(room, i)} has been away too long. ${stayed}, or keep waiting for them to come back.`;
      }
      const left = s.forfeitAt - now;
      const name = i === room.you ? "You are" : `${who(room, i)} is`;
      if (left <= 0) return `Time is up for ${who(room, i)}.`;
      return `${name} away: ${clock(left)} left to come back before forfeiting.`;
    }).join(" ");
    const counting = away.filter(([s]) => !s.claimable && s.forfeitAt);
    box.dataset.left = String(counting.length
      ? Math.max(0, Math.round(Math.min(...counting.map(([s]) => s.forfeitAt - now)))) : 0);
  };
  draw();
  ticker = setInterval(draw, 500);
}
