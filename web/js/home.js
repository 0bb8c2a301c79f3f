// The home page: start a game of either game with every option the server
// lists (GET /api/meta: options, their choices and ranges, AI levels), each
// seat a person here, a friend by invitation, or an AI; and the lists of
// games waiting for a player, being played and finished.
import { api, addTokens, myGames, tokensFor } from './api.js';
import { h, put, clear, toast, ago, pageTitle } from './dom.js';
import { gameTitle, optionsSummary } from './rules.js';
import { gameNamesText } from './games.js';
import { whoAmI } from './account.js';
import { clockPicker, yourGamesSection } from './lobby.js';

const MODES = [
  { key: 'ai', label: 'Against the AI', help: 'You in seat 1, the AI in the others.' },
  { key: 'friend', label: 'Play a friend', help: 'You in seat 1; each other seat gets an invitation link to send.' },
  { key: 'hotseat', label: 'Hot-seat', help: 'Everyone plays on this device, taking turns.' },
  { key: 'custom', label: 'Custom seats', help: 'Choose each seat.' },
];

export async function homePage(main) {
  pageTitle(`morph: ${gameNamesText('and')} in the browser`);
  const meta = await api('GET', '/api/meta');
  const who = await whoAmI();
  const params = new URLSearchParams(location.search);
  const form = new NewGameForm(meta, params.get('game'), who.signed_in);
  const lists = h('div', { class: 'lists' });
  put(main,
    h('div', { class: 'home' },
      h('section', { class: 'card new-game', 'aria-labelledby': 'new-game-title' },
        h('h1', { id: 'new-game-title', text: 'New game' }), form.el),
      h('div', { class: 'home-side' }, who.signed_in ? yourGamesSection() : null, mineSection(), lists)));
  for (const [status, title, empty] of [
    ['waiting', 'Waiting for a player', 'No game is waiting for a player. Start one!'],
    ['playing', 'Being played', 'No game is being played right now.'],
    ['finished', 'Finished', 'No finished game yet.'],
  ]) {
    lists.append(gameList(status, title, empty));
  }
}

// ---- the form ----

class NewGameForm {
  constructor(meta, wanted, signedIn) {
    this.meta = meta;
    this.signedIn = signedIn;
    this.game = meta.games.find((g) => g.name === wanted) || meta.games[0];
    this.mode = 'ai';
    this.el = h('form', { class: 'new-game-form', novalidate: true, onsubmit: (e) => this.submit(e) });
    this.draw();
  }

  get players() {
    const input = this.el.querySelector('[name="opt-players"]:checked') || this.el.querySelector('[name="opt-players"]');
    return input ? Number(input.value) : 2;
  }

