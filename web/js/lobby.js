// The lobby (/lobby): play someone now (a seek for a game and a clock),
// open challenges of signed-in players, live (GET /api/lobby/events), each
// accepted with one click, and your games, those where it is your turn
// first. The server pairs and starts the game; the page goes there.
import { api, addTokens } from './api.js';
import { h, put, clear, toast, ago, pageTitle, keepFocus } from './dom.js';
import { whoAmI } from './account.js';
import { onGames, startTurnNotices, permissionButton } from './notify.js';
import { gameTitle, optionsSummary } from './rules.js';
import { GAME_NAMES } from './games.js';
import { optionLabel, choiceLabel } from './words.js';
import { botMark, markedNames } from './titles.js';

export const CLOCKS = [
  { key: '1+1', label: '1+1', clock: { initial_s: 60, increment_s: 1 } },
  { key: '3+2', label: '3+2', clock: { initial_s: 180, increment_s: 2 } },
  { key: '5+3', label: '5+3', clock: { initial_s: 300, increment_s: 3 } },
  { key: '10+5', label: '10+5', clock: { initial_s: 600, increment_s: 5 } },
  { key: '1d', label: '1 day a move', clock: { days_per_move: 1 } },
  { key: '3d', label: '3 days a move', clock: { days_per_move: 3 } },
];

const SEEK_RENEW_MS = 60000;

// A clock to choose: no clock, a preset, or any other (minutes each, from a
// few seconds, plus seconds a move). value() is the API's clock or null.
export function clockPicker(id, selected = '') {
  const minutes = h('input', { type: 'number', class: 'num', name: `${id}-minutes`, id: `${id}-minutes`, min: 0.05, max: 1440, step: 'any', value: 5, 'aria-label': 'Minutes each' });
  const increment = h('input', { type: 'number', class: 'num', name: `${id}-increment`, id: `${id}-increment`, min: 0, max: 3600, value: 3, 'aria-label': 'Seconds added after each move' });
  const custom = h('span', { class: 'clock-custom', hidden: true }, minutes, ' min each + ', increment, ' s a move');
  const select = h('select', { name: id, id, onchange: () => { custom.hidden = select.value !== 'custom'; } },
    h('option', { value: '', text: 'No clock', selected: selected === '' }),
    CLOCKS.map((c) => h('option', { value: c.key, text: c.label, selected: c.key === selected })),
    h('option', { value: 'custom', text: 'Other…' }));
  return {
    el: h('span', { class: 'clock-picker' }, select, custom),
    value() {
      if (select.value === 'custom')
        return { initial_s: Math.max(1, Math.round(Number(minutes.value) * 60)), increment_s: Math.round(Number(increment.value)) };
      const preset = CLOCKS.find((c) => c.key === select.value);
      return preset ? preset.clock : null;
    },
  };
}

export async function lobbyPage(main) {
  pageTitle('Lobby · morph');
  const who = await whoAmI();
  const meta = await api('GET', '/api/meta');
  const list = h('ul', { class: 'games challenges', id: 'challenge-list' });
  const tables = h('ul', { class: 'games tables', id: 'table-list' });
  const status = h('p', { class: 'seek-status', role: 'status', 'aria-live': 'polite' });
  const lobby = new Lobby(who, meta, list, status, tables);
  put(main, h('div', { class: 'lobby' },
    h('div', { class: 'lobby-main' },
      who.signed_in ? lobby.quickCard() : signInCard(),
      h('section', { class: 'card list', id: 'open-challenges', 'aria-labelledby': 'challenges-title' },
        h('h2', { id: 'challenges-title', text: 'Open challenges' }), list),
      h('section', { class: 'card list', id: 'open-tables', 'aria-labelledby': 'tables-title' },
        h('h2', { id: 'tables-title', text: 'Tables of 3 or 4' }),
        h('p', { class: 'help', text: 'Morpyam for 3 or 4 players: sit down at a table; the game starts when every seat is taken.' }), tables),
      who.signed_in ? lobby.challengeCard() : null),
    h('div', { class: 'lobby-side' }, who.signed_in ? yourGamesSection() : null)));
  lobby.start();
}

function signInCard() {
  return h('section', { class: 'card' },
    h('h1', { text: 'The lobby' }),
    h('p', {}, 'Sign in to play someone now, to open a challenge or to accept one. ',
      h('a', { href: '/signin?next=/lobby', text: 'Sign in' }), ' or ', h('a', { href: '/signup?next=/lobby', text: 'make an account' }), '.'),
    h('p', { class: 'help', text: 'Games with friends by link need no account: start one on the home page.' }));
}

