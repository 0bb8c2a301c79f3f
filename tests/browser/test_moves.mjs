// How a player's move is made in a Morphos game between two pages (issue
// 33): a premove queued while the other side is to move (a ghost stone; a
// click on it cancels it; played at once when the turn comes, or refused
// with the rules' reason when it is no longer legal), Confirm moves at
// 375x740 with a touch screen (on by default there: a tap chooses, a second
// tap or Confirm plays, a tap elsewhere moves the choice; the setting kept
// on the device; off by default elsewhere), a rated game (takebacks off
// unless ticked, the ratings' change at the end), and a clock against the
// AI (the person's alone). Each at 1280x800 and 375x740 (touch).
import { waitVersion, gameState, assert, assertEqual, checkA11y, openMoreOptions } from './lib.mjs';
import { startFriendGame, move } from './test_morphos.mjs';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, touch: false },
  { name: 'phone', width: 375, height: 740, touch: true },
];

// Two pages in a 5x5 Morphos game: a (Black, first) made it, b joined by
// the link; start(a) makes the game and gives the link (by default a
// casual game between guests).
async function friends(t, server, size, start = (page) => startFriendGame(page, server.url, 5), before = async () => {}) {
  const a = await t.page({ label: `A ${size.name}`, ...size });
  const b = await t.page({ label: `B ${size.name}`, ...size });
  await before(a, b);
  const link = await start(a);
  await b.goto(link);
  await b.waitForURL(a.url());
  await b.waitForSelector('#game[data-busy="no"]');
  return { a, b };
}

// A click, or a tap on a touch screen.
function press(page, size, selector) {
  return size.touch ? page.tap(selector) : page.click(selector);
}

