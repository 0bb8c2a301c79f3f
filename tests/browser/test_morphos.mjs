// Morphos in the browser: two people in two browser contexts joined by the
// invitation link play a whole 7x7 game with a swap and a flip, while a
// third context watches every move arrive live; hot-seat on one device with
// the duomorph second stone and the remorph returned stone explained.
// also on postgresql
import { waitTurn, waitVersion, waitCount, gameState, moveTexts, assert, assertEqual, openMoreOptions } from './lib.mjs';

// Starts a Morphos game from the home page; returns the invitation link.
export async function startFriendGame(page, url, size = 7) {
  await page.goto(url + '/');
  await openMoreOptions(page);
  await page.check('input[name=game][value=morphos]');
  await page.fill('input[name=opt-size]', String(size));
  await page.check('input[name=mode][value=friend]');
  await page.click('#start');
  await page.waitForURL(/\/game\/[a-z2-7]+$/);
  await page.waitForSelector('.invite input.invite-link');
  return page.inputValue('.invite input.invite-link');
}

// One move by clicking: a point (place or flip) or a button (#swap).
export async function move(page, what) {
  const state = await waitTurn(page);
  assertEqual(state.act, 'yes', `${page.label} may move (${what})`);
  if (what.startsWith('#')) await page.click(what);
  else {
    await page.click(`.pt.can[data-point="${what}"]`);
    // with Confirm moves (a touch screen's default between people) the first tap only chooses
    if (await page.$(`.pt.pending[data-point="${what}"]`)) await page.click(`.pt.can[data-point="${what}"]`);
  }
  return waitVersion(page, Number(state.version));
}

