// The replay viewer: any record (a file of ours, e.g. written by
// `morph play --record`, sent to POST /api/replay) or a stored game
// (GET /api/games/ID/replay) stepped through: back, forward, slider, arrow
// keys, the position after every action drawn from the server's positions;
// and the post-game analysis (analysis.js) of either.
import { api } from './api.js';
import { AnalysisPanel } from './analysis.js';
import { h, s, put, typing, pageTitle } from './dom.js';
import { pageOf, gameNamesText } from './games.js';
import { gameTitle, optionsSummary, paragraphs } from './rules.js';

export async function replayPage(main, id) {
  pageTitle('Replay · morph');
  if (id) {
    const data = await api('GET', `/api/games/${encodeURIComponent(id)}/replay`);
    new Viewer(main, data, { id, autoStart: new URLSearchParams(location.search).has('analyse') });
    return;
  }
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const input = h('input', { type: 'file', id: 'record-file', accept: '.json,application/json', class: 'file' });
  const drop = h('div', { class: 'drop-zone' },
    h('label', { for: 'record-file', class: 'button primary big', text: 'Open a record…' }), input,
    h('p', { class: 'help', text: 'or drop a record file here. Records come from "Download record" in a game.' }),
    h('details', { class: 'help' }, h('summary', { text: 'Details' }),
      'The command-line program writes them too: ', h('code', { text: 'morph play --record FILE' }), '.'));
  async function open(file) {
    error.hidden = true;
    if (!file) return;
    try {
      const text = await file.text();
      const data = await api('POST', '/api/replay', { body: text, raw: true });
      new Viewer(main, data, { name: file.name, record: text });
    } catch (err) {
      error.textContent = `${file.name}: ${err.message}`;
      error.hidden = false;
    }
  }
  input.addEventListener('change', () => open(input.files[0]));
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    open(e.dataTransfer.files[0]);
  });
  put(main, h('section', { class: 'card replay-open' },
    h('h1', { text: 'Replay a record' }),
    h('p', { text: `Step through any game of ${gameNamesText('or')}, action by action.` }),
    drop, error));
}

// Back and forward icons drawn, not taken from a font.
function stepIcon(shape) {
  const tri = (x, dir) => s('polygon', { points: dir > 0 ? `${x},4 ${x + 9},10 ${x},16` : `${x + 9},4 ${x},10 ${x + 9},16` });
  const bar = (x) => s('rect', { x, y: 4, width: 2.5, height: 12 });
  const parts = { first: [bar(3), tri(6, -1)], back: [tri(6, -1)], forward: [tri(6, 1)], last: [tri(5, 1), bar(15)] }[shape];
  return s('svg', { viewBox: '0 0 20 20', class: 'step-icon', 'aria-hidden': 'true' }, ...parts);
}

export class Viewer {
  constructor(main, data, source) {
    this.data = data;
    this.count = data.count;
    this.game = data.game;
    this.page = pageOf(data.game);
    const hash = Number(location.hash.slice(1));
    this.at = Number.isInteger(hash) && hash >= 0 && hash <= this.count ? hash : 0;
    this.el = {
      board: h('div', { class: 'board-area' }),
      extra: h('div', { class: 'replay-extra' }),
      where: h('p', { class: 'where', role: 'status' }),
      narration: h('p', { class: 'narration', 'aria-live': 'polite' }),
      result: h('div', { class: 'result', hidden: true }),
      slider: h('input', { type: 'range', id: 'replay-slider', min: 0, max: this.count, value: this.at, 'aria-label': 'Position in the game (actions played)' }),
      moves: h('ol', { class: 'moves-list replay-moves' }),
    };
    const el = this.el;
    el.slider.addEventListener('input', () => this.go(Number(el.slider.value)));
    const button = (id, shape, label, to) => h('button', { id, class: 'step', 'aria-label': label, title: label, onclick: () => this.go(to()) }, stepIcon(shape));
    el.first = button('replay-first', 'first', 'To the start (Home)', () => 0);
    el.back = button('replay-back', 'back', 'Back one action (Left arrow)', () => this.at - 1);
    el.forward = button('replay-forward', 'forward', 'Forward one action (Right arrow)', () => this.at + 1);
    el.last = button('replay-last', 'last', 'To the end (End)', () => this.count);
    this.data.history.forEach((entry, i) => {
      el.moves.append(h('li', { class: entry.player === null ? 'chance' : 'decision' },
        h('button', { class: 'move', text: entry.text, onclick: () => this.go(i + 1) })));
    });
    this.analysis = new AnalysisPanel(source, this);
    const origin = source.id ? h('a', { href: `/game/${source.id}`, text: `game ${source.id}` }) : source.name;
    put(main, h('section', { class: ['game', 'replay', `game-${this.game}`], id: 'replay', dataset: { game: this.game } },
      h('div', { class: 'game-head' },
        h('h1', {}, `Replay: ${gameTitle(this.game)} `, h('small', { text: optionsSummary(this.game, data.options) })),
        h('p', { class: 'help' }, 'From ', origin, ` · ${this.count} action${this.count === 1 ? '' : 's'} · `, h('a', { href: '/replay', text: 'open another record' }))),
      h('div', { class: 'layout' },
        h('div', { class: 'board-col' }, el.board, el.narration),
        h('div', { class: 'side' },
          h('div', { class: 'replay-controls', role: 'group', 'aria-label': 'Step through the game' },
            h('div', { class: 'button-row' }, el.first, el.back, el.forward, el.last), el.slider, el.where),
          el.result, el.extra, this.analysis.el,
          h('p', { class: 'keys', text: 'Keys: ← → step · Home / End · Page Up / Page Down ten actions' }),
          h('section', { class: 'moves', 'aria-label': 'Moves in words' }, h('h2', { text: 'Moves' }),
            h('div', { class: 'moves-box', tabindex: 0 }, el.moves))))));
    pageTitle(`Replay: ${gameTitle(this.game)} · morph`);
    document.addEventListener('keydown', (event) => this.onKey(event));
    this.go(this.at);
  }

