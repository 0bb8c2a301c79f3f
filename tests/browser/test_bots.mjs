// A bot in the browser (docs/web-api.md, "Bots"): a bot account with a
// personal API token runs python/examples/bot.py against the server; a
// person signs up in Chromium, makes a token on their own page (shown once,
// listed, revoked), finds the bot on the leaderboard's bot tab and its page
// with the BOT mark, challenges it from there, and plays the Morphos 5x5
// game the bot accepts to its end by clicking (the players' table marks
// the bot's name BOT there too).
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, MORPH } from './lib.mjs';
import { waitTurn, waitVersion, assert, assertEqual } from './lib.mjs';

// The bot's account, token and upgrade, through the API as a program's
// author would do them (curl in docs/web-api.md).
async function makeBot(server, name) {
  const json = { 'Content-Type': 'application/json', Origin: server.url };
  let r = await fetch(`${server.url}/api/accounts`, { method: 'POST', headers: json, body: JSON.stringify({ name, password: 'bot pass phrase' }) });
  assertEqual(r.status, 201, 'the bot account is made');
  const cookie = r.headers.get('set-cookie').match(/morph_session=[^;]*/)[0];
  r = await fetch(`${server.url}/api/tokens`, { method: 'POST', headers: { ...json, Cookie: cookie }, body: JSON.stringify({ description: 'example bot', scopes: ['bot:play'] }) });
  const { token } = await r.json();
  r = await fetch(`${server.url}/api/bot/account/upgrade`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  assertEqual(r.status, 200, 'the account is a bot');
  return token;
}

// python/examples/bot.py with the library of the build under test (with
// libasan preloaded for a sanitizer build, as tests/cli/test_python.sh does).
function runBot(server, token) {
  const library = path.join(path.dirname(path.resolve(MORPH)), 'libmorph.so');
  const env = { ...process.env, PYTHONPATH: path.join(ROOT, 'python'), MORPH_LIBRARY: library };
  if (execFileSync('ldd', [library], { encoding: 'utf8' }).includes('libasan')) {
    env.LD_PRELOAD = execFileSync('gcc', ['-print-file-name=libasan.so'], { encoding: 'utf8' }).trim();
    env.ASAN_OPTIONS = 'detect_leaks=0';
  }
  const proc = spawn('/usr/bin/python3', [path.join(ROOT, 'python/examples/bot.py'), '--server', server.url, '--token', token,
    '--level', 'greedy', '--games', '1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.out = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk) => { proc.out += chunk; });
  proc.stderr.setEncoding('utf8').on('data', (chunk) => { proc.out += chunk; });
  proc.done = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
  return proc;
}

export const tests = [
  {
    name: 'a person makes a token, then challenges the example bot from its page and plays it to the end',
    timeout: 240000,
    async run(t) {
      const server = await t.server();
      const token = await makeBot(server, 'tinybot');
      const bot = runBot(server, token);
      try {
        const page = await t.page({ label: 'ann' });
        await page.goto(`${server.url}/signup?next=/player/ann`);
        await page.fill('#name', 'ann');
        await page.fill('#password', 'ann pass phrase');
        await page.click('#account-submit');
        await page.waitForURL(/\/player\/ann$/);

        // ---- her tokens: made, shown once, listed, revoked ----
        await page.waitForSelector('#tokens input[value="board:play"]');
        await page.fill('#token-description', 'my board program');
        await page.uncheck('#tokens input[value="bot:play"]');
        await page.check('#tokens input[value="board:play"]');
        await page.click('#token-make');
        await page.waitForSelector('#token-secret');
        const secret = await page.inputValue('#token-secret');
        assert(/^morph_[a-z2-7]{40}$/.test(secret), `a token is shown once: ${secret}`);
        await page.waitForSelector('#tokens-list li');
        const listed = await page.textContent('#tokens-list');
        assert(listed.includes('my board program') && listed.includes('board:play') && !listed.includes(secret), `listed without its secret: ${listed}`);
        const me = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${secret}` } });
        assertEqual(me.status, 200, 'the token acts for ann');
        await t.shot(page, 'bots-tokens');
        await page.click('#tokens-list li button');
        await page.click('dialog.confirm button[value=yes]');
        await page.waitForSelector('#tokens-list .empty');
        const after = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${secret}` } });
        assertEqual(after.status, 401, 'a revoked token is refused');

        // ---- the bot's page, with its mark, and the challenge ----
        await page.goto(`${server.url}/player/tinybot`);
        await page.waitForSelector('#profile .bot-mark');
        assertEqual(await page.textContent('#profile h1 .bot-mark'), 'BOT', 'the bot is marked');
        await page.selectOption('#challenge-game', 'morphos');
        await page.selectOption('#challenge-size', '5');
        await t.shot(page, 'bots-challenge');
        await page.click('#challenge-send');
        await page.waitForURL(/\/game\/[a-z2-7]+$/, { timeout: 60000 });

        // ---- the players' table marks the bot's name, not hers ----
        await page.waitForSelector('.players .scores tbody th .bot-mark');
        const names = await page.$$eval('.players .scores tbody th', (cells) => cells.map((th) => th.textContent));
        assertEqual(names.length, 2, `two players: ${names}`);
        assert(names.some((text) => text.includes('tinybot') && text.includes('BOT')), `the bot is marked BOT: ${names}`);
        assert(names.some((text) => text.includes('ann') && !text.includes('BOT')), `ann is not: ${names}`);
        assertEqual(await page.textContent('.players .scores tbody th .bot-mark'), 'BOT', 'the mark is the profile\'s');

        // ---- the game, to its end: any point the page offers ----
        for (let i = 0; i < 60; i++) {
          const state = await waitTurn(page, 60000);
          if (state.status === 'finished') break;
          const spot = await page.$('.pt.can, .pt.can-flip');
          assert(spot, 'a point to play is offered on her turn');
          await spot.click();
          await waitVersion(page, Number(state.version));
        }
        const end = await waitTurn(page, 60000);
        assertEqual(end.status, 'finished', 'the game against the bot is over');
        await t.shot(page, 'bots-game-over');
        assertEqual(await bot.done, 0, `the example bot ends after its game:\n${bot.out}`);
        assert(/accepting challenge \w+ from ann/.test(bot.out) && /^game \w+: \w+, winner /m.test(bot.out), `the bot says it played:\n${bot.out}`);

        // ---- the bots' leaderboard lists the bot only (its game was unrated: none yet) ----
        const board = await fetch(`${server.url}/api/leaderboard/morphos?players=bots`).then((r) => r.json());
        assertEqual(board.players.filter((p) => p.title !== 'BOT').length, 0, 'only bots on their board');
      } finally {
        if (bot.exitCode === null) bot.kill('SIGTERM');
      }
    },
  },
];
