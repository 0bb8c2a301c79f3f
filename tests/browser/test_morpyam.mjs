// Morpyam in the browser: a whole game against the AI played by clicking
// dice, buttons and squares; Plus building; real dice in a hot-seat game.
// also on postgresql
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { MORPH, waitTurn, waitVersion, gameState, moveTexts, assert, assertEqual, openMoreOptions } from './lib.mjs';

// Keeps the dice showing the commonest value (at most four), so a figure is
// in reach, and no other die (a hint may have marked some kept already).
// Each click must show on its die. A click that never reached the page (no
// click event on any die: the input was lost between the driver and the
// page, seen once in CI) is given once more; a click the page received
// without effect fails the test.
async function keepCommonest(page) {
  const dice = await page.$$eval('.dice .die', (buttons) => buttons.map((d) => ({
    value: Number(d.dataset.value), kept: d.getAttribute('aria-pressed') === 'true',
  })));
  const counts = {};
  for (const d of dice) counts[d.value] = (counts[d.value] || 0) + 1;
  const best = Number(Object.keys(counts).sort((a, b) => counts[b] - counts[a] || b - a)[0]);
  const want = new Set();
  dice.forEach((d, i) => { if (d.value === best && want.size < 4) want.add(i); });
  await page.evaluate(() => {
    window.dieClicks = [];
    if (window.dieClickWatch) return;
    window.dieClickWatch = true;
    document.addEventListener('click', (e) => {
      const die = e.target.closest && e.target.closest('.dice .die');
      if (die) window.dieClicks.push(Number(die.dataset.index));
    }, true);
  });
  for (let i = 0; i < dice.length; i++) {
    if (dice[i].kept === want.has(i)) continue;
    const die = `.dice .die[data-index="${i}"]`;
    for (let attempt = 1; ; attempt++) {
      await page.evaluate(() => { window.dieClicks = []; });
      await page.click(die);
      const shown = await page.waitForSelector(`${die}[aria-pressed="${want.has(i)}"]`, { timeout: 3000 }).then(() => true, () => false);
      if (shown) break;
      const received = await page.evaluate(() => window.dieClicks);
      if (received.length || attempt === 2) {
        throw new Error(`die ${i + 1} not marked ${want.has(i) ? 'kept' : 'rerolled'} after a click (clicks received: ` +
          `${JSON.stringify(received)}, attempt ${attempt}, page ${JSON.stringify(await gameState(page))})`);
      }
      console.log(`  note: the click on die ${i + 1} never reached the page; clicked again`);
    }
  }
  const pressed = await page.$$eval('.dice .die', (buttons) => buttons.flatMap((d, i) => (d.getAttribute('aria-pressed') === 'true' ? [i] : [])));
  assertEqual(pressed, [...want], 'the dice marked as kept are the ones clicked');
}

// One decision of the device's seat, by clicking. Returns what was done.
export async function playMorpyamDecision(page, { call = false } = {}) {
  const lit = await page.$$('.sq.can');
  if (lit.length && !(await page.$('.hand'))) {
    await lit[0].click();
    return 'place';
  }
  if (await page.$('.hand .chip')) {
    await page.click('.hand .chip:not([aria-disabled])');
    await page.waitForSelector('.sq.can');
    await page.click('.sq.can >> nth=0');
    return 'put';
  }
  if (await page.$('#roll')) {
    await page.click('#roll');
    return 'roll';
  }
  if (call && (await page.$('.calls .call')) && (await page.$('#reroll'))) {
    // a call is held by the page and made with the reroll
    await page.click('.calls .call >> nth=0');
    await keepCommonest(page);
    if (await page.$('#reroll[aria-disabled="true"]')) await page.click('.dice .die[aria-pressed="true"] >> nth=0');
    await page.click('#reroll');
    return 'call';
  }
  if (await page.$('#reroll')) {
    await keepCommonest(page);
    if (await page.$('#reroll[aria-disabled="true"]')) await page.click('.dice .die[aria-pressed="true"] >> nth=0');
    await page.click('#reroll');
    return 'reroll';
  }
  if (await page.$('#pass')) {
    await page.click('#pass');
    return 'pass';
  }
  throw new Error(`no control to play: ${JSON.stringify(await gameState(page))}`);
}

