// Challenges in the lobby: challenge a player by name (with the variant, clock and rating
// chosen in the create form), and the challenges waiting for an answer.

import { $, announce, showError, showNotice } from "./notice.js";
import { chosenSettings } from "./settings.js";
import { app } from "./state.js";
import * as saved from "./store.js";
import { clockLabel, terms } from "./terms.js";
import { variantTitle } from "./text.js";

const open = new Map(); // challenge id -> the ChallengeInfo, while it waits

function describe(c) {
  const rating = c.rating ? ` (${c.rating})` : "";
  return `${c.by}${c.bot ? " (bot)" : ""}${rating} → ${c.to}: ${c.title ?? variantTitle(c.variant)}, ${clockLabel(c.clock)}, ${c.rated ? "rated" : "casual"}`;
}

function render() {
  $("challenges").replaceChildren(...[...open.values()].map((c) => {
    const li = document.createElement("li");
    li.dataset.challenge = c.challenge;
    const text = document.createElement("span");
    text.textContent = describe(c);
    li.append(text);
    const mine = app.me && c.by === app.me.name;
    const buttons = mine ? [["Withdraw", false]] : [["Accept", true], ["Decline", false]];
    for (const [label, accept] of buttons) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `small${accept ? "" : " secondary"}`;
      b.textContent = label;
      b.addEventListener("click", () => answer(c, accept));
      li.append(b);
    }
    return li;
  }));
}

async function answer(c, accept) {
  try {
    const reply = await app.conn.request({ type: "answer_challenge", challenge: c.challenge, accept });
    open.delete(c.challenge);
    render();
    if (reply.type === "seat_granted") app.target = { code: reply.room, mode: "auto" };
  } catch (err) {
    open.delete(c.challenge);
    render();
    showError(err);
  }
}

export const challengeHandlers = {
  tournament_game(msg) { // a tournament paired us (tourney.js shows its standings)
    saved.saveSeat(msg.room, { token: msg.token, seat: msg.seat });
    app.target = { code: msg.room, mode: "auto" };
    showNotice(`Tournament game against ${msg.opponent}: it starts.`, "", "info");
  },
  challenge(msg) {
    const known = open.has(msg.challenge); // told twice when made while we identified
    open.set(msg.challenge, msg);
    render();
    if (!known && app.me && msg.to === app.me.name) {
      showNotice(`${msg.by}${msg.bot ? " (a bot)" : ""} challenges you: ${msg.title ?? variantTitle(msg.variant)}, ${clockLabel(msg.clock)}.`, "Answer in the lobby.", "info");
      announce(`${msg.by} challenges you.`);
    }
  },
  challenge_update(msg) {
    const c = open.get(msg.challenge);
    open.delete(msg.challenge);
    render();
    if (msg.status === "accepted" && msg.room && msg.token !== null && msg.token !== undefined) {
      saved.saveSeat(msg.room, { token: msg.token, seat: msg.seat });
      app.target = { code: msg.room, mode: "auto" };
      showNotice("Your challenge was accepted: the game starts.", "", "info");
    } else if (c && msg.status !== "accepted") {
      showNotice(`Challenge ${msg.status}: ${describe(c)}.`, "", "info");
    }
  },
};

export function wireChallenges() {
  $("challenge-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const to = $("challenge-to").value.trim();
    if (!to) return;
    try {
      // a challenge carries no swap choice: the server gives it the rule where rated play needs it
      const { pie: _pie, ...asked } = terms();
      const message = { type: "challenge", to, variant: $("create-variant").value, ...asked };
      const settings = chosenSettings(); // the create form's: the game the challenge proposes
      if (Object.keys(settings).length) message.settings = settings;
      const sent = await app.conn.request(message);
      open.set(sent.challenge, sent);
      render();
      $("challenge-to").value = "";
      announce(`Challenge sent to ${sent.to}.`);
    } catch (err) {
      showError(err);
    }
  });
}
