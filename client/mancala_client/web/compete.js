// The room's competitive side: both clocks ticking (the server keeps the time; the page
// counts down from what it was last told), draw and takeback offers, chat, rating news.
// It follows the same pushed messages as messages.js, after it (app.js calls `after`).

import { setArrange } from "./arrange.js";
import { annotate } from "./history.js";
import { noteRating } from "./identity.js";
import { $, announce, showError, showNotice } from "./notice.js";
import { app } from "./state.js";
import { loadMuted, saveMuted } from "./store.js";
import { SEAT_NAMES, seatName } from "./text.js";

const LOW_MS = 10_000; // a clock under this (or a tenth of its start) shows red
// game_over's `unrated`: why a rated game moved no rating (docs/competitive.md, "Early games")
const UNRATED = {
  aborted: "The game was aborted before both players had moved: no result, and no rating changes.",
  short: "Not rated: a player made fewer than two moves.",
};

export const match = {
  code: null, clock: null, clocks: null, at: 0, rated: false, pie: false, swapped: false, offer: null, chat: [],
  muted: new Set(loadMuted()), // lower-case names, kept per browser (store.js)
  told: new Set(), // the muted names the server was told of on this room's connection
};
app.match = match; // window.mancala.match: read by tests and the curious

/** Milliseconds as a clock shows them: 4:59, 0:09.4 under ten seconds, 1 d 23:59:59. */
export function formatMs(ms) {
  const total = Math.max(0, ms);
  if (total < 10_000) return `0:0${(Math.floor(total / 100) / 10).toFixed(1)}`;
  const s = Math.floor(total / 1000);
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  if (days) return `${days} d ${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${sec}`;
  if (h) return `${h}:${String(m).padStart(2, "0")}:${sec}`;
  return `${m}:${sec}`;
}

function over() {
  const room = app.room;
  return !room || room.status === "finished" || Boolean(room.outcome);
}

/** What a seat has left now, counted down locally from the server's last word. */
/** Before both players have moved no clock runs: the player to move has the first-move
 * limit instead, counted down here from the server's last word (null: none runs). */
function firstMoveLeft() {
  const c = match.clocks;
  if (!c || c.first_move_ms === null || c.first_move_ms === undefined || over()) return null;
  return Math.max(0, c.first_move_ms - (performance.now() - match.at));
}

export function left(seat) {
  const c = match.clocks;
  if (!c) return null;
  let ms = c.remaining[seat];
  if (c.running === seat && !over()) ms -= performance.now() - match.at;
  return Math.max(0, ms);
}

function startMs() {
  const clock = match.clock;
  if (!clock) return 0;
  return clock.days ? clock.days * 86_400_000 : clock.base * 1000;
}

function clockBar(el, seat) {
  const room = app.room;
  el.hidden = !match.clock || !room || room.code !== match.code;
  if (el.hidden) return;
  const info = room.seats[seat] || {};
  const ms = left(seat);
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = seat === room.you ? `You (${SEAT_NAMES[seat]})` : seatName(info) ?? `${SEAT_NAMES[seat]}: open seat`;
  const rating = document.createElement("span");
  rating.className = "rating";
  rating.textContent = info.rating ? `${info.rating}${info.provisional ? "?" : ""}` : "";
  const time = document.createElement("span");
  const running = match.clocks?.running === seat && !over();
  time.className = "time";
  time.classList.toggle("running", running);
  time.classList.toggle("low", ms !== null && ms > 0 && (ms < LOW_MS || ms < startMs() / 10));
  time.classList.toggle("flagged", ms === 0);
  time.textContent = ms === null ? "" : formatMs(ms);
  time.setAttribute("aria-label", `${SEAT_NAMES[seat]}'s clock: ${time.textContent}`);
  el.dataset.seat = String(seat);
  el.dataset.ms = ms === null ? "" : String(Math.round(ms));
  const first = room.state?.turn === seat ? firstMoveLeft() : null;
  el.dataset.firstMove = first === null ? "" : String(Math.round(first));
  if (first === null) {
    el.replaceChildren(who, rating, time);
    return;
  }
  const note = document.createElement("span");
  note.className = "first-move";
  note.textContent = `first move: ${formatMs(first)}`;
  note.title = "No clock runs until both players have moved; without a first move in time the game is aborted.";
  el.replaceChildren(who, rating, time, note);
}

export function renderClocks() {
  const room = app.room;
  if (!room) return;
  const bottom = room.you ?? 0;
  clockBar($("clock-top"), 1 - bottom);
  clockBar($("clock-bottom"), bottom);
}

