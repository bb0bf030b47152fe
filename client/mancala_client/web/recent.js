// The lobby's list of this player's recent games, each a link to its replay (/games/{id}),
// read from the player's page data (/api/players/{name}). Names are shown as text.

import { replayPath } from "./gamekey.js";
import { $ } from "./notice.js";
import { app } from "./state.js";
import { shownName, variantTitle } from "./text.js";

const SHOWN = 5;

export async function showRecentGames() {
  const me = app.me;
  if (!me) return;
  const response = await fetch(`/api/players/${encodeURIComponent(me.name)}`).catch(() => null);
  if (!response?.ok) return;
  // a private room's game opens only with its key: listed where this browser was in its room
  const games = ((await response.json()).games || []).filter((g) => replayPath(g) !== null).slice(0, SHOWN);
  $("recent-games").hidden = games.length === 0;
  $("recent-games-list").replaceChildren(...games.map((g) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = replayPath(g);
    a.textContent = `${variantTitle(g.variant)}: ${(g.players || []).map((p) => shownName(p) ?? "?").join(" vs ")}`;
    li.dataset.game = String(g.id);
    li.append(a, ` — ${g.result ?? "not finished"}`);
    return li;
  }));
}
