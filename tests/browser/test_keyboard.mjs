// A whole game of each game played with the keyboard alone, against the
// AI: Morphos 4x4 (Tab to the board, the arrow keys, Enter) and Morpyam
// (R, 1-5, P, Tab to a lit square and Enter); every move announced in the
// live region under the board (aria-live) as the move list says it. The
// focus starts on the board when a game starts; "Skip to the board" is the
// second link of a game's page; the keys legend shows only where there is
// a keyboard (not on a touch-only phone until a key is pressed).
import fs from 'node:fs';
import path from 'node:path';
import { waitTurn, waitVersion, gameState, moveTexts, assert, assertEqual, openMoreOptions, OUT } from './lib.mjs';

// Presses Tab until test(activeElement) holds; false after limit presses.
async function tabTo(page, test, limit = 80) {
  for (let k = 0; k < limit; k++) {
    if (await page.evaluate(test)) return true;
    await page.keyboard.press('Tab');
  }
  return page.evaluate(test);
}

// The live region says the last move of the list once the page is idle
// (an AI's answer may arrive between the two reads: both are read again
// until they agree, for a few seconds at most).
async function announced(page) {
  assertEqual(await page.getAttribute('.narration', 'aria-live'), 'polite', 'the narration is a live region');
  let live = '', last;
  for (let tries = 0; tries < 50; tries++) {
    live = await page.$eval('.narration', (n) => n.textContent);
    last = (await moveTexts(page)).pop();
    if (live === last) break;
    await page.waitForTimeout(100);
  }
  assertEqual(live, last, 'the last move announced');
}

