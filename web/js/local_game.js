// A game against the AI played in the page, without the server: the engine
// runs it in a worker (engine_worker.js: the AI thinks there, the page never
// freezes), the game screen is the server games' own (game.js) with the
// server's requests replaced by the engine's calls, and the game is kept in
// the browser after every action (offline.js), so a closed tab comes back
// to it. The rules, sentences, AI and dice are the library's: the same seed
// gives the same game as `morph play` would.
import { GameScreen } from './game.js';
import { h, put, toast, confirmDialog } from './dom.js';
import { engineWorker } from './engine_client.js';
import { saveLocal } from './local_store.js';
import { capital } from './words.js';

// A game in the worker: the calls of engine.js's Game, answered later.
export class LocalGame {
  static async create(spec) {
    const w = engineWorker();
    return new LocalGame(w, await w.call('new', { spec }));
  }

  static async load(record, names) {
    const w = engineWorker();
    return new LocalGame(w, await w.call('load', { record, names }));
  }

  constructor(w, handle) {
    this.w = w;
    this.handle = handle;
  }

  call(name, ...args) {
    return this.w.call('call', { game: this.handle, name, args });
  }

  close() {
    return this.w.call('close', { game: this.handle });
  }
}

// The game screen of a local game: saved is what offline.js keeps of it
// ({ id, game, options, level, names, created, record }).
export class LocalScreen extends GameScreen {
  static async open(main, saved) {
    const local = await LocalGame.load(saved.record, saved.names);
    const [position, history, rules] = await Promise.all([local.call('position'), local.call('history'), local.call('rules')]);
    const first = localState(saved, position, history, 1);
    const screen = new LocalScreen(main, first, saved, local, rules);
    screen.start();
    return screen;
  }

  constructor(main, first, saved, local, rules) {
    super(main, first, []);
    this.saved = saved;
    this.local = local;
    this.versions = first.version; // each change a version, as the server counts them
    this.mySeats = new Set([saved.seat]);
    this.statics = { legend: rules.legend, rules: rules.rules };
    this.el.root.dataset.local = 'yes';
    // no chat, no invitations: nobody else is here
    this.chat.el.remove();
    this.chat = { el: null, render() {}, refresh() {} };
  }

  async start() {
    this.render();
    this.arriveAtBoard();
    this.setConnected(true);
    this.el.root.dataset.engine = 'yes';
    document.addEventListener('keydown', (event) => this.onKey(event));
    this.advance();
  }

  connect() {}

  // The state after a change, from the engine; drawn through the queue.
  async update(thinking = false) {
    const [position, history] = await Promise.all([this.local.call('position'), this.local.call('history')]);
    const state = localState(this.saved, position, history, ++this.versions, thinking);
    this.enqueue(state, true);
    return state;
  }

  async keep() {
    this.saved.record = await this.local.call('record', this.saved.created);
    this.saved.finished = !!this.shown.result || this.saved.record.result !== null;
    saveLocal(this.saved);
  }

  // The AI and the dice move until a person is to decide or the game ends.
  async advance() {
    for (;;) {
      const position = await this.local.call('position');
      if (position.result || (position.to_move !== null && this.mySeats.has(position.to_move))) break;
      if (position.to_move !== null) await this.update(true); // "P2 (greedy) is thinking…"
      const answer = await this.local.call('step');
      if (answer.error) {
        toast(answer.error);
        break;
      }
      await this.update();
      await this.keep();
    }
  }

  // Why a click, tap or key cannot act, in the status line: whose turn it
  // is, or the rules' reason from the engine (no server here).
  async refuse(text) {
    const line = this.blocked();
    if (line || !text) return this.tell(line || 'Nothing to do here now.', !!line);
    const version = this.shown.version;
    const answer = await this.local.call('why', text);
    if (version !== this.shown.version || !answer.why) return;
    this.tell(`${/^[a-z][0-9]/.test(answer.why) ? answer.why : capital(answer.why)}.`);
  }