// Undo is offered exactly when the server would accept it (the state's
// can_undo of the page's seat); when not, it is greyed out (aria-disabled:
// a tap still says why) and its title says why (undo_why). Returns the
// title.
async function undoMatchesServer(page, server, id, token, expected) {
  const seat = (await server.api('GET', `/api/games/${id}`, { token })).data.seats[0];
  assertEqual(seat.can_undo, expected, `the server ${expected ? 'would' : 'would not'} take the decision back`);
  const [disabled, title] = await page.$eval('#undo', (b) => [b.getAttribute('aria-disabled') === 'true', b.title]);
  assertEqual(disabled, !seat.can_undo, 'Undo is enabled exactly when the server would accept it');
  if (!seat.can_undo) assertEqual(title, `${seat.undo_why.charAt(0).toUpperCase()}${seat.undo_why.slice(1)}.`, 'its title is the server\'s reason');
  return title;
}

// [key, "TAG fill seat-N"] for each element of selector: its data-KEY and
// the look of the token inside it (null without one).
function tokenLooks(page, selector, key) {
  return page.$$eval(selector, (els, k) => els.map((el) => {
    const x = el.querySelector('.token');
    return [el.dataset[k], x && `${x.tagName} ${x.getAttribute('fill')} ${x.getAttribute('class').split(' ')[1]}`];
  }), key);
}

async function startGame(page, url, setup) {
  await page.goto(url + '/');
  if (setup) {
    await openMoreOptions(page);
    await setup();
    await page.click('#start');
  } else {
    // one click: the AI at its gentle level
    await page.click('#play-ai-morpyam');
  }
  await page.waitForURL(/\/game\/[a-z2-7]+$/);
  await page.waitForSelector('#game');
}

