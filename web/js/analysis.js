// The post-game analysis in the replay viewer (docs/web.md, "Analysis"):
// the Analyse button, the progress while the server works (its live stream,
// docs/web-api.md), then the win-chance graph (SVG: one curve filled in the
// two sides' colours, or a line per seat), each decision's class beside its move, and on a
// click the position before the decision with the better move drawn and the
// library's sentence for it. Words come from the server, never from here.
import { api, tokensFor } from './api.js';
import { engineWorker } from './engine_client.js';
import { h, s, put } from './dom.js';

const RETRY_MS = 5000; // a refused stream (the server's limit of streams): try again
const CLASS_LABEL = { best: 'best', good: 'good', inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' };

// "52%", "won", "lost", "52% ±9" for a chance of the deciding seat.
function chance(x, proven, error) {
  if (proven === 'win') return 'won';
  if (proven === 'loss') return 'lost';
  const pct = `${Math.round(100 * x)}%`;
  return error > 0.005 ? `${pct} ±${Math.round(100 * error)}` : pct;
}

// source: { id } for a stored game (autoStart: start at once when it has no
// analysis yet), { record } (the file's text) for an upload; a record may
// also be analysed in the page, by the engine in a worker (the same
// judgement as the server's: its budget and seed), names naming its seats.
// viewer: the replay Viewer (go(k), the moves list, showBetter(cells)).
export class AnalysisPanel {
  constructor(source, viewer) {
    this.source = source;
    this.viewer = viewer;
    this.selected = -1;
    this.status = h('p', { class: 'analysis-status', role: 'status' });
    this.button = h('button', { id: 'analyse', class: 'button primary', text: 'Analyse', onclick: () => this.start() });
    this.here = source.record && typeof Worker === 'function' && typeof WebAssembly === 'object'
      ? h('button', { id: 'analyse-here', class: 'button', text: 'Analyse in this page', title: 'The engine of this page judges every decision, without the server', onclick: () => this.startHere() })
      : null;
    this.body = h('div', { class: 'analysis-body' });
    this.el = h('section', { class: 'analysis card', id: 'analysis', 'aria-label': 'Analysis' },
      h('h2', { text: 'Analysis' }), h('div', { class: 'button-row' }, this.button, this.here), this.status, this.body);
    this.status.textContent = 'Where the game was won and lost: every decision judged by the strongest AI.';
    if (this.here) {
      this.followNetwork();
      window.addEventListener('online', () => this.followNetwork());
      window.addEventListener('offline', () => this.followNetwork());
    }
    if (source.id) this.fetchStored();
  }

  // Without the network the server's Analyse cannot run: the page's own is
  // then the one button, primary (an offline game's replay, opened offline).
  followNetwork(unreachable = !navigator.onLine) {
    this.button.hidden = unreachable;
    this.here.classList.toggle('primary', unreachable);
    this.el.dataset.offline = unreachable ? 'yes' : 'no';
  }

  // A stored game may have its analysis already.
  async fetchStored() {
    try {
      const data = await api('GET', `/api/games/${encodeURIComponent(this.source.id)}/analysis`);
      if (data.status !== 'none') this.follow(data);
      else if (this.source.autoStart) this.start();
    } catch (err) {
      this.fail(err);
    }
  }

  // The replay keeps its board on the screen while an analysis is on
  // (style.css: the board sticks, the graph comes under it on a phone).
  pinBoard() {
    this.el.closest('.replay')?.classList.add('analysing');
  }

  async start() {
    this.pinBoard();
    this.button.disabled = true;
    this.status.textContent = 'Starting the analysis…';
    try {
      const data = this.source.id
        // a player's seat tokens: the game's own players go first in the server's queue
        ? await api('POST', `/api/games/${encodeURIComponent(this.source.id)}/analysis`, { tokens: tokensFor(this.source.id) })
        : await api('POST', '/api/analyses', { body: this.source.record, raw: true });
      if (data.id) this.uploadId = data.id;
      this.follow(data);
    } catch (err) {
      this.fail(err);
    }
  }

  // The engine in a worker judges the record: the page never freezes.
  async startHere() {
    this.pinBoard();
    this.button.disabled = true;
    this.here.disabled = true;
    this.status.textContent = 'Analysing in this page…';
    try {
      const data = await engineWorker().call('analyse', { record: this.source.record, names: this.source.names || null, budget: 0.2, seed: 1 },
        (p) => {
          this.el.dataset.progressEvents = Number(this.el.dataset.progressEvents || 0) + 1;
          this.progress({ status: 'running', ...p });
        });
      this.el.dataset.by = 'page';
      this.follow(data);
    } catch (err) {
      this.fail(err);
    }
  }

  fail(err) {
    if (this.here) this.here.disabled = false;
    this.button.disabled = false;
    if (err.status === 0 && this.here) {
      this.followNetwork(true);
      this.status.textContent = 'The server cannot be reached: analyse the game in this page instead.';
      return;
    }
    this.status.textContent = `The analysis failed: ${err.message}`;
  }

  path() {
    return this.source.id ? `/api/games/${encodeURIComponent(this.source.id)}/analysis` : `/api/analyses/${this.uploadId}`;
  }

  // data: the analysis as the API shows it; until it is done, its stream
  // brings the progress and then the result.
  follow(data) {
    if (data.status === 'done') return this.show(data.analysis);
    if (data.status === 'failed') return this.fail(new Error(data.error));
    this.progress(data);
    this.watch();
  }

  progress(data) {
    this.button.disabled = true;
    const total = data.total || 0;
    this.status.textContent = data.status === 'queued'
      ? 'Waiting for the server’s analysis worker…'
      : `Analysing: ${data.done} of ${total} decisions`;
    put(this.body, h('progress', { class: 'analysis-progress', max: total || 1, value: data.done || 0, 'aria-label': 'Decisions judged' }));
  }

  // The stream ends after its last event ("done" or "failed"); EventSource
  // reconnects by itself (with Last-Event-ID) when the connection drops.
  watch() {
    const events = new EventSource(`${this.path()}/events`);
    const last = (handle) => (e) => {
      events.close();
      handle(JSON.parse(e.data));
    };
    events.addEventListener('progress', (e) => {
      this.el.dataset.progressEvents = Number(this.el.dataset.progressEvents || 0) + 1;
      this.progress(JSON.parse(e.data));
    });
    events.addEventListener('done', last((data) => this.show(data.analysis)));
    events.addEventListener('failed', last((data) => this.fail(new Error(data.error))));
    events.addEventListener('error', async () => {
      if (events.readyState !== EventSource.CLOSED) return; // reconnecting
      // Refused (too many streams, or the analysis is gone): ask once, then again later.
      try {
        const data = await api('GET', this.path());
        if (data.status === 'queued' || data.status === 'running') setTimeout(() => this.follow(data), RETRY_MS);
        else if (data.status === 'done' || data.status === 'failed') this.follow(data);
        else this.fail(new Error('the server has not kept it; press Analyse to run it again'));
      } catch (err) {
        this.fail(err);
      }
    });
  }

  show(a) {
    this.pinBoard();
    this.analysis = a;
    this.button.hidden = true;
    if (this.here) this.here.hidden = true;
    const secs = a.seconds ? `, ${a.seconds.toFixed(1)} s` : '';
    // the analysis level of every game is its strongest (the AI registry, tested)
    this.status.textContent = `${a.decisions.length} decisions judged by the strongest AI (${a.level.split(':')[0]}${secs})${a.complete ? '' : ', stopped at the time limit'}.`;
    this.detail = h('div', { class: 'analysis-detail', 'aria-live': 'polite' });
    put(this.body, this.graph(a), this.summary(a), this.detail);
    this.viewer.markMoves(a.decisions.map((d) => ({ index: d.index, cls: d.class })));
  }

  // Two players: one curve, the first side's chance to win before the first
  // decision and after each (Black in Morphos, seat 1 in Morpyam: the page
  // module's evalSides), the area under it in that side's colour and the
  // rest in the other's, as lichess draws it; a click anywhere goes to the
  // nearest decision. More players: a line per seat. Errors are ringed.
  graph(a) {
    const W = 600, H = 160, PAD = 8;
    const n = a.decisions.length;
    if (!n) return h('p', { class: 'help', text: 'No decision to judge: the game ended before any move.' });
    const sides = this.viewer.evalSides();
    const span = sides ? n : n - 1; // with a curve, the start is a point too
    const x = (i) => PAD + (span > 0 ? (i * (W - 2 * PAD)) / span : (W - 2 * PAD) / 2);
    const y = (v) => PAD + (1 - v) * (H - 2 * PAD);
    const svg = s('svg', { class: ['eval-graph', sides && 'one-curve'], viewBox: `0 0 ${W} ${H}`, role: 'group',
      'aria-label': sides ? `${sides.a.label}'s chance to win, decision by decision` : 'Each decision: the deciding seat’s chance to win after it' });
    const at = (i) => (sides ? i + 1 : i); // the x of decision i
    let value = null;
    if (sides) {
      // the first side's chance: the deciding seat's, or its complement
      const side = (d, v) => (sides.isA(d.seat, d.index) ? v : 1 - v);
      const values = [side(a.decisions[0], a.decisions[0].before), ...a.decisions.map((d) => side(d, d.after))];
      value = (i) => values[i + 1];
      const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      svg.append(s('rect', { class: ['eval-area', sides.b.cls], x: PAD, y: PAD, width: W - 2 * PAD, height: H - 2 * PAD }));
      svg.append(s('polygon', { class: ['eval-area', sides.a.cls], points: `${x(0)},${y(0)} ${line} ${x(n)},${y(0)}` }));
      svg.append(s('polyline', { class: 'eval-curve', points: line }));
    } else {
      svg.append(s('rect', { class: 'eval-bg', x: 0, y: 0, width: W, height: H }));
      for (const seat of a.seats) {
        const pts = a.decisions.map((d, i) => [d, i]).filter(([d]) => d.seat === seat.seat);
        if (pts.length > 1) {
          svg.append(s('polyline', { class: `eval-line seat-${seat.seat}`,
            points: pts.map(([d, i]) => `${x(at(i)).toFixed(1)},${y(d.after).toFixed(1)}`).join(' ') }));
        }
      }
      value = (i) => a.decisions[i].after;
    }
    svg.append(s('line', { class: 'eval-half', x1: PAD, x2: W - PAD, y1: y(0.5), y2: y(0.5) }));
    // anywhere on the graph: the nearest decision
    const hit = s('rect', { class: 'eval-hit', x: 0, y: 0, width: W, height: H });
    hit.addEventListener('click', (event) => {
      // the graph's own units, past its border and however it is scaled
      const vx = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse()).x;
      let best = 0;
      for (let i = 1; i < n; i++) if (Math.abs(x(at(i)) - vx) < Math.abs(x(at(best)) - vx)) best = i;
      this.select(best);
    });
    svg.append(hit);
    a.decisions.forEach((d, i) => {
      const by = sides && `dot-${sides.isA(d.seat, d.index) ? sides.a.cls : sides.b.cls}`; // the decider's colour
      const dot = s('circle', { class: ['eval-point', `seat-${d.seat}`, by, `class-${d.class}`], cx: x(at(i)), cy: y(value(i)),
        r: d.class === 'blunder' || d.class === 'mistake' ? 6 : 4, tabindex: 0, role: 'button', dataset: { decision: i },
        'aria-label': `${d.index + 1}. ${d.text}: ${CLASS_LABEL[d.class]}`,
        onclick: () => this.select(i), onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); this.select(i); } } },
      s('title', { text: `${d.index + 1}. ${d.text}: ${CLASS_LABEL[d.class]}` }));
      svg.append(dot);
    });
    this.svg = svg;
    if (!sides) return svg;
    return h('figure', { class: 'eval-figure' }, svg,
      h('figcaption', { class: 'eval-key' },
        h('span', { class: ['key-swatch', sides.a.cls] }), ` ${sides.a.label}'s chance to win `,
        h('span', { class: ['key-swatch', sides.b.cls] }), ` ${sides.b.label}'s`));
  }

  // A line per seat: its accuracy and its count of each class.
  summary(a) {
    return h('ul', { class: 'analysis-summary' }, a.seats.map((seat) => h('li', { dataset: { seat: seat.seat } },
      h('span', { class: `seat-dot seat-${seat.seat}` }), h('strong', { text: this.viewer.seatName(seat.seat) }),
      seat.accuracy === null ? '' : `: accuracy ${seat.accuracy.toFixed(1)}%`,
      h('span', { class: 'counts' }, Object.keys(CLASS_LABEL).map((c) =>
        h('span', { class: ['count', `class-${c}`], dataset: { class: c }, text: `${seat.counts[c]} ${CLASS_LABEL[c]}` }))))));
  }

  // The decision at i of the list: its position, the better move drawn.
  select(i) {
    const d = this.analysis.decisions[i];
    this.selected = i;
    for (const dot of this.svg.querySelectorAll('.eval-point'))
      dot.classList.toggle('selected', Number(dot.dataset.decision) === i);
    this.viewer.go(d.index, { better: d.best_cells });
    // The board the choice changed, on the screen (it sticks there; this is
    // for a screen too short to hold it).
    const board = this.viewer.el.board.getBoundingClientRect();
    if (board.top < 0 || board.bottom > innerHeight) this.viewer.el.board.scrollIntoView({ block: 'nearest' });
    const lost = d.loss >= 0.005 ? ` (lost ${Math.round(100 * d.loss)} points)` : '';
    const parts = [
      h('p', {}, h('strong', { text: `${d.index + 1}. ` }), d.text, ' ',
        h('span', { class: ['badge', `class-${d.class}`], text: CLASS_LABEL[d.class] }), lost),
      h('p', { class: 'chances', text: `Chance to win: ${chance(d.before, d.proven_before, d.before_error)} before, ${chance(d.after, d.proven_after, d.after_error)} after.` }),
    ];
    if (d.best !== d.action) parts.push(h('p', { class: 'better' }, h('strong', { text: 'Better: ' }), d.best_text));
    put(this.detail, ...parts);
  }

  // The decision played at history index k, or -1.
  decisionAt(k) {
    if (!this.analysis) return -1;
    return this.analysis.decisions.findIndex((d) => d.index === k);
  }
}
