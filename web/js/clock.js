// The clocks of a game screen: the time each seat has left, ticking for the
// seat whose time runs (from the server's left_ms at the moment the state
// came: no clock of this computer is trusted), highlighted, and a warning
// when little is left. The server alone decides when time runs out. An AI
// seat has no clock: it thinks within its own budget.
import { h, put } from './dom.js';

const LOW_MS = 10000; // real time: under 10 s (or a tenth of the start) is low
const LOW_DAYS_MS = 6 * 3600 * 1000; // correspondence: under 6 hours

export function formatLeft(ms, kind) {
  const t = Math.max(0, ms);
  if (kind === 'days') {
    const hours = Math.floor(t / 3600000);
    if (hours >= 24) return `${Math.floor(hours / 24)} d ${hours % 24} h`;
    const minutes = Math.floor((t % 3600000) / 60000);
    return hours ? `${hours} h ${minutes} min` : `${minutes} min`;
  }
  if (t < 10000) return `${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

export class Clocks {
  constructor(screen) {
    this.screen = screen;
    this.el = h('div', { class: 'clocks', role: 'group', 'aria-label': 'Clocks' });
    this.clock = null;
    this.at = 0;
    this.warned = false;
    this.timer = setInterval(() => this.tick(), 100);
  }

  // A new clock from the server (a state, as soon as it arrives).
  update(clock) {
    this.clock = clock;
    this.at = performance.now();
    this.draw();
  }

  left(seat) {
    const c = this.clock;
    const ms = c.left_ms[seat - 1];
    // before its first move a seat's time is not charged (first_move_ms runs instead)
    return c.running === seat && c.first_move_ms == null ? ms - (performance.now() - this.at) : ms;
  }

  // The running seat's time left for its first move, or null.
  firstMove() {
    const c = this.clock;
    return c.first_move_ms == null ? null : c.first_move_ms - (performance.now() - this.at);
  }

  low(ms) {
    const c = this.clock;
    if (c.kind === 'days') return ms < LOW_DAYS_MS;
    return ms < Math.max(LOW_MS, c.initial_s * 100);
  }

  draw() {
    const c = this.clock;
    const state = this.screen.shown;
    if (!c) {
      put(this.el);
      this.el.hidden = true;
      return;
    }
    this.el.hidden = false;
    const over = !!state.result;
    const rows = state.seats.map((seat) => {
      const running = !over && c.running === seat.seat;
      const mine = this.screen.mySeats.has(seat.seat);
      const name = h('span', { class: 'clock-name', text: this.screen.seatName(seat.seat, state) });
      if (seat.kind === 'ai') return h('div', { class: 'clock ai', dataset: { seat: seat.seat, running: 'no' } }, name,
        h('span', { class: 'clock-free', text: 'no clock' }));
      return h('div', {
        class: ['clock', running && 'running', mine && 'mine'], dataset: { seat: seat.seat, running: running ? 'yes' : 'no' },
      },
      name,
      h('span', { class: 'clock-time', role: running ? 'timer' : null, text: formatLeft(this.left(seat.seat), c.kind) }));
    });
    const start = c.initial_s % 60 === 0 ? `${c.initial_s / 60} min` : `${c.initial_s} s`;
    const name = c.kind === 'days' ? `${c.days_per_move} day${c.days_per_move > 1 ? 's' : ''} a move` : `${start} + ${c.increment_s} s a move`;
    put(this.el, h('p', { class: 'clock-kind help', text: c.started ? `Clock: ${name}` : `Clock: ${name} (starts when every seat is taken)` }), ...rows,
      h('p', { class: 'first-move help', hidden: true }),
      h('p', { class: 'clock-warning', role: 'alert', hidden: true }));
    this.tick();
  }

  tick() {
    const c = this.clock;
    if (!c || this.el.hidden) return;
    const over = !!this.screen.shown.result;
    for (const row of this.el.querySelectorAll('.clock:not(.ai)')) {
      const seat = Number(row.dataset.seat);
      const ms = this.left(seat);
      row.querySelector('.clock-time').textContent = formatLeft(ms, c.kind);
      row.classList.toggle('low', !over && this.low(ms) && (c.running === seat || ms <= 0));
    }
    // the first moves: not charged, but the game is aborted if one does not come
    const first = this.el.querySelector('.first-move');
    const firstMs = over ? null : this.firstMove();
    if (first) {
      first.hidden = firstMs === null;
      if (firstMs !== null) {
        const who = this.screen.mySeats.has(c.running) ? 'Make your first move' : `${this.screen.seatName(c.running)} has`;
        const s = Math.max(0, Math.ceil(firstMs / 1000));
        first.textContent = this.screen.mySeats.has(c.running) ? `${who} within ${s} s, or the game is aborted.`
          : `${who} ${s} s to make a first move, or the game is aborted.`;
      }
    }
    // one warning, said once, when your own time runs low
    const warning = this.el.querySelector('.clock-warning');
    const mine = c.running && this.screen.mySeats.has(c.running) && !over;
    const lowNow = mine && this.low(this.left(c.running));
    if (warning) {
      warning.hidden = !lowNow;
      if (lowNow && !this.warned) warning.textContent = 'Little time left: move now, or the clock ends the game.';
    }
    this.warned = lowNow;
  }
}
