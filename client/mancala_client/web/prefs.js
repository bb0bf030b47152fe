// The player's settings for this browser, kept in localStorage: sound on or off, how
// holes show their seeds, how fast moves are played out, the analysis (replay viewer, spectators). Each has a default that
// needs nothing (sound off: a page should not start making noise by itself).

const KEYS = { sound: "mancala.sound", counts: "mancala.counts", speed: "mancala.speed", analysis: "mancala.analysis",
               watchAnalysis: "mancala.watch-analysis" };
const DEFAULTS = { sound: "off", counts: "numbers", speed: "normal", analysis: "off", watchAnalysis: "off" };
const ALLOWED = {
  sound: ["off", "on"],
  counts: ["numbers", "stones"], // numbers: a count on every hole; stones: every seed drawn, a count only past 12
  speed: ["slow", "normal", "fast", "instant"],
  analysis: ["off", "on"], // the replay viewer: the computer's best move and value for the shown position
  // the same for a spectator in a live room; a setting of its own, so that turning it on
  // in the viewer does not turn it on while watching
  watchAnalysis: ["off", "on"],
};

export function pref(name) {
  try {
    const value = localStorage.getItem(KEYS[name]);
    return ALLOWED[name].includes(value) ? value : DEFAULTS[name];
  } catch {
    return DEFAULTS[name];
  }
}

export function setPref(name, value) {
  if (!ALLOWED[name].includes(value)) return;
  try {
    localStorage.setItem(KEYS[name], value);
  } catch {
    // storage off: the setting lasts while the page is open
  }
}
