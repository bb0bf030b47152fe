// A choice between rounds (round_fill UCHOOSE, UMOVE, UCHOWN; docs/protocol.md, "Round
// choices"): the chooser picks holes (clicking them on the board or below it) or lays out
// their row, with a countdown and a Confirm button; everyone else reads who is choosing.

import { $, announce, hideNotice, showError } from "./notice.js";
import { app } from "./state.js";
import { SEAT_NAMES, errorText, holeLetter, playerName } from "./text.js";

const WHAT = { fill: "which holes of their row are filled", own: "which holes of the shared row are theirs",
  layout: "how their row is laid out" };
let ticker = null;
let pickedHook = () => renderChoice(); // the room view's render once app.js wires it (board and panel)

/** The whole room drawn again after a pick (the board shows picked holes too). */
export function onPicked(hook) {
  pickedHook = hook;
}

/** A round_choice (pushed, or in a room_state) kept with the room; null clears it. */
export function setChoice(room, msg) {
  if (!msg) {
    room.choice = null;
  } else {
    room.choice = {
      ...msg, deadlineAt: msg.deadline_ms == null ? null : Date.now() + msg.deadline_ms,
      picked: msg.form === "layout" ? [...msg.default] : [...msg.default], sending: false,
    };
  }
  if (ticker === null && room.choice && room.choice.deadlineAt !== null) {
    // the countdown only: rebuilding the picks every second would drop a click whose
    // press and release straddle the rebuild, and a layout's number box mid-typing
    ticker = setInterval(() => {
      const current = app.room;
      if (!current?.choice) {
        clearInterval(ticker);
        ticker = null;
        return;
      }
      const text = $("round-choice-text");
      if (text && current.status !== "finished") text.textContent = choiceText(current, current.choice);
    }, 1000);
  }
}

function mine() {
  const room = app.room;
  return room && room.choice && room.status !== "finished" && room.you === room.choice.seat ? room.choice : null;
}

/** The holes this page's seat may pick on the board now: hole -> picked (null: none). */
export function choicePicks() {
  const choice = mine();
  if (!choice || choice.form === "layout") return null;
  return new Map(choice.holes.map((hole) => [hole, choice.picked.includes(hole)]));
}

/** A board hole clicked: toggles it in a fill/own choice of this page's seat (true: taken). */
export function pickHole(index) {
  const choice = mine();
  if (!choice || choice.form === "layout" || !choice.holes.includes(index)) return false;
  const at = choice.picked.indexOf(index);
  if (at >= 0) choice.picked.splice(at, 1);
  else choice.picked.push(index);
  announce(`${holeLetter(index, app.room.holes)} ${at >= 0 ? "unpicked" : "picked"}: ${choice.picked.length} of ${choice.count}.`);
  pickedHook();
  return true;
}

/** A row laid out in number inputs, one a hole (labelled with its letter), kept in
 * `values`: built once per `form` and row, so that typing keeps its focus; `changed`
 * runs after each edit. Round layouts and Bao's arrangement (arrange.js) share it. */
export function seedInputs(container, form, holes, values, { min, max }, changed) {
  if (container.children.length === holes.length && container.dataset.form === form) return;
  container.dataset.form = form;
  container.replaceChildren(...holes.map((hole, i) => {
    const label = document.createElement("label");
    label.textContent = `${holeLetter(hole, app.room.holes)} `;
    const input = document.createElement("input");
    Object.assign(input, { type: "number", min: String(min), max: String(max), value: String(values[i]) });
    input.dataset.hole = String(hole);
    input.addEventListener("input", () => {
      values[i] = Number(input.value);
      changed();
    });
    label.append(input);
    return label;
  }));
}

function secondsLeft(choice) {
  return choice.deadlineAt === null ? null : Math.max(0, Math.ceil((choice.deadlineAt - Date.now()) / 1000));
}

/** What the panel says: who chooses what, and the seconds left. */
function choiceText(room, choice) {
  const left = secondsLeft(choice);
  const within = left === null ? "" : ` (${left} s left)`;
  if (room.you !== choice.seat) {
    const who = playerName(room.seats, choice.seat) || SEAT_NAMES[choice.seat];
    return `The round is over: ${who} is choosing ${WHAT[choice.form]} for the next round${within}.`;
  }
  if (choice.form === "layout") {
    const used = choice.picked.reduce((a, b) => a + b, 0);
    return `The round is over: lay out your row for the next round, each hole at least 1 seed, `
      + `one at least ${choice.min_move ?? 1}, ${used} of ${choice.seeds} seeds used (the rest go to your store)${within}.`;
  }
  return `The round is over: pick ${choice.count} hole${choice.count === 1 ? "" : "s"} `
    + `${choice.form === "fill" ? "of your row to fill" : "of the shared row to own"} for the next round `
    + `(click them on the board or here; ${choice.picked.length} picked)${within}.`;
}

export function renderChoice() {
  const panel = $("round-choice");
  const room = app.room;
  const choice = room?.choice;
  if (!panel) return;
  if (!choice || room.status === "finished") {
    panel.hidden = true;
    delete panel.dataset.form;
    return;
  }
  panel.hidden = false;
  panel.dataset.form = choice.form;
  panel.dataset.seat = String(choice.seat);
  const picks = $("round-choice-picks");
  const confirm = $("round-choice-confirm");
  $("round-choice-text").textContent = choiceText(room, choice);
  if (room.you !== choice.seat) {
    picks.replaceChildren();
    confirm.hidden = true;
    return;
  }
  confirm.hidden = false;
  confirm.disabled = choice.sending;
  if (choice.form === "layout") {
    seedInputs(picks, "layout", choice.holes, choice.picked, { min: 1, max: choice.seeds }, renderChoice);
    return;
  }
  picks.dataset.form = choice.form;
  picks.replaceChildren(...choice.holes.map((hole) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "small secondary";
    button.textContent = holeLetter(hole, room.holes);
    button.dataset.hole = String(hole);
    button.setAttribute("aria-pressed", String(choice.picked.includes(hole)));
    button.addEventListener("click", () => pickHole(hole));
    return button;
  }));
}

/** Confirm: the choice goes to the server; its refusal is said and the choice stays open. */
export async function confirmChoice() {
  const choice = mine();
  if (!choice || choice.sending) return;
  const room = app.room;
  hideNotice();
  choice.sending = true;
  renderChoice();
  try {
    await app.conn.request({ type: "choose_round", room: room.code, choice: { [choice.form]: [...choice.picked] } });
  } catch (err) {
    showError(err);
    announce(errorText(err.code).text);
  } finally {
    choice.sending = false;
    renderChoice();
  }
}
