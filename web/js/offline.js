// Playing without the network: the service worker (sw.js) registered for
// the server's version, and the pages of games against the AI kept on this
// device: /offline (the games kept, a new one), /offline/ID (the game,
// local_game.js), /offline/ID/replay (its replay, drawn by the engine in
// the page; the analysis by the server when it can be reached, or by the
// engine in the page). Games are kept in localStorage as their records
// (docs/records.md), so a closed tab comes back to them, and a finished one
// can be downloaded or sent to the server.
import { api, guestName } from './api.js';
import { h, put, toast, pageTitle } from './dom.js';
import { GAME_NAMES } from './games.js';
import { gameTitle, optionsSummary } from './rules.js';
import { pageEngine } from './mirror.js';
import { levelLabel, levelAbout } from './words.js';
import { signedInName } from './account.js';
import { localGames, saveLocal, dropLocal } from './local_store.js';

// The AI levels a phone plays offline: those that think a bounded time, at
// most a second a decision (mcts), and the others as they are.
const PHONE_MS = 1000;

// ---- the service worker ----

export async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  // the server's version, from the server itself (the worker lets this
  // request pass: a kept copy would keep the worker of a version gone)
  let version;
  try {
    const response = await fetch('/api/meta', { headers: { 'X-Morph-Worker': 'pass' }, cache: 'no-store' });
    ({ version } = await response.json());
  } catch {
    return; // offline: the worker there stays
  }
  // a new version's worker takes over the open pages: they reload once on it
  const before = navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (before && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  try {
    await navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: '/' });
  } catch {
    // not served over http(s) from this origin: the page works online only
  }
}

function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ---- /offline ----

export async function offlinePage(main, id, sub) {
  if (id && sub === 'replay') return localReplay(main, id);
  if (id) {
    const saved = localGames().find((g) => g.id === id);
    if (!saved) {
      put(main, h('section', { class: 'card error-card' }, h('h1', { text: 'No such game on this device' }),
        h('p', {}, h('a', { href: '/offline', text: 'The games kept here' }), '.')));
      return;
    }
    pageTitle(`${gameTitle(saved.game)} · morph`);
    const { LocalScreen } = await import('./local_game.js');
    await LocalScreen.open(main, saved);
    return;
  }
  pageTitle('Play the AI offline · morph');
  let meta = null;
  try {
    meta = await api('GET', '/api/meta');
  } catch {
    meta = null;
  }
  const engine = await pageEngine();
  const form = meta && engine ? newGameForm(meta) : h('p', { class: 'error', text: 'The engine of the page is not available here: open this page once with the network.' });
  const games = localGames();
  put(main, h('section', { class: 'card offline', id: 'offline' },
    h('h1', { text: 'Play the AI offline' }),
    h('p', { class: 'help', text: 'These games are played by the engine in this page, without the network; they are kept on this device.' }),
    form,
    h('h2', { text: 'Games on this device' }),
    games.length ? h('ul', { class: 'local-games' }, ...games.map(localItem)) : h('p', { class: 'help', text: 'None yet.' })));
}

function localItem(saved) {
  const opponent = saved.names[saved.seat === 1 ? 1 : 0];
  const forget = h('button', {
    class: 'tool danger', text: 'Forget', 'aria-label': `Forget the game against ${opponent}`,
    onclick: () => {
      dropLocal(saved.id);
      item.remove();
    },
  });
  const item = h('li', { dataset: { id: saved.id } },
    h('a', { href: `/offline/${saved.id}`, text: `${gameTitle(saved.game)} against ${opponent}` }),
    h('span', { class: 'help', text: ` · ${optionsSummary(saved.game, saved.record.options)} · ${saved.finished ? 'finished' : `${saved.record.actions.length} actions, in progress`}` }),
    ' ', forget);
  return item;
}

