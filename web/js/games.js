// The page module of each game, one line a game: everything the page draws
// or clicks for a game lives in its module, and the shared pages (home.js,
// game.js, replay.js) ask this registry, never a game's name. A module
// exports `page`:
//   Table(screen)                   the game screen's board and controls (game.js)
//   replayBoard(position, data, at) the board of a replay position (replay.js)
//   replayExtra(position, data, at) what a replay shows beside it: dice,
//                                   scores, stones (replay.js)
// What the server knows of a game (its options, AI levels, whether it has
// dice) comes from GET /api/meta, not from here.
import { page as morpyam } from './morpyam.js';
import { page as morphos } from './morphos.js';

const PAGES = {
  morpyam,
  morphos,
};

// The games this page draws, in the registry's order.
export const GAME_NAMES = Object.keys(PAGES);

// The page module of game (an Error for a game this page cannot draw).
export function pageOf(game) {
  const found = Object.prototype.hasOwnProperty.call(PAGES, game) ? PAGES[game] : null;
  if (!found) throw new Error(`this page cannot show a game of '${game}' (it knows ${GAME_NAMES.join(', ')})`);
  return found;
}

// "Morpyam or Morphos", "A, B and C": the games' titles joined for a sentence.
export function gameNamesText(conj) {
  const titles = GAME_NAMES.map((g) => g.charAt(0).toUpperCase() + g.slice(1));
  return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} ${conj} ${titles[titles.length - 1]}` : titles.join('');
}
