// Offline (web/sw.js, offline.js, local_game.js): after one visit the page
// and its engine are kept by the service worker; with the network cut
// (Playwright's offline mode) a phone plays whole games of Morphos and
// Morpyam against the AI, kept on the device and resumed after the tab is
// closed; back online, the finished game goes to the server's analysis as
// a record (as the engine in the page judged it offline, in a worker). The
// worker of a new server version takes over cleanly.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitTurn, gameState, assert, assertEqual, OUT } from './lib.mjs';
import { playMorpyamDecision } from './test_morpyam.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// what a page without the network logs: the requests that fail
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/;

// Until the service worker of version controls the page and keeps the
// engine (polled: the worker installs in the background).
async function waitWorker(page, version, timeout = 60000) {
  const until = Date.now() + timeout;
  for (;;) {
    const ready = await page.evaluate(async (v) => {
      const c = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (!c || !c.scriptURL.endsWith(`/sw.js?v=${v}`) || !(await caches.has(`morph-${v}`))) return false;
      const cache = await caches.open(`morph-${v}`);
      return Boolean(await cache.match('/engine/morph.wasm')) && Boolean(await cache.match('/js/local_game.js'));
    }, version).catch(() => false); // a reload under way
    if (ready) return;
    if (Date.now() > until) throw new Error(`the service worker of version ${version} never took over`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// page.evaluate(fn), again when the page's one reload onto a new worker
// (offline.js: on controllerchange) comes in the middle of it.
async function settled(page, fn) {
  for (let tries = 0; ; tries++) {
    try {
      return await page.evaluate(fn);
    } catch (err) {
      if (tries >= 20 || !/context was destroyed|navigation/i.test(err.message)) throw err;
      await page.waitForLoadState('load');
    }
  }
}

async function startLocal(page, url, game, level, size) {
  await page.goto(`${url}/offline`);
  await page.waitForSelector('#local-form');
  await page.check(`input[name=local-game][value=${game}]`);
  if (size) await page.fill('#local-size', String(size));
  await page.selectOption('#local-level', level);
  await page.click('#local-start');
  await page.waitForURL(/\/offline\/[0-9a-f]+$/);
  await page.waitForSelector('#game[data-local="yes"]');
}

export const tests = [
  {
    name: 'with the network cut, a phone plays Morphos and Morpyam against the AI, kept and resumed; online again, the record is analysed',
    timeout: 240000,
    async run(t) {
      const server = await t.server(['--analysis-ms', '200']); // the page's budget: the same judgement
      const { version } = (await server.api('GET', '/api/meta')).data;
      const phone = await t.page({ label: 'phone', width: 375, height: 740 });
      const context = phone.context();
      await phone.goto(server.url + '/');
      await waitWorker(phone, version);
      // every module of the page is in the worker's list of what it keeps
      const sw = fs.readFileSync(path.join(here, '../../web/sw.js'), 'utf8');
      for (const file of fs.readdirSync(path.join(here, '../../web/js')))
        assert(sw.includes(`'/js/${file}'`), `sw.js keeps /js/${file}`);

      let hereClasses = [];
      await t.allowing(OFFLINE_NOISE, async () => {
        await context.setOffline(true);
        // Morphos 5x5 against greedy: every click answered by the engine in the page
        await startLocal(phone, server.url, 'morphos', 'greedy', 5);
        const morphos = phone.url();
        for (let i = 0; i < 30; i++) {
          const state = await waitTurn(phone);
          if (state.status === 'finished') break;
          await phone.click('.pt.can >> nth=0');
        }
        const end = await gameState(phone);
        assertEqual(end.status, 'finished', 'the offline Morphos game ends');
        assert(/wins/.test(await phone.textContent('.result')), 'the result in the library\'s words');
        assert((await phone.$$('.moves-list li')).length === Number(end.count), 'every move in words');
        await t.shot(phone, 'offline-morphos-phone');
        // its replay, drawn by the engine, and its analysis in the page (a worker), still offline
        await phone.goto(`${morphos}/replay`);
        await phone.waitForSelector('#replay');
        await phone.click('#analyse-here');
        await phone.waitForSelector('.eval-graph', { timeout: 120000 });
        assert(Number(await phone.getAttribute('#analysis', 'data-progress-events')) >= 2, 'the progress bar moved');
        hereClasses = await phone.$$eval('.replay-moves li', (items) => items.map((li) => li.dataset.class || ''));
        assert(hereClasses.filter(Boolean).length === Number(end.count), `every decision judged in the page: ${hereClasses}`);
        await t.shot(phone, 'offline-analysis-phone');

        // Morpyam against greedy: some turns, then the tab is closed
        await startLocal(phone, server.url, 'morpyam', 'greedy');
        const morpyam = phone.url();
        for (let i = 0; i < 8; i++) {
          const state = await waitTurn(phone);
          if (state.status === 'finished') break;
          await playMorpyamDecision(phone);
        }
        await waitTurn(phone);
        const before = await gameState(phone);
        assert(Number(before.count) > 8, `the Morpyam game went on (${before.count} actions)`);
        const moves = await phone.$$eval('.moves-list li', (items) => items.map((li) => li.textContent));
        await t.shot(phone, 'offline-morpyam-phone');
        await phone.close();

        // a new tab, still offline: the games kept on this device, resumed
        const again = t.watch(await context.newPage(), 'phone, new tab');
        await again.goto(`${server.url}/offline`);
        await again.waitForSelector('.local-games li');
        assertEqual(await again.$$eval('.local-games li', (items) => items.length), 2, 'both games are kept');
        await t.shot(again, 'offline-list-phone');
        await again.goto(morpyam);
        await again.waitForSelector('#game[data-local="yes"]');
        const resumed = await waitTurn(again);
        assertEqual(resumed.count, before.count, 'the Morpyam game resumes where it was');
        assertEqual(await again.$$eval('.moves-list li', (items) => items.map((li) => li.textContent)), moves, 'with its moves in words');
        await playMorpyamDecision(again);
        await again.waitForFunction((n) => Number(document.getElementById('game').dataset.count) > n, Number(before.count));

        // back online: the finished Morphos game, replayed by the engine, analysed by the server
        await context.setOffline(false);
        await again.goto(`${morphos}/replay`);
        await again.waitForSelector('#replay');
        await again.click('#analyse');
        await again.waitForSelector('.eval-graph', { timeout: 120000 });
        const serverClasses = await again.$$eval('.replay-moves li', (items) => items.map((li) => li.dataset.class || ''));
        assertEqual(serverClasses, hereClasses, 'the server judges every decision as the page did');
        await t.shot(again, 'offline-analysed-phone');
      });
    },
  },
  {
    name: 'a server of another version: its service worker takes over and the older cache is gone',
    async run(t) {
      const server = await t.server();
      const { version } = (await server.api('GET', '/api/meta')).data;
      const page = await t.page({ label: 'page' });
      const context = page.context();
      await page.goto(server.url + '/');
      await waitWorker(page, version);
      // the server says another version (as after an upgrade): /api/meta rewritten
      const next = `${version}-next`;
      await context.route('**/api/meta', async (route) => {
        const response = await route.fetch();
        const meta = await response.json();
        await route.fulfill({ response, json: { ...meta, version: next } });
      });
      await page.reload();
      await waitWorker(page, next);
      assertEqual(await settled(page, () => caches.keys()), [`morph-${next}`], 'only the new version\'s cache is left');
      const registrations = await settled(page, async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.active && r.active.scriptURL));
      assertEqual(registrations.length, 1, 'one worker');
      assert(registrations[0].endsWith(`v=${next}`), `the new worker is active: ${registrations[0]}`);
      // the page still works under the new worker (the home page's first screen)
      await page.waitForSelector('#play-ai-morpyam');
    },
  },
  {
    name: 'the app\'s icons; offline, one message that points to Play offline, gone when the network is back; an offline replay analyses in the page',
    timeout: 240000,
    async run(t) {
      const server = await t.server();
      const { version } = (await server.api('GET', '/api/meta')).data;
      // PNG icons of the sizes the manifest says, an apple-touch icon, one theme colour in the manifest and the page
      const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
      const pngs = manifest.icons.filter((i) => i.type === 'image/png');
      assertEqual(pngs.map((i) => i.sizes), ['192x192', '512x512'], 'the manifest\'s PNG icons');
      for (const [src, size] of [...pngs.map((i) => [i.src, Number(i.sizes.split('x')[0])]), ['/icons/apple-touch-icon.png', 180]]) {
        const response = await fetch(server.url + src);
        assertEqual(response.headers.get('content-type'), 'image/png', `${src} is a PNG`);
        const bytes = Buffer.from(await response.arrayBuffer());
        assertEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [size, size], `${src} is ${size} px square`);
      }
      const phone = await t.page({ label: 'phone', width: 375, height: 740, touch: true });
      const context = phone.context();
      await phone.goto(server.url + '/');
      assertEqual(await phone.getAttribute('meta[name=theme-color]', 'content'), manifest.theme_color, 'the page\'s theme colour is the manifest\'s');
      assertEqual(await phone.getAttribute('link[rel=apple-touch-icon]', 'href'), '/icons/apple-touch-icon.png', 'the apple-touch icon');
      await waitWorker(phone, version);
      let local = '';
      await t.allowing(OFFLINE_NOISE, async () => {
        await context.setOffline(true);
        await phone.goto(server.url + '/');
        await phone.waitForSelector('#unreachable');
        const body = await phone.textContent('body');
        assertEqual(body.split('cannot be reached').length - 1, 1, 'the page says it once');
        for (const list of ['waiting', 'playing', 'finished']) assert(!(await phone.isVisible(`#list-${list}`)), `the ${list} list steps aside`);
        // Play offline is one tap away, not behind the menu
        assert(await phone.isVisible('#unreachable-offline'), 'the message\'s link to Play offline shows');
        assert(!(await phone.isVisible('header nav a[href="/offline"]')), 'while the menu\'s link is behind ☰');
        await phone.screenshot({ path: path.join(OUT, 'offline-home-phone.png') });
        await t.screen(phone, 'friction-offline-phone');
        await phone.click('#play-ai-morphos');
        await phone.waitForFunction(() => document.activeElement && document.activeElement.id === 'unreachable-offline');
        assertEqual(await phone.$$('.toast'), [], 'Play the AI points to Play offline, no toast');
        // the network back: the message goes at once, the lists come back
        await context.setOffline(false);
        await phone.waitForSelector('#unreachable', { state: 'detached', timeout: 2000 });
        await phone.waitForSelector('#list-waiting li');
        assert(await phone.isVisible('#list-waiting'), 'the lists are back');
        // a short offline game, then its replay with the network cut: the page's analysis is the button
        await context.setOffline(true);
        await startLocal(phone, server.url, 'morphos', 'greedy', 3);
        local = phone.url();
        for (let i = 0; i < 12; i++) {
          const state = await waitTurn(phone);
          if (state.status === 'finished') break;
          await phone.click('.pt.can >> nth=0');
        }
        assertEqual((await gameState(phone)).status, 'finished', 'the 3x3 game ends');
        await phone.goto(`${local}/replay`);
        await phone.waitForSelector('#replay');
        assert(!(await phone.isVisible('#analyse')), 'no server Analyse offline');
        assert(await phone.isVisible('#analyse-here'), 'Analyse in this page offered');
        assert(await phone.$eval('#analyse-here', (b) => b.classList.contains('primary')), 'as the main button');
        await phone.screenshot({ path: path.join(OUT, 'offline-replay-phone.png') });
        await phone.click('#analyse-here');
        await phone.waitForSelector('.eval-graph', { timeout: 120000 });
      });
      await context.setOffline(false);
      await phone.waitForSelector('#analyse', { state: 'visible' });
      // a desktop with the network cut: the same one message
      const desk = await t.page({ label: 'desktop', width: 1280, height: 800 });
      await desk.goto(server.url + '/');
      await waitWorker(desk, version);
      await t.allowing(OFFLINE_NOISE, async () => {
        await desk.context().setOffline(true);
        await desk.goto(server.url + '/');
        await desk.waitForSelector('#unreachable');
        assert(await desk.isVisible('#unreachable-offline'), 'the link to Play offline on a desktop');
        await t.screen(desk, 'friction-offline-desktop');
        await desk.context().setOffline(false);
      });
    },
  },
];