export const tests = [
  {
    name: 'a whole 7x7 game by invitation, with a swap and a flip, watched live',
    async run(t) {
      const server = await t.server();
      const a = await t.page({ label: 'A' });
      const b = await t.page({ label: 'B' });
      const watcher = await t.page({ label: 'watcher', width: 375, height: 667 });
      const link = await startFriendGame(a, server.url);
      assert(/\/join\/[a-z2-7]{26}$/.test(link), `an invitation link: ${link}`);
      assert(/waiting for 1 player/.test(await a.textContent('.status')), 'A waits for the friend');
      const gameUrl = a.url();
      await b.goto(link);
      await b.waitForURL(gameUrl);
      await b.waitForSelector('#game');
      assertEqual((await gameState(b)).seats, '2', 'the invitation gave B seat 2');
      await watcher.goto(gameUrl);
      await watcher.waitForSelector('#game');
      assertEqual((await gameState(watcher)).seats, '', 'the watcher holds no seat');
      // the invitation is used: a second use is refused
      const again = await server.api('POST', '/api/join', { body: { code: link.split('/').pop() } });
      assertEqual(again.status, 404, 'an invitation claims its seat once');

      const plan = [
        [a, 'd4'], [b, '#swap'], [a, 'b2'], [b, 'b3'], [a, 'f6'], [b, 'a3'], [a, 'f5'], [b, 'a2'], [a, 'f4'], [b, 'b1'],
        [a, 'f3'], [b, 'b2'], [a, 'g6'], [b, 'b4'], [a, 'g5'], [b, 'b5'], [a, 'g4'], [b, 'b6'], [a, 'g3'], [b, 'b7'],
      ];
      let count = 0;
      for (const [page, what] of plan) {
        if (page === b && what === 'b2') {
          // the flip: b2 is weak; hovering it tells what the flip does
          const weak = await b.$$eval('.pt.weak', (pts) => pts.map((p) => p.dataset.point));
          assertEqual(weak, ['b2'], 'the white stone on b2 is marked weak');
          await b.hover('.pt.can-flip[data-point="b2"]');
          const preview = await b.textContent('.preview');
          assert(/flips .*stone on b2/.test(preview), `hover shows the flip: ${preview}`);
          await t.shot(b, 'morphos-game');
        }
        if (page === b && what === '#swap') {
          const offer = await b.textContent('.swap-offer');
          assert(/swap/i.test(offer), `B is offered the swap: ${offer}`);
          assert(!(await watcher.$('#swap')), 'the watcher is offered nothing');
        }
        const state = await move(page, what);
        count = Number(state.count);
        // the watcher and the other player see it live
        for (const other of [watcher, page === a ? b : a]) await waitCount(other, count);
        const said = (await moveTexts(page)).pop();
        assertEqual((await moveTexts(watcher)).pop(), said, `the watcher sees "${said}"`);
        assertEqual(await watcher.$$eval('.pt.can, #swap, #pass, #resign', (els) => els.length), 0, 'the watcher has no controls');
      }
      const texts = await moveTexts(a);
      assert(texts.some((x) => /swaps/.test(x)), 'the swap is in the move list');
      assert(texts.some((x) => /flips/.test(x)), 'the flip is in the move list');
      for (const page of [a, b, watcher]) {
        const state = await gameState(page);
        assertEqual(state.status, 'finished', `${page.label} sees the end`);
        assertEqual(await moveTexts(page), texts, `${page.label} has every move`);
        assert(/wins/.test(await page.textContent('.result')), `${page.label} reads the result`);
        const chain = await page.$$eval('.pt.in-chain', (pts) => pts.map((p) => p.dataset.point).sort());
        assertEqual(chain, ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'], `${page.label} sees the winning chain`);
      }
      assert(/You win/.test(await b.textContent('.result h2')), 'B won (Black after the swap)');
      await t.shot(a, 'morphos-game-over');
      await t.shot(watcher, 'morphos-watcher-phone');
    },
  },
  {
    name: 'hot-seat with duomorph and remorph: the second stone and the returned stone explained as they come',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'hot-seat' });
      await page.goto(server.url + '/');
      await openMoreOptions(page);
      await page.check('input[name=game][value=morphos]');
      await page.fill('input[name=opt-size]', '5');
      await page.check('input[name=opt-mutators][value=duomorph]');
      await page.check('input[name=opt-mutators][value=remorph]');
      await page.check('input[name=mode][value=hotseat]');
      await page.click('#start');
      await page.waitForURL(/\/game\/[a-z2-7]+$/);
      let state = await waitTurn(page);
      assertEqual(state.seats, '1,2', 'both seats on this device');
      assert(/Your turn: Black: P1/.test(await page.textContent('.status')), 'the status names the seat to play');
      assert(!(await page.$('#undo')) && !(await page.$('#hint')), 'no undo nor hint between people');
      // each turn places a stone and its duomorph second stone next to it
      const turns = [['a3', 'a2'], ['b2', 'c2'], ['b3', 'b4'], ['d2', 'd3'], ['b1', 'c1'], ['e4', 'e5']];
      for (const [first, second] of turns) {
        await move(page, first);
        const prompt = await page.textContent('.prompt.explain[data-phase="duo"]');
        assert(prompt.startsWith('Duomorph: the second stone. ') && prompt.includes(`second stone goes on an empty point next to ${first}`),
          `the second stone is explained: ${prompt}`);
        const spots = await page.$$eval('.pt.can', (pts) => pts.map((p) => p.dataset.point));
        assert(spots.includes(second) && spots.every((p) => Math.abs(p.charCodeAt(0) - first.charCodeAt(0)) + Math.abs(Number(p.slice(1)) - Number(first.slice(1))) === 1),
          `only the empty neighbours of ${first} are offered: ${spots}`);
        await move(page, second);
      }
      // b2 is weak: Black flips it; a flip brings no second stone
      assertEqual(await page.$$eval('.pt.weak.has-white', (pts) => pts.map((p) => p.dataset.point)), ['b2'], 'the white stone on b2 is weak');
      state = await move(page, 'b2');
      assert(/Black flips White's stone on b2/.test((await moveTexts(page)).pop()), 'the flip is told');
      // White's turn starts with the returned stone, explained
      const prompt = await page.textContent('.prompt.explain[data-phase="return"]');
      assert(prompt.startsWith('Remorph: the returned stone. ') && /White puts the returned stone on any empty point/.test(prompt),
        `the returned stone is explained: ${prompt}`);
      assert(/Your turn: White: P2/.test(await page.textContent('.status')), 'White to play on the same device');
      await t.shot(page, 'morphos-remorph');
      await move(page, 'b5');
      assert(/White puts the returned stone on b5/.test((await moveTexts(page)).pop()), 'the returned stone is told');
      // then White's regular move, with its second stone
      await move(page, 'd4');
      assert(await page.$('.prompt.explain[data-phase="duo"]'), 'the regular move brings its second stone');
      await move(page, 'd5');
      const texts = await moveTexts(page);
      const stored = await server.api('GET', `/api/games/${state.id}`);
      assertEqual(texts, stored.data.history.map((e) => e.text), 'the move list is the history in words');
      assertEqual(stored.data.history.map((e) => e.action).join(' '),
        'a3 a2 b2 c2 b3 b4 d2 d3 b1 c1 e4 e5 xb2 b5 d4 d5', 'every click was one action, in order');
    },
  },
];
