// The page: connects, shows the lobby or a room, and keeps both in step with
// what the server pushes. The server is the only judge of moves; the page only
// offers the legal ones it was sent.

import { BoardView, legalByHole } from "./board.js";
import { LobbyView } from "./lobby.js";
import { Connection, ServerError } from "./net.js";
import * as saved from "./store.js";
import {
  SEAT_NAMES, computerLevel, errorText, letter, moveHole, moveShort, moveText, playerName, sideOf,
} from "./text.js";

const $ = (id) => document.getElementById(id);

const app = {
  conn: null,
  target: null, // the room the page wants to be in: {code, mode: "auto" | "watch"}
  room: null, // the room shown: the last room_state plus what was pushed since
  pending: false, // a move is on its way
  rematchOffer: null, // seat that offered a rematch
  confirm: null, // {button, until}: a two-step button waiting for its second press
};

// ---- small helpers ------------------------------------------------------------------

function announce(text) {
  const box = $("announcer");
  box.textContent = "";
  // a fresh text node, a tick later, so the same words are read again
  setTimeout(() => { box.textContent = text; }, 30);
}

let noticeTimer = null;
function showNotice(text, detail = "", kind = "error") {
  $("notice-text").textContent = text;
  $("notice-detail").textContent = detail;
  $("notice").dataset.kind = kind;
  $("notice").hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(hideNotice, kind === "error" ? 12000 : 6000);
}

function hideNotice() {
  $("notice").hidden = true;
}

function showError(err) {
  if (err instanceof ServerError) {
    const { text, detail } = errorText(err.code, err.detail);
    showNotice(text, detail);
    $("notice").dataset.code = err.code;
  } else {
    showNotice("Something went wrong on this page.", String(err));
    $("notice").dataset.code = "client";
  }
}

/** Explain a click the page will not send, without asking the server. */
function refuse(code, text) {
  showNotice(text, "", "error");
  $("notice").dataset.code = code;
  announce(text);
}

function name(seat) {
  const room = app.room;
  if (room && seat === room.you) return `You (${SEAT_NAMES[seat]})`;
  return playerName(room?.seats, seat);
}

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

function shareLink(code) {
  return `${location.origin}${location.pathname}#room=${code}`;
}

function parseHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const room = params.get("room");
  const watch = params.get("watch");
  const code = (room || watch || "").trim().toUpperCase();
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return null;
  return { code, mode: watch ? "watch" : "auto" };
}

function setHash(hash) {
  if (location.hash === hash || (hash === "" && location.hash === "")) return;
  if (hash === "") history.pushState(null, "", location.pathname + location.search);
  else history.pushState(null, "", hash);
}

/** A button that needs a second press within a few seconds. */
function twoStep(buttonEl, confirmLabel, action) {
  const now = Date.now();
  if (app.confirm && app.confirm.button === buttonEl && app.confirm.until > now) {
    buttonEl.textContent = app.confirm.label;
    buttonEl.classList.remove("confirming");
    app.confirm = null;
    action();
    return;
  }
  const label = buttonEl.textContent;
  app.confirm = { button: buttonEl, until: now + 4000, label };
  buttonEl.textContent = confirmLabel;
  buttonEl.classList.add("confirming");
  announce(`${confirmLabel}: press again to confirm.`);
  setTimeout(() => {
    if (app.confirm && app.confirm.button === buttonEl) {
      buttonEl.textContent = label;
      buttonEl.classList.remove("confirming");
      app.confirm = null;
    }
  }, 4000);
}

// ---- connection -----------------------------------------------------------------------

