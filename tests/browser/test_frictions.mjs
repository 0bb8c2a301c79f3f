// The rough edges a newcomer met (issue 33, section 2), each checked where
// it was met: the one click's gentle AI level, remembered once chosen; a
// game against the AI unlisted by default; a refusal seen in the window; the
// decision of a turn and the end of a game on a phone's first screen; Undo's
// reason readable by a finger; a Morpyam call held until the roll; a tap in
// the AI's Morpyam turn answered; a Plus hand's square that cannot be put
// now answered; the black stone outlined in the dark theme;
// a 13x13 board zoomed under a finger. At 375x740 with a touch screen and at
// 1280x800.
import { waitTurn, waitVersion, gameState, assert, assertEqual, openMoreOptions } from './lib.mjs';

const PHONE = { width: 375, height: 740, touch: true };
const DESKTOP = { width: 1280, height: 800, touch: false };
const SIZES = [PHONE, DESKTOP];
const sizeName = (size) => (size.touch ? 'phone' : 'desktop');

// A tap on a touch screen, a click elsewhere.
function presser(page, size) {
  return (selector, options) => (size.touch ? page.tap(selector, options) : page.click(selector, options));
}

// The id of the game the page shows.
function gameId(page) {
  return /\/game\/([a-z2-7]+)/.exec(page.url())[1];
}

// The AI levels of a game's seats, as the server keeps them.
async function aiLevels(server, id) {
  const { data } = await server.api('GET', `/api/games/${id}`);
  return data.seats.filter((seat) => seat.kind === 'ai').map((seat) => seat.level);
}

// Whether the element of selector lies wholly inside the window (nothing
// to scroll to see it).
async function inWindow(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1 && r.left >= 0 && r.right <= window.innerWidth + 1;
  });
}

// The line of the status element once it says something.
async function whyLine(page) {
  // read when it appears (a line on whose turn it is goes when the turn comes)
  const line = await page.waitForFunction(() => {
    const el = document.getElementById('why');
    return el.getAttribute('role') === 'status' && el.textContent ? el.textContent : null;
  });
  return line.jsonValue();
}

async function said(page, act) {
  await page.evaluate(() => { document.getElementById('why').textContent = ''; });
  await act();
  return whyLine(page);
}

