// A player who went away during a game: the time they have left to come back before
// they forfeit, counted down on the page from the server's word (grace_ms in
// player_status and in room_state's seats). The server ends the game by itself when
// the time is up; this line only says how long is left, and stays until then.

import { $ } from "./notice.js";
import { app } from "./state.js";
import { SEAT_NAMES } from "./text.js";

let ticker = null;

/** Remember when a seat forfeits (grace_ms from the server; null: not counting). */
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

/** The countdown line, drawn now and every half second while someone is away. */
export function renderAway() {
  clearInterval(ticker);
  ticker = null;
  const box = $("away");
  const room = app.room;
  const playing = room && room.status === "playing" && !room.outcome;
  const away = playing ? room.seats.map((s, i) => [s, i]).filter(([s]) => !s.connected && s.forfeitAt) : [];
  box.hidden = away.length === 0;
  if (box.hidden) return;
  const draw = () => {
    const now = performance.now();
    box.textContent = away.map(([s, i]) => {
      const left = s.forfeitAt - now;
      const name = i === room.you ? "You are" : `${who(room, i)} is`;
      if (left <= 0) return `Time is up: ${who(room, i)} forfeits.`;
      return `${name} away: ${clock(left)} left to come back before forfeiting.`;
    }).join(" ");
    box.dataset.left = String(Math.max(0, Math.round(Math.min(...away.map(([s]) => s.forfeitAt - now)))));
  };
  draw();
  ticker = setInterval(draw, 500);
}
