// What a move did, in the terms the page reacts to (sounds, the move list's marks, the
// last move shown on the board): the holes sown, captures, a last seed in the mover's
// own store, another turn. From the move's events when the server sends them
// (move_made.events and room_state.moves[].events: the engine's own record, see
// docs/protocol.md "What a move did"), else worked out from the positions before and after.

/** A store's place in the events: -1 South's, -2 North's. */
export const storePlace = (seat) => -1 - seat;

/**
 * msg: a move ({seat, move, state, events}); before: the state it was played on (needed
 * only without events). Returns {path: the holes sown in order, captured: seeds taken
 * into the mover's store, capturedHoles, ownStore: the last seed sown went into the
 * mover's store, extra: the mover moves again}.
 */
export function moveEffects(msg, before) {
  if (Array.isArray(msg.events)) return fromEvents(msg.events, msg.seat);
  return fromPositions(msg, before);
}

function fromEvents(events, seat) {
  const sows = events.filter((e) => e.kind === "sow");
  const mine = storePlace(seat);
  // every seed the capture took into the store, the capturing seed's own hole included:
  // the count docs/notation.md gives (x5), as the text record and the terminal say it
  const takes = events.filter((e) => e.kind === "capture" && e.dst === mine && e.src >= 0);
  const lastSow = sows[sows.length - 1];
  return {
    path: sows.flatMap((e) => e.path.filter((place) => place >= 0)),
    captured: takes.reduce((n, t) => n + t.seeds, 0),
    capturedHoles: takes.map((t) => t.src),
    ownStore: lastSow?.path[lastSow.path.length - 1] === mine,
    extra: events.some((e) => e.kind === "extra_turn" || e.kind === "pass"),
  };
}

// Without events: sowing only adds seeds to the holes it passes, so a hole other than
// the start that holds fewer seeds afterwards was emptied by a capture (an approximation:
// relay sowing also lifts seeds; the events say it exactly).
function fromPositions(msg, before) {
  const after = msg.state;
  const start = Array.isArray(msg.move) ? msg.move[0] : msg.move;
  if (!before) return { path: [], captured: 0, capturedHoles: [], ownStore: false, extra: false };
  const extra = !after.outcome && after.turn === msg.seat;
  const capturedHoles = [];
  let lost = 0;
  before.board.forEach((n, i) => {
    if (i !== start && after.board[i] < n) {
      capturedHoles.push(i);
      lost += n - after.board[i];
    }
  });
  const gained = after.stores[msg.seat] - before.stores[msg.seat];
  const captured = gained > 0 ? lost : 0;
  return { path: [], captured, capturedHoles: captured ? capturedHoles : [], ownStore: extra, extra };
}
