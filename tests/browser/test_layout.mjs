// The page on a 375 px phone and a 1280 px desktop: no horizontal scrolling,
// every control inside the width; and play with the keyboard only.
import { waitTurn, waitVersion, gameState, moveTexts, assert, assertEqual } from './lib.mjs';

// Fails when the page scrolls sideways or a visible control sticks out.
export async function checkFits(page, what) {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll('button, a, input, select, [tabindex="0"], .sq, .pt')) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (el.closest('details:not([open])') || el.closest('[hidden]')) continue;
      if (r.left < -1 || r.right > width + 1) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.getAttribute('class')} at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return { width, scroll: document.documentElement.scrollWidth, out };
  });
  assert(report.scroll <= report.width, `${what}: scrolls sideways (${report.scroll} > ${report.width})`);
  assertEqual(report.out, [], `${what}: controls outside the ${report.width} px width`);
}

export const tests = [
  {
    name: 'every screen at 375x667 and 1280x800: no sideways scrolling, every control within reach',
    async run(t) {
      const server = await t.server();
      const made = await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 19, mutators: ['duomorph'] }, seats: [{ kind: 'human' }, { kind: 'human' }] } });
      for (const [width, height, name] of [[375, 667, 'phone'], [1280, 800, 'desktop']]) {
        const page = await t.page({ width, height, label: name });
        await page.goto(`${server.url}/`);
        await page.waitForSelector('#list-playing .games li');
        await checkFits(page, `home (${name})`);
        await page.check('input[name=mode][value=custom]');
        await page.selectOption('select[name="seat-2"]', 'ai:expert');
        await checkFits(page, `home, custom seats (${name})`);
        if (name === 'phone') await t.shot(page, 'home-phone');
        else await t.shot(page, 'home');
        await page.click('#start');
        await page.waitForURL(/\/game\//);
        await page.check('#quick-dice');
        const state = await waitTurn(page);
        if (await page.$('#roll')) {
          await page.click('#roll');
          await waitVersion(page, Number(state.version));
        }
        await checkFits(page, `Morpyam game (${name})`);
        if (name === 'phone') await t.shot(page, 'morpyam-phone');
        await page.goto(`${server.url}/game/${made.data.id}`);
        await page.waitForSelector('#game .morphos-svg');
        await checkFits(page, `Morphos 19x19 (${name})`);
        if (name === 'phone') await t.shot(page, 'morphos-phone');
        await page.goto(`${server.url}/rules/morphos`);
        await page.waitForSelector('#rules-text p');
        await checkFits(page, `rules (${name})`);
        if (name === 'phone') await t.shot(page, 'rules-phone');
        await page.goto(`${server.url}/replay`);
        await checkFits(page, `replay (${name})`);
      }
    },
  },
  {
    name: 'keyboard only: Morpyam dice and squares, Morphos board',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'keyboard' });
      await page.goto(`${server.url}/`);
      await page.waitForSelector('#start');
      await page.focus('#start');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/game\//);
      await page.waitForSelector('#quick-dice');
      await page.focus('#quick-dice');
      await page.keyboard.press('Space');
      let placed = 0;
      let kept = false;
      for (let i = 0; i < 80 && !(placed >= 1 && kept); i++) {
        const state = await waitTurn(page);
        assert(state.status !== 'finished', 'the game goes on');
        const before = Number(state.version);
        if (await page.$('#roll')) {
          await page.keyboard.press('r');
        } else if ((kept || !(await page.$('#reroll'))) && (await page.$('.sq.can'))) {
          // Tab to the first lit square, Enter covers it
          for (let k = 0; k < 60; k++) {
            await page.keyboard.press('Tab');
            if (await page.evaluate(() => document.activeElement.classList.contains('can'))) break;
          }
          const square = await page.evaluate(() => document.activeElement.dataset.square);
          assert(square, 'a lit square takes the focus');
          await page.keyboard.press('Enter');
          placed++;
          await waitVersion(page, before);
          assert((await moveTexts(page)).some((x) => x.includes(`covers`) && x.includes(square)), `the token went on ${square}`);
          continue;
        } else if (await page.$('#reroll')) {
          await page.keyboard.press('1');
          await page.keyboard.press('2');
          const pressed = await page.$$eval('.dice .die[aria-pressed="true"]', (d) => d.map((x) => x.dataset.index));
          assertEqual(pressed, ['0', '1'], 'keys 1 and 2 keep the first two dice');
          kept = true;
          await page.keyboard.press('r');
        } else {
          await page.keyboard.press('p');
        }
        await waitVersion(page, before);
      }
      assert(placed >= 1 && kept, `tokens placed and dice kept with the keyboard (${placed}, ${kept})`);
      // Morphos: Tab to the board, arrows, Enter
      await page.goto(`${server.url}/`);
      await page.check('input[name=game][value=morphos]');
      await page.fill('input[name=opt-size]', '5');
      await page.focus('#start');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/game\//);
      let state = await waitTurn(page);
      for (let k = 0; k < 30; k++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement.classList.contains('morphos-svg'))) break;
      }
      assert(await page.evaluate(() => document.activeElement.classList.contains('morphos-svg')), 'the board takes the focus');
      assert(await page.isVisible('.morphos-svg .cursor'), 'the keyboard cursor is visible');
      // from a1 (the cursor starts there on an empty board) to c3
      for (const key of ['ArrowUp', 'ArrowUp', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
      const target = await page.textContent('.preview');
      await page.keyboard.press('Enter');
      state = await waitVersion(page, Number(state.version));
      const first = (await moveTexts(page))[0];
      assertEqual(first, target, 'Enter played what the cursor said');
      assertEqual(first, 'Black places a stone on c3', 'two up and two right of a1');
      assertEqual(await page.evaluate(() => document.activeElement.classList.contains('morphos-svg')), true, 'the board keeps the focus');
      state = await waitTurn(page);
      assertEqual(state.act, 'yes', 'Black to move again after the AI');
      // H asks for a hint: the move with its win rate, in words
      await page.keyboard.press('h');
      await page.waitForSelector('.hint-box:not([hidden]) .hint-words', { timeout: 30000 });
      const hint = await page.textContent('.hint-box .hint-words');
      assert(/^Hint: x?[a-e][1-5](,x?[a-e][1-5])* — (Black|White) (wins|loses)/.test(hint), `the Morphos hint in words: ${hint}`);
      const point = /^Hint: x?([a-e][1-5])/.exec(hint)[1];
      assert(await page.$(`.pt.hinted[data-point="${point}"]`), `the point of the hint (${point}) is marked`);
    },
  },
];
