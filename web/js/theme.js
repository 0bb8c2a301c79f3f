// The page's settings in the header: the dark theme (the system's choice
// until the switch is used, then the switch's, kept on the device) and the
// sounds (on unless switched off, kept on the device).
import { h, put } from './dom.js';
import { pref, setPref } from './api.js';
import { soundOn, setSound, sound } from './sounds.js';

const dark = window.matchMedia('(prefers-color-scheme: dark)');

function theme() {
  const chosen = pref('theme', 'system');
  return chosen === 'dark' || chosen === 'light' ? chosen : dark.matches ? 'dark' : 'light';
}

export function applyTheme() {
  document.documentElement.dataset.theme = theme();
}

dark.addEventListener('change', applyTheme);

// The two switches, drawn into box (the header).
export function settingsSwitches(box) {
  const draw = () => {
    const isDark = theme() === 'dark';
    put(box,
      h('button', {
        class: 'linkish setting', id: 'theme-switch', 'aria-pressed': String(isDark),
        title: isDark ? 'Dark theme: click for the light one' : 'Light theme: click for the dark one',
        onclick: () => {
          setPref('theme', isDark ? 'light' : 'dark');
          applyTheme();
          draw();
        },
      }, h('span', { 'aria-hidden': 'true', text: isDark ? '☾ ' : '☀ ' }), h('span', { class: 'setting-word', text: 'Dark' })),
      h('button', {
        class: 'linkish setting', id: 'sound-switch', 'aria-pressed': String(soundOn()),
        title: soundOn() ? 'Sounds on: click to switch them off' : 'Sounds off: click to switch them on',
        onclick: () => {
          setSound(!soundOn());
          if (soundOn()) sound('turn');
          draw();
        },
      }, h('span', { 'aria-hidden': 'true', text: soundOn() ? '♪ ' : '♪̸ ' }), h('span', { class: 'setting-word', text: 'Sound' })));
  };
  draw();
}
