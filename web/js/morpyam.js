// Morpyam at the table: the 6x6 grid (each square's figure labelled, the
// tokens in each player's colour and shape), the five dice (click to keep),
// the buttons of the legal actions, the players' points and tokens, the
// highlights (squares the dice allow, the last token, scoring lines, the KO
// line, the end bonus), Plus building and real dice typed in. Everything
// offered comes from the state's legal actions; every sentence from the API.
import { h, s, put, clear, sleep, reducedMotion } from './dom.js';
import { dieSvg, setFace, tumble } from './dice.js';
import { pref, setPref } from './api.js';
import { botMark } from './titles.js';

// Okabe-Ito colours (told apart with colour blindness) and a shape per seat.
export const SEAT_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7'];
const SHAPE_NAMES = ['circle', 'square', 'triangle', 'diamond'];
const COLS = 'abcdef';
const CELL = 100;
const PAD_LEFT = 34;
const PAD_TOP = 8;
const SIZE = 6 * CELL;

function cellXY(name) {
  const col = COLS.indexOf(name[0]);
  const row = Number(name.slice(1));
  return { x: PAD_LEFT + col * CELL, y: PAD_TOP + (6 - row) * CELL };
}

function cellCentre(name) {
  const { x, y } = cellXY(name);
  return { x: x + CELL / 2, y: y + CELL / 2 };
}

// A token of seat (1-4) centred on cx, cy with radius r: colour and shape.
export function tokenShape(seat, cx, cy, r, cls = '') {
  const attrs = { class: ['token', `seat-${seat}`, cls], fill: SEAT_COLOURS[(seat - 1) % 4] };
  switch ((seat - 1) % 4) {
    case 1: return s('rect', { ...attrs, x: cx - r * 0.86, y: cy - r * 0.86, width: r * 1.72, height: r * 1.72, rx: r * 0.12 });
    case 2: return s('polygon', { ...attrs, points: `${cx},${cy - r} ${cx + r * 0.98},${cy + r * 0.72} ${cx - r * 0.98},${cy + r * 0.72}` });
    case 3: return s('polygon', { ...attrs, points: `${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}` });
    default: return s('circle', { ...attrs, cx, cy, r: r * 0.92 });
  }
}

export function tokenIcon(seat, label) {
  return s('svg', { viewBox: '0 0 40 40', class: 'token-icon', role: 'img', 'aria-label': label || `${SHAPE_NAMES[(seat - 1) % 4]} token` },
    tokenShape(seat, 20, 21, 17));
}

// The colour family of a square code, for its background.
function family(code) {
  if (code === null || code === undefined || code === '.') return 'unbuilt';
  if (/^[1-6]$/.test(code)) return 'brelan';
  return code.toLowerCase();
}

function legendOf(legend, code) {
  return legend.find((entry) => entry.code === code);
}

// ---- the grid, shared with the replay viewer ----

