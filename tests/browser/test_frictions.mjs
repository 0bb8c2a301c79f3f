// The rough edges a newcomer met (issue 33, section 2), each checked where
// it was met: the one click's gentle AI level, remembered once chosen; a
// game against the AI unlisted by default; a refusal seen in the window; the
// decision of a turn and the end of a game on a phone's first screen; Undo's
// reason readable by a finger; a Morpyam call held until the roll; a tap in
// the AI's Morpyam turn answered; the black stone outlined in the dark theme;
// a 13x13 board zoomed under a finger. At 375x740 with a touch screen and at
// 1280x800.
import { waitTurn, waitVersion, assert, assertEqual, openMoreOptions } from './lib.mjs';

const PHONE = { width: 375, height: 740, touch: true };

// The id of the game the page shows.
function gameId(page) {
  return /\/game\/([a-z2-7]+)/.exec(page.url())[1];
}

// The AI levels of a game's seats, as the server keeps them.
async function aiLevels(server, id) {
  const { data } = await server.api('GET', `/api/games/${id}`);
  return data.seats.filter((seat) => seat.kind === 'ai').map((seat) => seat.level);
}

// Whether the element of selector lies wholly inside the window (nothing
// to scroll to see it).
async function inWindow(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1 && r.left >= 0 && r.right <= window.innerWidth + 1;
  });
}

// The line of the status element once it says something.
async function whyLine(page) {
  await page.waitForSelector('#why:not(:empty)');
  return page.textContent('#why');
}

async function said(page, act) {
  await page.evaluate(() => { document.getElementById('why').textContent = ''; });
  await act();
  return whyLine(page);
}

export const tests = [
  {
    name: 'one click plays a gentle AI in both games; the level chosen last is the next one click\'s; against the AI a game is unlisted by default',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'newcomer' });
      const { data: meta } = await server.api('GET', '/api/meta');
      for (const game of ['morpyam', 'morphos']) {
        const g = meta.games.find((x) => x.name === game);
        const strongest = g.ai[g.ai.length - 1].level;
        assert(g.gentle_ai && g.gentle_ai !== strongest, `${game}: a gentle level (${g.gentle_ai}) that is not the strongest`);
        await page.goto(`${server.url}/`);
        await page.click(`#play-ai-${game}`);
        await page.waitForURL(/\/game\//);
        assertEqual(await aiLevels(server, gameId(page)), [g.gentle_ai], `${game}: the one click's level`);
        assertEqual((await server.api('GET', `/api/games/${gameId(page)}`)).data.listed, false, `${game}: not listed`);
      }
      // the form: against the AI, Listed unticked; a friend's game unticked;
      // custom seats ticked; the gentle level offered first
      await page.goto(`${server.url}/?game=morpyam`);
      await openMoreOptions(page);
      assertEqual(await page.isChecked('input[name=listed]'), false, 'Listed is unticked against the AI');
      assertEqual(await page.inputValue('#ai-level'), 'greedy', 'the form offers the gentle level first');
      await page.check('input[name=mode][value=custom]');
      assertEqual(await page.isChecked('input[name=listed]'), true, 'custom seats: listed');
      await page.check('input[name=mode][value=friend]');
      assertEqual(await page.isChecked('input[name=listed]'), false, 'a friend\'s game: unlisted');
      await page.check('input[name=mode][value=ai]');
      assertEqual(await page.isChecked('input[name=listed]'), false, 'back against the AI: unlisted');
      // a level chosen in the form is the next one click's
      await page.selectOption('#ai-level', 'master');
      await page.click('#start');
      await page.waitForURL(/\/game\//);
      assertEqual(await aiLevels(server, gameId(page)), ['master'], 'the level chosen');
      assertEqual((await server.api('GET', `/api/games/${gameId(page)}`)).data.listed, false, 'unlisted');
      await page.goto(`${server.url}/`);
      assertEqual(await page.getAttribute('#play-ai-morpyam', 'title'), 'Against the Strongest AI', 'the one click says its level');
      await page.click('#play-ai-morpyam');
      await page.waitForURL(/\/game\//);
      assertEqual(await aiLevels(server, gameId(page)), ['master'], 'the one click remembers the level chosen last');
      await page.goto(`${server.url}/?game=morpyam`);
      await openMoreOptions(page);
      assertEqual(await page.inputValue('#ai-level'), 'master', 'and so does the form');
    },
  },
];
