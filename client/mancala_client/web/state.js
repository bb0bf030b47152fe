// The page's state, one object every module reads: the room the page wants to be
// in, the room it shows, and what is on its way. Also window.mancala, read-only by
// convention (tests and the curious look at it).

export const app = {
  conn: null,
  target: null, // the room the page wants to be in: {code, mode: "auto" | "watch"}
  room: null, // the room shown: the last room_state plus what was pushed since
  pending: false, // a move is on its way
  rematchOffer: null, // seat that offered a rematch
  frame: null, // a move being played out on the board (sowing.js), or null
  viewPly: null, // a past move whose position the board shows (null: the game as it is)
  confirm: null, // {button, until}: a two-step button waiting for its second press
  me: null, // the known player this page is: {player, name, ratings} (identity.js)
};
