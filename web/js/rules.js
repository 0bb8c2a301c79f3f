// The rules of each game, as the library words them (GET /api/rules/GAME),
// with the legend of the drawings; also used by the game screen's Rules
// dialog. Paragraphs are reflowed to the screen; drawings keep their lines.
import { api } from './api.js';
import { h, s, put, pageTitle } from './dom.js';
import { optionLabel, choiceLabel, capital } from './words.js';

export function gameTitle(game) {
  return game ? game.charAt(0).toUpperCase() + game.slice(1) : '';
}

// A short line for a game's options: "7×7 · duomorph, remorph", "3 players · plus".
export function optionsSummary(game, options, dice) {
  const parts = [];
  for (const [key, value] of Object.entries(options || {})) {
    if (Array.isArray(value) ? !value.length : value === '' || value === null) continue;
    if (key.endsWith('-cap')) continue; // safety limits: in the rules text
    if (key === 'size') parts.push(`${value}×${value}`);
    else if (key === 'players') parts.push(`${value} players`);
    else if (key === 'grid') parts.push('custom grid');
    else parts.push((Array.isArray(value) ? value : [value]).map((v) => capital(String(v).replace(/-/g, ' '))).join(', '));
  }
  if (dice === 'real') parts.push('real dice');
  return parts.join(' · ');
}

// The library's result text is wrapped for a terminal: lines that go on
// with a sentence are joined again, each statement keeps its own line.
export function paragraphs(text) {
  const out = [];
  for (const line of String(text || '').split('\n')) {
    if (!line.trim()) continue;
    if (out.length && !/[.:)]$/.test(out[out.length - 1])) out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line.trim());
  }
  return out;
}

function isDrawing(lines) {
  return lines.some((line) => /^\s/.test(line) || /\S {3,}\S/.test(line));
}

// A drawing of weakness patterns (Morphos's rules): a line of numbers, then
// rows where X is an enemy stone, o the stone that is weak and . any point,
// each pattern in columns of its own. Its patterns as [{ label, rows }], or
// null when the drawing is not of that kind (it is then shown as text).
export function drawnPatterns(lines) {
  if (lines.length < 2 || !/^[\s\d]+$/.test(lines[0])) return null;
  const figures = new Map(); // the start column of a pattern -> its rows
  for (const line of lines.slice(1)) {
    const runs = [...line.matchAll(/[Xo.](?: [Xo.])*/g)];
    if (!runs.length || line.replace(/[Xo.](?: [Xo.])*/g, '').trim() !== '') return null;
    for (const m of runs) {
      if (!figures.has(m.index)) figures.set(m.index, []);
      figures.get(m.index).push(m[0].split(' '));
    }
  }
  const numbers = [...lines[0].matchAll(/\d+/g)];
  const out = [];
  for (const [start, rows] of [...figures.entries()].sort((a, b) => a[0] - b[0])) {
    const width = rows[0].length * 2 - 1;
    if (rows.some((r) => r.length !== rows[0].length) || rows.flat().filter((c) => c === 'o').length !== 1) return null;
    const number = numbers.find((n) => n.index >= start - 2 && n.index <= start + width + 2);
    out.push({ label: number ? number[0] : String(out.length + 1), rows });
  }
  return out.length === numbers.length ? out : null;
}

// One pattern as a small board like the game's own: the weak stone black
// with the dashed ring of a weak stone, the enemy stones white, "any point"
// an open dotted circle.
function patternBoard(pattern) {
  const D = 40, M = 30, { rows } = pattern;
  const w = rows[0].length, ht = rows.length;
  const enemies = rows.flat().filter((c) => c === 'X').length;
  const svg = s('svg', {
    // one scale for all patterns: a point is 28 px apart, as on a middle-sized board
    class: 'pattern-svg morphos-svg', viewBox: `0 0 ${2 * M + (w - 1) * D} ${2 * M + (ht - 1) * D}`, role: 'img',
    width: 0.7 * (2 * M + (w - 1) * D), height: 0.7 * (2 * M + (ht - 1) * D),
    'aria-label': `Pattern ${pattern.label}: a weak black stone with ${enemies} white stones around it`,
  });
  svg.append(s('rect', { class: 'wood', x: 4, y: 4, width: 2 * M + (w - 1) * D - 8, height: 2 * M + (ht - 1) * D - 8, rx: 6 }));
  const lines = s('g', { class: 'lines' });
  for (let i = 0; i < ht; i++) lines.append(s('line', { x1: M - D / 3, y1: M + i * D, x2: M + (w - 1) * D + D / 3, y2: M + i * D }));
  for (let i = 0; i < w; i++) lines.append(s('line', { x1: M + i * D, y1: M - D / 3, x2: M + i * D, y2: M + (ht - 1) * D + D / 3 }));
  svg.append(lines);
  rows.forEach((row, r) => row.forEach((c, k) => {
    const x = M + k * D, y = M + r * D;
    if (c === 'X') svg.append(s('circle', { class: 'stone white', cx: x, cy: y, r: 15 }));
    if (c === 'o') svg.append(s('circle', { class: 'stone black', cx: x, cy: y, r: 15 }), s('circle', { class: 'weak-ring', cx: x, cy: y, r: 18.5 }));
    if (c === '.') svg.append(s('circle', { class: 'any-point', cx: x, cy: y, r: 9 }));
  }));
  return h('figure', { class: 'pattern' }, svg, h('figcaption', { text: `Pattern ${pattern.label}` }));
}

