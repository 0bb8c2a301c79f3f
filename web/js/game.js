// A game being played or watched: the state from the server, the live
// stream, the queue that plays new actions one by one (so a roll is seen
// rolling, also the AI's), the move list, the tools (hint, undo, resign,
// rematch, record) and the seats. What is drawn and clicked for each game
// is in each game's page module (games.js). The page never decides what is legal:
// it offers the state's legal actions and posts their texts.
import { api, ApiError, tokensFor, addTokens, pref, setPref, guestName } from './api.js';
import { h, put, clear, toast, confirmDialog, showDialog, typing, pageTitle, setTurn } from './dom.js';
import { pageOf } from './games.js';
import { rulesBody, optionsSummary, gameTitle, paragraphs } from './rules.js';
import { Clocks } from './clock.js';
import { Offers } from './offers.js';
import { Ratings } from './ratings.js';
import { ChatPanel } from './chat.js';
import { whoAmI } from './account.js';
import { notifyTurn } from './notify.js';
import { Mirror } from './mirror.js';
import { capital } from './words.js';
import { sound } from './sounds.js';
import { renderInvites } from './invites.js';

// The sound of a history entry: a flip or the move that ends a game by KO
// knocks, a stone or token placed clicks; dice and calls are silent.
function soundOf(entry, next, last) {
  if (entry.kind === 'flip' || (last && next.result && next.result.how === 'ko')) return 'capture';
  return ['place', 'second', 'return', 'put', 'swap'].includes(entry.kind) ? 'move' : null;
}

export async function joinPage(main, code) {
  pageTitle('Joining · morph');
  put(main, h('section', { class: 'card' }, h('h1', { text: 'Joining the game…' })));
  try {
    const joined = await api('POST', '/api/join', { body: { code, name: guestName() } });
    addTokens(joined.id, [joined.token], joined.state && joined.state.game);
    location.replace(joined.path);
  } catch (err) {
    put(main, h('section', { class: 'card error-card' },
      h('h1', { text: 'This invitation cannot be used' }),
      h('p', { text: err.message }),
      h('p', {}, 'Ask for a new link, or ', h('a', { href: '/', text: 'start or watch another game' }), '.')));
  }
}

export async function gamePage(main, id) {
  const tokens = tokensFor(id);
  let first;
  try {
    first = await api('GET', `/api/games/${encodeURIComponent(id)}`, { tokens });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      pageTitle('No such game · morph');
      // the server's message names the id's form: for those who check a link by hand
      put(main, h('section', { class: 'card error-card' },
        h('h1', { text: 'No such game' }),
        h('p', { text: 'This link leads to no game: it may be mistyped, cut short, or from a game that was never started.' }),
        h('details', { class: 'help' }, h('summary', { text: 'Details' }), err.message),
        h('p', {}, h('a', { href: '/', text: 'Start or watch a game' }), '.')));
      return;
    }
    throw err;
  }
  new GameScreen(main, first, tokens).start();
}

const MAX_ANIMATED = 80; // more new actions than this (a long absence) are drawn at once

export class GameScreen {
  constructor(main, first, tokens) {
    this.main = main;
    this.id = first.id;
    this.tokens = tokens;
    this.mySeats = new Set((first.viewer && first.viewer.seats) || []);
    this.statics = { legend: first.legend || [], rules: first.rules || '' };
    this.shown = first;
    this.lastVersion = first.version;
    this.queue = [];
    this.pumping = false;
    this.busy = false;
    this.hint = null;
    this.invitesVersion = -1;
    this.retry = 1000;
    this.clocks = new Clocks(this);
    this.chat = new ChatPanel(this);
    this.offers = new Offers(this);
    this.ratings = new Ratings(this);
    this.rematchAsked = false; // this page offered a rematch: it follows the game made
    this.build();
  }

  // ---- who may do what ----

  get isPlayer() {
    return this.mySeats.size > 0;
  }

  get hasAi() {
    return this.shown.seats.some((seat) => seat.kind === 'ai');
  }

  get quick() {
    return pref('quick', false) === true;
  }

