// The annotated move list, in the room and in the replay viewer: one column per player
// (a player who moves again gets the next line of their own column), each move with
// its number, hole letter, seeds captured (×5) and another turn (+). A move is a
// button: it shows the position after it.

import { patch } from "./morph.js";
import { SEAT_NAMES, moveShort, moveText } from "./text.js";

function marks(effects) {
  if (!effects) return "";
  return `${effects.captured ? ` ×${effects.captured}` : ""}${effects.extra ? " +" : ""}`;
}

function words(m, holes) {
  const e = m.effects;
  const parts = [`Move ${m.ply + 1}, ${moveText(m.move, holes)}`];
  if (e?.captured) parts.push(`captured ${e.captured}`);
  if (e?.extra) parts.push("moves again");
  return parts.join(", ");
}

/**
 * Draw `moves` ([{ply, seat, move, effects}]) into the list element.
 * options: {holes, names: [South's, North's], shown: the ply whose move is highlighted
 * (null: none), onPick(ply)}.
 */
export function renderMoveList(list, moves, { holes, names, shown = null, onPick }) {
  // the columns' names, above the list (not items of it)
  const heads = list.previousElementSibling?.classList.contains("move-heads") ? list.previousElementSibling : null;
  if (heads) patch(heads, ...[0, 1].map((seat) => {
    const span = document.createElement("span");
    span.className = `side-${seat}`;
    span.textContent = names?.[seat] ?? SEAT_NAMES[seat];
    return span;
  }));
  const items = moves.map((m, i) => {
    const li = document.createElement("li");
    li.dataset.ply = m.ply;
    li.className = `side-${m.seat}${i === moves.length - 1 ? " last" : ""}${m.ply === shown ? " shown" : ""}`;
    if (m.effects?.captured) li.dataset.capture = String(m.effects.captured);
    if (m.effects?.extra) li.dataset.extra = "1";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-link";
    button.setAttribute("aria-label", words(m, holes));
    if (m.ply === shown) button.setAttribute("aria-current", "step");
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = `${m.ply + 1}.`;
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = moveShort(m.move, holes);
    const note = document.createElement("span");
    note.className = "marks";
    note.textContent = marks(m.effects);
    button.append(number, " ", what, note);
    li.append(button);
    return li;
  });
  patch(list, ...items);
  // the items stay from one drawing to the next (morph.js): the list listens for them
  list.onclick = (event) => {
    const item = event.target.closest?.("li[data-ply]");
    if (item && list.contains(item)) onPick?.(Number(item.dataset.ply));
  };
}