function patternFigures(patterns) {
  return h('div', { class: 'rules-patterns' }, patterns.map(patternBoard),
    // the text's codes, as the boards draw them
    h('p', { class: 'help pattern-key' }, 'Drawn as boards: each X is a white stone (an enemy), o the black stone that is weak, each . a dotted point (any: empty, or a stone of either colour).'));
}

// The rules text and the legend as elements: a paragraph headed "Writing
// moves" (the notation, for those who type moves) goes into a fold.
export function rulesBody(rules, legend) {
  const out = [];
  for (const para of String(rules || '').split(/\n\s*\n/)) {
    const lines = para.split('\n').filter((line) => line.trim() !== '');
    if (!lines.length) continue;
    if (isDrawing(lines)) {
      const patterns = drawnPatterns(lines);
      out.push(patterns ? patternFigures(patterns) : h('pre', { class: 'rules-drawing', text: lines.join('\n') }));
    } else {
      const text = lines.join(' ');
      const m = /^([A-Z][a-z]*(?: [A-Za-z-]+){0,2})([.:])\s+(.*)$/.exec(text);
      if (m && m[1] === 'Writing moves') out.push(h('details', { class: 'notation' }, h('summary', { text: 'Details: how moves are written' }), h('p', { text: m[3] })));
      else if (m) out.push(h('p', {}, h('strong', { text: m[1] + m[2] }), ' ', m[3]));
      else out.push(h('p', { text }));
    }
  }
  if (legend && legend.length) {
    out.push(h('h3', { text: 'Legend' }), legendTable(legend));
  }
  return out;
}

export function legendTable(legend) {
  return h('table', { class: 'legend' },
    h('thead', {}, h('tr', {}, h('th', { text: 'Code' }), h('th', { text: 'Name' }), h('th', { text: 'Meaning' }))),
    h('tbody', {}, legend.map((entry) => h('tr', {},
      h('td', {}, h('code', { text: entry.code })), h('td', { text: entry.name }), h('td', { text: entry.words })))));
}

// Option inputs for the rules page: the choices of each option that changes the rules.
export async function rulesPage(main, game) {
  pageTitle(`${gameTitle(game)} rules · morph`);
  const meta = await api('GET', '/api/meta');
  const info = meta.games.find((g) => g.name === game);
  if (!info) {
    put(main, h('section', { class: 'card error-card' }, h('h1', { text: 'No such game' }),
      h('p', {}, 'Morph has ', ...meta.games.map((g, i) => [i ? ' and ' : '', h('a', { href: `/rules/${g.name}`, text: gameTitle(g.name) })]), '.')));
    return;
  }
  const params = new URLSearchParams(location.search);
  const body = h('div', { class: 'rules-text', id: 'rules-text' });
  const form = h('form', { class: 'rules-options', 'aria-label': 'Options of the rules' });
  for (const option of info.options) {
    const current = params.get(option.key) ?? option.default;
    if (option.kind === 'string' && option.choices) {
      form.append(h('label', {}, `${optionLabel(option)} `,
        h('select', { name: option.key }, option.choices.map((c) => h('option', { value: c, selected: c === current, text: choiceLabel(option, c) })))));
    } else if (option.kind === 'list' && option.choices) {
      const on = current.split(',').filter(Boolean);
      form.append(h('fieldset', {}, h('legend', { text: optionLabel(option) }),
        option.choices.map((c) => h('label', { class: 'check' }, h('input', { type: 'checkbox', name: option.key, value: c, checked: on.includes(c) }), ` ${choiceLabel(option, c)}`))));
    } else if (option.kind === 'int' && option.key !== 'turn-cap' && option.key !== 'rolloff-cap' &&
        option.key !== 'move-cap' && option.max) {
      form.append(h('label', {}, `${optionLabel(option)} `,
        h('input', { type: 'number', name: option.key, min: option.min, max: option.max, value: current, class: 'num' })));
    }
  }
  async function load() {
    const query = new URLSearchParams();
    const data = new FormData(form);
    for (const key of new Set(data.keys())) query.set(key, data.getAll(key).join(','));
    history.replaceState(null, '', `${location.pathname}?${query}`);
    try {
      const rules = await api('GET', `/api/rules/${game}?${query}`);
      put(body, ...rulesBody(rules.rules, rules.legend));
    } catch (err) {
      put(body, h('p', { class: 'error', role: 'alert', text: err.message }));
    }
  }
  form.addEventListener('change', load);
  form.addEventListener('submit', (e) => e.preventDefault());
  put(main, h('section', { class: 'card rules-page' },
    h('h1', { text: `Rules of ${gameTitle(game)}` }),
    h('p', { class: 'help', text: info.summary }),
    form, body,
    h('p', {}, h('a', { class: 'button primary', href: `/?game=${game}`, text: `Play ${gameTitle(game)}` }))));
  await load();
}