  // The seat this device types real dice for now, or null.
  typingSeat(state = this.shown) {
    return !state.result && state.chance && this.mySeats.has(state.chance.seat) ? state.chance.seat : null;
  }

  // True when the device may decide now: it holds the seat to move, nothing
  // is still being played out on the screen and no request is on its way.
  canAct(state = this.shown) {
    if (this.busy || this.queue.length || this.pumping || state.result || state.thinking) return false;
    if (this.typingSeat(state) !== null) return true;
    return state.to_move !== null && this.mySeats.has(state.to_move) && state.legal.length > 0;
  }

  // The newest state known (the queue's last, or the one on screen).
  get newest() {
    return this.queue.length ? this.queue[this.queue.length - 1] : this.shown;
  }

  // Why the device cannot act now, in one short line, or null when it may
  // (or when only the rules can say: blocked is for whose turn it is).
  blocked() {
    const state = this.newest;
    if (state.result) return 'The game is over.';
    if (!this.isPlayer) return 'You are watching: only the players move.';
    const ai = (seat) => seat && state.seats[seat - 1] && state.seats[seat - 1].kind === 'ai';
    // the AI seat whose turn s is, also while its dice roll (no seat to move then)
    const aiTurn = (s) => {
      const turn = s.to_move || (this.table.turnSeat ? this.table.turnSeat(s) : null);
      return ai(turn) && !this.mySeats.has(turn) ? turn : null;
    };
    // while moves play out, the turn the screen shows is the one the player sees
    const turn = (this.pumping || this.queue.length ? aiTurn(this.shown) : null) || aiTurn(state);
    if (state.thinking || turn) {
      const ais = state.seats.filter((seat) => seat.kind === 'ai').length;
      return ais > 1 && turn ? `It is ${this.seatName(turn, state)}'s turn: wait for its move.` : 'The AI is thinking: wait for its move.';
    }
    if (this.busy) return 'One moment: your move is on its way.';
    if (this.pumping || this.queue.length) return 'One moment: the last moves are being shown.';
    if (this.typingSeat(state) !== null) return null;
    if (state.chance && state.chance.seat) return `${this.seatName(state.chance.seat, state)} is rolling real dice.`;
    if (state.to_move && !this.mySeats.has(state.to_move)) {
      const seat = state.seats[state.to_move - 1];
      if (seat && seat.kind === 'human' && !seat.claimed) return `Waiting for ${seat.name} to join: send them the invitation link.`;
      return this.table.whoseTurn ? this.table.whoseTurn(state, state.to_move) : `It is ${this.seatName(state.to_move, state)}'s turn.`;
    }
    return null;
  }

  // Says in the status line under the board why a click, tap or key could
  // not act: whose turn it is, or for text (the action it would have
  // been, e.g. an unlit square's "place c3") the library's reason, from the
  // engine in the page when it is there (no request), else from the server.
  // before: words put before the reason ("Your premove c3 was not played: ").
  async refuse(text, before = '') {
    const line = this.blocked();
    // whose turn it is stays said until this device may act
    if (line || !text) return this.tell(line || 'Nothing to do here now.', !!line);
    try {
      const version = this.shown.version;
      const answer = this.mirror ? this.mirror.why(text) : await api('GET', `/api/games/${this.id}/why?action=${encodeURIComponent(text)}`);
      if (this.mirror ? version !== this.shown.version : answer.version !== this.shown.version) return;
      // a sentence, but a square or point name keeps its case ("c3 is taken")
      if (!answer.why) return;
      this.tell(`${before}${/^[a-z][0-9]/.test(answer.why) || before ? answer.why : capital(answer.why)}.`);
    } catch (err) {
      this.tell(err.message);
    }
  }

  // One line in the status element (role="status": read aloud), replaced by
  // the next, cleared when the game moves on or, untilTurn (whose turn it
  // is), when the device may act again, however fast the other turn goes.
  tell(line, untilTurn = false) {
    const el = this.el.why;
    el.textContent = '';
    el.textContent = line;
    this.whyVersion = this.shown.version;
    this.whyUntilTurn = untilTurn;
  }