export const tests = [
  {
    name: 'a whole game against the AI, by clicking dice, buttons and squares',
    // a whole game of animated and quick dice: 55 s alone, over 150 s on a machine loaded by other suites
    timeout: 300000,
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'player' });
      await startGame(page, server.url);
      await t.shot(page, 'morpyam-game-start');
      // the rules' English names, never the codes of action texts; the legend beside the grid
      await page.waitForSelector('#legend .square-legend li');
      const words = await page.evaluate(() => document.body.innerText);
      const code = /brelan|carre|petite-suite|appel/i.exec(words);
      assert(!code, `no code word on the page: '${code && words.slice(Math.max(0, code.index - 80), code.index + 40)}'`);
      const names = await page.$$eval('#legend .square-legend strong', (x) => x.map((e) => e.textContent));
      for (const name of ['three 1s', 'small straight', 'straight', 'full house', 'square', 'mini', 'maxi', 'morpyam', 'all-in-one', 'call'])
        assert(names.includes(name), `the legend names ${name}: ${names}`);
      const beside = await page.evaluate(() => {
        const g = document.querySelector('.grid-svg').getBoundingClientRect();
        const l = document.getElementById('legend').getBoundingClientRect();
        return l.left >= g.right && l.top < g.bottom && l.bottom > g.top;
      });
      assert(beside, 'the legend stands beside the grid');
      // every tumble of the dice, with the caption saying whose roll it is
      await page.evaluate(() => {
        window.rolls = [];
        new MutationObserver((changes) => {
          for (const c of changes) {
            if (c.target.classList.contains('rolling') && !(c.oldValue || '').includes('rolling'))
              window.rolls.push(document.querySelector('.tray-caption').textContent);
          }
        }).observe(document.getElementById('game'), { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
      });
      let state = await waitTurn(page);
      // the first roll tumbles (normal speed)
      assert(await page.$('#roll'), 'a Roll button at the start of the turn');
      await page.click('#roll');
      state = await waitVersion(page, Number(state.version));
      // a screenshot of the table once the dice light squares up
      let tableShot = false;
      const shotTable = async () => {
        if (tableShot || !(await page.$('.sq.can')) || !(await page.$('#reroll'))) return;
        tableShot = true;
        await t.shot(page, 'morpyam-game');
      };
      // a hint: the whole plan of the turn with its chance, in the library's words
      await page.click('#hint');
      await page.waitForSelector('.hint-box:not([hidden]) .hint-words');
      const shown = await page.textContent('.hint-box .hint-words');
      const token = await page.evaluate((gid) => JSON.parse(localStorage.getItem(`morph.tokens.${gid}`))[0], state.id);
      const advice = (await server.api('POST', `/api/games/${state.id}/hint`, { body: {}, token })).data;
      assertEqual(shown, `Hint: ${advice.words}`, 'the page shows the advice as the server words it');
      assert(/^(keep|reroll|call|place|pass)/.test(advice.words) && /%|: Guest /.test(advice.words), `a plan with its chance: ${advice.words}`);
      if (advice.cell) assert(await page.$(`.sq.hinted[data-square="${advice.cell}"]`), `the square aimed at (${advice.cell}) is marked`);
      if (advice.kind === 'reroll') {
        // the dice the plan keeps are marked kept: Reroll does what the hint says
        assertEqual(await page.getAttribute('#reroll', 'title'), `${advice.text} (R)`, 'the Reroll button plays the hint');
      }
      // a call is held by the page until the roll: picked, changed and
      // cancelled with no action made (test_frictions makes one)
      if (await page.$('.calls .call')) {
        const calls = await page.$$eval('.calls .call', (b) => b.map((x) => x.textContent));
        for (const c of calls) assert(['square', 'full house', 'maxi', 'mini', 'morpyam', 'straight', 'all-in-one'].includes(c), `a call by its name: ${c}`);
        await page.click('.calls .call >> nth=0');
        await page.waitForSelector('.calls .call[aria-pressed="true"]');
        await page.click('.calls .call >> nth=0');
        await page.waitForSelector('.calls .call[aria-pressed="true"]', { state: 'detached' });
        assertEqual((await gameState(page)).version, state.version, 'no action made');
      }
      // ...but never a decision that led to a roll: the server's reason is shown
      if (await page.$('#reroll')) {
        await keepCommonest(page);
        if (await page.$('#reroll[aria-disabled="true"]')) await page.click('.dice .die[aria-pressed="true"] >> nth=0');
        await page.click('#reroll');
        state = await waitVersion(page, Number(state.version));
        if (state.act === 'yes') {
          // no refused request: Undo is not offered, and says why
          const title = await undoMatchesServer(page, server, state.id, token, false);
          assert(/dice have been rolled since/.test(title), `Undo says why it is off: ${title}`);
          await page.keyboard.press('u');
          await page.waitForSelector('#why:not(:empty)');
          assertEqual(await page.textContent('#why'), title, 'U says it too, in the status line');
          assertEqual((await gameState(page)).version, state.version, 'nothing changed');
        }
      }
      // the AI's own roll is seen rolling too: play until its turn has come
      const aiRolled = () => page.evaluate(() => window.rolls.some((c) => /^Casual AI rolls/.test(c)));
      let called = false;
      const done = [];
      for (let i = 0; i < 12 && !(await aiRolled()); i++) {
        state = await waitTurn(page);
        if (state.status === 'finished') break;
        await shotTable();
        const before = Number(state.version);
        done.push(await playMorpyamDecision(page));
        await waitVersion(page, before);
        await waitTurn(page);
      }
      assert(await page.evaluate(() => window.rolls.some((c) => /^Guest rolls/.test(c))), 'the player\'s roll was shown rolling');
      assert(await aiRolled(), 'the AI\'s roll was shown rolling');
      // the rest with quick dice
      await page.check('#quick-dice');
      let decisions = 0;
      for (;;) {
        state = await waitTurn(page, 60000);
        if (state.status === 'finished') break;
        await shotTable();
        const before = Number(state.version);
        done.push(await playMorpyamDecision(page, { call: !called }));
        if (done[done.length - 1] === 'call') called = true;
        await waitVersion(page, before);
        assert(++decisions < 600, 'the game ends');
      }
      for (const kind of ['roll', 'reroll', 'place', 'call']) assert(done.includes(kind), `played a ${kind} (${done.join(' ')})`);
      assert(tableShot, 'the dice lit squares up at some point');
      // the end: the result in words, points, the record
      const result = await page.textContent('.result');
      assert(/wins|Draw|draw/.test(result), `a result is shown: ${result}`);
      const state2 = await server.api('GET', `/api/games/${state.id}`);
      assertEqual(state2.data.status, 'finished', 'the server has the game finished');
      const texts = await moveTexts(page);
      assertEqual(texts, state2.data.history.map((e) => e.text), 'the move list is the history in words');
      await t.shot(page, 'morpyam-game-over');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record')]);
      const file = path.join(t.dir, 'record.json');
      await download.saveAs(file);
      const record = JSON.parse(fs.readFileSync(file, 'utf8'));
      assertEqual(record.game, 'morpyam', 'the record downloaded');
      assertEqual(record.actions.length, state2.data.count, 'the record holds every action');
      // morph replay checks it and finds the same end
      assertEqual([record.result.winners, record.result.how], [state2.data.result.winners, state2.data.result.how], 'the record has the result');
      const replayed = execFileSync(MORPH, ['replay', file], { encoding: 'utf8' });
      assert(new RegExp(`^result: player ${state2.data.result.winners[0]} wins by ${state2.data.result.how}`, 'm').test(replayed),
        `morph replay finds the same result:\n${replayed.slice(-300)}`);
      // rematch: a new game, the seats moved round: the AI in seat 1, this device in seat 2
      await page.click('#rematch');
      await page.waitForURL((u) => !u.pathname.endsWith(state.id));
      await page.waitForSelector('#game');
      const again = await gameState(page);
      assert(again.id !== state.id, 'a new game');
      assertEqual(again.seats, '2', 'the rematch has this device in seat 2');
      const fresh = await server.api('GET', `/api/games/${again.id}`);
      assertEqual([fresh.data.seats[0].kind, fresh.data.rematch_of], ['ai', state.id], 'the AI moved to seat 1');
      await waitTurn(page);
      assert(/Your turn/.test(await page.textContent('.status')), 'and the rematch is played from this device');
    },
  },
  {
    name: 'Plus: the grid is built by picking squares from the hand; resign asks first',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'builder' });
      await startGame(page, server.url, () => page.selectOption('select[name="opt-variant"]', 'plus'));
      await page.check('#quick-dice').catch(() => {});
      let puts = 0;
      for (;;) {
        const state = await waitTurn(page);
        if (!(await page.$('.hand .chip'))) break;
        const before = Number(state.version);
        const held = await page.$$eval('.hand .chip-count', (c) => c.reduce((n, x) => n + Number(x.textContent), 0));
        assertEqual(held, 18 - puts, 'the hand holds the squares not put yet');
        const code = await page.getAttribute('.hand .chip:not([aria-disabled])', 'data-code');
        await page.click(`.hand .chip[data-code="${code}"]`);
        await page.waitForSelector(`.hand .chip.picked[data-code="${code}"]`);
        const square = await page.getAttribute('.sq.can >> nth=0', 'data-square');
        await page.click(`.sq.can[data-square="${square}"]`);
        await waitVersion(page, before);
        const put = await page.getAttribute(`.sq[data-square="${square}"]`, 'data-code');
        assertEqual(put, code, `square ${square} holds the code put`);
        puts++;
        if (puts === 7) await t.shot(page, 'morpyam-plus-build');
      }
      assertEqual(puts, 18, 'squares put by the person');
      const grid = await page.$$eval('.sq', (sq) => sq.filter((s) => s.dataset.code).length);
      assertEqual(grid, 36, 'the grid is complete');
      await t.shot(page, 'morpyam-plus-built');
      // resign: a confirmation first; cancel keeps the game
      await page.click('#resign');
      await page.click('dialog.confirm button[value="no"]');
      assertEqual((await gameState(page)).status, 'playing', 'cancel keeps playing');
      const before = Number((await gameState(page)).version);
      await page.click('#resign');
      await page.click('dialog.confirm button[value="yes"]');
      await waitVersion(page, before);
      assertEqual((await gameState(page)).status, 'finished', 'resigned');
      assert(/forfeit/.test(await page.textContent('.result')), 'the result says how');
    },
  },
  {
    name: 'real dice, hot-seat: each seat types its dice',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'hot-seat' });
      await startGame(page, server.url, async () => {
        await page.check('input[name=mode][value=hotseat]');
        await page.check('input[name=real-dice]');
      });
      let state = await waitTurn(page);
      assertEqual(state.seats, '1,2', 'both seats on this device');
      // the roll-off: one die each, typed on the keyboard
      await page.keyboard.press('2');
      await page.keyboard.press('Enter');
      state = await waitVersion(page, Number(state.version));
      await page.click('.real-dice .face[data-face="6"]');
      await page.click('#send-dice');
      state = await waitVersion(page, Number(state.version));
      const texts = await moveTexts(page);
      assert(/P2 rolls 6 for the first player: P2 starts/.test(texts[1]), `P2 starts: ${texts[1]}`);
      // P2 rolls its five dice and types them
      await page.click('#roll');
      state = await waitVersion(page, Number(state.version));
      // Enter before the dice are typed, and a sixth face, say why they do nothing
      const said = async (sel) => {
        await page.evaluate(() => { document.getElementById('why').textContent = ''; });
        await page.click(sel, { force: true });
        await page.waitForSelector('#why:not(:empty)');
        return page.textContent('#why');
      };
      assertEqual(await said('#send-dice'), 'Enter what 5 more dice show first.', 'Enter before the dice');
      for (const v of [1, 2, 3, 4, 5]) await page.click(`.real-dice .face[data-face="${v}"]`);
      assertEqual(await said('.real-dice .face[data-face="6"]'), 'All 5 dice are entered: Enter sends them, Clear starts again.', 'a sixth die');
      await t.shot(page, 'morpyam-real-dice');
      await page.click('#send-dice');
      state = await waitVersion(page, Number(state.version));
      const dice = await page.$$eval('.dice .die', (d) => d.map((x) => Number(x.dataset.value)));
      assertEqual(dice, [1, 2, 3, 4, 5], 'the dice typed are the dice shown');
      const lit = await page.$$eval('.sq.can', (sq) => sq.map((s) => s.dataset.code));
      assert(lit.includes('SU') && lit.includes('SE'), `a suite on the first roll lights suite and Sec squares: ${lit}`);
      await page.click('.sq.can[data-code="SU"] >> nth=0');
      state = await waitVersion(page, Number(state.version));
      assert(/Your turn: P1/.test(await page.textContent('.status')), 'then P1, on the same device');
      assert(!(await page.$('#undo')), 'no undo between people');
    },
  },
  {
    name: 'Flash, three players: its grid without Sec nor Appel, no calls, a whole game',
    async run(t) {
      const server = await t.server();
      const page = await t.page({ label: 'flash' });
      await startGame(page, server.url, async () => {
        await page.selectOption('select[name="opt-variant"]', 'flash');
        await page.check('input[name=opt-players][value="3"]');
        await page.check('input[name=mode][value=custom]');
        await page.selectOption('select[name="seat-2"]', 'ai:master');
        await page.selectOption('select[name="seat-3"]', 'ai:random');
      });
      await page.check('#quick-dice');
      assert(/3 players · Flash/.test(await page.textContent('h1 small')), 'the title names the variant');
      const codes = await page.$$eval('.sq', (sq) => [...new Set(sq.map((s) => s.dataset.code))].sort());
      assertEqual(codes, ['1', '2', '3', '4', '5', '6', 'CA', 'FU', 'MO', 'PS', 'SU'], 'the Flash grid: nothing to add up, no Sec, no Appel');
      assertEqual(await page.$$eval('.scores tbody tr', (rows) => rows.length), 3, 'three players listed');
      const state0 = await gameState(page);
      let decisions = 0;
      let placed = 0;
      for (;;) {
        const state = await waitTurn(page, 60000);
        if (state.status === 'finished') break;
        assert(!(await page.$('.calls')), 'no call is ever offered');
        const before = Number(state.version);
        if ((await playMorpyamDecision(page)) === 'place') placed++;
        await waitVersion(page, before);
        if (placed === 4 && !(await page.$('.shot-taken'))) {
          await page.evaluate(() => document.body.classList.add('shot-taken'));
          await t.shot(page, 'morpyam-flash');
        }
        assert(++decisions < 500, 'the game ends');
      }
      assert(placed > 0, 'tokens placed by clicking');
      const result = await page.textContent('.result');
      assert(/wins|draw/i.test(result), `a result is shown: ${result}`);
      // The three seats' tokens: three shapes in three colours, each seat's
      // in its row of the scores. The dice of the game come from a seed the
      // server draws, so a seat (the random AI above all) may end the game
      // without a square: the board is checked against the server's, square
      // by square, for whichever seats covered some.
      const icons = await tokenLooks(page, '.scores tbody tr', 'seat');
      assertEqual(icons.map(([seat]) => seat), ['1', '2', '3'], 'a row for each seat');
      assertEqual(new Set(icons.map(([, look]) => look.split(' ').slice(0, 2).join(' '))).size, 3, `three shapes in three colours (${icons})`);
      const iconOf = Object.fromEntries(icons);
      const owners = (await server.api('GET', `/api/games/${state0.id}`)).data.board.tokens;
      const board = await tokenLooks(page, '.sq', 'square');
      for (const [square, shown] of board) {
        const owner = owners[square];
        assertEqual(shown, owner ? iconOf[String(owner)] : null, `square ${square}: the token of ${owner ? `P${owner}` : 'nobody'}`);
      }
      assert(Object.keys(owners).length > 0 && board.some(([, k]) => k), 'tokens on the board');
    },
  },
];
