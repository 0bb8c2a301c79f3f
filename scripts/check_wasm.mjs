// The page's engine as built, against the page's loader: every import of
// web/engine/morph.wasm must be a function that web/js/engine.js provides,
// and the module must load through loadEngine and play, exactly as the page
// does. make runs it after linking the module and removes a module that
// fails, so that no build ships an engine the page cannot load (a newer
// wasi-libc once brought imports the loader did not have).
//
//   node scripts/check_wasm.mjs WASM
import { readFileSync } from 'node:fs';
import { engineImports, loadEngine } from '../web/js/engine.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/check_wasm.mjs WASM');
  process.exit(2);
}
const bytes = readFileSync(file);
const provided = engineImports(() => null);
const missing = WebAssembly.Module.imports(new WebAssembly.Module(bytes))
  .filter((i) => i.kind !== 'function' || typeof provided[i.module]?.[i.name] !== 'function')
  .map((i) => `${i.module}.${i.name} (${i.kind})`);
if (missing.length) {
  console.error(`${file} imports what web/js/engine.js does not provide: ${missing.join(', ')}; ` +
    'give each in engineImports of web/js/engine.js, or keep the call out of the build');
  process.exit(1);
}
try {
  const engine = await loadEngine(bytes);
  const game = engine.game({ game: 'morphos', options: { size: 5 }, seed: 1 });
  const played = game.play(1, 'c3');
  if (played.error) throw new Error(`a first move was refused: ${played.error}`);
  if (game.position().count !== 1) throw new Error('a first move did not count');
  game.close();
} catch (e) {
  console.error(`${file} does not load or play through web/js/engine.js: ${e.message}`);
  process.exit(1);
}
