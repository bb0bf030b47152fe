// Puzzles (/puzzles/{variant}): a position from a real game where exactly one move keeps
// the value the solver proves (/api/puzzles/{variant}, no solution in it). The answer
// goes over the game socket (puzzle_answer): the server judges it, shows the solution
// and, for a wrong move, its refutation; a known player's first try moves their puzzle
// rating. The page decides nothing.

import { BoardView } from "./board.js";
import { ServerError } from "./net.js";
import { openPageSocket } from "./page_socket.js";
import { pref } from "./prefs.js";
import { SEAT_NAMES, fetchVariants, moveHole, moveText, variantTitle } from "./text.js";

const $ = (id) => document.getElementById(id);
const view = { variant: "", puzzle: null, answered: null };
let conn = null;
const board = new BoardView($("board"), {
  onHole(index) { answer(index); },
  onDirection(index, dir) { answer([index, dir]); },
});

function draw() {
  const p = view.puzzle;
  const done = view.answered;
  board.render({ holes: p.holes, state: p.state, you: p.state.turn, bottom: p.state.turn ?? 0,
                 canMove: !done, pending: false, counts: pref("counts"),
                 lastHole: done ? moveHole(done.solution) : null });
}

async function load(after = 0) {
  const difficulty = $("puzzle-difficulty").value;
  const query = new URLSearchParams({ after: String(after), ...(difficulty ? { difficulty } : {}) });
  const response = await fetch(`/api/puzzles/${encodeURIComponent(view.variant)}?${query}`).catch(() => null);
  const data = response ? await response.json().catch(() => null) : null;
  if (!response?.ok || !data) {
    $("puzzle-missing").textContent = data?.error === "no_puzzles"
      ? `No puzzle of ${variantTitle(view.variant)} yet: they are found in finished games between players.`
      : `There is no variant called “${view.variant}”.`;
    $("puzzle-missing").hidden = false;
    $("puzzle-view").hidden = true;
    document.body.dataset.loaded = "missing";
    return;
  }
  view.puzzle = data;
  view.answered = null;
  $("puzzle-view").hidden = false;
  $("puzzle-result").hidden = true;
  $("puzzle-task").textContent = `${SEAT_NAMES[data.state.turn]} to move: find the one best move `
    + `(${data.difficulty}, rated ${data.rating}).`;
  draw();
  document.body.dataset.loaded = `puzzle-${data.id}`;
}

async function answer(move) {
  const p = view.puzzle;
  if (!p || view.answered || !conn?.open) return;
  let result;
  try {
    result = await conn.request({ type: "puzzle_answer", puzzle: p.id, move });
  } catch (err) {
    $("puzzle-result").textContent = err instanceof ServerError ? err.detail : String(err);
    $("puzzle-result").hidden = false;
    return;
  }
  view.answered = result;
  const lines = [result.correct
    ? `Right: ${moveText(result.solution, p.holes)} keeps a final margin of ${result.value}.`
    : `Not this one: ${moveText(move, p.holes)} ends ${result.refutation?.value ?? "lower"} at best`
      + (result.refutation?.reply !== null && result.refutation?.reply !== undefined
        ? `, after ${moveText(result.refutation.reply, p.holes)} in answer` : "")
      + `. The move was ${moveText(result.solution, p.holes)}, keeping ${result.value}.`];
  const box = $("puzzle-result");
  box.replaceChildren(...lines.map((text) => {
    const para = document.createElement("p");
    para.textContent = text;
    return para;
  }));
  box.dataset.correct = result.correct ? "1" : "0";
  box.hidden = false;
  if (result.rating_after !== null && result.rating_after !== undefined) {
    $("puzzle-rating").textContent = `Your puzzle rating: ${result.rating_before} → ${result.rating_after}`;
  }
  draw();
  document.body.dataset.loaded = `answered-${p.id}`;
}

async function start() {
  view.variant = decodeURIComponent(location.pathname.split("/")[2] || "");
  await fetchVariants();
  $("puzzle-title").textContent = `Puzzles: ${variantTitle(view.variant)}`;
  document.title = `Puzzles: ${variantTitle(view.variant)} · Mancala`;
  $("puzzle-next").addEventListener("click", () => load(view.puzzle?.id ?? 0));
  $("puzzle-difficulty").addEventListener("change", () => load(0));
  conn = openPageSocket();
  await load(0);
}

start();