// Draws the grid of board with marks into a new <svg>. opts: legend,
// actions (square -> legal action to cover it), onAct(action), onRefuse
// (square: a click on a square that cannot be covered now), hinted
// (square), dropped ({square, seat}: a token shown before the state has it).
export function drawGrid(board, marks, opts = {}) {
  const legend = opts.legend || [];
  const svg = s('svg', {
    viewBox: `0 0 ${PAD_LEFT + SIZE + 6} ${PAD_TOP + SIZE + 30}`, class: 'grid-svg', role: 'group',
    'aria-label': 'Morpyam grid: columns a to f from the left, rows 1 to 6 from the bottom',
  });
  const placeable = new Set();
  const last = new Set();
  for (const mark of (marks && marks.marks) || []) {
    if (mark.kind === 'placeable') mark.cells.forEach((c) => placeable.add(c));
    if (mark.kind === 'last') mark.cells.forEach((c) => last.add(c));
  }
  for (const m of opts.lastMarks || []) if (m.kind === 'last') m.cells.forEach((c) => last.add(c));
  for (let i = 0; i < 6; i++) {
    svg.append(s('text', { class: 'coord', x: PAD_LEFT + i * CELL + CELL / 2, y: PAD_TOP + SIZE + 22, 'text-anchor': 'middle', text: COLS[i] }));
    svg.append(s('text', { class: 'coord', x: PAD_LEFT / 2, y: PAD_TOP + i * CELL + CELL / 2 + 7, 'text-anchor': 'middle', text: String(6 - i) }));
  }
  const squares = s('g', { class: 'squares' });
  const overlay = s('g', { class: 'overlay' });
  svg.append(squares, overlay);
  for (let row = 6; row >= 1; row--) {
    for (let col = 0; col < 6; col++) {
      const name = COLS[col] + row;
      const code = board.grid ? board.grid[name] : null;
      const { x, y } = cellXY(name);
      const seat = board.tokens ? board.tokens[name] : undefined;
      const shown = opts.dropped && opts.dropped.square === name ? opts.dropped.seat : seat;
      const entry = code ? legendOf(legend, code) : null;
      const action = opts.actions ? opts.actions.get(name) : null;
      const cls = ['sq', `fam-${family(code)}`, placeable.has(name) && 'placeable', action && 'can',
        last.has(name) && 'last', opts.hinted === name && 'hinted', shown && 'covered'];
      const g = s('g', { class: cls, dataset: { square: name, code: code || '' } });
      g.append(s('rect', { class: 'sq-bg', x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 8 }));
      const title = [name, entry ? `${entry.code}: ${entry.name}, ${entry.words}` : code === null ? 'not built yet' : code];
      if (shown) title.push(`token of ${(opts.names && opts.names[shown - 1]) || `P${shown}`}`);
      if (action) title.push(action.text);
      g.append(s('title', { text: title.join(', ') }));
      if (code) g.append(squareLabel(code, entry, x, y, !!shown));
      if (shown) g.append(tokenShape(shown, x + CELL / 2, y + CELL / 2 + 6, 30, opts.dropped && opts.dropped.square === name ? 'dropped' : ''));
      g.append(s('rect', { class: 'ring', x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 6 }));
      if (!action && opts.onRefuse) g.addEventListener('click', () => opts.onRefuse(name));
      // every square has an accessible name, its <title>: what it is, who
      // covers it, what a click would do (SVG names an element by its title)
      g.setAttribute('role', 'img');
      if (action) {
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.addEventListener('click', () => opts.onAct(action.action));
        g.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            opts.onAct(action.action);
          }
        });
      }
      squares.append(g);
    }
  }
  for (const mark of (marks && marks.marks) || []) {
    if ((mark.kind !== 'line' && mark.kind !== 'ko') || mark.cells.length < 2) continue;
    const cells = [...mark.cells].sort((a, b) => a.charCodeAt(0) - b.charCodeAt(0) || Number(a.slice(1)) - Number(b.slice(1)));
    const p = cellCentre(cells[0]);
    const q = cellCentre(cells[cells.length - 1]);
    const line = s('line', {
      class: ['mark-line', mark.kind, `seat-${mark.player}`], x1: p.x, y1: p.y + 6, x2: q.x, y2: q.y + 6,
      stroke: mark.kind === 'ko' ? null : SEAT_COLOURS[(mark.player - 1) % 4],
    });
    line.append(s('title', { text: `P${mark.player}: ${mark.label}` }));
    overlay.append(line);
  }
  return svg;
}

// What the points are made of, as the library marks them: each scoring
// line, the KO line and the end bonus, with the player's token; null when
// there is none yet. name(seat) names a seat.
export function linesList(marks, name) {
  const items = ((marks && marks.marks) || []).filter((m) => m.kind === 'line' || m.kind === 'ko' || m.kind === 'bonus');
  if (!items.length) return null;
  return h('ul', { class: 'lines' }, items.map((m) => h('li', { class: m.kind, dataset: { kind: m.kind, seat: m.player } },
    tokenIcon(m.player), ` ${name(m.player)}: ${m.label} `, h('span', { class: 'cells', text: (m.cells || []).join(' ') }))));
}

// The marks of the last token placed among the first count history entries.
export function lastTokenMarks(history, count) {
  for (let i = count - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry.kind === 'place') return entry.marks ? entry.marks.marks : [];
  }
  return [];
}

function squareLabel(code, entry, x, y, covered) {
  const g = s('g', { class: 'label', 'aria-hidden': 'true' }); // the square's name says it
  if (covered) {
    g.append(s('text', { class: 'code-small', x: x + 10, y: y + 22, text: code }));
    return g;
  }
  if (/^[1-6]$/.test(code)) {
    // three dice of that value: a small die face and "x3"
    const face = dieSvg(Number(code), 'sq-die');
    face.setAttribute('x', x + 14);
    face.setAttribute('y', y + 18);
    face.setAttribute('width', 44);
    face.setAttribute('height', 44);
    g.append(face, s('text', { class: 'times', x: x + 62, y: y + 50, text: '×3' }));
  } else {
    g.append(s('text', { class: 'code', x: x + CELL / 2, y: y + 52, 'text-anchor': 'middle', text: code }));
  }
  if (entry) g.append(s('text', { class: 'name', x: x + CELL / 2, y: y + 82, 'text-anchor': 'middle', text: entry.name }));
  return g;
}

