// The life of a game between people (issue 33) in two browser pages, at
// 1280x800 and at 375x740 with a touch screen: the Abort button while
// nobody has moved (the game ends, nobody loses), a takeback asked on one
// page and accepted on the other, then one declined, a rematch offered on
// one page and accepted on the other (both follow it to the new game),
// the watchers' count, and how many play each other now on the home page;
// axe-core clean on the offers.
import { waitVersion, gameState, assert, assertEqual, checkA11y } from './lib.mjs';
import { startFriendGame, move } from './test_morphos.mjs';

// Two guests in a casual 5x5 Morphos game: a made it, b joined by the link.
async function friends(t, server, size) {
  const a = await t.page({ label: `A ${size.name}`, ...size });
  const b = await t.page({ label: `B ${size.name}`, ...size });
  const link = await startFriendGame(a, server.url, 5);
  await b.goto(link);
  await b.waitForURL(a.url());
  await b.waitForSelector('#game[data-busy="no"]');
  return { a, b };
}

// Clicks (or taps) a button of the offers box, once it is there.
async function press(page, id, touch) {
  await page.waitForSelector(`#offers #${id}:not([disabled])`);
  if (touch) await page.tap(`#offers #${id}`);
  else await page.click(`#offers #${id}`);
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, touch: false },
  { name: 'phone', width: 375, height: 740, touch: true },
];

export const tests = SIZES.map((size) => ({
  name: `abort, takeback and rematch between two pages (${size.name})`,
  timeout: 180000,
  async run(t) {
    const server = await t.server();

    // ---- abort before anyone moved ----
    let { a, b } = await friends(t, server, size);
    await a.waitForSelector('#offers #abort');
    assert(/nobody loses/.test(await a.textContent('#offers')), 'the abort says nobody loses');
    const box = await a.$eval('#offers', (el) => el.getBoundingClientRect().bottom);
    assert(box <= size.height, `the offers are on the first screen (bottom at ${box})`);
    await a.mouse.move(0, 0); // no hover left where the emulated touch screen's tap was (a phone's leaves none)
    await t.shot(a, `fair-abort-${size.name}`);
    await press(b, 'abort', size.touch);
    for (const page of [a, b]) await page.waitForSelector('#game[data-status="finished"]');
    assertEqual(await a.textContent('.result h2'), 'Game aborted', 'the result says aborted, not a loss');
    assert(/nobody wins or loses/.test(await a.textContent('.result')), 'and that nobody loses');
    await t.shot(a, `fair-aborted-${size.name}`);

    // ---- a takeback asked and accepted, then one declined ----
    ({ a, b } = await friends(t, server, size));
    const watcher = await t.page({ label: `watcher ${size.name}` });
    await watcher.goto(a.url());
    await watcher.waitForSelector('#game');
    await a.waitForSelector('#watchers');
    assertEqual(await a.textContent('#watchers'), '1 person watching', 'the players see the watcher');
    await move(a, 'c3');
    await b.waitForSelector('#game[data-count="1"][data-busy="no"]');
    await a.waitForSelector('#offers #abort'); // b has not moved yet
    await press(a, 'takeback-offer', size.touch);
    await b.waitForSelector('#offers #takeback-accept');
    assert(/asks to take back the last move/.test(await b.textContent('#offers')), 'b is asked');
    await a.waitForSelector('#offers #takeback-withdraw');
    await checkA11y(b, `a takeback offered (${size.name})`);
    await t.shot(b, `fair-takeback-asked-${size.name}`);
    const version = Number((await gameState(a)).version);
    await press(b, 'takeback-accept', size.touch);
    await waitVersion(a, version);
    await a.waitForSelector('#game[data-count="0"][data-act="yes"]');
    await b.waitForSelector('#game[data-count="0"]');
    // again; now declined
    await move(a, 'c3');
    await move(b, 'b2');
    await press(b, 'takeback-offer', size.touch);
    await press(a, 'takeback-decline', size.touch);
    await b.waitForSelector('#offers #takeback-offer');
    assertEqual((await gameState(a)).count, '2', 'a declined takeback changes nothing');

    // ---- a resigns; a rematch offered on one page, accepted on the other ----
    await a.click('#resign');
    await a.click('dialog[open] button.danger');
    for (const page of [a, b]) await page.waitForSelector('#game[data-status="finished"]');
    const old = a.url();
    await a.click('#rematch');
    await a.waitForSelector('#offers #rematch-withdraw');
    await b.waitForSelector('#offers #rematch-accept');
    assert(/offers a rematch/.test(await b.textContent('#offers')), 'b is offered the rematch');
    await checkA11y(b, `a rematch offered (${size.name})`);
    await t.shot(b, `fair-rematch-offered-${size.name}`);
    await press(b, 'rematch-decline', size.touch);
    await a.waitForSelector('#offers #rematch-withdraw', { state: 'detached' });
    assertEqual(a.url(), old, 'declined: no new game');
    await a.click('#rematch');
    await press(b, 'rematch-accept', size.touch);
    await b.waitForURL((url) => url.href !== old && /\/game\/[a-z2-7]+$/.test(url.href));
    await a.waitForURL(b.url());
    await b.waitForSelector('#game[data-busy="no"]');
    assertEqual((await gameState(b)).seats, '1', 'the seats moved round: b starts');

    // ---- the home page says how many play each other now (the rematch) ----
    const home = await t.page({ label: `home ${size.name}`, ...size });
    const said = /^2 people playing each other now, in 1 game\.$/;
    // the server asks its store every few seconds: the page is reloaded until it says so
    for (let tries = 0; ; tries++) {
      await home.goto(server.url);
      await home.waitForSelector('#playing-now');
      const text = await home.textContent('#playing-now');
      if (said.test(text)) break;
      assert(tries < 30, `the home page says '${text}', not that 2 people play now`);
      await home.waitForTimeout(1000);
    }
  },
}));
