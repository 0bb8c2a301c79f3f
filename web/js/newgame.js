// The home page's "More options": a new game with every choice the server
// lists (GET /api/meta: options, their choices and ranges, AI levels). A
// field shows only where it applies: the AI's level for a game against the
// AI, each seat for custom seats, the clock (against the AI, the person's
// alone), a rated game and takebacks only between people, real dice only
// for a game that has dice.
import { api, addTokens, guestName, pref, setPref } from './api.js';
import { h, put, clear, toast } from './dom.js';
import { gameTitle } from './rules.js';
import { clockPicker } from './lobby.js';
import { pointToOffline } from './reach.js';
import { optionLabel, optionAbout, choiceLabel, choiceAbout, levelLabel, levelAbout, levelDetail } from './words.js';

export const MODES = [
  { key: 'ai', label: 'Against the AI', help: 'You against the AI: it takes every other seat.' },
  { key: 'friend', label: 'Play a friend', help: 'You in seat 1; each other seat gets an invitation link to send.' },
  { key: 'hotseat', label: 'Hot-seat', help: 'Everyone plays on this device, taking turns.' },
  { key: 'custom', label: 'Custom seats', help: 'Choose each seat: you, a friend, anyone, or an AI.' },
];

// Makes a game (POST /api/games), keeps its tokens and goes there. button
// is disabled meanwhile; a refusal is the server's line in a toast. A guest
// holding one seat plays under their name (several: hot-seat, P1 and P2).
export async function createGame(body, button) {
  if (button) button.disabled = true;
  const mine = body.seats ? body.seats.filter((seat) => seat.mine).length : 1;
  if (mine === 1) body = { ...body, name: guestName() };
  try {
    // lean: the answer without the state, which the game's page loads itself
    const made = await api('POST', '/api/games?lean=1', { body });
    addTokens(made.id, made.seats.map((seat) => seat.token), body.game);
    location.assign(made.path);
  } catch (err) {
    // without the server, the page's one message (reach.js) points to Play offline
    if (err.status !== 0 || !pointToOffline()) toast(err.message);
    if (button) button.disabled = false;
  }
}

// The AI level a new game of g starts with: the one chosen last on this
// device (in the form or by a one click), else the game's gentle level (a
// newcomer's first game is never against the strongest).
export function startLevel(g) {
  const last = pref(`ai-level.${g.name}`, null);
  if (g.ai.some((l) => l.level === last)) return last;
  return g.gentle_ai || g.default_ai;
}

export function rememberLevel(game, level) {
  setPref(`ai-level.${game}`, level);
}

// The seats of a one-click game against the AI: you in seat 1, level in
// every other seat of the game's default number of players.
export function aiSeats(g, level) {
  const players = g.options.find((o) => o.key === 'players');
  const n = players ? Number(players.default) || 2 : 2;
  return [{ kind: 'human', mine: true }, ...Array.from({ length: n - 1 }, () => ({ kind: 'ai', level }))];
}

export class NewGameForm {
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

  get seatCount() {
    return this.game.options.some((o) => o.key === 'players') ? this.players : 2;
  }