class Lobby {
  constructor(who, meta, list, status, tables) {
    this.who = who;
    this.meta = meta;
    this.list = list;
    this.tables = tables;
    this.status = status;
    this.mine = new Set(); // challenges made here: when one is accepted, go to its game
    this.asked = 0; // refreshes asked so far
    this.seek = null;
    this.renew = null;
    this.quickGame = GAME_NAMES[0];
    this.challengeGame = GAME_NAMES[0];
  }

  start() {
    this.refresh();
    const connect = () => {
      const es = new EventSource('/api/lobby/events');
      es.addEventListener('lobby', () => this.refresh());
      es.addEventListener('error', () => {
        if (es.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
      });
    };
    connect();
    // challenges expire without an event: look again now and then
    setInterval(() => this.refresh(), 30000);
  }

  async refresh() {
    // refreshes may cross (an event, the timer): only the newest is drawn
    const asked = ++this.asked;
    let lobby;
    try {
      lobby = await api('GET', '/api/lobby');
    } catch (err) {
      if (asked === this.asked) put(this.list, h('li', { class: 'error', text: err.message }));
      return;
    }
    if (asked !== this.asked) return;
    for (const id of this.mine) {
      const game = lobby.accepted[id];
      if (game) {
        this.stopSeek();
        location.assign(`/game/${game}`);
        return;
      }
    }
    keepFocus(this.list, () => {
      clear(this.list);
      if (!lobby.challenges.length) this.list.append(h('li', { class: 'empty', text: 'No open challenge. Open one, or play someone now!' }));
      for (const c of lobby.challenges) this.list.append(this.item(c));
    });
    keepFocus(this.tables, () => {
      clear(this.tables);
      if (!lobby.tables.length) this.tables.append(h('li', { class: 'empty', text: 'No table is waiting. Open one: choose 3 or 4 players below.' }));
      for (const table of lobby.tables) this.tables.append(this.tableItem(table));
    });
  }

  item(c) {
    const what = [optionsSummary(c.game, c.options), c.clock ? c.clock.name : 'no clock', c.rated ? 'rated' : 'casual',
      c.takebacks ? 'takebacks' : 'no takebacks'];
    const actions = [];
    if (c.mine) {
      this.mine.add(c.id);
      actions.push(h('button', { class: 'withdraw', text: c.quick ? 'Stop looking' : 'Withdraw', onclick: () => this.cancel(c.id) }));
    } else if (this.who.signed_in) {
      actions.push(h('button', { class: 'primary accept', text: 'Accept', onclick: () => this.accept(c.id) }));
    }
    return h('li', { class: 'game-item challenge', dataset: { id: c.id, game: c.game } },
      h('div', { class: 'what' },
        h('a', { href: `/player/${encodeURIComponent(c.name)}`, class: 'who', text: c.name }), botMark(c.title),
        h('span', { class: 'rating', text: ` ${c.rating}` }),
        c.rd > 110 ? h('span', { class: 'provisional', title: 'A provisional rating: fewer games or a long absence make it uncertain', text: 'provisional' }) : null, ' ',
        h('strong', { text: gameTitle(c.game) }), ' ', h('span', { text: what.filter(Boolean).join(' · ') }),
        c.quick ? h('span', { class: 'flag open', text: 'play now' }) : null,
        c.mine ? h('span', { class: 'flag you', text: 'yours' }) : null,
        h('span', { class: 'when', text: ` ${ago(c.created)}` })),
      h('div', { class: 'item-actions' }, actions));
  }

  // A table of 3 or 4: who sits there, the open seats, Sit down.
  tableItem(table) {
    const seated = table.players.filter(Boolean);
    const mine = this.who.signed_in && seated.includes(this.who.name);
    const what = [optionsSummary(table.game, table.options), table.clock ? table.clock.name : 'no clock', 'unrated'];
    return h('li', { class: 'game-item table', dataset: { id: table.id } },
      h('div', { class: 'what' }, h('strong', {}, `${gameTitle(table.game)}: `, markedNames(table.players, table.titles, ', ', Boolean)), ' ',
        h('span', { text: what.join(' · ') }),
        h('span', { class: 'flag open', text: `${table.open_seats} seat${table.open_seats === 1 ? '' : 's'} free` }),
        h('span', { class: 'when', text: ` ${ago(table.created)}` })),
      h('div', { class: 'item-actions' }, mine
        ? h('a', { class: 'button', href: table.path, text: 'Open' })
        : h('button', { class: 'primary sit', text: 'Sit down', disabled: !this.who.signed_in, onclick: () => this.sit(table) })));
  }

  async sit(table) {
    try {
      const joined = await api('POST', `/api/games/${table.id}/join`, { body: {} });
      addTokens(joined.id, [joined.token], table.game);
      location.assign(joined.path);
    } catch (err) {
      toast(err.message);
      this.refresh();
    }
  }

  async accept(id) {
    try {
      const made = await api('POST', `/api/lobby/${id}/accept`, { body: {} });
      addTokens(made.id, made.seats.map((seat) => seat.token), made.state && made.state.game);
      location.assign(made.path);
    } catch (err) {
      toast(err.message);
      this.refresh();
    }
  }

  async cancel(id) {
    try {
      await api('POST', `/api/lobby/${id}/cancel`, { body: {} });
      if (this.seek && this.seek.id === id) this.stopSeek();
      this.mine.delete(id);
    } catch (err) {
      toast(err.message);
    }
    this.refresh();
  }

  gameChoice(name, current, onchange) {
    return h('fieldset', { class: 'option inline' }, h('legend', { text: 'Game' }),
      GAME_NAMES.map((g) => h('label', { class: 'pill' },
        h('input', { type: 'radio', name, value: g, checked: g === current, onchange: () => onchange(g) }), ` ${gameTitle(g)}`)));
  }

  // ---- play someone now ----

  quickCard() {
    const buttons = h('div', { class: 'clock-buttons' }, CLOCKS.map((c) => h('button', {
      class: 'clock-choice', dataset: { clock: c.key }, text: c.label, onclick: () => this.quick(c),
    })));
    return h('section', { class: 'card quick', 'aria-labelledby': 'quick-title' },
      h('h1', { id: 'quick-title', text: 'Play someone now' }),
      this.gameChoice('quick-game', this.quickGame, (g) => { this.quickGame = g; }),
      h('p', { class: 'help', text: 'Choose a clock: you meet the next player who asks for the same game and clock. Rated.' }),
      buttons, this.status);
  }

  async quick(choice) {
    this.stopSeek();
    const body = { game: this.quickGame, clock: choice.clock, rated: true };
    const ask = async () => {
      try {
        const answer = await api('POST', '/api/lobby/quick', { body });
        if (answer.path) {
          this.stopSeek();
          location.assign(answer.path);
          return;
        }
        this.seek = answer.challenge;
        this.mine.add(answer.challenge.id);
        put(this.status, h('span', { class: 'spinner', 'aria-hidden': 'true' }),
          `Looking for someone to play ${gameTitle(body.game)} ${choice.label}… `,
          h('button', { class: 'linkish', id: 'stop-seek', text: 'Stop', onclick: () => this.cancel(answer.challenge.id) }));
      } catch (err) {
        this.stopSeek();
        toast(err.message);
      }
    };
    await ask();
    if (this.seek) this.renew = setInterval(ask, SEEK_RENEW_MS); // a seek lasts two minutes unless asked for again
    this.refresh();
  }

  stopSeek() {
    if (this.renew) clearInterval(this.renew);
    this.renew = null;
    this.seek = null;
    clear(this.status);
  }

  // ---- open a challenge ----

  challengeCard() {
    const form = h('form', { class: 'challenge-form', id: 'challenge-form', onsubmit: (e) => this.challenge(e) });
    const options = h('div', { class: 'challenge-options' });
    const drawOptions = () => put(options, this.optionFields());
    drawOptions();
    this.clock = clockPicker('challenge-clock', '5+3');
    // takebacks as the new-game form has them: off with Rated, on without
    const takebacks = h('input', { type: 'checkbox', name: 'takebacks', id: 'challenge-takebacks' });
    const rated = h('input', { type: 'checkbox', name: 'rated', checked: true,
      onchange: () => { takebacks.checked = !rated.checked; } });
    form.append(
      this.gameChoice('challenge-game', this.challengeGame, (g) => { this.challengeGame = g; drawOptions(); }),
      options,
      h('div', { class: 'option' }, h('label', { class: 'label', for: 'challenge-clock', text: 'Clock' }), this.clock.el),
      h('label', { class: 'check' }, rated, ' Rated: the result moves both ratings'),
      h('label', { class: 'check' }, takebacks, ' Takebacks: a player may ask to take back a move; the other player accepts or declines'),
      h('div', { class: 'button-row' }, h('button', { type: 'submit', class: 'primary', id: 'open-challenge', text: 'Open the challenge' })));
    return h('section', { class: 'card', 'aria-labelledby': 'challenge-title' },
      h('h2', { id: 'challenge-title', text: 'Open a challenge' }), form);
  }

  // The options of the chosen game a challenge may set, from GET /api/meta:
  // those with a few choices (the number of players is the lobby's: two).
  challengeOptions() {
    const game = this.meta.games.find((g) => g.name === this.challengeGame);
    return (game ? game.options : []).filter((o) =>
      (o.choices && o.kind !== 'int') || (o.kind === 'int' && o.max && o.max - o.min <= 20));
  }

  optionFields() {
    return this.challengeOptions().map((o) => {
      const name = `opt-${o.key}`;
      const title = optionLabel(o);
      if (o.kind === 'list')
        return h('fieldset', { class: 'option inline' }, h('legend', { text: title }),
          o.choices.map((c) => h('label', { class: 'pill' }, h('input', { type: 'checkbox', name, value: c }), ` ${choiceLabel(o, c)}`)));
      const values = o.kind === 'int' ? Array.from({ length: o.max - o.min + 1 }, (_, i) => String(o.min + i)) : o.choices;
      return h('label', { class: 'option' }, h('span', { class: 'label', text: title }),
        h('select', { name, 'aria-label': title }, values.map((v) => h('option', { value: v, text: o.kind === 'int' ? v : choiceLabel(o, v), selected: v === String(o.default) }))));
    });
  }

  optionValues(data) {
    const options = {};
    for (const o of this.challengeOptions()) {
      const name = `opt-${o.key}`;
      if (o.kind === 'list') options[o.key] = data.getAll(name);
      else if (o.kind === 'int') options[o.key] = Number(data.get(name));
      else options[o.key] = data.get(name);
    }
    return options;
  }

  async challenge(event) {
    event.preventDefault();
    const data = new FormData(event.target);
    const options = this.optionValues(data);
    // more than two players: a table, unrated, whose game is made at once
    const table = options.players > 2;
    const body = { game: this.challengeGame, options, rated: !table && data.get('rated') === 'on',
      takebacks: data.get('takebacks') === 'on' };
    const clock = this.clock.value();
    if (clock) body.clock = clock;
    try {
      const answer = await api('POST', '/api/lobby', { body });
      if (table) {
        addTokens(answer.id, answer.seats.map((seat) => seat.token), body.game);
        location.assign(answer.path);
        return;
      }
      this.mine.add(answer.challenge.id);
      toast('Your challenge is open: the game starts when someone accepts it.', 'ok');
    } catch (err) {
      toast(err.message);
    }
    this.refresh();
  }
}

// ---- your games ----

export function yourGamesSection() {
  const ul = h('ul', { class: 'games', id: 'your-games-list' });
  const section = h('section', { class: 'card list your-games', id: 'your-games', 'aria-labelledby': 'your-games-title' },
    h('h2', { id: 'your-games-title', text: 'Your games' }), ul, permissionButton(h));
  startTurnNotices();
  onGames((games) => {
    clear(ul);
    if (!games.length) ul.append(h('li', { class: 'empty', text: 'No game running. Play someone now, or open a challenge.' }));
    for (const g of games) ul.append(yourGameItem(g));
  });
  // the first list, before any change
  api('GET', '/api/me/games').then((answer) => {
    if (!ul.children.length || ul.querySelector('.empty')) {
      clear(ul);
      if (!answer.games.length) ul.append(h('li', { class: 'empty', text: 'No game running. Play someone now, or open a challenge.' }));
      for (const g of answer.games) ul.append(yourGameItem(g));
    }
  }).catch((err) => toast(err.message));
  return section;
}

function yourGameItem(g) {
  const others = markedNames((g.players || []).map((name) => name || 'a guest'), g.titles, ', ', (name, i) => i !== g.seat - 1);
  const what = [optionsSummary(g.game, g.options), g.clock ? g.clock.name : null, g.rated ? 'rated' : null];
  return h('li', { class: ['game-item', g.your_turn && 'turn'], dataset: { id: g.id, turn: g.your_turn ? 'yes' : 'no' } },
    h('div', { class: 'what' }, h('strong', { text: gameTitle(g.game) }), ' against ', others.length ? others : 'nobody yet', ' ',
      h('span', { text: what.filter(Boolean).join(' · ') }),
      g.your_turn ? h('span', { class: 'flag turn', text: 'your turn' }) : g.status === 'waiting' ? h('span', { class: 'flag open', text: 'waiting' }) : null),
    h('div', { class: 'item-actions' }, h('a', { class: ['button', g.your_turn && 'primary'], href: g.path, text: g.your_turn ? 'Play' : 'Open' })));
}
