// The marks beside an account's name (docs/web-api.md: its `title`): a
// bot's "BOT", wherever a name shows (profiles, leaderboards, the lobby,
// the lists of games, a game's players). A module of its own so that the
// games' page modules mark names without importing bots.js, whose imports
// lead back to them (games.js).
import { h } from './dom.js';

// The "BOT" mark beside a bot's name (after a space), or nothing.
export function botMark(title) {
  return title === 'BOT' ? [' ', h('span', { class: 'bot-mark', title: 'a bot: a program plays this account', text: 'BOT' })] : null;
}

// names (one a seat) each with its mark (titles: one a seat, or none when
// no bot sits), those keep(name, index) allows, separated by sep: children
// for h().
export function markedNames(names, titles, sep, keep = () => true) {
  const out = [];
  names.forEach((name, i) => {
    if (!keep(name, i)) return;
    if (out.length) out.push(sep);
    out.push(name, botMark(titles && titles[i]));
  });
  return out;
}