// The legend of the squares: each code drawn as the grid draws it, its
// name and what the dice must show.
export function squareLegend(legend) {
  return h('ul', { class: 'square-legend' }, legend.map((entry) => h('li', { dataset: { code: entry.code } },
    h('span', { class: ['chip', `fam-${family(entry.code)}`], 'aria-hidden': 'true' },
      /^[1-6]$/.test(entry.code) ? [dieSvg(Number(entry.code), 'chip-die'), h('span', { class: 'chip-times', text: '×3' })] : entry.code),
    h('span', { class: 'legend-text' }, h('strong', { text: entry.name }), h('span', { class: 'legend-words', text: entry.words })))));
}

// ---- the table ----

export class MorpyamTable {
  constructor(screen) {
    this.screen = screen;
    this.keep = new Set(); // indices of the dice kept for the next reroll
    this.keepVersion = -1;
    this.typed = []; // real dice typed so far
    this.putCode = null; // Plus: the square picked from the hand
    // the call picked for the next roll: held here, and played with the
    // roll (a call is an action of the rules, after which only the roll is
    // legal: held by the page, it can be changed or cancelled until then)
    this.callPick = null;
    this.lastDice = null;
    this.dropped = null;
    this.el = {
      grid: h('div', { class: 'grid-wrap' }),
      legend: h('div', { class: 'legend-side' }),
      tray: h('div', { class: 'tray' }),
      buttons: h('div', { class: 'action-buttons' }),
    };
    this.el.dice = h('div', { class: 'dice', role: 'group', 'aria-label': 'The five dice' });
    this.el.caption = h('p', { class: 'tray-caption' });
    this.el.tray.append(this.el.dice, this.el.caption);
    // the status line and the narration right under the grid, the legend
    // beside them (under them on a narrow screen)
    screen.el.board.append(this.el.grid, screen.el.why, screen.el.narration, this.el.legend);
    screen.el.controls.append(this.el.tray, this.el.buttons);
  }

  // What the drawing depends on besides the state (see GameScreen.render).
  key() {
    return [[...this.keep].sort().join(''), this.typed.join(''), this.putCode, this.callPick].join('|');
  }

  get quick() {
    return pref('quick', false) === true;
  }

  seatLabel(state, seat) {
    const info = state.seats[seat - 1];
    return info ? info.name : `P${seat}`;
  }

  // Whose turn it is, also while the dice roll (when no seat is to move).
  turnSeat(state) {
    const b = state.board;
    return state.result || ['deal', 'rolloff', 'put'].includes(b.phase) ? null : b.player || null;
  }

  statusExtra(state) {
    const b = state.board;
    const parts = [];
    if (['after', 'forced', 'call-reroll', 'roll'].includes(b.phase) && b.roll > 0) parts.push(`roll ${b.roll}`);
    if (b.call) parts.push(`call: ${b.call_name || b.call}`);
    if (b.replay) parts.push('replay turn');
    if (b.phase === 'put' && b.builder) parts.push(`${this.seatLabel(state, b.builder)} builds the grid`);
    return parts.join(' · ');
  }

  // where the keyboard starts (GameScreen.focusBoard): the first lit square,
  // else the Roll button (the squares light up after a roll), else the grid
  focusTarget() {
    const lit = this.el.grid.querySelector('g[tabindex="0"]');
    if (lit) return lit;
    const roll = this.screen.el.controls.querySelector('#roll:not([disabled])');
    if (roll) return roll;
    const grid = this.el.grid.querySelector('svg');
    if (grid) grid.setAttribute('tabindex', '-1');
    return grid;
  }

  keys(state) {
    if (!this.screen.isPlayer || state.result) return [];
    if (this.screen.typingSeat(state) !== null) return ['1-6 type a die', 'Backspace remove', 'Enter send'];
    return ['1-5 keep a die', 'R roll', 'P pass', 'Tab to a lit square, Enter to cover it'];
  }

  extraTools(state) {
    if (state.result) return [];
    const box = h('input', {
      type: 'checkbox', id: 'quick-dice', checked: this.quick,
      onchange: (e) => setPref('quick', e.target.checked),
    });
    return [h('label', { class: 'tool check', for: 'quick-dice', title: 'Show rolls without the tumble' }, box, ' Quick dice')];
  }

  // ---- drawing the state ----

