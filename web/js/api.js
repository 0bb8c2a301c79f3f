// The server's API (docs/web-api.md): JSON in and out, errors as one line.
// Seat tokens travel in the X-Seat-Token header, never in a cookie.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status; // 0: the server could not be reached
  }
}

function told(name) {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(name));
}

export async function api(method, path, { body, tokens, raw } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (tokens && tokens.length) headers['X-Seat-Token'] = tokens.join(',');
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    told('morph:unreachable'); // reach.js: one message for the page
    throw new ApiError(0, 'The server cannot be reached right now; the page keeps trying to reconnect.');
  }
  // the service worker answers /api/meta from its cache offline: no sign of the server
  if (path !== '/api/meta') told('morph:reachable');
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const retry = response.headers.get('Retry-After');
    let message = data && data.error ? data.error : `the server answered ${response.status}`;
    if (retry && response.status === 429) message += ` (try again in ${retry} s)`;
    throw new ApiError(response.status, message);
  }
  return data;
}

// ---- seat tokens kept on this device ----
// morph.tokens.ID holds the tokens of game ID (several for hot-seat);
// morph.mine lists the games this device plays, newest first.

const TOKENS = 'morph.tokens.';
const MINE = 'morph.mine';

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the seat lasts as long as the tab
  }
}

export function tokensFor(id) {
  const list = read(TOKENS + id, []);
  return Array.isArray(list) ? list.filter((t) => typeof t === 'string') : [];
}

export function addTokens(id, tokens, game) {
  const list = tokensFor(id);
  for (const t of tokens) if (t && !list.includes(t)) list.push(t);
  write(TOKENS + id, list);
  const mine = myGames().filter((g) => g.id !== id);
  mine.unshift({ id, game: game || null, at: new Date().toISOString() });
  write(MINE, mine.slice(0, 30));
}

export function myGames() {
  const list = read(MINE, []);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string') : [];
}

// ---- a guest's name ----
// The name a guest (no account) plays under, kept on this device: sent when
// a game is made or a seat taken; the server ignores it for an account.

export function guestName() {
  const name = pref('name', 'Guest');
  return typeof name === 'string' && name.trim() ? name.trim() : 'Guest';
}

export function setGuestName(name) {
  setPref('name', String(name || '').trim().slice(0, 20) || 'Guest');
}

// ---- preferences ----

export function pref(name, fallback) {
  return read('morph.pref.' + name, fallback);
}

export function setPref(name, value) {
  write('morph.pref.' + name, value);
}
