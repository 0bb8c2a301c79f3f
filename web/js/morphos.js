// Morphos at the table: the board with its coloured edges (Black top and
// bottom, White left and right), the stones, weak stones marked, the last
// move, the winning chain, and a preview of what a click would do (the
// legal action's own sentence) on hover or keyboard focus. Swap and pass
// are buttons when they are legal; the duomorph second stone and the
// remorph returned stone are explained by the state's marks. A player may
// queue one move while the other side is to move (a premove, lichess's),
// and may ask that a tap only chooses a point, played by a second tap or
// Confirm (lichess's "confirm move").
import { h, s, put, clear } from './dom.js';
import { pref, setPref } from './api.js';
import { legendTable } from './rules.js';
import { botMark } from './titles.js';

const D = 40; // distance between points
// The margin around the points: the edge bars next to the outer points,
// the coordinates outside them, never under them (larger on large boards,
// whose coordinates are drawn larger to stay readable on a phone).
const EDGE = 32; // from the outer points to the outside of the edge bars
function margin(n) {
  return n >= 10 ? EDGE + 42 : EDGE + 26;
}
const R = 17; // stone radius

const COLOUR = { black: 'Black', white: 'White' };

// A finger's target: points closer than SMALL_PX on the screen are zoomed
// on by a first tap, to about FINGER_PX apart (a phone's 13x13 board has
// them 23 px apart; phone go clients zoom likewise).
const SMALL_PX = 30;
const FINGER_PX = 44;

function letters(n) {
  return 'abcdefghijklmnopqrstuvwxyz'.slice(0, n);
}

function parsePoint(name, n) {
  const col = letters(n).indexOf(name[0]);
  const row = Number(name.slice(1)) - 1;
  return { col, row };
}

function pointName(col, row, n) {
  return letters(n)[col] + (row + 1);
}

function xy(col, row, n) {
  const M = margin(n);
  return { x: M + col * D, y: M + (n - 1 - row) * D };
}

export function stoneIcon(colour, label) {
  return s('svg', { viewBox: '0 0 40 40', class: 'stone-icon', role: 'img', 'aria-label': label || `${COLOUR[colour]} stone` },
    s('circle', { class: ['stone', colour], cx: 20, cy: 20, r: 15 }));
}

