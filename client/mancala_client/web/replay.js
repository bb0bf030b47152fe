// The replay viewer (/games/{id}): a stored game's board at any move, the annotated move
// list, keys to step (← → Home End), the result, and the game's record to download.
// Positions come from /api/games/{id}/positions (the server replays the stored moves);
// with "Analysis" on (off by default, kept in localStorage), the computer's best move and
// value for the shown position come from /api/games/{id}/analysis?ply=N (analysis.js);
// everything people typed is shown as text.

import { Analyses, analysisText } from "./analysis.js";
import { withKey } from "./gamekey.js";
import { BoardView } from "./board.js";
import { annotate, fetchPositions } from "./history.js";
import { renderMoveList } from "./movelist.js";
import { pref, setPref } from "./prefs.js";
import { SEAT_NAMES, moveHole, shownName } from "./text.js";

const $ = (id) => document.getElementById(id);

const view = { id: null, game: null, states: null, moves: [], at: 0, analyses: null };
const board = new BoardView($("board"), { onHole() {}, onDirection() {} });

function names() {
  return [0, 1].map((seat) => shownName(view.game.players[seat]) ?? SEAT_NAMES[seat]);
}

function show(at) {
  view.at = Math.max(0, Math.min(view.moves.length, at));
  const move = view.moves[view.at - 1] ?? null;
  board.render({
    holes: view.holes, state: view.states.get(view.at), you: null, bottom: 0, canMove: false,
    lastHole: move ? moveHole(move.move) : null, captured: move?.effects?.capturedHoles, pending: false,
    counts: pref("counts"), bestHole: bestHole(view.at),
  });
  $("step-where").textContent = view.at === 0 ? `Start (${view.moves.length} moves)` : `Move ${view.at} of ${view.moves.length}`;
  $("main").dataset.at = String(view.at);
  renderMoveList($("move-list"), view.moves, { holes: view.holes, names: names(), shown: view.at - 1,
                                                 onPick: (ply) => show(ply + 1) });
  showInList($("move-list"), $("move-list").querySelector("li.shown"));
  $("step-back").disabled = $("step-first").disabled = view.at === 0;
  $("step-forward").disabled = $("step-last").disabled = view.at === view.moves.length;
  showAnalysis();
}

/** The shown move in sight inside the list. Not scrollIntoView: it scrolls every box
 * around the list too, and on a phone (the list below the board) the viewer opened some
 * 250 px down, the board out of sight. */
function showInList(list, item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}

// ---- analysis ----------------------------------------------------------------------------

function bestHole(ply) {
  return pref("analysis") === "on" ? view.analyses.bestHole(ply) : null;
}

/** The shown position's analysis when it is on: from memory, else asked for once. */
function showAnalysis() {
  const on = pref("analysis") === "on";
  const box = $("analysis");
  box.hidden = !on;
  if (!on) return;
  const ply = view.at;
  const got = view.analyses.get(ply, view.id, ply);
  box.textContent = got ? analysisText(got, view.holes) : "Analysing…";
  box.dataset.ply = got ? String(ply) : "";
}

function renderResult(game) {
  const box = $("result");
  box.hidden = !game.result;
  if (!game.result) return;
  const h = document.createElement("h3");
  const winner = game.outcome?.winner;
  // an aborted game (ended before both players moved) has no winner and was no draw either
  h.textContent = game.reason === "aborted" ? "Aborted"
    : winner === 0 || winner === 1 ? `${names()[winner]} (${SEAT_NAMES[winner]}) wins` : "Draw";
  const p = document.createElement("p");
  p.textContent = game.result.charAt(0).toUpperCase() + game.result.slice(1);
  box.replaceChildren(h, p);
}

/** Download links for what the server offers: the game's JSON, and its record in the
 * `mancala replay` format and in text notation where the server has them. */
async function offerDownloads(id) {
  $("download-moves").href = withKey(`/api/games/${id}`);
  $("download-moves").download = `mancala-${id}-game.json`;
  for (const kind of ["json", "txt"]) {
    const path = withKey(`/api/games/${id}/record.${kind}`);
    const head = await fetch(path, { method: "HEAD" }).catch(() => null);
    if (!head?.ok) continue;
    const a = document.createElement("a");
    a.id = `download-record-${kind}`;
    a.href = path;
    a.download = `mancala-${id}.${kind}`; // the server's name too (Content-Disposition)
    const label = kind === "json" ? "Record for mancala replay (JSON)" : "Record in text notation";
    a.textContent = label;
    $("downloads").append(" · ", a);
  }
}

function onKey(event) {
  if (event.target.closest?.("#board, input, select, textarea")) return;
  const to = { ArrowLeft: view.at - 1, ArrowRight: view.at + 1, Home: 0, End: view.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  show(to);
}

async function start() {
  const id = location.pathname.split("/")[2];
  const [game, positions] = await Promise.all([
    fetch(withKey(`/api/games/${id}`)).then((r) => (r.ok ? r.json() : null)).catch(() => null),
    fetchPositions(id)]);
  if (!game) {
    $("game-missing").hidden = false;
    document.body.dataset.loaded = "missing";
    return;
  }
  view.game = game;
  view.id = id;
  // an answer (or a refusal) comes in: the position shown is drawn again with it
  view.analyses = new Analyses(() => show(view.at));
  $("game-title").textContent = positions?.title ?? game.variant;
  document.title = `${positions?.title ?? game.variant} · Mancala`;
  const [south, north] = names();
  $("game-players").textContent = `${south} (South) against ${north} (North)`;
  renderResult(game);
  offerDownloads(id);
  if (!positions) {
    $("game-missing").textContent = "This game's positions cannot be shown (a custom variant): its moves can be downloaded.";
    $("game-missing").hidden = false;
    document.body.dataset.loaded = "moves";
    return;
  }
  view.holes = positions.holes;
  view.states = new Map(positions.states.map((s, ply) => [ply, s]));
  view.moves = game.moves.map((move, ply) => ({ ply, seat: game.seats[ply], move }));
  annotate(view.moves, view.states);
  $("moves-count").textContent = String(view.moves.length);
  $("game-view").hidden = false;
  for (const [button, step] of [["step-first", () => 0], ["step-back", () => view.at - 1],
                                ["step-forward", () => view.at + 1], ["step-last", () => view.moves.length]]) {
    $(button).addEventListener("click", () => show(step()));
  }
  document.addEventListener("keydown", onKey);
  $("analysis-on").checked = pref("analysis") === "on";
  $("analysis-on").addEventListener("change", (event) => {
    setPref("analysis", event.target.checked ? "on" : "off");
    show(view.at);
  });
  show(view.moves.length); // a finished game opens on its end
  document.body.dataset.loaded = "game";
}

start();
