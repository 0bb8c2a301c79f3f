// The engine in a worker: games against the AI played offline think here
// (an AI's turn never freezes the page), and analyses run here (analysis.js
// in the page: a progress event after each decision). Messages:
//   { id, op: 'new'|'load'|'call'|'close', ... }  ->  { id, result } or { id, error }
// 'call' runs one call of a game (engine.js's Game: play, why, step, undo,
// position, history, record, rules); 'analyse' a record's analysis, with
// { id, progress: { done, total } } messages before its answer.
import { loadEngine } from './engine.js';

const engine = loadEngine(new URL('../engine/morph.wasm', import.meta.url).href);
const games = new Map();
let next = 1;

async function run(msg) {
  const e = await engine;
  switch (msg.op) {
    case 'new': {
      const id = next++;
      games.set(id, e.game(msg.spec));
      return id;
    }
    case 'load': {
      const id = next++;
      games.set(id, e.load(msg.record, msg.names || null));
      return id;
    }
    case 'call': {
      const game = games.get(msg.game);
      if (!game) throw new Error('no such game in the engine');
      return game[msg.name](...(msg.args || []));
    }
    case 'analyse': {
      // a record's analysis, its progress posted after each decision
      const game = e.load(msg.record, msg.names || null);
      try {
        return game.analyse(msg.budget, msg.seed, (done, total) => {
          self.postMessage({ id: msg.id, progress: { done, total } });
        });
      } finally {
        game.close();
      }
    }
    case 'close': {
      const game = games.get(msg.game);
      if (game) game.close();
      games.delete(msg.game);
      return true;
    }
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

self.addEventListener('message', async (event) => {
  const msg = event.data;
  try {
    self.postMessage({ id: msg.id, result: await run(msg) });
  } catch (err) {
    self.postMessage({ id: msg.id, error: err && err.message ? err.message : String(err) });
  }
});