let retryTicker = null;
function onStatus(info) {
  const conn = $("conn");
  clearInterval(retryTicker);
  if (info.state === "open") {
    conn.dataset.state = "open";
    conn.textContent = "Online";
    document.body.dataset.conn = "open";
    if (!info.first) {
      $("banner").hidden = false;
      $("banner").dataset.kind = "ok";
      $("banner-text").textContent = "Reconnected.";
      $("retry-now").hidden = true;
      announce("Reconnected to the server.");
      setTimeout(() => { if (app.conn.open) $("banner").hidden = true; }, 3000);
    } else {
      $("banner").hidden = true;
    }
    return;
  }
  // retrying
  document.body.dataset.conn = "retrying";
  conn.dataset.state = "retrying";
  conn.textContent = "Offline";
  const until = Date.now() + info.delay;
  const what = info.everOpened ? "Connection lost." : "Cannot reach the server.";
  const tick = () => {
    const secs = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    $("banner-text").textContent = `${what} Reconnecting${secs ? ` in ${secs} s` : "…"} (attempt ${info.attempt}).`;
  };
  tick();
  retryTicker = setInterval(tick, 500);
  $("banner").dataset.kind = "warn";
  $("banner").hidden = false;
  $("retry-now").hidden = false;
  if (info.attempt === 1) announce(`${what} Reconnecting.`);
  app.pending = false;
  if (app.room) renderRoom();
}

async function onOpen() {
  const c = app.conn;
  try {
    await c.request({ type: "hello", name: saved.loadName() || "guest" });
    const [variants, lobby] = await Promise.all([
      c.request({ type: "list_variants" }),
      c.request({ type: "subscribe_lobby" }),
    ]);
    lobbyView.setVariants(variants.variants);
    lobbyView.setRooms(lobby.rooms);
    if (app.target) await enterTarget();
  } catch (err) {
    if (!(err instanceof ServerError && err.code === "disconnected")) showError(err);
  }
}

// ---- entering and leaving rooms -------------------------------------------------------

/** Get into the target room: reconnect to a held seat, else join, else watch. */
async function enterTarget() {
  const target = app.target;
  if (!target || !app.conn.open) return;
  const { code } = target;
  const held = saved.seatFor(code);
  let lostSeat = false;
  try {
    if (held && target.mode !== "watch") {
      try {
        await app.conn.request({ type: "reconnect", room: code, token: held.token });
        return;
      } catch (err) {
        if (!(err instanceof ServerError) || err.code !== "bad_token") throw err;
        saved.forgetSeat(code);
        lostSeat = true;
      }
    }
    if (target.mode === "auto") {
      try {
        await app.conn.request({ type: "join_room", room: code });
        if (lostSeat) showNotice(errorText("bad_token").text, "You have taken a free seat.", "info");
        return;
      } catch (err) {
        if (!(err instanceof ServerError)
            || !["room_full", "game_over", "seat_taken"].includes(err.code)) throw err;
        if (!lostSeat && err.code !== "game_over") {
          showNotice("Both seats are taken: you are watching this game.", "", "info");
        }
      }
    }
    await app.conn.request({ type: "spectate", room: code });
    if (lostSeat) showNotice(errorText("bad_token").text, "You are watching the game instead.", "info");
  } catch (err) {
    if (err instanceof ServerError && err.code === "disconnected") return; // retried on reconnect
    showError(err);
    if (err instanceof ServerError && err.code === "no_such_room") {
      saved.forgetSeat(code);
      app.target = null;
      setHash("");
      showLobby();
    }
  }
}

function route() {
  const want = parseHash();
  if (want === null) {
    leaveRoom();
    showLobby();
    return;
  }
  if (app.target && app.target.code === want.code && app.target.mode === want.mode) {
    return; // there already, or on the way
  }
  if (app.room && app.room.code !== want.code) leaveRoom();
  app.target = want;
  if (!app.room) showJoining(want.code);
  enterTarget();
}

/** Before the room's state arrives: say where the page is going. */
function showJoining(code) {
  $("lobby").hidden = true;
  $("room").hidden = false;
  $("room-title").textContent = `Room ${code}`;
  $("room-code").textContent = code;
  $("room-privacy").textContent = "";
  $("spectator-count").textContent = "";
  $("share").hidden = true;
  $("result").hidden = true;
  $("resign-button").hidden = true;
  $("rematch-button").hidden = true;
  for (const id of ["player-top", "player-bottom", "board", "move-list"]) $(id).replaceChildren();
  $("moves-count").textContent = "0";
  $("status-line").textContent = `Joining room ${code}…`;
  delete $("room").dataset.ply;
}

function leaveRoom() {
  const room = app.room;
  app.target = null;
  app.room = null;
  app.pending = false;
  app.rematchOffer = null;
  if (room && app.conn.open) app.conn.request({ type: "leave", room: room.code }).catch(() => {});
}

