// The room as the page shows it: the players, the board, whose turn it is, the
// moves so far, the result, and the buttons that fit the moment. Everything is
// drawn from app.room (state.js); clicks on the board go to the handlers given.

import { Analyses, analysisText } from "./analysis.js";
import { renderAway } from "./away.js";
import { renderArrange } from "./arrange.js";
import { renderStoreMove } from "./store_move.js";
import { choicePicks, renderChoice } from "./choice.js";
import { BoardView } from "./board.js";
import { loadPositions } from "./history.js";
import { renderMoveList } from "./movelist.js";
import { showRules } from "./rules.js";
import { patch, setText } from "./morph.js";
import { $ } from "./notice.js";
import { pref, setPref } from "./prefs.js";
import { app } from "./state.js";
import { termsLabel } from "./terms.js";
import { SEAT_NAMES, computerLevel, moveHole, playerName, seatName, sideOf } from "./text.js";

/** The seat's player in words; "You (South)" for the viewer's own seat. */
function name(seat) {
  const room = app.room;
  if (room && seat === room.you) return `You (${SEAT_NAMES[seat]})`;
  return playerName(room?.seats, seat);
}

function shareLink(code) {
  return `${location.origin}${location.pathname}#room=${code}`;
}

/** The board shows the room's last move played out (sowing.js plays moves out in turn). */
export function caughtUp() {
  return !app.frame || (app.frame.final && app.frame.ply === app.room?.ply);
}

export function canMove() {
  const room = app.room;
  return Boolean(room && app.conn.open && room.you !== null && room.status === "playing"
    && !room.outcome && room.state.turn === room.you && !app.pending && caughtUp());
}

/** The game's position as the board plays it out: while queued moves are shown one by
 * one, who is to move (and whether it is over) is read from the move on the board, not
 * from a later position the page has already been sent. */
function liveState() {
  return app.frame?.state ?? app.room.state;
}

/** A move's seeds are being sown on the board (not yet its end). */
function sowing() {
  return Boolean(app.frame && !app.frame.final);
}

function liveOver() {
  const room = app.room;
  if (app.frame) return Boolean(app.frame.state.outcome);
  return room.status === "finished" || Boolean(room.outcome);
}

export function turnText() {
  const room = app.room;
  if (!room) return "";
  if (room.status === "waiting") return "Waiting for an opponent.";
  if (liveOver()) return "The game is over.";
  const turn = liveState().turn;
  if (sowing()) return turn === room.you ? "Your move is played out." : `${playerName(room.seats, turn)} moves.`;
  if (turn === room.you) return "Your turn.";
  if (computerThinking()) return `${playerName(room.seats, turn)} is thinking…`;
  return `${playerName(room.seats, turn)} to move.`;
}

/** A computer seat is to move on the board as shown: its move comes by itself, in a moment. */
function computerThinking() {
  const room = app.room;
  return Boolean(room && room.status === "playing" && !liveOver() && !sowing()
    && room.seats[liveState().turn]?.computer);
}

function hasComputer() {
  return Boolean(app.room?.seats.some((s) => s.computer));
}

export function resultHeadline() {
  const room = app.room;
  const outcome = room.outcome;
  if (!outcome) return "Game over";
  if (room.reason === "aborted") return "Aborted"; // ended before both players moved: no result
  if (outcome.winner === null || outcome.winner === undefined) return "Draw";
  if (room.you === null) return `${SEAT_NAMES[outcome.winner]} wins`;
  return outcome.winner === room.you ? "You win" : "You lose";
}