// Game, options a phone plays (Morphos up to 9x9), your seat, the AI level.
function newGameForm(meta) {
  const games = meta.games.filter((g) => GAME_NAMES.includes(g.name));
  const pick = h('div', { class: 'choices', role: 'radiogroup', 'aria-label': 'Game' },
    ...games.map((g, i) => h('label', { class: 'choice' },
      h('input', { type: 'radio', name: 'local-game', value: g.name, checked: i === 0, onchange: () => levels() }), ` ${gameTitle(g.name)}`)));
  const size = h('input', { type: 'number', id: 'local-size', name: 'local-size', min: 3, max: 9, value: 7 });
  const sizeRow = h('label', { class: 'field' }, 'Board size (Morphos) ', size);
  const level = h('select', { id: 'local-level', name: 'local-level' });
  const second = h('label', { class: 'choice' }, h('input', { type: 'checkbox', id: 'local-second' }), ' The AI moves first');
  const start = h('button', { class: 'primary big', id: 'local-start', type: 'submit', text: 'Play offline' });
  const chosen = () => games.find((g) => g.name === pick.querySelector('input:checked').value);
  function levels() {
    const g = chosen();
    put(level, ...g.ai.filter((a) => a.level !== 'random').map((a) => h('option', {
      value: a.ms ? `${a.level}:ms=${Math.min(a.ms.default, PHONE_MS)}` : a.level, text: levelLabel(a), title: levelAbout(a),
      selected: a.level === g.default_ai,
    })));
    sizeRow.hidden = !g.options.some((o) => o.key === 'size');
  }
  levels();
  return h('form', {
    class: 'local-form', id: 'local-form',
    onsubmit: async (event) => {
      event.preventDefault();
      start.disabled = true;
      try {
        const g = chosen();
        const options = g.options.some((o) => o.key === 'size') ? { size: Number(size.value) } : {};
        const seat = second.querySelector('input').checked ? 2 : 1;
        const ai = g.ai.find((a) => level.value.split(':')[0] === a.level);
        location.assign(`/offline/${await startLocal(g.name, options, level.value, seat, `${levelLabel(ai)} AI`)}`);
      } catch (err) {
        toast(err.message);
        start.disabled = false;
      }
    },
  }, pick, sizeRow, h('label', { class: 'field' }, 'AI ', level), second, start);
}

// A new game kept on this device; its id. The seats are named as the
// server names them: the account's or the guest's name, the AI by its
// level ("Casual AI").
export async function startLocal(game, options, level, seat, aiName) {
  const engine = await pageEngine();
  const players = [1, 2].map((p) => (p === seat ? 'human' : `ai:${level}`));
  let names = [1, 2].map((p) => (p === seat ? signedInName() || guestName() : aiName));
  if (names[0] === names[1]) names = names.map((name, i) => `${name} (P${i + 1})`); // a name two seats share says its seat
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const created = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const g = engine.game({ game, options, players, seed, names });
  const record = g.record(created);
  g.close();
  const saved = { id: newId(), game, level, seat, names, created, record, finished: false };
  saveLocal(saved);
  return saved.id;
}

// ---- /offline/ID/replay ----

// The replay viewer's data (as POST /api/replay answers it), drawn by the engine.
async function replayData(engine, saved) {
  const g = engine.load(saved.record, saved.names);
  const history = g.history();
  const final = g.position();
  g.close();
  const walk = engine.game({ game: saved.game, options: saved.record.options, names: saved.names });
  const at = (k) => {
    const p = walk.position();
    return { index: k, to_move: p.to_move, board: p.board, marks: p.marks };
  };
  const positions = [at(0)];
  history.forEach((entry, k) => {
    walk.play(0, entry.action);
    positions.push(at(k + 1));
  });
  walk.close();
  return { game: saved.game, options: saved.record.options, count: history.length, history, result: final.result, positions, names: saved.names };
}

async function localReplay(main, id) {
  const saved = localGames().find((g) => g.id === id);
  const engine = await pageEngine();
  if (!saved || !engine) {
    put(main, h('section', { class: 'card error-card' }, h('h1', { text: 'No such game on this device' })));
    return;
  }
  const { Viewer } = await import('./replay.js');
  new Viewer(main, await replayData(engine, saved), { name: `this device's game`, record: JSON.stringify(saved.record), names: saved.names });
}
