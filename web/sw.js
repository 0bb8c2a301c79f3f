// The service worker of the page: it keeps the page and its engine (the
// app shell: index.html, the stylesheet, every module, engine/morph.wasm,
// the games' description /api/meta) in a cache named for the server's
// version, so the page opens and the AI plays without a network
// (offline.js). The page registers /sw.js?v=VERSION with the version
// /api/meta gives; a server of another version makes another worker, which
// fills its own cache, removes the older ones and takes over the open pages
// (they reload once, offline.js).
//
// Online, every file comes from the network first (so the page is always
// the server's), and the cache is refreshed with it; offline, from the cache.
// The API passes through untouched (it is not the page), except /api/meta.
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE = `morph-${VERSION}`;
const SHELL = [
  '/', '/style.css', '/favicon.svg', '/favicon-turn.svg', '/manifest.webmanifest', '/engine/morph.wasm', '/api/meta',
  '/icons/icon-192.png', '/icons/icon-512.png', '/icons/apple-touch-icon.png',
  '/js/account.js', '/js/analysis.js', '/js/api.js', '/js/app.js', '/js/bots.js', '/js/chat.js', '/js/clock.js', '/js/dice.js',
  '/js/dom.js', '/js/engine.js', '/js/engine_client.js', '/js/engine_worker.js', '/js/game.js', '/js/games.js', '/js/home.js', '/js/invites.js',
  '/js/lobby.js',
  '/js/local_game.js', '/js/local_store.js', '/js/mirror.js', '/js/morphos.js', '/js/morpyam.js', '/js/newgame.js', '/js/notify.js',
  '/js/offers.js', '/js/offline.js', '/js/profile.js', '/js/puzzles.js', '/js/ratings.js', '/js/replay.js', '/js/rules.js', '/js/sounds.js',
  '/js/reach.js', '/js/theme.js', '/js/titles.js', '/js/words.js',
];

self.addEventListener('install', (event) => {
  // every file fetched afresh (not from the browser's HTTP cache)
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('morph-') && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// The page's addresses without an extension (/game/ID, /offline) are the
// page itself: index.html, kept as '/'.
function shellKey(url) {
  if (url.pathname.startsWith('/api/')) return url.pathname === '/api/meta' ? '/api/meta' : null;
  const last = url.pathname.split('/').pop();
  return last.includes('.') ? url.pathname : '/';
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || request.headers.get('X-Morph-Worker') === 'pass') return;
  const key = shellKey(url);
  if (!key) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && (key === '/' ? request.mode === 'navigate' : true)) await cache.put(key, response.clone());
      return response;
    } catch (err) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw err;
    }
  })());
});
