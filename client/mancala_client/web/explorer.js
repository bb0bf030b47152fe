// The opening explorer (/explorer/{variant}): a position of the variant's opening tree,
// drawn on the board, and the moves counted games played from it (/api/explorer/...).
// The server plays the path and says which moves were played; the page only shows them.
// Every number and name is set as text.

import { BoardView } from "./board.js";
import { pref } from "./prefs.js";
import { SEAT_NAMES, count, fetchVariants, moveHole, moveText, variantTitle } from "./text.js";

const $ = (id) => document.getElementById(id);
const board = new BoardView($("board"), { onHole() {}, onDirection() {} });
const view = { variant: "", moves: [], starter: 0 };

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function share(part, whole) {
  return whole ? `${Math.round((100 * part) / whole)}%` : "–";
}

function missing(text) {
  $("explorer-missing").textContent = text;
  $("explorer-missing").hidden = false;
  $("explorer-view").hidden = true;
  document.body.dataset.loaded = "missing";
}

function address() {
  const query = new URLSearchParams();
  if (view.moves.length) query.set("moves", JSON.stringify(view.moves));
  if (view.starter) query.set("starter", String(view.starter));
  const tail = query.toString();
  return `/explorer/${encodeURIComponent(view.variant)}${tail ? `?${tail}` : ""}`;
}

async function show() {
  const api = address().replace("/explorer/", "/api/explorer/");
  const response = await fetch(api).catch(() => null);
  const data = response ? await response.json().catch(() => null) : null;
  if (!response?.ok || !data) {
    if (data?.error === "not_found") missing(`There is no variant called “${view.variant}”.`);
    else missing(`This opening cannot be shown: ${data?.message ?? "the server did not answer"}.`);
    return;
  }
  history.replaceState(null, "", address());
  const holes = data.holes;
  const last = view.moves.length ? view.moves[view.moves.length - 1] : null;
  board.render({ holes, state: data.state, you: null, bottom: 0, canMove: false,
                 lastHole: last === null ? null : moveHole(last), pending: false, counts: pref("counts") });
  $("explorer-where").textContent = view.moves.length
    ? `After ${view.moves.map((m) => moveText(m, holes)).join(", ")}`
    : `The start, ${SEAT_NAMES[view.starter]} to move`;
  $("explorer-caption").textContent = data.games
    ? `${count(data.games, "counted game")} from here; won, drawn and lost for the player who made the move`
    : "";
  $("explorer-empty").hidden = data.next.length > 0;
  $("explorer-table").hidden = data.next.length === 0;
  $("explorer-body").replaceChildren(...data.next.map((n) => {
    const tr = document.createElement("tr");
    tr.dataset.move = JSON.stringify(n.move);
    const td = document.createElement("td");
    if (view.moves.length < data.depth) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link-button";
      button.textContent = moveText(n.move, holes);
      button.addEventListener("click", () => { view.moves.push(n.move); show(); });
      td.append(button);
    } else {
      td.textContent = moveText(n.move, holes);
    }
    tr.append(td, cell(String(n.games)), cell(share(n.wins, n.games)), cell(share(n.draws, n.games)),
              cell(share(n.losses, n.games)), cell(n.average_rating === null ? "–" : String(n.average_rating)),
              // the solver's exact final margin for the mover, where an opening book holds it
              cell(n.value === null || n.value === undefined ? "–" : (n.value > 0 ? `+${n.value}` : String(n.value))));
    return tr;
  }));
  $("explorer-back").disabled = view.moves.length === 0;
  document.body.dataset.loaded = `${view.variant}:${view.moves.length}`;
}

async function start() {
  view.variant = decodeURIComponent(location.pathname.split("/")[2] || "");
  const query = new URLSearchParams(location.search);
  try {
    const moves = JSON.parse(query.get("moves") || "[]");
    view.moves = Array.isArray(moves) ? moves : [];
  } catch {
    view.moves = [];
  }
  view.starter = query.get("starter") === "1" ? 1 : 0;
  await fetchVariants();
  $("explorer-title").textContent = `Openings: ${variantTitle(view.variant)}`;
  document.title = `Openings: ${variantTitle(view.variant)} · Mancala`;
  $("explorer-starter").value = String(view.starter);
  $("explorer-starter").addEventListener("change", () => {
    view.starter = Number($("explorer-starter").value);
    view.moves = [];
    show();
  });
  $("explorer-start").addEventListener("click", () => { view.moves = []; show(); });
  $("explorer-back").addEventListener("click", () => { view.moves.pop(); show(); });
  await show();
}

start();
