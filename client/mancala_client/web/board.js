// The board, drawn from a pushed state. Holes are buttons; arrow keys move
// between them (one tab stop for the whole board), Enter or Space plays.

import { patch } from "./morph.js";
import { SEAT_NAMES, holeLetter, seeds, sideOf } from "./text.js";

// more seeds than this: the count alone, drawn large, in either mode: "seeds only" once
// drew at most 6, so that 12 seeds looked like 6 (issue 24); it draws every seed up to
// here and the count past it, never fewer seeds than there are
export const MAX_DOTS = 12;
// a small hole (a 9-hole board on a phone) with more seeds than this shows its count
// large instead of seeds too small to see (style.css, .crowded), where there is a count
export const CROWDED = 6;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "tabindex"
             || key === "type" || key === "title") node.setAttribute(key, value === true ? "true" : value);
    else node[key] = value;
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Legal moves grouped by hole: index -> ["plain"] or ["CCW", "CW"]. */
export function legalByHole(legal) {
  const out = new Map();
  for (const move of legal || []) {
    const [index, kind] = Array.isArray(move) ? move : [move, "plain"];
    if (!out.has(index)) out.set(index, []);
    out.get(index).push(kind);
  }
  return out;
}

/** Board indexes in screen order: [top row left to right, bottom row left to right]. */
export function layout(holes, bottom) {
  const base = bottom * holes;
  const bottomRow = [];
  const topRow = [];
  for (let k = 0; k < holes; k++) {
    bottomRow.push(base + k);
    topRow.push(2 * holes - 1 - (base + k));
  }
  return [topRow, bottomRow];
}

function whose(side, you) {
  if (you === null || you === undefined) return `${SEAT_NAMES[side]}'s`;
  return side === you ? "Your" : "Opponent's";
}

function dots(count) {
  const box = el("span", { class: "dots", "aria-hidden": "true" });
  if (count <= MAX_DOTS) {
    for (let i = 0; i < count; i++) box.append(el("span", { class: "seed" }));
  } else {
    box.classList.add("many");
  }
  return box;
}

