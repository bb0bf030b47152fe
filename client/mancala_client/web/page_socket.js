// The game socket of a page outside the lobby (puzzles, tournaments): it greets the
// server, signs in as the player the lobby keeps in this browser (if any), then runs the
// page's own first requests and marks the page ready (body[data-ready]).

import { Connection } from "./net.js";

const PLAYER = "mancala.player"; // the identity the lobby keeps (identity.js)

/** Open the socket; `afterOpen(me)` runs once greeted (me: the identity reply, or null). */
export function openPageSocket({ onMessage = () => {}, afterOpen = async () => {} } = {}) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const conn = new Connection(`${scheme}//${location.host}/ws`, {
    onMessage,
    onStatus() {},
    async onOpen() {
      await conn.request({ type: "hello", name: "guest" });
      let held = null;
      try { held = JSON.parse(localStorage.getItem(PLAYER) || "null"); } catch { held = null; }
      let me = null;
      if (held?.player && held?.secret) {
        me = await conn.request({ type: "identify", player: held.player, secret: held.secret }).catch(() => null);
      }
      await afterOpen(me);
      document.body.dataset.ready = "1";
    },
  });
  conn.connect();
  return conn;
}
