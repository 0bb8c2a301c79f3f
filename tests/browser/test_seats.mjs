// Seats: a reloaded tab is back at its seat; another browser cannot act for
// it (the API refuses, nothing changes, the page offers no control); the
// server killed with kill -9 and restarted: both players go on, nothing lost.
// also on postgresql
import { waitTurn, waitCount, gameState, moveTexts, assert, assertEqual } from './lib.mjs';
import { startFriendGame, move } from './test_morphos.mjs';

export const tests = [
  {
    name: 'reload returns to the seat; another browser can act on nothing',
    async run(t) {
      const server = await t.server();
      const a = await t.page({ label: 'A' });
      const b = await t.page({ label: 'B' });
      const link = await startFriendGame(a, server.url, 5);
      await b.goto(link);
      await b.waitForSelector('#game');
      const id = (await gameState(a)).id;
      // while it is A's turn, B's page offers nothing to click
      await waitTurn(a);
      await b.waitForSelector('#game[data-busy="no"]');
      assertEqual(await b.$$eval('.pt.can', (els) => els.length), 0, 'no point is playable for B on A\'s turn');
      await b.click('.pt[data-point="a1"]');
      assertEqual((await server.api('GET', `/api/games/${id}`)).data.count, 0, 'a click of B on A\'s turn plays nothing');
      await b.waitForSelector('#why[role="status"]:not(:empty)');
      // (between people the click also queues a premove, said after whose turn it is: test_moves)
      const why = await b.textContent('#why');
      assert(why.startsWith("It is Black's turn: Guest 1."), `and B is told whose turn it is: ${why}`);
      if (why.includes('Premove')) await b.click('.pt[data-point="a1"]'); // cancelled: the test plays B's moves itself
      await move(a, 'c3');
      await waitCount(b, 1);
      // B reloads: still seat 2, to move, with its controls
      await b.reload();
      await b.waitForSelector('#game');
      let state = await waitTurn(b);
      assertEqual([state.seats, state.act], ['2', 'yes'], 'B is back at seat 2 after a reload');
      await move(b, 'b2');
      await waitCount(a, 2);
      // A closes the tab and opens the game again in a new tab of the same browser
      const a2 = t.watch(await a.context().newPage(), 'A, new tab');
      await a.close();
      await a2.goto(`${server.url}/game/${id}`);
      await a2.waitForSelector('#game');
      state = await waitTurn(a2);
      assertEqual([state.seats, state.act], ['1', 'yes'], 'A is back at seat 1 in a new tab');
      // a stranger: watches, no control, and the API refuses its tries
      const stranger = await t.page({ label: 'stranger' });
      await stranger.goto(`${server.url}/game/${id}`);
      await stranger.waitForSelector('#game[data-busy="no"]');
      state = await gameState(stranger);
      assertEqual([state.seats, state.act], ['', 'no'], 'the stranger holds no seat');
      assertEqual(await stranger.$$eval('.pt.can, #swap, #pass, #resign, #undo, #hint', (els) => els.length), 0, 'no control is offered');
      await stranger.click('.pt[data-point="d4"]');
      await stranger.waitForSelector('#why:not(:empty)');
      assertEqual(await stranger.textContent('#why'), 'You are watching: only the players move.', 'a watcher\'s click says why');
      const before = await server.api('GET', `/api/games/${id}`);
      const tries = [
        await server.api('POST', `/api/games/${id}/actions`, { body: { action: 'd4' } }),
        await server.api('POST', `/api/games/${id}/actions`, { body: { action: 'd4' }, token: 'x'.repeat(52) }),
        await server.api('POST', `/api/games/${id}/resign`, { body: {} }),
      ];
      // B's own token is not A's: B cannot move for seat 1
      const bToken = await b.evaluate((gid) => JSON.parse(localStorage.getItem(`morph.tokens.${gid}`))[0], id);
      tries.push(await server.api('POST', `/api/games/${id}/actions`, { body: { action: 'd4' }, token: bToken }));
      for (const r of tries) assert(r.status === 403, `refused with 403: ${r.status} ${JSON.stringify(r.data)}`);
      assert(/not yours|turn/.test(tries[3].data.error), `the refusal says why: ${tries[3].data.error}`);
      const after = await server.api('GET', `/api/games/${id}`);
      assertEqual([after.data.version, after.data.count], [before.data.version, before.data.count], 'nothing changed');
      // and the real player still plays
      await move(a2, 'd4');
      await waitCount(stranger, 3);
      assertEqual((await moveTexts(stranger)).length, 3, 'the stranger watches the move arrive');
    },
  },
  {
    name: 'the server killed with kill -9 and restarted: both players go on, no action lost',
    async run(t) {
      const server = await t.server();
      const a = await t.page({ label: 'A' });
      const b = await t.page({ label: 'B' });
      const link = await startFriendGame(a, server.url, 7);
      await b.goto(link);
      await b.waitForSelector('#game');
      const id = (await gameState(a)).id;
      for (const [page, point] of [[a, 'd4'], [b, 'c3'], [a, 'd5'], [b, 'c5']]) await move(page, point);
      await waitCount(a, 4);
      const version = (await gameState(a)).version;
      // the failed requests of the dead server are expected in the console
      await t.allowing(/ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET|Failed to load resource/, async () => {
        await server.kill9();
        for (const page of [a, b]) await page.waitForSelector('#game[data-connected="no"]');
        assert(await a.isVisible('.conn'), 'A is told the page is reconnecting');
        // a move while the server is down is refused by the network, not lost silently
        await a.click('.pt.can[data-point="d6"]');
        await a.waitForSelector('.toast.error');
        await server.start();
        for (const page of [a, b]) await page.waitForSelector('#game[data-connected="yes"]', { timeout: 20000 });
      });
      for (const page of [a, b]) assertEqual((await gameState(page)).version, version, `${page.label} has the same game after the restart`);
      for (const [page, point] of [[a, 'd6'], [b, 'c6'], [a, 'd3'], [b, 'c2']]) await move(page, point);
      await waitCount(b, 8);
      const stored = await server.api('GET', `/api/games/${id}`);
      assertEqual(stored.data.history.map((e) => e.action), ['d4', 'c3', 'd5', 'c5', 'd6', 'c6', 'd3', 'c2'], 'every action, in order');
      for (const page of [a, b]) assertEqual((await moveTexts(page)).length, 8, `${page.label} lists every move`);
    },
  },
];