function renderControls() {
  const room = app.room;
  const playing = Boolean(room && room.you !== null && room.status === "playing" && !room.outcome);
  const computer = Boolean(room?.seats.some((s) => s.computer));
  const theirs = match.offer && room && match.offer.seat !== room.you ? match.offer : null;
  const mine = match.offer && room && match.offer.seat === room.you ? match.offer : null;
  $("draw-button").hidden = !playing || computer || Boolean(theirs);
  $("draw-button").disabled = Boolean(mine);
  $("draw-button").textContent = mine?.kind === "draw" ? "Draw offered" : "Offer a draw";
  // before both have moved an agreed draw ends the game unrated (docs/competitive.md,
  // "Early games"): offered to both players alike, from the moment both seats are taken
  const early = new Set((room?.moves ?? []).map((m) => m.seat)).size < 2;
  $("draw-button").title = early && (match.rated || match.clock)
    ? "Before both players have moved, an agreed draw ends the game with no rating change." : "";
  $("takeback-button").hidden = !playing || computer || match.rated || Boolean(theirs)
    || !room.moves.some((m) => m.seat === room.you);
  $("takeback-button").disabled = Boolean(mine);
  // the swap rule: the second player's answer to the first move (the server judges it)
  $("swap-button").hidden = !playing || !match.pie || match.swapped || room.moves.length !== 1
    || room.moves[0].seat === room.you || room.state.turn !== room.you;
  $("offer").hidden = !(playing && theirs);
  if (theirs) {
    $("offer-text").textContent = theirs.kind === "draw"
      ? "Your opponent offers a draw." : "Your opponent asks to take their last move back.";
  }
}

function renderChat() {
  const room = app.room;
  if (!room) return;
  const spectator = room.you === null;
  $("chat-note").textContent = spectator
    ? "You are watching: your lines go to the other spectators (the players see them after the game)."
    : "Everyone in the room sees the players' chat. Click a name to mute it.";
  $("chat-lines").replaceChildren(...match.chat.map((line) => {
    const li = document.createElement("li");
    li.className = `channel-${line.channel}`;
    li.classList.toggle("muted", match.muted.has(line.name.toLowerCase()));
    const who = document.createElement("button");
    who.type = "button";
    who.className = "chat-name";
    who.textContent = line.seat === null ? `${line.name} (watching)` : line.name;
    who.title = `Mute ${line.name}`;
    who.addEventListener("click", () => toggleMute(line.name));
    li.append(who, `: ${line.text}`); // text nodes: nothing anyone types becomes markup
    return li;
  }));
  const list = $("chat-lines");
  list.scrollTop = list.scrollHeight;
  // a muted name's lines are hidden, and the mute is kept in this browser: the way back
  // is here, for each muted name heard in this room
  const heard = new Map([...room.seats.map((s) => s.name), ...match.chat.map((l) => l.name)]
    .filter((n) => n && match.muted.has(n.toLowerCase())).map((n) => [n.toLowerCase(), n]));
  $("chat-muted").hidden = heard.size === 0;
  $("chat-muted").replaceChildren(...(heard.size ? ["Muted: "] : []), ...[...heard.values()].map((n) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small secondary";
    b.dataset.name = n;
    b.textContent = `Unmute ${n}`;
    b.addEventListener("click", () => toggleMute(n));
    return b;
  }));
}

export function render() {
  renderClocks();
  renderControls();
  renderChat();
}

async function toggleMute(name) {
  const key = name.toLowerCase();
  const muted = !match.muted.has(key);
  try {
    await app.conn.request({ type: "mute", room: app.room.code, name, muted });
    if (muted) match.muted.add(key);
    else match.muted.delete(key);
    if (muted) match.told.add(key);
    saveMuted(match.muted);
    renderChat();
    announce(muted ? `${name} muted.` : `${name} can be heard again.`);
  } catch (err) {
    showError(err);
  }
}

function fresh(code) {
  if (match.code !== code) {
    Object.assign(match, { code, chat: [], offer: null });
  }
  // muted in another tab, or before a reload: read again; the server hears of them anew
  match.muted = new Set(loadMuted());
  match.told = new Set();
}

/** Tell the server of a name this browser muted, once a connection: its lines then stop
 * coming (the page hides them meanwhile, and whatever the server answers). */
function tellMuted(name) {
  const key = name.toLowerCase();
  if (!match.muted.has(key) || match.told.has(key) || !app.room) return;
  match.told.add(key);
  app.conn.request({ type: "mute", room: app.room.code, name, muted: true }).catch(() => match.told.delete(key));
}

