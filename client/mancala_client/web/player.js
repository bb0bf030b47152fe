// A player's page (/players/{name}): ratings per variant, the rating history as an SVG
// chart, recent games linking to their replays (/games/{id}). Text only, never markup.

import { replayPath } from "./gamekey.js";
import { fetchVariants, ladderTitle, shownName, variantTitle } from "./text.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const SEATS = ["South", "North"];

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** The rating after each game as a line; the y axis spans the ratings seen (at least 100). */
export function chart(points, width = 600, height = 220) {
  const pad = 36;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img" });
  const ratings = points.map((p) => p.rating);
  const lo = Math.min(...ratings, 1500) - 20;
  const hi = Math.max(Math.max(...ratings, 1500) + 20, lo + 100);
  const x = (i) => pad + (points.length < 2 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (points.length - 1));
  const y = (r) => height - pad - ((r - lo) * (height - 2 * pad)) / (hi - lo);
  root.append(svg("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, class: "axis" }),
              svg("line", { x1: pad, y1: pad, x2: pad, y2: height - pad, class: "axis" }));
  for (const r of [lo, (lo + hi) / 2, hi]) {
    const label = svg("text", { x: 2, y: y(r) + 4 });
    label.textContent = String(Math.round(r));
    root.append(label);
  }
  root.append(svg("polyline", { class: "line", points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ") }));
  for (const [i, p] of points.entries()) {
    const dot = svg("circle", { cx: x(i), cy: y(p.rating), r: 3, "data-rating": p.rating });
    const title = svg("title", {});
    title.textContent = `${p.rating} after game ${p.game_id}`;
    dot.append(title);
    root.append(dot);
  }
  const title = svg("title", {});
  title.textContent = `Rating after each of ${points.length} rated games`;
  root.prepend(title);
  return root;
}

function row(...texts) {
  const tr = document.createElement("tr");
  for (const t of texts) {
    const td = document.createElement("td");
    td.textContent = t;
    tr.append(td);
  }
  return tr;
}

async function start() {
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  const [response] = await Promise.all([fetch(`/api/players/${encodeURIComponent(name)}`), fetchVariants()]);
  if (!response.ok) {
    $("player-missing").hidden = false;
    document.body.dataset.loaded = "missing";
    return;
  }
  const data = await response.json();
  $("player-title").textContent = data.bot ? `${data.name} (bot)` : data.name;
  document.title = `${data.name} · Mancala`;
  $("ratings-body").replaceChildren(...data.ratings.map((r) => row(ladderTitle(r.variant),
                                                                    `${r.rating}${r.provisional ? "?" : ""}`,
                                                                    String(r.games))));
  // empty tables read as a page that failed to load: say that there is nothing yet
  $("ratings-table").hidden = data.ratings.length === 0;
  $("ratings-empty").hidden = data.ratings.length > 0;
  const variants = [...new Set(data.history.map((h) => h.variant))];
  const select = $("history-variant");
  select.replaceChildren(...variants.map((v) => {
    const option = document.createElement("option");
    option.value = v;
    option.textContent = variantTitle(v);
    return option;
  }));
  $("history-pick").hidden = variants.length === 0;
  $("history-empty").hidden = variants.length > 0;
  const draw = () => {
    const points = data.history.filter((h) => h.variant === select.value);
    $("history-chart").replaceChildren(...(points.length ? [chart(points)] : []));
  };
  select.addEventListener("change", draw);
  draw();
  $("games-list").replaceChildren(...data.games.map((g) => {
    const li = document.createElement("li");
    const seat = SEATS[g.seat] ?? "";
    const path = replayPath(g);
    if (path === null) { // a private room's game: only its players (and whom they share it with) read it
      li.append(`${variantTitle(g.variant)}: a private game — as ${seat}; ${g.result ?? "not finished"}${g.rated ? " (rated)" : ""}`);
      return li;
    }
    const a = document.createElement("a");
    a.href = path;
    a.textContent = `${variantTitle(g.variant)}: ${g.players.map((p) => shownName(p) ?? "?").join(" vs ")}`;
    li.append(a, ` — as ${seat}; ${g.result ?? "not finished"}${g.rated ? " (rated)" : ""}`);
    return li;
  }));
  $("games-empty").hidden = data.games.length > 0;
  document.body.dataset.loaded = data.name;
}

start();
