// The home page: for each game a one-click "Play the AI" and "Play a
// friend", every other choice under "More options" (newgame.js), and the
// lists of games waiting for a player, being played and finished.
import { api, addTokens, myGames, tokensFor, guestName } from './api.js';
import { h, put, toast, ago, pageTitle } from './dom.js';
import { gameTitle, optionsSummary } from './rules.js';
import { gameNamesText } from './games.js';
import { whoAmI } from './account.js';
import { yourGamesSection } from './lobby.js';
import { NewGameForm, createGame, startLevel, rememberLevel, aiSeats } from './newgame.js';
import { levelLabel } from './words.js';
import { markedNames } from './titles.js';

export async function homePage(main) {
  pageTitle(`morph: ${gameNamesText('and')} in the browser`);
  const meta = await api('GET', '/api/meta');
  const who = await whoAmI();
  const params = new URLSearchParams(location.search);
  const wanted = params.get('game');
  const more = h('details', { class: 'more-options', id: 'more-options', open: !!wanted },
    h('summary', { text: 'More options' }));
  // the whole form is built when it is first opened (or asked for by ?game=)
  const fill = () => {
    if (more.querySelector('form')) return;
    more.append(new NewGameForm(meta, wanted, who.signed_in).el);
  };
  more.addEventListener('toggle', () => { if (more.open) fill(); });
  if (wanted) fill();
  const lists = h('div', { class: 'lists' });
  put(main,
    h('div', { class: 'home' },
      h('section', { class: 'card new-game', 'aria-labelledby': 'new-game-title' },
        h('h1', { id: 'new-game-title', text: 'Play' }),
        meta.games.map((g) => quickStart(g)),
        more),
      h('div', { class: 'home-side' }, who.signed_in ? yourGamesSection() : null, lists, mineSection())));
  for (const [status, title, empty] of [
    ['waiting', 'Waiting for a player', 'No game is waiting for a player. Start one!'],
    ['playing', 'Being played', 'No game is being played right now.'],
    ['finished', 'Finished', 'No finished game yet.'],
  ]) {
    lists.append(gameList(status, title, empty, status === 'playing' ? playingNow(meta.playing) : null));
  }
}

// How many play between people now (GET /api/meta's "playing", every game
// of the server, listed or not). Not said offline, where the description
// comes from the cache and its count is old.
function playingNow(playing) {
  if (!playing || !navigator.onLine) return null;
  const games = `${playing.games} game${playing.games === 1 ? '' : 's'}`;
  const text = playing.people
    ? `${playing.people} ${playing.people === 1 ? 'person' : 'people'} playing each other now, in ${games}.`
    : 'Nobody is playing another person right now.';
  return h('p', { class: 'playing-now', id: 'playing-now', text });
}

// One game's line: its name and summary, "Play the AI" (the level chosen
// last, else the game's gentle one, in every other seat, the default
// options) and "Play a friend" (an invitation link to send, the game
// unlisted).
function quickStart(g) {
  const chosen = startLevel(g);
  const level = g.ai.find((l) => l.level === chosen);
  const ai = h('button', {
    class: 'primary', id: `play-ai-${g.name}`, text: 'Play the AI', dataset: { level: chosen },
    title: level ? `Against the ${levelLabel(level)} AI` : null,
    onclick: () => {
      rememberLevel(g.name, chosen);
      createGame({ game: g.name, seats: aiSeats(g, chosen) }, ai);
    },
  });
  const friend = h('button', {
    id: `play-friend-${g.name}`, text: 'Play a friend', title: 'A link to send to your friend',
    onclick: () => createGame({ game: g.name, seats: [{ kind: 'human', mine: true }, { kind: 'human' }], listed: false }, friend),
  });
  return h('div', { class: 'quick-game', dataset: { game: g.name } },
    h('div', { class: 'quick-text' },
      h('h2', { class: 'game-name' }, gameTitle(g.name), ' ', h('a', { class: 'quick-rules', href: `/rules/${g.name}`, text: 'rules' })),
      h('p', { class: 'game-summary', text: g.summary })),
    h('div', { class: 'quick-buttons' }, ai, friend));
}

