// The rules where they are needed: in the room, a panel with the variant's description
// and the engine's own summary of its rules (/api/variants/{name}); in the create form,
// a short description of the variant picked. A multi-lap variant's panel offers
// Jackman's challenge: its best first turn played out (oneturn.js).

import { $ } from "./notice.js";
import { showSettings } from "./settings.js";

const cache = new Map(); // variant name -> its answer (a promise)

function fetchRules(name) {
  if (!cache.has(name)) {
    cache.set(name, fetch(`/api/variants/${encodeURIComponent(name)}`)
      .then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return cache.get(name);
}

/** The room's rules panel for this variant (a custom variant has no rules to fetch). */
export async function showRules(variant, title) {
  const panel = $("rules-panel");
  if (panel.dataset.variant === variant) return;
  panel.dataset.variant = variant;
  $("rules-title").textContent = `Rules: ${title}`;
  const body = $("rules-body");
  if (variant === "custom") {
    const p = document.createElement("p");
    p.textContent = "A custom variant: its rules are the ones its creator set.";
    body.replaceChildren(p);
    return;
  }
  body.replaceChildren();
  // a settled variant (the file's id and a digest of its settings): the file's rules, as
  // the title says its settings
  const info = await fetchRules(variant.replace(/__s[0-9a-f]{10}$/, ""));
  if (!info || panel.dataset.variant !== variant) return;
  const about = document.createElement("p");
  about.className = "about";
  about.textContent = info.about || "";
  const list = document.createElement("ul");
  list.className = "rules-summary";
  list.append(...(info.summary || []).map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
  body.replaceChildren(about, list);
  if (info.one_turn) body.append(oneTurnButton(variant));
  // the links on one line with room between them (appended bare, they read as one run of words)
  const links = document.createElement("p");
  links.className = "rules-links";
  if (info.rules) links.append(rulesLink(info.rules));
  links.append(explorerLink(variant), puzzlesLink(variant));
  body.append(links);
  panel.dataset.loaded = variant;
}

/** The variant's opening explorer: the moves people played, on a page of its own. */
function explorerLink(variant) {
  const a = document.createElement("a");
  a.id = "explorer-link";
  a.className = "explorer-link";
  a.href = `/explorer/${encodeURIComponent(variant)}`;
  a.target = "_blank";
  a.rel = "noopener";
  a.textContent = "Openings people played";
  return a;
}

/** The variant's puzzles, found in its finished games. */
function puzzlesLink(variant) {
  const a = explorerLink(variant);
  a.id = "puzzles-link";
  a.href = `/puzzles/${encodeURIComponent(variant)}`;
  a.textContent = "Puzzles";
  return a;
}

/** A multi-lap variant's: its best first turn played out, on a page of its own
 * (oneturn.html) in another tab, so that the room stays as it is. */
function oneTurnButton(variant) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "one-turn-button";
  button.className = "small secondary one-turn-button";
  button.textContent = "Jackman's challenge: the best first turn";
  button.addEventListener("click", () => {
    window.open(`/one-turn/${encodeURIComponent(variant)}`, "_blank", "noopener");
  });
  return button;
}

/** A variant's `rules` source: a link where it names a web address (opened in a new tab,
 * with what follows the address as words), else the citation as text — a book or a
 * program is not an address, and as a link it opened the server's own 404. */
export function rulesLink(source) {
  const found = /^(https?:\/\/\S+)\s*(.*)$/.exec(source.trim());
  if (!found) {
    const cite = document.createElement("span");
    cite.className = "rules-source";
    cite.textContent = `Source: ${source}`;
    return cite;
  }
  const a = document.createElement("a");
  a.href = found[1];
  a.rel = "noopener noreferrer";
  a.target = "_blank";
  a.textContent = "Rules elsewhere";
  if (!found[2]) return a;
  const span = document.createElement("span");
  span.className = "rules-source";
  span.append(a, ` ${found[2]}`);
  return span;
}

/** Under the variant picker: the chosen variant in a sentence or two. */
export function describeChoice(variants) {
  const chosen = variants.find((v) => v.name === $("create-variant").value);
  const about = chosen?.about || "";
  const short = /^(.+?[.!?])(\s|$)/.exec(about)?.[1] ?? about;
  $("create-about").textContent = chosen ? `${chosen.holes} holes a side. ${short}` : "";
  showSettings(chosen);
}