function showLobby() {
  $("room").hidden = true;
  $("lobby").hidden = false;
  document.title = "Mancala";
  lobbyView.renderMine(saved.seats());
}

function go(code, mode = "auto") {
  hideNotice();
  setHash(`#${mode === "watch" ? "watch" : "room"}=${code}`);
  route();
}

// ---- server messages ------------------------------------------------------------------

const handlers = {
  seat_granted(msg) {
    saved.saveSeat(msg.room, { token: msg.token, seat: msg.seat });
    if (!app.target || app.target.code !== msg.room) app.target = { code: msg.room, mode: "auto" };
  },

  room_state(msg) {
    if (!app.target || app.target.code !== msg.room) return; // a room this page has left
    const fresh = !app.room || app.room.code !== msg.room;
    const newGame = !fresh && msg.ply === 0 && (app.room.ply > 0 || app.room.status === "finished");
    app.room = {
      code: msg.room, variant: msg.variant, title: msg.title, holes: msg.holes, public: msg.public,
      seats: msg.seats.map((s) => ({ ...s })), spectators: msg.spectators, status: msg.status,
      you: msg.you, ply: msg.ply, moves: [...msg.moves], state: msg.state, result: msg.result,
      outcome: msg.state.outcome,
    };
    app.pending = false;
    app.rematchOffer = null;
    if (msg.you !== null) saved.saveSeat(msg.room, { seat: msg.you, title: msg.title });
    setHash(`#${msg.you === null && app.target.mode === "watch" ? "watch" : "room"}=${msg.room}`);
    $("lobby").hidden = true;
    $("room").hidden = false;
    renderRoom();
    if (fresh) {
      const computer = msg.seats.find((s) => s.computer);
      const level = computer ? computerLevel(computer) : "";
      const against = computer ? ` against the computer${level ? ` (${level})` : ""}` : "";
      const role = msg.you === null ? "Watching" : `You play ${SEAT_NAMES[msg.you]}${against}`;
      announce(`${msg.title}, room ${msg.room}. ${role}. ${turnText()}`);
      $("board").querySelector("button.hole[tabindex='0']")?.focus({ preventScroll: true });
    } else if (newGame) {
      const role = msg.you === null ? "" : ` You play ${SEAT_NAMES[msg.you]}.`;
      announce(`A new game has started.${role} ${turnText()}`);
      showNotice(`A new game has started.${role}`, "", "info");
    }
  },

  move_made(msg) {
    const room = app.room;
    if (!room || room.code !== msg.room) return;
    if (msg.ply !== room.ply) {
      enterTarget(); // missed something: ask for the whole room again
      return;
    }
    room.moves.push({ ply: msg.ply, seat: msg.seat, move: msg.move });
    room.ply = msg.ply + 1;
    room.state = msg.state;
    room.outcome = msg.state.outcome;
    app.pending = false;
    renderRoom();
    const who = msg.seat === room.you ? "You" : playerName(room.seats, msg.seat);
    announce(`${who} played ${moveText(msg.move, room.holes)}. ${room.outcome ? "" : turnText()}`);
  },

  round_started(msg) {
    const room = app.room;
    if (!room || room.code !== msg.room) return;
    room.state = msg.state;
    room.outcome = null;
    renderRoom();
    announce(`The round is over: a new round starts. ${turnText()}`);
    showNotice("A new round starts.", "", "info");
  },

  room_closed(msg) {
    saved.forgetSeat(msg.room);
    if (!app.room || app.room.code !== msg.room) return;
    app.target = null;
    app.room = null;
    app.pending = false;
    setHash("");
    showLobby();
    showNotice("That room was closed: nobody had moved for a long while.", msg.reason, "info");
  },

  game_over(msg) {
    const room = app.room;
    if (!room || room.code !== msg.room) return;
    room.status = "finished";
    room.result = msg.result;
    room.outcome = msg.outcome;
    room.reason = msg.reason;
    app.pending = false;
    renderRoom();
    announce(`Game over. ${resultHeadline()}. ${msg.result}.`);
  },

  player_status(msg) {
    const room = app.room;
    if (!room || room.code !== msg.room) return;
    const seat = room.seats[msg.seat];
    if (msg.name !== null && msg.name !== undefined) seat.name = msg.name;
    seat.connected = msg.status === "joined" || msg.status === "back";
    if (msg.status === "joined" && room.status === "waiting"
        && room.seats.every((s) => s.name !== null)) room.status = "playing";
    renderRoom();
    const who = msg.seat === room.you ? "You" : playerName(room.seats, msg.seat);
    const words = {
      joined: `${who} joined the game.`,
      disconnected: `${who} lost the connection; they can come back for a while.`,
      back: `${who} is back.`,
      left: `${who} left the room.`,
      forfeited: `${who} did not come back and forfeits.`,
    }[msg.status];
    if (words && msg.seat !== room.you) {
      showNotice(words, "", "info");
      announce(`${words} ${msg.status === "joined" ? turnText() : ""}`);
    }
  },

  spectators(msg) {
    if (!app.room || app.room.code !== msg.room) return;
    app.room.spectators = msg.count;
    renderRoom();
  },

  rematch_offer(msg) {
    if (!app.room || app.room.code !== msg.room) return;
    app.rematchOffer = msg.seat;
    renderRoom();
    if (msg.seat !== app.room.you) {
      const text = `${playerName(app.room.seats, msg.seat)} offers a rematch.`;
      showNotice(text, app.room.you === null ? "" : "Press Rematch to accept.", "info");
      announce(text);
    }
  },

  lobby(msg) {
    lobbyView.setRooms(msg.rooms);
  },

  lobby_update(msg) {
    lobbyView.updateRoom(msg);
  },

  server_closing(msg) {
    showNotice("The server is restarting: the page will reconnect and keep your seat.", "", "info");
  },

  error(msg) {
    // an error nobody was waiting for (a request without an id)
    showError(new ServerError(msg.code, msg.message, msg.params));
  },
};