// ---- lists ----

function mineSection() {
  const mine = myGames().slice(0, 8);
  if (!mine.length) return null;
  return h('section', { class: 'card list mine', 'aria-labelledby': 'mine-title' },
    h('h2', { id: 'mine-title', text: 'Your games on this device' }),
    h('ul', {}, mine.map((g) => h('li', {},
      h('a', { href: `/game/${g.id}`, text: `${gameTitle(g.game || 'game')} ${g.id}` }), ' ', h('span', { class: 'when', text: ago(g.at) })))));
}

function gameList(status, title, empty, note) {
  const ul = h('ul', { class: 'games' });
  const more = h('button', { class: 'secondary more', text: 'More', hidden: true });
  const section = h('section', { class: 'card list', id: `list-${status}`, 'aria-labelledby': `list-${status}-title` },
    h('h2', { id: `list-${status}-title`, text: title }), note, ul, more);
  let cursor = null;
  async function load() {
    const query = new URLSearchParams({ status, limit: '8' });
    if (cursor) query.set('before', cursor);
    try {
      const page = await api('GET', `/api/games?${query}`);
      if (!cursor && !page.games.length) ul.append(h('li', { class: 'empty', text: empty }));
      for (const g of page.games) ul.append(gameItem(g));
      cursor = page.next;
      more.hidden = !cursor;
    } catch (err) {
      if (err.status === 0) {
        // the page's one message says it (reach.js); the list comes back with the server
        section.hidden = true;
        window.addEventListener('morph:back', () => {
          section.hidden = false;
          cursor = null;
          ul.replaceChildren();
          load();
        }, { once: true });
        return;
      }
      ul.append(h('li', { class: 'error', text: err.message }));
    }
  }
  more.addEventListener('click', load);
  load();
  return section;
}

function gameItem(g) {
  const mine = tokensFor(g.id).length > 0;
  const what = [optionsSummary(g.game, g.options)];
  if (g.status === 'waiting') what.push(`${g.open_seats} open seat${g.open_seats === 1 ? '' : 's'}`);
  if (g.count) what.push(`${g.count} action${g.count === 1 ? '' : 's'}`);
  const actions = [];
  if (mine) actions.push(h('a', { class: 'button primary', href: g.path, text: g.status === 'finished' ? 'View' : 'Continue' }));
  else if (g.status === 'waiting') {
    actions.push(h('button', {
      class: 'primary', text: 'Join', onclick: async () => {
        try {
          const joined = await api('POST', `/api/games/${g.id}/join`, { body: { name: guestName() } });
          addTokens(joined.id, [joined.token], g.game);
          location.assign(joined.path);
        } catch (err) {
          toast(err.message);
        }
      },
    }));
  }
  if (!mine) actions.push(h('a', { class: 'button', href: g.path, text: g.status === 'finished' ? 'View' : 'Watch' }));
  if (g.status === 'finished') actions.push(h('a', { class: 'button', href: `/replay/${g.id}`, text: 'Replay' }));
  let result = null;
  if (g.result && g.result.text) result = h('span', { class: 'result-line', text: String(g.result.text).split('\n')[0] });
  return h('li', { class: 'game-item', dataset: { id: g.id } },
    // "alice vs bob", open seats said as such
    h('div', { class: 'what' }, h('strong', { class: 'players' }, markedNames((g.players || []).map((name, i) => (g.status === 'waiting' && name === `P${i + 1}` ? 'an open seat' : name)), g.titles, ' vs ')), ' ',
      h('span', { class: 'kind', text: `${gameTitle(g.game)} · ${what.filter(Boolean).join(' · ')}` }),
      mine ? h('span', { class: 'flag you', text: 'your seat' }) : null,
      h('span', { class: 'when', text: ` ${ago(g.updated)}` }), result),
    h('div', { class: 'item-actions' }, actions));
}
