// What players of a game between people agree on, above the board where
// the eye is: aborting a game before both have moved, a takeback offered
// (Accept / Decline), a rematch offered (Accept / Decline), and how many
// people watch. The server holds the offers (docs/web-api.md, "POST
// /api/games/ID/takeback" and "rematch"); this box shows the newest it
// said, from a state or the stream's "offers" event, and is drawn on its
// own (an offer is no new version of the game).
import { h, put, toast } from './dom.js';

export class Offers {
  constructor(screen) {
    this.screen = screen;
    this.el = h('div', { class: 'offers', id: 'offers', role: 'region', 'aria-label': 'Offers', 'aria-live': 'polite', hidden: true });
    this.now = {};
    this.sending = false;
  }

  // The offers' fields of a state or an "offers" event, if it is newer.
  update(data) {
    if (!data || data.id !== this.screen.id || data.takebacks === undefined) return;
    this.now = {
      takeback: data.takeback || null, takebacks: !!data.takebacks, takeback_why: data.takeback_why || null,
      rematch_offer: data.rematch_offer || null, may_abort: !!data.may_abort, spectators: data.spectators || 0,
    };
    this.draw();
  }

  async send(what, body, done) {
    const screen = this.screen;
    this.sending = true;
    this.draw();
    try {
      const answer = await screen.request('POST', `/api/games/${screen.id}/${what}`, body);
      if (answer && answer.id === screen.id) {
        this.update(answer);
        screen.enqueue(answer);
      } else if (answer && answer.path) {
        screen.followRematch(answer.id);
      }
      if (done) toast(done, 'ok');
    } catch (err) {
      toast(err.message);
      screen.refresh();
    } finally {
      this.sending = false;
      this.draw();
      screen.render();
    }
  }

  // This page is left: its rematch offer lapses (a request that outlives the page).
  withdraw() {
    const screen = this.screen;
    const r = this.now.rematch_offer;
    if (!r || screen.shown.rematch || !r.by.some((seat) => screen.mySeats.has(seat))) return;
    const headers = { 'Content-Type': 'application/json' };
    if (screen.tokens.length) headers['X-Seat-Token'] = screen.tokens.join(',');
    fetch(`/api/games/${screen.id}/rematch`, { method: 'POST', keepalive: true, headers, body: '{"decline":true}' }).catch(() => {});
  }

  names(seats) {
    return seats.map((seat) => this.screen.seatName(seat)).join(' and ');
  }

  draw() {
    const screen = this.screen;
    const state = screen.shown;
    const o = this.now;
    const mine = (seat) => screen.mySeats.has(seat);
    const people = state.seats.filter((seat) => seat.kind === 'human').length > 1 && !screen.hasAi;
    const parts = [];
    const button = (id, text, onclick, cls = 'tool') => h('button', { class: cls, id, text, disabled: this.sending, onclick });
    // offered in a game between people (against the AI, Undo and Resign are there)
    if (screen.isPlayer && !state.result && people && o.may_abort && state.status === 'playing')
      parts.push(h('p', { class: 'offer' }, h('span', { text: 'The game has not really begun: it may still be aborted, and nobody loses. ' }),
        button('abort', 'Abort game', () => this.send('abort', {}, 'The game was aborted.'))));
    if (screen.isPlayer && !state.result && people && o.takebacks) {
      const t = o.takeback;
      if (t && mine(t.by))
        parts.push(h('p', { class: 'offer' }, h('span', { text: 'You asked to take back the last move. ' }),
          button('takeback-withdraw', 'Withdraw', () => this.send('takeback', { decline: true }))));
      else if (t)
        parts.push(h('p', { class: 'offer asked' }, h('strong', { text: `${screen.seatName(t.by)} asks to take back the last move. ` }),
          button('takeback-accept', 'Accept', () => this.send('takeback', {}, 'The move was taken back.'), 'tool primary'),
          button('takeback-decline', 'Decline', () => this.send('takeback', { decline: true }))));
      else if (!o.takeback_why) // offered only when one can be (not before a move to take back)
        parts.push(h('p', { class: 'offer' }, button('takeback-offer', 'Ask to take back', () => this.send('takeback', {}, 'Takeback asked: your opponent decides.'))));
    }
    const r = o.rematch_offer;
    if (screen.isPlayer && state.result && !state.rematch && r) {
      if (r.by.some(mine))
        parts.push(h('p', { class: 'offer' }, h('span', { text: 'You offered a rematch: waiting for an answer. ' }),
          button('rematch-withdraw', 'Cancel', () => this.send('rematch', { decline: true }))));
      else
        parts.push(h('p', { class: 'offer asked' }, h('strong', { text: `${this.names(r.by)} offers a rematch. ` }),
          button('rematch-accept', 'Accept', () => this.send('rematch', { swap: true }), 'tool primary'),
          button('rematch-decline', 'Decline', () => this.send('rematch', { decline: true }))));
    }
    if (o.spectators > 0)
      parts.push(h('p', { class: 'watchers help', id: 'watchers', text: `${o.spectators} ${o.spectators === 1 ? 'person' : 'people'} watching` }));
    this.el.hidden = !parts.length;
    put(this.el, ...parts);
  }
}