  draw() {
    const el = this.el;
    const saved = el.querySelector('.options') ? this.values() : null;
    clear(el);
    el.append(h('fieldset', { class: 'game-choice' },
      h('legend', { text: 'Game' }),
      this.meta.games.map((g) => h('label', { class: ['game-card', g.name === this.game.name && 'chosen'] },
        h('input', {
          type: 'radio', name: 'game', value: g.name, checked: g.name === this.game.name,
          onchange: () => {
            this.game = g;
            this.draw();
          },
        }),
        h('span', { class: 'game-name', text: gameTitle(g.name) })))));
    el.append(h('fieldset', { class: 'mode-choice' },
      h('legend', { text: 'Who plays' }),
      h('div', { class: 'modes' }, MODES.map((m) => h('label', { class: ['mode', m.key === this.mode && 'chosen'] },
        h('input', {
          type: 'radio', name: 'mode', value: m.key, checked: m.key === this.mode,
          onchange: () => {
            this.mode = m.key;
            this.markChosen();
            this.drawWho();
          },
        }), ` ${m.label}`))),
      this.modeHelp = h('p', { class: 'help mode-help' })));
    this.whoBox = h('div', { class: 'who' });
    el.append(this.whoBox);
    const options = h('fieldset', { class: 'options' }, h('legend', { text: 'Options' }));
    const advanced = h('details', { class: 'advanced-options' }, h('summary', { text: 'Limits and a custom grid' }));
    for (const option of this.game.options) {
      const field = this.optionField(option, saved && saved.game === this.game.name ? saved.options[option.key] : undefined);
      if (isAdvanced(option)) advanced.append(field);
      else options.append(field);
    }
    if (this.game.dice) {
      options.append(h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'real-dice' }),
        ' Real dice: roll your own dice and type what they show'));
    }
    options.append(h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'listed', checked: listedByDefault(this.mode) }),
      ' Listed: anyone can find this game to watch it, and take an open seat'));
    if (advanced.children.length > 1) options.append(advanced);
    el.append(options);
    this.clockBox = this.clockField();
    el.append(this.clockBox);
    el.append(h('div', { class: 'button-row' }, h('button', { type: 'submit', class: 'primary big', id: 'start', text: 'Start the game' })));
    el.querySelectorAll('[name="opt-players"]').forEach((input) => input.addEventListener('change', () => this.drawWho()));
    this.drawWho();
  }

  // What the mode asks: the AI's level (against the AI), each seat (custom
  // seats), nothing else; then whether a clock applies.
  drawWho() {
    const mode = MODES.find((m) => m.key === this.mode);
    this.modeHelp.textContent = mode.help;
    const box = this.whoBox;
    const old = [...box.querySelectorAll('.seat')].map((row) => ({
      kind: row.querySelector('select').value, ms: row.querySelector('.ms') && row.querySelector('.ms').value,
    }));
    clear(box);
    if (this.mode === 'ai') box.append(this.levelField());
    if (this.mode === 'custom') box.append(this.seatsField(old));
    this.updateClock();
  }

  // The AI's level for a game against the AI (the one chosen last, else
  // the game's gentle level).
  levelField() {
    const levels = this.game.ai;
    const first = startLevel(this.game);
    const select = h('select', { name: 'ai-level', id: 'ai-level' },
      levels.map((l) => h('option', { value: l.level, text: levelLabel(l), selected: l.level === first })));
    const row = h('div', { class: 'ai-choice' }, h('label', { class: 'seat-label', for: 'ai-level', text: 'The AI' }), select);
    const extra = h('div', { class: 'level-extra' });
    row.append(extra);
    const update = () => put(extra, ...levelExtras(levels.find((l) => l.level === select.value), 'ms', null));
    select.addEventListener('change', update);
    update();
    return row;
  }

  seatsField(old) {
    const box = h('fieldset', { class: 'seats' }, h('legend', { text: 'Seats' }));
    const levels = this.game.ai;
    for (let seat = 1; seat <= this.seatCount; seat++) {
      const kind = old[seat - 1] ? old[seat - 1].kind : seat === 1 ? 'me' : 'open';
      const select = h('select', { name: `seat-${seat}`, 'aria-label': `Seat ${seat}` },
        h('option', { value: 'me', text: 'You (this device)', selected: kind === 'me' }),
        h('option', { value: 'friend', text: 'A friend (invitation link)', selected: kind === 'friend' }),
        h('option', { value: 'open', text: 'Anyone (open seat)', selected: kind === 'open' }),
        levels.map((l) => h('option', { value: `ai:${l.level}`, text: `AI: ${levelLabel(l)}`, selected: kind === `ai:${l.level}` })));
      const extra = h('div', { class: 'level-extra' });
      const row = h('div', { class: 'seat', dataset: { seat } }, h('span', { class: 'seat-label', text: `Seat ${seat}` }), select, extra);
      const update = () => {
        const level = levels.find((l) => `ai:${l.level}` === select.value);
        put(extra, ...(level ? levelExtras(level, 'ms', old[seat - 1] && old[seat - 1].ms) : []));
        this.updateClock();
      };
      select.addEventListener('change', update);
      update();
      box.append(row);
    }
    return box;
  }

  // Seats as the API takes them, from the mode (and each seat's field).
  seats() {
    const out = [];
    const n = this.seatCount;
    for (let seat = 1; seat <= n; seat++) {
      let kind;
      if (this.mode === 'custom') {
        const select = this.el.querySelector(`.seat[data-seat="${seat}"] select`);
        kind = select ? select.value : 'open'; // while the seats are drawn
      }
      else if (seat === 1 || this.mode === 'hotseat') kind = 'me';
      else if (this.mode === 'friend') kind = 'friend';
      else kind = `ai:${this.el.querySelector('#ai-level').value}`;
      if (kind === 'me') out.push({ kind: 'human', mine: true });
      else if (kind === 'friend' || kind === 'open') out.push({ kind: 'human' });
      else {
        const spec = { kind: 'ai', level: kind.slice(3) };
        const row = this.mode === 'custom' ? this.el.querySelector(`.seat[data-seat="${seat}"]`) : this.whoBox;
        const ms = row.querySelector('.ms');
        if (ms) spec.ms = Number(ms.value);
        out.push(spec);
      }
    }
    return out;
  }

  // A clock applies to every game with a person (against the AI, theirs
  // alone); a rated game and takebacks to games between people only.
  updateClock() {
    if (!this.clockBox) return;
    const seats = this.seats();
    const people = this.mode !== 'ai' && !seats.some((seat) => seat.kind === 'ai');
    this.clockBox.hidden = !seats.some((seat) => seat.kind === 'human');
    for (const row of this.clockBox.querySelectorAll('.people-only')) row.hidden = !people;
    this.clockHelp.textContent = people
      ? 'Each player\'s time runs on their turn; out of time loses (with 3 or 4 players, leaves the game).'
      : 'Only your time runs: the AI thinks within its own time. Out of time loses.';
  }

  // Takebacks are on by default in a casual game and off in a rated one,
  // as on lichess: ticking Rated unticks them (they can be ticked again).
  clockField() {
    this.clock = clockPicker('clock');
    const takebacks = h('input', { type: 'checkbox', name: 'takebacks', id: 'takebacks', checked: true });
    const rated = this.signedIn ? h('input', { type: 'checkbox', name: 'rated', id: 'rated',
      onchange: () => { takebacks.checked = !rated.checked; } }) : null;
    this.clockHelp = h('span', { class: 'help' });
    return h('fieldset', { class: 'clock-choice-box' }, h('legend', { text: 'Clock' }),
      h('div', { class: 'option' }, h('label', { class: 'label', for: 'clock', text: 'Time' }), this.clock.el, this.clockHelp),
      rated ? h('label', { class: 'check people-only' }, rated,
        ' Rated: you and one other signed-in player, the result moves your ratings') : null,
      h('label', { class: 'check people-only' }, takebacks,
        ' Takebacks: a player may ask to take back a move; the other player accepts or declines'));
  }

  markChosen() {
    for (const label of this.el.querySelectorAll('.mode')) label.classList.toggle('chosen', label.querySelector('input').checked);
    const listed = this.el.querySelector('[name="listed"]');
    if (listed) listed.checked = listedByDefault(this.mode);
  }

  // An option's field: its name and sentence, each choice by its name (a
  // chosen word's sentence under a list, a sentence per box).
  optionField(option, value) {
    const name = `opt-${option.key}`;
    const current = value !== undefined ? value : option.default;
    const title = optionLabel(option);
    const help = h('span', { class: 'help', text: optionAbout(option) });
    if (option.kind === 'int' && option.max && option.max - option.min <= 3) {
      return h('fieldset', { class: 'option inline' }, h('legend', { text: title }),
        range(option.min, option.max).map((v) => h('label', { class: 'pill' },
          h('input', { type: 'radio', name, value: String(v), checked: String(v) === String(current) }), ` ${v}`)),
        help);
    }
    if (option.kind === 'int') {
      return h('label', { class: 'option' }, h('span', { class: 'label', text: title }),
        h('input', { type: 'number', name, class: 'num', min: option.min, max: option.max, value: current, required: true }), help);
    }
    if (option.kind === 'string' && option.choices) {
      const about = h('span', { class: 'help choice-help' });
      const select = h('select', { name }, option.choices.map((c) => h('option', { value: c, text: choiceLabel(option, c), selected: c === current })));
      const tell = () => { about.textContent = choiceAbout(option, select.value) || optionAbout(option); };
      select.addEventListener('change', tell);
      tell();
      return h('label', { class: 'option' }, h('span', { class: 'label', text: title }), select, about);
    }
    if (option.kind === 'list' && option.choices) {
      const on = Array.isArray(current) ? current : String(current).split(',').filter(Boolean);
      return h('fieldset', { class: 'option choices' }, h('legend', { text: title }), help,
        option.choices.map((c) => h('label', { class: 'choice' },
          h('input', { type: 'checkbox', name, value: c, checked: on.includes(c) }),
          h('span', {}, h('strong', { text: choiceLabel(option, c) }), ' ', h('span', { class: 'help', text: choiceAbout(option, c) })))));
    }
    return h('label', { class: 'option' }, h('span', { class: 'label', text: title }),
      h('input', { type: 'text', name, value: current, autocomplete: 'off', spellcheck: false }), help);
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
    const body = { game, options, seats: this.seats(), listed: data.get('listed') === 'on' };
    if (this.mode === 'ai') rememberLevel(game, this.el.querySelector('#ai-level').value);
    if (data.get('real-dice') === 'on') body.dice = 'real';
    if (!this.clockBox.hidden) {
      const clock = this.clock.value();
      if (clock) body.clock = clock;
    }
    if (!this.clockBox.hidden && !this.clockBox.querySelector('.people-only').hidden) {
      if (data.get('rated') === 'on') body.rated = true;
      body.takebacks = data.get('takebacks') === 'on';
    }
    await createGame(body, this.el.querySelector('#start'));
  }
}

