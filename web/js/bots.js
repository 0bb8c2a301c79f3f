// Bots on a player's page (docs/web-api.md, "Bots"): on your own page, the
// personal API tokens (made with a description and scopes, the secret
// shown once, revoked); on a bot's page, a button to challenge it, which
// opens the game once the bot accepts.
import { api } from './api.js';
import { h, put, toast, confirmDialog, sleep } from './dom.js';
import { gameTitle } from './rules.js';
import { GAME_NAMES } from './games.js';

export function tokensCard() {
  const list = h('div', { id: 'tokens-list' });
  const made = h('div', { id: 'token-made', 'aria-live': 'polite' });
  const description = h('input', { id: 'token-description', maxLength: 40, placeholder: 'what it is for' });
  const scopeBoxes = h('div', { class: 'scopes' });
  async function refresh() {
    const data = await api('GET', '/api/tokens');
    if (!scopeBoxes.firstChild) {
      put(scopeBoxes, data.scopes.map((sc) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', value: sc.scope, checked: sc.scope === 'bot:play' }), ` ${sc.scope}: ${sc.about}`)));
    }
    put(list, data.tokens.length
      ? h('ul', { class: 'tokens' }, data.tokens.map((t) => h('li', { dataset: { id: t.id } },
        h('span', { text: `${t.description || '(no description)'} · ${t.scopes.join(', ')} · made ${new Date(t.created).toLocaleDateString()}` }),
        ' ',
        h('button', {
          class: 'danger small', text: 'Revoke', onclick: async () => {
            if (!(await confirmDialog(`Revoke the token "${t.description || t.id}"? Programs using it stop at once.`, 'Revoke'))) return;
            try {
              await api('DELETE', `/api/tokens/${t.id}`);
              await refresh();
            } catch (err) {
              toast(err.message);
            }
          },
        }))))
      : h('p', { class: 'empty', text: 'No token yet.' }));
  }
  const card = h('section', { class: 'card', id: 'tokens', 'aria-labelledby': 'tokens-title' },
    h('h2', { id: 'tokens-title', text: 'API tokens' }),
    h('p', { class: 'help', text: 'A token lets a program act for this account (a bot, or your games played through a program). It is shown once: keep it secret.' }),
    list,
    h('form', {
      class: 'account-form', onsubmit: async (event) => {
        event.preventDefault();
        const scopes = [...scopeBoxes.querySelectorAll('input:checked')].map((box) => box.value);
        try {
          const t = await api('POST', '/api/tokens', { body: { description: description.value, scopes } });
          description.value = '';
          put(made, h('label', { class: 'option', for: 'token-secret' }, h('span', { class: 'label', text: 'Your new token (shown once)' }),
            h('input', { id: 'token-secret', readOnly: true, value: t.token, onfocus: (e) => e.target.select() })));
          await refresh();
        } catch (err) {
          toast(err.message);
        }
      },
    },
    h('label', { class: 'option', for: 'token-description' }, h('span', { class: 'label', text: 'Description' }), description),
    scopeBoxes,
    h('div', { class: 'button-row' }, h('button', { type: 'submit', id: 'token-make', text: 'Make a token' }))),
    made);
  refresh().catch((err) => toast(err.message));
  return card;
}

// Whether game has the option key, as the server's description of its
// games lists (GET /api/meta): the page names no game here.
let metaGames = null;
async function hasOption(game, key) {
  if (!metaGames) metaGames = (await api('GET', '/api/meta')).games;
  const g = metaGames.find((m) => m.name === game);
  return Boolean(g && g.options.some((o) => (o.key || o.name) === key));
}

// A card to challenge player name (a bot, or anyone): a game and its size;
// once accepted, the game opens.
export function challengeCard(name) {
  const game = h('select', { id: 'challenge-game' }, GAME_NAMES.map((g) => h('option', { value: g, text: gameTitle(g) })));
  const size = h('select', { id: 'challenge-size' }, [5, 7, 9].map((n) => h('option', { value: String(n), text: `${n}x${n}` })));
  const status = h('p', { id: 'challenge-status', 'aria-live': 'polite' });
  return h('section', { class: 'card', id: 'challenge', 'aria-labelledby': 'challenge-title' },
    h('h2', { id: 'challenge-title', text: `Challenge ${name}` }),
    h('form', {
      class: 'account-form', onsubmit: async (event) => {
        event.preventDefault();
        // the board's size, for a game that has one (the server's list of options says)
        const options = (await hasOption(game.value, 'size')) ? { size: Number(size.value) } : {};
        try {
          const before = new Set((await api('GET', '/api/me/games')).games.map((g) => g.id));
          const c = await api('POST', `/api/challenge/${encodeURIComponent(name)}`, { body: { game: game.value, options, rated: false } });
          status.textContent = `Challenge sent to ${name}: waiting for an answer…`;
          await waitForGame(name, c.id, before, status);
        } catch (err) {
          toast(err.message);
        }
      },
    },
    h('label', { class: 'option', for: 'challenge-game' }, h('span', { class: 'label', text: 'Game' }), game),
    h('label', { class: 'option', for: 'challenge-size' }, h('span', { class: 'label', text: 'Board size (where the game has one)' }), size),
    h('div', { class: 'button-row' }, h('button', { type: 'submit', id: 'challenge-send', text: 'Challenge' }))),
    status);
}

// Waits (up to two minutes) for a running game with name at a seat, not
// among the games before the challenge, and opens it.
async function waitForGame(name, challenge, before, status) {
  for (let i = 0; i < 240; i++) {
    await sleep(500);
    const found = (await api('GET', '/api/me/games')).games.find((g) => !before.has(g.id) && g.players.includes(name));
    if (found) {
      location.assign(found.path);
      return;
    }
  }
  status.textContent = `${name} has not answered challenge ${challenge}.`;
}