// Draws board (the API's Morphos board) with marks into a new <svg>.
// opts: actions (point -> legal action), onAct(text), onRefuse(text: the
// action a click on a point without a legal one would have been: "c3",
// "xc3" on a stone), onPreview(action|null), hinted (point), lastMarks
// (marks of the last action), pending (a point chosen and waiting for its
// confirmation), premove ({point, colour}: a move queued for the turn to
// come, drawn as a ghost stone).
export function drawBoard(board, marks, opts = {}) {
  const n = board.size;
  const M = margin(n);
  const big = n >= 10;
  const span = (n - 1) * D;
  const W = 2 * M + span;
  const svg = s('svg', {
    viewBox: `0 0 ${W} ${W}`, class: ['morphos-svg', big && 'big'],
    'aria-label': `Morphos board ${n} by ${n}: Black joins top and bottom, White joins left and right`,
  });
  const stones = new Map();
  for (const p of board.stones.black) stones.set(p, 'black');
  for (const p of board.stones.white) stones.set(p, 'white');
  const weak = new Set();
  const last = new Set();
  const chain = new Set();
  const placeable = new Set();
  for (const mark of (marks && marks.marks) || []) {
    if (mark.kind === 'weak') mark.cells.forEach((c) => weak.add(c));
    if (mark.kind === 'chain') mark.cells.forEach((c) => chain.add(c));
    if (mark.kind === 'placeable') mark.cells.forEach((c) => placeable.add(c));
    if (mark.kind === 'last') mark.cells.forEach((c) => last.add(c));
  }
  for (const m of opts.lastMarks || []) if (m.kind === 'last') m.cells.forEach((c) => last.add(c));

  svg.append(s('rect', { class: 'wood', x: M - D / 2 - 12, y: M - D / 2 - 12, width: span + D + 24, height: span + D + 24, rx: 6 }));
  // edges: Black's top and bottom, White's left and right
  const e0 = M - D / 2 - 12;
  const e1 = M + span + D / 2;
  svg.append(
    s('rect', { class: 'edge black', x: M - D / 2, y: e0, width: span + D, height: 12 }),
    s('rect', { class: 'edge black', x: M - D / 2, y: e1, width: span + D, height: 12 }),
    s('rect', { class: 'edge white', x: e0, y: M - D / 2, width: 12, height: span + D }),
    s('rect', { class: 'edge white', x: e1, y: M - D / 2, width: 12, height: span + D }));
  const grid = s('g', { class: 'lines' });
  for (let i = 0; i < n; i++) {
    grid.append(s('line', { x1: M, y1: M + i * D, x2: M + span, y2: M + i * D }));
    grid.append(s('line', { x1: M + i * D, y1: M, x2: M + i * D, y2: M + span }));
    // in the band between the board's edge and the edge bars, centred
    const band = M - EDGE;
    svg.append(s('text', { class: 'coord', x: M + i * D, y: W - band / 2 + (big ? 9 : 6), 'text-anchor': 'middle', text: letters(n)[i] }));
    svg.append(s('text', { class: 'coord', x: band / 2, y: M + (n - 1 - i) * D + (big ? 9 : 6), 'text-anchor': 'middle', text: String(i + 1) }));
  }
  svg.append(grid);

  const chainLayer = s('g', { class: 'chain' });
  for (const p of chain) {
    const { col, row } = parsePoint(p, n);
    for (const [dc, dr] of [[1, 0], [0, 1]]) {
      const q = pointName(col + dc, row + dr, n);
      if (col + dc < n && row + dr < n && chain.has(q)) {
        const a = xy(col, row, n);
        const b = xy(col + dc, row + dr, n);
        chainLayer.append(s('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
      }
    }
  }
  svg.append(chainLayer);

  const layer = s('g', { class: 'points' });
  for (let row = n - 1; row >= 0; row--) {
    for (let col = 0; col < n; col++) {
      const name = pointName(col, row, n);
      const { x, y } = xy(col, row, n);
      const colour = stones.get(name);
      const action = opts.actions ? opts.actions.get(name) : null;
      const g = s('g', {
        class: ['pt', colour && `has-${colour}`, weak.has(name) && 'weak', last.has(name) && 'last', chain.has(name) && 'in-chain',
          action && 'can', action && `can-${action.kind}`, opts.hinted === name && 'hinted',
          opts.pending === name && 'pending', opts.premove && opts.premove.point === name && 'premoved'],
        dataset: { point: name },
      });
      g.append(s('rect', { class: 'hit', x: x - D / 2, y: y - D / 2, width: D, height: D }));
      if (colour) {
        g.append(s('circle', { class: ['stone', colour], cx: x, cy: y, r: R }));
        if (weak.has(name)) {
          g.append(s('circle', { class: 'weak-ring', cx: x, cy: y, r: R + 3.5 }));
          g.append(s('path', { class: ['weak-cut', colour], d: `M${x - 7} ${y + 7} L${x + 7} ${y - 7}` }));
        }
        if (chain.has(name)) g.append(s('circle', { class: 'chain-ring', cx: x, cy: y, r: R + 2 }));
      } else if (placeable.has(name) && board.phase !== 'main') {
        g.append(s('circle', { class: 'spot', cx: x, cy: y, r: 6 }));
      }
      if (last.has(name)) g.append(s('rect', { class: ['last-dot', colour || 'none'], x: x - 5, y: y - 5, width: 10, height: 10, rx: 2 }));
      if (action) {
        const ghost = board.to_move;
        g.append(s('circle', { class: ['ghost', ghost], cx: x, cy: y, r: R - 1 }));
      } else if (opts.premove && opts.premove.point === name) {
        g.append(s('circle', { class: ['ghost', 'premove', opts.premove.colour], cx: x, cy: y, r: R - 1 }));
      }
      const title = [name];
      title.push(colour ? `${COLOUR[colour]} stone${weak.has(name) ? ', weak' : ''}` : 'empty');
      if (action) title.push(action.text);
      if (opts.pending === name) title.push('chosen: tap again or Confirm to play it');
      if (opts.premove && opts.premove.point === name) title.push('your premove: played when your turn comes');
      g.append(s('title', { text: title.join(', ') }));
      // every point has an accessible name, its <title>: what is there, what
      // a click would do
      g.setAttribute('role', 'img');
      if (action && opts.onAct) {
        g.addEventListener('click', () => opts.onAct(action.action, name));
      } else if (opts.onRefuse) {
        g.addEventListener('click', () => opts.onRefuse(colour ? `x${name}` : name));
      }
      if (opts.onPreview) {
        // a mouse's hover only: a tap leaves no preview behind
        g.addEventListener('pointerenter', (e) => { if (e.pointerType === 'mouse') opts.onPreview(name, action); });
        g.addEventListener('pointerleave', () => opts.onPreview(null, null));
      }
      layer.append(g);
    }
  }
  svg.append(layer);
  return svg;
}

// A phone's or a tablet's screen (a finger). The touch points, not only the
// media query: Chromium may say "pointer: fine" on a touch screen once a
// mouse-like event came, which would change the default within a game.
function touchScreen() {
  return navigator.maxTouchPoints > 0 || window.matchMedia('(pointer: coarse)').matches;
}

export class MorphosTable {
  constructor(screen) {
    this.screen = screen;
    this.cursor = null;
    this.svg = null;
    this.pending = null; // a point chosen, waiting for its confirmation
    this.premove = null; // {point, text}: queued while the other side is to move
    this.el = {
      board: h('div', { class: 'morphos-wrap' }),
      // where the eye is: under the board on a narrow screen, atop the side
      // column beside it on a wide one (renderConfirm)
      confirm: h('div', { class: 'confirm-move', hidden: true }),
      buttons: h('div', { class: 'action-buttons' }),
      preview: h('p', { class: 'preview', 'aria-live': 'polite' }),
      zoomBar: h('p', { class: 'zoom-bar', hidden: true },
        h('span', { text: 'Zoomed in: tap a point to play it. ' }),
        h('button', { type: 'button', class: 'secondary', id: 'zoom-out', text: 'Whole board', onclick: () => this.unzoom() })),
    };
    this.zoom = null; // {x, y, scale}: the area a finger zoomed on, until a move
    screen.el.board.append(this.el.board, this.el.zoomBar, this.el.confirm, this.el.preview);
    screen.el.controls.append(this.el.buttons);
  }

  // Confirm moves: the player's choice, kept on this device; until one is
  // made, on for a touch screen in a game between people (as lichess).
  confirming() {
    const chosen = pref('confirm', null);
    if (chosen !== null) return chosen === true;
    return touchScreen() && !this.screen.hasAi;
  }

  // A click or tap on a point with a legal action: played, or with Confirm
  // moves chosen first (a second tap on it plays it; another point moves
  // the choice there).
  pointAct(text, point) {
    if (this.confirming() && this.pending !== point) {
      this.pending = point;
      this.pendingVersion = this.state.version;
      this.redraw();
      return;
    }
    this.pending = null;
    this.screen.act(text);
  }

  confirmPending() {
    const action = this.pending && this.actions.get(this.pending);
    this.pending = null;
    this.redraw();
    if (action) this.screen.act(action.action);
  }

  // A click or tap on a point without a legal action now: a premove while
  // the other player is to move (again on the same point: cancelled), else
  // the reason it cannot be played.
  pointRefused(text) {
    if (!this.mayPremove()) return this.screen.refuse(text);
    const point = text.replace(/^x/, '');
    const again = touchScreen() ? 'Tap' : 'Click';
    if (this.premove && this.premove.point === point) {
      this.premove = null;
      this.redraw();
      return this.screen.tell(`Premove ${point} cancelled.`);
    }
    this.premove = { point, text };
    this.redraw();
    const turn = this.whoseTurn(this.state, this.state.to_move);
    this.screen.tell(`${turn} Premove ${point}: played as soon as it is your turn, if it is legal then. ${again} it again to cancel.`);
  }

  // A player of one seat in a game between people, the other to move.
  // Against the AI a click while it thinks says so instead (its reply
  // comes at once at most levels: there is little to win).
  mayPremove() {
    const state = this.state;
    const mine = this.screen.mySeats;
    if (!state || state.result || this.screen.hasAi || mine.size !== 1 || !state.to_move || mine.has(state.to_move)) return false;
    return state.seats.every((seat) => seat.claimed);
  }

  // The turn has come: the premove is played at once if it is legal, or
  // refused with the rules' reason.
  playPremove() {
    const premove = this.premove;
    if (!premove || !this.screen.canAct()) return;
    this.premove = null;
    const action = this.actions.get(premove.point);
    if (action) return this.screen.act(action.action);
    this.redraw();
    // the rules' reason for the move as it was queued ("e5 is taken")
    return this.screen.refuse(premove.text, `Your premove ${premove.point} was not played: `);
  }

  redraw() {
    this.drawBoard();
    this.renderConfirm();
  }

  // The chosen point's action in the library's words, with Confirm and Cancel.
  renderConfirm() {
    const box = this.el.confirm;
    const action = this.pending && this.actions.get(this.pending);
    // the two columns of style.css's wide layout (above 900 px)
    if (window.matchMedia('(min-width: 901px)').matches) this.screen.el.controls.prepend(box);
    else this.el.board.after(box);
    box.hidden = !action;
    if (!action) return clear(box);
    put(box, h('span', { class: 'confirm-text', text: `${action.text}?` }),
      h('button', { class: 'primary', id: 'confirm-move', text: 'Confirm', onclick: () => this.confirmPending() }),
      h('button', { id: 'cancel-move', text: 'Cancel', onclick: () => { this.pending = null; this.redraw(); } }));
  }

  // The setting's box, made once: the tools are drawn again with every
  // change of the game, and a box made anew could lose a tap on its way.
  extraTools(state) {
    if (!this.screen.isPlayer || state.result) return [];
    if (!this.confirmTool) {
      const box = h('input', {
        type: 'checkbox', id: 'confirm-moves',
        onchange: (e) => {
          setPref('confirm', e.target.checked);
          this.pending = null;
          this.redraw();
        },
      });
      this.confirmTool = h('label', { class: 'tool check', for: 'confirm-moves', title: 'A tap chooses a point; a second tap, or Confirm, plays it' },
        box, ' Confirm moves');
    }
    this.confirmTool.querySelector('input').checked = this.confirming();
    return [this.confirmTool];
  }

  seatLabel(state, seat) {
    const info = state.seats[seat - 1];
    const colour = state.board.seats[seat - 1];
    return `${COLOUR[colour]}: ${info ? info.name : `P${seat}`}`;
  }

  statusExtra(state) {
    const b = state.board;
    const parts = [`turn ${b.turn + 1}`];
    if (b.phase === 'duo') parts.push('second stone');
    if (b.phase === 'return') parts.push('returned stone');
    return parts.join(' · ');
  }

  // After a swap, until the swapped player's next move: "You are White
  // now" in the banner (a player of one seat only).
  statusNote(state) {
    if (this.screen.mySeats.size !== 1 || state.result) return null;
    const [seat] = this.screen.mySeats;
    const at = state.history.findIndex((e) => e.kind === 'swap');
    if (at < 0 || state.history.slice(at + 1).some((e) => e.player === seat)) return null;
    return `You are ${COLOUR[state.board.seats[seat - 1]]} now`;
  }

  keys(state) {
    if (!this.screen.isPlayer || state.result) return [];
    return ['arrows move on the board', 'Enter play', 'S swap'];
  }

  // where the keyboard starts (GameScreen.focusBoard): the board
  focusTarget() {
    return this.svg || null;
  }

  render(state, canAct) {
    if (this.zoom && (!canAct || !this.state || state.count !== this.state.count)) this.zoom = null;
    this.state = state;
    this.canAct = canAct;
    const legal = canAct ? state.legal : [];
    this.actions = new Map();
    for (const a of legal) if (a.point) this.actions.set(a.point, a);
    if (!canAct || this.pendingVersion !== state.version) this.pending = null;
    if (state.result) this.premove = null;
    this.drawBoard();
    this.renderConfirm();
    // after this drawing, not inside it: playing redraws the screen
    if (canAct && this.premove) setTimeout(() => this.playPremove(), 0);
    this.renderButtons(state, canAct, legal);
    this.renderPlayers(state);
    this.renderLegend();
  }

  drawBoard() {
    const state = this.state;
    const hint = this.screen.hint;
    const last = state.history.length ? state.history[state.history.length - 1] : null;
    const hadFocus = this.svg && document.activeElement === this.svg;
    const mine = this.screen.mySeats.size === 1 ? [...this.screen.mySeats][0] : null;
    const svg = drawBoard(state.board, state.marks, {
      actions: this.actions,
      onAct: (text, point) => this.pointAct(text, point),
      onRefuse: (text) => this.pointRefused(text),
      pending: this.pending,
      premove: this.premove && mine ? { point: this.premove.point, colour: state.board.seats[mine - 1] } : null,
      onPreview: (point, action) => this.preview(point, action),
      hinted: hint && (hint.point || hint.cell),
      lastMarks: last && last.marks ? last.marks.marks : [],
    });
    svg.setAttribute('tabindex', '0');
    svg.setAttribute('role', 'application');
    svg.setAttribute('aria-roledescription', 'board');
    this.cursorEl = s('rect', { class: 'cursor', width: D - 4, height: D - 4, rx: 6 });
    svg.append(this.cursorEl);
    // the keyboard's cursor and its preview: only for a keyboard's focus (a
    // tap or a click focuses the board too, and must leave no text behind;
    // so does the game's opening on a touch screen no key has been pressed on)
    svg.addEventListener('focus', () => {
      if (!svg.matches(':focus-visible') || (this.pointer && this.pointer !== 'mouse')) return;
      if (window.matchMedia('(hover: none) and (pointer: coarse)').matches && !document.documentElement.classList.contains('keyboard')) return;
      if (!this.cursor) this.cursor = this.startCursor();
      this.placeCursor();
    });
    svg.addEventListener('blur', () => this.preview(null, null));
    svg.addEventListener('keydown', (event) => this.boardKey(event));
    // a finger on small points: its first tap zooms (caught before the points')
    // (and a finger's touch clears what the keyboard's cursor said when the
    // game opened with the focus on the board)
    svg.addEventListener('pointerdown', (event) => {
      this.pointer = event.pointerType;
      if (event.pointerType !== 'mouse') this.preview(null, null);
    });
    svg.addEventListener('click', (event) => this.zoomTap(event), true);
    this.svg = svg;
    this.fullView = svg.viewBox.baseVal.width;
    put(this.el.board, svg);
    this.showZoom();
    if (this.cursor) this.placeCursor(false);
    if (hadFocus) svg.focus({ preventScroll: true });
  }

  // The first tap of a finger on a board whose points lie closer than
  // SMALL_PX zooms on the area touched (when this device may play there);
  // the next tap plays. Mouse and keyboard play at once.
  zoomTap(event) {
    if (this.pointer !== 'touch' || this.zoom || !this.canAct) return;
    const pitch = (this.svg.getBoundingClientRect().width * D) / this.fullView;
    if (pitch >= SMALL_PX) return;
    event.stopPropagation();
    event.preventDefault();
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    this.zoom = { x: at.x, y: at.y, scale: FINGER_PX / pitch };
    this.showZoom();
  }

  unzoom() {
    this.zoom = null;
    this.showZoom();
  }

  // The board's view: the zoomed area (kept inside the board) or all of it.
  showZoom() {
    const full = this.fullView;
    let box = `0 0 ${full} ${full}`;
    if (this.zoom) {
      const w = full / this.zoom.scale;
      const clamp = (v) => Math.min(full - w, Math.max(0, v - w / 2));
      box = `${clamp(this.zoom.x)} ${clamp(this.zoom.y)} ${w} ${w}`;
    }
    this.svg.setAttribute('viewBox', box);
    this.svg.classList.toggle('zoomed', !!this.zoom);
    this.el.zoomBar.hidden = !this.zoom;
  }

  // Moves the keyboard cursor's square and tells what Enter would do there.
  placeCursor(tell = true) {
    const n = this.state.board.size;
    this.cursor.col = Math.min(n - 1, this.cursor.col);
    this.cursor.row = Math.min(n - 1, this.cursor.row);
    const { x, y } = xy(this.cursor.col, this.cursor.row, n);
    this.cursorEl.setAttribute('x', x - D / 2 + 2);
    this.cursorEl.setAttribute('y', y - D / 2 + 2);
    const name = pointName(this.cursor.col, this.cursor.row, n);
    this.svg.setAttribute('aria-label', `Morphos board, cursor on ${name}`);
    if (tell) this.preview(name, this.actions.get(name) || null);
  }

  startCursor() {
    const n = this.state.board.size;
    const first = this.actions.size ? [...this.actions.keys()][0] : null;
    const last = this.state.last && this.state.last.marks && this.state.last.marks.marks.find((m) => m.kind === 'last');
    const name = (last && last.cells[0]) || first;
    if (name) return parsePoint(name, n);
    return { col: Math.floor(n / 2), row: Math.floor(n / 2) };
  }

  boardKey(event) {
    const n = this.state.board.size;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[event.key]) {
      event.preventDefault();
      event.stopPropagation();
      if (!this.cursor) this.cursor = this.startCursor();
      const [dc, dr] = moves[event.key];
      this.cursor = { col: Math.min(n - 1, Math.max(0, this.cursor.col + dc)), row: Math.min(n - 1, Math.max(0, this.cursor.row + dr)) };
      this.placeCursor();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      if (!this.cursor) return;
      const name = pointName(this.cursor.col, this.cursor.row, n);
      const action = this.actions.get(name);
      if (action) this.screen.act(action.action);
      else this.screen.refuse(this.stoneAt(name) ? `x${name}` : name);
    }
  }

  stoneAt(point) {
    const b = this.state.board;
    return b.stones.black.includes(point) || b.stones.white.includes(point);
  }

  // "It is White's turn: Bob."
  whoseTurn(state, seat) {
    const info = state.seats[seat - 1];
    return `It is ${COLOUR[state.board.seats[seat - 1]]}'s turn: ${info ? info.name : `P${seat}`}.`;
  }

  preview(point, action) {
    const box = this.el.preview;
    if (!point) {
      box.textContent = '';
      return;
    }
    const stone = this.state.board.stones.black.includes(point) ? 'Black stone' : this.state.board.stones.white.includes(point) ? 'White stone' : 'empty';
    box.textContent = action ? action.text : `${point}: ${stone}`;
  }

  renderButtons(state, canAct, legal) {
    const hint = this.screen.hint;
    if (!canAct) {
      clear(this.el.buttons);
      this.screen.el.controls.classList.remove('decision');
      return;
    }
    const parts = [];
    const placeable = (state.marks.marks || []).find((m) => m.kind === 'placeable');
    const flips = legal.filter((a) => a.kind === 'flip');
    if (state.board.phase !== 'main' && placeable) {
      // the part of the turn a mutator adds, named, in the library's words
      const part = state.board.phase === 'duo' ? 'Duomorph: the second stone. ' : state.board.phase === 'return' ? 'Remorph: the returned stone. ' : '';
      parts.push(h('p', { class: 'prompt explain', dataset: { phase: state.board.phase } }, h('strong', { text: part }), placeable.label, '.'));
    }
    else if (legal.some((a) => a.point)) {
      parts.push(h('p', { class: 'prompt', text: flips.length > 1
        ? `Click an empty point to place a stone, or one of the ${flips.length} weak stones (dashed ring) to flip it.`
        : flips.length ? 'Click an empty point to place a stone, or the weak stone (dashed ring) to flip it.'
          : 'Click an empty point to place a stone.' }));
    }
    // before Black's first stone: the swap to come, said beforehand
    const b = state.board;
    if (b.turn === 0 && b.to_move === 'black' && !b.mutators.includes('metamorph')) {
      const white = state.seats[b.seats.indexOf('white')];
      parts.push(h('p', { class: 'swap-note' }, h('strong', { text: 'The swap. ' }),
        'After your first stone, White may take it over (swap) and play on as Black. ',
        // an AI says which first stones it takes over, in its level's words (the server's seat.opening)
        white && white.kind === 'ai' && white.opening ? `${white.name} ${white.opening}.` : 'A central stone invites it.'));
    }
    const swap = legal.find((a) => a.kind === 'swap');
    if (swap) {
      parts.push(h('div', { class: 'swap-offer' },
        // the library's one sentence of what the swap does, as the button would do it
        h('p', {}, h('strong', { text: 'Swap offer. ' }), swap.text, '.'),
        h('button', { class: ['primary', hint && hint.kind === 'swap' && 'hinted'], id: 'swap', text: 'Swap', 'aria-keyshortcuts': 'S', title: swap.text, onclick: () => this.screen.act(swap.action) })));
    }
    const pass = legal.find((a) => a.kind === 'pass');
    if (pass) {
      parts.push(h('div', { class: 'button-row' },
        h('button', { class: 'primary', id: 'pass', text: 'Pass', title: pass.text, onclick: () => this.screen.act(pass.action) }),
        h('span', { class: 'help', text: pass.text })));
    }
    put(this.el.buttons, ...parts);
    // a decision only a button makes (swap, pass): a phone shows it first
    this.screen.el.controls.classList.toggle('decision', !!(swap || pass));
  }

  renderPlayers(state) {
    const b = state.board;
    const rows = state.seats.map((seat, i) => {
      const n = i + 1;
      const colour = b.seats[i];
      const flags = [];
      if (!state.result && state.to_move === n) flags.push(h('span', { class: 'flag turn', text: 'to play' }));
      if (this.screen.mySeats.has(n)) flags.push(h('span', { class: 'flag you', text: 'you' }));
      if (seat.kind === 'human' && !seat.claimed) flags.push(h('span', { class: 'flag open', text: state.result ? 'never taken' : 'open seat' }));
      if (state.result && (state.result.winners || []).includes(n)) flags.push(h('span', { class: 'flag win', text: 'winner' }));
      const edges = colour === 'black' ? 'top and bottom' : 'left and right';
      return h('tr', { class: [state.to_move === n && !state.result && 'to-move'], dataset: { seat: n } },
        h('td', {}, stoneIcon(colour)),
        h('th', { scope: 'row' }, `${COLOUR[colour]}: ${seat.name}`, botMark(seat.title), ' ', flags),
        h('td', { class: 'edges', text: edges }),
        h('td', { class: 'num', text: String(b.stones[colour].length) }));
    });
    const chain = (state.marks.marks || []).find((m) => m.kind === 'chain');
    const weak = (state.marks.marks || []).filter((m) => m.kind === 'weak');
    put(this.screen.el.players,
      h('table', { class: 'scores' },
        h('thead', {}, h('tr', {}, h('th', {}, h('span', { class: 'sr-only', text: 'Colour' })), h('th', { text: 'Player' }),
          h('th', { text: 'Joins' }), h('th', { class: 'num', text: 'Stones' }))),
        h('tbody', {}, rows)),
      h('ul', { class: 'lines' },
        weak.map((m) => h('li', { class: 'weak' }, m.label, ': ', h('span', { class: 'cells', text: m.cells.join(' ') }))),
        chain ? h('li', { class: 'chain' }, chain.label, ': ', h('span', { class: 'cells', text: chain.cells.join(' ') })) : null));
  }

  renderLegend() {
    if (this.legendDone) return;
    this.legendDone = true;
    put(this.screen.el.legend, h('details', { class: 'legend-box' },
      h('summary', { text: 'Legend' }), legendTable(this.screen.statics.legend)));
  }

  async animate() {
    // a move is drawn at once; its sentence is the narration
  }

  applyHint() {}

  onKey(event, canAct) {
    if (event.key.toLowerCase() !== 's') return;
    event.preventDefault();
    // a key that cannot act says why: whose turn, or the library's reason
    const swap = document.getElementById('swap');
    if (canAct && swap) swap.click();
    else this.screen.refuse(canAct ? 'swap' : null);
  }
}

// ---- the replay viewer (replay.js): the board and what goes beside it ----

function replayBoard(pos, data, at) {
  const entry = at > 0 ? data.history[at - 1] : null;
  return drawBoard(pos.board, pos.marks, { lastMarks: entry && entry.marks ? entry.marks.marks : [] });
}

// Each seat's colour and stones on the board.
function replayExtra(pos, data) {
  const b = pos.board;
  return [h('table', { class: 'scores' },
    h('tbody', {}, b.seats.map((colour, i) => h('tr', { class: pos.to_move === i + 1 ? 'to-move' : '' },
      h('td', {}, stoneIcon(colour)), h('th', { scope: 'row', text: `${(data.names && data.names[i]) || `P${i + 1}`}: ${colour === 'black' ? 'Black' : 'White'}` }),
      h('td', { class: 'num', text: `${b.stones[colour].length} ${b.stones[colour].length === 1 ? 'stone' : 'stones'}` })))))];
}

// The win-chance curve of an analysis: Black's chance, the stones' colours
// (a seat's colour at decision k: a swap changes it).
function evalSides(data, position) {
  return {
    a: { label: 'Black', cls: 'side-black' },
    b: { label: 'White', cls: 'side-white' },
    isA: (seat, k) => position(k).board.seats[seat - 1] === 'black',
  };
}

// This game's entry in the page's registry (games.js).
export const page = { Table: MorphosTable, replayBoard, replayExtra, evalSides };
