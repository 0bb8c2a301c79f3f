// Dice drawn as dice: an SVG face with pips, and the short tumble of a
// roll. The tumble's passing faces are decoration only; the values shown
// when it stops are the server's.
import { s, reducedMotion, sleep } from './dom.js';

const SPOTS = {
  1: [[50, 50]],
  2: [[27, 27], [73, 73]],
  3: [[27, 27], [50, 50], [73, 73]],
  4: [[27, 27], [73, 27], [27, 73], [73, 73]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[27, 25], [73, 25], [27, 50], [73, 50], [27, 75], [73, 75]],
};

// An <svg> die showing value (1-6), or a blank outline for 0/null.
export function dieSvg(value, cls = '') {
  const svg = s('svg', { viewBox: '0 0 100 100', class: ['die-face', cls], 'aria-hidden': 'true', focusable: 'false' });
  svg.append(s('rect', { class: 'die-body', x: 4, y: 4, width: 92, height: 92, rx: 18 }));
  svg.append(s('g', { class: 'pips' }));
  setFace(svg, value);
  return svg;
}

export function setFace(svg, value) {
  const pips = svg.querySelector('.pips');
  while (pips.firstChild) pips.removeChild(pips.firstChild);
  svg.classList.toggle('blank', !SPOTS[value]);
  for (const [x, y] of SPOTS[value] || []) pips.append(s('circle', { cx: x, cy: y, r: 9.5 }));
  svg.dataset.value = SPOTS[value] ? String(value) : '';
}

// Tumbles the dice svgs for about ms milliseconds, then shows values.
export async function tumble(svgs, values, ms) {
  if (!svgs.length) return;
  if (ms <= 0 || reducedMotion()) {
    svgs.forEach((svg, i) => setFace(svg, values[i]));
    if (ms > 0) await sleep(Math.min(ms, 250)); // still a beat to see the new dice
    return;
  }
  for (const svg of svgs) svg.classList.add('rolling');
  const start = performance.now();
  while (performance.now() - start < ms - 90) {
    for (const svg of svgs) setFace(svg, 1 + Math.floor(Math.random() * 6));
    await sleep(90);
  }
  svgs.forEach((svg, i) => {
    setFace(svg, values[i]);
    svg.classList.remove('rolling');
    svg.classList.add('landed');
    setTimeout(() => svg.classList.remove('landed'), 400);
  });
}