  position(k) {
    if (this.data.positions) return this.data.positions[k];
    return this.data.position;
  }

  // Goes to the position after k actions; better: cells of a better move
  // to draw on it (the analysis).
  go(k, { better } = {}) {
    this.at = Math.max(0, Math.min(this.count, k));
    const el = this.el;
    const pos = this.position(this.at);
    const entry = this.at > 0 ? this.data.history[this.at - 1] : null;
    put(el.board, this.page.replayBoard(pos, this.data, this.at));
    for (const cell of better || [])
      for (const spot of el.board.querySelectorAll(`[data-point="${cell}"], [data-square="${cell}"]`)) spot.classList.add('better-move');
    el.narration.textContent = entry ? entry.text : 'The start of the game.';
    el.where.textContent = `Action ${this.at} of ${this.count}`;
    el.slider.value = String(this.at);
    el.first.disabled = el.back.disabled = this.at === 0;
    el.forward.disabled = el.last.disabled = this.at === this.count;
    const items = el.moves.children;
    for (let i = 0; i < items.length; i++) {
      const current = i === this.at - 1;
      items[i].classList.toggle('current', current);
      if (current) items[i].querySelector('button').setAttribute('aria-current', 'step');
      else items[i].querySelector('button').removeAttribute('aria-current');
    }
    if (this.at > 0) {
      const item = items[this.at - 1];
      const box = item.closest('.moves-box');
      const r = item.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - box.clientHeight / 2;
    }
    const result = this.data.result;
    el.result.hidden = !(result && this.at === this.count);
    if (result && this.at === this.count) {
      put(el.result, h('h2', { text: 'Game over' }), ...paragraphs(result.text).map((line) => h('p', { text: line })));
    }
    put(this.el.extra, ...this.page.replayExtra(pos, this.data, this.at));
    history.replaceState(null, '', `#${this.at}`);
  }

  // Each decision's class beside its move in the list (the analysis);
  // clicking the mark shows the decision.
  markMoves(marks) {
    const items = this.el.moves.children;
    marks.forEach((m, i) => {
      const item = items[m.index];
      if (!item) return;
      item.classList.add(`class-${m.cls}`);
      item.dataset.class = m.cls;
      item.append(h('button', { class: ['badge', `class-${m.cls}`], title: `${m.cls}: show the better move`, text: m.cls,
        onclick: () => this.analysis.select(i) }));
    });
  }

  // A seat as the game's sentences name it (the replay's names).
  seatName(seat) {
    return (this.data.names && this.data.names[seat - 1]) || `P${seat}`;
  }

  // The two sides of the win-chance curve (the page module's), or null.
  evalSides() {
    return this.page.evalSides ? this.page.evalSides(this.data, (k) => this.position(k)) : null;
  }

  onKey(event) {
    if (typing(event) || event.ctrlKey || event.metaKey || event.altKey) return;
    const steps = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (steps[event.key]) {
      event.preventDefault();
      this.go(this.at + steps[event.key]);
    } else if (event.key === 'Home') {
      event.preventDefault();
      this.go(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      this.go(this.count);
    }
  }
}
