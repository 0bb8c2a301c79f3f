// The engine in the page (web/js/engine.js, mirror.js): a game screen follows
// the game with it, so the server's answers to moves are lean (what changed,
// under a kilobyte on 9x9) and the stream sends ticks between whole states;
// what the page draws is what the server's whole state says; a click the
// rules refuse is answered at once in the server's words, with no request,
// in the status line under the board.
import fs from 'node:fs';
import path from 'node:path';
import { waitTurn, waitCount, gameState, assert, assertEqual, OUT } from './lib.mjs';
import { startFriendGame, move } from './test_morphos.mjs';

// The requests a page makes while fn runs (their URLs).
async function requestsDuring(page, fn) {
  const seen = [];
  const listen = (request) => seen.push(request.url());
  page.on('request', listen);
  try {
    await fn();
  } finally {
    page.off('request', listen);
  }
  return seen;
}

export const tests = [
  {
    name: 'lean answers and stream on 9x9; a refused click answered by the engine without a request',
    async run(t) {
      const server = await t.server();
      const a = await t.page({ label: 'A' });
      const b = await t.page({ label: 'B' });
      const answers = [];
      a.on('response', async (response) => {
        if (/\/actions/.test(response.url())) answers.push({ url: response.url(), body: await response.text() });
      });
      const streams = [];
      b.on('request', (request) => /\/events/.test(request.url()) && streams.push(request.url()));
      const link = await startFriendGame(a, server.url, 9);
      await b.goto(link);
      await b.waitForSelector('#game[data-engine="yes"]');
      await a.waitForSelector('#game[data-engine="yes"]');
      const id = (await gameState(a)).id;
      assert(streams.some((url) => /\/events\?lean=1(&|$)/.test(url)), `B's stream is lean: ${streams.join(' ')}`);

      await move(a, 'e5');
      await waitCount(b, 1);
      assertEqual(answers.length, 1, 'one action request');
      assert(answers[0].url.endsWith('/actions?lean=1'), `the action asks for a lean answer: ${answers[0].url}`);
      const lean = JSON.parse(answers[0].body);
      assert(answers[0].body.length < 1024 && !lean.legal && lean.entries.length === 1,
        `a 9x9 move answered in ${answers[0].body.length} bytes, without the legal actions`);

      // B's screen, computed by its engine, is the server's whole state
      const server1 = (await server.api('GET', `/api/games/${id}`)).data;
      await waitTurn(b);
      const playable = await b.$$eval('.pt.can', (pts) => pts.map((p) => p.dataset.point).sort());
      assertEqual(playable, server1.legal.filter((l) => l.point).map((l) => l.point).sort(), 'B may play exactly the legal points');
      assertEqual(await b.$$eval('.pt.has-black', (pts) => pts.map((p) => p.dataset.point)), ['e5'], 'the stone is drawn');
      assertEqual(await b.textContent('.narration'), server1.history[0].text, 'the sentence of the move');

      // a click on the stone: the rules' reason at once in the status line,
      // no request (a stone's click would flip it: "xe5")
      await b.evaluate(() => { document.getElementById('why').textContent = ''; });
      const sent = await requestsDuring(b, async () => {
        await b.click('.pt[data-point="e5"]');
        await b.waitForSelector('#why >> text=e5 is not weak');
      });
      assertEqual(sent, [], 'the refused click made no request');
      fs.mkdirSync(OUT, { recursive: true });
      await b.screenshot({ path: path.join(OUT, 'engine-refused.png'), fullPage: true });
      const why = (await server.api('GET', `/api/games/${id}/why?action=xe5`)).data;
      assertEqual(await b.textContent('#why'), `${why.why}.`, 'in the server\'s words (GET .../why)');
      assertEqual(await b.$$('.toast'), [], 'no toast covers the board');
      assertEqual((await server.api('GET', `/api/games/${id}`)).data.count, 1, 'nothing was played');

      // a few more moves each way, then the whole state and the screens agree
      for (const [page, point] of [[b, 'd4'], [a, 'c3'], [b, 'f6'], [a, 'g7']]) await move(page, point);
      await waitCount(a, 5);
      await waitCount(b, 5);
      const whole = (await server.api('GET', `/api/games/${id}`)).data;
      for (const page of [a, b]) {
        const shown = await gameState(page);
        assertEqual([Number(shown.count), Number(shown.version)], [whole.count, whole.version], `${page.label} shows the latest version`);
        const stones = await page.$$eval('.pt.has-black, .pt.has-white', (pts) => pts.map((p) => p.dataset.point).sort());
        assertEqual(stones, [...whole.board.stones.black, ...whole.board.stones.white].sort(), `${page.label} draws the server's stones`);
        const moves = await page.$$eval('.moves-list li', (items) => items.map((li) => li.textContent));
        assert(moves.every((m, i) => m.includes(whole.history[i].text)), `${page.label}'s move list is the server's history`);
      }
      assert(answers.every((answer) => answer.body.length < 1024), 'every move of A answered in under a kilobyte');
    },
  },
];
