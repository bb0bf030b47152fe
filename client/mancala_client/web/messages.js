// What the server pushes, and what the page makes of it: each message type updates
// app.room (or the lobby), redraws, and says what happened.

import { noteGrace } from "./away.js";
import { setArrange } from "./arrange.js";
import { setChoice } from "./choice.js";
import { moveEffects } from "./effects.js";
import { setGameKey } from "./gamekey.js";
import { annotate, loadPositions } from "./history.js";
import { ServerError } from "./net.js";
import { announce, showError, showNotice } from "./notice.js";
import { resultHeadline, turnText } from "./room.js";
import { setHash } from "./routes.js";
import { app } from "./state.js";
import { play } from "./sound.js";
import * as saved from "./store.js";
import { SEAT_NAMES, computerLevel, moveText, playerName } from "./text.js";

/** The handler of each message type; views: {roomView, lobbyView, router}. */
export function messageHandlers({ roomView, lobbyView, router, moves }) {
  return {
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
        seats: msg.seats.map((s) => {
          const seat = { ...s };
          noteGrace(seat, s.grace_ms);
          return seat;
        }), spectators: msg.spectators, status: msg.status,
        you: msg.you, ply: msg.ply, moves: msg.moves.map((m) => ({ ...m })), state: msg.state, result: msg.result,
        // a finished game's end as its game_over told it (a resignation or an abort leaves
        // no outcome in the position); older servers send neither
        outcome: msg.outcome ?? msg.state.outcome, reason: msg.reason ?? null, gameId: msg.game_id, states: new Map([[msg.ply, msg.state]]),
        shareKey: msg.share_key ?? null, clock: msg.clock ?? null, rated: Boolean(msg.rated), pie: Boolean(msg.pie),
      };
      setChoice(app.room, msg.round_choice ?? null);
      setArrange(app.room, msg.arrange ?? null);
      setGameKey(app.room.shareKey, app.room.gameId);
      annotate(app.room.moves, app.room.states); // from their events, where the server sent them
      app.viewPly = null;
      // the moves before this page came in: their marks need the positions they were played on
      if (msg.ply > 0) {
        const room = app.room;
        loadPositions(room).then((ok) => { if (ok && app.room === room) roomView.render(); });
      }
      app.pending = false;
      app.rematchOffer = null;
      moves.clear(); // the board shows this state, not what was being played out
      if (msg.you !== null) saved.saveSeat(msg.room, { seat: msg.you, title: msg.title });
      setHash(`#${msg.you === null && app.target.mode === "watch" ? "watch" : "room"}=${msg.room}`);
      roomView.show();
      if (fresh) {
        const computer = msg.seats.find((s) => s.computer);
        const level = computer ? computerLevel(computer) : "";
        const against = computer ? ` against the computer${level ? ` (${level})` : ""}` : "";
        const role = msg.you === null ? "Watching" : `You play ${SEAT_NAMES[msg.you]}${against}`;
        announce(`${msg.title}, room ${msg.room}. ${role}. ${turnText()}`);
        roomView.focusBoard();
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
        router.enterTarget(); // missed something: ask for the whole room again
        return;
      }
      const before = room.state;
      const effects = moveEffects(msg, before);
      room.moves.push({ ply: msg.ply, seat: msg.seat, move: msg.move, events: msg.events ?? null, effects });
      room.arrange = null; // only the game's first move may be an arrangement
      room.ply = msg.ply + 1;
      room.state = msg.state;
      room.states.set(room.ply, msg.state);
      room.outcome = msg.state.outcome;
      app.pending = false;
      // the board plays the move out (sowing.js); sounds and words come at its end
      moves.push({
        ply: msg.ply, move: msg.move, before, after: msg.state, events: msg.events ?? null,
        effects, own: msg.seat === room.you,
        done({ skipped = false } = {}) {
          if (app.room !== room) return;
          // a move overtaken before it was sown (the board keeping up, sowing.js) is
          // told in words but makes no sound: a burst would be a pile of them at once
          const sound = skipped ? null : effects.captured ? "capture" : effects.ownStore || effects.extra ? "extra" : null;
          if (sound) play(sound);
          const who = msg.seat === room.you ? "You" : playerName(room.seats, msg.seat);
          const said = [effects.captured ? `captured ${effects.captured}` : "", effects.extra ? "moves again" : ""]
            .filter(Boolean).join(", ");
          announce(`${who} played ${moveText(msg.move, room.holes)}${said ? `, ${said}` : ""}. `
                   + `${room.outcome ? "" : turnText()}`);
        },
      });
      roomView.render();
    },

    round_choice(msg) {
      const room = app.room;
      if (!room || room.code !== msg.room) return;
      setChoice(room, msg);
      roomView.render();
      const who = msg.seat === room.you ? "You choose" : `${SEAT_NAMES[msg.seat]} chooses`;
      announce(`The round is over. ${who} the next round's layout.`);
    },

    round_started(msg) {
      const room = app.room;
      if (!room || room.code !== msg.room) return;
      setChoice(room, null);
      room.state = msg.state;
      room.outcome = null;
      roomView.render();
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
      router.showLobby();
      showNotice("That room was closed: nobody had moved for a long while.", msg.reason, "info");
    },

    game_over(msg) {
      const room = app.room;
      if (!room || room.code !== msg.room) return;
      room.status = "finished";
      room.result = msg.result;
      room.outcome = msg.outcome;
      room.reason = msg.reason;
      room.gameId = msg.game_id ?? room.gameId;
      app.pending = false;
      roomView.render();
      moves.whenIdle(() => { // once the last move has been seen
        if (app.room !== room) return;
        play("end");
        announce(`Game over. ${resultHeadline()}. ${msg.result}.`);
      });
    },

    player_status(msg) {
      const room = app.room;
      if (!room || room.code !== msg.room) return;
      const seat = room.seats[msg.seat];
      if (msg.name !== null && msg.name !== undefined) seat.name = msg.name;
      seat.connected = msg.status === "joined" || msg.status === "back";
      seat.claimable = msg.status === "claimable"; // until they come back or the game ends
      noteGrace(seat, seat.connected ? null : msg.grace_ms);
      if (msg.status === "joined" && room.status === "waiting"
          && room.seats.every((s) => s.name !== null)) room.status = "playing";
      roomView.render();
      const who = msg.seat === room.you ? "You" : playerName(room.seats, msg.seat);
      const words = {
        joined: `${who} joined the game.`,
        disconnected: `${who} lost the connection; they can come back for a while.`,
        back: `${who} is back.`,
        left: `${who} left the room.`,
        forfeited: `${who} did not come back and forfeits.`,
        claimable: room.you === null ? `${who} has been away too long: ${SEAT_NAMES[1 - msg.seat]} may claim the win.`
          : `${who} has been away too long: you may claim the win, or keep waiting.`,
      }[msg.status];
      if (words && msg.seat !== room.you) {
        showNotice(words, "", "info");
        announce(`${words} ${msg.status === "joined" ? turnText() : ""}`);
      }
    },

    spectators(msg) {
      if (!app.room || app.room.code !== msg.room) return;
      app.room.spectators = msg.count;
      roomView.render();
    },

    rematch_offer(msg) {
      if (!app.room || app.room.code !== msg.room) return;
      app.rematchOffer = msg.seat;
      roomView.render();
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

    server_closing() {
      showNotice("The server is restarting: the page will reconnect and keep your seat.", "", "info");
    },

    error(msg) {
      // an error nobody was waiting for (a request without an id)
      showError(new ServerError(msg.code, msg.message, msg.params));
    },
  };
}
