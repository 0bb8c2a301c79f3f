// Never silent: every click, tap or key that cannot act says why in one line
// under the board (role="status"), kept in the window: an unlit square or a
// stone that is not weak gets the library's reason (the same as the API's
// GET .../why), a key during the AI's turn says the AI is thinking. The
// swap is announced before Black's first stone, and after it the banner says
// "You are White now". At 375x740 and 1280x800.
import { waitTurn, waitVersion, assert, assertEqual, openMoreOptions } from './lib.mjs';

// The line of the status element once it says something.
async function whyLine(page) {
  // read when it appears (a line on whose turn it is goes when the turn comes)
  const line = await page.waitForFunction(() => {
    const el = document.getElementById('why');
    return el.getAttribute('role') === 'status' && el.textContent ? el.textContent : null;
  });
  return line.jsonValue();
}

// What the status element says after act (emptied first, so the line read
// is act's own).
async function said(page, act) {
  await page.evaluate(() => { document.getElementById('why').textContent = ''; });
  await act();
  return whyLine(page);
}

// The library's reason for text in game id, as the page words it.
async function reason(server, id, text) {
  const answer = (await server.api('GET', `/api/games/${id}/why?action=${encodeURIComponent(text)}`)).data;
  assertEqual(answer.legal, false, `${text} is not legal now`);
  return /^[a-z][0-9]/.test(answer.why) ? `${answer.why}.` : `${answer.why.charAt(0).toUpperCase()}${answer.why.slice(1)}.`;
}

// The status line is just under the board, or, where that is below the
// window, kept at the window's foot over the board's; inside the screen's
// width.
async function underBoard(page, board) {
  const [b, w, width, height] = await page.evaluate((sel) => [document.querySelector(sel).getBoundingClientRect().toJSON(),
    document.getElementById('why').getBoundingClientRect().toJSON(), document.documentElement.clientWidth, window.innerHeight], board);
  const under = w.top >= b.bottom - 1 && w.top - b.bottom < 80;
  const kept = b.bottom + w.height > height && w.bottom <= height + 1 && w.top > b.top;
  assert(under || kept, `the line is just under the board or in the window over its foot (${Math.round(b.bottom)}, ${Math.round(w.top)})`);
  assert(w.left >= 0 && w.right <= width + 1, 'the line fits the width');
}

async function newGame(page, url, game, setup) {
  await page.goto(`${url}/?game=${game}`);
  await openMoreOptions(page);
  await setup();
  await page.click('#start');
  await page.waitForURL(/\/game\/[a-z2-7]+$/);
  return waitTurn(page);
}

