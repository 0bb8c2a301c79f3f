// The engine of the page against the native build, side by side: random
// playouts of Morphos 9x9 from the empty board (`morph bench`'s
// morphos.playouts_9x9, the same C loop) natively, in Node.js and in
// Chromium (Debian's, driven by playwright-core), in alternating rounds so
// that the load of a shared machine falls on all three alike.
//
//   node tests/wasm/bench.mjs MORPH BENCH_WASM [ROUNDS] [SECONDS]
//
// (make bench-wasm). Prints each round and the medians.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/js/engine.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'tests/browser/package.json'));
const { chromium } = require('playwright-core');
const [morph, wasmPath, rounds = '5', seconds = '2'] = process.argv.slice(2);
const bytes = readFileSync(wasmPath);

// The engine loads through the page's own loader, in Node.js and in
// Chromium alike (web/js/engine.js, given to the blank page as a module).
const loaderText = readFileSync(path.join(root, 'web/js/engine.js'), 'utf8');
const engineInNode = await loadEngine(bytes);

function inNode(secs) {
  return engineInNode.x.bench_playouts(9, secs);
}

function native(secs) {
  const out = JSON.parse(execFileSync(morph, ['bench', '--only', 'morphos.playouts_9x9', '--seconds', String(secs), '--json'], { encoding: 'utf8' }));
  return out.workloads[0].value;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
await page.goto('about:blank');
const version = browser.version();
async function inChromium(secs) {
  return page.evaluate(async ({ b64, secs: s, loader }) => {
    if (!window.benchEngine) {
      const { loadEngine: load } = await import(`data:text/javascript;base64,${btoa(unescape(encodeURIComponent(loader)))}`);
      window.benchEngine = await load(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
    }
    return window.benchEngine.x.bench_playouts(9, s);
  }, { b64: bytes.toString('base64'), secs: Number(seconds), loader: loaderText });
}

const rows = { native: [], node: [], chromium: [] };
for (let r = 0; r < Number(rounds); r++) {
  rows.native.push(native(seconds));
  rows.node.push(inNode(Number(seconds)));
  rows.chromium.push(await inChromium(Number(seconds)));
  console.log(`round ${r + 1}: native ${rows.native[r].toFixed(0)}, Node.js ${rows.node[r].toFixed(0)}, Chromium ${rows.chromium[r].toFixed(0)} playouts/s`);
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const n = median(rows.native);
console.log(`medians: native ${n.toFixed(0)}, Node.js ${median(rows.node).toFixed(0)} (${(n / median(rows.node)).toFixed(2)}x slower), ` +
  `Chromium ${median(rows.chromium).toFixed(0)} (${(n / median(rows.chromium)).toFixed(2)}x slower); Chromium ${version}, Node.js ${process.version}`);
