// The game socket: requests with ids answered by promises, pushed messages as
// events, and reconnection with backoff when the connection drops.

export const SUBPROTOCOL = "mancala.v1.json";

export class ServerError extends Error {
  constructor(code, message, params = []) {
    super(`${code}: ${message}`);
    this.code = code;
    this.detail = message;
    this.params = params;
  }
}

export class Connection {
  /**
   * @param {string} url  ws:// or wss:// address of the game socket
   * @param {object} hooks  onMessage(msg), onOpen(firstTime), onStatus(info)
   */
  constructor(url, hooks) {
    this.url = url;
    this.hooks = hooks;
    this.ws = null;
    this.nextId = 1;
    this.waiting = new Map(); // id -> {resolve, reject, type}
    this.attempt = 0;
    this.everOpened = false;
    this.timer = null;
    this.stopped = false;
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    this.timer = null;
    let ws;
    try {
      ws = new WebSocket(this.url, SUBPROTOCOL);
    } catch (err) {
      this.scheduleRetry(String(err));
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      const first = !this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.hooks.onStatus({ state: "open", first });
      this.hooks.onOpen(first);
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.failWaiting();
      if (!this.stopped) this.scheduleRetry(event.reason || `code ${event.code}`);
    });
  }

  scheduleRetry(reason) {
    this.attempt += 1;
    // 0.5 s, 1 s, 2 s, 4 s, ... at most 15 s, with a little jitter
    const base = Math.min(15000, 500 * 2 ** (this.attempt - 1));
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.hooks.onStatus({ state: "retrying", attempt: this.attempt, delay, reason,
                          everOpened: this.everOpened });
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Try again now (the "reconnect now" button). */
  retryNow() {
    if (this.open || this.timer === null) return;
    clearTimeout(this.timer);
    this.connect();
  }

  failWaiting() {
    for (const { reject } of this.waiting.values()) {
      reject(new ServerError("disconnected", "the connection was lost"));
    }
    this.waiting.clear();
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg === null || typeof msg !== "object") return;
    const pending = msg.id !== undefined && msg.id !== null ? this.waiting.get(msg.id) : undefined;
    if (pending) {
      this.waiting.delete(msg.id);
      if (msg.type === "error") {
        pending.reject(new ServerError(msg.code, msg.message, msg.params));
      } else {
        pending.resolve(msg);
      }
    }
    // every message also goes to the app: room_state after seat_granted has no id
    if (!pending || msg.type !== "error") this.hooks.onMessage(msg);
  }

  /** Send a request; resolves with the reply carrying its id, rejects with ServerError. */
  request(message) {
    if (!this.open) {
      return Promise.reject(new ServerError("disconnected", "not connected to the server"));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  /** Close for good (the page is going away); no reconnection. */
  close() {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000, "bye");
  }

  /** Drop the socket as a network failure would (used by tests and "reconnect now"). */
  drop() {
    if (this.ws) this.ws.close(4000, "dropped by the page");
  }
}
