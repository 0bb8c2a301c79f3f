// The page's engine (web/engine/morph.wasm, through web/js/engine.js) in
// Node.js against the same calls built natively (BUILD/engine_native):
// thousands of seeded games of both games, random or between AI levels,
// must give the same digest game by game (every action's sentence, marks
// and fields, every position's legal actions, whole positions, results);
// then the calls the page makes, with what they refuse.
//
//   node tests/wasm/agree.mjs BUILD_DIR
//
// Prints "agree: N passed, N failed" last.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadEngine } from '../../web/js/engine.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const build = path.resolve(process.argv[2] || 'build/asan');
const native = path.join(build, 'engine_native');
const engine = await loadEngine(readFileSync(path.join(root, 'web/engine/morph.wasm')));

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed++;
  else {
    failed++;
    console.error(`FAIL ${name}${detail ? `\n  ${detail}` : ''}`);
  }
}

// ---- the two builds, game by game ----

const morphos = (size, mutators = [], extra = {}) => ({ game: 'morphos', options: { size, mutators, ...extra } });
const morpyam = (options = {}, extra = {}) => ({ game: 'morpyam', options, ...extra });
const SETS = [
  // [spec, first seed, games]
  [morphos(5), 1, 1000],
  [morphos(5, ['minimorph']), 1, 150],
  [morphos(5, ['deepmorph']), 1, 150],
  [morphos(5, ['duomorph', 'remorph']), 1, 150],
  [morphos(6, ['minimorph', 'metamorph']), 1, 100],
  [morphos(7, ['minimorph', 'deepmorph', 'duomorph', 'remorph']), 1, 100],
  [morphos(7), 1000, 400],
  [morphos(9), 1, 250],
  [morphos(11, [], { 'move-cap': 40 }), 1, 20],
  [morpyam(), 1, 60],
  [morpyam({ players: 3, variant: 'flash' }), 1, 25],
  [morpyam({ players: 4, variant: 'plus' }), 1, 15],
  [morpyam({ rules: ['strict-call', 'daversa'] }), 1, 20],
  // the AI levels, deterministic with a fixed amount of work
  [morphos(7, [], { 'move-cap': 0 }), 1, 4, ['ai:greedy', 'ai:mcts:playouts=150']],
  [morphos(5, ['duomorph']), 1, 4, ['ai:mcts:playouts=100', 'human']],
  [morpyam(), 1, 2, ['ai:greedy', 'ai:expert']],
  [morpyam(), 7, 1, ['ai:master', 'human']],
];

let games = 0;
let actions = 0;
for (const [base, seed, count, players] of SETS) {
  const spec = players ? { ...base, players } : base;
  const name = `${JSON.stringify(spec)} seeds ${seed}..${seed + count - 1}`;
  const wasm = engine.selfplay(spec, seed, count);
  const nat = JSON.parse(execFileSync(native, ['selfplay', JSON.stringify(spec), String(seed), String(count)], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  games += wasm.games;
  actions += wasm.actions;
  const differs = wasm.each.findIndex((h, i) => h !== nat.each[i]);
  check(`the builds agree on ${name}`, wasm.digest === nat.digest && wasm.actions === nat.actions,
    differs >= 0 ? `first differing game: seed ${seed + differs}` : `actions ${wasm.actions} and ${nat.actions}`);
}
console.log(`agree: ${games} games, ${actions} actions compared`);

// A position and history written by both builds after the same texts.
{
  const spec = { game: 'morpyam', options: { players: 2 }, names: ['Ann', 'P2 (master)'] };
  const texts = ['die 5', 'die 2', 'roll', 'dice 3 3 3 5 6', 'reroll 5 6', 'dice 1 3'];
  const g = engine.game(spec);
  for (const t of texts) g.play(0, t);
  const mine = `${JSON.stringify(g.position())}\n${JSON.stringify(g.history())}`;
  const theirs = execFileSync(native, ['position', JSON.stringify(spec), ...texts], { encoding: 'utf8' }).trim();
  const canon = theirs.split('\n').map((line) => JSON.stringify(JSON.parse(line))).join('\n');
  check('a Morpyam position and history: the same JSON from both builds', mine === canon);
  check('sentences use the names given', g.history()[3].text.startsWith('Ann rolls'), g.history()[3].text);
  g.close();
}

// ---- the calls the page makes ----

{
  const g = engine.game({ game: 'morphos', options: { size: 9 } });
  const start = g.position();
  check('a 9x9 position: 81 legal points, Black to move', start.legal.length === 81 && start.to_move === 1 && start.count === 0);
  const played = g.play(1, 'e5');
  check('a move answers its entry in words', played.entries && played.entries[0].text === 'Black places a stone on e5');
  const taken = g.check(2, 'e5');
  check('a refused click: the rules\' reason, as the server words it', taken.status === 422 && taken.error === "illegal action 'e5': e5 is taken", JSON.stringify(taken));
  const why = g.why('e5');
  check('why: the library\'s reason alone, as GET .../why answers it', why.legal === false && why.why === 'e5 is taken', JSON.stringify(why));
  const legal = g.why('c3');
  check('why: a legal text has no reason', legal.legal === true && legal.why === null, JSON.stringify(legal));
  const notYours = g.check(1, 'c3');
  check('another seat\'s turn is refused (403)', notYours.status === 403, JSON.stringify(notYours));
  const fine = g.check(2, 'swap');
  check('check answers what a legal action would do, and plays nothing', fine.entries && fine.entries[0].kind === 'swap' && g.position().count === 1);
  check('the history has the move', g.history().length === 1);
  g.close();
}
{
  const g = engine.game({ game: 'morphos', options: { size: 7 }, players: ['human', 'ai:greedy'], seed: 4 });
  g.play(1, 'd4');
  const answer = g.step();
  check('an AI seat moves by step', answer.entries && answer.entries[0].player === 2);
  const undone = g.undo();
  check('undo takes back the person\'s move and the AI\'s', undone.removed === 2 && undone.count === 0, JSON.stringify(undone));
  g.play(1, 'c3');
  g.step();
  const record = g.record('2026-11-28T08:00:00Z');
  check('the record of the game', record.format === 'morph-record' && record.actions.join(' ') === g.history().map((e) => e.action).join(' '));
  const again = engine.load(record, ['Me', 'P2 (greedy)']);
  check('a record loads back with its history in words', again.history().length === 2 && again.history()[0].text.startsWith('Black'));
  again.play(1, again.position().legal[0].action);
  check('the loaded game goes on with its AI', again.step().entries && again.position().count === 4);
  const rules = g.rules();
  check('the rules and legend', rules.rules.length > 500 && Array.isArray(rules.legend));
  again.close();
  g.close();
}
for (const [spec, re] of [
  [{ game: 'chess' }, /'game' must be morpyam or morphos/],
  [{ game: 'morphos', options: { size: 2 } }, /size/],
  [{ game: 'morphos', colour: 'red' }, /unknown key 'colour'/],
  [{ game: 'morphos', players: ['human'] }, /'players' must be an array of 2/],
  [{ game: 'morphos', players: ['human', 'ai:nobody'] }, /nobody/],
]) {
  let message = '';
  try {
    engine.game(spec);
  } catch (err) {
    message = err.message;
  }
  check(`refused: ${JSON.stringify(spec)}`, re.test(message) && !message.includes('\n'), message);
}
{
  let message = '';
  try {
    engine.load('{"format":"morph-record"}');
  } catch (err) {
    message = err.message;
  }
  check('a bad record is refused in one line', /record upload/.test(message) && !message.includes('\n'), message);
}

console.log(`agree: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