async function signUp(page, url, name) {
  await page.goto(`${url}/signup?next=/lobby`);
  await page.fill('#name', name);
  await page.fill('#password', `${name} pass phrase`);
  await page.click('#account-submit');
  await page.waitForURL(/\/lobby$/);
  await page.waitForSelector('#me-link');
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

const premoves = SIZES.map((size) => ({
    name: `a premove between two pages: queued, cancelled, played, refused (${size.name})`,
    timeout: 120000,
    async run(t) {
      const server = await t.server();
      const { a, b } = await friends(t, server, size);
      // b (White) waits for a: a click queues a premove, a second one cancels it
      await press(b, size, '.pt[data-point="b2"]');
      await b.waitForSelector('.pt.premoved[data-point="b2"] .ghost.premove');
      assert(/^It is \w+'s turn: .*\. Premove b2: played as soon as it is your turn/.test(await b.textContent('#why')), 'b is told whose turn it is and of the premove');
      await press(b, size, '.pt[data-point="b2"]');
      await b.waitForSelector('.pt.premoved', { state: 'detached' });
      assertEqual(await b.textContent('#why'), 'Premove b2 cancelled.', 'a click (a tap) on it cancels it');
      // another one, played at once when a has moved
      await press(b, size, '.pt[data-point="d4"]');
      await b.waitForSelector('.pt.premoved[data-point="d4"]');
      await checkA11y(b, `a premove (${size.name})`);
      await b.mouse.move(0, 0); // no hover left where the mouse clicked (or the emulated touch screen's tap was)
      await t.shot(b, `moves-premove-${size.name}`);
      await move(a, 'c3');
      await a.waitForSelector('#game[data-count="2"]');
      await b.waitForSelector('#game[data-count="2"][data-busy="no"]');
      assertEqual(await history(a), ['c3', 'd4'], 'b\'s premove was played on a\'s move');
      assert(!(await b.$('.pt.premoved')), 'and is gone');
      await b.waitForSelector('#offers #takeback-offer'); // a casual game: takebacks on
      // one that the other's move makes illegal: refused with the reason
      await press(b, size, '.pt[data-point="e5"]');
      await b.waitForSelector('.pt.premoved[data-point="e5"]');
      await move(a, 'e5');
      await b.waitForSelector('#game[data-count="3"][data-act="yes"]');
      await b.waitForFunction(() => /^Your premove e5 was not played: /.test(document.getElementById('why').textContent));
      const why = await b.textContent('#why');
      assert(/e5/.test(why.replace(/^Your premove e5 was not played: /, '')), `the rules' reason names the point: ${why}`);
      await t.shot(b, `moves-premove-refused-${size.name}`);
      assertEqual(await history(a), ['c3', 'd4', 'e5'], 'nothing played for b');
    },
  }));

const confirms = SIZES.map((size) => ({
    name: `Confirm moves between two pages (${size.name})`,
    timeout: 120000,
    async run(t) {
      const server = await t.server();
      const { a, b } = await friends(t, server, size);
      assertEqual(await a.isChecked('#confirm-moves'), size.touch, 'on by default on a touch screen, between people, off elsewhere');
      if (!size.touch) {
        await a.click('#confirm-moves');
        await b.click('#confirm-moves');
      }
      // a tap chooses; a tap elsewhere moves the choice; Confirm plays
      await press(a, size, '.pt.can[data-point="b2"]');
      await a.waitForSelector('.pt.pending[data-point="b2"]');
      await press(a, size, '.pt.can[data-point="c3"]');
      await a.waitForSelector('.pt.pending[data-point="c3"]');
      assert(!(await a.$('.pt.pending[data-point="b2"]')), 'one point chosen at a time');
      assertEqual((await gameState(a)).count, '0', 'nothing played yet');
      assert(/c3\?$/.test(await a.textContent('.confirm-move .confirm-text')), 'the choice said in words');
      await inFirstScreen(a, '#confirm-move', size.height);
      await checkA11y(a, `a move to confirm (${size.name})`);
      await a.mouse.move(0, 0); // no hover left where the mouse clicked (or the emulated touch screen's tap was)
      await t.shot(a, `moves-confirm-${size.name}`);
      const version = Number((await gameState(a)).version);
      await press(a, size, '#confirm-move');
      await waitVersion(a, version);
      await b.waitForSelector('#game[data-count="1"][data-busy="no"]');
      // b: a second tap on the same point plays it
      await press(b, size, '.pt.can[data-point="b2"]');
      await b.waitForSelector('.pt.pending[data-point="b2"]');
      await press(b, size, '.pt.can[data-point="b2"]');
      await a.waitForSelector('#game[data-count="2"][data-act="yes"]');
      assertEqual(await history(a), ['c3', 'b2'], 'both moves played');
      // a turns it off: one tap plays, and the choice is kept on the device
      await press(a, size, '#confirm-moves');
      assert(!(await a.isChecked('#confirm-moves')), 'turned off');
      await press(a, size, '.pt.can[data-point="d4"]');
      await a.waitForSelector('#game[data-count="3"]');
      await a.reload();
      await a.waitForSelector('#confirm-moves');
      assert(!(await a.isChecked('#confirm-moves')), 'the setting is remembered');
    },
}));

// A rated game between two accounts: takebacks unticked with Rated (and
// none offered), the ratings in the header, their change at the end.
const rated = SIZES.map((size) => ({
    name: `a rated game: no takebacks unless ticked, the ratings' change at the end (${size.name})`,
    timeout: 150000,
    async run(t) {
      const server = await t.server();
      const make = async (page) => {
        await page.goto(`${server.url}/`);
        await openMoreOptions(page);
        await page.check('input[name=game][value=morphos]');
        await page.fill('input[name=opt-size]', '5');
        await page.check('input[name=mode][value=friend]');
        assert(await page.isChecked('#takebacks'), 'takebacks ticked in a casual game');
        await page.check('#rated');
        assert(!(await page.isChecked('#takebacks')), 'and unticked once Rated is ticked');
        await page.click('#start');
        await page.waitForURL(/\/game\/[a-z2-7]+$/);
        await page.waitForSelector('.invite input.invite-link');
        return page.inputValue('.invite input.invite-link');
      };
      const { a, b } = await friends(t, server, size, make, async (pa, pb) => {
        await signUp(pa, server.url, `ann_${size.name}`);
        await signUp(pb, server.url, `bob_${size.name}`);
      });
      await a.waitForSelector('#ratings:not([hidden])');
      await move(a, 'c3');
      await move(b, 'b2');
      await a.waitForSelector('#game[data-count="2"][data-busy="no"]');
      assert(!(await a.$('#offers #takeback-offer')) && !(await b.$('#offers #takeback-offer')), 'no takeback offered');
      await a.click('#resign');
      await a.click('dialog[open] button.danger');
      for (const page of [a, b]) await page.waitForSelector('#ratings .change.down');
      const line = await b.textContent('#ratings');
      assert(/ann_\w+ \d+ \(−\d+\) · bob_\w+ \d+ \(\+\d+\)/.test(line), `the ratings' change: ${line}`);
      await t.shot(b, `moves-rating-change-${size.name}`);
    },
}));

const rest = [
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

export const tests = [...premoves, ...confirms, ...rated, ...rest];
