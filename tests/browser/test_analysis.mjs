// The post-game analysis on the page: Analyse on a finished game (the
// replay viewer opens and starts it), the evaluation graph and each
// decision's class, a planted blunder shown with the better move drawn and
// the library's sentence for it; the same for a record opened in the viewer.
// The progress comes over the analysis's live stream, never by polling.
// also on postgresql
import fs from 'node:fs';
import path from 'node:path';
import { assert, assertEqual } from './lib.mjs';

export const tests = [
  {
    name: 'Analyse a finished game and an uploaded record: graph, classes, the better move',
    async run(t) {
      const server = await t.server(['--analysis-ms', '20']);
      // 3x3 with the swap: after b2 White wins only by swapping; a1 loses
      // (docs/who-wins.md). Black then keeps the win and White resigns.
      const made = await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 3 }, seats: [{ kind: 'human', mine: true }, { kind: 'human', mine: true }] } });
      assertEqual(made.status, 201, `created: ${JSON.stringify(made.data)}`);
      const id = made.data.id;
      const tokens = made.data.seats.map((seat) => seat.token);
      for (const [seat, action] of [[0, 'b2'], [1, 'a1'], [0, 'b1']]) {
        const r = await server.api('POST', `/api/games/${id}/actions`, { body: { action }, token: tokens[seat] });
        assertEqual(r.status, 200, `${action} played: ${JSON.stringify(r.data)}`);
      }
      assertEqual((await server.api('POST', `/api/games/${id}/resign`, { body: {}, token: tokens[1] })).status, 200, 'White resigns');

      // Another analysis (a 9x9 game of two random AIs) holds the one
      // background worker, so the page's analysis waits behind it and its
      // stream surely shows progress before the result.
      const other = await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 9 }, seats: [{ kind: 'ai', level: 'random' }, { kind: 'ai', level: 'random' }] } });
      assertEqual(other.status, 201, `the other game: ${JSON.stringify(other.data)}`);
      await server.waitSeat(other.data.id, -1, 60000);

      const page = await t.page({ label: 'analysis' });
      const asked = [];
      page.on('request', (r) => { if (r.url().includes('/analys')) asked.push(`${r.method()} ${new URL(r.url()).pathname}`); });
      await page.goto(`${server.url}/game/${id}`);
      await page.waitForSelector('#analyse-game');
      assertEqual((await server.api('POST', `/api/games/${other.data.id}/analysis`)).status, 202, 'the other analysis runs');
      await page.click('#analyse-game');
      await page.waitForSelector('#replay .eval-graph', { timeout: 60000 });
      assert(Number(await page.getAttribute('#analysis', 'data-progress-events')) >= 1, 'progress came over the stream');
      assertEqual(asked.filter((x) => x === `GET /api/games/${id}/analysis`).length, 1, `asked once whether it had one, never polled: ${asked}`);
      assert(asked.includes(`GET /api/games/${id}/analysis/events`), `the stream followed: ${asked}`);
      assertEqual(await page.$$eval('.eval-graph .eval-point', (p) => p.length), 3, 'one point per decision (the resignation is not judged)');
      assertEqual(await page.$$eval('.eval-graph .eval-point.seat-1', (p) => p.length), 2, 'two of Black’s seat');
      assertEqual(await page.$$eval('.eval-graph .eval-point.dot-side-black', (p) => p.length), 2, 'Black’s two in the black stones’ colour');
      assert(/judged by the strongest AI/.test(await page.textContent('#analysis .analysis-status')), 'judged by the strongest AI');
      // one win-chance curve, filled in the stones' colours: Black's area under it, White's over it
      assertEqual(await page.$$eval('.eval-graph.one-curve .eval-curve', (c) => c.length), 1, 'one curve');
      assertEqual(await page.$$eval('.eval-graph .eval-area', (a) => a.map((x) => x.getAttribute('class'))), ['eval-area side-white', 'eval-area side-black'], 'the areas of White and Black');
      assertEqual(await page.$$eval('.eval-graph .eval-area', (a) => a.map((x) => getComputedStyle(x).fill)), ['rgb(251, 251, 251)', 'rgb(27, 27, 27)'], 'in the stones’ colours');
      const classes = await page.$$eval('.replay-moves li', (li) => li.map((x) => x.dataset.class || ''));
      assertEqual(classes.slice(1), ['blunder', 'best', ''], 'the classes in the move list: a1 a blunder, b1 best, the resignation none');
      assertEqual(await page.$$eval('.analysis-summary li', (li) => li.map((x) => x.querySelector('.count.class-blunder').textContent)), ['1 blunder', '1 blunder'], 'a summary per seat');
      await page.click('.replay-moves li:nth-child(2) .badge');
      assertEqual(await page.textContent('.where'), 'Action 1 of 4', 'the position before the decision');
      assert(/White places a stone on a1/.test(await page.textContent('.analysis-detail')), 'the decision in words');
      assert(/won before, lost after/.test(await page.textContent('.analysis-detail .chances')), 'a proven win thrown away');
      assert(/^Better: White swaps/.test(await page.textContent('.analysis-detail .better')), 'the better move in the library’s words');
      assertEqual(await page.$$eval('.pt.better-move', (p) => p.map((x) => x.dataset.point)), ['b2'], 'the better move drawn: the stone the swap takes');
      await t.shot(page, 'analysis-game');
      // A click on a point of the graph shows that decision; a click anywhere, the nearest one.
      await page.click('.eval-graph .eval-point[data-decision="2"]');
      assertEqual(await page.textContent('.where'), 'Action 2 of 4', 'the graph’s point goes to its decision');
      const box = await page.$eval('.eval-graph', (g) => { const r = g.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
      await page.mouse.click(box.x + box.w * 0.02, box.y + box.h * 0.9);
      assertEqual(await page.textContent('.where'), 'Action 0 of 4', 'a click at the graph’s left: its first decision (b2, before it)');
      // Back on the replay later: the stored analysis is shown at once.
      await page.goto(`${server.url}/replay/${id}`);
      await page.waitForSelector('.eval-graph');
      assert(await page.$('#analyse[hidden]'), 'no Analyse button once the analysis is there');

      // A record opened in the viewer: Analyse it there.
      const record = path.join(t.dir, 'game.json');
      const r = await fetch(`${server.url}/api/games/${id}/record`);
      fs.writeFileSync(record, await r.text());
      await page.goto(`${server.url}/replay`);
      await page.setInputFiles('#record-file', record);
      await page.waitForSelector('#analyse');
      asked.length = 0;
      await page.click('#analyse');
      await page.waitForSelector('.eval-graph', { timeout: 60000 });
      assert(asked.some((x) => /^GET \/api\/analyses\/[a-z2-7]{26}\/events$/.test(x)), `the upload's stream followed: ${asked}`);
      assert(!asked.some((x) => /^GET \/api\/analyses\/[a-z2-7]{26}$/.test(x)), `the upload never polled: ${asked}`);
      assertEqual(await page.getAttribute('.replay-moves li:nth-child(2)', 'data-class'), 'blunder', 'the blunder of the uploaded record');
      await page.click('.replay-moves li:nth-child(2) .badge');
      assertEqual(await page.$$eval('.pt.better-move', (p) => p.length), 1, 'its better move drawn');
      await t.shot(page, 'analysis-upload');
    },
  },
  {
    name: 'The board stays on the screen with the graph: Analyse, then a decision chosen on it, at 1280x800 and 375x740 (touch)',
    async run(t) {
      const server = await t.server(['--analysis-ms', '10']);
      // long games (9x9, two random AIs), one a screen: a graph and decisions that run far below the board
      const ids = [];
      for (let i = 0; i < 2; i++) {
        const made = await server.api('POST', '/api/games', { body: { game: 'morphos', options: { size: 9 }, seats: [{ kind: 'ai', level: 'random' }, { kind: 'ai', level: 'random' }] } });
        assertEqual(made.status, 201, `created: ${JSON.stringify(made.data)}`);
        ids.push(made.data.id);
      }
      for (const id of ids) await server.waitSeat(id, -1, 60000);
      const seen = (page, selector) => page.$eval(selector, (el) => {
        const r = el.getBoundingClientRect();
        return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= 0.9 * r.height; // (nearly) all of it on the screen
      });
      for (const screen of [{ width: 1280, height: 800, label: 'wide' }, { width: 375, height: 740, touch: true, label: 'phone' }]) {
        const id = ids[screen.touch ? 1 : 0];
        const page = await t.page({ ...screen, label: `analysis-${screen.label}` });
        const press = (selector) => (screen.touch ? page.tap(selector) : page.click(selector));
        await page.goto(`${server.url}/replay/${id}`);
        await page.waitForSelector('#analyse');
        if (screen.touch) await page.$eval('#analyse', (b) => b.scrollIntoView({ block: 'nearest' })); // where a thumb finds it
        await press('#analyse');
        await page.waitForSelector('#replay .eval-graph', { timeout: 120000 });
        assert(await seen(page, '#replay .board-area'), `${screen.label}: the board on the screen once the analysis is there`);
        const n = await page.$$eval('.eval-graph .eval-point', (p) => p.length);
        assert(n > 20, `${screen.label}: a long game (${n} decisions)`);
        // down to the graph, as a reader goes, and a decision of the middle chosen on it
        await page.$eval('.eval-graph', (g) => g.scrollIntoView({ block: 'nearest' }));
        const k = Math.floor(n / 2);
        await press(`.eval-graph .eval-point[data-decision="${k}"]`);
        // A finger is wider than the dots (3 or 4 px apart on a phone):
        // Chromium's touch adjustment may give the tap to a neighbour, as it
        // would to a person. The board shows the one the graph marks chosen.
        const chosen = await page.$eval('.eval-graph .eval-point.selected', (p) =>
          ({ decision: Number(p.dataset.decision), index: Number(p.getAttribute('aria-label').split('.')[0]) - 1 }));
        assert(screen.touch ? Math.abs(chosen.decision - k) <= 1 : chosen.decision === k,
          `${screen.label}: the decision pressed is chosen (pressed ${k}, chosen ${chosen.decision})`);
        assertEqual(await page.textContent('.where'), `Action ${chosen.index} of ${await page.$eval('#replay-slider', (x) => x.max)}`, `${screen.label}: the decision's position`);
        assert(await seen(page, '#replay .board-area'), `${screen.label}: the board the choice changed is on the screen`);
        assert(await seen(page, '.eval-graph'), `${screen.label}: and the graph with it`);
        await t.shot(page, `analysis-board-${screen.label}`);
      }
    },
  },
];
