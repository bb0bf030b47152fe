// Jackman's challenge (/one-turn/{variant}, issue 16): the best first turn of a multi-lap
// variant, from the solver (/api/variants/{variant}/one-turn, searched on the server off
// its event loop), played out on a board move by move with the room's own animation
// (sowing.js: the seeds of each move dropped along its events), ending with the count.

import { BoardView } from "./board.js";
import { annotate } from "./history.js";
import { renderMoveList } from "./movelist.js";
import { pref } from "./prefs.js";
import { MoveQueue } from "./sowing.js";
import { fetchVariants, moveHole, seeds, variantTitle } from "./text.js";

const $ = (id) => document.getElementById(id);

const view = { line: null, moves: [], states: null, shown: null };
const board = new BoardView($("board"), { onHole() {}, onDirection() {} });

/** frame: what the queue shows now (null: the last move's end, once all are played). */
function draw(frame) {
  const at = frame ? frame.ply : view.shown ?? 0;
  const state = frame ? frame.state : view.states.get(at);
  const move = view.moves[frame && !frame.final ? frame.ply : at - 1] ?? null;
  board.render({
    holes: view.line.holes, state, you: null, bottom: 0, canMove: false,
    lastHole: move ? moveHole(move.move) : null, path: frame?.path,
    captured: frame ? frame.captured : move?.effects?.capturedHoles, pending: false, counts: pref("counts"),
  });
  const n = view.moves.length;
  $("step-where").textContent = at === 0 && !frame ? `Start (${n} moves)` : `Move ${Math.min(at + (frame && !frame.final ? 1 : 0), n)} of ${n}`;
  $("main").dataset.ply = String(at);
  renderMoveList($("move-list"), view.moves.slice(0, frame && !frame.final ? at + 1 : at),
                 { holes: view.line.holes, names: ["South", "North"], shown: frame && !frame.final ? at : at - 1 });
}

// a line shown from its start: every move played out in turn, none skipped
const queue = new MoveQueue(draw, { keepUp: false });

/** Why there is no line, in words: the server's message names engine parameters ("mlaps
 * OFF") that mean nothing to a player. */
function refusal(answer, name) {
  switch (answer?.error) {
    case "not_found":
      return `There is no variant called “${name}”.`;
    case "no_one_turn":
      return `In ${variantTitle(name)} a sowing ends where its last seed falls: it never goes on in laps, so `
        + "there is no long first turn to find. Jackman's challenge is asked of the games sown in laps.";
    case "search_busy":
      return "The computer is busy with other searches just now: reload the page in a minute.";
    case "one_turn_timeout":
      return "The search for the best first turn took too long: try again later.";
    default:
      return "The best first turn could not be found.";
  }
}

function showResult(done) {
  const box = $("result");
  box.hidden = !done;
  $("main").dataset.done = done ? "1" : "0";
  if (!done) return;
  const { captured, total } = view.line;
  const h = document.createElement("h3");
  h.id = "one-turn-count";
  h.dataset.captured = String(captured);
  h.textContent = `${captured} of ${total} seeds in South's store`;
  const p = document.createElement("p");
  p.textContent = `in ${view.moves.length} sowings, before North ever moves; ${seeds(total - captured)} `
    + "elsewhere. Jackman's own best was 30.";
  box.replaceChildren(h, p);
}

function play() {
  queue.clear();
  view.shown = 0;
  showResult(false);
  draw(null);
  view.moves.forEach((m, i) => {
    queue.push({
      ply: m.ply, move: m.move, before: view.states.get(m.ply), after: view.states.get(m.ply + 1),
      events: m.events, effects: m.effects,
      done() {
        view.shown = m.ply + 1;
        if (i === view.moves.length - 1) showResult(true);
      },
    });
  });
}

/** Stop the line playing and show the position after `at` moves (a step, or the end:
 * a line of 15 moves played seed by seed takes most of a minute). */
function stepTo(at) {
  queue.clear();
  view.shown = Math.max(0, Math.min(view.moves.length, at));
  draw(null);
  showResult(view.shown === view.moves.length);
}

function stepKeys(event) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  const at = view.shown ?? 0;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: view.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  stepTo(to);
}

async function start() {
  const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const [response] = await Promise.all([
    fetch(`/api/variants/${encodeURIComponent(name)}/one-turn`).catch(() => null), fetchVariants()]);
  const line = response ? await response.json().catch(() => null) : null;
  if (!response?.ok || !line) {
    $("one-turn-status").textContent = refusal(line, name);
    document.body.dataset.loaded = "missing";
    return;
  }
  view.line = line;
  view.states = new Map([[0, line.start], ...line.steps.map((s, i) => [i + 1, s.state])]);
  view.moves = line.steps.map((s, ply) => ({ ply, seat: line.player, move: s.move, events: s.events, state: s.state }));
  annotate(view.moves, view.states);
  $("one-turn-title").textContent = `Jackman's challenge: ${line.title}`;
  document.title = `Jackman's challenge: ${line.title} · Mancala`;
  $("moves-count").textContent = String(view.moves.length);
  $("one-turn-status").textContent = `The best first turn (found in ${line.seconds} s over ${line.positions} positions).`;
  $("one-turn-view").hidden = false;
  $("one-turn-replay").addEventListener("click", play);
  $("step-back").addEventListener("click", () => stepTo((view.shown ?? 0) - 1));
  $("step-next").addEventListener("click", () => stepTo((view.shown ?? 0) + 1));
  $("step-end").addEventListener("click", () => stepTo(view.moves.length));
  document.addEventListener("keydown", stepKeys);
  document.body.dataset.loaded = "line";
  play();
}

start();
