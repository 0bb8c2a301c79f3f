// People have names: a guest chooses one (kept in the browser, "Guest" by
// default) and the game, the lists and the replay use it; AI seats are
// named by their level; "Being played" lists "Ann vs Bob"; the lobby seats
// a table of 3 as players sit down; and the small ones: "1 action", the
// leaderboard on the game just played, a provisional rating said so.
// also on postgresql
import { waitTurn, waitVersion, assert, assertEqual, openMoreOptions } from './lib.mjs';

// Sets the guest's name from the header (the dialog), kept for later pages.
async function nameGuest(page, url, name) {
  await page.goto(`${url}/`);
  await page.waitForSelector('#guest-name');
  assertEqual(await page.textContent('#guest-name'), 'Guest', 'a guest is "Guest" until named');
  await page.click('#guest-name');
  await page.fill('#guest-name-input', name);
  await page.click('#guest-name-save');
  await page.waitForFunction((n) => document.getElementById('guest-name').textContent === n, name);
}

async function signUp(page, url, name) {
  await page.goto(`${url}/signup?next=/lobby`);
  await page.fill('#name', name);
  await page.fill('#password', `${name} pass phrase`);
  await page.click('#account-submit');
  await page.waitForURL(/\/lobby$/);
  await page.waitForSelector('#me-link');
}

// The text of the list item of game id in the home page's list of status.
async function listItem(page, url, status, id) {
  await page.goto(`${url}/`);
  const item = `#list-${status} .game-item[data-id="${id}"]`;
  await page.waitForSelector(item);
  return page.textContent(item);
}

