// The create form's clock and rating choices, as the protocol's fields.

import { $ } from "./notice.js";

/** The chosen time control: {base, increment} or {days}, or null for no clock. */
export function chosenClock() {
  const value = $("create-clock").value;
  if (!value) return null;
  if (value.startsWith("d")) return { days: Number(value.slice(1)) };
  const [base, increment] = value.split("+").map(Number);
  return { base, increment };
}

export function terms() {
  const clock = chosenClock();
  return { ...(clock ? { clock } : {}), rated: $("create-rated").checked, pie: $("create-pie").checked };
}

/** A room's terms in words, as listed: "5+3 · rated", "no clock · casual · swap rule". */
export function termsLabel(r) {
  return [clockLabel(r.clock), r.rated ? "rated" : "casual", ...(r.pie ? ["swap rule"] : [])].join(" · ");
}

/** The quick-pairing grid: the most played games, each at the clocks most asked for. */
export const POOLS = [
  ["oware_abapa", "Oware"], ["kalah", "Kalah"], ["toguz_kumalak", "Toguz Kumalak"],
].flatMap(([variant, title]) => [{ base: 180, increment: 2 }, { base: 300, increment: 3 }, { base: 600, increment: 5 }]
  .map((clock) => ({ variant, title, clock })));

/** A time control in words: "5+3", "1 day a move". */
export function clockLabel(clock) {
  if (!clock) return "no clock";
  if (clock.days) return `${clock.days} day${clock.days > 1 ? "s" : ""} a move`;
  return `${clock.base / 60}+${clock.increment || 0}`;
}
