// Your turn, wherever you are on the site: a signed-in account hears of
// changes in its games (GET /api/me/events) and counts those where it is
// to act (GET /api/me/games). The tab's title and icon show the count;
// when the tab is hidden and a game becomes yours to play, a browser
// notification says so (once you allowed them).
import { api } from './api.js';
import { setTurn } from './dom.js';
import { gameTitle } from './rules.js';

const listeners = new Set();
let games = [];
let notified = new Map(); // game id -> the move count notified for
let started = false;

export function yourGames() {
  return games;
}

// fn(games) runs whenever the list changes (and at once).
export function onGames(fn) {
  listeners.add(fn);
  fn(games);
  return () => listeners.delete(fn);
}

function opponentOf(g) {
  return (g.players || []).filter((name, i) => name && i !== g.seat - 1).join(', ') || 'your opponent';
}

// A notification for a game that is now yours to play (tab hidden only).
export function notifyTurn(id, count, title, body) {
  if (!document.hidden || !('Notification' in window) || Notification.permission !== 'granted') return;
  if (notified.get(id) === count) return;
  notified.set(id, count);
  try {
    const n = new Notification(title, { body, tag: `morph-${id}` });
    n.onclick = () => {
      window.focus();
      if (location.pathname !== `/game/${id}`) location.assign(`/game/${id}`);
    };
  } catch {
    // some browsers allow notifications only from a service worker: the title and icon still say it
  }
}

async function refresh() {
  let answer;
  try {
    answer = await api('GET', '/api/me/games');
  } catch {
    return;
  }
  const before = new Map(games.map((g) => [g.id, g]));
  games = answer.games;
  const mine = games.filter((g) => g.your_turn);
  setTurn({ elsewhere: mine.filter((g) => location.pathname !== `/game/${g.id}`).length });
  for (const g of mine) {
    const old = before.get(g.id);
    if (location.pathname === `/game/${g.id}`) continue; // the game's own screen says it, move and all
    if (!old || !old.your_turn || old.count !== g.count)
      notifyTurn(g.id, g.count, `Your turn · ${gameTitle(g.game)}`, `${opponentOf(g)} moved: it is your turn.`);
  }
  for (const fn of listeners) fn(games);
}

// Starts listening (once) for the signed-in account.
export function startTurnNotices() {
  if (started) return;
  started = true;
  const connect = () => {
    const es = new EventSource('/api/me/events');
    es.addEventListener('games', () => refresh());
    es.addEventListener('error', () => {
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 5000);
    });
  };
  connect();
}

// A button that asks for notifications (browsers ask only on a click).
export function permissionButton(h) {
  if (!('Notification' in window) || Notification.permission === 'granted') return null;
  if (Notification.permission === 'denied')
    return h('p', { class: 'help', text: 'Notifications are blocked for this site in your browser.' });
  const button = h('button', {
    class: 'secondary', id: 'notify-on', text: 'Notify me when it is my turn', onclick: async () => {
      const answer = await Notification.requestPermission();
      button.replaceWith(h('p', { class: 'help', text: answer === 'granted' ? 'You will be notified when it is your turn and this tab is hidden.' : 'Notifications stay off.' }));
    },
  });
  return button;
}
