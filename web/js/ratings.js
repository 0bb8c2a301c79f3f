// The ratings of a rated game's two players, in its header: each player's
// rating while the game is played, and at the end what the game changed
// ("alice 1512 (+12)"), read from the players' public profiles (the same
// numbers as the profile and the leaderboard: no rating is computed here).
import { h, put } from './dom.js';
import { api } from './api.js';

const START = 1500; // a newcomer's rating (src/server/base/glicko2.h)

// What game id changed in a profile's history of game: [before, after], or null.
function change(history, id) {
  const i = (history || []).findIndex((point) => point.game === id);
  if (i < 0) return null;
  return [i ? history[i - 1].rating : START, history[i].rating];
}

export class Ratings {
  constructor(screen) {
    this.screen = screen;
    this.el = h('p', { class: 'ratings-line help', id: 'ratings', hidden: true });
    this.shownFor = null; // 'playing' or 'finished': what was read last
  }

  // Reads the profiles when the game starts being shown, and once it is over.
  async update(state) {
    const phase = state.result ? 'finished' : 'playing';
    if (!state.rated || this.shownFor === phase) return;
    const names = state.seats.map((seat) => seat.account).filter(Boolean);
    if (names.length !== 2) return; // said once the other player has sat down
    this.shownFor = phase;
    let profiles;
    try {
      profiles = await Promise.all(names.map((name) => api('GET', `/api/players/${encodeURIComponent(name)}`)));
    } catch {
      this.shownFor = null; // said again with the next state
      return;
    }
    const parts = profiles.map((p, k) => {
      const now = p.ratings[state.game];
      const moved = state.result ? change(p.history[state.game], state.id) : null;
      if (!moved) return h('span', { class: 'rating', text: `${names[k]} ${now.rating}` });
      const delta = moved[1] - moved[0];
      return h('span', { class: 'rating' }, `${names[k]} ${moved[1]} `,
        h('span', { class: ['change', delta >= 0 ? 'up' : 'down'], text: `(${delta >= 0 ? '+' : '−'}${Math.abs(delta)})` }));
    });
    const joined = [];
    parts.forEach((part, k) => joined.push(...(k ? [' · ', part] : [part])));
    put(this.el, 'Rated: ', ...joined);
    this.el.hidden = false;
  }
}
