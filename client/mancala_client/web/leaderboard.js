// The leaderboard page (/leaderboard/{variant}): the variant's rated players, best first.
// Every name and number is set as text: nothing a player chose becomes markup.

const $ = (id) => document.getElementById(id);

async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

function cell(tag, text) {
  const td = document.createElement(tag);
  td.textContent = text;
  return td;
}

async function show(variant) {
  const data = await getJson(`/api/leaderboard/${encodeURIComponent(variant)}`);
  $("board-title").textContent = `Leaderboard: ${variant}`;
  $("board-empty").hidden = data.players.length > 0;
  $("board-body").replaceChildren(...data.players.map((p) => {
    const tr = document.createElement("tr");
    tr.dataset.name = p.name;
    const link = document.createElement("a");
    link.href = `/players/${encodeURIComponent(p.name)}`;
    link.textContent = p.name;
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
  const variants = await getJson("/api/variants");
  const select = $("board-variant");
  select.replaceChildren(...variants.sort((a, b) => a.title.localeCompare(b.title)).map((v) => {
    const option = document.createElement("option");
    option.value = v.name;
    option.textContent = v.title;
    return option;
  }));
  select.value = wanted;
  select.addEventListener("change", () => {
    history.replaceState(null, "", `/leaderboard/${select.value}`);
    show(select.value);
  });
  await show(wanted);
}

start();