function onMessage(msg) {
  const handler = handlers[msg.type];
  if (handler) handler(msg);
}

// ---- the room view --------------------------------------------------------------------

function canMove() {
  const room = app.room;
  return Boolean(room && app.conn.open && room.you !== null && room.status === "playing"
    && !room.outcome && room.state.turn === room.you && !app.pending);
}

function turnText() {
  const room = app.room;
  if (!room) return "";
  if (room.status === "waiting") return "Waiting for an opponent.";
  if (room.status === "finished" || room.outcome) return "The game is over.";
  if (room.state.turn === room.you) return "Your turn.";
  if (computerThinking()) return `${playerName(room.seats, room.state.turn)} is thinking…`;
  return `${playerName(room.seats, room.state.turn)} to move.`;
}

/** A computer seat is to move: its move comes by itself, in a moment. */
function computerThinking() {
  const room = app.room;
  return Boolean(room && room.status === "playing" && !room.outcome
    && room.seats[room.state.turn]?.computer);
}

function hasComputer() {
  return Boolean(app.room?.seats.some((s) => s.computer));
}

function resultHeadline() {
  const room = app.room;
  const outcome = room.outcome;
  if (!outcome) return "Game over";
  if (outcome.winner === null || outcome.winner === undefined) return "Draw";
  if (room.you === null) return `${SEAT_NAMES[outcome.winner]} wins`;
  return outcome.winner === room.you ? "You win" : "You lose";
}

function playerBar(el, seat) {
  const room = app.room;
  const info = room.seats[seat];
  const toMove = room.status === "playing" && !room.outcome && room.state.turn === seat;
  el.replaceChildren();
  el.dataset.seat = seat;
  el.classList.toggle("to-move", toMove);
  const dot = document.createElement("span");
  dot.className = `presence ${info.name === null ? "empty" : info.connected ? "on" : "off"}`;
  dot.setAttribute("aria-hidden", "true");
  const label = document.createElement("span");
  label.className = "who";
  const who = info.name === null ? `${SEAT_NAMES[seat]}: open seat` : name(seat);
  const away = info.name !== null && !info.connected ? " (away)" : "";
  label.textContent = who + away;
  el.append(dot, label);
  if (info.computer) {
    const badge = document.createElement("span");
    badge.className = "computer-badge";
    const level = computerLevel(info);
    badge.textContent = level ? `computer · ${level}` : "computer";
    el.append(badge);
  }
  const store = document.createElement("span");
  store.className = "store-count";
  store.textContent = `${room.state.stores[seat]} in store`;
  el.append(store);
  if (toMove) {
    const flag = document.createElement("span");
    const thinking = info.computer && seat !== room.you;
    flag.className = `turn-flag${thinking ? " thinking" : ""}`;
    flag.textContent = seat === room.you ? "your turn" : thinking ? "thinking…" : "to move";
    el.append(flag);
  }
}

