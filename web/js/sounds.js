// Sounds the page makes itself with Web Audio (no files): a move (a short
// click), a capture-like event (a flip, a KO: a lower double knock) and
// your turn (two rising notes). On unless switched off (kept on the
// device). Browsers start audio only after a gesture: the context is made
// on the first click or key. Each sound played is counted on <html>
// (data-sounds, data-last-sound), which the tests read.
import { pref, setPref } from './api.js';

let ctx = null;

export function soundOn() {
  return pref('sound', true) !== false;
}

export function setSound(on) {
  setPref('sound', !!on);
}

function context() {
  if (!ctx) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try {
      ctx = new Ctx();
    } catch {
      return null;
    }
  }
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, () => { if (soundOn()) context(); }, { once: true, capture: true });

// One tone: frequency f Hz from t0 seconds for d seconds, a quick attack and decay.
function tone(audio, f, t0, d, gain, type = 'sine') {
  const osc = audio.createOscillator();
  const amp = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f, t0);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + d);
  osc.connect(amp).connect(audio.destination);
  osc.start(t0);
  osc.stop(t0 + d + 0.02);
}

const SHAPES = {
  move: (a, t) => tone(a, 660, t, 0.07, 0.18, 'triangle'),
  capture: (a, t) => {
    tone(a, 220, t, 0.12, 0.3, 'square');
    tone(a, 165, t + 0.09, 0.16, 0.25, 'square');
  },
  turn: (a, t) => {
    tone(a, 523, t, 0.14, 0.16);
    tone(a, 784, t + 0.12, 0.2, 0.16);
  },
};

// Plays kind ('move', 'capture' or 'turn') when sounds are on.
export function sound(kind) {
  if (!soundOn() || !SHAPES[kind]) return;
  const root = document.documentElement;
  root.dataset.sounds = String(Number(root.dataset.sounds || 0) + 1);
  root.dataset.lastSound = kind;
  const audio = context();
  if (!audio) return;
  try {
    SHAPES[kind](audio, audio.currentTime + 0.01);
  } catch {
    // a browser without audio output: silence
  }
}
