// Runs the browser tests (test_*.mjs here, each exporting `tests`: a list of
// {name, run(t)}, with a timeout in ms where the default is too short), one
// after another in one Chromium, and prints a line per test and the total
// "browser: N passed, N failed". A FILE (test_NAME.mjs) runs that file's
// tests alone and keeps the screenshots of other files (tests/run.sh runs
// the files side by side); a NAME-FILTER runs the tests whose
// "test_FILE: name" contains it.
//
//   MORPH=build/asan/morph node tests/browser/run.mjs [FILE | NAME-FILTER]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser, TestRun, MORPH, OUT } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = process.argv[2] || '';
const only = /^test_.*\.mjs$/.test(arg) ? arg : '';
const filter = only ? '' : arg;
const TIMEOUT = 150000;

if (!fs.existsSync(MORPH)) {
  console.error(`browser tests: no morph binary at ${MORPH} (set MORPH)`);
  process.exit(2);
}
if (only && !fs.existsSync(path.join(here, only))) {
  console.error(`browser tests: no file ${only} in ${here}`);
  process.exit(2);
}
if (!only) fs.rmSync(OUT, { recursive: true, force: true });

const files = only ? [only] : fs.readdirSync(here).filter((f) => /^test_.*\.mjs$/.test(f)).sort();
const browser = await launchBrowser();
let passed = 0;
let failed = 0;
for (const file of files) {
  const { tests } = await import(pathToFileURL(path.join(here, file)).href);
  for (const test of tests) {
    const name = `${file.replace(/\.mjs$/, '')}: ${test.name}`;
    if (filter && !name.includes(filter)) continue;
    const started = Date.now();
    const t = new TestRun(browser, name);
    let error = null;
    const timeout = test.timeout || TIMEOUT;
    let timer;
    try {
      await Promise.race([
        test.run(t),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${timeout / 1000} s`)), timeout); }),
      ]);
    } catch (err) {
      error = err;
    } finally {
      clearTimeout(timer);
    }
    try {
      await t.close(!!error);
    } catch (err) {
      error = error || err;
    }
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (error) {
      failed++;
      console.log(`FAILED ${name} (${secs} s)\n  ${String(error.stack || error).split('\n').join('\n  ')}`);
      for (const server of t.servers) if (server.log) console.log(`  server log (last lines):\n    ${server.log.trim().split('\n').slice(-15).join('\n    ')}`);
      console.log(`  files kept in ${t.dir}`);
    } else {
      passed++;
      console.log(`ok ${name} (${secs} s)`);
    }
  }
}
await browser.close();
console.log(`screenshots: ${OUT}`);
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
