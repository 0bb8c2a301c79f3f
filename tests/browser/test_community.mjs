// The community layer in real browsers: accounts made on the sign-up page,
// two of them meet in the lobby (a challenge seen live, accepted with the
// keyboard), play a rated Morphos game with a short clock in two browser
// contexts while a third, signed in on a 375 px phone, chats as a
// spectator; one tab is hidden when its turn comes (a browser notification,
// the tab's title and icon, "Your games" in another tab), its clock runs
// out and the server ends the game; both ratings moved; profile with its
// plot and the leaderboard.
// also on postgresql
import { waitTurn, waitVersion, gameState, assert, assertEqual, openMoreOptions } from './lib.mjs';
import { checkFits } from './test_layout.mjs';

// Records every Notification the page makes (the real one needs a desktop).
function spyNotifications() {
  const Real = window.Notification;
  window.__notes = [];
  class Spy extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notes.push({ title, body: options && options.body });
    }
  }
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  Spy.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Spy;
}

async function person(t, server, label, options = {}) {
  const page = await t.page({ label, ...options });
  await page.context().grantPermissions(['notifications'], { origin: server.url });
  await page.context().addInitScript(spyNotifications);
  return page;
}

async function signUp(page, url, name, password) {
  await page.goto(`${url}/signup?next=/lobby`);
  await page.fill('#name', name);
  await page.fill('#password', password);
  await page.click('#account-submit');
  await page.waitForURL(/\/lobby$/);
  await page.waitForSelector('#me-link');
  assertEqual(await page.textContent('#me-link'), name, `${name} is signed in`);
}