  seatName(seat, state = this.shown) {
    const info = state.seats[seat - 1];
    return this.table.seatLabel ? this.table.seatLabel(state, seat) : info ? info.name : `P${seat}`;
  }

  // ---- layout ----

  build() {
    const state = this.shown;
    this.el = {};
    const el = this.el;
    el.title = h('h1', {}, gameTitle(state.game), ' ', h('small', { text: optionsSummary(state.game, state.options, state.dice) }));
    el.conn = h('span', { class: 'conn', role: 'status', hidden: true, text: 'Reconnecting…' });
    el.status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    el.narration = h('p', { class: 'narration', 'aria-live': 'polite' });
    el.why = h('p', { class: 'why', id: 'why', role: 'status', 'aria-live': 'polite' });
    el.result = h('div', { class: 'result', hidden: true });
    el.board = h('div', { class: 'board-area' });
    el.controls = h('div', { class: 'controls' });
    el.players = h('div', { class: 'players' });
    el.invites = h('div', { class: 'invites' });
    el.tools = h('div', { class: 'tools' });
    el.hint = h('div', { class: 'hint-box', hidden: true, 'aria-live': 'polite' });
    el.keys = h('p', { class: 'keys' });
    el.moves = h('ol', { class: 'moves-list', start: 1 });
    el.movesBox = h('div', { class: 'moves-box', tabindex: 0, role: 'region', 'aria-label': 'Moves' }, el.moves);
    el.legend = h('div', { class: 'legend-area' });
    this.table = new (pageOf(state.game).Table)(this);
    el.root = h('section', { class: ['game', `game-${state.game}`], id: 'game', dataset: { game: state.game, id: this.id } },
      h('div', { class: 'game-head' }, el.title, el.conn),
      this.ratings.el,
      el.status,
      el.result,
      this.offers.el,
      h('div', { class: 'layout' },
        // a game module may place the status line and the narration itself
        h('div', { class: 'board-col' }, el.board, el.why.parentNode ? null : el.why, el.narration.parentNode ? null : el.narration),
        h('div', { class: 'side' },
          this.clocks.el,
          el.controls,
          el.hint,
          el.players,
          el.invites,
          el.tools,
          el.keys,
          h('section', { class: 'moves', 'aria-label': 'Moves in words' }, h('h2', { text: 'Moves' }), el.movesBox),
          this.chat.el)),
      el.legend);
    put(this.main, el.root);
  }

  async start() {
    this.render();
    this.arriveAtBoard();
    this.clocks.update(this.shown.clock || null);
    this.chat.render();
    // who is signed in may be known only after the first drawing: a
    // spectator's form is drawn again then (the input, not "Sign in")
    whoAmI().then(() => this.chat.render());
    document.addEventListener('keydown', (event) => this.onKey(event));
    // the network back: the stream at once, not after the browser's or our own wait
    window.addEventListener('online', () => this.reconnectNow());
    // a rematch offered from this page lapses when it is left (as on lichess)
    window.addEventListener('pagehide', () => this.offers.withdraw());
    // the engine in the page follows the game (mirror.js): lean answers
    this.mirror = await Mirror.of(this.shown);
    this.el.root.dataset.engine = this.mirror ? 'yes' : 'no';
    this.connect();
  }

  // A game's page takes the keyboard to the board: a "Skip to the board"
  // link second in the page (after "Skip to the content"), and the focus on
  // the board itself when a player arrives in a game still running, so the
  // first key plays instead of walking the 15 links of the header.
  arriveAtBoard() {
    const skip = h('a', { class: 'skip', id: 'skip-board', href: '#game', text: 'Skip to the board',
      onclick: (event) => { event.preventDefault(); this.focusBoard(); } });
    const first = document.querySelector('body > a.skip');
    if (first) first.after(skip);
    else document.body.prepend(skip);
    if (this.isPlayer && !this.shown.result) this.focusBoard();
  }

  // The board's first place to act: Morphos's board, Morpyam's first lit
  // square (else its grid); without scrolling, the board being on screen.
  focusBoard() {
    const target = this.table.focusTarget ? this.table.focusTarget() : this.el.board.querySelector('[tabindex]');
    if (target) target.focus({ preventScroll: true });
  }