  draw() {
    const meta = this.meta;
    const el = this.el;
    const saved = this.el.querySelector('.options') ? this.values() : null;
    clear(el);
    el.append(h('fieldset', { class: 'game-choice' },
      h('legend', { text: 'Game' }),
      meta.games.map((g) => h('label', { class: ['game-card', g.name === this.game.name && 'chosen'] },
        h('input', {
          type: 'radio', name: 'game', value: g.name, checked: g.name === this.game.name,
          onchange: () => {
            this.game = g;
            this.draw();
          },
        }),
        h('span', { class: 'game-name', text: gameTitle(g.name) }),
        h('span', { class: 'game-summary', text: g.summary })))));
    el.append(h('fieldset', { class: 'mode-choice' },
      h('legend', { text: 'Who plays' }),
      h('div', { class: 'modes' }, MODES.map((m) => h('label', { class: ['mode', m.key === this.mode && 'chosen'], title: m.help },
        h('input', {
          type: 'radio', name: 'mode', value: m.key, checked: m.key === this.mode,
          onchange: () => {
            this.mode = m.key;
            this.drawSeats();
            this.markChosen();
          },
        }), ` ${m.label}`)))));
    const options = h('fieldset', { class: 'options' }, h('legend', { text: 'Options' }));
    const more = h('details', { class: 'more-options' }, h('summary', { text: 'More options' }));
    for (const option of this.game.options) {
      const field = this.optionField(option, saved && saved.game === this.game.name ? saved.options[option.key] : undefined);
      if (isAdvanced(option)) more.append(field);
      else options.append(field);
    }
    more.append(h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'listed', checked: this.mode !== 'friend' }),
      ' Listed: anyone can find this game to watch it, and take an open seat'));
    if (this.game.dice) {
      options.append(h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'real-dice' }),
        ' Real dice: roll your own dice and type what they show'));
    }
    options.append(more);
    el.append(options);
    this.seatsBox = h('fieldset', { class: 'seats' }, h('legend', { text: 'Seats' }));
    el.append(this.seatsBox);
    this.drawSeats();
    el.append(this.clockField());
    el.append(h('div', { class: 'button-row' }, h('button', { type: 'submit', class: 'primary big', id: 'start', text: 'Start the game' })));
    el.querySelectorAll('[name="opt-players"]').forEach((input) => input.addEventListener('change', () => this.drawSeats()));
  }

  // The clock (games between people) and, signed in, a rated game.
  clockField() {
    this.clock = clockPicker('clock');
    return h('fieldset', { class: 'clock-choice-box' }, h('legend', { text: 'Clock' }),
      h('div', { class: 'option' }, h('label', { class: 'label', for: 'clock', text: 'Time' }), this.clock.el,
        h('span', { class: 'help', text: 'For games between people: each player\'s time runs on their turn; out of time loses (with 3 or 4 players, leaves the game).' })),
      this.signedIn ? h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'rated', id: 'rated' }),
        ' Rated: you and one other signed-in player, the result moves your ratings') : null);
  }

  markChosen() {
    for (const label of this.el.querySelectorAll('.mode')) label.classList.toggle('chosen', label.querySelector('input').checked);
    const listed = this.el.querySelector('[name="listed"]');
    if (listed) listed.checked = this.mode !== 'friend';
  }

  optionField(option, value) {
    const name = `opt-${option.key}`;
    const current = value !== undefined ? value : option.default;
    const help = h('span', { class: 'help', text: option.help });
    if (option.kind === 'int' && option.max && option.max - option.min <= 3) {
      return h('fieldset', { class: 'option inline' }, h('legend', { text: label(option.key) }),
        range(option.min, option.max).map((v) => h('label', { class: 'pill' },
          h('input', { type: 'radio', name, value: String(v), checked: String(v) === String(current) }), ` ${v}`)),
        help);
    }
    if (option.kind === 'int') {
      return h('label', { class: 'option' }, h('span', { class: 'label', text: label(option.key) }),
        h('input', { type: 'number', name, class: 'num', min: option.min, max: option.max, value: current, required: true }), help);
    }
    if (option.kind === 'string' && option.choices) {
      return h('label', { class: 'option' }, h('span', { class: 'label', text: label(option.key) }),
        h('select', { name }, option.choices.map((c) => h('option', { value: c, text: c, selected: c === current }))), help);
    }
    if (option.kind === 'list' && option.choices) {
      const on = Array.isArray(current) ? current : String(current).split(',').filter(Boolean);
      return h('fieldset', { class: 'option inline' }, h('legend', { text: label(option.key) }),
        option.choices.map((c) => h('label', { class: 'pill' }, h('input', { type: 'checkbox', name, value: c, checked: on.includes(c) }), ` ${c}`)),
        help);
    }
    return h('label', { class: 'option' }, h('span', { class: 'label', text: label(option.key) }),
      h('input', { type: 'text', name, value: current, autocomplete: 'off', spellcheck: false }), help);
  }

  drawSeats() {
    const box = this.seatsBox;
    const old = [...box.querySelectorAll('.seat')].map((row) => ({
      kind: row.querySelector('select').value, ms: row.querySelector('.ms') && row.querySelector('.ms').value,
    }));
    while (box.children.length > 1) box.lastChild.remove();
    const n = this.game.options.some((o) => o.key === 'players') ? this.players : 2;
    const levels = this.game.ai;
    const fallback = (levels.find((l) => l.level === this.game.default_ai) || levels[0]).level;
    for (let seat = 1; seat <= n; seat++) {
      let kind;
      if (this.mode === 'custom' && old[seat - 1]) kind = old[seat - 1].kind;
      else if (seat === 1 || this.mode === 'hotseat') kind = 'me';
      else if (this.mode === 'friend') kind = 'friend';
      else if (this.mode === 'custom') kind = 'open';
      else kind = `ai:${fallback}`;
      const select = h('select', { name: `seat-${seat}`, 'aria-label': `Seat ${seat}` },
        h('option', { value: 'me', text: 'You (this device)', selected: kind === 'me' }),
        h('option', { value: 'friend', text: 'A friend (invitation link)', selected: kind === 'friend' }),
        h('option', { value: 'open', text: 'Anyone (open seat)', selected: kind === 'open' }),
        levels.map((l) => h('option', { value: `ai:${l.level}`, text: `AI: ${l.level}`, title: l.summary, selected: kind === `ai:${l.level}` })));
      const row = h('div', { class: 'seat', dataset: { seat } }, h('span', { class: 'seat-label', text: `Seat ${seat}` }), select);
      const addMs = () => {
        const existing = row.querySelector('.ms-label');
        const level = levels.find((l) => `ai:${l.level}` === select.value);
        if (level && level.ms) {
          if (!existing) {
            row.append(h('label', { class: 'ms-label' }, 'thinks ',
              h('input', { type: 'number', class: 'ms num', min: level.ms.min, max: level.ms.max, step: 50, value: (old[seat - 1] && old[seat - 1].ms) || level.ms.default }), ' ms'));
          }
        } else if (existing) {
          existing.remove();
        }
        const summary = row.querySelector('.level-help');
        if (summary) summary.remove();
        if (level) row.append(h('span', { class: 'help level-help', text: level.summary }));
      };
      select.addEventListener('change', addMs);
      addMs();
      box.append(row);
    }
    if (this.mode !== 'custom') {
      // the mode decides the seats; "Custom seats" lets each be chosen
      box.append(h('p', { class: 'help', text: MODES.find((m) => m.key === this.mode).help + ' Choose "Custom seats" to pick each seat.' }));
      for (const select of box.querySelectorAll('select')) {
        select.addEventListener('change', () => {
          this.mode = 'custom';
          this.el.querySelector('[name="mode"][value="custom"]').checked = true;
          this.markChosen();
        });
      }
    }
  }

  values() {
    const data = new FormData(this.el);
    const options = {};
    for (const option of this.game.options) {
      const name = `opt-${option.key}`;
      if (option.kind === 'list') options[option.key] = data.getAll(name);
      else if (option.kind === 'int') {
        const raw = data.get(name);
        if (raw !== null && raw !== '') options[option.key] = Number(raw);
      } else {
        const raw = data.get(name);
        if (raw !== null && raw !== '') options[option.key] = raw;
      }
    }
    return { game: this.game.name, options, data };
  }

  async submit(event) {
    event.preventDefault();
    const { game, options, data } = this.values();
    const seats = [];
    const n = this.game.options.some((o) => o.key === 'players') ? this.players : 2;
    for (let seat = 1; seat <= n; seat++) {
      const row = this.el.querySelector(`.seat[data-seat="${seat}"]`);
      const kind = row.querySelector('select').value;
      if (kind === 'me') seats.push({ kind: 'human', mine: true });
      else if (kind === 'friend' || kind === 'open') seats.push({ kind: 'human' });
      else {
        const spec = { kind: 'ai', level: kind.slice(3) };
        const ms = row.querySelector('.ms');
        if (ms) spec.ms = Number(ms.value);
        seats.push(spec);
      }
    }
    const body = { game, options, seats, listed: data.get('listed') === 'on' };
    if (data.get('real-dice') === 'on') body.dice = 'real';
    const clock = this.clock.value();
    if (clock) body.clock = clock;
    if (data.get('rated') === 'on') body.rated = true;
    const button = this.el.querySelector('#start');
    button.disabled = true;
    try {
      const made = await api('POST', '/api/games', { body });
      addTokens(made.id, made.seats.map((seat) => seat.token), game);
      location.assign(made.path);
    } catch (err) {
      toast(err.message);
      button.disabled = false;
    }
  }
}

