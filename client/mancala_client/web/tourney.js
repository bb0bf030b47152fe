// Tournaments: the list with its form (/tournaments) and one tournament's page
// (/tournaments/{id}) with its standings as the server pushes them (watch_tournament).
// Joining, withdrawing and starting are requests; pairing, points and ranks are the
// server's. A pairing of this player (tournament_game) takes the page to its room.

import { ServerError } from "./net.js";
import { openPageSocket } from "./page_socket.js";
import * as saved from "./store.js";
import { clockLabel } from "./terms.js";
import { fetchVariants, variantTitle } from "./text.js";

const $ = (id) => document.getElementById(id);
const page = document.body.dataset.page;
const view = { id: "", state: null, me: null };
let conn = null;

function describe(t) {
  const kind = t.kind === "arena" ? "Arena" : `Swiss, ${t.rounds} rounds of ${t.games} game${t.games > 1 ? "s" : ""}`
    + (t.mode === "best_of" ? " (best of)" : "");
  return `${kind} · ${t.title || variantTitle(t.variant)} · ${clockLabel(t.clock)} · ${t.rated ? "rated" : "casual"}`;
}

function when(seconds) {
  const left = Math.max(0, Math.round(seconds - Date.now() / 1000));
  return left >= 120 ? `${Math.round(left / 60)} minutes` : `${left} s`;
}

function statusText(t) {
  if (t.status === "open") return `Starts in ${when(t.starts_at)}; ${t.standings.length} entered.`;
  if (t.status === "finished") {
    const top = t.standings[0];
    return top ? `Finished: ${top.name} wins with ${top.score} points.` : "Finished: nobody played.";
  }
  return t.kind === "arena" ? `Running: ${when(t.ends_at)} left.` : `Running: round ${t.round} of ${t.rounds}.`;
}

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text;
  row.append(td);
  return td;
}

function render() {
  const t = view.state;
  $("t-title").textContent = t.name;
  document.title = `${t.name} · Mancala`;
  $("t-meta").textContent = `${describe(t)} · made by ${t.created_by}`;
  $("t-status").textContent = statusText(t);
  const mine = view.me && t.standings.find((r) => r.name === view.me.name);
  $("t-join").hidden = t.status === "finished" || (mine && !mine.withdrawn);
  $("t-leave").hidden = t.status === "finished" || !mine || mine.withdrawn;
  $("t-start").hidden = t.status !== "open" || !view.me || view.me.name !== t.created_by;
  document.querySelectorAll(".swiss-only").forEach((e) => { e.hidden = t.kind !== "swiss"; });
  $("standings-body").replaceChildren(...t.standings.map((r) => {
    const tr = document.createElement("tr");
    tr.dataset.name = r.name;
    cell(tr, String(r.rank));
    cell(tr, `${r.name}${r.bot ? " (bot)" : ""}${r.fire ? " 🔥" : ""}${r.withdrawn ? " (withdrawn)" : ""}`
      + `${r.playing ? " · playing" : ""}`);
    cell(tr, String(r.score)).className = "points";
    cell(tr, String(r.games));
    cell(tr, String(r.rating));
    if (t.kind === "swiss") cell(tr, String(r.buchholz ?? ""));
    return tr;
  }));
  $("t-games").replaceChildren(...t.pairings.map((p) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/#watch=${p.room}`;
    a.textContent = `${p.south} v ${p.north}${p.round ? ` (round ${p.round})` : ""}`;
    li.append(a);
    return li;
  }));
  // an empty table or list says so rather than showing a bare heading
  $("standings-none").hidden = $("standings-body").childElementCount > 0;
  $("t-games-none").hidden = t.pairings.length > 0;
  document.body.dataset.status = t.status;
  document.body.dataset.version = String(t.version);
}

async function ask(message) {
  $("t-error").textContent = "";
  try {
    const state = await conn.request(message);
    if (state.type === "tournament_state") { view.state = state; render(); }
  } catch (err) {
    $("t-error").textContent = err instanceof ServerError ? err.detail : String(err);
  }
}

function onMessage(msg) {
  if (msg.type === "tournament_state" && msg.tournament === view.id
      && (!view.state || msg.version >= view.state.version)) {
    view.state = msg;
    render();
  } else if (msg.type === "tournament_game") {
    saved.saveSeat(msg.room, { token: msg.token, seat: msg.seat });
    const link = $("t-mygame");
    if (link) { link.href = `/#room=${msg.room}`; link.hidden = false; }
    location.href = `/#room=${msg.room}`;
  }
}

function connect(afterOpen) {
  conn = openPageSocket({ onMessage, async afterOpen(me) { view.me = me; await afterOpen(); } });
}

async function showList() {
  const response = await fetch("/api/tournaments").catch(() => null);
  const data = response?.ok ? await response.json().catch(() => null) : null;
  const rows = data?.tournaments ?? [];
  $("tourney-list").replaceChildren(...rows.map((t) => {
    const tr = document.createElement("tr");
    const name = document.createElement("a");
    name.href = t.url;
    name.textContent = t.name;
    cell(tr, "").append(name);
    cell(tr, t.kind === "arena" ? "arena" : `Swiss, ${t.rounds} rounds`);
    cell(tr, t.title);
    cell(tr, t.status);
    cell(tr, String(t.players));
    return tr;
  }));
  $("tourney-table").hidden = rows.length === 0;  // no header over nothing
  $("tourney-empty").hidden = rows.some((t) => t.status !== "finished");
  document.body.dataset.loaded = "list";
}

async function startList() {
  const variants = await fetchVariants();
  $("t-variant").replaceChildren(...variants.map((v) => new Option(v.title, v.name)));
  $("t-variant").value = "kalah_4";
  const kind = () => {
    document.querySelectorAll(".arena-only").forEach((e) => { e.hidden = $("t-kind").value !== "arena"; });
    document.querySelectorAll(".swiss-only").forEach((e) => { e.hidden = $("t-kind").value !== "swiss"; });
  };
  $("t-kind").addEventListener("change", kind);
  kind();
  $("tourney-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const n = (id) => Number($(id).value);
    try {
      const made = await conn.request({
        type: "create_tournament", kind: $("t-kind").value, variant: $("t-variant").value, name: $("t-name").value,
        clock: { base: n("t-base") * 60, increment: n("t-inc") }, rated: $("t-rated").checked,
        starts_in: n("t-starts") * 60, minutes: n("t-minutes"), rounds: n("t-rounds"), games: n("t-games"),
        mode: $("t-mode").value,
      });
      location.href = `/tournaments/${made.tournament}`;
    } catch (err) {
      $("new-error").textContent = err instanceof ServerError ? err.detail : String(err);
    }
  });
  connect(async () => { $("new-who").hidden = Boolean(view.me); });
  await showList();
}

async function startOne() {
  view.id = decodeURIComponent(location.pathname.split("/")[2] || "");
  await fetchVariants();
  $("t-join").addEventListener("click", () => ask({ type: "join_tournament", tournament: view.id }));
  $("t-leave").addEventListener("click", () => ask({ type: "leave_tournament", tournament: view.id }));
  $("t-start").addEventListener("click", () => ask({ type: "start_tournament", tournament: view.id }));
  setInterval(() => { if (view.state) $("t-status").textContent = statusText(view.state); }, 1000);
  connect(async () => {
    try {
      view.state = await conn.request({ type: "watch_tournament", tournament: view.id });
      render();
    } catch {
      $("t-missing").hidden = false;
      document.body.dataset.status = "missing";
    }
  });
}

if (page === "list") startList(); else startOne();
