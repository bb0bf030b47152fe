// The lobby: variants (searchable), the live list of public rooms, the seats
// this browser holds.

import { describeChoice, rulesLink } from "./rules.js";
import { termsLabel } from "./terms.js";
import { playerName } from "./text.js";

const $ = (id) => document.getElementById(id);

function firstSentence(text) {
  const match = /^(.+?[.!?])(\s|$)/.exec(text || "");
  return match ? match[1] : text || "";
}

function button(label, attrs, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
  b.addEventListener("click", onClick);
  return b;
}

// earlier definitions kept beside their 1.10 successors (docs/variants.md): one heading
// of their own, after every other, so the lobby reads as the 1.10 catalogue
const KEPT = "Earlier rules (release 1.8)";
const groupOf = (v, by) => (v.kept ? KEPT : v[by] || "Other");

/** [label, members] pairs, labels in alphabetical order ("Other", then KEPT, last), members as given. */
function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return [...groups.entries()].sort(([a], [b]) =>
    (a === KEPT) - (b === KEPT) || (a === "Other") - (b === "Other") || a.localeCompare(b));
}

export class LobbyView {
  /** handlers: create(variantName), quick(variantName), join(code), watch(code), forget(code) */
  constructor(handlers) {
    this.handlers = handlers;
    this.variants = [];
    this.rooms = new Map();
    $("variant-search").addEventListener("input", () => this.renderVariants());
    $("create-variant").addEventListener("change", () => describeChoice(this.variants));
    const group = $("variant-group");
    try {
      group.value = localStorage.getItem("mancala.variantGroup") || "family";
    } catch { /* storage off: the default */ }
    group.addEventListener("change", () => {
      try { localStorage.setItem("mancala.variantGroup", group.value); } catch { /* ignore */ }
      this.renderVariants();
    });
  }

  setVariants(list) {
    this.variants = [...list].sort((a, b) => a.title.localeCompare(b.title));
    const select = $("create-variant");
    const chosen = select.value || "kalah_4";
    // the create form's list: one option group per family, titles in order
    const families = groupBy(this.variants, (v) => groupOf(v, "family"));
    select.replaceChildren(...families.map(([family, members]) => {
      const og = document.createElement("optgroup");
      og.label = family;
      og.append(...members.map((v) => {
        const option = document.createElement("option");
        option.value = v.name;
        option.textContent = `${v.title} (${v.holes} holes)`;
        return option;
      }));
      return og;
    }));
    if (this.variants.some((v) => v.name === chosen)) select.value = chosen;
    describeChoice(this.variants);
    this.renderVariants();
  }

