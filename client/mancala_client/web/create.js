// The lobby's requests: the create-room form (a person or the computer as the
// opponent) and quick pairing. A seat granted is followed by the room's state.

import { $, hideNotice, showError, showNotice } from "./notice.js";
import { chosenSettings } from "./settings.js";
import { app } from "./state.js";
import { terms } from "./terms.js";

export async function createRoom(form) {
  const data = new FormData(form);
  const seat = data.get("seat");
  const starter = data.get("starter");
  const message = {
    type: "create_room",
    variant: data.get("variant"),
    public: data.get("public") === "1",
    seat: seat === "any" ? null : Number(seat),
    starter: starter === "random" ? "random" : Number(starter),
    ...terms(),
  };
  Object.assign(message, withSettings());
  if (data.get("opponent") === "computer") {
    const level = data.get("level");
    message.computer = level === "perfect" ? level : Number(level);
  }
  hideNotice();
  try {
    const granted = await app.conn.request(message);
    app.target = { code: granted.room, mode: "auto" };
  } catch (err) {
    showError(err);
  }
}

/** Quick pairing for the variant on the chosen terms (the pools' buttons: their own;
 * the form's button: the form's, with the form's settings). */
export async function quickPair(variant, chosen = { ...terms(), ...withSettings() }) {
  hideNotice();
  try {
    const granted = await app.conn.request({ type: "quick_pair", variant, ...chosen });
    app.target = { code: granted.room, mode: "auto" };
    showNotice("Quick pairing: you have a seat.", "The game starts when someone else asks for the same variant.", "info");
  } catch (err) {
    showError(err);
  }
}

/** The form's settings as a message's field: {settings} when any differ from the
 * variant's own, else nothing. */
function withSettings() {
  const settings = chosenSettings();
  return Object.keys(settings).length ? { settings } : {};
}

/** The create form follows the opponent chosen: a difficulty for the computer. */
export function showOpponent() {
  const computer = $("create-form").querySelector("input[name='opponent']:checked")?.value === "computer";
  $("level-field").hidden = !computer;
  $("create-level").disabled = !computer;
  $("create-button").textContent = computer ? "Play the computer" : "Create room";
  // a game against the computer is private unless the player lists it
  const listed = $("create-form").querySelector(`input[name='public'][value='${computer ? "0" : "1"}']`);
  if (listed) listed.checked = true;
  $("create-hint").textContent = computer
    ? "The computer takes the other seat and the game starts at once. Quick pairing is with a person."
    : "Quick pairing puts you with the next player who asks for the same variant.";
}