  render(state, canAct) {
    const b = state.board;
    if (this.keepVersion !== state.version) {
      this.keep.clear();
      this.keepVersion = state.version;
      this.typed = [];
      this.callPick = null;
    }
    const legal = canAct ? state.legal : [];
    const byKind = (kind) => legal.filter((a) => a.kind === kind);
    const actions = new Map();
    for (const a of byKind('place')) actions.set(a.square, a);
    const puts = byKind('put');
    if (puts.length) {
      const codes = [...new Set(puts.map((a) => a.code))];
      if (!codes.includes(this.putCode)) this.putCode = codes[0];
      for (const a of puts) if (a.code === this.putCode) actions.set(a.square, a);
    }
    const hint = this.screen.hint;
    put(this.el.grid, drawGrid(b, state.marks, {
      legend: this.screen.statics.legend,
      names: state.seats.map((seat) => seat.name),
      actions,
      onAct: (text) => this.screen.act(text),
      // an unlit square: the library's reason (or whose turn it is)
      onRefuse: (square) => this.screen.refuse(puts.length ? `put ${this.putCode} ${square}` : `place ${square}`),
      hinted: hint && (hint.square || hint.cell),
      lastMarks: lastTokenMarks(state.history, state.history.length),
    }));
    this.dropped = null;
    this.renderTray(state, canAct);
    this.renderButtons(state, canAct, legal, puts);
    this.renderPlayers(state);
    this.renderLegend(state);
  }

  renderTray(state, canAct) {
    const b = state.board;
    const typing = this.screen.typingSeat(state) !== null;
    const rerolls = canAct ? state.legal.filter((a) => a.kind === 'reroll') : [];
    const interactive = rerolls.length > 0;
    let values;
    let kept = new Set();
    let stale = false;
    let caption;
    const who = this.seatLabel(state, b.player);
    if (b.dice.length === 5) {
      values = b.dice;
      this.lastDice = values;
      const lit = canAct && state.legal.some((a) => a.kind === 'place');
      caption = interactive ? (lit ? 'Cover a lit square, or click the dice to keep and reroll the rest.'
        : 'Click the dice to keep; the others are rerolled.') : `${who}'s dice`;
      if (interactive) kept = this.keep;
    } else if (b.phase === 'roll' || typing) {
      values = [...b.kept, ...Array(5 - b.kept.length).fill(0)];
      if (typing && b.phase !== 'rolloff') values = [...b.kept, ...this.typed, ...Array(Math.max(0, 5 - b.kept.length - this.typed.length)).fill(0)];
      kept = new Set(b.kept.map((_, i) => i));
      caption = b.kept.length ? `${who} keeps ${b.kept.join(' ')}` : `${who} rolls`;
      if (typing && b.phase === 'rolloff') {
        values = [this.typed[0] || 0];
        kept = new Set();
        caption = 'Roll one die';
      }
    } else if (this.lastDice) {
      values = this.lastDice;
      stale = true;
      caption = 'The last roll';
    } else {
      values = [0, 0, 0, 0, 0];
      caption = b.phase === 'deal' || b.phase === 'put' ? 'The grid is being built' : 'No dice rolled yet';
    }
    if (b.phase === 'rolloff' && !typing) {
      values = [];
      caption = 'Rolling one die each to see who goes first';
      const r = b.rolloff;
      if (r && r.purpose === 'build') caption = 'Rolling one die each for the order of building';
    }
    this.el.dice.classList.toggle('stale', stale);
    this.el.dice.classList.toggle('interactive', interactive);
    const dice = values.map((v, i) => {
      const isKept = kept.has(i);
      const label = v ? `Die ${i + 1}: ${v}${interactive ? (isKept ? ', kept' : ', rerolled') : isKept ? ', kept' : ''}` : `Die ${i + 1}: not rolled`;
      // a die that cannot be kept now says why when clicked (aria-disabled)
      const button = h('button', {
        class: ['die', isKept && 'kept'], type: 'button', 'aria-label': label, 'aria-disabled': interactive ? null : 'true',
        'aria-pressed': interactive ? String(isKept) : null, dataset: { index: i, value: v },
        onclick: () => (interactive ? this.toggleKeep(i) : this.screen.refuse(`keep ${v || 1}`)),
      }, dieSvg(v));
      return button;
    });
    put(this.el.dice, ...dice);
    this.el.caption.textContent = caption;
  }

  toggleKeep(i) {
    if (this.keep.has(i)) this.keep.delete(i);
    else this.keep.add(i);
    this.screen.hint = null;
    this.screen.render();
    const again = this.el.dice.querySelector(`[data-index="${i}"]`);
    if (again) again.focus();
  }

  // The legal reroll matching the dice not kept, or null.
  chosenReroll(state) {
    const values = state.board.dice.filter((_, i) => !this.keep.has(i)).sort((a, b) => a - b).join(' ');
    return state.legal.find((a) => a.kind === 'reroll' && a.dice.join(' ') === values) || null;
  }

