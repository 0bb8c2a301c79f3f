// The page's entry point: one HTML file for every address (the server
// answers index.html for paths without an extension), routed here.
import { h, put, toast, pageTitle } from './dom.js';
import { homePage } from './home.js';
import { gamePage, joinPage } from './game.js';
import { replayPage } from './replay.js';
import { puzzlesPage } from './puzzles.js';
import { rulesPage, gameTitle } from './rules.js';
import { GAME_NAMES } from './games.js';
import { accountCorner, signInPage, whoAmI } from './account.js';
import { lobbyPage } from './lobby.js';
import { profilePage, leaderboardPage } from './profile.js';
import { startTurnNotices } from './notify.js';
import { offlinePage, registerWorker } from './offline.js';
import { watchReach } from './reach.js';
import { applyTheme, settingsSwitches } from './theme.js';

applyTheme();

const main = document.getElementById('main');

window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  const reason = event.reason;
  toast(reason && reason.message ? reason.message : String(reason));
});

function notFound() {
  pageTitle('Not found · morph');
  put(main, h('section', { class: 'card' },
    h('h1', { text: 'Nothing here' }),
    h('p', {}, 'This address is not a page of morph. ', h('a', { href: '/', text: 'Start or watch a game' }), '.')));
}

// The rules of every game in the menu, between Play and Replay.
function rulesLinks() {
  const replay = document.querySelector('header nav a[href="/replay"]');
  for (const game of GAME_NAMES) replay.before(h('a', { href: `/rules/${game}`, text: `${gameTitle(game)} rules` }));
}

// The phone's Menu button (style.css shows it below 520 px): opens the
// links under the header; Escape or a tap elsewhere closes it.
function menuButton() {
  const header = document.querySelector('header.top');
  const button = document.getElementById('menu-toggle');
  const set = (open) => {
    header.classList.toggle('menu-open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && header.classList.contains('menu-open')) {
      set(false);
      button.focus();
    }
  });
  document.addEventListener('click', (ev) => { if (!header.contains(ev.target)) set(false); });
}

watchReach();

// A key pressed shows there is a keyboard: the "Keys:" legends, hidden on
// touch-only screens (style.css), appear from then on.
document.addEventListener('keydown', () => document.documentElement.classList.add('keyboard'), { once: true });

async function route() {
  const parts = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  rulesLinks();
  menuButton();
  for (const a of document.querySelectorAll('header nav a'))
    if (a.getAttribute('href') === location.pathname || (parts[0] === 'puzzles' && a.getAttribute('href') === '/puzzles'))
      a.setAttribute('aria-current', 'page');
  // who is signed in: the header's corner, and your turn in any tab
  accountCorner(document.getElementById('account')).catch(() => {});
  settingsSwitches(document.getElementById('settings'));
  whoAmI().then((who) => { if (who.signed_in) startTurnNotices(); });
  try {
    if (parts.length === 0) return await homePage(main);
    if (parts[0] === 'game' && parts.length === 2) return await gamePage(main, parts[1]);
    if (parts[0] === 'join' && parts.length === 2) return await joinPage(main, parts[1]);
    if (parts[0] === 'replay' && parts.length <= 2) return await replayPage(main, parts[1]);
    if (parts[0] === 'puzzles' && parts.length <= 2) return await puzzlesPage(main, parts[1]);
    if (parts[0] === 'rules' && parts.length === 2) return await rulesPage(main, parts[1]);
    if ((parts[0] === 'signin' || parts[0] === 'signup') && parts.length === 1) return await signInPage(main, parts[0]);
    if (parts[0] === 'lobby' && parts.length === 1) return await lobbyPage(main);
    if (parts[0] === 'player' && parts.length === 2) return await profilePage(main, parts[1]);
    if (parts[0] === 'leaderboard' && parts.length <= 2) return await leaderboardPage(main, parts[1]);
    if (parts[0] === 'offline' && parts.length <= 3) return await offlinePage(main, parts[1], parts[2]);
    notFound();
  } catch (err) {
    put(main, h('section', { class: 'card error-card' },
      h('h1', { text: 'Something went wrong' }),
      h('p', { text: err && err.message ? err.message : String(err) }),
      h('p', {}, h('a', { href: location.pathname, text: 'Try again' }), ' or ', h('a', { href: '/', text: 'go home' }), '.')));
  }
}

route();
registerWorker();
