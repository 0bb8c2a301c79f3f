// The Puzzles page: a puzzle of the suite answered wrong (the refutation
// drawn and told in the library's words, then tried again) and right, the
// line played out to the win with the solver's replies; on a phone too.
import { assert, assertEqual } from './lib.mjs';

// Puzzle 0 of data/puzzles/morphos.txt: 4x4, Black to move, b3, c4 and xc2
// win, a4 and b4 lose.
const PUZZLE = 0;

// A winning answer after line among the points the page offers, found as a
// client could: by asking the server (stateless) about each.
async function winningAnswer(server, page, line) {
  const offered = await page.$$eval('.puzzle-board .pt.can', (els) => els.map((e) => ({
    point: e.dataset.point, action: (e.classList.contains('can-flip') ? 'x' : '') + e.dataset.point })));
  for (const a of offered) {
    const r = await server.api('POST', `/api/puzzles/${PUZZLE}/answer`, { body: { line, action: a.action } });
    if (r.data.verdict === 'right') return a;
  }
  throw new Error(`no winning answer after ${line.join(',')}`);
}

async function clickPoint(page, point) {
  await page.click(`.puzzle-board .pt[data-point="${point}"]`);
}

export const tests = [
  {
    name: 'A puzzle answered wrong (refutation) and right (played out to the win)',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'puzzles' });
      await page.goto(`${server.url}/puzzles/${PUZZLE}`);
      await page.waitForSelector('#puzzle-title');
      assertEqual(await page.textContent('#puzzle-title'), 'Black to play and win', 'who is to play and win');
      assert(/Puzzle 1 of 400 · Morphos 4×4/.test(await page.textContent('.puzzle-kicker')), 'which puzzle and board');
      assertEqual(await page.getAttribute('header nav a[href="/puzzles"]', 'aria-current'), 'page', 'Puzzles in the navigation');

      // Wrong: a4 loses; the refutation b3 is drawn and told.
      await clickPoint(page, 'a4');
      await page.waitForSelector('.verdict-wrong');
      assertEqual(await page.textContent('.verdict-wrong'), 'Not this one: a4 loses.', 'the verdict');
      assertEqual(await page.textContent('.refutation'), 'The refutation: White places a stone on b3', 'the refutation in the library’s words');
      assert((await page.$$('.puzzle-rest li')).length > 0, 'the rest of the lost line');
      assert(/White \(the solver\) wins/.test(await page.textContent('.puzzle-result')), 'how the lost line ends');
      assertEqual(await page.$$eval('.puzzle-board .pt.has-white.last', (p) => p.map((x) => x.dataset.point)), ['b3'], 'the refutation drawn as the last move');
      assertEqual(await page.$$eval('.puzzle-line li .line-action', (l) => l.map((x) => x.textContent)), ['a4', 'b3'], 'the moves');
      await t.shot(page, 'puzzle-wrong');

      // Try again from the puzzle's position; a typed illegal move is refused.
      await page.click('#puzzle-retry');
      assertEqual(await page.$$eval('.puzzle-line li', (l) => l.length), 0, 'back to the start');
      await page.fill('#puzzle-answer', 'b1');
      await t.allowing(/400/, async () => {
        await page.press('#puzzle-answer', 'Enter');
        await page.waitForSelector('.verdict-error');
      });
      assert(/b1 is taken/.test(await page.textContent('.verdict-error')), 'the rules’ reason for an illegal answer');

      // Right, to the end: each answer a winning one, each reply the solver's.
      const line = [];
      for (let step = 0; step < 10; step++) {
        const a = await winningAnswer(server, page, line);
        await clickPoint(page, a.point);
        await page.waitForFunction((n) => document.querySelectorAll('.puzzle-line li').length > n, line.length);
        await page.waitForSelector('.verdict-right');
        if (await page.$('.puzzle-result')) break;
        const moves = await page.$$eval('.puzzle-line li .line-action', (l) => l.map((x) => x.textContent));
        line.push(...moves.slice(line.length));
        assertEqual(moves.length % 2, 0, 'each right answer gets the solver’s reply');
        if (step === 0) await t.shot(page, 'puzzle-right');
      }
      assertEqual(await page.textContent('.verdict-right'), 'Solved!', 'the puzzle solved');
      assert(/Black \(you\) wins/.test(await page.textContent('.puzzle-result')), 'the win in the library’s words');
      assert(await page.$('.puzzle-board .in-chain'), 'the winning chain drawn');
      await t.shot(page, 'puzzle-solved');
      await page.click('#puzzle-next');
      await page.waitForFunction(() => location.pathname === '/puzzles/1' && document.querySelector('#puzzle-title'));
      assertEqual(await page.textContent('#puzzle-title'), 'White to play and win', 'the next puzzle');
    },
  },
  {
    name: 'The Puzzles page on a 375 px phone',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ width: 375, height: 740, label: 'puzzles-phone' });
      await page.goto(`${server.url}/puzzles`);
      await page.waitForSelector('#puzzle-title');
      assert(/^\/puzzles\/\d+$/.test(new URL(page.url()).pathname), 'a random puzzle gets its address');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 375, `nothing wider than the phone (${width} px)`);
      const box = await page.$eval('.puzzle-board svg', (el) => el.getBoundingClientRect().width);
      assert(box >= 300, `the board fills the phone's width (${box} px)`);
      await t.shot(page, 'puzzle-phone');
    },
  },
];
