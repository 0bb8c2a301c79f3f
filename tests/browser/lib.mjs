// What the browser tests share: Debian's Chromium driven by playwright-core,
// a real `morph serve` per test (the build under test, on a free loopback
// port, with a database in a temporary folder, or with
// MORPH_TEST_STORE=postgresql a fresh database of the test run's PostgreSQL
// cluster: tests/run.sh runs the suite on both), console and page errors
// collected from every page (any one fails the test), screenshots.
import { chromium } from 'playwright-core';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const MORPH = process.env.MORPH || path.join(ROOT, 'build/asan/morph');
export const OUT = process.env.BROWSER_OUT || path.join(path.dirname(MORPH), 'browser-screenshots');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach
// Google's hosts, which this closed network refuses.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser() {
  // launch() gives every run a fresh user-data directory of its own;
  // chromium.sh keeps Chromium at the priority of the test run
  return chromium.launch({
    executablePath: path.join(here, 'chromium.sh'), args: CHROMIUM_ARGS, headless: true,
    env: { ...process.env, MORPH_CHROMIUM: CHROMIUM },
  });
}

// ---- the server ----

const POSTGRESQL = process.env.MORPH_TEST_STORE === 'postgresql';
let databases = 0;

export class Server {
  constructor(dir, extra = []) {
    this.dir = dir;
    this.db = path.join(dir, 'morph.db');
    if (POSTGRESQL) {
      // createdb and dropdb find the cluster by the PG* variables of pg_virtualenv
      this.database = `morph_browser_${process.pid}_${++databases}`;
      execFileSync('createdb', [this.database]);
      this.db = `postgresql:///${this.database}`;
    }
    this.port = 0;
    this.extra = extra;
    this.log = '';
    this.proc = null;
  }