function renderMoves() {
  const room = app.room;
  const list = $("move-list");
  list.replaceChildren(...room.moves.map((m, i) => {
    const li = document.createElement("li");
    li.dataset.ply = m.ply;
    li.className = `side-${m.seat}${i === room.moves.length - 1 ? " last" : ""}`;
    const seatName = document.createElement("span");
    seatName.className = "mover";
    seatName.textContent = SEAT_NAMES[m.seat];
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = moveShort(m.move, room.holes);
    li.setAttribute("aria-label", `Move ${m.ply + 1}: ${moveText(m.move, room.holes)}`);
    li.append(seatName, " ", what);
    return li;
  }));
  $("moves-count").textContent = String(room.moves.length);
  list.scrollTop = list.scrollHeight; // the latest move in sight, without moving the page
}

function renderResult() {
  const room = app.room;
  const box = $("result");
  const over = room.status === "finished" || room.outcome;
  box.hidden = !over;
  if (!over) return;
  const [s0, s1] = room.state.stores;
  const onBoard = [0, 1].map((side) => room.state.board
    .filter((_, i) => sideOf(i, room.holes)[0] === side).reduce((a, b) => a + b, 0));
  box.replaceChildren();
  const h = document.createElement("h3");
  h.textContent = `${resultHeadline()}!`;
  const p = document.createElement("p");
  p.className = "result-words";
  p.textContent = room.result ? room.result.charAt(0).toUpperCase() + room.result.slice(1) : "";
  const counts = document.createElement("p");
  counts.className = "final-counts";
  const left = onBoard[0] + onBoard[1]
    ? ` (on the board: ${SEAT_NAMES[0]} ${onBoard[0]}, ${SEAT_NAMES[1]} ${onBoard[1]})` : "";
  counts.textContent = `Final count: ${name(0)} ${s0}, ${name(1)} ${s1}${left}`;
  box.append(h, p, counts);
}

function renderRoom() {
  const room = app.room;
  if (!room) return;
  const bottom = room.you ?? 0;
  const section = $("room");
  section.dataset.room = room.code;
  section.dataset.ply = room.ply;
  section.dataset.status = room.status;
  section.dataset.turn = room.state.turn;
  section.dataset.you = room.you === null ? "spectator" : String(room.you);
  section.dataset.thinking = computerThinking() ? "1" : "0";
  $("room-title").textContent = room.title;
  $("room-code").textContent = room.code;
  $("room-privacy").textContent = room.public ? "public" : "private";
  $("spectator-count").textContent = `${room.spectators} watching`;

  // an invitation only while a seat is free (against the computer both are taken)
  const showShare = room.status === "waiting" && !hasComputer();
  $("share").hidden = !showShare;
  $("share-link").value = shareLink(room.code);

  playerBar($("player-top"), 1 - bottom);
  playerBar($("player-bottom"), bottom);
  const last = room.moves.length ? moveHole(room.moves[room.moves.length - 1].move) : null;
  boardView.render({
    holes: room.holes, state: room.state, you: room.you, bottom, canMove: canMove(),
    lastHole: last, pending: app.pending,
  });

  let status = turnText();
  if (room.you === null) status = `Watching. ${status}`;
  if (app.pending) status = "Sending your move…";
  if (!app.conn.open) status = "Offline: the board comes back up to date when the page reconnects.";
  if (room.status === "waiting" && room.you !== null) status = "Waiting for an opponent: share the link above.";
  $("status-line").textContent = status;
  $("status-line").classList.toggle("your-turn", canMove());
  $("status-line").classList.toggle("thinking", computerThinking() && app.conn.open);
  document.title = `${canMove() ? "Your turn · " : ""}${room.title} · Mancala`;

  renderMoves();
  renderResult();

  const playing = room.you !== null && room.status === "playing" && !room.outcome;
  $("resign-button").hidden = !playing;
  const rematch = $("rematch-button");
  const finished = room.you !== null && room.status === "finished";
  rematch.hidden = !finished;
  if (finished) {
    if (app.rematchOffer === room.you) {
      rematch.textContent = "Rematch asked: waiting";
      rematch.disabled = true;
    } else if (hasComputer()) {
      rematch.textContent = "Rematch"; // the computer always agrees: the new game starts at once
      rematch.disabled = false;
    } else {
      rematch.textContent = app.rematchOffer !== null ? "Accept rematch" : "Rematch";
      rematch.disabled = false;
    }
  }
}

