// A phone is a first-class screen (375x740): a Morpyam turn shows the grid,
// the dice, Roll or Reroll and Pass, the calls and the scores together
// without scrolling; a Morphos game shows the turn banner and both players
// with their colours with the board; the coordinates never lie under the
// edge bars (9x9 board, 4x4 puzzle); on 13x13 and 19x19 a first tap zooms
// and a second plays, leaving no preview text behind.
import { waitTurn, waitVersion, assert, assertEqual, openMoreOptions } from './lib.mjs';
import { checkInView, checkFits } from './test_layout.mjs';

const PHONE = { width: 375, height: 740, touch: true };

// Fails when a coordinate label of the board in page overlaps an edge bar.
async function labelsClear(page, what) {
  const hits = await page.evaluate(() => {
    const bars = [...document.querySelectorAll('.morphos-svg .edge')].map((e) => e.getBoundingClientRect());
    const out = [];
    for (const label of document.querySelectorAll('.morphos-svg .coord')) {
      const r = label.getBoundingClientRect();
      for (const b of bars) {
        if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) out.push(label.textContent);
      }
    }
    return out;
  });
  assertEqual(hits, [], `${what}: coordinates under the edge bars`);
}

async function morphosGame(page, url, size) {
  await page.goto(`${url}/?game=morphos`);
  await openMoreOptions(page);
  await page.fill('input[name=opt-size]', String(size));
  await page.tap('#start');
  await page.waitForURL(/\/game\//);
  return waitTurn(page);
}

export const tests = [
  {
    name: 'The menu on a phone: one Menu button; opened, every link on the screen; Escape closes it',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ ...PHONE, label: 'phone' });
      // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
      await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
      await page.goto(`${server.url}/`);
      await page.waitForSelector('header nav a[href="/rules/morphos"]', { state: 'attached' });
      assert(!(await page.isVisible('header nav')), 'the menu is closed at first');
      await checkInView(page, ['#menu-toggle', '#play-ai-morpyam', '#play-ai-morphos'], 'the closed menu');
      await page.tap('#menu-toggle');
      assertEqual(await page.getAttribute('#menu-toggle', 'aria-expanded'), 'true', 'the button says the menu is open');
      const links = await page.$$eval('header nav a', (as) => as.map((a) => a.getAttribute('href')));
      assert(links.length >= 8, `every link in the menu (${links.join(' ')})`);
      await checkInView(page, links.map((href) => `header nav a[href="${href}"]`), 'the open menu');
      await checkFits(page, 'the open menu');
      await t.shot(page, 'menu-phone');
      await page.keyboard.press('Escape');
      assert(!(await page.isVisible('header nav')), 'Escape closes the menu');
      await page.tap('#menu-toggle');
      await page.tap('header nav a[href="/lobby"]');
      await page.waitForURL(/\/lobby$/);
      assert(!(await page.isVisible('header nav')), 'a new page starts with the menu closed');
    },
  },
  {
    name: 'Morpyam on a phone: grid, dice, Roll, Pass, the calls and the scores on one screen',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ ...PHONE, label: 'phone' });
      // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
      await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
      await page.goto(`${server.url}/`);
      await page.tap('#play-ai-morpyam');
      await page.waitForURL(/\/game\//);
      await page.tap('#quick-dice');
      let seen = 0;
      for (let turn = 0; turn < 6 && seen < 2; turn++) {
        let state = await waitTurn(page);
        if (state.status === 'finished') break;
        await page.evaluate(() => window.scrollTo(0, 0));
        const parts = ['.grid-svg', '.dice', '.scores'];
        for (const sel of ['#roll', '#reroll', '#pass', '.calls']) if (await page.$(sel)) parts.push(sel);
        await checkInView(page, parts, `a Morpyam turn (${parts.join(' ')})`);
        if (await page.$('#reroll')) {
          seen++;
          if (seen === 1) await t.shot(page, 'morpyam-turn-phone');
        }
        // on: roll, or pass once the dice are seen
        const before = Number(state.version);
        await page.tap(await page.$('#roll') ? '#roll' : '#pass');
        state = await waitVersion(page, before);
      }
      assert(seen >= 1, 'a turn with dice to keep was seen');
      await checkFits(page, 'Morpyam on a phone');
    },
  },
  {
    name: 'Morphos on a phone: the banner and both players with the board; coordinates clear of the edges; a tap leaves no text',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ ...PHONE, label: 'phone' });
      // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
      await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
      let state = await morphosGame(page, server.url, 9);
      await checkInView(page, ['.status', '.morphos-svg', '.players tr[data-seat="1"] .stone-icon', '.players tr[data-seat="2"] .stone-icon'],
        'Morphos 9x9: the banner, the board and both players');
      assertEqual(await page.$$eval('.players .stone-icon circle', (c) => c.map((x) => x.getAttribute('class'))), ['stone black', 'stone white'], 'each player with their colour');
      await labelsClear(page, '9x9');
      await t.shot(page, 'morphos-9-phone');
      for (const size of [13, 19]) {
        state = await morphosGame(page, server.url, size);
        const point = size === 13 ? 'd4' : 'e5'; // not central: no swap
        // points this close: the first tap zooms on them, the second plays
        await page.tap(`.pt.can[data-point="${point}"]`);
        await page.waitForSelector('.morphos-svg.zoomed');
        await page.tap(`.pt.can[data-point="${point}"]`);
        state = await waitVersion(page, Number(state.version));
        assertEqual(await page.textContent('.preview'), '', `${size}x${size}: a tap leaves no preview text`);
        assertEqual(await page.$$eval('.moves-list li', (li) => li[0].textContent), `Black places a stone on ${point}`, 'the move tapped is the one played');
        await labelsClear(page, `${size}x${size}`);
        if (size === 19) await t.shot(page, 'morphos-19-phone');
      }
      // the 4x4 puzzle
      await page.goto(`${server.url}/puzzles/1`);
      await page.waitForSelector('.puzzle-board .morphos-svg');
      await labelsClear(page, 'the 4x4 puzzle');
    },
  },
];
