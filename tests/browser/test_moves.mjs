// How a player's move is made in a Morphos game between two pages (issue
// 33): a premove queued while the other side is to move (a ghost stone; a
// click on it cancels it; played at once when the turn comes, or refused
// with the rules' reason when it is no longer legal), Confirm moves at
// 375x740 with a touch screen (on by default there: a tap chooses, a second
// tap or Confirm plays, a tap elsewhere moves the choice; the setting kept
// on the device), and a clock against the AI (the person's alone).
import { waitVersion, gameState, assert, assertEqual, checkA11y, openMoreOptions } from './lib.mjs';
import { startFriendGame, move } from './test_morphos.mjs';

const DESKTOP = { width: 1280, height: 800, touch: false };
const PHONE = { width: 375, height: 740, touch: true };

// Two guests in a casual 5x5 Morphos game: a (Black, first) made it, b joined.
async function friends(t, server, size) {
  const a = await t.page({ label: 'A', ...size });
  const b = await t.page({ label: 'B', ...size });
  const link = await startFriendGame(a, server.url, 5);
  await b.goto(link);
  await b.waitForURL(a.url());
  await b.waitForSelector('#game[data-busy="no"]');
  return { a, b };
}

async function history(page) {
  const id = (await gameState(page)).id;
  const res = await page.request.get(new URL(`/api/games/${id}`, page.url()).href);
  return (await res.json()).history.map((e) => e.action);
}

// The bottom of selector's box is inside the first screen of page.
async function inFirstScreen(page, selector, height) {
  const bottom = await page.$eval(selector, (el) => el.getBoundingClientRect().bottom);
  assert(bottom <= height, `${selector} is on the first screen (bottom at ${bottom})`);
}

export const tests = [
  {
    name: 'a premove between two pages: queued, cancelled, played, refused',
    timeout: 120000,
    async run(t) {
      const server = await t.server();
      const { a, b } = await friends(t, server, DESKTOP);
      // b (White) waits for a: a click queues a premove, a second one cancels it
      await b.click('.pt[data-point="b2"]');
      await b.waitForSelector('.pt.premoved[data-point="b2"] .ghost.premove');
      assert(/^Premove b2: played as soon as it is your turn/.test(await b.textContent('#why')), 'b is told of the premove');
      await b.click('.pt[data-point="b2"]');
      await b.waitForSelector('.pt.premoved', { state: 'detached' });
      assertEqual(await b.textContent('#why'), 'Premove b2 cancelled.', 'a click on it cancels it');
      // another one, played at once when a has moved
      await b.click('.pt[data-point="d4"]');
      await b.waitForSelector('.pt.premoved[data-point="d4"]');
      await checkA11y(b, 'a premove');
      await t.shot(b, 'moves-premove');
      await move(a, 'c3');
      await a.waitForSelector('#game[data-count="2"]');
      await b.waitForSelector('#game[data-count="2"][data-busy="no"]');
      assertEqual(await history(a), ['c3', 'd4'], 'b\'s premove was played on a\'s move');
      assert(!(await b.$('.pt.premoved')), 'and is gone');
      // one that the other's move makes illegal: refused with the reason
      await b.click('.pt[data-point="e5"]');
      await b.waitForSelector('.pt.premoved[data-point="e5"]');
      await move(a, 'e5');
      await b.waitForSelector('#game[data-count="3"][data-act="yes"]');
      await b.waitForFunction(() => /^Your premove e5 was not played: /.test(document.getElementById('why').textContent));
      const why = await b.textContent('#why');
      assert(/e5/.test(why.replace(/^Your premove e5 was not played: /, '')), `the rules' reason names the point: ${why}`);
      await t.shot(b, 'moves-premove-refused');
      assertEqual(await history(a), ['c3', 'd4', 'e5'], 'nothing played for b');
    },
  },
  {
    name: 'Confirm moves on a touch screen (375x740) between two pages',
    timeout: 120000,
    async run(t) {
      const server = await t.server();
      const { a, b } = await friends(t, server, PHONE);
      assert(await a.isChecked('#confirm-moves'), 'on by default on a touch screen, between people');
      // a tap chooses; a tap elsewhere moves the choice; Confirm plays
      await a.tap('.pt.can[data-point="b2"]');
      await a.waitForSelector('.pt.pending[data-point="b2"]');
      await a.tap('.pt.can[data-point="c3"]');
      await a.waitForSelector('.pt.pending[data-point="c3"]');
      assert(!(await a.$('.pt.pending[data-point="b2"]')), 'one point chosen at a time');
      assertEqual((await gameState(a)).count, '0', 'nothing played yet');
      assert(/c3\?$/.test(await a.textContent('.confirm-move .confirm-text')), 'the choice said in words');
      await inFirstScreen(a, '#confirm-move', PHONE.height);
      await checkA11y(a, 'a move to confirm');
      await a.mouse.move(0, 0); // the emulated touch screen's mouse hovers where a tap was, a phone's does not
      await t.shot(a, 'moves-confirm-phone');
      const version = Number((await gameState(a)).version);
      await a.tap('#confirm-move');
      await waitVersion(a, version);
      await b.waitForSelector('#game[data-count="1"][data-busy="no"]');
      // b: a second tap on the same point plays it
      await b.tap('.pt.can[data-point="b2"]');
      await b.waitForSelector('.pt.pending[data-point="b2"]');
      await b.tap('.pt.can[data-point="b2"]');
      await a.waitForSelector('#game[data-count="2"][data-act="yes"]');
      assertEqual(await history(a), ['c3', 'b2'], 'both moves played');
      // a turns it off: one tap plays, and the choice is kept on the device
      await a.tap('#confirm-moves');
      assert(!(await a.isChecked('#confirm-moves')), 'a tap turns it off');
      await a.tap('.pt.can[data-point="d4"]');
      await a.waitForSelector('#game[data-count="3"]');
      await a.reload();
      await a.waitForSelector('#confirm-moves');
      assert(!(await a.isChecked('#confirm-moves')), 'the setting is remembered');
    },
  },
  {
    name: 'a clock against the AI: the person\'s time runs, the AI has none',
    timeout: 120000,
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'player' });
      await page.goto(`${server.url}/`);
      await openMoreOptions(page);
      await page.check('input[name=game][value=morphos]');
      await page.fill('input[name=opt-size]', '5');
      await page.selectOption('#ai-level', 'greedy');
      await page.selectOption('#clock', '3+2');
      assert(/Only your time runs/.test(await page.textContent('.clock-choice-box')), 'the form says whose time runs');
      await page.click('#start');
      await page.waitForURL(/\/game\/[a-z2-7]+$/);
      await page.waitForSelector('.clocks .clock.ai .clock-free');
      assertEqual(await page.textContent('.clocks .clock.ai .clock-free'), 'no clock', 'the AI has no clock');
      assertEqual(await page.$$eval('.clocks .clock-time', (x) => x.length), 1, 'one clock: the person\'s');
      await move(page, 'c3');
      await page.waitForSelector('#game[data-act="yes"]');
      // the person's second turn: their time runs
      await page.waitForSelector('.clocks .clock.mine.running');
      await t.shot(page, 'moves-ai-clock');
    },
  },
];
