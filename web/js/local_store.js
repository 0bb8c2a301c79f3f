// The games against the AI kept on this device (offline.js lists them,
// local_game.js saves one after every action): their records (docs/records.md)
// with what the page needs to list them, newest first, in localStorage.

const KEY = 'morph.local';

export function localGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function saveLocal(saved) {
  const list = localGames().filter((g) => g.id !== saved.id);
  list.unshift(saved);
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function dropLocal(id) {
  localStorage.setItem(KEY, JSON.stringify(localGames().filter((g) => g.id !== id)));
}