// The summary of an AI level and, for a level that thinks for a time, its
// thinking time in ms.
function levelExtras(level, cls, ms) {
  if (!level) return [];
  const out = [];
  if (level.ms) {
    out.push(h('label', { class: 'ms-label' }, 'thinks ',
      h('input', { type: 'number', class: `${cls} num`, min: level.ms.min, max: level.ms.max, step: 50, value: ms || level.ms.default }), ' ms'));
  }
  out.push(h('span', { class: 'help level-help', text: levelAbout(level) }));
  // the engine and its Elo rating are for those who ask
  if (levelDetail(level)) out.push(h('details', { class: 'help level-details' }, h('summary', { text: 'Details' }), levelDetail(level)));
  return out;
}

// A game between people is listed unless it is a friend's (an invitation
// link is its way in); a game against the AI is not: nobody comes to watch
// it, and an abandoned one would stay under "Being played".
function listedByDefault(mode) {
  return mode !== 'friend' && mode !== 'ai';
}

function isAdvanced(option) {
  if (option.kind === 'string' && !option.choices) return true; // free text, e.g. a custom grid
  return option.kind === 'int' && option.max - option.min > 1000; // safety limits
}

function range(a, b) {
  const out = [];
  for (let v = a; v <= b; v++) out.push(v);
  return out;
}