// The page hides (another tab in front): what the browser says then.
function hide(page) {
  return page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

function rating(server, name) {
  return server.api('GET', `/api/players/${name}`).then((r) => r.data.ratings.morphos.rating);
}

export const tests = [
  {
    name: 'two accounts meet in the lobby, a rated game on the clock with a spectator chatting, lost on time',
    // a minute of the loser's clock runs out in it, whatever else takes
    timeout: 240000,
    async run(t) {
      const server = await t.server();
      const alice = await person(t, server, 'alice');
      const bob = await person(t, server, 'bob');
      const carol = await person(t, server, 'carol (phone)', { width: 375, height: 740 });

      // ---- accounts ----
      await alice.goto(`${server.url}/signup`);
      await alice.fill('#name', 'alice');
      await t.shot(alice, 'signup');
      await signUp(alice, server.url, 'alice', 'alice pass phrase');
      await signUp(bob, server.url, 'bob', 'bob pass phrase!');
      // signed in, the home page has your games, a clock and a rated game
      await bob.goto(`${server.url}/`);
      await bob.waitForSelector('#your-games');
      await openMoreOptions(bob);
      await bob.check('input[name=mode][value=friend]');
      await bob.selectOption('#clock', 'custom');
      await bob.check('#rated');
      await t.shot(bob, 'home-signed-in');
      await bob.goto(`${server.url}/lobby`);
      await signUp(carol, server.url, 'carol', 'carol pass phrase');
      // a wrong password says so, and signs nobody in
      const stranger = await t.page({ label: 'stranger' });
      await t.allowing(/status of 401/, async () => {
        await stranger.goto(`${server.url}/signin`);
        await stranger.fill('#name', 'alice');
        await stranger.fill('#password', 'not her password');
        await stranger.click('#account-submit');
        await stranger.waitForSelector('.toast.error');
      });
      assertEqual(await stranger.textContent('.toast.error span'), 'wrong name or password', 'the same answer for a wrong name or password');
      await t.shot(stranger, 'signin-refused');

      // ---- the lobby: alice opens a challenge, bob sees it arrive ----
      await bob.waitForSelector('#challenge-list .empty');
      await alice.check('input[name=challenge-game][value=morphos]');
      await alice.selectOption('select[name="opt-size"]', '5');
      await alice.selectOption('#challenge-clock', 'custom');
      await alice.fill('#challenge-clock-minutes', '1');
      await alice.fill('#challenge-clock-increment', '0');
      // takebacks as the new-game form has them: off with Rated, on without
      assert(!(await alice.isChecked('#challenge-takebacks')), 'a rated challenge: no takebacks by default');
      await alice.uncheck('#challenge-form input[name=rated]');
      assert(await alice.isChecked('#challenge-takebacks'), 'a casual one: takebacks');
      await alice.check('#challenge-form input[name=rated]');
      assert(!(await alice.isChecked('#challenge-takebacks')), 'rated again: none');
      await alice.click('#open-challenge');
      await bob.waitForSelector('#challenge-list .challenge .accept');
      const line = await bob.textContent('#challenge-list .challenge');
      assert(/alice 1500provisional.*Morphos.*5×5.*1\+0.*rated.*no takebacks/.test(line), `the challenge as bob sees it: ${line}`);
      await t.shot(bob, 'lobby');
      // bob accepts with the keyboard; both arrive at the game
      await bob.focus('#challenge-list .challenge .accept');
      await bob.keyboard.press('Enter');
      await bob.waitForURL(/\/game\/[a-z2-7]+$/);
      await alice.waitForURL(/\/game\/[a-z2-7]+$/);
      assertEqual(alice.url(), bob.url(), 'the same game for both');
      const id = bob.url().split('/').pop();
      const state = (await server.api('GET', `/api/games/${id}`)).data;
      assert(state.rated && state.clock.started && !state.takebacks, 'a rated game whose clock runs, without takebacks');
      const first = state.seats[state.to_move - 1].account === 'alice' ? alice : bob;
      const second = first === alice ? bob : alice;
      const loserName = second === alice ? 'alice' : 'bob', winnerName = loserName === 'alice' ? 'bob' : 'alice';

      // ---- a rated game's header: both ratings ----
      await first.waitForSelector('#ratings:not([hidden])');
      assert(/^Rated: (alice|bob) 1500 · (alice|bob) 1500$/.test(await first.textContent('#ratings')), 'both ratings in the header');
      // ---- the clocks start with the moves: a first move is not charged ----
      await first.waitForSelector('.clock.running.mine');
      await first.waitForSelector('.first-move:not([hidden])');
      const told = await first.textContent('.first-move');
      assert(/^Make your first move within \d+ s, or the game is aborted\.$/.test(told), `the first move's time: ${told}`);
      const before = await first.textContent('.clock.running .clock-time');
      await first.waitForTimeout(1200);
      assertEqual(await first.textContent('.clock.running .clock-time'), before, 'no time charged before the first move');
      assertEqual(await second.$$eval('.clock.running:not(.mine)', (c) => c.length), 1, 'the other sees the running clock highlighted');
      await t.shot(first, 'clock-first-move');

      // ---- the first moves; then the clock ticks for the seat to move ----
      // The winner's clock runs only while the test moves for it (nothing
      // slow waits on it, however loaded the machine); whatever takes time
      // is done on the loser's clock, which is meant to run out anyway.
      const { move } = await import('./test_morphos.mjs');
      await move(first, 'c3');
      await move(second, 'b4');
      await first.waitForSelector('.first-move[hidden]', { state: 'attached' });
      const t0 = await first.textContent('.clock.running .clock-time');
      await first.waitForTimeout(1200);
      const t1 = await first.textContent('.clock.running .clock-time');
      assert(t1 !== t0, `the clock ticks from the second move on: ${t0} then ${t1}`);
      await move(first, 'd4');
      // ---- a spectator chats; the players chat apart (the loser's clock runs) ----
      await carol.goto(`${server.url}/game/${id}`);
      await carol.waitForSelector('#game[data-busy="no"]');
      await checkFits(carol, 'a game with clocks and chat (phone)');
      await carol.fill('#chat .chat-input', 'go <b>alice</b>!');
      await carol.press('#chat .chat-input', 'Enter');
      await carol.waitForSelector('#chat .chat-message');
      assertEqual(await carol.textContent('#chat .chat-message .chat-text'), 'go <b>alice</b>!', 'kept as text');
      assertEqual(await carol.$$eval('#chat .chat-message b', (b) => b.length), 0, 'never as HTML');
      await alice.fill('#chat .chat-input', 'good luck!');
      await alice.click('#chat .chat-send');
      await bob.waitForSelector('#chat .chat-message');
      assertEqual(await bob.textContent('#chat .chat-message'), 'alice good luck!', 'bob reads alice in the players\' chat');
      assert(!(await bob.textContent('#chat')).includes('go <b>'), 'the players do not read the spectators during the game');
      await carol.waitForTimeout(500);
      assert(!(await carol.textContent('#chat')).includes('good luck'), 'the spectators do not read the players');

      const turnTab = await second.context().newPage();
      t.watch(turnTab, `${loserName}'s lobby tab`);
      await turnTab.goto(`${server.url}/lobby`);
      await turnTab.waitForSelector('#your-games-list li');
      await move(second, 'b2');
      await turnTab.waitForSelector(`#your-games-list li[data-id="${id}"][data-turn="no"]`);
      await hide(second);
      await hide(turnTab);
      const version = Number((await gameState(second)).version);
      await move(first, 'a1');
      await waitVersion(second, version);
      await second.waitForFunction(() => window.__notes.length > 0, null, { timeout: 10000 }).catch(async () => {
        throw new Error(`the game tab made no notification: ${await second.evaluate(() => JSON.stringify({ notes: window.__notes, hidden: document.hidden, permission: Notification.permission }))}`);
      });
      const notes = await second.evaluate(() => window.__notes);
      assert(/^Your turn · Morphos$/.test(notes[0].title) && /places a stone on a1/.test(notes[0].body),
        `a notification says so: ${JSON.stringify(notes)}`);
      assertEqual(await second.title(), '(Your turn) Morphos · morph', 'the tab\'s title');
      assertEqual(await second.getAttribute('link[rel=icon]', 'href'), '/favicon-turn.svg', 'the tab\'s icon');
      // the other tab: "Your games" with this game first, marked, its title counting it
      await turnTab.waitForSelector(`#your-games-list li[data-id="${id}"][data-turn="yes"]`);
      assertEqual(await turnTab.$eval('#your-games-list li', (li) => li.dataset.id), id, 'your turn first');
      assertEqual(await turnTab.title(), '(1) Lobby · morph', 'the lobby tab counts your games to play');
      await turnTab.waitForFunction(() => window.__notes.length > 0, null, { timeout: 10000 }).catch(async () => {
        throw new Error(`the lobby tab made no notification: ${await turnTab.evaluate(() => JSON.stringify({ notes: window.__notes, hidden: document.hidden, permission: Notification.permission }))}`);
      });
      await t.shot(turnTab, 'your-games');

      // ---- the loser's time runs low, then out: the server ends the game ----
      await second.waitForSelector('.clock.running.mine.low', { timeout: 70000 });
      await second.waitForSelector('.clock-warning:not([hidden])');
      await t.shot(second, 'clock-low');
      await t.shot(carol, 'game-spectator-phone');
      for (const page of [first, second, carol]) await page.waitForSelector('#game[data-status="finished"]', { timeout: 30000 });
      const over = (await server.api('GET', `/api/games/${id}`)).data;
      assertEqual(over.result.how, 'time', 'lost on time');
      assert(/runs out of time/.test(await first.textContent('.result')), 'the result says it');
      // the header: both ratings, and what the game changed
      await first.waitForSelector('#ratings .change.up');
      const ratings = await first.textContent('#ratings');
      assert(new RegExp(`^Rated: .*${winnerName} \\d+ \\(\\+\\d+\\).*${loserName} \\d+ \\(−\\d+\\)|^Rated: .*${loserName} \\d+ \\(−\\d+\\).*${winnerName} \\d+ \\(\\+\\d+\\)`).test(ratings),
        `the ratings' change in the header: ${ratings}`);
      await t.shot(first, 'game-won-on-time');
      await t.shot(second, 'game-lost-on-time');
      // after the game the players read the spectators too
      await second.click('#chat .chat-tab[data-channel="spectators"]');
      await second.waitForSelector('#chat .chat-message');
      assert((await second.textContent('#chat')).includes('go <b>alice</b>!'), 'the players read the spectators afterwards');
      // the loser's games: nothing running any more
      await turnTab.waitForSelector(`#your-games-list li.empty`);
      assertEqual(await turnTab.title(), 'Lobby · morph', 'no game to play');

      // ---- both ratings moved; profile and leaderboard ----
      assert((await rating(server, winnerName)) > 1500, 'the winner\'s rating went up');
      assert((await rating(server, loserName)) < 1500, 'the loser\'s rating went down');
      await second.goto(`${server.url}/player/${loserName}`);
      await second.waitForSelector('.rating-card[data-game="morphos"] .rating-plot');
      assert(Number(await second.textContent('.rating-card[data-game="morphos"] .rating-number')) < 1500, 'the profile shows it');
      assert(/lost/.test(await second.textContent('#profile .games')), 'the game in the profile, lost');
      await t.shot(second, 'profile');
      await carol.goto(`${server.url}/leaderboard/morphos`);
      await carol.waitForSelector('table.leaders tbody tr');
      assertEqual(await carol.$$eval('table.leaders tbody th', (th) => th.map((x) => x.textContent)), [winnerName, loserName], 'the leaderboard');
      await checkFits(carol, 'leaderboard (phone)');
      await t.shot(carol, 'leaderboard-phone');
      await carol.goto(`${server.url}/lobby`);
      await carol.waitForSelector('#your-games-list li');
      await checkFits(carol, 'lobby (phone)');
      await t.shot(carol, 'lobby-phone');
      await carol.goto(`${server.url}/player/${winnerName}`);
      await carol.waitForSelector('.rating-card[data-game="morphos"] .rating-plot');
      await checkFits(carol, 'profile (phone)');
      await carol.goto(`${server.url}/`);
      await carol.waitForSelector('#your-games');
      await checkFits(carol, 'home signed in (phone)');
      await carol.goto(`${server.url}/signin`);
      await carol.waitForSelector('#account-submit');
      await checkFits(carol, 'sign-in (phone)');
    },
  },
  {
    name: 'quick pairing meets the next player asking for the same game and clock; resigning out of turn',
    async run(t) {
      const server = await t.server();
      const a = await person(t, server, 'dora');
      const b = await person(t, server, 'erik');
      await signUp(a, server.url, 'dora', 'dora pass phrase');
      await signUp(b, server.url, 'erik', 'erik pass phrase');
      await a.check('input[name=quick-game][value=morpyam]');
      await a.click('.clock-choice[data-clock="3+2"]');
      await a.waitForSelector('.seek-status #stop-seek');
      await b.waitForSelector('#challenge-list .challenge[data-game="morpyam"]');
      await t.shot(a, 'lobby-seeking');
      await b.check('input[name=quick-game][value=morpyam]');
      await b.click('.clock-choice[data-clock="3+2"]');
      await b.waitForURL(/\/game\//);
      await a.waitForURL(/\/game\//);
      const id = a.url().split('/').pop();
      // whoever is not to move resigns: at any moment, not only on one's turn
      const s = (await server.api('GET', `/api/games/${id}`)).data;
      const waiting = s.seats[s.to_move - 1].account === 'dora' ? b : a;
      await waitTurn(waiting === a ? b : a);
      await waiting.waitForSelector('#resign:not([disabled])');
      await waiting.click('#resign');
      await waiting.click('dialog.confirm button[value=yes]');
      await waiting.waitForSelector('#game[data-status="finished"]');
      const over = (await server.api('GET', `/api/games/${id}`)).data;
      assertEqual(over.result.how, 'forfeit', 'a resignation out of turn ends the game');
      assert(/^resign [12]$/.test(over.last.action), `the history says who: ${over.last.action}`);
      // ended before both had moved: rated, yet it moved no rating, and the profile says so
      await waiting.goto(`${server.url}/player/dora`);
      await waiting.waitForSelector(`.game-item[data-id="${id}"]`);
      const item = await waiting.textContent(`.game-item[data-id="${id}"]`);
      assert(/not rated \(ended before both had moved\)/.test(item) && !/· rated/.test(item), `the profile's line: ${item}`);
    },
  },
];