export const tests = [
  {
    name: 'Morphos at both sizes: the swap announced, a stone that is not weak refused with the reason, "You are White now"',
    async run(t) {
      const server = await t.server();
      for (const [width, height, name] of [[375, 740, 'phone'], [1280, 800, 'desktop']]) {
        const page = await t.page({ width, height, label: name });
        let state = await newGame(page, server.url, 'morphos', () => page.fill('input[name=opt-size]', '5'));
        // before Black's first stone: White may take it over, and the AI does so with a central one
        const note = await page.textContent('.swap-note');
        assert(/White may take it over/.test(note) && /Casual AI swaps a first stone placed in the middle of the board, from b2 to d4/.test(note), `the swap announced: ${note}`);
        await page.click('.pt.can[data-point="c3"]');
        state = await waitVersion(page, Number(state.version));
        state = await waitTurn(page);
        assert(/White swaps/.test(await page.textContent('.moves-list')), 'the AI (greedy) took the central stone over');
        assertEqual(await page.textContent('.status .note'), 'You are White now', 'the banner says so');
        if (name === 'phone') await t.shot(page, 'morphos-swapped-phone');
        // a stone that is not weak: the library's reason, under the board
        assertEqual(await said(page, () => page.click('.pt[data-point="c3"]')), await reason(server, state.id, 'xc3'), 'the reason for the stone');
        await underBoard(page, '.morphos-svg');
        if (name === 'phone') await t.shot(page, 'morphos-refused-phone');
        else await t.shot(page, 'morphos-refused');
        // the line goes once the game moves on
        await page.click('.pt.can[data-point="b2"]');
        await waitVersion(page, Number(state.version));
        assertEqual(await page.textContent('#why'), '', 'the line is gone after the move');
        assert(!(await page.$('.status .note')), 'and so is "You are White now"');
      }
    },
  },
  {
    name: 'a key or a click during the AI\'s turn says the AI is thinking',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'player' });
      // the strongest AI thinks three seconds: time enough to press a key
      let state = await newGame(page, server.url, 'morphos', async () => {
        await page.fill('input[name=opt-size]', '5');
        await page.selectOption('#ai-level', 'mcts');
        await page.fill('.ai-choice .ms', '3000');
      });
      await page.click('.pt.can[data-point="a1"]');
      await page.waitForSelector('#game[data-thinking="yes"]');
      assertEqual(await said(page, () => page.keyboard.press('s')), 'The AI is thinking: wait for its move.', 'S during the AI\'s turn');
      assertEqual(await said(page, () => page.click('.pt[data-point="e5"]')), 'The AI is thinking: wait for its move.', 'a click during the AI\'s turn');
      state = await waitTurn(page, 60000);
      assert(state.act === 'yes', 'then it is the player\'s turn again');
    },
  },
  {
    name: 'Morpyam: an unlit square, a die and a key that cannot act say the rules\' reason',
    async run(t) {
      const server = await t.server();
      for (const [width, height, name] of [[375, 740, 'phone'], [1280, 800, 'desktop']]) {
        const page = await t.page({ width, height, label: name });
        await page.goto(`${server.url}/`);
        await page.click('#play-ai-morpyam');
        await page.waitForURL(/\/game\//);
        await page.check('#quick-dice');
        let state = await waitTurn(page);
        if (!(await page.$('#roll'))) continue; // the AI's placing may have left a turn mid-way: not in a fresh game
        // before the first roll: a square, a die, P
        assertEqual(await said(page, () => page.click('.sq[data-square="c3"]')), await reason(server, state.id, 'place c3'), 'a square before the roll');
        await underBoard(page, '.grid-svg');
        assertEqual(await said(page, () => page.click('.dice .die >> nth=0', { force: true })), await reason(server, state.id, 'keep 1'), 'a die before the roll');
        assertEqual(await said(page, () => page.keyboard.press('p')), await reason(server, state.id, 'pass'), 'P before the roll');
        await page.click('#roll');
        state = await waitVersion(page, Number(state.version));
        if (state.act !== 'yes' || !(await page.$('#reroll'))) continue;
        // after it: an unlit square says what it needs
        const unlit = await page.$eval('.sq:not(.can):not(.covered)', (sq) => sq.dataset.square);
        assertEqual(await said(page, () => page.click(`.sq[data-square="${unlit}"]`)), await reason(server, state.id, `place ${unlit}`), `the unlit ${unlit}`);
        if (name === 'phone') await t.shot(page, 'morpyam-refused-phone');
        else await t.shot(page, 'morpyam-refused');
        // every die kept: Reroll says why instead of doing nothing
        for (let i = 0; i < 5; i++) if (await page.$(`.dice .die[data-index="${i}"][aria-pressed="false"]`)) await page.click(`.dice .die[data-index="${i}"]`);
        assertEqual(await page.getAttribute('#reroll', 'aria-disabled'), 'true', 'nothing to reroll');
        const dice = await page.$$eval('.dice .die', (d) => d.map((x) => x.dataset.value).join(' '));
        assertEqual(await said(page, () => page.click('#reroll', { force: true })), await reason(server, state.id, `keep ${dice}`), 'Reroll with every die kept');
      }
    },
  },
];
