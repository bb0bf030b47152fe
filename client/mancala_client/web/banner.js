// The connection as the page shows it: the Online/Offline badge and, while the
// socket is down, a banner counting down to the next attempt.

import { $, announce } from "./notice.js";

let retryTicker = null;

/**
 * Show a Connection status report (net.js: {state: "open", first} or
 * {state: "retrying", attempt, delay, everOpened}); isOpen() tells, a moment later,
 * whether the socket is still up.
 */
export function showConnection(info, isOpen) {
  const conn = $("conn");
  clearInterval(retryTicker);
  if (info.state === "open") {
    conn.dataset.state = "open";
    conn.textContent = "Online";
    document.body.dataset.conn = "open";
    if (!info.first) {
      $("banner").hidden = false;
      $("banner").dataset.kind = "ok";
      $("banner-text").textContent = "Reconnected.";
      $("retry-now").hidden = true;
      announce("Reconnected to the server.");
      setTimeout(() => { if (isOpen()) $("banner").hidden = true; }, 3000);
    } else {
      $("banner").hidden = true;
    }
    return;
  }
  // retrying
  document.body.dataset.conn = "retrying";
  conn.dataset.state = "retrying";
  conn.textContent = "Offline";
  const until = Date.now() + info.delay;
  const what = info.everOpened ? "Connection lost." : "Cannot reach the server.";
  const tick = () => {
    const secs = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    $("banner-text").textContent = `${what} Reconnecting${secs ? ` in ${secs} s` : "…"} (attempt ${info.attempt}).`;
  };
  tick();
  retryTicker = setInterval(tick, 500);
  $("banner").dataset.kind = "warn";
  $("banner").hidden = false;
  $("retry-now").hidden = false;
  if (info.attempt === 1) announce(`${what} Reconnecting.`);
}
