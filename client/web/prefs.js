// The player's settings for this browser, kept in localStorage: sound on or off, how
// holes show their seeds, how fast moves are played out. Each has a default that
// needs nothing (sound off: a page should not start making noise by itself).

const KEYS = { sound: "mancala.sound", counts: "mancala.counts", speed: "mancala.speed" };
const DEFAULTS = { sound: "off", counts: "numbers", speed: "normal" };
const ALLOWED = {
  sound: ["off", "on"],
  counts: ["numbers", "stones"], // numbers: a count on every hole; stones: at most a few drawn, no number
  speed: ["slow", "normal", "fast", "instant"],
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
