// Where the page is: the lobby, or a room named in the address (#room=CODE to play,
// #watch=CODE to watch). Getting into a room tries the seat this browser holds, then
// a free seat, then watching.

import { ServerError } from "./net.js";
import { $, hideNotice, showError, showNotice } from "./notice.js";
import { showRecentGames } from "./recent.js";
import { app } from "./state.js";
import * as saved from "./store.js";
import { errorText } from "./text.js";

export function parseHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const room = params.get("room");
  const watch = params.get("watch");
  const code = (room || watch || "").trim().toUpperCase();
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return null;
  return { code, mode: watch ? "watch" : "auto" };
}

export function setHash(hash) {
  if (location.hash === hash || (hash === "" && location.hash === "")) return;
  if (hash === "") history.pushState(null, "", location.pathname + location.search);
  else history.pushState(null, "", hash);
}

export class Router {
  /** roomView: the RoomView (showJoining); lobbyView: the LobbyView (renderMine) */
  constructor(roomView, lobbyView) {
    this.roomView = roomView;
    this.lobbyView = lobbyView;
    this.entering = null; // {target, done} while a room is being entered
  }

  /** Get into the target room: reconnect to a held seat, else join, else watch. One
   * entering at a time: a link followed while the page greets the server starts one, and
   * the greeting's own would ask for a seat again before the first answer came, find the
   * room full (the first took the seat) and fall back to watching. */
  enterTarget() {
    const target = app.target;
    if (this.entering && this.entering.target === target) return this.entering.done;
    const done = this.enter(target).finally(() => {
      if (this.entering?.done === done) this.entering = null;
    });
    this.entering = { target, done };
    return done;
  }

  async enter(target) {
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
        this.showLobby();
      }
    }
  }

  /** Follow the address: the lobby, or the room it names. */
  route() {
    const want = parseHash();
    if (want === null) {
      this.leaveRoom();
      this.showLobby();
      return;
    }
    if (app.target && app.target.code === want.code && app.target.mode === want.mode) {
      return; // there already, or on the way
    }
    if (app.room && app.room.code !== want.code) this.leaveRoom();
    app.target = want;
    if (!app.room) this.roomView.showJoining(want.code);
    this.enterTarget();
  }

  leaveRoom() {
    const room = app.room;
    app.target = null;
    app.room = null;
    app.pending = false;
    app.rematchOffer = null;
    if (room && app.conn.open) app.conn.request({ type: "leave", room: room.code }).catch(() => {});
  }

  showLobby() {
    $("room").hidden = true;
    $("lobby").hidden = false;
    document.title = "Mancala";
    this.lobbyView.renderMine(saved.seats());
    showRecentGames(); // a game just finished is among them
  }

  go(code, mode = "auto") {
    hideNotice();
    setHash(`#${mode === "watch" ? "watch" : "room"}=${code}`);
    this.route();
  }
}