/** Follow a pushed message (after messages.js has handled it); views: {roomView}. */
export function after(msg, views) {
  const room = app.room;
  const here = room && msg.room === room.code;
  switch (msg.type) {
    case "room_state":
      if (!here) return;
      fresh(msg.room);
      Object.assign(match, { clock: msg.clock ?? null, clocks: msg.clocks ?? null, at: performance.now(),
                             rated: Boolean(msg.rated), pie: Boolean(msg.pie), swapped: Boolean(msg.swapped),
                             offer: msg.offer ?? null });
      match.chat = []; // the server sends the recent lines again after every room_state
      for (const seat of msg.seats) if (seat.name) tellMuted(seat.name);
      break;
    case "round_choice": // the chooser's clock runs while they choose
    case "round_started": // and the new round's first mover's after
    case "player_status":
      if (!here) return;
      // the clock may start now; without clocks the buttons are drawn again all the same:
      // the opponent sitting down is what makes "Offer a draw" available to the creator
      if (msg.clocks) Object.assign(match, { clocks: msg.clocks, at: performance.now() });
      break;
    case "move_made":
      if (!here) return;
      if (msg.clocks) Object.assign(match, { clocks: msg.clocks, at: performance.now() });
      match.offer = null; // a move withdraws any offer
      break;
    case "taken_back":
      if (!here) return;
      // the moves that stand keep what they did (the move list's + and × marks): the
      // pushed records may carry no effects, and nothing else would work them out again
      for (const [ply] of room.states) if (ply > msg.ply) room.states.delete(ply);
      room.states.set(msg.ply, msg.state);
      Object.assign(room, { moves: msg.moves.map((m) => {
        const kept = room.moves[m.ply];
        return kept?.ply === m.ply && kept.effects ? { ...m, effects: kept.effects } : { ...m };
      }), ply: msg.ply, state: msg.state, outcome: null });
      setArrange(room, msg.arrange ?? null); // back at the first move: it may arrange again
      annotate(room.moves, room.states);
      if (msg.clocks) Object.assign(match, { clocks: msg.clocks, at: performance.now() });
      match.offer = null;
      app.pending = false;
      views.roomView.render();
      showNotice("Moves were taken back by agreement.", "", "info");
      announce("Moves were taken back. The board is as it was.");
      break;
    case "game_over":
      if (here && msg.unrated && room.you !== null) showNotice(UNRATED[msg.unrated] ?? "Not rated.", "", "info");
      if (!here || !match.clocks) break;
      // the clocks stop where they are (on time: the flagged one at zero)
      match.clocks = { remaining: [0, 1].map((s) => (msg.reason === "timeout" && room.state.turn === s
        && match.clocks.running === s ? 0 : left(s))), running: null };
      match.offer = null;
      break;
    case "offer": {
      if (!here) return;
      match.offer = msg.status === "offered" ? { kind: msg.kind, seat: msg.seat } : null;
      if (msg.seat !== room.you && msg.status === "offered") {
        const text = msg.kind === "draw" ? "Your opponent offers a draw." : "Your opponent asks for a takeback.";
        if (room.you !== null) announce(text);
      } else if (msg.seat === room.you && msg.status === "declined") {
        showNotice(`Your ${msg.kind === "draw" ? "draw offer" : "takeback request"} was declined.`, "", "info");
      }
      break;
    }
    case "chat_message":
      if (!here) return;
      tellMuted(msg.name);
      match.chat = [...match.chat.slice(-199), msg];
      break;
    case "ratings_changed": {
      if (!here) return;
      for (const change of msg.changes) {
        Object.assign(room.seats[change.seat], { rating: change.after, provisional: change.provisional });
        if (change.seat === room.you) {
          noteRating(msg.variant, change.after, change.provisional);
          const diff = change.after - change.before;
          // the farming limits: a game against a new player, or the same pair again, counts less
          const share = change.weight < 1 ? ` This game counted ${Math.round(change.weight * 100)}%.` : "";
          showNotice(`Your rating: ${change.before} → ${change.after} (${diff >= 0 ? "+" : ""}${diff}).${share}`,
            "", "info");
        }
      }
      $("room").dataset.ratingsChanged = "1";
      break;
    }
    default:
      return;
  }
  render();
}

export function wireRoom() {
  setInterval(renderClocks, 100);
  $("draw-button").addEventListener("click", () => {
    app.conn.request({ type: "offer_draw", room: app.room.code }).then(() => {
      match.offer = { kind: "draw", seat: app.room.you };
      renderControls();
    }, showError);
  });
  $("swap-button").addEventListener("click", () => {
    // the room_state that follows seats this page on the other side
    app.conn.request({ type: "swap", room: app.room.code, ply: 1 }).catch(showError);
  });
  $("takeback-button").addEventListener("click", () => {
    app.conn.request({ type: "offer_takeback", room: app.room.code }).then(() => {
      match.offer = { kind: "takeback", seat: app.room.you };
      renderControls();
    }, showError);
  });
  const answer = (accept) => {
    const offer = match.offer;
    if (!offer) return;
    const type = offer.kind === "draw" ? "answer_draw" : "answer_takeback";
    app.conn.request({ type, room: app.room.code, accept }).then(() => {
      if (match.offer === offer) match.offer = null;
      renderControls();
    }, showError);
  };
  $("offer-accept").addEventListener("click", () => answer(true));
  $("offer-decline").addEventListener("click", () => answer(false));
  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text || !app.room) return;
    try {
      await app.conn.request({ type: "chat", room: app.room.code, text });
      input.value = "";
    } catch (err) {
      showError(err);
    }
  });
}