  renderButtons(state, canAct, legal, puts) {
    const box = this.el.buttons;
    const b = state.board;
    const hint = this.screen.hint;
    const parts = [];
    if (this.screen.typingSeat(state) !== null) {
      put(box, this.realDicePanel(state));
      return;
    }
    if (!canAct) {
      // while another builds, this device's hand stays in view, its taps answered
      const seat = b.phase === 'put' && !state.result && b.hands
        ? [...this.screen.mySeats].find((n) => Object.keys(b.hands[n - 1] || {}).length) : null;
      put(box, ...(seat ? [this.handPanel(state, [], seat)] : []));
      return;
    }
    const of = (kind) => legal.filter((a) => a.kind === kind);
    const row = [];
    const roll = of('roll')[0];
    const call = of('call').find((a) => a.figure === this.callPick) || null;
    // the call held here goes first, then the roll it is for
    const withCall = (text) => (call ? this.screen.act(call.action, text) : this.screen.act(text));
    if (roll) {
      row.push(h('button', {
        class: ['primary', 'big', hint && hint.kind === 'roll' && 'hinted'], id: 'roll', text: 'Roll', title: `${call ? call.text : roll.text} (R)`,
        'aria-keyshortcuts': 'R', onclick: () => withCall(roll.action),
      }));
    }
    if (of('reroll').length) {
      const chosen = this.chosenReroll(state);
      const n = b.dice.length - this.keep.size;
      // every die kept: the click says the library's reason
      row.push(h('button', {
        class: ['primary', 'big', hint && hint.kind === 'reroll' && 'hinted'], id: 'reroll', 'aria-disabled': chosen ? null : 'true',
        text: n === 5 ? 'Reroll all' : n === 0 ? 'Reroll' : `Reroll ${n}`, 'aria-keyshortcuts': 'R',
        title: chosen ? `${chosen.text} (R)` : 'Keep fewer dice: at least one die is rerolled',
        onclick: () => (chosen ? withCall(chosen.action) : this.screen.refuse(`keep ${b.dice.join(' ')}`)),
      }));
    }
    const pass = of('pass')[0];
    if (pass) {
      row.push(h('button', {
        class: ['secondary', hint && hint.kind === 'pass' && 'hinted'], id: 'pass', text: 'Pass', title: `${pass.text} (P)`,
        'aria-keyshortcuts': 'P', onclick: () => this.screen.act(pass.action),
      }));
    }
    if (row.length) parts.push(h('div', { class: 'button-row' }, row));
    const places = of('place');
    if (places.length && !of('reroll').length) { // with dice to keep, the tray's caption says it
      parts.push(h('p', { class: 'prompt', text: places.length === 1 && !roll && !of('reroll').length && !pass
        ? `Cover ${places[0].square}: click the lit square.` : 'Click a lit square to cover it with a token.' }));
    }
    const calls = of('call');
    if (calls.length) {
      // a tap picks a call, another figure changes it, the same one again
      // cancels it: it is made only with the roll
      parts.push(h('div', { class: 'calls', role: 'group', 'aria-label': 'Call a figure for the next roll' },
        h('span', { class: 'calls-label' }, h('span', { class: 'long', text: 'Call for the next roll:' }), h('span', { class: 'short', 'aria-hidden': 'true', text: 'Call:' })),
        calls.map((a) => h('button', {
          class: ['call', hint && hint.kind === 'call' && hint.figure === a.figure && 'hinted'], dataset: { figure: a.figure },
          'aria-pressed': String(a.figure === this.callPick), text: a.name || a.figure, title: a.text,
          onclick: () => this.pickCall(a.figure),
        }))));
      if (call) {
        parts.push(h('p', { class: 'prompt call-held', role: 'status' }, h('strong', { text: `Your call: ${call.name || call.figure}. ` }),
          `It is made when you ${roll ? 'roll' : 'reroll'}; tap it again to cancel it.`));
      }
    }
    if (puts.length) parts.push(this.handPanel(state, puts, b.builder));
    put(box, ...parts);
  }

  pickCall(figure) {
    this.callPick = this.callPick === figure ? null : figure;
    this.screen.hint = null;
    this.screen.render();
    const again = this.el.buttons.querySelector(`.call[data-figure="${CSS.escape(figure)}"]`);
    if (again) again.focus();
  }

