// The app's PNG icons, drawn from web/favicon.svg by Chromium (the browser
// the tests use): web/icons/icon-192.png and icon-512.png for the manifest
// (also "maskable": the drawing keeps inside the middle 80%, the safe zone
// a phone's mask leaves), and apple-touch-icon.png (180 px, opaque: iOS
// rounds the corners itself). The PNGs are committed; run this again after
// changing favicon.svg:
//
//   node scripts/make_icons.mjs            (Chromium at /usr/bin/chromium, or CHROMIUM=...)
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// playwright-core is the browser tests' (tests/browser/package.json)
const require = createRequire(path.join(root, 'tests/browser/package.json'));
const { chromium } = require('playwright-core');

const BACKGROUND = '#fdfaf3'; // the manifest's background_color
const SIZES = [['icon-192.png', 192], ['icon-512.png', 512], ['apple-touch-icon.png', 180]];

const svg = fs.readFileSync(path.join(root, 'web/favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [name, size] of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const inner = Math.round(size * 0.8);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:${BACKGROUND};width:${size}px;height:${size}px;` +
      `display:flex;align-items:center;justify-content:center">` +
      svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `) + '</body></html>');
    await page.screenshot({ path: path.join(root, 'web/icons', name), omitBackground: false });
    await page.close();
    console.log(`web/icons/${name}: ${size}x${size}`);
  }
} finally {
  await browser.close();
}