  async start() {
    const args = ['serve', '--host', '127.0.0.1', '--port', String(this.port), '--db', this.db,
      // analyses at the tests' priority: at nice 19 (the default), a machine
      // loaded by the other suites could keep them waiting for minutes
      '--web', path.join(ROOT, 'web'), '--analysis-nice', '0', ...this.extra];
    const proc = spawn(MORPH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    this.url = null;
    const from = this.log.length;
    this.exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`morph serve did not start in 20 s:\n${this.log}`)), 20000);
      const read = (chunk) => {
        this.log += chunk;
        const m = /Open (http:\/\/127\.0\.0\.1:(\d+))\/ in a browser/.exec(this.log.slice(from));
        if (m && !this.url) {
          this.url = m[1];
          this.port = Number(m[2]);
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout.setEncoding('utf8').on('data', read);
      proc.stderr.setEncoding('utf8').on('data', (chunk) => { this.log += chunk; });
      this.exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`morph serve exited (${code ?? signal}) before serving:\n${this.log}`));
      });
    });
    return this;
  }

  // SIGTERM, a clean exit (the sanitizers' leak check included).
  async stop() {
    if (!this.proc || this.proc.exitCode !== null || this.proc.signalCode) return;
    this.proc.kill('SIGTERM');
    const { code, signal } = await this.exited;
    this.proc = null;
    if (code !== 0) throw new Error(`morph serve stopped with ${code ?? signal}:\n${this.log.slice(-4000)}`);
  }

  dropDatabase() {
    if (this.database) execFileSync('dropdb', ['--if-exists', '--force', this.database]);
  }

  async kill9() {
    this.proc.kill('SIGKILL');
    await this.exited;
    this.proc = null;
  }

  // The API outside the page (a test's own requests: no console noise).
  async api(method, route, { body, token } = {}) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers['X-Seat-Token'] = token;
    const response = await fetch(this.url + route, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await response.json().catch(() => null);
    return { status: response.status, data };
  }

  // Until seat may act in game id (no AI thinking, its turn) or the game is
  // over; returns the state. The AI seats move on their own thread, so a
  // test acting through the API waits for them as the page does.
  async waitSeat(id, seat, timeout = 30000) {
    const until = Date.now() + timeout;
    for (;;) {
      const { data } = await this.api('GET', `/api/games/${id}`);
      if (data.status === 'finished' || (data.to_move === seat && !data.thinking)) return data;
      if (Date.now() > until) throw new Error(`seat ${seat} of game ${id} never got its turn: ${JSON.stringify(data).slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

// ---- one test ----

export class TestRun {
  constructor(browser, name) {
    this.browser = browser;
    this.name = name;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'morph-browser-'));
    this.servers = [];
    this.contexts = [];
    this.problems = [];
    this.allowed = [];
  }

  async server(extra) {
    const server = new Server(this.dir, extra);
    this.servers.push(server);
    return server.start();
  }

  // A new browser context (its own storage: another person) and its page.
  // touch: a phone's touch screen (taps, no hovering mouse).
  async page({ width = 1280, height = 800, label = 'page', reducedMotion = 'no-preference', touch = false } = {}) {
    const context = await this.browser.newContext({ viewport: { width, height }, reducedMotion, acceptDownloads: true,
      hasTouch: touch, isMobile: touch });
    this.contexts.push(context);
    const page = this.watch(await context.newPage(), label);
    page.touch = touch;
    return page;
  }

  // Collects the console errors and warnings and the page errors of page.
  watch(page, label) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      const text = `${label}: console ${msg.type()}: ${msg.text()}`;
      if (!this.allowed.some((re) => re.test(msg.text()))) this.problems.push(text);
    });
    page.on('pageerror', (err) => this.problems.push(`${label}: page error: ${err.message}`));
    page.on('crash', () => this.problems.push(`${label}: the page crashed`));
    page.label = label;
    return page;
  }

  // While fn runs, console messages matching re are expected (e.g. the
  // failed requests of a server that was killed on purpose).
  async allowing(re, fn) {
    this.allowed.push(re);
    try {
      return await fn();
    } finally {
      this.allowed.splice(this.allowed.indexOf(re), 1);
    }
  }

  async shot(page, name) {
    fs.mkdirSync(OUT, { recursive: true });
    // messages of earlier steps are dismissed, as a person would, so they do not hide the screen
    await page.$$eval('.toast .toast-close', (buttons) => buttons.forEach((b) => b.click()));
    // a touch screen's page in its window only: a full-page shot drops the
    // touch emulation, and the page would go on as one with a mouse
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: !page.touch });
  }

  // The window only, as a person sees it (docs/web.md's pictures; a phone
  // keeps its touch emulation, which a full-page shot drops), the element
  // of selector scrolled into its middle first when one is named.
  async screen(page, name, selector = null) {
    fs.mkdirSync(OUT, { recursive: true });
    await page.$$eval('.toast .toast-close', (buttons) => buttons.forEach((b) => b.click()));
    if (selector) await page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  }

  async close(failed) {
    for (const context of this.contexts) await context.close().catch(() => {});
    let stopError = null;
    for (const server of this.servers) {
      try {
        await server.stop();
      } catch (err) {
        stopError = stopError || err;
      }
      if (!failed) server.dropDatabase();
    }
    if (!failed) fs.rmSync(this.dir, { recursive: true, force: true });
    if (this.problems.length) throw new Error(`errors in the browser:\n  ${this.problems.join('\n  ')}`);
    if (stopError) throw stopError;
  }
}

// ---- waiting on the page ----

export function gameState(page) {
  return page.evaluate(() => {
    const g = document.getElementById('game');
    return g ? { ...g.dataset } : null;
  });
}

// Until the device may act (or the game is over); returns the data attributes.
export async function waitTurn(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const g = document.getElementById('game');
    return g && (g.dataset.act === 'yes' || (g.dataset.status === 'finished' && g.dataset.busy === 'no'));
  }, null, { timeout });
  return gameState(page);
}

// Until the game's version is past `version` and nothing is playing out.
export async function waitVersion(page, version, timeout = 30000) {
  await page.waitForFunction((v) => {
    const g = document.getElementById('game');
    return g && Number(g.dataset.version) > v && g.dataset.busy === 'no';
  }, version, { timeout });
  return gameState(page);
}

export async function waitCount(page, count, timeout = 30000) {
  await page.waitForFunction((n) => {
    const g = document.getElementById('game');
    return g && Number(g.dataset.count) >= n && g.dataset.busy === 'no';
  }, count, { timeout });
  return gameState(page);
}

export function moveTexts(page) {
  return page.$$eval('.moves-list li', (items) => items.map((li) => li.textContent));
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export function assertEqual(actual, expected, message) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message}: expected ${e}, got ${a}`);
}

// Opens the home page's "More options" (the whole new-game form).
export async function openMoreOptions(page) {
  await page.waitForSelector('#more-options summary');
  if (!(await page.$eval('#more-options', (d) => d.open))) await page.click('#more-options summary');
  await page.waitForSelector('#start');
}

// ---- accessibility ----

// axe-core (pinned in package.json), put into a page by the DevTools
// protocol, which the page's Content-Security-Policy does not govern.
const AXE = fs.readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');

// Fails when axe-core finds a serious or critical violation on page.
export async function checkA11y(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const run = await window.axe.run(document, { resultTypes: ['violations'] });
    return run.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  assertEqual(found, [], `${what}: accessibility violations (axe-core)`);
}
