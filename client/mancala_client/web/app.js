// The page: connects, shows the lobby or a room, and keeps both in step with
// what the server pushes. The parts: net.js (the socket), banner.js (its state on
// the page), routes.js (lobby or room), messages.js (what the server pushes),
// room.js and play.js (the room shown, and played), lobby.js and create.js (the
// lobby shown, and its requests), notice.js (messages to the player), state.js.
// This module builds them and wires the page's buttons and forms.

import { claimWin } from "./away.js";
import { showConnection } from "./banner.js";
import { confirmArrange } from "./arrange.js";
import { storeMove } from "./store_move.js";
import { confirmChoice, onPicked } from "./choice.js";
import { challengeHandlers, wireChallenges } from "./challenges.js";
import { after as competeAfter, wireRoom } from "./compete.js";
import { createRoom, quickPair, showOpponent } from "./create.js";
import { POOLS, clockLabel } from "./terms.js";
import { LobbyView } from "./lobby.js";
import { messageHandlers } from "./messages.js";
import { Connection, ServerError } from "./net.js";
import { $, announce, hideNotice, refuse, showError, showNotice, twoStep } from "./notice.js";
import { identify, rename, renderMe, wireDevices } from "./identity.js";
import { wireOptions } from "./options.js";
import { RoomActions } from "./play.js";
import { showRecentGames } from "./recent.js";
import { RoomView } from "./room.js";
import { Router, parseHash, setHash } from "./routes.js";
import { MoveQueue } from "./sowing.js";
import { app } from "./state.js";
import * as saved from "./store.js";
import { knowTitles } from "./text.js";
import { wireTournaments } from "./tourney_lobby.js";

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

const roomView = new RoomView({
  onHole: (index) => actions.hole(index),
  onDirection: (index, dir) => actions.direction(index, dir),
});
const actions = new RoomActions(roomView);

const lobbyView = new LobbyView({
  create(variant) {
    $("create-variant").value = variant;
    $("create-variant").dispatchEvent(new Event("change"));
    $("create-form").scrollIntoView({ block: "start", behavior: "smooth" });
    $("create-variant").focus();
    announce("Variant chosen: set the options, then press Create room.");
  },
  quick: quickPair,
  join: (code) => router.go(code, "auto"),
  watch: (code) => router.go(code, "watch"),
  forget(code) {
    saved.forgetSeat(code);
    lobbyView.renderMine(saved.seats());
  },
});

const router = new Router(roomView, lobbyView);
const moves = new MoveQueue((frame) => {
  app.frame = frame;
  if (app.room) roomView.render();
});
const handlers = messageHandlers({ roomView, lobbyView, router, moves });

function onMessage(msg) {
  const handler = handlers[msg.type] ?? challengeHandlers[msg.type];
  if (handler) handler(msg);
  competeAfter(msg, { roomView }); // clocks, offers, chat (compete.js)
}

function onStatus(info) {
  showConnection(info, () => app.conn.open);
  if (info.state === "open") return;
  delete document.body.dataset.ready; // set again once the greeting is answered
  app.pending = false;
  if (app.room) roomView.render();
}

async function onOpen() {
  const c = app.conn;
  try {
    await c.request({ type: "hello", name: saved.loadName() || "guest" });
    try {
      await identify(c, saved.loadName()); // a known player: ratings, challenges (identity.js)
    } catch (err) {
      // refused (too many new players from this address, say): play on as a guest
      // rather than stop short of the lobby and the room the link names
      if (!(err instanceof ServerError) || err.code === "disconnected") throw err;
      showError(err);
    }
    const [variants, lobby] = await Promise.all([
      c.request({ type: "list_variants" }),
      c.request({ type: "subscribe_lobby" }),
    ]);
    knowTitles(variants.variants);
    renderMe(); // its ratings were drawn before the titles came: again, with them
    lobbyView.setVariants(variants.variants);
    lobbyView.setRooms(lobby.rooms);
    showRecentGames();
    if (app.target) await router.enterTarget();
    // the session is named and the lobby loaded: what a script or a test may wait for
    document.body.dataset.ready = "1";
  } catch (err) {
    if (err instanceof ServerError && err.code === "bad_message" && !app.me && saved.loadName()) {
      // the kept name is refused (one that passes for the computer, say, kept from before
      // that rule): it must not keep the page from the lobby; greet again without it
      saved.saveName("");
      showError(err);
      await onOpen();
      return;
    }
    if (!(err instanceof ServerError && err.code === "disconnected")) showError(err);
  }
}

function start() {
  const nameInput = $("player-name");
  nameInput.value = saved.loadName();
  nameInput.addEventListener("change", () => {
    const value = nameInput.value.trim().slice(0, 40);
    saved.saveName(value);
    if (app.conn.open && app.me && value) rename(app.conn, value);
    else if (app.conn.open) app.conn.request({ type: "hello", name: value || "guest" }).catch(showError);
  });

  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = $("join-code").value.trim().toUpperCase();
    if (!/^[A-Z0-9]{4,16}$/.test(code)) {
      refuse("bad_code", "A room code is 4 to 16 letters and digits.");
      return;
    }
    router.go(code, "auto");
  });
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    createRoom(event.target);
  });
  $("quick-button").addEventListener("click", () => quickPair($("create-variant").value));
  $("pools").replaceChildren(...POOLS.map(({ variant, title, clock }) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary pool";
    b.dataset.variant = variant;
    b.dataset.clock = clockLabel(clock);
    b.textContent = `${title} ${clockLabel(clock)}`;
    b.addEventListener("click", () => quickPair(variant, { clock, rated: $("pools-rated").checked }));
    return b;
  }));
  for (const radio of document.querySelectorAll("#create-form input[name='opponent']")) {
    radio.addEventListener("change", showOpponent);
  }
  showOpponent();
  $("back-button").addEventListener("click", () => {
    const room = app.room;
    const leave = () => { setHash(""); router.route(); };
    if (room && room.you !== null && room.status === "playing" && !room.outcome) {
      // against the computer leaving ends the game (nobody waits for you to come back)
      const computer = room.seats.some((s) => s.computer);
      twoStep($("back-button"), computer ? "Leave? That resigns the game" : "Leave? You forfeit unless you come back",
              leave);
    } else {
      leave();
    }
  });
  $("home-link").addEventListener("click", (event) => {
    event.preventDefault();
    $("back-button").click();
  });
  $("resign-button").addEventListener("click", () => actions.resign());
  $("claim-button").addEventListener("click", claimWin);
  $("round-choice-confirm").addEventListener("click", confirmChoice);
  $("arrange-confirm").addEventListener("click", confirmArrange);
  $("store-move-button").addEventListener("click", () => storeMove(actions));
  onPicked(() => roomView.render());
  $("viewing-back").addEventListener("click", () => roomView.showMove(null));
  $("rematch-button").addEventListener("click", () => actions.rematch());
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
  window.addEventListener("hashchange", () => router.route());
  wireRoom();
  wireChallenges();
  wireTournaments();
  wireDevices();
  wireOptions(() => { if (app.room) roomView.render(); });

  app.conn = new Connection(wsUrl(), { onMessage, onOpen, onStatus });
  // for tests and the curious: the page's state, read-only by convention
  window.mancala = app;

  const want = parseHash();
  if (want) {
    app.target = want;
    roomView.showJoining(want.code);
  } else {
    router.showLobby();
  }
  app.conn.connect();
}

start();