export const tests = [
  {
    name: 'a skip link to the board; the keys legend only where there is a keyboard',
    async run(t) {
      const server = await t.server();
      // a desktop: the legend shows; from the top of the page, Tab, Tab, Enter reach the board
      const page = await t.page({ label: 'desktop' });
      await page.goto(`${server.url}/?game=morphos`);
      await openMoreOptions(page);
      await page.fill('input[name=opt-size]', '5');
      await page.click('#start');
      await page.waitForURL(/\/game\//);
      await waitTurn(page);
      assert(await page.isVisible('.keys'), 'the keys legend on a desktop');
      assert(/^Keys: /.test(await page.textContent('.keys')), 'it says the keys');
      // the page's first link, "Skip to the content", then Tab: "Skip to the board"
      await page.focus('body > a.skip');
      assertEqual(await page.evaluate(() => document.activeElement.textContent), 'Skip to the content', 'first the page\'s skip link');
      await page.keyboard.press('Tab');
      assertEqual(await page.evaluate(() => document.activeElement.id), 'skip-board', 'then "Skip to the board"');
      assertEqual(await page.evaluate(() => document.activeElement.textContent), 'Skip to the board', 'said so');
      await t.shot(page, 'skip-to-board');
      await t.screen(page, 'friction-skip-link-desktop');
      await page.keyboard.press('Enter');
      assert(await page.evaluate(() => document.activeElement.classList.contains('morphos-svg')), 'Enter on it focuses the board');
      // a touch-only phone: no legend until a key is pressed
      const phone = await t.page({ label: 'phone', width: 375, height: 740, touch: true });
      await phone.goto(`${server.url}/?game=morphos`);
      await phone.tap('#play-ai-morphos'); // a finger: no mouse left hovering over the board
      await phone.waitForURL(/\/game\//);
      await waitTurn(phone);
      assert(/^Keys: /.test(await phone.textContent('.keys')), 'the legend is written');
      assert(!(await phone.isVisible('.keys')), 'but not shown on a touch screen');
      // the first screen only: a full-page shot of a phone drops its touch emulation (and the legend shows)
      fs.mkdirSync(OUT, { recursive: true });
      await phone.screenshot({ path: path.join(OUT, 'keys-hidden-phone.png') });
      await t.screen(phone, 'friction-skip-link-phone');
      await phone.keyboard.press('Shift');
      assert(await phone.isVisible('.keys'), 'shown once a key is pressed: there is a keyboard');
    },
  },
  {
    name: 'a whole Morphos game with the keyboard alone',
    timeout: 240000,
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'keyboard' });
      await page.goto(`${server.url}/?game=morphos`);
      await openMoreOptions(page);
      await page.focus('input[name=opt-size]');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('4');
      assert(await tabTo(page, () => document.activeElement.id === 'start'), 'Tab reaches Start');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/game\//);
      let state = await waitTurn(page);
      // the game started: the board has the focus, no Tab needed
      assert(await page.evaluate(() => document.activeElement.classList.contains('morphos-svg')), 'the board has the focus when the game starts');
      for (let turn = 0; turn < 40 && state.status !== 'finished'; turn++) {
        if (state.act !== 'yes') {
          state = await waitTurn(page);
          continue;
        }
        const target = await page.$eval('.pt.can', (p) => p.dataset.point).catch(() => null);
        if (!target) {
          assert(await tabTo(page, () => document.activeElement.id === 'pass'), 'Tab reaches Pass');
          await page.keyboard.press('Enter');
        } else {
          // the cursor from where it is to the target, by the arrow keys
          if (!(await page.evaluate(() => document.activeElement.classList.contains('morphos-svg'))))
            assert(await tabTo(page, () => document.activeElement.classList.contains('morphos-svg')), 'back to the board');
          await page.keyboard.press('ArrowUp');
          await page.keyboard.press('ArrowDown'); // the cursor shows (it starts on the last move)
          const at = /cursor on ([a-z])(\d+)/.exec(await page.getAttribute('.morphos-svg', 'aria-label'));
          const dx = target.charCodeAt(0) - at[1].charCodeAt(0);
          const dy = Number(target.slice(1)) - Number(at[2]);
          for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
          for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowUp' : 'ArrowDown');
          assert(new RegExp(`cursor on ${target}$`).test(await page.getAttribute('.morphos-svg', 'aria-label')), `the cursor on ${target}`);
          await page.keyboard.press('Enter');
        }
        state = await waitVersion(page, Number(state.version));
        await announced(page);
        state = await waitTurn(page);
      }
      assertEqual(state.status, 'finished', 'the game played to its end');
      assert((await page.textContent('.result')).length > 10, 'the result in words');
    },
  },
  {
    name: 'a whole Morpyam game with the keyboard alone',
    timeout: 420000,
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'keyboard' });
      await page.goto(`${server.url}/`);
      assert(await tabTo(page, () => document.activeElement.id === 'play-ai-morpyam'), 'Tab reaches Play the AI');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/game\//);
      await page.waitForSelector('#game');
      // the game started: the focus is where the keyboard acts (Roll, a lit square, else the grid)
      assert(await page.evaluate(() => document.activeElement.id === 'roll' || Boolean(document.activeElement.closest('.grid-svg')) ||
        document.activeElement.classList.contains('grid-svg')), 'the focus on the grid\'s controls when the game starts');
      assert(await tabTo(page, () => document.activeElement.id === 'quick-dice'), 'Tab reaches Quick dice');
      await page.keyboard.press('Space');
      let state = await waitTurn(page);
      let decisions = 0;
      for (; decisions < 600 && state.status !== 'finished'; decisions++) {
        const before = Number(state.version);
        if (await page.$('#roll')) {
          await page.keyboard.press('r');
        } else if (await page.$('.sq.can')) {
          // a lit square: Tab to it, Enter covers it
          assert(await tabTo(page, () => document.activeElement.classList.contains('can')), 'Tab reaches a lit square');
          await page.keyboard.press('Enter');
        } else if (await page.$('#reroll')) {
          // keep the commonest value with the number keys, reroll the rest
          const dice = await page.$$eval('.dice .die', (d) => d.map((x) => Number(x.dataset.value)));
          const counts = {};
          for (const v of dice) counts[v] = (counts[v] || 0) + 1;
          const best = Number(Object.keys(counts).sort((a, b) => counts[b] - counts[a] || b - a)[0]);
          let kept = 0;
          for (let i = 0; i < 5; i++) {
            if (dice[i] === best && kept < 4) {
              await page.keyboard.press(String(i + 1));
              kept++;
            }
          }
          await page.keyboard.press('r');
        } else {
          await page.keyboard.press('p');
        }
        state = await waitVersion(page, before, 60000);
        await announced(page);
        state = await waitTurn(page, 60000);
      }
      assertEqual((await gameState(page)).status, 'finished', `the game played to its end (${decisions} decisions)`);
      assert((await page.textContent('.result')).length > 10, 'the result in words');
    },
  },
];