export const tests = [
  {
    name: 'one click plays a gentle AI in both games; the level chosen last is the next one click\'s; against the AI a game is unlisted by default',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'newcomer' });
      const { data: meta } = await server.api('GET', '/api/meta');
      for (const game of ['morpyam', 'morphos']) {
        const g = meta.games.find((x) => x.name === game);
        const strongest = g.ai[g.ai.length - 1].level;
        assert(g.gentle_ai && g.gentle_ai !== strongest, `${game}: a gentle level (${g.gentle_ai}) that is not the strongest`);
        await page.goto(`${server.url}/`);
        await page.click(`#play-ai-${game}`);
        await page.waitForURL(/\/game\//);
        assertEqual(await aiLevels(server, gameId(page)), [g.gentle_ai], `${game}: the one click's level`);
        assertEqual((await server.api('GET', `/api/games/${gameId(page)}`)).data.listed, false, `${game}: not listed`);
        if (game === 'morpyam') {
          await waitTurn(page);
          await t.screen(page, 'friction-gentle-ai-desktop');
        }
      }
      const phone = await t.page({ ...PHONE, label: 'phone' });
      await phone.goto(`${server.url}/`);
      await phone.tap('#play-ai-morpyam');
      await phone.waitForURL(/\/game\//);
      assertEqual(await aiLevels(server, gameId(phone)), [meta.games.find((x) => x.name === 'morpyam').gentle_ai], 'a phone\'s one click: the same');
      await waitTurn(phone);
      await t.screen(phone, 'friction-gentle-ai-phone');
      // the form: against the AI, Listed unticked; a friend's game unticked;
      // custom seats ticked; the gentle level offered first
      await page.goto(`${server.url}/?game=morpyam`);
      await openMoreOptions(page);
      assertEqual(await page.isChecked('input[name=listed]'), false, 'Listed is unticked against the AI');
      assertEqual(await page.inputValue('#ai-level'), 'greedy', 'the form offers the gentle level first');
      await page.check('input[name=mode][value=custom]');
      assertEqual(await page.isChecked('input[name=listed]'), true, 'custom seats: listed');
      await page.check('input[name=mode][value=friend]');
      assertEqual(await page.isChecked('input[name=listed]'), false, 'a friend\'s game: unlisted');
      await page.check('input[name=mode][value=ai]');
      assertEqual(await page.isChecked('input[name=listed]'), false, 'back against the AI: unlisted');
      // a level chosen in the form is the next one click's
      await page.selectOption('#ai-level', 'master');
      await page.click('#start');
      await page.waitForURL(/\/game\//);
      assertEqual(await aiLevels(server, gameId(page)), ['master'], 'the level chosen');
      assertEqual((await server.api('GET', `/api/games/${gameId(page)}`)).data.listed, false, 'unlisted');
      await page.goto(`${server.url}/`);
      assertEqual(await page.getAttribute('#play-ai-morpyam', 'title'), 'Against the Strongest AI', 'the one click says its level');
      await page.click('#play-ai-morpyam');
      await page.waitForURL(/\/game\//);
      assertEqual(await aiLevels(server, gameId(page)), ['master'], 'the one click remembers the level chosen last');
      await page.goto(`${server.url}/?game=morpyam`);
      await openMoreOptions(page);
      assertEqual(await page.inputValue('#ai-level'), 'master', 'and so does the form');
    },
  },
  {
    name: 'a refused click is seen in an 800 px window, in both games, with and without the page\'s engine',
    timeout: 200000,
    async run(t) {
      const server = await t.server();
      for (const engine of [true, false]) {
        const page = await t.page({ label: engine ? 'desktop' : 'desktop, no engine' });
        // without the engine in the page (no WebAssembly), the server gives the reasons
        if (!engine) await page.addInitScript(() => { delete window.WebAssembly; });
        {
          // Morphos 9x9 against the AI: the board goes below the window
          await page.goto(`${server.url}/?game=morphos`);
          await openMoreOptions(page);
          await page.fill('input[name=opt-size]', '9');
          await page.click('#start');
          await page.waitForURL(/\/game\//);
          let state = await waitTurn(page);
          await page.waitForSelector(`#game[data-engine="${engine ? 'yes' : 'no'}"]`);
          await page.click('.pt.can[data-point="a1"]');
          state = await waitVersion(page, Number(state.version));
          state = await waitTurn(page);
          // an occupied point: the library's reason, in the window
          const line = await said(page, () => page.click('.pt[data-point="a1"]'));
          const { data: why } = await server.api('GET', `/api/games/${state.id}/why?action=xa1`);
          assertEqual(line, `${why.why}.`, 'an occupied point: the library\'s reason');
          assert(await inWindow(page, '#why'), `the reason is in the window (${engine ? 'engine' : 'server'})`);
          // where it would be, not kept in the window: under the board, below the window
          const under = await page.$eval('#why', (el) => {
            el.style.position = 'static';
            const bottom = el.getBoundingClientRect().bottom;
            el.style.position = '';
            return bottom;
          });
          assert(under > 800, `under the board, the line would end below the window (${Math.round(under)})`);
          if (engine) await t.screen(page, 'friction-refused-desktop');
          if (engine) await t.shot(page, 'morphos-refused-window');
          // Morpyam: a square before the roll
          await page.goto(`${server.url}/`);
          await page.click('#play-ai-morpyam');
          await page.waitForURL(/\/game\//);
          await page.check('#quick-dice');
          state = await waitTurn(page);
          await page.waitForSelector(`#game[data-engine="${engine ? 'yes' : 'no'}"]`);
          if (await page.$('#roll')) {
            const square = await page.$eval('.sq:not(.can):not(.covered)', (sq) => sq.dataset.square);
            const said2 = await said(page, () => page.click(`.sq[data-square="${square}"]`));
            const { data: why2 } = await server.api('GET', `/api/games/${state.id}/why?action=${encodeURIComponent(`place ${square}`)}`);
            assertEqual(said2, `${why2.why.charAt(0).toUpperCase()}${why2.why.slice(1)}.`, 'an unlit square: the library\'s reason');
            assert(await inWindow(page, '#why'), 'the Morpyam reason is in the window');
          }
        }
      }
    },
  },
  {
    name: 'a game with a friend: a click out of turn names whose turn it is, with and without the engine',
    async run(t) {
      const server = await t.server();
      for (const engine of [true, false]) {
        const page = await t.page({ ...PHONE, label: engine ? 'phone' : 'phone, no engine' });
        // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
        await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
        if (!engine) await page.addInitScript(() => { delete window.WebAssembly; });
        {
          await page.goto(`${server.url}/`);
          await page.tap('#play-friend-morphos');
          await page.waitForURL(/\/game\//);
          const id = gameId(page);
          await page.waitForSelector(`#game[data-engine="${engine ? 'yes' : 'no'}"]`);
          // the friend joins by the invitation and Black (the page) moves
          const { data: inv } = await server.api('GET', `/api/games/${id}/invitations`, { token: await page.evaluate((gid) => JSON.parse(localStorage.getItem(`morph.tokens.${gid}`))[0], id) });
          const code = inv.invitations[0].path.split('/').pop();
          await server.api('POST', '/api/join', { body: { code, name: 'Bob' } });
          let state = await waitTurn(page);
          // 13x13 (the default size): the first tap zooms, the second plays
          await page.tap('.pt.can[data-point="a1"]');
          await page.waitForSelector('.morphos-svg.zoomed');
          await page.tap('.pt.can[data-point="a1"]');
          state = await waitVersion(page, Number(state.version));
          // between people an out-of-turn tap also queues a premove (test_moves), said after whose turn it is
          const empty = await said(page, () => page.tap('.pt[data-point="e5"]'));
          assert(empty.startsWith('It is White\'s turn: Bob.'), `an empty point out of turn: ${empty}`);
          const taken = await said(page, () => page.tap('.pt[data-point="a1"]'));
          assert(taken.startsWith('It is White\'s turn: Bob.'), `an occupied point out of turn: ${taken}`);
          assert(await inWindow(page, '#why'), 'said in the window');
          if (engine) await t.screen(page, 'friction-refused-phone');
        }
      }
    },
  },
  {
    name: 'Morpyam: a tap during the AI\'s turn says so, and stays said while its dice roll; Undo greyed out says why to a finger',
    timeout: 200000,
    async run(t) {
      const server = await t.server();
      for (const size of SIZES) {
        const page = await t.page({ ...size, label: sizeName(size) });
        const press = presser(page, size);
        // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
        await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
        await page.goto(`${server.url}/`);
        await press('#play-ai-morpyam');
        await page.waitForURL(/\/game\//);
        let state = await waitTurn(page);
        // Undo, greyed out, answers a tap with the server's reason
        assertEqual(await page.getAttribute('#undo', 'aria-disabled'), 'true', 'Undo is greyed out');
        const title = await page.getAttribute('#undo', 'title');
        assertEqual(await said(page, () => press('#undo', { force: true })), title, 'a tap on Undo says why, as its tooltip does');
        assert(await inWindow(page, '#why'), 'where the finger is');
        await t.screen(page, `friction-undo-why-${sizeName(size)}`);
        await t.shot(page, `morpyam-undo-why-${sizeName(size)}`);
        // the turn: roll, then pass; the AI's turn follows, its dice rolling for
        // seconds (on a loaded machine it may be over before the tap: then again)
        let line = null;
        for (let tries = 0; tries < 3 && line !== 'The AI is thinking: wait for its move.'; tries++) {
          if (tries) state = await waitTurn(page, 60000);
          if (await page.$('#roll')) {
            await press('#roll');
            state = await waitVersion(page, Number(state.version));
          }
          assert(await page.$('#pass'), 'Pass after the roll');
          await press('#pass');
          await page.waitForFunction((n) => Number(document.getElementById('game').dataset.version) > n, Number(state.version));
          line = await said(page, () => press('.sq[data-square="a1"]'));
        }
        assertEqual(line, 'The AI is thinking: wait for its move.', 'a tap in the AI\'s turn');
        await t.screen(page, `friction-ai-turn-${sizeName(size)}`);
        await t.shot(page, `morpyam-ai-turn-${sizeName(size)}`);
        // the line stays while the AI's turn goes on, and goes when the turn is the player's
        const version = Number((await page.$eval('#game', (g) => g.dataset.version)));
        await page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v
          || document.getElementById('game').dataset.act === 'yes', version);
        const after = await page.evaluate(() => [document.getElementById('game').dataset.act, document.getElementById('why').textContent]);
        if (after[0] === 'no') assertEqual(after[1], line, 'still said as the AI plays on');
        state = await waitTurn(page, 60000);
        if (state.status !== 'finished') assertEqual(await page.textContent('#why'), '', 'gone on the player\'s turn');
      }
    },
  },
  {
    name: 'Morpyam Plus: a tap, click or key on a square of the hand that cannot be put now says why',
    timeout: 200000,
    async run(t) {
      const server = await t.server();
      for (const size of SIZES) {
        const page = await t.page({ ...size, label: sizeName(size) });
        const press = presser(page, size);
        // the deal and the roll-off for the first builder are the server's;
        // the winner puts its whole hand first: a game where Bob does, while the page waits
        let id, bob, state;
        for (let attempt = 0; attempt < 12; attempt++) {
          await page.goto(`${server.url}/?game=morpyam`);
          await openMoreOptions(page);
          await page.check('input[name=mode][value=friend]');
          await page.selectOption('select[name="opt-variant"]', 'plus');
          await press('#start');
          await page.waitForURL((u) => /\/game\//.test(u.pathname) && !u.pathname.endsWith(id));
          id = gameId(page);
          const mine = await page.evaluate((gid) => JSON.parse(localStorage.getItem(`morph.tokens.${gid}`))[0], id);
          const { data: inv } = await server.api('GET', `/api/games/${id}/invitations`, { token: mine });
          ({ data: bob } = await server.api('POST', '/api/join', { body: { code: inv.invitations[0].path.split('/').pop(), name: 'Bob' } }));
          for (let i = 0; i < 100 && !(state && state.id === id && state.board.phase === 'put'); i++) {
            await page.waitForTimeout(50);
            ({ data: state } = await server.api('GET', `/api/games/${id}`));
          }
          if (state.board.phase === 'put' && state.to_move === 2) break;
        }
        assertEqual([state.board.phase, state.to_move], ['put', 2], 'Bob builds first');
        await page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) >= v, state.version);
        // the hand stays in view, greyed out; a tap, a click or Enter on a square says whose turn it is
        await page.waitForSelector('.hand .chip[aria-disabled="true"]');
        const line = await said(page, () => press('.hand .chip >> nth=0', { force: true }));
        assertEqual(line, 'It is Bob\'s turn.', 'a square of the hand out of turn');
        assert(await inWindow(page, '#why'), 'said in the window');
        await t.screen(page, `friction-hand-why-${sizeName(size)}`, size.touch ? '.hand' : null);
        await t.shot(page, `morpyam-hand-why-${sizeName(size)}`);
        if (!size.touch) {
          const key = await said(page, async () => { await page.focus('.hand .chip >> nth=1'); await page.keyboard.press('Enter'); });
          assertEqual(key, 'It is Bob\'s turn.', 'and a key on it');
        }
        // Bob puts his hand: then the page's turn, every square of its hand can act
        for (let i = 0; i < 40 && state.to_move === 2 && state.board.phase === 'put'; i++) {
          const put = state.legal.find((a) => a.kind === 'put');
          await server.api('POST', `/api/games/${id}/actions`, { body: { action: put.action, version: state.version }, token: bob.token });
          ({ data: state } = await server.api('GET', `/api/games/${id}`));
        }
        await page.waitForSelector('#game[data-act="yes"]');
        assertEqual(await page.$$('.hand .chip[aria-disabled]'), [], 'at the page\'s turn every square of the hand can be put');
      }
    },
  },
  {
    name: 'Morpyam: a call is held until the roll: picked, changed, cancelled, then made with the roll',
    async run(t) {
      const server = await t.server();
      for (const size of SIZES) {
        const page = await t.page({ ...size, label: sizeName(size) });
        const press = presser(page, size);
        // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
        await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
        await page.goto(`${server.url}/`);
        await press('#play-ai-morpyam');
        await page.waitForURL(/\/game\//);
        await press('#quick-dice');
        let state = await waitTurn(page);
        // the player's first turn, before its first roll: calls beside Roll
        for (let i = 0; i < 12 && !((await page.$('#roll')) && (await page.$('.calls .call'))); i++) {
          const before = Number(state.version);
          if (await page.$('#roll')) await press('#roll');
          else if (await page.$('#pass')) await press('#pass');
          else await press('.sq.can >> nth=0');
          await waitVersion(page, before);
          state = await waitTurn(page, 60000);
        }
        assert(await page.$('.calls .call'), 'calls offered before a roll');
        const count = Number(state.count);
        const figures = await page.$$eval('.calls .call', (b) => b.map((x) => x.dataset.figure));
        await press(`.call[data-figure="${figures[0]}"]`);
        await page.waitForSelector(`.call[data-figure="${figures[0]}"][aria-pressed="true"]`);
        assert(/^Your call: /.test(await page.textContent('.call-held')), 'the call held is said');
        await press(`.call[data-figure="${figures[1]}"]`);
        await page.waitForSelector(`.call[data-figure="${figures[1]}"][aria-pressed="true"]`);
        assertEqual(await page.$$eval('.call[aria-pressed="true"]', (b) => b.length), 1, 'changed: one call picked');
        await press(`.call[data-figure="${figures[1]}"]`);
        await page.waitForSelector('.call[aria-pressed="true"]', { state: 'detached' });
        assert(!(await page.$('.call-held')), 'cancelled');
        assertEqual(Number((await page.$eval('#game', (g) => g.dataset.count))), count, 'no action made by picking, changing and cancelling');
        // picked again, then Roll makes the call and the roll
        await press(`.call[data-figure="${figures[0]}"]`);
        await t.screen(page, `friction-call-held-${sizeName(size)}`);
        await t.shot(page, `morpyam-call-held-${sizeName(size)}`);
        const title = await page.getAttribute('#roll', 'title');
        assert(/calls/.test(title), `Roll says the call it makes: ${title}`);
        await press('#roll');
        await page.waitForFunction((n) => Number(document.getElementById('game').dataset.count) >= n + 2, count);
        const { data } = await server.api('GET', `/api/games/${state.id}`);
        assertEqual(data.history[count].kind, 'call', 'the call was made');
        assertEqual(data.history[count + 1].kind, 'roll', 'then the roll');
      }
    },
  },
  {
    name: 'White\'s swap offer and the game over\'s Rematch and Analyse on the first screen, on a phone and a desktop',
    async run(t) {
      const server = await t.server();
      for (const size of SIZES) {
        const page = await t.page({ ...size, label: sizeName(size) });
        const press = presser(page, size);
        // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
        await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
        await page.goto(`${server.url}/?game=morphos`);
        await openMoreOptions(page);
        await page.check('input[name=mode][value=hotseat]');
        await page.fill('input[name=opt-size]', '9');
        await press('#start');
        await page.waitForURL(/\/game\//);
        let state = await waitTurn(page);
        await press('.pt.can[data-point="c3"]');
        state = await waitVersion(page, Number(state.version));
        await page.evaluate(() => window.scrollTo(0, 0));
        assert(await inWindow(page, '#swap'), 'the swap offer is on the first screen');
        await t.screen(page, `friction-swap-offer-${sizeName(size)}`);
        await t.shot(page, `morphos-swap-offer-${sizeName(size)}`);
        // a game over: the result, Rematch and Analyse first
        await press('#resign');
        await press('dialog[open] button:has-text("Resign")');
        await page.waitForSelector('#game[data-status="finished"]');
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const sel of ['.result h2', '#rematch', '#analyse-game']) assert(await inWindow(page, sel), `${sel} on the first screen`);
        const order = await page.$$eval('.result > *', (els) => els.map((e) => e.tagName));
        assertEqual(order.slice(0, 2), ['H2', 'DIV'], 'the buttons right under the result, before its paragraphs');
        await t.screen(page, `friction-game-over-${sizeName(size)}`);
        await t.shot(page, `morphos-over-${sizeName(size)}`);
      }
    },
  },
  {
    name: 'a phone\'s 13x13 board: a first tap zooms on the area, the next plays the point; a mouse plays at once',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ ...PHONE, label: 'phone' });
      // one tap plays here: "Confirm moves" (on by default on touch between people) is test_moves's
      await page.addInitScript(() => localStorage.setItem('morph.pref.confirm', 'false'));
      await page.goto(`${server.url}/?game=morphos`);
      await openMoreOptions(page);
      await page.fill('input[name=opt-size]', '13');
      await page.tap('#start');
      await page.waitForURL(/\/game\//);
      let state = await waitTurn(page);
      const size = async () => page.$eval('.pt[data-point="d4"] .hit', (r) => Math.round(r.getBoundingClientRect().width));
      assert(await size() < 30, `13x13: points ${await size()} px apart`);
      await page.tap('.pt.can[data-point="d4"]');
      await page.waitForSelector('.morphos-svg.zoomed');
      assertEqual((await gameState(page)).version, state.version, 'the first tap played nothing');
      assert(await size() >= 40, `zoomed: a point is ${await size()} px wide`);
      assert(await inWindow(page, '.pt[data-point="d4"] .hit'), 'the point touched stays in view');
      await t.screen(page, 'friction-zoom-phone');
      await t.shot(page, 'morphos-13-zoomed-phone');
      // Whole board, then zoom again and play
      await page.tap('#zoom-out');
      await page.waitForSelector('.morphos-svg:not(.zoomed)');
      await page.tap('.pt.can[data-point="d4"]');
      await page.waitForSelector('.morphos-svg.zoomed');
      await page.tap('.pt.can[data-point="d4"]');
      state = await waitVersion(page, Number(state.version));
      assertEqual(await page.$$eval('.moves-list li', (li) => li[0].textContent), 'Black places a stone on d4', 'the point tapped is played');
      assert(!(await page.$('.morphos-svg.zoomed')), 'the whole board again after the move');
      // a 9x9 board's points are large enough: one tap plays
      const desk = await t.page({ width: 1280, height: 800, label: 'desktop' });
      await desk.goto(`${server.url}/?game=morphos`);
      await openMoreOptions(desk);
      await desk.fill('input[name=opt-size]', '13');
      await desk.click('#start');
      await desk.waitForURL(/\/game\//);
      state = await waitTurn(desk);
      await t.screen(desk, 'friction-zoom-desktop');
      await desk.click('.pt.can[data-point="d4"]');
      state = await waitVersion(desk, Number(state.version));
      assert(!(await desk.$('.morphos-svg.zoomed')), 'a mouse plays at once');
    },
  },
  {
    name: 'the dark theme: the black stone of the players\' table stands out from the table',
    async run(t) {
      const server = await t.server();
      for (const [scheme, size] of [['dark', DESKTOP], ['dark', PHONE], ['light', DESKTOP]]) {
        const page = await t.page({ ...size, label: `${scheme}, ${sizeName(size)}` });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${server.url}/?game=morphos`);
        await openMoreOptions(page);
        await presser(page, size)('#start');
        await page.waitForURL(/\/game\//);
        await waitTurn(page);
        assertEqual(await page.evaluate(() => document.documentElement.dataset.theme), scheme, 'the theme');
        // the stone's outline (or, with none, its fill) against the cell behind it: 3:1 at least (WCAG's non-text contrast)
        const ratio = await page.$eval('.players tr[data-seat="1"] .stone-icon .stone', (stone) => {
          const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => {
            const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
          };
          let cell = stone.closest('td');
          let bg = getComputedStyle(cell).backgroundColor;
          while (/rgba\(0, 0, 0, 0\)|transparent/.test(bg)) { cell = cell.parentElement; bg = getComputedStyle(cell).backgroundColor; }
          const style = getComputedStyle(stone);
          const edge = style.stroke !== 'none' && parseFloat(style.strokeWidth) >= 2 ? style.stroke : style.fill;
          const [a, b] = [lum(rgb(edge)), lum(rgb(bg))].sort((x, y) => y - x);
          return (a + 0.05) / (b + 0.05);
        });
        assert(ratio >= 3, `${scheme}: the black stone's edge against the table: ${ratio.toFixed(2)}:1`);
        if (scheme === 'dark') await t.screen(page, `friction-dark-stone-${sizeName(size)}`, size.touch ? '.players' : null);
        if (scheme === 'dark' && !size.touch) await t.shot(page, 'morphos-players-dark');
      }
    },
  },
];