function isAdvanced(option) {
  if (option.kind === 'string' && !option.choices) return true; // free text, e.g. a custom grid
  return option.kind === 'int' && option.max - option.min > 1000; // safety limits
}

function label(key) {
  return key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' ');
}

function range(a, b) {
  const out = [];
  for (let v = a; v <= b; v++) out.push(v);
  return out;
}

// ---- lists ----

function mineSection() {
  const mine = myGames().slice(0, 8);
  if (!mine.length) return null;
  return h('section', { class: 'card list mine', 'aria-labelledby': 'mine-title' },
    h('h2', { id: 'mine-title', text: 'Your games on this device' }),
    h('ul', {}, mine.map((g) => h('li', {},
      h('a', { href: `/game/${g.id}`, text: `${gameTitle(g.game || 'game')} ${g.id}` }), ' ', h('span', { class: 'when', text: ago(g.at) })))));
}

function gameList(status, title, empty) {
  const ul = h('ul', { class: 'games' });
  const more = h('button', { class: 'secondary more', text: 'More', hidden: true });
  const section = h('section', { class: 'card list', id: `list-${status}`, 'aria-labelledby': `list-${status}-title` },
    h('h2', { id: `list-${status}-title`, text: title }), ul, more);
  let cursor = null;
  async function load() {
    const query = new URLSearchParams({ status, limit: '8' });
    if (cursor) query.set('before', cursor);
    try {
      const page = await api('GET', `/api/games?${query}`);
      if (!cursor && !page.games.length) ul.append(h('li', { class: 'empty', text: empty }));
      for (const g of page.games) ul.append(gameItem(g));
      cursor = page.next;
      more.hidden = !cursor;
    } catch (err) {
      ul.append(h('li', { class: 'error', text: err.message }));
    }
  }
  more.addEventListener('click', load);
  load();
  return section;
}