// ---- playing --------------------------------------------------------------------------

function explainRefusal(index) {
  const room = app.room;
  if (!app.conn.open) return refuse("disconnected", "Not connected: wait until the page has reconnected.");
  if (room.you === null) return refuse("not_a_player", "You are watching this game, not playing in it.");
  if (room.status === "waiting") return refuse("not_your_turn", "Waiting for an opponent to join.");
  if (room.status === "finished" || room.outcome) return refuse("game_over", "The game is over.");
  if (app.pending) return refuse("pending", "Your move is on its way.");
  if (room.state.turn !== room.you) {
    return refuse("not_your_turn", `It is not your turn: ${playerName(room.seats, room.state.turn)} is to move.`);
  }
  const pos = sideOf(index, room.holes)[1];
  const owners = room.state.owners || [];
  const sided = owners.some((o) => o !== null);
  if (sided && owners[index] !== room.you) {
    return refuse("illegal_move", `Hole ${letter(pos)} is your opponent's: play a hole in your own row.`);
  }
  if (room.state.blocked?.[index]) return refuse("illegal_move", `Hole ${letter(pos)} is blocked.`);
  if (room.state.board[index] === 0) return refuse("illegal_move", `Hole ${letter(pos)} is empty.`);
  return refuse("illegal_move", `Hole ${letter(pos)} is not a legal move now.`);
}

function onHole(index) {
  const room = app.room;
  if (!room) return;
  const options = canMove() ? legalByHole(room.state.legal).get(index) : undefined;
  if (!options) {
    explainRefusal(index);
    return;
  }
  if (options.includes("plain")) {
    sendMove(index);
  } else if (options.length === 1) {
    sendMove([index, options[0]]);
  } else {
    boardView.focusDirections(index);
    announce("Choose a direction: counter-clockwise or clockwise.");
  }
}

async function sendMove(move) {
  const room = app.room;
  hideNotice();
  app.pending = true;
  renderRoom();
  try {
    await app.conn.request({ type: "move", room: room.code, move, ply: room.ply });
  } catch (err) {
    app.pending = false;
    if (app.room) renderRoom();
    showError(err);
    announce(errorText(err.code).text);
  }
}

function resign() {
  const room = app.room;
  twoStep($("resign-button"), "Really resign?", () => {
    app.conn.request({ type: "resign", room: room.code }).catch(showError);
  });
}

function rematch() {
  const room = app.room;
  app.conn.request({ type: "rematch", room: room.code }).then(() => {
    // a rematch that started at once (accepted, or against the computer) sent the new
    // game's room_state before this answer: that game is shown, nothing is waiting
    if (app.room !== room || room.status !== "finished") return;
    if (app.rematchOffer === null || app.rematchOffer === room.you) {
      app.rematchOffer = room.you;
      renderRoom();
      announce("Rematch asked; waiting for your opponent.");
    }
  }, showError);
}

// ---- lobby actions --------------------------------------------------------------------

async function createRoom(form) {
  const data = new FormData(form);
  const seat = data.get("seat");
  const starter = data.get("starter");
  const message = {
    type: "create_room",
    variant: data.get("variant"),
    public: data.get("public") === "1",
    seat: seat === "any" ? null : Number(seat),
    starter: starter === "random" ? "random" : Number(starter),
  };
  if (data.get("opponent") === "computer") {
    const level = data.get("level");
    message.computer = level === "perfect" ? level : Number(level);
  }
  hideNotice();
  try {
    const granted = await app.conn.request(message);
    app.target = { code: granted.room, mode: "auto" };
  } catch (err) {
    showError(err);
  }
}

