// A player's page (/player/NAME): ratings per game with a small plot of
// their history, running and recent games; on your own page, a new
// password and signing out everywhere. And the leaderboards
// (/leaderboard/GAME).
import { api, ApiError, myGames } from './api.js';
import { h, s, put, toast, ago, pageTitle, confirmDialog } from './dom.js';
import { whoAmI } from './account.js';
import { gameTitle, optionsSummary } from './rules.js';
import { GAME_NAMES } from './games.js';
import { tokensCard, challengeCard } from './bots.js';
import { botMark, markedNames } from './titles.js';

const GAMES = GAME_NAMES;

export async function profilePage(main, name) {
  let p;
  try {
    p = await api('GET', `/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      pageTitle('No such player · morph');
      put(main, h('section', { class: 'card error-card' }, h('h1', { text: 'No such player' }), h('p', { text: err.message })));
      return;
    }
    throw err;
  }
  pageTitle(`${p.name} · morph`);
  const who = await whoAmI();
  const own = who.signed_in && who.name === p.name;
  put(main, h('div', { class: 'profile', id: 'profile', dataset: { name: p.name } },
    h('section', { class: 'card' },
      h('h1', {}, p.name, botMark(p.title), ' ', h('small', { text: `playing since ${new Date(p.created).toLocaleDateString()}` })),
      h('div', { class: 'ratings' }, GAMES.map((g) => ratingCard(g, p.ratings[g], p.history[g])))),
    h('section', { class: 'card list', 'aria-labelledby': 'games-title' },
      h('h2', { id: 'games-title', text: 'Games' }), gamesList(p)),
    own ? ownCard() : null,
    own ? tokensCard() : null,
    who.signed_in && !own && p.title === 'BOT' ? challengeCard(p.name) : null));
}

function ratingCard(game, r, history) {
  const provisional = r.games < 5 || r.rd > 110;
  return h('div', { class: 'rating-card', dataset: { game } },
    h('h2', {}, h('a', { href: `/leaderboard/${game}`, text: gameTitle(game) })),
    h('p', { class: 'rating-value' }, h('strong', { class: 'rating-number', text: String(r.rating) }),
      h('span', { class: 'rd', text: ` ±${2 * r.rd}` }), provisional ? h('span', { class: 'flag open', text: 'provisional' }) : null),
    h('p', { class: 'help', text: `${r.games} rated game${r.games === 1 ? '' : 's'}` }),
    history.length ? plot(game, history) : h('p', { class: 'help', text: 'No rated game yet.' }));
}

// The rating after each rated game, with its ±RD band, as a small SVG; it
// starts where every newcomer does.
function plot(game, history) {
  const points = [{ rating: 1500, rd: 350, game: 'start' }, ...history];
  const W = 300, H = 120, pad = 26;
  const lo = Math.min(...points.map((p) => p.rating - p.rd)), hi = Math.max(...points.map((p) => p.rating + p.rd));
  const span = Math.max(hi - lo, 50);
  const x = (i) => pad + (points.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (points.length - 1));
  const y = (v) => H - pad / 2 - ((v - lo) / span) * (H - pad);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const band = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rating + p.rd).toFixed(1)}`).join(' ') + ' ' +
    points.map((p, i) => `L${x(points.length - 1 - i).toFixed(1)},${y(points[points.length - 1 - i].rating - points[points.length - 1 - i].rd).toFixed(1)}`).join(' ') + ' Z';
  const first = points[0].rating, last = points[points.length - 1].rating;
  return s('svg', {
    class: 'rating-plot', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': `${gameTitle(game)} rating over ${history.length} rated game${history.length === 1 ? '' : 's'}: from ${first} to ${last}`,
  },
  s('path', { class: 'band', d: band }),
  s('line', { class: 'axis', x1: pad, y1: H - pad / 2, x2: W - pad / 2, y2: H - pad / 2 }),
  s('path', { class: 'line', d: line }),
  points.map((p, i) => s('circle', { class: 'dot', cx: x(i), cy: y(p.rating), r: 3.5 }, s('title', { text: p.game === 'start' ? `${p.rating}: a newcomer's rating` : `${p.rating} after game ${p.game}` }))),
  s('text', { class: 'tick', x: 2, y: y(hi) + 10, text: String(Math.round(hi)) }),
  s('text', { class: 'tick', x: 2, y: H - pad / 2 - 2, text: String(Math.round(lo)) }));
}

function gamesList(p) {
  if (!p.games.length) return h('p', { class: 'empty', text: 'No game yet.' });
  return h('ul', { class: 'games' }, p.games.map((g) => {
    const others = markedNames(g.players.map((name) => name || 'a guest'), g.titles, ', ', (name, i) => i !== g.seat - 1);
    let outcome = null;
    if (g.result && g.result.how === 'aborted') {
      outcome = h('span', { class: ['flag', 'out'], text: 'aborted' }); // nobody's loss
    } else if (g.result) {
      const won = (g.result.winners || []).includes(g.seat);
      outcome = h('span', { class: ['flag', won ? 'win' : 'out'], text: won ? (g.result.winners.length > 1 ? 'shared' : 'won') : 'lost' });
    }
    // a rated game ended before both players moved counts for nobody: its
    // result is not in the rating's history
    const counted = !g.result || (p.history[g.game] || []).some((x) => x.game === g.id);
    const rated = g.rated ? (counted ? 'rated' : 'not rated (ended before both had moved)') : null;
    const what = [optionsSummary(g.game, g.options), g.clock ? g.clock.name : null, rated];
    return h('li', { class: 'game-item', dataset: { id: g.id } },
      h('div', { class: 'what' }, h('strong', { text: gameTitle(g.game) }), ' against ', others.length ? others : 'nobody yet', ' ',
        h('span', { text: what.filter(Boolean).join(' · ') }), outcome ?? h('span', { class: 'flag turn', text: g.status }),
        h('span', { class: 'when', text: ` ${ago(g.updated)}` })),
      h('div', { class: 'item-actions' }, h('a', { class: 'button', href: g.path, text: g.result ? 'View' : 'Open' })));
  }));
}

function ownCard() {
  const old = h('input', { type: 'password', id: 'old-password', autocomplete: 'current-password', required: true });
  const fresh = h('input', { type: 'password', id: 'new-password', autocomplete: 'new-password', required: true, minLength: 10 });
  return h('section', { class: 'card', 'aria-labelledby': 'account-title' },
    h('h2', { id: 'account-title', text: 'Your account' }),
    h('form', {
      class: 'account-form', onsubmit: async (event) => {
        event.preventDefault();
        try {
          await api('POST', '/api/me/password', { body: { password: old.value, new_password: fresh.value } });
          old.value = fresh.value = '';
          toast('Password changed; your other browsers are signed out.', 'ok');
        } catch (err) {
          toast(err.message);
        }
      },
    },
    h('label', { class: 'option', for: 'old-password' }, h('span', { class: 'label', text: 'Password' }), old),
    h('label', { class: 'option', for: 'new-password' }, h('span', { class: 'label', text: 'New password' }), fresh,
      h('span', { class: 'help', text: 'At least 10 characters. Your other browsers are signed out.' })),
    h('div', { class: 'button-row' }, h('button', { type: 'submit', text: 'Change the password' }))),
    h('div', { class: 'button-row' }, h('button', {
      class: 'danger', id: 'signout-everywhere', text: 'Sign out everywhere', onclick: async () => {
        if (!(await confirmDialog('Sign out of every browser, this one too?', 'Sign out everywhere'))) return;
        try {
          await api('POST', '/api/logout', { body: { everywhere: true } });
          location.assign('/');
        } catch (err) {
          toast(err.message);
        }
      },
    })));
}

// The game played last: the account's latest game, else this device's.
async function lastGamePlayed() {
  const who = await whoAmI();
  if (who.signed_in) {
    try {
      const p = await api('GET', `/api/players/${encodeURIComponent(who.name)}`);
      const latest = [...p.games].sort((a, b) => (a.updated < b.updated ? 1 : -1))[0];
      if (latest && GAMES.includes(latest.game)) return latest.game;
    } catch {
      // the device's games then
    }
  }
  const mine = myGames().find((g) => GAMES.includes(g.game));
  return mine ? mine.game : null;
}

export async function leaderboardPage(main, game) {
  if (!GAMES.includes(game)) game = await lastGamePlayed() || GAMES[0];
  pageTitle(`${gameTitle(game)} leaderboard · morph`);
  // ?players=people or bots: bots have a board of their own
  const whom = new URLSearchParams(location.search).get('players') || 'all';
  const board = await api('GET', `/api/leaderboard/${game}?limit=100&players=${encodeURIComponent(whom)}`);
  const me = (await whoAmI()).name;
  put(main, h('section', { class: 'card leaderboard', id: 'leaderboard', dataset: { game } },
    h('h1', { text: 'Leaderboard' }),
    h('nav', { class: 'tabs', 'aria-label': 'Games' }, GAMES.map((g) => h('a', {
      href: `/leaderboard/${g}`, class: ['tab', g === game && 'current'], 'aria-current': g === game ? 'page' : null, text: gameTitle(g),
    }))),
    h('nav', { class: 'tabs', 'aria-label': 'Players' }, [['all', 'Everyone'], ['people', 'People'], ['bots', 'Bots']].map(([w, label]) => h('a', {
      href: `/leaderboard/${game}?players=${w}`, class: ['tab', w === whom && 'current'], 'aria-current': w === whom ? 'page' : null, text: label,
    }))),
    board.players.length
      ? h('table', { class: 'scores leaders' },
        h('thead', {}, h('tr', {}, ['#', 'Player', 'Rating', '±', 'Games'].map((t) => h('th', { scope: 'col', class: t === 'Player' ? '' : 'num', text: t })))),
        h('tbody', {}, board.players.map((p) => h('tr', { class: p.name === me ? 'me' : null },
          h('td', { class: 'num', text: String(p.rank) }),
          h('th', { scope: 'row' }, h('a', { href: `/player/${encodeURIComponent(p.name)}`, text: p.name }), botMark(p.title)),
          h('td', { class: 'num', text: String(p.rating) }),
          h('td', { class: 'num', text: String(2 * p.rd) }),
          h('td', { class: 'num', text: String(p.games) })))))
      : h('p', { class: 'empty', text: `No rated ${gameTitle(game)} game yet: play one from the lobby.` }),
    h('p', { class: 'help', text: 'Glicko-2 ratings; ± is twice the rating deviation (about 95% sure). Rated games are two-player games between accounts.' })));
}
