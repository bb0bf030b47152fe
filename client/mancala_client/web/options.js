// The room's settings row: sound on or off, numbers or seeds only, how fast moves are
// played out. Each change is kept for this browser (prefs.js) and redraws what it affects.

import { $ } from "./notice.js";
import { pref, setPref } from "./prefs.js";
import { unlock } from "./sound.js";

function showSound() {
  const on = pref("sound") === "on";
  const button = $("sound-toggle");
  button.textContent = on ? "Sound: on" : "Sound: off";
  button.setAttribute("aria-pressed", String(on));
}

/** Wire the settings row; redraw() is called after a change that shows on the board. */
export function wireOptions(redraw) {
  showSound();
  $("sound-toggle").addEventListener("click", () => {
    setPref("sound", pref("sound") === "on" ? "off" : "on");
    showSound();
    unlock(); // inside the click: the browser lets the audio start
  });
  const counts = $("counts-select");
  counts.value = pref("counts");
  counts.addEventListener("change", () => {
    setPref("counts", counts.value);
    redraw();
  });
  const speed = $("speed-select");
  speed.value = pref("speed");
  speed.addEventListener("change", () => setPref("speed", speed.value));
}