function gameItem(g) {
  const mine = tokensFor(g.id).length > 0;
  const what = [optionsSummary(g.game, g.options)];
  what.push(`${g.seats} seats${g.ai_seats ? `, ${g.ai_seats} AI` : ''}`);
  if (g.status === 'waiting') what.push(`${g.open_seats} open`);
  if (g.count) what.push(`${g.count} actions`);
  const actions = [];
  if (mine) actions.push(h('a', { class: 'button primary', href: g.path, text: g.status === 'finished' ? 'View' : 'Continue' }));
  else if (g.status === 'waiting') {
    actions.push(h('button', {
      class: 'primary', text: 'Join', onclick: async () => {
        try {
          const joined = await api('POST', `/api/games/${g.id}/join`, { body: {} });
          addTokens(joined.id, [joined.token], g.game);
          location.assign(joined.path);
        } catch (err) {
          toast(err.message);
        }
      },
    }));
  }
  if (!mine) actions.push(h('a', { class: 'button', href: g.path, text: g.status === 'finished' ? 'View' : 'Watch' }));
  if (g.status === 'finished') actions.push(h('a', { class: 'button', href: `/replay/${g.id}`, text: 'Replay' }));
  let result = null;
  if (g.result && g.result.text) result = h('span', { class: 'result-line', text: String(g.result.text).split('\n')[0] });
  return h('li', { class: 'game-item', dataset: { id: g.id } },
    h('div', { class: 'what' }, h('strong', { text: gameTitle(g.game) }), ' ', h('span', { text: what.filter(Boolean).join(' · ') }),
      mine ? h('span', { class: 'flag you', text: 'your seat' }) : null,
      h('span', { class: 'when', text: ` ${ago(g.updated)}` }), result),
    h('div', { class: 'item-actions' }, actions));
}
