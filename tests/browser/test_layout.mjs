// The page on a 375 px phone and a 1280 px desktop: the home page's first
// screen, no horizontal scrolling, every control inside the width; and play
// with the keyboard only.
import { waitTurn, waitVersion, gameState, moveTexts, assert, assertEqual, openMoreOptions } from './lib.mjs';

// Fails when the page scrolls sideways or anything visible sticks out of
// the width (text included: an unbroken string widens a page), except
// inside a box that scrolls or clips by itself.
export async function checkFits(page, what) {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (r.left >= -1 && r.right <= width + 1) continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (clipped || el.closest('.sr-only')) continue;
      out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.getAttribute('class')} at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return { width, scroll: document.documentElement.scrollWidth, out };
  });
  assert(report.scroll <= report.width, `${what}: scrolls sideways (${report.scroll} > ${report.width})`);
  assertEqual(report.out.slice(0, 8), [], `${what}: outside the ${report.width} px width`);
}

// Fails unless every element of selectors is wholly inside the viewport as
// the page opens (no scrolling).
export async function checkInView(page, selectors, what) {
  const out = await page.evaluate((list) => list.flatMap((sel) => {
    const el = document.querySelector(sel);
    if (!el) return [`${sel}: missing`];
    const r = el.getBoundingClientRect();
    const inside = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    return inside ? [] : [`${sel} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)} (${innerWidth}x${innerHeight})`];
  }), selectors);
  assertEqual(out, [], `${what}: outside the first screen`);
}

const SIZES = [[375, 740, 'phone'], [1280, 800, 'desktop']];

export const tests = [
  {
    name: 'the home page at 375x740 and 1280x800: one click to play, More options, the lists, nothing sideways',
    async run(t) {
      const server = await t.server();
      await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 5 }, seats: [{ kind: 'human' }, { kind: 'human' }] } });
      for (const [width, height, name] of SIZES) {
        const page = await t.page({ width, height, label: name });
        await page.goto(`${server.url}/`);
        await page.waitForSelector('#list-waiting .games li.game-item');
        const quick = ['#play-ai-morpyam', '#play-friend-morpyam', '#play-ai-morphos', '#play-friend-morphos', '#more-options summary'];
        await checkInView(page, [...quick, '#list-waiting h2', '#list-waiting .game-item'], `home (${name})`);
        if (name === 'desktop') await checkInView(page, ['#list-playing h2', '#list-finished h2'], 'home (desktop)');
        await checkFits(page, `home (${name})`);
        await t.shot(page, name === 'phone' ? 'home-phone' : 'home');
        // every other choice under More options, each field where it applies
        await openMoreOptions(page);
        await page.check('input[name=game][value=morphos]');
        await checkFits(page, `More options, Morphos (${name})`);
        assert(await page.isVisible('#ai-level'), 'against the AI: its level');
        assert(await page.isVisible('#clock'), 'against the AI: a clock (yours alone)');
        assert(!(await page.isVisible('#takebacks')), 'against the AI: no takebacks (Undo is there)');
        assertEqual(await page.$$eval('select[name^="seat-"]', (x) => x.length), 0, 'against the AI: no seat fields');
        await page.check('input[name=mode][value=friend]');
        assert(await page.isVisible('#clock'), 'between people: a clock');
        assert(await page.isChecked('#takebacks'), 'between people: takebacks, on by default');
        assert(!(await page.$('#ai-level')), 'between people: no AI level');
        await page.check('input[name=mode][value=custom]');
        assertEqual(await page.$$eval('select[name^="seat-"]', (x) => x.length), 2, 'custom seats: a field per seat');
        assert(await page.isVisible('#clock'), 'custom seats, all people: a clock');
        await page.selectOption('select[name="seat-2"]', 'ai:mcts');
        assert(await page.isVisible('#clock') && !(await page.isVisible('#takebacks')), 'an AI seat: a clock, no takebacks');
        assert(await page.isVisible('.seat[data-seat="2"] .ms'), 'mcts: its thinking time');
        await checkFits(page, `More options, custom seats (${name})`);
        assertEqual(await page.$$eval('fieldset.choices .choice strong', (x) => x.map((e) => e.textContent)),
          ['Minimorph', 'Deepmorph', 'Duomorph', 'Remorph', 'Metamorph'], 'each mutator by its name');
        assertEqual(await page.$$eval('fieldset.choices .choice .help', (x) => x.filter((e) => /\w+ \w+ \w+/.test(e.textContent)).length), 5, 'each with its sentence');
        await page.check('input[name=game][value=morpyam]');
        await checkFits(page, `More options, Morpyam (${name})`);
        // words, not codes: the levels by strength (the engine and its rating behind Details), the variants, the rule options
        await page.check('input[name=mode][value=ai]');
        assertEqual(await page.$$eval('#ai-level option', (x) => x.map((e) => e.textContent)), ['Beginner', 'Casual', 'Strong', 'Strongest'], 'the AI levels by strength');
        assertEqual(await page.$eval('#ai-level', (x) => x.value), 'greedy', 'the gentle level first');
        await page.selectOption('#ai-level', 'master');
        assert(!/Elo|Engine/.test(await page.textContent('.ai-choice .level-help')), 'the help says what the level does, in words');
        assert(/Engine master; rating \+42 Elo/.test(await page.textContent('.ai-choice .level-details')), 'the engine and its rating behind Details');
        await page.selectOption('#ai-level', 'greedy');
        const greedy = await page.textContent('.ai-choice .level-help');
        assert(/dice/.test(greedy) && !/Morphos|connection/.test(greedy), `greedy in Morpyam's own words: ${greedy}`);
        assertEqual(await page.$$eval('select[name=opt-variant] option', (x) => x.map((e) => e.textContent)), ['Standard', 'Flash', 'Plus'], 'the variants by name');
        await page.selectOption('select[name=opt-variant]', 'flash');
        assert(/simpler grid/.test(await page.textContent('.choice-help')), 'the variant chosen explained');
        assertEqual(await page.$$eval('fieldset.choices .choice strong', (x) => x.map((e) => e.textContent)), ['Strict call', 'Replay KO (Daversa)'], 'the rule options by name');
        await t.shot(page, name === 'phone' ? 'home-options-phone' : 'home-options');
        // one click: a friend's game and its link to send
        await page.goto(`${server.url}/`);
        await page.click('#play-friend-morphos');
        await page.waitForURL(/\/game\//);
        await page.waitForSelector('.invite input.invite-link');
        assert(/\/join\/[a-z2-7]+$/.test(await page.inputValue('.invite input.invite-link')), 'the link to send');
        await checkFits(page, `a friend's game (${name})`);
      }
    },
  },
  {
    name: 'every screen at 375x667 and 1280x800: no sideways scrolling, every control within reach',
    async run(t) {
      const server = await t.server();
      const made = await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 19, mutators: ['duomorph'] }, seats: [{ kind: 'human' }, { kind: 'human' }] } });
      for (const [width, height, name] of [[375, 667, 'phone'], [1280, 800, 'desktop']]) {
        const page = await t.page({ width, height, label: name });
        await page.goto(`${server.url}/`);
        await page.click('#play-ai-morpyam');
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
      await page.waitForSelector('#play-ai-morpyam');
      await page.focus('#play-ai-morpyam');
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
      await openMoreOptions(page);
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