  // Plus: seat's hand, pick a square kind then a free position. A chip
  // that cannot be put now (puts: the legal puts, none while another
  // builds) is greyed out, and a tap on it says why: whose turn it is, or
  // the library's reason for putting it on a free position.
  handPanel(state, puts, seat) {
    const b = state.board;
    const hand = (b.hands && b.hands[seat - 1]) || {};
    const legend = this.screen.statics.legend;
    const codes = Object.keys(hand);
    const free = puts.length ? puts[0].square : null;
    return h('div', { class: 'hand', role: 'group', 'aria-label': 'Your squares to put on the grid' },
      h('p', { class: 'prompt', text: puts.length ? 'Pick a square from your hand, then click a free position of the grid.'
        : 'Your hand: you put one of these squares on the grid at your turn.' }),
      h('div', { class: 'hand-chips' }, codes.map((code) => {
        const entry = legendOf(legend, code);
        const can = puts.some((a) => a.code === code);
        // the square as the grid draws it (three dice of a value, or its
        // code), and how many of it the hand holds
        const face = /^[1-6]$/.test(code) ? [dieSvg(Number(code), 'chip-die'), h('span', { class: 'chip-times', text: '×3' })]
          : [h('strong', { text: code })];
        return h('button', {
          class: ['chip', `fam-${family(code)}`, can && code === this.putCode && 'picked'], 'aria-disabled': can ? null : 'true',
          dataset: { code }, 'aria-pressed': String(can && code === this.putCode),
          'aria-label': `${entry ? entry.name : code}: ${hand[code]} in your hand`,
          title: entry ? `${entry.name}: ${entry.words}` : code,
          onclick: () => {
            if (!can) return this.screen.refuse(free ? `put ${code} ${free}` : null);
            this.putCode = code;
            this.screen.render();
          },
        }, face, h('span', { class: 'chip-count', 'aria-hidden': 'true', text: String(hand[code]) }));
      })));
  }

  // Real dice: the seat whose roll it is types the values of its dice.
  realDicePanel(state) {
    const b = state.board;
    const chance = state.chance;
    const rolloff = b.phase === 'rolloff';
    const need = chance.dice;
    const send = () => {
      if (!this.screen.canAct()) return this.screen.refuse(null);
      const missing = need - this.typed.length;
      if (missing > 0) return this.screen.tell(`Enter what ${missing === 1 ? 'one more die shows' : `${missing} more dice show`} first.`);
      const values = [...this.typed].sort((x, y) => x - y).join(' ');
      this.screen.act(rolloff ? `die ${values}` : `dice ${values}`);
    };
    // greyed out, the faces and Enter still say why a tap does nothing
    const faces = [1, 2, 3, 4, 5, 6].map((v) => h('button', {
      class: 'face', type: 'button', 'aria-label': `Add a die showing ${v}`, dataset: { face: v },
      'aria-disabled': this.typed.length >= need || !this.screen.canAct() ? 'true' : null,
      onclick: () => this.typeDie(v),
    }, dieSvg(v)));
    return h('div', { class: 'real-dice', role: 'group', 'aria-label': 'Enter the dice you rolled' },
      h('p', { class: 'prompt', text: rolloff ? 'Roll one die and enter what it shows.'
        : `Roll ${need} ${need === 1 ? 'die' : 'dice'} and enter what ${need === 1 ? 'it shows' : 'they show'}${b.kept.length ? ` (you keep ${b.kept.join(' ')})` : ''}.` }),
      h('div', { class: 'faces' }, faces),
      h('div', { class: 'button-row' },
        h('button', { class: 'secondary', id: 'clear-dice', text: 'Clear', disabled: !this.typed.length, onclick: () => { this.typed = []; this.screen.render(); } }),
        h('button', { class: 'primary big', id: 'send-dice', text: `Enter ${this.typed.length}/${need}`, 'aria-disabled': this.typed.length !== need || !this.screen.canAct() ? 'true' : null, onclick: send })));
  }

  typeDie(v) {
    const need = this.screen.shown.chance ? this.screen.shown.chance.dice : 0;
    if (!this.screen.canAct()) return this.screen.refuse(null);
    if (this.typed.length >= need) {
      return this.screen.tell(`${need === 1 ? 'The die is' : `All ${need} dice are`} entered: Enter sends ${need === 1 ? 'it' : 'them'}, Clear starts again.`);
    }
    this.typed.push(v);
    this.screen.render();
  }

