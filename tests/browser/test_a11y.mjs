// Accessibility: axe-core finds no serious or critical violation on any
// screen, at 375x740 and 1280x800, in the light and the dark theme; the
// dark theme follows the system and its switch is remembered; sounds are
// made for a move and for your turn, and their switch is remembered.
import { waitTurn, waitVersion, assert, assertEqual, checkA11y, openMoreOptions } from './lib.mjs';

const SIZES = [[375, 740, 'phone'], [1280, 800, 'desktop']];

// Every screen of the site, each checked by axe-core; returns the game ids made.
async function everyScreen(t, server, page, name) {
  // each screen checked, and its screenshot kept (screen-WHAT-SIZE.png)
  const check = async (what) => {
    await checkA11y(page, `${what} (${name})`);
    await t.shot(page, `screen-${what.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}-${name}`);
  };
  await page.goto(`${server.url}/`);
  await page.waitForSelector('#list-finished h2');
  await check('home');
  await openMoreOptions(page);
  await check('home, More options');
  // a Morpyam game against the AI, after a roll
  await page.goto(`${server.url}/`);
  await page.click('#play-ai-morpyam');
  await page.waitForURL(/\/game\//);
  await page.check('#quick-dice');
  let state = await waitTurn(page);
  if (await page.$('#roll')) {
    await page.click('#roll');
    state = await waitVersion(page, Number(state.version));
  }
  await check('a Morpyam game');
  await page.click('#resign');
  await check('the resign dialog');
  await page.click('dialog.confirm button[value="yes"]');
  await page.waitForSelector('#game[data-status="finished"]');
  await check('a Morpyam game over');
  const yam = state.id;
  // a Morphos game, and its analysis once over
  await page.goto(`${server.url}/?game=morphos`);
  await openMoreOptions(page);
  await page.fill('input[name=opt-size]', '4');
  await page.click('#start');
  await page.waitForURL(/\/game\//);
  state = await waitTurn(page);
  await page.click('.pt.can[data-point="a1"]');
  state = await waitVersion(page, Number(state.version));
  state = await waitTurn(page);
  await check('a Morphos game');
  await page.click('#rules');
  await check('the rules dialog');
  await page.keyboard.press('Escape');
  await page.click('#resign');
  await page.click('dialog.confirm button[value="yes"]');
  await page.waitForSelector('#game[data-status="finished"]');
  await page.goto(`${server.url}/replay/${state.id}?analyse`);
  await page.waitForSelector('.eval-graph', { timeout: 60000 });
  await check('a replay with its analysis');
  await page.goto(`${server.url}/replay/${yam}`);
  await page.waitForSelector('.replay-extra');
  await check('a Morpyam replay');
  for (const [path, sel] of [['/replay', '#record-file'], ['/rules/morpyam', '#rules-text p'], ['/rules/morphos', '#rules-text p'],
    ['/puzzles/1', '.puzzle-board .morphos-svg'], ['/signin', '#account-submit'], ['/signup', '#account-submit'],
    ['/lobby', '#open-challenges'], ['/leaderboard/morphos', '#leaderboard'], ['/offline', '#local-form'], ['/nowhere', 'main h1'], ['/join/aaaaaaaaaaaaaaaaaaaaaaaaaa', '.error-card h1']]) {
    // an unusable invitation is refused (404), as it should be
    await t.allowing(/status of 404/, async () => {
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector(sel);
    });
    await check(path);
  }
}

export const tests = [
  {
    name: 'axe-core on every screen at both sizes, light and dark: no serious or critical violation',
    timeout: 300000,
    async run(t) {
      const server = await t.server(['--analysis-ms', '10']);
      for (const [width, height, name] of SIZES) {
        const page = await t.page({ width, height, label: name });
        await everyScreen(t, server, page, name);
      }
      // the dark theme: the system's choice, checked too
      const dark = await t.page({ label: 'dark' });
      await dark.emulateMedia({ colorScheme: 'dark' });
      await dark.goto(`${server.url}/`);
      await dark.waitForSelector('#theme-switch');
      assertEqual(await dark.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the system\'s dark theme followed');
      await t.shot(dark, 'home-dark');
      await everyScreen(t, server, dark, 'dark');
      await t.shot(dark, 'lobby-dark');
    },
  },
  {
    name: 'the theme and sound switches are remembered; a move and your turn make sounds',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'player' });
      await page.goto(`${server.url}/`);
      await page.waitForSelector('#theme-switch');
      assertEqual(await page.evaluate(() => document.documentElement.dataset.theme), 'light', 'light by the system');
      await page.click('#theme-switch');
      assertEqual(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'dark by the switch');
      assertEqual(await page.getAttribute('#theme-switch', 'aria-pressed'), 'true', 'the switch says so');
      // a Morphos game against the AI: a stone placed clicks, the AI's reply brings your turn's sound
      await page.goto(`${server.url}/?game=morphos`);
      assertEqual(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the theme kept on the next page');
      await openMoreOptions(page);
      await page.fill('input[name=opt-size]', '5');
      await page.click('#start');
      await page.waitForURL(/\/game\//);
      let state = await waitTurn(page);
      await page.click('.pt.can[data-point="a1"]');
      state = await waitVersion(page, Number(state.version));
      await waitTurn(page);
      await page.waitForFunction(() => document.documentElement.dataset.lastSound === 'turn');
      assert(Number(await page.evaluate(() => document.documentElement.dataset.sounds)) >= 3, 'a sound for each stone and one for the turn');
      // sounds off: remembered, and silent
      await page.click('#sound-switch');
      assertEqual(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false', 'sounds switched off');
      await page.reload();
      await page.waitForSelector('#sound-switch');
      assertEqual(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false', 'and still off after a reload');
      state = await waitTurn(page);
      const before = await page.evaluate(() => document.documentElement.dataset.sounds || '0');
      await page.click('.pt.can[data-point="e5"]');
      await waitVersion(page, Number(state.version));
      await waitTurn(page);
      assertEqual(await page.evaluate(() => document.documentElement.dataset.sounds || '0'), before, 'no sound while off');
    },
  },
];