  // ---- the live stream ----

  connect() {
    // a player's page says so: EventSource cannot send its seat token, and
    // it is not one of the watchers the others see counted
    const query = [this.mirror && 'lean=1', this.isPlayer && 'player=1'].filter(Boolean).join('&');
    const es = new EventSource(`/api/games/${encodeURIComponent(this.id)}/events${query ? `?${query}` : ''}`);
    this.es = es;
    this.streamed = [];
    es.addEventListener('state', (event) => {
      this.retry = 1000;
      this.enqueue(JSON.parse(event.data));
    });
    // lean: the actions, then a tick with what else changed
    es.addEventListener('action', (event) => {
      const { version, ...entry } = JSON.parse(event.data);
      this.streamed.push(entry);
    });
    es.addEventListener('tick', (event) => {
      this.retry = 1000;
      const entries = this.streamed;
      this.streamed = [];
      this.follow(JSON.parse(event.data), entries);
    });
    es.addEventListener('chat', () => this.chat.refresh());
    es.addEventListener('offers', (event) => this.offers.update(JSON.parse(event.data)));
    es.addEventListener('open', () => this.setConnected(true));
    es.addEventListener('error', () => {
      this.setConnected(false);
      if (es.readyState === EventSource.CLOSED) {
        // refused (e.g. too many streams): open a new one a little later
        es.close();
        setTimeout(() => this.connect(), this.retry);
        this.retry = Math.min(this.retry * 2, 15000);
      }
    });
  }

  reconnectNow() {
    if (!this.es || this.es.readyState === EventSource.OPEN) return;
    this.es.close();
    this.retry = 1000;
    this.connect();
  }

  setConnected(ok) {
    this.el.conn.hidden = ok;
    this.el.root.dataset.connected = ok ? 'yes' : 'no';
  }

  // ---- new states, played out in order ----

  // What changed (a lean answer or tick): the engine computes the state,
  // or the whole state is asked for when actions are missing.
  follow(changes, entries) {
    if (changes.id !== this.id || changes.version < this.lastVersion) return;
    const state = this.mirror && this.mirror.follow(changes, entries);
    if (state) this.enqueue(state, true);
    else this.refresh();
  }

  enqueue(state, followed = false) {
    if (state.id !== this.id || state.version < this.lastVersion) return;
    this.offers.update(state);
    if (state.rematch && this.rematchAsked) return this.followRematch(state.rematch); // accepted
    // a whole state: the engine follows it from there
    if (this.mirror && !followed && (state.version > this.lastVersion || this.mirror.count !== state.count)) this.mirror.reset(state);
    // the clocks follow the newest state at once, before any playing out
    if (state.clock !== undefined) this.clocks.update(state.clock);
    if (state.version === this.lastVersion) {
      // the same version, but an AI began (or stopped) thinking
      const newest = this.newest;
      if (newest.version === state.version && newest.thinking !== state.thinking) {
        if (this.queue.length) this.queue[this.queue.length - 1] = state;
        else {
          this.shown = state;
          this.render();
        }
      }
      return;
    }
    this.lastVersion = state.version;
    this.queue.push(state);
    this.pump();
  }

