// Building the page: small helpers over the DOM. Text always goes in as
// text (never as HTML), so words from the server cannot inject markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children, svg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') el.textContent = value;
    else if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (!svg && key in el && typeof value !== 'string' && key !== 'list') el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// h('button', {class: 'primary', onclick: f}, 'Roll')
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

// s('circle', {cx: 5, cy: 5, r: 3}) for SVG elements
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// Replaces the content of el with children.
export function put(el, ...children) {
  clear(el);
  return fill(el, {}, children, false);
}

// Runs rebuild, which replaces el's content, and gives the focus back to
// the same control in the new content (the same class in the item of the
// same data-id): a list redrawn by a live update must not drop the focus
// of someone about to press Enter on one of its buttons.
export function keepFocus(el, rebuild) {
  const active = document.activeElement;
  const item = active && el.contains(active) ? active.closest('[data-id]') : null;
  const cls = item && active.classList[0];
  rebuild();
  if (!item) return;
  const again = [...el.querySelectorAll(`[data-id] .${CSS.escape(cls || '')}`)]
    .find((x) => x.closest('[data-id]').dataset.id === item.dataset.id);
  if (again) again.focus();
}

export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// A short message at the bottom of the screen (errors and confirmations).
export function toast(message, kind = 'error') {
  const box = document.getElementById('toasts');
  const item = h('div', { class: ['toast', kind], role: kind === 'error' ? 'alert' : 'status' },
    h('span', { text: message }),
    h('button', { class: 'toast-close', 'aria-label': 'Dismiss', text: '×', onclick: () => item.remove() }));
  box.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 8000 : 4000);
  return item;
}

// A modal question; resolves true when confirmed.
export function confirmDialog(question, yes, no = 'Cancel') {
  return new Promise((resolve) => {
    const dialog = h('dialog', { class: 'confirm', 'aria-label': question },
      h('p', { text: question }),
      h('form', { method: 'dialog', class: 'buttons' },
        h('button', { value: 'no', text: no }),
        h('button', { value: 'yes', class: 'danger', text: yes })));
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'yes');
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

// A modal with any content and a close button.
export function showDialog(title, ...content) {
  const dialog = h('dialog', { class: 'panel-dialog', 'aria-label': title },
    h('div', { class: 'dialog-head' },
      h('h2', { text: title }),
      h('form', { method: 'dialog' }, h('button', { class: 'close', 'aria-label': 'Close', text: '×' }))),
    h('div', { class: 'dialog-body' }, ...content));
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

// ---- the tab: its title and icon say when it is your turn ----
// A page names itself with pageTitle; the turn notices (notify.js) and a
// game screen add "(Your turn)" or "(2)" and the icon with a red dot.
const tab = { title: 'morph', here: false, elsewhere: 0 };

function drawTab() {
  const prefix = tab.here ? '(Your turn) ' : tab.elsewhere ? `(${tab.elsewhere}) ` : '';
  document.title = prefix + tab.title;
  const icon = document.querySelector('link[rel="icon"]');
  const href = tab.here || tab.elsewhere ? '/favicon-turn.svg' : '/favicon.svg';
  if (icon && icon.getAttribute('href') !== href) icon.setAttribute('href', href);
  document.documentElement.dataset.turn = tab.here || tab.elsewhere ? 'yes' : 'no';
}

export function pageTitle(text) {
  tab.title = text;
  drawTab();
}

// here: the game on this screen waits for you; elsewhere: how many of your
// account's games do (undefined leaves it as it is).
export function setTurn({ here, elsewhere } = {}) {
  if (here !== undefined) tab.here = here;
  if (elsewhere !== undefined) tab.elsewhere = elsewhere;
  drawTab();
}

// "3 min ago" for an ISO time.
export function ago(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const sec = Math.max(0, Math.round((Date.now() - t) / 1000));
  if (sec < 60) return 'just now';
  if (sec < 3600) return `${Math.floor(sec / 60)} min ago`;
  if (sec < 86400) return `${Math.floor(sec / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}

// True when the key event came from a field that takes keys itself (text,
// numbers, a slider, a list): shortcuts stay off there.
export function typing(event) {
  const t = event.target;
  if (!(t instanceof HTMLElement)) return false;
  if (t.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'file'].includes(t.type);
  return t.isContentEditable || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT';
}