  renderPlayers(state) {
    const b = state.board;
    const bonus = (state.marks.marks || []).filter((m) => m.kind === 'bonus');
    // at the end, the result's points: the end bonus included
    const total = state.result && state.result.points ? state.result.points : b.points;
    const rows = state.seats.map((seat, i) => {
      const n = i + 1;
      const flags = [];
      if (!state.result && b.player === n && !['deal', 'rolloff', 'put'].includes(b.phase)) flags.push(h('span', { class: 'flag turn', text: 'to play' }));
      if (this.screen.mySeats.has(n)) flags.push(h('span', { class: 'flag you', text: 'you' }));
      if (!b.alive[i]) flags.push(h('span', { class: 'flag out', text: 'resigned' }));
      if (seat.kind === 'human' && !seat.claimed) flags.push(h('span', { class: 'flag open', text: state.result ? 'never taken' : 'open seat' }));
      if (state.result && (state.result.winners || []).includes(n)) flags.push(h('span', { class: 'flag win', text: 'winner' }));
      for (const m of bonus) if (m.player === n) flags.push(h('span', { class: 'flag bonus', text: m.label }));
      if (b.rolloff && b.rolloff.values[i] !== null && b.rolloff.values[i] !== undefined) {
        const die = dieSvg(b.rolloff.values[i], 'mini-die');
        die.setAttribute('role', 'img');
        die.setAttribute('aria-label', `rolled ${b.rolloff.values[i]}`);
        flags.push(die);
      }
      let handCount = null;
      if (b.hands && (b.phase === 'put' || b.phase === 'deal')) handCount = Object.values(b.hands[i] || {}).reduce((x, y) => x + y, 0);
      return h('tr', { class: [b.player === n && !state.result && 'to-move', !b.alive[i] && 'out'], dataset: { seat: n } },
        h('td', {}, tokenIcon(n, `${SHAPE_NAMES[i % 4]} token of ${seat.name}`)),
        h('th', { scope: 'row' }, seat.name, botMark(seat.title), ' ', flags),
        h('td', { class: 'num points', text: String(total[i]) }),
        h('td', { class: 'num left', text: handCount !== null ? `${handCount} sq.` : String(b.left[i]) }));
    });
    put(this.screen.el.players,
      h('table', { class: 'scores' },
        h('thead', {}, h('tr', {}, h('th', {}, h('span', { class: 'sr-only', text: 'Token' })), h('th', { text: 'Player' }),
          h('th', { class: 'num', text: 'Points' }), h('th', { class: 'num', text: b.phase === 'put' || b.phase === 'deal' ? 'Hand' : 'Tokens' }))),
        h('tbody', {}, rows)),
      linesList(state.marks, (seat) => this.seatLabel(state, seat)));
  }

  // The legend of the squares, in the library's words: open beside a wide
  // grid, folded under a phone's.
  renderLegend() {
    if (this.legendDone) return;
    this.legendDone = true;
    put(this.el.legend, h('details', { class: 'legend-box', id: 'legend', open: window.matchMedia('(min-width: 900px)').matches },
      h('summary', { text: 'The squares' }), squareLegend(this.screen.statics.legend)));
  }

  // ---- playing out an action ----

  async animate(entry, prev, next) {
    const quick = this.quick;
    const mine = entry.player !== null && this.screen.mySeats.has(entry.player);
    const pause = (ms) => (quick || mine ? Promise.resolve() : sleep(reducedMotion() ? Math.min(ms, 250) : ms));
    switch (entry.kind) {
      case 'dice': {
        const values = [...entry.kept, ...entry.dice];
        const kept = entry.kept.length;
        this.el.dice.classList.remove('stale', 'interactive');
        // dice rolling: a tap on one says whose turn it is
        const buttons = values.map((v, i) => h('button', {
          class: ['die', i < kept && 'kept'], type: 'button', 'aria-disabled': 'true', 'aria-label': `Die ${i + 1}`,
          onclick: () => this.screen.refuse(null),
        }, dieSvg(i < kept ? v : this.currentFace(i))));
        put(this.el.dice, ...buttons);
        this.el.caption.textContent = `${this.seatLabel(next, entry.seat)} rolls`;
        const svgs = buttons.slice(kept).map((b) => b.querySelector('svg'));
        await tumble(svgs, entry.dice, quick ? 0 : 650);
        this.lastDice = [...values].sort((x, y) => x - y);
        this.el.caption.textContent = entry.text;
        if (!quick && !mine && entry.seat && !this.screen.mySeats.has(entry.seat)) await sleep(reducedMotion() ? 200 : 350);
        break;
      }
      case 'die': {
        this.el.dice.classList.remove('stale', 'interactive');
        const button = h('button', { class: 'die', type: 'button', 'aria-disabled': 'true', 'aria-label': 'Die', onclick: () => this.screen.refuse(null) }, dieSvg(0));
        put(this.el.dice, button);
        this.el.caption.textContent = entry.text;
        await tumble([button.querySelector('svg')], [entry.die], quick ? 0 : 450);
        if (!quick) await sleep(reducedMotion() ? 150 : 250);
        break;
      }
      case 'reroll': {
        // the dice going back into the cup
        const going = [...entry.dice];
        for (const button of this.el.dice.querySelectorAll('.die')) {
          const v = Number(button.dataset.value || button.querySelector('svg').dataset.value);
          const k = going.indexOf(v);
          if (k >= 0) {
            going.splice(k, 1);
            button.classList.add('leaving');
          } else {
            button.classList.add('kept');
          }
        }
        await pause(350);
        break;
      }
      case 'place': {
        put(this.el.grid, drawGrid(prev.board, { marks: [] }, {
          legend: this.screen.statics.legend, dropped: { square: entry.square, seat: entry.player },
          lastMarks: entry.marks ? entry.marks.marks : [], onRefuse: () => this.screen.refuse(null),
        }));
        await pause(450);
        break;
      }
      case 'deal':
      case 'put':
        break;
      default:
        await pause(300);
    }
  }