  newEntries(prev, next) {
    if (next.count <= prev.count || next.history.length < prev.count) return [];
    const k = prev.count - 1;
    if (k >= 0 && (!next.history[k] || next.history[k].action !== prev.history[k].action)) return [];
    return next.history.slice(prev.count);
  }

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    this.render(); // controls off while actions play out
    try {
      while (this.queue.length) {
        const next = this.queue.shift();
        const prev = this.shown;
        const entries = this.newEntries(prev, next);
        const animate = entries.length <= MAX_ANIMATED && !document.hidden;
        for (const [i, entry] of entries.entries()) {
          this.el.narration.textContent = entry.text;
          this.appendMove(entry);
          const kind = animate ? soundOf(entry, next, i === entries.length - 1) : null;
          if (kind) sound(kind);
          if (animate) await this.table.animate(entry, prev, next);
        }
        this.shown = next;
        if (next.count !== prev.count) this.hint = null;
        this.render();
        const mine = !next.result && !next.thinking && ((next.to_move && this.mySeats.has(next.to_move)) || this.typingSeat(next) !== null);
        if (mine && next.count !== prev.count && next.last) {
          notifyTurn(this.id, next.count, `Your turn · ${gameTitle(next.game)}`, next.last.text);
          if (next.last.player !== null && !this.mySeats.has(next.last.player)) sound('turn');
        }
      }
    } finally {
      this.pumping = false;
      this.render();
    }
  }

  // ---- acting ----

  async request(method, path, body) {
    this.busy = true;
    this.render();
    try {
      return await api(method, path, { body, tokens: this.tokens });
    } finally {
      this.busy = false;
    }
  }

  // The seat this device acts for now (to move, or typing its dice), or null.
  actingSeat(state = this.shown) {
    if (this.typingSeat(state) !== null) return this.typingSeat(state);
    return state.to_move !== null && this.mySeats.has(state.to_move) ? state.to_move : null;
  }

  // An action the rules refuse is answered by the engine in the page, in the
  // server's words in the status line, without a request; true when it was
  // refused.
  refused(text) {
    const seat = this.actingSeat();
    if (!this.mirror || seat === null) return false;
    const verdict = this.mirror.check(seat, text);
    if (verdict.ok) return false;
    this.tell(verdict.error);
    return true;
  }

  // Plays text, then each of more once the one before was taken (a Morpyam
  // call held by the page, then its roll), at the version it made.
  async act(text, ...more) {
    if (!this.canAct()) return this.refuse(null);
    if (this.refused(text)) return;
    try {
      let version = this.shown.version;
      for (const action of [text, ...more]) {
        if (this.mirror) {
          const changes = await this.request('POST', `/api/games/${this.id}/actions?lean=1`, { action, version });
          this.follow(changes);
          version = changes.version;
        } else {
          const state = await this.request('POST', `/api/games/${this.id}/actions`, { action, version });
          this.enqueue(state);
          version = state.version;
        }
      }
    } catch (err) {
      toast(err.message);
      if (err.status === 409) this.refresh();
    } finally {
      this.render();
    }
  }

  async refresh() {
    try {
      this.enqueue(await api('GET', `/api/games/${this.id}`, { tokens: this.tokens }));
    } catch (err) {
      toast(err.message);
    }
  }

  async askHint() {
    if (!this.canAct() || this.typingSeat() !== null) return this.refuse(null);
    this.el.hint.hidden = false;
    put(this.el.hint, h('p', { text: 'Thinking about a hint…' }));
    try {
      const hint = await this.request('POST', `/api/games/${this.id}/hint`, {});
      if (hint.version !== this.shown.version) return;
      this.hint = hint;
      this.table.applyHint(hint);
    } catch (err) {
      this.hint = null;
      toast(err.message);
    } finally {
      this.render();
    }
  }

  // Whether Undo would be accepted now, by the state (each seat's
  // can_undo), and if not why: Undo is offered only then.
  undoState(state = this.shown) {
    const seat = [...this.mySeats].map((n) => state.seats[n - 1]).find((x) => x && x.can_undo);
    if (seat && !state.thinking) return { can: true, why: null };
    const mine = state.seats[[...this.mySeats][0] - 1];
    return { can: false, why: state.thinking ? 'The AI is thinking: wait for its move.' : capital((mine && mine.undo_why) || 'nothing to undo') + '.' };
  }

  async undo() {
    const idle = !this.busy && !this.pumping && !this.queue.length;
    const { can, why } = this.undoState();
    if (!can || !idle) return this.tell(can ? this.blocked() || why : why);
    try {
      this.enqueue(await this.request('POST', `/api/games/${this.id}/undo`, {}));
      toast('Taken back.', 'ok');
    } catch (err) {
      toast(err.message);
    } finally {
      this.render();
    }
  }

  // A player still in a running game may resign at any moment.
  canResign(state = this.shown) {
    if (!this.isPlayer || state.result) return false;
    const alive = state.board && state.board.alive;
    return [...this.mySeats].some((seat) => !alive || alive[seat - 1] !== false);
  }

  async resign() {
    const others = this.shown.seats.length - 1;
    const question = others > 1 ? 'Resign? You leave the game; the others play on.' : 'Resign this game? Your opponent wins.';
    if (!(await confirmDialog(question, 'Resign'))) return;
    try {
      this.enqueue(await this.request('POST', `/api/games/${this.id}/resign`, {}));
    } catch (err) {
      toast(err.message);
    } finally {
      this.render();
    }
  }

  async rematch() {
    try {
      // between people an offer (202: the state, the others decide), else the game made
      const made = await this.request('POST', `/api/games/${this.id}/rematch`, { swap: true });
      if (made.path) return this.followRematch(made.id);
      this.rematchAsked = true;
      this.offers.update(made);
      toast('Rematch offered: waiting for an answer.', 'ok');
      this.render();
    } catch (err) {
      toast(err.message);
      this.render();
    }
  }

  // The same tokens act in the rematch (at their new seats).
  followRematch(newId) {
    if (this.tokens.length) addTokens(newId, this.tokens, this.shown.game);
    location.assign(`/game/${newId}`);
  }

  async takeSeat(seat) {
    try {
      const joined = await api('POST', `/api/games/${this.id}/join`, { body: { seat, name: guestName() } });
      addTokens(joined.id, [joined.token], this.shown.game);
      location.reload();
    } catch (err) {
      toast(err.message);
    }
  }

  // ---- drawing ----

  // Draws the shown state (at once; nothing when nothing changed). The
  // focused control is found again in the new drawing, so keyboard players
  // keep their place.
  render() {
    const state = this.shown;
    const may = this.canAct(state);
    const key = JSON.stringify([state.version, state.thinking, may, this.busy, this.pumping, this.queue.length,
      this.hint && this.hint.version, this.mySeats.size, this.table.key ? this.table.key() : '']);
    if (key === this.renderKey) return;
    this.renderKey = key;
    const focus = describeFocus();
    this.draw(state, may);
    restoreFocus(focus);
  }

  draw(state, may) {
    const root = this.el.root;
    root.dataset.count = String(state.count);
    root.dataset.version = String(state.version);
    root.dataset.status = state.status;
    root.dataset.act = may ? 'yes' : 'no';
    root.dataset.busy = this.busy || this.pumping || this.queue.length ? 'yes' : 'no';
    root.dataset.thinking = state.thinking ? 'yes' : 'no';
    const stale = this.whyUntilTurn ? may || !!state.result : this.whyVersion !== state.version;
    if (this.whyVersion !== undefined && stale) {
      this.el.why.textContent = ''; // the game moved on: the line no longer applies
      this.whyVersion = undefined;
    }
    root.dataset.seats = [...this.mySeats].join(',');
    this.renderStatus(state);
    root.classList.toggle('playing-out', this.pumping);
    // while actions play out, the table shows them: it is redrawn after
    for (const button of this.el.controls.querySelectorAll('button')) if (this.pumping) button.disabled = true;
    if (this.pumping) return;
    this.renderResult(state);
    this.offers.draw();
    this.ratings.update(state);
    this.clocks.draw();
    this.chat.render();
    this.table.render(state, may);
    const controls = this.el.controls;
    controls.hidden = !controls.querySelector('button, .prompt');
    this.renderHint(state);
    this.renderTools(state, may);
    this.renderInvites(state);
    this.syncMoves(state.history);
    if (!this.pumping) this.el.narration.textContent = state.last ? state.last.text : '';
    const yourTurn = may && !state.result;
    pageTitle(`${gameTitle(state.game)} · morph`);
    setTurn({ here: yourTurn });
  }

  renderStatus(state) {
    let text;
    const extra = this.table.statusExtra(state);
    if (state.result) {
      text = 'Game over';
    } else if (this.typingSeat(state) !== null) {
      const whose = this.mySeats.size > 1 ? ` (${this.seatName(this.typingSeat(state), state)})` : '';
      text = `Your roll${whose}: throw your dice and enter what they show`;
    } else if (state.chance && state.chance.seat) {
      text = `${this.seatName(state.chance.seat, state)} is rolling real dice`;
    } else if (state.thinking && state.to_move) {
      text = `${this.seatName(state.to_move, state)} is thinking…`;
    } else if (state.to_move) {
      const mine = this.mySeats.has(state.to_move);
      text = mine ? (this.mySeats.size > 1 ? `Your turn: ${this.seatName(state.to_move, state)}` : 'Your turn')
        : `${this.seatName(state.to_move, state)} to play`;
    } else {
      text = '…';
    }
    const open = state.seats.filter((seat) => seat.kind === 'human' && !seat.claimed).length;
    const parts = [h('strong', { text })];
    const note = this.table.statusNote ? this.table.statusNote(state) : null;
    if (note) parts.push(h('strong', { class: 'note', text: note }));
    if (extra) parts.push(h('span', { class: 'extra', text: extra }));
    if (open && !state.result) parts.push(h('span', { class: 'waiting', text: `waiting for ${open} player${open > 1 ? 's' : ''} to join` }));
    if (!this.isPlayer) parts.push(h('span', { class: 'watching', text: 'you are watching' }));
    put(this.el.status, ...parts);
    this.el.status.classList.toggle('your-turn', this.canAct(state));
  }

  renderHint(state) {
    const box = this.el.hint;
    if (box.textContent === 'Thinking about a hint…' && this.busy) return;
    if (!this.hint || this.hint.version !== state.version) {
      this.hint = null;
      box.hidden = true;
      clear(box);
      return;
    }
    box.hidden = false;
    // the advice in the library's words: the plan of the turn and its chance
    put(box, h('p', { class: 'hint-words' }, h('strong', { text: 'Hint: ' }), this.hint.words),
      h('details', { class: 'explain' }, h('summary', { text: 'Details: how the AI weighed it' }),
        h('p', { text: this.hint.detail })));
  }

  renderResult(state) {
    const box = this.el.result;
    if (!state.result) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const winners = state.result.winners || [];
    let title = 'Game over';
    let outcome = 'neutral';
    if (state.result.how === 'aborted') {
      title = 'Game aborted'; // nobody won or lost
    } else if (this.mySeats.size === 1) {
      const [seat] = this.mySeats;
      outcome = !winners.includes(seat) ? 'lose' : winners.length > 1 ? 'shared' : 'win';
      title = { lose: 'You lose', shared: 'A shared win', win: 'You win' }[outcome];
    }
    box.className = `result ${outcome}`;
    // what comes next first (on a phone's first screen), then how it ended
    put(box, h('h2', { text: title }), h('div', { class: 'result-actions' }, this.nextButtons(state)),
      ...paragraphs(state.result.text).map((line) => h('p', { text: line })));
  }

  // The game over: Rematch (or the way to it) and Analyse, in the result box.
  nextButtons(state) {
    const idle = !this.busy && !this.pumping && !this.queue.length;
    const out = [];
    if (state.rematch) out.push(h('button', { class: 'tool primary', id: 'rematch-go', text: 'Go to the rematch', onclick: () => this.followRematch(state.rematch) }));
    else if (this.isPlayer) out.push(h('button', { class: 'tool primary', id: 'rematch', text: 'Rematch', disabled: !idle, onclick: () => this.rematch() }));
    out.push(h('a', { class: 'tool button', id: 'analyse-game', href: `/replay/${this.id}?analyse`, text: 'Analyse', title: 'Where the game was won and lost: every decision judged' }));
    return out;
  }

  renderTools(state, may) {
    const tools = [];
    const idle = !this.busy && !this.pumping && !this.queue.length;
    if (this.isPlayer && !state.result) {
      if (this.hasAi) {
        // Hint explains itself when it cannot help (aria-disabled: the click
        // still says why); Undo is offered only when the server would take it
        const noHint = !may || this.typingSeat(state) !== null;
        tools.push(h('button', {
          class: 'tool', id: 'hint', text: 'Hint', 'aria-keyshortcuts': 'H', title: 'What the strongest AI would do (H)',
          'aria-disabled': noHint ? 'true' : null, onclick: () => this.askHint(),
        }));
        // greyed out, Undo still answers a tap or a click with its reason
        // (a finger has no hover to read a tooltip)
        const undo = this.undoState(state);
        tools.push(h('button', {
          class: 'tool', id: 'undo', text: 'Undo', 'aria-keyshortcuts': 'U',
          title: undo.can ? 'Take back your last decision (U)' : undo.why,
          'aria-disabled': !idle || !undo.can ? 'true' : null, onclick: () => this.undo(),
        }));
      }
      tools.push(h('button', {
        class: 'tool danger', id: 'resign', text: 'Resign', title: 'Give up this game (at any moment)',
        disabled: this.busy || !this.canResign(state), onclick: () => this.resign(),
      }));
    }
    tools.push(h('button', { class: 'tool', id: 'rules', text: 'Rules', onclick: () => this.showRules() }));
    if (state.result || state.dice === 'real')
      tools.push(h('a', { class: 'tool button', id: 'record', href: `/api/games/${this.id}/record`, download: `morph-${state.game}-${this.id}.json`, text: 'Download record' }));
    if (state.result) tools.push(h('a', { class: 'tool button', id: 'replay', href: `/replay/${this.id}`, text: 'Replay' }));
    // Rematch and Analyse are in the result box (nextButtons)
    if (state.result) tools.push(h('a', { class: 'tool button', href: '/', text: 'New game' }));
    if (this.table.extraTools) tools.push(...this.table.extraTools(state));
    put(this.el.tools, ...tools);
    const keys = this.table.keys(state);
    if (this.isPlayer && this.hasAi && !state.result) keys.push('H hint', 'U undo');
    this.el.keys.textContent = keys.length ? `Keys: ${keys.join(' · ')}` : '';
  }

  renderInvites(state) {
    return renderInvites(this, state);
  }

  syncMoves(history) {
    const list = this.el.moves;
    const items = list.children;
    let same = Math.min(items.length, history.length);
    for (let i = 0; i < same; i++) {
      // an entry said again (a seat's name known since) is written again
      if (items[i].dataset.action !== history[i].action || items[i].textContent !== history[i].text) {
        same = i;
        break;
      }
    }
    while (items.length > same) list.lastChild.remove();
    for (let i = same; i < history.length; i++) this.appendMove(history[i]);
  }

  appendMove(entry) {
    const list = this.el.moves;
    if (list.children.length !== entry.index) return; // already there (or a gap: syncMoves mends it)
    const box = this.el.movesBox;
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 30;
    list.append(h('li', { class: entry.player === null ? 'chance' : 'decision', dataset: { action: entry.action } }, entry.text));
    if (atEnd) box.scrollTop = box.scrollHeight;
  }

  showRules() {
    showDialog(`Rules of ${gameTitle(this.shown.game)}`, ...rulesBody(this.statics.rules, this.statics.legend));
  }

  onKey(event) {
    if (typing(event) || event.ctrlKey || event.metaKey || event.altKey || document.querySelector('dialog[open]')) return;
    const key = event.key.toLowerCase();
    if (key === 'h' && this.isPlayer && this.hasAi) {
      event.preventDefault();
      this.askHint();
    } else if (key === 'u' && this.isPlayer && this.hasAi) {
      event.preventDefault();
      this.undo();
    } else {
      this.table.onKey(event, this.canAct());
    }
  }
}

// What identifies the focused control across redrawings.
function describeFocus() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  for (const attr of ['id', 'data-square', 'data-point', 'data-index', 'data-figure', 'data-face', 'data-code', 'data-seat']) {
    const value = el.getAttribute(attr);
    if (value !== null && value !== '') return { el, selector: `${el.tagName.toLowerCase()}[${attr}="${CSS.escape(value)}"]`, cls: el.getAttribute('class') };
  }
  return { el, selector: null };
}

function restoreFocus(focus) {
  if (!focus || focus.el.isConnected || !focus.selector) return;
  const again = document.querySelector(focus.selector);
  if (again) again.focus({ preventScroll: true });
}
