// What a move did, in the terms the page reacts to (sounds, the move list's marks,
// the last move shown on the board): captures, a last seed in the mover's own store,
// an extra turn. From the move's record when the server sends one (move_made.record,
// the engine's own account), else worked out from the positions before and after.

/** A store's place code in a record's paths: -1 South's, -2 North's. */
export const storePlace = (seat) => -1 - seat;

/**
 * msg: a move_made (seat, move, state, maybe record); before: the state it was played on.
 * Returns {path: the holes sown in order (known from a record only), captured: seeds taken from the board into the mover's store, capturedHoles: [...],
 * ownStore: the last seed sown went into the mover's store, extra: the mover moves again}.
 */
export function moveEffects(msg, before) {
  const record = msg.record ?? msg.trace ?? null;
  if (record) return fromRecord(record, msg.seat);
  return fromPositions(msg, before);
}

function fromRecord(record, seat) {
  const mine = storePlace(seat);
  const takes = (record.takes || []).filter((t) => t.to === mine && t.from >= 0);
  const laps = record.laps || [];
  const lastLap = laps[laps.length - 1];
  const last = lastLap?.sown?.[lastLap.sown.length - 1];
  return {
    path: laps.flatMap((lap) => lap.sown.filter((place) => place >= 0)),
    captured: takes.reduce((n, t) => n + t.seeds, 0),
    capturedHoles: takes.map((t) => t.from),
    ownStore: last === mine,
    extra: Boolean(record.extra_turn),
  };
}

// Without a record: sowing only adds seeds to the holes it passes, so a hole other than
// the start that holds fewer seeds afterwards was emptied by a capture (an approximation:
// relay sowing also lifts seeds; the record says it exactly).
function fromPositions(msg, before) {
  const after = msg.state;
  const start = Array.isArray(msg.move) ? msg.move[0] : msg.move;
  const extra = !after.outcome && after.turn === msg.seat && Boolean(before);
  if (!before) return { path: [], captured: 0, capturedHoles: [], ownStore: false, extra: false };
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