  renderVariants() {
    const words = $("variant-search").value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = this.variants.filter((v) => {
      const hay = `${v.title} ${v.name} ${v.family} ${v.region} ${v.about}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
    $("variants-count").textContent = String(this.variants.length);
    $("variants-none").hidden = shown.length > 0 || this.variants.length === 0;
    const by = $("variant-group").value;
    const list = $("variants-list");
    if (by === "none") {
      const ul = document.createElement("ul");
      ul.className = "variants";
      ul.append(...shown.map((v) => this.variantItem(v)));
      list.replaceChildren(ul);
      return;
    }
    // a group opens by itself while a search narrows the list, or when it is the only one
    const groups = groupBy(shown, (v) => groupOf(v, by));
    const open = words.length > 0 || groups.length === 1;
    list.replaceChildren(...groups.map(([label, members]) => {
      const details = document.createElement("details");
      details.className = "variant-group";
      details.open = open;
      const summary = document.createElement("summary");
      summary.textContent = `${label} `;
      const count = document.createElement("span");
      count.className = "pill";
      count.textContent = String(members.length);
      summary.append(count);
      const ul = document.createElement("ul");
      ul.className = "variants";
      // a closed group's cards are made when it is first opened: all of them at once were
      // some 3,800 elements a phone built on every visit to the lobby, mostly never seen
      const fill = () => {
        if (details.open && !ul.firstChild) ul.append(...members.map((v) => this.variantItem(v)));
      };
      details.addEventListener("toggle", fill);
      fill();
      details.append(summary, ul);
      return details;
    }));
  }

  variantItem(v) {
    const li = document.createElement("li");
    li.className = "variant";
    li.dataset.variant = v.name;
    const head = document.createElement("div");
    head.className = "variant-head";
    const title = document.createElement("h4");
    title.textContent = v.title;
    const meta = document.createElement("span");
    meta.className = "variant-meta";
    meta.textContent = [`${v.holes} holes a side`, v.region, v.name].filter(Boolean).join(" · ");
    head.append(title, meta);
    const about = document.createElement("p");
    about.className = "about";
    about.textContent = firstSentence(v.about);
    li.append(head, about);
    const rest = (v.about || "").slice(about.textContent.length).trim();
    if (rest || v.rules) {
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = "More about the rules";
      details.append(summary);
      if (rest) {
        const p = document.createElement("p");
        p.textContent = rest;
        details.append(p);
      }
      if (v.rules) details.append(rulesLink(v.rules));
      li.append(details);
    }
    const actions = document.createElement("div");
    actions.className = "actions";
    actions.append(
      button("Create room", { "aria-label": `Create a room for ${v.title}`, class: "small" },
             () => this.handlers.create(v.name)),
      button("Quick pairing", { "aria-label": `Quick pairing for ${v.title}`, class: "small secondary" },
             () => this.handlers.quick(v.name)),
    );
    li.append(actions);
    return li;
  }

  setRooms(rooms) {
    this.rooms = new Map(rooms.map((r) => [r.room, r]));
    this.renderRooms();
  }

  updateRoom(message) {
    if (message.removed) this.rooms.delete(message.removed);
    // one room, or several that changed within one lobby interval
    for (const room of message.room ? [message.room] : message.rooms || []) {
      this.rooms.set(room.room, room);
    }
    this.renderRooms();
  }

  renderRooms() {
    const order = { waiting: 0, playing: 1, finished: 2 };
    const rooms = [...this.rooms.values()].sort(
      (a, b) => order[a.status] - order[b.status] || a.room.localeCompare(b.room));
    $("rooms-count").textContent = String(rooms.length);
    $("rooms-empty").hidden = rooms.length > 0;
    $("rooms-table").hidden = rooms.length === 0;
    $("rooms-body").replaceChildren(...rooms.map((r) => this.roomRow(r)));
  }

  roomRow(r) {
    const tr = document.createElement("tr");
    tr.dataset.room = r.room;
    tr.dataset.status = r.status;
    const cells = [
      r.room,
      r.title,
      r.seats.map((s, i) => (s.name === null ? "open seat" : playerName(r.seats, i)
        + (s.rating ? ` (${s.rating}${s.provisional ? "?" : ""})` : "")
        + (s.connected ? "" : " (away)"))).join(" vs "),
      termsLabel(r),
      String(r.spectators),
      r.status,
    ];
    cells.forEach((text, i) => {
      const td = document.createElement(i === 0 ? "th" : "td");
      if (i === 0) td.scope = "row";
      td.textContent = text;
      td.dataset.label = ["Room", "Variant", "Players", "Terms", "Watching", "Status"][i];
      if (i === 5) td.className = `status status-${r.status}`;
      if (i === 3) td.className = "terms";
      tr.append(td);
    });
    const td = document.createElement("td");
    td.className = "actions";
    const free = r.seats.some((s) => s.name === null && !s.computer);
    if (r.status === "waiting" && free) {
      td.append(button("Join", { class: "small", "aria-label": `Join room ${r.room}` },
                       () => this.handlers.join(r.room)));
    }
    td.append(button("Watch", { class: "small secondary", "aria-label": `Watch room ${r.room}` },
                     () => this.handlers.watch(r.room)));
    tr.append(td);
    return tr;
  }

  /** held: {CODE: {title, seat}} */
  renderMine(held) {
    const entries = Object.entries(held);
    $("my-games").hidden = entries.length === 0;
    $("my-games-list").replaceChildren(...entries.map(([code, entry]) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `#room=${code}`;
      a.textContent = `${code}${entry.title ? ` · ${entry.title}` : ""}`;
      li.append(a, " ", button("Forget", { class: "small secondary", "aria-label": `Forget room ${code}` },
                              () => this.handlers.forget(code)));
      return li;
    }));
  }
}
