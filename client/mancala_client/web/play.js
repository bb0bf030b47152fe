// What a player does in a room: a hole clicked (sent as a move, or explained when
// the page will not send it), resign and rematch. The server judges every move;
// the page offers only the legal ones it was sent.

import { legalByHole } from "./board.js";
import { pickHole } from "./choice.js";
import { $, announce, hideNotice, refuse, showError, twoStep } from "./notice.js";
import { canMove, caughtUp } from "./room.js";
import { play } from "./sound.js";
import { app } from "./state.js";
import { errorText, holeLetter, playerName } from "./text.js";

function explainRefusal(index) {
  const room = app.room;
  if (!caughtUp()) {
    return refuse("catching_up", "The last move is still being played out: a moment.");
  }
  play("illegal");
  if (!app.conn.open) return refuse("disconnected", "Not connected: wait until the page has reconnected.");
  if (room.you === null) return refuse("not_a_player", "You are watching this game, not playing in it.");
  if (room.status === "waiting") return refuse("not_your_turn", "Waiting for an opponent to join.");
  if (room.status === "finished" || room.outcome) return refuse("game_over", "The game is over.");
  if (app.pending) return refuse("pending", "Your move is on its way.");
  if (room.state.turn !== room.you) {
    return refuse("not_your_turn", `It is not your turn: ${playerName(room.seats, room.state.turn)} is to move.`);
  }
  const name = holeLetter(index, room.holes);
  const owners = room.state.owners || [];
  const sided = owners.some((o) => o !== null);
  if (sided && owners[index] !== room.you) {
    return refuse("illegal_move", `Hole ${name} is your opponent's: play a hole in your own row.`);
  }
  if (room.state.blocked?.[index]) return refuse("illegal_move", `Hole ${name} is blocked.`);
  if (room.state.board[index] === 0) return refuse("illegal_move", `Hole ${name} is empty.`);
  return refuse("illegal_move", `Hole ${name} is not a legal move now.`);
}

function options(index) {
  return canMove() ? legalByHole(app.room.state.legal).get(index) : undefined;
}

export class RoomActions {
  /** view: the RoomView, drawn again as a move goes out or is refused */
  constructor(view) {
    this.view = view;
  }

  hole(index) {
    if (!app.room || pickHole(index)) return; // a hole picked for the next round (choice.js)
    const choices = options(index);
    if (!choices) {
      explainRefusal(index);
      return;
    }
    if (choices.includes("plain")) {
      this.send(index);
    } else if (choices.length === 1) {
      this.send([index, choices[0]]);
    } else {
      this.view.focusDirections(index);
      announce("Choose a direction: counter-clockwise or clockwise.");
    }
  }

  direction(index, dir) {
    const choices = options(index);
    if (!choices || !choices.includes(dir)) explainRefusal(index);
    else this.send([index, dir]);
  }

  async send(move) {
    const room = app.room;
    hideNotice();
    app.pending = true;
    this.view.render();
    try {
      await app.conn.request({ type: "move", room: room.code, move, ply: room.ply });
    } catch (err) {
      app.pending = false;
      if (app.room) this.view.render();
      showError(err);
      if (err.code === "illegal_move") play("illegal");
      announce(errorText(err.code).text);
    }
  }

  resign() {
    const room = app.room;
    twoStep($("resign-button"), "Really resign?", () => {
      app.conn.request({ type: "resign", room: room.code }).catch(showError);
    });
  }

  rematch() {
    const room = app.room;
    app.conn.request({ type: "rematch", room: room.code }).then(() => {
      // a rematch that started at once (accepted, or against the computer) sent the new
      // game's room_state before this answer: that game is shown, nothing is waiting
      if (app.room !== room || room.status !== "finished") return;
      if (app.rematchOffer === null || app.rematchOffer === room.you) {
        app.rematchOffer = room.you;
        this.view.render();
        announce("Rematch asked; waiting for your opponent.");
      }
    }, showError);
  }
}