  currentFace(i) {
    const svg = this.el.dice.querySelectorAll('svg')[i];
    return svg ? Number(svg.dataset.value) || 0 : 0;
  }

  applyHint(hint) {
    if (hint.kind === 'call') this.callPick = hint.figure;
    if (hint.kind === 'reroll') {
      const dice = this.screen.shown.board.dice;
      const going = [...hint.dice];
      this.keep.clear();
      dice.forEach((v, i) => {
        const k = going.indexOf(v);
        if (k >= 0) going.splice(k, 1);
        else this.keep.add(i);
      });
    }
  }

  onKey(event, canAct) {
    const state = this.screen.shown;
    const key = event.key.toLowerCase();
    if (this.screen.typingSeat(state) !== null) {
      if (!canAct) return;
      if (/^[1-6]$/.test(key)) {
        event.preventDefault();
        this.typeDie(Number(key));
      } else if (key === 'backspace') {
        event.preventDefault();
        this.typed.pop();
        this.screen.render();
      } else if (key === 'enter') {
        const send = document.getElementById('send-dice');
        if (send) {
          event.preventDefault();
          send.click();
        }
      }
      return;
    }
    if (!/^[1-5rp]$/.test(key)) return;
    event.preventDefault();
    // a key that cannot act says why: whose turn, or the library's reason
    if (!canAct) return this.screen.refuse(null);
    const dice = state.board.dice;
    if (/^[1-5]$/.test(key)) {
      if (state.legal.some((a) => a.kind === 'reroll')) this.toggleKeep(Number(key) - 1);
      else this.screen.refuse(`keep ${dice[Number(key) - 1] || 1}`);
    } else if (key === 'r') {
      const button = document.getElementById('roll') || document.getElementById('reroll');
      if (button) button.click();
      else this.screen.refuse('roll');
    } else {
      const button = document.getElementById('pass');
      if (button) button.click();
      else this.screen.refuse('pass');
    }
  }
}

// ---- the replay viewer (replay.js): the board and what goes beside it ----

function replayBoard(pos, data, at) {
  return drawGrid(pos.board, pos.marks, { lastMarks: lastTokenMarks(data.history, at), names: data.names });
}

// The dice, each player's points (the end bonus included at the end) and
// tokens in hand, and the scoring lines.
function replayExtra(pos, data, at) {
  const b = pos.board;
  const players = b.points.length;
  const end = at === data.count && data.result && data.result.points;
  const total = end ? data.result.points : b.points;
  const name = (seat) => (data.names && data.names[seat - 1]) || `P${seat}`;
  return [
    h('div', { class: 'dice replay-dice', role: 'group', 'aria-label': 'Dice' }, (b.dice.length ? b.dice : b.kept).map((v) => h('span', { class: 'die' }, dieSvg(v)))),
    h('table', { class: 'scores' },
      h('thead', {}, h('tr', {}, h('th', {}), h('th', { text: 'Player' }), h('th', { class: 'num', text: 'Points' }), h('th', { class: 'num', text: 'Tokens' }))),
      h('tbody', {}, Array.from({ length: players }, (_, i) => h('tr', { class: b.player === i + 1 ? 'to-move' : '' },
        h('td', {}, tokenIcon(i + 1)), h('th', { scope: 'row', text: name(i + 1) }),
        h('td', { class: 'num', text: String(total[i]) }), h('td', { class: 'num', text: String(b.left[i]) }))))),
    linesList(pos.marks, name),
  ];
}

// The win-chance curve of an analysis of two players: P1's chance, in the
// tokens' colours; with more players, none (a line per seat).
function evalSides(data) {
  if (data.options.players !== 2) return null;
  const name = (i) => (data.names && data.names[i]) || `P${i + 1}`;
  return { a: { label: name(0), cls: 'seat-1' }, b: { label: name(1), cls: 'seat-2' }, isA: (seat) => seat === 1 };
}

// This game's entry in the page's registry (games.js).
export const page = { Table: MorpyamTable, replayBoard, replayExtra, evalSides };
