// Short sounds made in the page with Web Audio (no files): an illegal click, a capture,
// a last seed in one's own store (another turn), the end of the game. Off unless the
// player turns them on (prefs.js). Each is a few notes of one oscillator shape, so they
// are told apart by ear (and by tests, which watch the oscillators started).

import { pref } from "./prefs.js";

/** Each sound: the oscillator's shape and its notes (Hz), each lasting `step` seconds. */
export const SOUNDS = {
  illegal: { shape: "square", notes: [196, 147], step: 0.09, volume: 0.05 },
  capture: { shape: "triangle", notes: [659, 880, 659], step: 0.07, volume: 0.12 },
  extra: { shape: "sine", notes: [523, 784], step: 0.1, volume: 0.12 },
  end: { shape: "sine", notes: [392, 494, 587, 784], step: 0.16, volume: 0.12 },
};

let context = null;

function audio() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  context ??= new Ctx();
  // a context made before any click starts suspended; a later click lets it run
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** Play one of SOUNDS by name, when sound is on. */
export function play(name) {
  const sound = SOUNDS[name];
  if (!sound || pref("sound") !== "on") return;
  const ctx = audio();
  if (!ctx) return;
  let at = ctx.currentTime + 0.01;
  for (const note of sound.notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = sound.shape;
    osc.frequency.value = note;
    // a quick fade in and out: no click at either end
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(sound.volume, at + 0.01);
    gain.gain.linearRampToValueAtTime(0, at + sound.step);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + sound.step + 0.02);
    at += sound.step;
  }
}

/** Ask for the audio context inside a click, so that later sounds may play. */
export function unlock() {
  if (pref("sound") === "on") audio();
}