export const tests = [
  {
    name: 'guests name themselves; the game, the lists and the replay say "Ann" and "Bob"; the AI by its level',
    async run(t) {
      const server = await t.server();
      const ann = await t.page({ label: 'Ann' });
      const bob = await t.page({ width: 375, height: 740, label: 'Bob (phone)' });
      const carol = await t.page({ label: 'a watcher' });
      await nameGuest(ann, server.url, 'Ann');
      await nameGuest(bob, server.url, 'Bob');
      // Ann makes a listed game for a friend; the list says who waits
      await ann.goto(`${server.url}/?game=morphos`);
      await openMoreOptions(ann);
      await ann.fill('input[name=opt-size]', '5');
      await ann.check('input[name=mode][value=friend]');
      await ann.check('input[name=listed]');
      await ann.click('#start');
      await ann.waitForURL(/\/game\//);
      await ann.waitForSelector('.invite input.invite-link');
      const link = await ann.inputValue('.invite input.invite-link');
      const id = /\/game\/([a-z2-7]+)/.exec(ann.url())[1];
      const waiting = await listItem(carol, server.url, 'waiting', id);
      assert(/^Ann vs an open seat/.test(waiting), `the waiting list: ${waiting}`);
      await bob.goto(link);
      await bob.waitForSelector('#game');
      await waitTurn(ann);
      let state = await waitTurn(ann);
      assertEqual(await ann.$$eval('.scores tbody th', (th) => th.map((x) => x.firstChild.textContent)), ['Black: Ann', 'White: Bob'], 'the players by name');
      await ann.click('.pt.can[data-point="a1"]');
      state = await waitVersion(ann, Number(state.version));
      // Ann's click on Bob's turn names him
      await bob.waitForSelector('#game[data-act="yes"]');
      await ann.click('.pt[data-point="e5"]');
      await ann.waitForSelector('#why:not(:empty)');
      // between people the click also queues a premove (test_moves), said after whose turn it is
      const why = await ann.textContent('#why');
      assert(why.startsWith("It is White's turn: Bob."), `whose turn, by name: ${why}`);
      const playing = await listItem(carol, server.url, 'playing', id);
      assert(/^Ann vs Bob/.test(playing) && /1 action\b/.test(playing), `"Being played": ${playing}`);
      await t.shot(carol, 'home-names');
      await ann.click('#resign');
      await ann.click('dialog.confirm button[value="yes"]');
      await waitVersion(ann, Number(state.version));
      // the replay names them too
      await carol.goto(`${server.url}/replay/${id}`);
      await carol.waitForSelector('.replay-extra .scores');
      assertEqual(await carol.$$eval('.replay-extra .scores th', (th) => th.map((x) => x.textContent)), ['Ann: Black', 'Bob: White'], 'the replay by name');
      // against the AI: named by its level, and the guest's game is not listed
      await ann.goto(`${server.url}/`);
      await ann.click('#play-ai-morpyam');
      await ann.waitForURL(/\/game\//);
      await ann.waitForSelector('.scores tbody th');
      const names = await ann.$$eval('.scores tbody th', (th) => th.map((x) => x.firstChild.textContent.trim()));
      assertEqual(names, ['Ann', 'Casual AI'], 'Ann against the Casual AI (the one click\'s gentle level)');
      const aiGame = /\/game\/([a-z2-7]+)/.exec(ann.url())[1];
      assertEqual((await server.api('GET', `/api/games/${aiGame}`)).data.listed, false, 'a guest\'s game against the AI is not listed');
    },
  },
  {
    name: 'the lobby seats a table of 3 as players sit down; provisional ratings said; the leaderboard on the game played',
    timeout: 200000,
    async run(t) {
      const server = await t.server();
      const [alice, bob, carol] = [await t.page({ label: 'alice' }), await t.page({ label: 'bob' }), await t.page({ width: 375, height: 740, label: 'carol (phone)' })];
      await signUp(alice, server.url, 'alice');
      await signUp(bob, server.url, 'bob_b');
      await signUp(carol, server.url, 'carol');
      // alice opens a table of 3: its game is made at once, she sits there
      await alice.check('input[name=challenge-game][value=morpyam]');
      await alice.selectOption('select[name="opt-players"]', '3');
      await alice.click('#open-challenge');
      await alice.waitForURL(/\/game\//);
      const id = /\/game\/([a-z2-7]+)/.exec(alice.url())[1];
      // bob sees it in the lobby, live, and sits down
      await bob.waitForSelector(`#table-list .table[data-id="${id}"]`);
      const item = await bob.textContent(`#table-list .table[data-id="${id}"]`);
      assert(/alice/.test(item) && /2 seats free/.test(item), `the table: ${item}`);
      await bob.click(`#table-list .table[data-id="${id}"] .sit`);
      await bob.waitForURL(new RegExp(`/game/${id}$`));
      await carol.goto(`${server.url}/lobby`);
      await carol.waitForSelector(`#table-list .table[data-id="${id}"]`);
      assert(/1 seat free/.test(await carol.textContent(`#table-list .table[data-id="${id}"]`)), 'one seat left');
      await t.shot(carol, 'lobby-table-phone');
      await carol.click(`#table-list .table[data-id="${id}"] .sit`);
      await carol.waitForURL(new RegExp(`/game/${id}$`));
      await carol.waitForSelector('#game[data-status="playing"]');
      const seated = await carol.$$eval('.scores tbody th', (th) => th.map((x) => x.firstChild.textContent.trim()).sort());
      assertEqual(seated, ['alice', 'bob_b', 'carol'], 'the three at the table');
      await bob.goto(`${server.url}/lobby`);
      await bob.waitForSelector('#table-list .empty');
      // a newcomer's rating is provisional, and the lobby says so
      await alice.goto(`${server.url}/lobby`);
      await alice.check('input[name=challenge-game][value=morphos]');
      await alice.click('#open-challenge');
      await bob.waitForSelector('#challenge-list .challenge');
      assertEqual(await bob.textContent('#challenge-list .challenge .provisional'), 'provisional', 'the rating said provisional');
      // the leaderboard opens on the game this device played last
      await bob.goto(`${server.url}/leaderboard`);
      await bob.waitForSelector('#leaderboard');
      assertEqual(await bob.getAttribute('#leaderboard', 'data-game'), 'morpyam', 'the leaderboard of the game just played');
    },
  },
];