async function quickPair(variant) {
  hideNotice();
  try {
    const granted = await app.conn.request({ type: "quick_pair", variant });
    app.target = { code: granted.room, mode: "auto" };
    showNotice("Quick pairing: you have a seat.", "The game starts when someone else asks for the same variant.", "info");
  } catch (err) {
    showError(err);
  }
}

/** The create form follows the opponent chosen: a difficulty for the computer. */
function showOpponent() {
  const computer = $("create-form").querySelector("input[name='opponent']:checked")?.value === "computer";
  $("level-field").hidden = !computer;
  $("create-level").disabled = !computer;
  $("create-button").textContent = computer ? "Play the computer" : "Create room";
  // a game against the computer is private unless the player lists it
  const listed = $("create-form").querySelector(`input[name='public'][value='${computer ? "0" : "1"}']`);
  if (listed) listed.checked = true;
  $("create-hint").textContent = computer
    ? "The computer takes the other seat and the game starts at once. Quick pairing is with a person."
    : "Quick pairing puts you with the next player who asks for the same variant.";
}

// ---- wiring ---------------------------------------------------------------------------

const boardView = new BoardView($("board"), {
  onHole,
  onDirection: (index, dir) => {
    const options = canMove() ? legalByHole(app.room.state.legal).get(index) : undefined;
    if (!options || !options.includes(dir)) explainRefusal(index);
    else sendMove([index, dir]);
  },
});

const lobbyView = new LobbyView({
  create(variant) {
    $("create-variant").value = variant;
    $("create-form").scrollIntoView({ block: "start", behavior: "smooth" });
    $("create-variant").focus();
    announce("Variant chosen: set the options, then press Create room.");
  },
  quick: quickPair,
  join: (code) => go(code, "auto"),
  watch: (code) => go(code, "watch"),
  forget(code) {
    saved.forgetSeat(code);
    lobbyView.renderMine(saved.seats());
  },
});

function start() {
  const nameInput = $("player-name");
  nameInput.value = saved.loadName();
  nameInput.addEventListener("change", () => {
    const value = nameInput.value.trim().slice(0, 40);
    saved.saveName(value);
    if (app.conn.open) app.conn.request({ type: "hello", name: value || "guest" }).catch(showError);
  });

  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = $("join-code").value.trim().toUpperCase();
    if (!/^[A-Z0-9]{4,16}$/.test(code)) {
      refuse("bad_code", "A room code is 4 to 16 letters and digits.");
      return;
    }
    go(code, "auto");
  });
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    createRoom(event.target);
  });
  $("quick-button").addEventListener("click", () => quickPair($("create-variant").value));
  for (const radio of document.querySelectorAll("#create-form input[name='opponent']")) {
    radio.addEventListener("change", showOpponent);
  }
  showOpponent();
  $("back-button").addEventListener("click", () => {
    const room = app.room;
    const leave = () => { setHash(""); route(); };
    if (room && room.you !== null && room.status === "playing" && !room.outcome) {
      twoStep($("back-button"), "Leave? You forfeit unless you come back", leave);
    } else {
      leave();
    }
  });
  $("home-link").addEventListener("click", (event) => {
    event.preventDefault();
    $("back-button").click();
  });
  $("resign-button").addEventListener("click", resign);
  $("rematch-button").addEventListener("click", rematch);
  $("notice-close").addEventListener("click", hideNotice);
  $("retry-now").addEventListener("click", () => app.conn.retryNow());
  $("copy-link").addEventListener("click", async () => {
    const input = $("share-link");
    try {
      await navigator.clipboard.writeText(input.value);
      showNotice("Link copied.", "", "info");
    } catch {
      input.select();
      showNotice("Select the link and copy it.", "", "info");
    }
  });
  window.addEventListener("hashchange", route);

  app.conn = new Connection(wsUrl(), { onMessage, onOpen, onStatus });
  // for tests and the curious: the page's state, read-only by convention
  window.mancala = app;

  const want = parseHash();
  if (want) {
    app.target = want;
    showJoining(want.code);
  } else {
    showLobby();
  }
  app.conn.connect();
}

start();