function playerBar(el, seat, stores) {
  const room = app.room;
  const info = room.seats[seat];
  const toMove = room.status !== "waiting" && !liveOver() && liveState().turn === seat;
  el.dataset.seat = seat;
  el.classList.toggle("to-move", toMove);
  const span = (className, text) => {
    const node = document.createElement("span");
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const dot = span(`presence ${info.name === null ? "empty" : info.connected ? "on" : "off"}`);
  dot.setAttribute("aria-hidden", "true");
  const who = info.name === null ? `${SEAT_NAMES[seat]}: open seat` : name(seat);
  const away = info.name !== null && !info.connected ? " (away)" : "";
  const parts = [dot, span("who", who + away)];
  if (info.computer) {
    const level = computerLevel(info);
    parts.push(span("computer-badge", level ? `computer · ${level}` : "computer"));
  }
  parts.push(span("store-count", `${stores[seat]} in store`));
  if (toMove) {
    const thinking = info.computer && seat !== room.you && !sowing();
    parts.push(span(`turn-flag${thinking ? " thinking" : ""}`,
                    sowing() ? "moving" : seat === room.you ? "your turn" : thinking ? "thinking…" : "to move"));
  }
  patch(el, ...parts);
}

function renderMoves(onPick) {
  const room = app.room;
  const list = $("move-list");
  renderMoveList(list, room.moves, {
    holes: room.holes, shown: app.viewPly, onPick,
    names: [0, 1].map((seat) => (seat === room.you ? "You" : seatName(room.seats[seat]) ?? SEAT_NAMES[seat])),
  });
  setText($("moves-count"), String(room.moves.length));
  if (app.viewPly === null) list.scrollTop = list.scrollHeight; // the latest move in sight, without moving the page
}

/** The position the board shows: the game as it is, or after a past move picked in the list. */
function shownPosition() {
  const room = app.room;
  const ply = app.viewPly;
  const state = ply === null ? null : room.states.get(ply + 1);
  if (state) return { state, move: room.moves[ply], past: true, path: room.moves[ply].effects?.path };
  const frame = app.frame;
  if (frame) {
    return { state: frame.state, move: { move: frame.move, effects: { capturedHoles: frame.captured } },
             past: false, path: frame.final ? room.moves[frame.ply - 1]?.effects?.path : frame.path, ply: frame.ply };
  }
  const move = room.moves[room.moves.length - 1] ?? null;
  return { state: room.state, move, past: false, path: move?.effects?.path };
}

/** The whole position whose analysis a spectator sees: the past move picked in the list,
 * else the board's (none while a move's seeds are still falling). */
function analysedPly() {
  if (app.viewPly !== null) return app.viewPly + 1;
  if (sowing()) return null;
  return app.frame ? app.frame.ply : app.room.ply;
}

/** A position's key: a takeback and another move make another position at the same ply;
 * the game's end makes a rated game's positions answerable. */
function analysisKey(room, ply) {
  const over = room.status === "finished" || Boolean(room.outcome);
  return `${room.gameId}|${over ? "over" : "live"}|${JSON.stringify(room.moves.slice(0, ply).map((m) => m.move))}`;
}

function renderResult() {
  const room = app.room;
  const box = $("result");
  const over = room.status === "finished" || room.outcome;
  box.hidden = !over || !caughtUp(); // the result once the last move has been seen
  if (!over) return;
  const [s0, s1] = room.state.stores;
  const onBoard = [0, 1].map((side) => room.state.board
    .filter((_, i) => sideOf(i, room.holes)[0] === side).reduce((a, b) => a + b, 0));
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
  const parts = [h, p, counts];
  if (room.gameId !== null && room.gameId !== undefined) {
    const link = document.createElement("a");
    link.id = "replay-link";
    link.href = room.shareKey ? `/games/${room.gameId}?key=${encodeURIComponent(room.shareKey)}`
      : `/games/${room.gameId}`;
    link.textContent = "Replay this game";
    parts.push(link);
  }
  patch(box, ...parts);
}

function renderButtons() {
  const room = app.room;
  const playing = room.you !== null && room.status === "playing" && !room.outcome;
  $("resign-button").hidden = !playing;
  const rematch = $("rematch-button");
  const finished = room.you !== null && room.status === "finished";
  rematch.hidden = !finished;
  if (finished) {
    if (app.rematchOffer === room.you) {
      setText(rematch, "Rematch asked: waiting");
      rematch.disabled = true;
    } else if (hasComputer()) {
      setText(rematch, "Rematch"); // the computer always agrees: the new game starts at once
      rematch.disabled = false;
    } else {
      setText(rematch, app.rematchOffer !== null ? "Accept rematch" : "Rematch");
      rematch.disabled = false;
    }
  }
}

export class RoomView {
  /** handlers: onHole(index), onDirection(index, dir) — clicks on the board */
  constructor(handlers) {
    this.board = new BoardView($("board"), handlers);
    // a spectator's analysis (never a seated player's): off by default, kept in localStorage
    this.analyses = new Analyses(() => this.render());
    $("watch-analysis-on").addEventListener("change", (event) => {
      setPref("watchAnalysis", event.target.checked ? "on" : "off");
      this.render();
    });
  }

  /** For a spectator with analysis on: the words for the shown position and its best
   * hole (null while not known). Hidden from a seated player. */
  renderAnalysis() {
    const room = app.room;
    const spectator = room.you === null;
    $("watch-analysis-row").hidden = !spectator;
    const on = spectator && pref("watchAnalysis") === "on";
    $("watch-analysis-on").checked = on;
    const box = $("watch-analysis");
    box.hidden = !on;
    const ply = analysedPly();
    if (!on || ply === null || room.gameId === null || room.gameId === undefined) return null;
    const key = analysisKey(room, ply);
    const got = this.analyses.get(key, room.gameId, ply);
    setText(box, got ? analysisText(got, room.holes) : "Analysing…");
    box.dataset.ply = got ? String(ply) : "";
    return this.analyses.bestHole(key);
  }

  /** Before the room's state arrives: say where the page is going. */
  showJoining(code) {
    $("lobby").hidden = true;
    $("room").hidden = false;
    setText($("room-title"), `Room ${code}`);
    setText($("room-code"), code);
    setText($("room-privacy"), "");
    setText($("room-terms"), "");
    setText($("spectator-count"), "");
    $("share").hidden = true;
    $("result").hidden = true;
    $("away").hidden = true;
    $("claim-button").hidden = true;
    $("viewing").hidden = true;
    $("watch-analysis-row").hidden = true;
    $("watch-analysis").hidden = true;
    $("move-heads").replaceChildren();
    app.viewPly = null;
    $("resign-button").hidden = true;
    $("rematch-button").hidden = true;
    for (const id of ["player-top", "player-bottom", "board", "move-list"]) $(id).replaceChildren();
    $("moves-count").textContent = "0";
    setText($("status-line"), `Joining room ${code}…`);
    delete $("room").dataset.ply;
  }

  /** The room section visible instead of the lobby, drawn anew. */
  show() {
    $("lobby").hidden = true;
    $("room").hidden = false;
    this.render();
  }

  /** Show the position after a past move (null: the game as it is now). */
  async showMove(ply) {
    const room = app.room;
    if (!room) return;
    if (ply === null || ply === room.moves.length - 1) {
      app.viewPly = null;
    } else {
      if (!room.states.has(ply + 1)) await loadPositions(room);
      if (app.room !== room) return;
      app.viewPly = room.states.has(ply + 1) ? ply : null;
    }
    this.render();
  }

  /** The keyboard's place on the board: its first playable hole. */
  focusBoard() {
    $("board").querySelector("button.hole[tabindex='0']")?.focus({ preventScroll: true });
  }

  focusDirections(index) {
    this.board.focusDirections(index);
  }

  render() {
    const room = app.room;
    if (!room) return;
    const bottom = room.you ?? 0;
    const section = $("room");
    const shown = shownPosition();
    section.dataset.room = room.code;
    section.dataset.ply = shown.ply ?? room.ply; // the move the board shows: tests wait for it
    section.dataset.sowing = app.frame && !app.frame.final ? "1" : "0";
    section.dataset.status = room.status;
    section.dataset.turn = room.state.turn;
    section.dataset.you = room.you === null ? "spectator" : String(room.you);
    section.dataset.thinking = computerThinking() ? "1" : "0";
    setText($("room-title"), room.title);
    showRules(room.variant, room.title);
    setText($("room-code"), room.code);
    setText($("room-privacy"), room.public ? "public" : "private");
    setText($("room-terms"), termsLabel(room));
    setText($("spectator-count"), `${room.spectators} watching`);

    // an invitation only to a player, while a seat is free (against the computer both are
    // taken); a spectator has nobody to invite
    const free = room.seats.some((s) => s.name === null && !s.computer);
    const showShare = room.status === "waiting" && free && room.you !== null;
    $("share").hidden = !showShare;
    $("share-link").value = shareLink(room.code);

    const bestHole = this.renderAnalysis();
    playerBar($("player-top"), 1 - bottom, shown.state.stores);
    playerBar($("player-bottom"), bottom, shown.state.stores);
    this.board.render({
      holes: room.holes, state: shown.state, you: room.you, bottom, canMove: !shown.past && canMove(),
      lastHole: shown.move ? moveHole(shown.move.move) : null, captured: shown.move?.effects?.capturedHoles,
      path: shown.path,
      pending: app.pending, counts: pref("counts"), bestHole, picks: shown.past ? null : choicePicks(),
    });
    $("viewing").hidden = !shown.past;
    if (shown.past) {
      setText($("viewing-text"), `Showing the position after move ${app.viewPly + 1} of ${room.moves.length}.`);
    }

    let status = turnText();
    if (room.you === null) status = `Watching. ${status}`;
    if (app.pending) status = "Sending your move…";
    if (!app.conn.open) status = "Offline: the board comes back up to date when the page reconnects.";
    if (room.status === "waiting" && room.you !== null) status = "Waiting for an opponent: share the link above.";
    setText($("status-line"), status);
    $("status-line").classList.toggle("your-turn", canMove());
    $("status-line").classList.toggle("thinking", computerThinking() && app.conn.open);
    document.title = `${canMove() ? "Your turn · " : ""}${room.title} · Mancala`;

    renderAway();
    renderMoves((ply) => this.showMove(ply));
    renderResult();
    renderButtons();
    renderChoice();
    renderArrange();
    renderStoreMove(canMove());
  }
}
