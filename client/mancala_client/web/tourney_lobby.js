// The lobby's list of tournaments open or running (/api/tournaments), looked at again
// every half minute; each links to its page (tourney.js).

import { $ } from "./notice.js";

export async function showTournaments() {
  const response = await fetch("/api/tournaments").catch(() => null);
  const data = response?.ok ? await response.json().catch(() => null) : null;
  const live = (data?.tournaments ?? []).filter((t) => t.status !== "finished");
  $("tourneys-count").textContent = String(live.length);
  $("tourneys").replaceChildren(...live.map((t) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = t.url;
    a.textContent = `${t.name}: ${t.kind === "arena" ? "arena" : "Swiss"}, ${t.title}, ${t.players} in, ${t.status}`;
    li.append(a);
    return li;
  }));
}

export function wireTournaments() {
  showTournaments();
  setInterval(showTournaments, 30_000);
}
