// Words for players (issue 33): what spoke to engineers is said for players
// with the technical detail behind a "Details" fold (an AI level's engine
// and Elo, a hint's search figures, the password's hash, the command that
// writes records, the server's message about a game id, the rules'
// notation); the rules draw the weak-stone patterns as boards; the swap is
// one sentence and two guests are told apart the same way on the board, in
// the players' table and in the chat; the Casual AI's swap rule is said
// before the first stone and the hint for it is never a stone it swaps;
// a guest among the spectators is told why only accounts may write.
import { waitTurn, waitVersion, gameState, moveTexts, assert, assertEqual, openMoreOptions } from './lib.mjs';
import { startFriendGame } from './test_morphos.mjs';

// The text of sel without what its <details> folds hold.
function unfolded(page, sel) {
  return page.$eval(sel, (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('details').forEach((d) => d.remove());
    return copy.textContent;
  });
}

// Whether a 9x9 point is one the Casual AI swaps as a first stone (c3 to g7).
function inZone(point) {
  const col = point.charCodeAt(0) - 97, row = Number(point.slice(1)) - 1;
  return col >= 2 && col <= 6 && row >= 2 && row <= 6;
}

export const tests = [
  {
    name: 'words for players, details folded: a bad link, the replay page, sign-up, the levels, the rules drawn as boards',
    async run(t) {
      const server = await t.server();
      for (const [width, height, name] of [[375, 740, 'phone'], [1280, 800, 'desktop']]) {
        const page = await t.page({ width, height, label: name, touch: name === 'phone' });
        await t.allowing(/status of 404/, async () => {
          await page.goto(`${server.url}/game/nope`); // not even an id's form
          await page.waitForSelector('.error-card');
        });
        assert(!/letters a-z|digits 2-7/.test(await unfolded(page, '.error-card')), 'a bad link said for players');
        assert(/leads to no game/.test(await page.textContent('.error-card')), 'what is wrong with the link');
        assert(/10 letters a-z and digits 2-7/.test(await page.textContent('.error-card details')), 'the id\'s form behind Details');
        await page.goto(`${server.url}/replay`);
        await page.waitForSelector('#record-file', { state: 'attached' });
        assert(!/morph play/.test(await unfolded(page, '.drop-zone')), 'no command line on the replay page');
        assertEqual(await page.textContent('.drop-zone details code'), 'morph play --record FILE', 'the command behind Details');
        await page.goto(`${server.url}/signup`);
        await page.waitForSelector('#password');
        const form = await unfolded(page, '.account-card');
        assert(!/Argon2id/.test(form) && /Nobody can read it back/.test(form), `the password's keeping said for players: ${form}`);
        assert(/Argon2id/.test(await page.textContent('.account-card details')), 'the hash named behind Details');
        // the levels: what each does, the engine and its Elo behind Details
        await page.goto(`${server.url}/?game=morphos`);
        await openMoreOptions(page);
        await page.check('input[name=mode][value=ai]');
        assert(!/Elo|Engine/.test(await page.textContent('.ai-choice .level-help')), 'a level said in words');
        assert(/Engine \w+; rating .*Elo/.test(await page.textContent('.ai-choice .level-details')), 'its engine and rating folded');
        // the rules: the three patterns drawn as boards, the notation folded
        await page.goto(`${server.url}/rules/morphos`);
        await page.waitForSelector('#rules-text .pattern-svg');
        assertEqual(await page.$$eval('#rules-text .pattern figcaption', (c) => c.map((x) => x.textContent)), ['Pattern 1', 'Pattern 2', 'Pattern 3'], 'three patterns as boards');
        assertEqual(await page.$$eval('#rules-text .pattern-svg', (svgs) => svgs.map((s) => [s.querySelectorAll('.stone.black').length, s.querySelectorAll('.stone.white').length, s.querySelectorAll('.any-point').length].join('/'))),
          ['1/4/1', '1/5/6', '1/8/7'], 'each pattern\'s weak stone, enemy stones and any points, as the text draws them');
        assertEqual(await page.$$('#rules-text pre.rules-drawing'), [], 'no drawing left as text');
        const rules = await unfolded(page, '#rules-text');
        assert(!/xc3|resign 2/.test(rules), 'the rules speak without notation');
        const notation = await page.textContent('#rules-text details.notation');
        assert(/xc3/.test(notation) && /resign 2/.test(notation), `the notation behind Details: ${notation}`);
        assertEqual(await page.textContent('#rules-text details.notation summary'), 'Details: how moves are written', 'the fold named');
        // fits the screen: no pattern wider than the page
        const overflow = await page.evaluate(() => [...document.querySelectorAll('.pattern-svg')].some((s) => s.getBoundingClientRect().right > document.documentElement.clientWidth));
        assert(!overflow, 'the patterns fit the width');
        await t.screen(page, `friction-rules-patterns-${name}`, '#rules-text .pattern');
        await t.shot(page, `rules-patterns-${name}`);
        await page.check('input[name=mutators][value=minimorph]');
        await page.waitForFunction(() => document.querySelectorAll('#rules-text .pattern-svg').length === 2);
        assertEqual(await page.$$eval('#rules-text .pattern-svg', (svgs) => svgs.map((s) => s.querySelectorAll('.stone.white').length)), [3, 4], 'minimorph\'s smaller patterns');
        // Morpyam's rules too: the notation folded
        await page.goto(`${server.url}/rules/morpyam`);
        await page.waitForSelector('#rules-text details.notation');
        assert(!/resign 2/.test(await unfolded(page, '#rules-text')), 'Morpyam\'s rules without notation');
      }
    },
  },
  {
    name: 'the Casual AI\'s swap rule said before the first stone; the hint for it is never swapped; its details folded',
    async run(t) {
      const server = await t.server(['--hint-ms', '300']);
      for (const [width, height, name] of [[375, 740, 'phone'], [1280, 800, 'desktop']]) {
        const page = await t.page({ width, height, label: name, touch: name === 'phone' });
        await page.goto(`${server.url}/?game=morphos`);
        await openMoreOptions(page);
        await page.fill('input[name=opt-size]', '9');
        await page.check('input[name=mode][value=ai]');
        await page.selectOption('#ai-level', 'greedy');
        await page.click('#start');
        await page.waitForURL(/\/game\/[a-z2-7]+$/);
        let state = await waitTurn(page);
        const note = await page.textContent('.swap-note');
        assert(/Casual AI swaps a first stone placed in the middle of the board, from c3 to g7, and keeps one nearer an edge\./.test(note), `the rule said: ${note}`);
        await page.click('#hint');
        await page.waitForSelector('.hint-box .hint-words');
        assertEqual(await page.textContent('.hint-box details.explain summary'), 'Details: how the AI weighed it', 'the search behind Details');
        assert(!/visits|mcts/.test(await unfolded(page, '.hint-box')), 'the hint itself in words');
        const hinted = await page.getAttribute('.pt.hinted', 'data-point');
        assert(hinted && !inZone(hinted), `the hinted first stone is outside c3-g7: ${hinted}`);
        await t.screen(page, `friction-words-details-${name}`, '.hint-box');
        await t.shot(page, `swap-rule-hint-${name}`);
        await page.click(`.pt.can[data-point="${hinted}"]`);
        state = await waitVersion(page, Number(state.version));
        state = await waitTurn(page);
        assert(!(await moveTexts(page)).some((m) => /swaps/.test(m)), 'the Casual AI kept the hinted stone');
      }
    },
  },
  {
    name: 'two guests told apart, the swap in one sentence, a guest spectator told why only accounts chat',
    async run(t) {
      const server = await t.server();
      const a = await t.page({ label: 'A' });
      const b = await t.page({ label: 'B', width: 375, height: 740, touch: true });
      const link = await startFriendGame(a, server.url, 5);
      const gameUrl = a.url();
      await b.goto(link);
      await b.waitForURL(gameUrl);
      await b.waitForSelector('#game');
      await a.waitForFunction(() => /Guest 2/.test(document.querySelector('.scores').textContent));
      for (const page of [a, b]) {
        assertEqual(await page.$$eval('.scores tbody th', (th) => th.map((x) => x.firstChild.textContent)),
          ['Black: Guest 1', 'White: Guest 2'], `${page.label}: the players' table tells the guests apart`);
      }
      let state = await waitTurn(a);
      await a.click('.pt.can[data-point="c3"]');
      state = await waitVersion(a, Number(state.version));
      await b.waitForSelector('.swap-offer');
      assertEqual(await b.textContent('.swap-offer p'),
        'Swap offer. White swaps and Guest 2 takes over Black\'s stone on c3, so Guest 1 now plays White and moves next.', 'the swap in one sentence, each guest by name');
      await t.shot(b, 'swap-offer-guests-phone');
      await b.click('#swap');
      await a.waitForFunction(() => document.querySelectorAll('.moves-list li').length === 2);
      assertEqual((await moveTexts(a)).pop(), 'White swaps and Guest 2 takes over Black\'s stone on c3, so Guest 1 now plays White and moves next', 'the same sentence in the moves');
      // the players' chat names the guest as the board does
      await b.fill('#chat .chat-input', 'hello');
      await b.press('#chat .chat-input', 'Enter');
      await a.waitForSelector('#chat .chat-message');
      assertEqual(await a.textContent('#chat .chat-author'), 'Guest 2', 'the chat names the guest as the board does');
      await t.shot(a, 'guests-chat');
      // a guest watching: why only accounts may talk
      const c = await t.page({ label: 'C' });
      await c.goto(gameUrl);
      await c.waitForSelector('#chat .chat-why');
      assertEqual(await c.textContent('#chat .chat-why'), 'Sign in to talk with the other spectators: only accounts may, to keep spam out.', 'why, in one line');
      assertEqual((await gameState(c)).seats, '', 'C watches');
      await t.screen(c, 'friction-guest-chat-desktop', '#chat .chat-why');
      const d = await t.page({ label: 'D', width: 375, height: 740, touch: true });
      await d.goto(gameUrl);
      await d.waitForSelector('#chat .chat-why');
      assertEqual(await d.textContent('#chat .chat-why'), 'Sign in to talk with the other spectators: only accounts may, to keep spam out.', 'the same on a phone');
      await t.screen(d, 'friction-guest-chat-phone', '#chat .chat-why');
    },
  },
];
