// The replay viewer on records made by `morph play` and on a stored game;
// the rules pages.
// also on postgresql
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MORPH, assert, assertEqual } from './lib.mjs';

function where(page) {
  return page.textContent('.where');
}

export const tests = [
  {
    name: 'the replay viewer steps through a record made by morph play',
    async run(t) {
      const server = await t.server();
      const file = path.join(t.dir, 'game.json');
      execFileSync(MORPH, ['play', 'morphos', '--size', '7', '--players', 'ai:random,ai:random', '--seed', '3', '--record', file, '--quiet']);
      const record = JSON.parse(fs.readFileSync(file, 'utf8'));
      const page = await t.page({ label: 'viewer' });
      await page.goto(`${server.url}/replay`);
      await page.setInputFiles('#record-file', file);
      await page.waitForSelector('#replay');
      const count = Number(await page.getAttribute('#replay-slider', 'max'));
      assert(count >= record.actions.length, `every action is there (${count})`);
      assertEqual(await where(page), `Action 0 of ${count}`, 'the viewer opens at the start');
      assertEqual(await page.$$eval('.pt.has-black, .pt.has-white', (p) => p.length), 0, 'an empty board at the start');
      const moves = await page.$$eval('.replay-moves li', (li) => li.map((x) => x.textContent));
      await page.click('#replay-forward');
      assertEqual(await where(page), `Action 1 of ${count}`, 'forward one');
      assertEqual(await page.textContent('.narration'), moves[0], 'the narration is the first move in words');
      assertEqual(await page.$$eval('.pt.has-black', (p) => p.map((x) => x.dataset.point)), [record.actions[0]], 'the first stone');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assertEqual(await where(page), `Action 3 of ${count}`, 'the arrow keys step');
      await page.keyboard.press('ArrowLeft');
      assertEqual(await where(page), `Action 2 of ${count}`, 'and back');
      await page.click('#replay-back');
      assertEqual(await where(page), `Action 1 of ${count}`, 'the back button');
      await page.fill('#replay-slider', String(Math.floor(count / 2)));
      assertEqual(await where(page), `Action ${Math.floor(count / 2)} of ${count}`, 'the slider');
      await t.shot(page, 'replay-viewer');
      await page.keyboard.press('End');
      assertEqual(await where(page), `Action ${count} of ${count}`, 'End goes to the end');
      assert(/wins|Draw/.test(await page.textContent('.result')), 'the result at the end');
      // clicking a move in the list goes there
      await page.click('.replay-moves li:nth-child(5) button');
      assertEqual(await where(page), `Action 5 of ${count}`, 'a move of the list');
      // a Morpyam record too, and a file that is not a record
      // four players ending on points: the lines and the end bonus at the end
      const dice = path.join(t.dir, 'dice.json');
      execFileSync(MORPH, ['play', 'morpyam', '--players', 'ai:greedy,ai:greedy,ai:greedy,ai:greedy', '--seed', '4', '--record', dice, '--quiet']);
      const four = JSON.parse(fs.readFileSync(dice, 'utf8'));
      await page.goto(`${server.url}/replay`);
      await page.setInputFiles('#record-file', dice);
      await page.waitForSelector('#replay .grid-svg');
      assertEqual(await page.$$eval('.replay-extra .scores tbody tr', (r) => r.length), 4, 'four players');
      await page.keyboard.press('End');
      const tokens = await page.$$eval('.sq.covered', (s) => s.length);
      assert(tokens > 5, `tokens on the grid at the end (${tokens})`);
      const points = await page.$$eval('.replay-extra .scores tbody tr td:nth-child(3)', (td) => td.map((x) => Number(x.textContent)));
      assertEqual(points, four.result.points, 'the points of the record at the end');
      if (four.result.how === 'points') {
        const bonus = await page.textContent('.replay-extra ul.lines li[data-kind="bonus"]');
        assert(/end bonus/.test(bonus), `the end bonus is shown: ${bonus}`);
      }
      const lines = await page.$$eval('.replay-extra ul.lines li[data-kind="line"]', (li) => li.length);
      assertEqual(lines, await page.$$eval('.grid-svg .mark-line.line', (l) => l.length), 'every scoring line listed is drawn');
      await t.shot(page, 'replay-morpyam');
      await page.goto(`${server.url}/replay`);
      const bad = path.join(t.dir, 'bad.json');
      fs.writeFileSync(bad, '{"format":"morph-record","version":1,"game":"chess"}');
      await t.allowing(/status of 422|status of 400/, async () => {
        await page.setInputFiles('#record-file', bad);
        await page.waitForSelector('.replay-open .error:not([hidden])');
      });
      assert(/bad\.json: /.test(await page.textContent('.replay-open .error')), 'the refusal is shown');
    },
  },
  {
    name: 'a finished game opens in the viewer, its never-taken seat closed; the rules pages',
    async run(t) {
      const server = await t.server();
      const made = await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 5 }, seats: [{ kind: 'human', mine: true }, { kind: 'ai', level: 'random' }] } });
      const token = made.data.seats[0].token;
      for (const point of ['c3', 'c2']) {
        await server.waitSeat(made.data.id, 1);
        const r = await server.api('POST', `/api/games/${made.data.id}/actions`, { body: { action: point }, token });
        if (r.status !== 200) break; // the random AI may have taken c2: one stone is enough
      }
      await server.waitSeat(made.data.id, 1);
      const resigned = await server.api('POST', `/api/games/${made.data.id}/resign`, { body: {}, token });
      assertEqual(resigned.status, 200, `resigned on its turn: ${JSON.stringify(resigned.data)}`);
      const page = await t.page({ label: 'viewer' });
      await page.goto(`${server.url}/replay/${made.data.id}`);
      await page.waitForSelector('#replay');
      await page.keyboard.press('End');
      assert(/resigns/.test(await page.textContent('.narration')), 'the last action is the resignation');
      for (const game of ['morpyam', 'morphos']) {
        await page.goto(`${server.url}/rules/${game}`);
        await page.waitForSelector('#rules-text p');
        const text = await page.textContent('#rules-text');
        assert(text.includes(game === 'morpyam' ? 'All-in-one' : 'Weak stones'), `the ${game} rules are shown`);
        assert(await page.$('#rules-text table.legend'), 'with the legend');
        await t.shot(page, `rules-${game}`);
      }
      // the options change the rules shown
      await page.goto(`${server.url}/rules/morpyam`);
      await page.waitForSelector('#rules-text p');
      await page.selectOption('select[name="variant"]', 'plus');
      await page.waitForFunction(() => /dealt/.test(document.getElementById('rules-text').textContent));
      assert(page.url().includes('variant=plus'), 'the address keeps the options');
      // the pages of a wrong address, a used or wrong invitation and an unknown game say so
      await page.goto(`${server.url}/nothing/here`);
      assertEqual(await page.textContent('main h1'), 'Nothing here', 'an unknown address');
      await t.allowing(/status of 404/, async () => {
        await page.goto(`${server.url}/join/${'a'.repeat(26)}`);
        await page.waitForSelector('.error-card');
        assert(/no open seat has this invitation/.test(await page.textContent('.error-card')), 'an invitation that claims nothing');
        await page.goto(`${server.url}/game/zzzzzzzzzz`);
        await page.waitForSelector('.error-card');
        assertEqual(await page.textContent('.error-card h1'), 'No such game', 'an unknown game');
      });
      // a game that ended before its second seat was taken: the seat is closed
      const open = await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 5 }, seats: [{ kind: 'human', mine: true }, { kind: 'human' }] } });
      assertEqual((await server.api('POST', `/api/games/${open.data.id}/resign`, { body: {}, token: open.data.seats[0].token })).status, 200, 'the creator resigns while waiting');
      await page.goto(`${server.url}/game/${open.data.id}`);
      await page.waitForSelector('.result');
      assertEqual(await page.textContent('tr[data-seat="2"] .flag.open'), 'never taken', 'the empty seat of a finished game');
      assert(!(await page.$('.take-seat')), 'no seat to take in a finished game');
      await t.allowing(/status of 409/, async () => {
        await page.goto(`${server.url}${open.data.invitations[0].path}`);
        await page.waitForSelector('.error-card');
        assert(/is over: its seats can no longer be taken/.test(await page.textContent('.error-card')), `the invitation says the game is over: ${await page.textContent('.error-card')}`);
      });
    },
  },
];