  // text, then each of more (a Morpyam call held by the page, then its roll)
  async act(text, ...more) {
    if (!this.canAct()) return this.refuse(null);
    this.busy = true;
    this.render();
    try {
      const seat = this.actingSeat();
      for (const action of [text, ...more]) {
        const answer = await this.local.call('play', seat, action);
        if (answer.error) {
          this.tell(answer.error);
          break;
        }
      }
      await this.update();
      await this.keep();
    } finally {
      this.busy = false;
      this.render();
    }
    this.advance();
  }

  async undo() {
    // greyed out while the AI or the dice play: a tap says so
    if (this.busy || this.pumping || this.queue.length || this.shown.thinking) return this.refuse(null);
    const answer = await this.local.call('undo');
    if (answer.error) {
      toast(answer.error);
      return;
    }
    await this.update();
    await this.keep();
    toast('Taken back.', 'ok');
  }

  async resign() {
    if (!(await confirmDialog('Resign this game? The AI wins.', 'Resign'))) return;
    const text = this.shown.to_move === this.saved.seat ? 'resign' : `resign ${this.saved.seat}`;
    const answer = await this.local.call('play', this.saved.seat, text);
    if (answer.error) toast(answer.error);
    await this.update();
    await this.keep();
  }

  askHint() {}

  // no rematch nor server analysis offline: Replay and analyse is a tool
  nextButtons() {
    return [];
  }

  renderInvites() {}

  renderTools(state, may) {
    const tools = [];
    const idle = !this.busy && !this.pumping && !this.queue.length;
    if (!state.result) {
      tools.push(h('button', {
        class: 'tool', id: 'undo', text: 'Undo', 'aria-keyshortcuts': 'U', title: 'Take back your last decision (U)',
        'aria-disabled': !idle || state.thinking ? 'true' : null, onclick: () => this.undo(),
      }));
      tools.push(h('button', { class: 'tool danger', id: 'resign', text: 'Resign', disabled: this.busy, onclick: () => this.resign() }));
    }
    tools.push(h('button', { class: 'tool', id: 'rules', text: 'Rules', onclick: () => this.showRules() }));
    if (state.result) {
      const blob = new Blob([JSON.stringify(this.saved.record, null, 2)], { type: 'application/json' });
      tools.push(h('a', { class: 'tool button', id: 'record', href: URL.createObjectURL(blob), download: `morph-${state.game}-${this.saved.id}.json`, text: 'Download record' }));
      tools.push(h('a', { class: 'tool button', id: 'replay', href: `/offline/${this.saved.id}/replay`, text: 'Replay and analyse' }));
    }
    tools.push(h('a', { class: 'tool button', href: '/offline', text: state.result ? 'New game' : 'Games on this device' }));
    put(this.el.tools, ...tools);
    const keys = this.table.keys(state);
    if (!state.result) keys.push('U undo');
    this.el.keys.textContent = keys.length ? `Keys: ${keys.join(' · ')}` : '';
  }

  onKey(event) {
    if (event.key.toLowerCase() === 'h') return; // no hint without the server
    super.onKey(event);
  }
}

// A state as the server's whole state has it, for a game of this device.
function localState(saved, position, history, version, thinking = false) {
  const seats = saved.names.map((name, i) => (i + 1 === saved.seat
    ? { seat: i + 1, kind: 'human', name, claimed: true, account: null }
    : { seat: i + 1, kind: 'ai', name, level: saved.level.split(':')[0], ai: saved.level }));
  return {
    id: `local-${saved.id}`, game: saved.game, options: saved.record.options, dice: 'auto', listed: false,
    status: position.result ? 'finished' : 'playing', version, created: saved.created, updated: saved.created,
    rematch_of: null, rematch: null, seats, rated: false, thinking, clock: null, ...position,
    history, last: history.length ? history[history.length - 1] : null,
    viewer: { seats: [saved.seat], to_act: position.to_move === saved.seat },
  };
}