export class BoardView {
  /**
   * @param {HTMLElement} root  where the board goes
   * @param {object} handlers  onHole(index), onDirection(index, dir)
   */
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.focusIndex = null; // the hole that holds the board's tab stop
    this.view = null;
    root.addEventListener("keydown", (event) => this.onKey(event));
    // The holes' buttons stay from one drawing to the next (morph.js), so the board
    // listens for them. A press on a button that is nonetheless replaced before the
    // release (a board drawn anew) fires no click: the browser wants the press and the
    // release on one element. The hole pressed is noted, and a release on the same hole's
    // new button counts as its click; when the button stayed, the browser's own click
    // follows and the note does nothing.
    this.pressed = null;
    const pressable = (event) => event.target.closest?.("button[data-hole], button[data-dir-hole]");
    const same = (a, b) => a.dataset.hole === b.dataset.hole && a.dataset.dirHole === b.dataset.dirHole
      && a.dataset.dir === b.dataset.dir;
    root.addEventListener("click", (event) => {
      const button = pressable(event);
      if (button) this.activate(button);
    });
    root.addEventListener("focusin", (event) => {
      const hole = event.target.dataset?.hole;
      if (hole !== undefined) this.setTabStop(Number(hole));
    });
    root.addEventListener("pointerdown", (event) => { this.pressed = pressable(event); });
    root.addEventListener("pointerup", (event) => {
      const pressed = this.pressed;
      this.pressed = null;
      if (!pressed || pressed.isConnected) return;
      const button = pressable(event);
      if (button && same(button, pressed)) this.activate(button);
    });
  }

  /** A hole's or a direction's button was clicked. */
  activate(button) {
    if (button.dataset.dir) {
      this.handlers.onDirection(Number(button.dataset.dirHole), button.dataset.dir);
    } else {
      this.focusIndex = Number(button.dataset.hole);
      this.handlers.onHole(this.focusIndex);
    }
  }

  /**
   * view: {holes, state, you, bottom, canMove, lastHole, bestHole (analysis), pending, counts: "numbers" | "stones"}
   */
  render(view) {
    this.view = view;
    const { holes, state, you, bottom } = view;
    const focusedHere = this.root.contains(document.activeElement);
    const focusedDir = focusedHere ? document.activeElement.dataset.dir : undefined;
    const legal = view.canMove ? legalByHole(state.legal) : new Map();
    const [topRow, bottomRow] = layout(holes, bottom);
    if (this.focusIndex === null || this.focusIndex >= 2 * holes) {
      this.focusIndex = bottomRow[0];
    }
    if (legal.size && !legal.has(this.focusIndex) && !focusedHere) {
      this.focusIndex = [...bottomRow, ...topRow].find((i) => legal.has(i)) ?? this.focusIndex;
    }

    const board = el("div", {
      class: `board${view.pending ? " pending" : ""}`,
      role: "group",
      "aria-label": `Board, ${holes} holes a side. ${SEAT_NAMES[bottom]} at the bottom.`,
    });
    board.style.setProperty("--holes", holes);
    const top = 1 - bottom;
    board.append(this.store(top, state.stores[top], you, "store-left"));
    for (const [rowName, row] of [["top", topRow], ["bottom", bottomRow]]) {
      row.forEach((index, column) => {
        const cell = this.hole(index, view, legal);
        cell.classList.add(`row-${rowName}`);
        cell.style.setProperty("--col", column);
        board.append(cell);
      });
    }
    board.append(this.store(bottom, state.stores[bottom], you, "store-right"));
    patch(this.root, board);

    if (focusedHere) {
      const target = focusedDir
        ? this.root.querySelector(`[data-dir-hole="${this.focusIndex}"][data-dir="${focusedDir}"]`)
        : null;
      (target ?? this.button(this.focusIndex))?.focus();
    }
  }

  store(side, count, you, place) {
    const label = you === null || you === undefined
      ? `${SEAT_NAMES[side]}'s store`
      : side === you ? "Your store" : "Opponent's store";
    return el("div", {
      class: `store ${place} side-${side}`,
      role: "img",
      "aria-label": `${label}, ${seeds(count)}`,
      "data-store": side,
    },
    el("span", { class: "store-name", text: SEAT_NAMES[side], "aria-hidden": "true" }),
    el("span", { class: "count", text: String(count), "aria-hidden": "true" }));
  }

  hole(index, view, legal) {
    const { holes, state, you } = view;
    const [side] = sideOf(index, holes);
    const name = holeLetter(index, holes); // North's in capitals, as the text record names them
    const count = state.board[index];
    const kinds = legal.get(index);
    const child = state.children?.[index] ?? null;
    const owner = state.owners?.[index] ?? null;
    const blocked = Boolean(state.blocked?.[index]);
    const last = view.lastHole === index;
    const best = view.bestHole === index;
    const captured = Boolean(view.captured?.includes(index));
    const onPath = Boolean(view.path?.includes(index));
    const directional = kinds && !kinds.includes("plain");

    const words = [`${whose(side, you)} hole ${name}, ${seeds(count)}`];
    if (blocked) words.push("blocked");
    const ram = child === "NO_CH_OWNER"; // a ram: a child of nobody's (its seeds count for neither)
    if (child !== null) words.push(ram ? "a ram, nobody's" : child === you ? "your child" : `child of ${SEAT_NAMES[child]}`);
    if (owner !== null && owner !== side) words.push(`owned by ${owner === you ? "you" : SEAT_NAMES[owner]}`);
    if (last) words.push("last move");
    if (captured) words.push("captured");
    if (best) words.push("the computer's best move");
    if (kinds) words.push(directional ? "playable, choose a direction" : "playable");
    // a hole this player may pick for the next round (choice.js): true picked, false not
    const pick = view.picks ? view.picks.get(index) : undefined;
    if (pick !== undefined) words.push(pick ? "picked for the next round" : "may be picked for the next round");

    const classes = ["hole", `side-${side}`];
    if (kinds) classes.push("legal");
    if (pick !== undefined) classes.push(pick ? "pickable picked" : "pickable");
    if (last) classes.push("last");
    if (captured) classes.push("captured");
    if (best) classes.push("best");
    const stones = view.counts === "stones";
    if (count > CROWDED && !stones) classes.push("crowded"); // see style.css
    if (onPath && !last) classes.push("path");
    if (blocked) classes.push("blocked");
    if (child !== null) classes.push(ram ? "child child-ram" : `child child-${child}`);
    if (owner !== null && owner !== side) classes.push(`owned owner-${owner}`);

    const button = el("button", {
      type: "button",
      class: classes.join(" "),
      "data-hole": index,
      "data-seeds": count,
      "data-legal": kinds ? kinds.join(" ") : undefined,
      "aria-label": words.join(", "),
      "aria-disabled": kinds || pick !== undefined ? undefined : "true",
      "aria-pressed": pick === undefined ? undefined : String(pick),
      tabindex: index === this.focusIndex ? "0" : "-1",
    },
    // the count has its own line above the seeds, and the letter sits under the hole:
    // nothing is drawn over either, whatever the hole's size (a 9-hole board on a phone)
    stones && count <= MAX_DOTS ? null : el("span", { class: "count", text: String(count), "aria-hidden": "true" }),
    dots(count),
    child !== null ? el("span", { class: "badge", text: ram ? "ram" : "child", "aria-hidden": "true" }) : null);

    const cell = el("div", { class: "cell" }, button,
                    el("span", { class: "hole-name", text: name, "aria-hidden": "true" }));
    if (directional) {
      const choice = el("div", { class: "directions", role: "group",
                                 "aria-label": `Direction for hole ${name}` });
      for (const dir of ["CCW", "CW"]) {
        if (!kinds.includes(dir)) continue;
        const dirButton = el("button", {
          type: "button",
          class: `dir dir-${dir.toLowerCase()}`,
          "data-dir-hole": index,
          "data-dir": dir,
          tabindex: "-1",
          title: dir === "CW" ? "clockwise" : "counter-clockwise",
          "aria-label": `Sow hole ${name} ${dir === "CW" ? "clockwise" : "counter-clockwise"}`,
          text: dir === "CW" ? "↻" : "↺",
        });
        choice.append(dirButton);
      }
      cell.append(choice);
    }
    return cell;
  }

  button(index) {
    return this.root.querySelector(`button.hole[data-hole="${index}"]`);
  }

  setTabStop(index) {
    if (this.focusIndex === index) return;
    this.button(this.focusIndex)?.setAttribute("tabindex", "-1");
    this.focusIndex = index;
    this.button(index)?.setAttribute("tabindex", "0");
  }

  /** Move the focus to the direction choice of a hole (after Enter on it). */
  focusDirections(index) {
    this.root.querySelector(`[data-dir-hole="${index}"]`)?.focus();
  }

  onKey(event) {
    if (!this.view) return;
    const target = event.target;
    const [topRow, bottomRow] = layout(this.view.holes, this.view.bottom);
    if (target.dataset.dir) {
      const hole = Number(target.dataset.dirHole);
      const options = [...this.root.querySelectorAll(`[data-dir-hole="${hole}"]`)];
      const at = options.indexOf(target);
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        const next = options[(at + (event.key === "ArrowLeft" ? -1 : 1) + options.length) % options.length];
        next?.focus();
        event.preventDefault();
      } else if (event.key === "Escape" || event.key === "ArrowUp" || event.key === "ArrowDown") {
        this.button(hole)?.focus();
        event.preventDefault();
      }
      return;
    }
    if (target.dataset.hole === undefined) return;
    const index = Number(target.dataset.hole);
    const inTop = topRow.includes(index);
    const row = inTop ? topRow : bottomRow;
    const column = row.indexOf(index);
    let next = null;
    switch (event.key) {
      case "ArrowLeft": next = row[Math.max(0, column - 1)]; break;
      case "ArrowRight": next = row[Math.min(row.length - 1, column + 1)]; break;
      case "ArrowUp": next = topRow[column]; break;
      case "ArrowDown": next = bottomRow[column]; break;
      case "Home": next = row[0]; break;
      case "End": next = row[row.length - 1]; break;
      default: return;
    }
    event.preventDefault();
    this.setTabStop(next);
    this.button(next)?.focus();
  }
}
