// The leaderboard page (/leaderboard/{variant}): the variant's rated players, best first.
// Every name and number is set as text: nothing a player chose becomes markup.

import { fetchVariants, variantTitle } from "./text.js";

const $ = (id) => document.getElementById(id);

function cell(tag, text) {
  const td = document.createElement(tag);
  td.textContent = text;
  return td;
}

/** The page of a variant the server does not know (a mistyped or old link): said in
 * words, with the list to choose from, as the replay viewer says it of an unknown game. */
function missing(variant) {
  $("board-title").textContent = "Leaderboard";
  $("board-missing").textContent = `There is no variant called “${variant}”: choose one from the list.`;
  $("board-missing").hidden = false;
  $("board").hidden = $("board-empty").hidden = true;
  document.body.dataset.loaded = "missing";
}

async function show(variant) {
  const response = await fetch(`/api/leaderboard/${encodeURIComponent(variant)}`).catch(() => null);
  const data = response?.ok ? await response.json().catch(() => null) : null;
  if (!data) {
    missing(variant);
    return;
  }
  $("board-missing").hidden = true;
  $("board").hidden = false;
  $("board-title").textContent = `Leaderboard: ${variantTitle(variant)}`;
  document.title = `Leaderboard: ${variantTitle(variant)} · Mancala`;
  $("board-empty").hidden = data.players.length > 0;
  $("board-body").replaceChildren(...data.players.map((p) => {
    const tr = document.createElement("tr");
    tr.dataset.name = p.name;
    const link = document.createElement("a");
    link.href = `/players/${encodeURIComponent(p.name)}`;
    link.textContent = p.bot ? `${p.name} (bot)` : p.name;
    const who = document.createElement("td");
    who.append(link);
    tr.append(cell("td", String(p.rank)), who, cell("td", `${p.rating}${p.provisional ? "?" : ""}`),
              cell("td", String(p.games)));
    return tr;
  }));
  document.body.dataset.loaded = variant;
}

async function start() {
  const wanted = decodeURIComponent(location.pathname.split("/")[2] || "oware_abapa");
  const variants = await fetchVariants();
  const select = $("board-variant");
  const options = variants.sort((a, b) => a.title.localeCompare(b.title)).map((v) => {
    const option = document.createElement("option");
    option.value = v.name;
    option.textContent = v.title;
    return option;
  });
  const known = variants.some((v) => v.name === wanted);
  if (!known) { // a select showing nothing reads as broken: it asks for a choice instead
    const ask = document.createElement("option");
    ask.value = "";
    ask.textContent = "Choose a variant";
    ask.disabled = true;
    options.unshift(ask);
  }
  select.replaceChildren(...options);
  select.value = known ? wanted : "";
  select.addEventListener("change", () => {
    history.replaceState(null, "", `/leaderboard/${select.value}`);
    show(select.value);
  });
  if (known) await show(wanted);
  else missing(wanted);
}

start();
