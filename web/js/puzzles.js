// The Puzzles page (docs/web.md, "Puzzles"): a Morphos position of the
// suite, "Black to play and win". A click on the board (or an action typed
// in the box) is sent to the server, which replays the line so far through
// the rules and checks the answer with the exact solver: a right answer is
// answered by the defender's reply until the game is won; a wrong one by
// the defender's winning answer, drawn, and the rest of the lost line.
// Every sentence comes from the server (the library's words).
import { api } from './api.js';
import { h, put, pageTitle } from './dom.js';
import { drawBoard } from './morphos.js';
import { optionsSummary } from './rules.js';

// The page at /puzzles (a random puzzle) or /puzzles/N.
export async function puzzlesPage(main, number) {
  pageTitle('Puzzles · morph');
  let index = number === undefined ? null : Number(number);
  if (index === null || !Number.isInteger(index) || index < 0) {
    const list = await api('GET', '/api/puzzles');
    index = Math.floor(Math.random() * list.count);
    history.replaceState(null, '', `/puzzles/${index}`);
  }
  const data = await api('GET', `/api/puzzles/${index}`);
  new PuzzleBoard(main, data);
}

function entryItem(entry) {
  return h('li', { class: `line-${entry.colour}` }, h('span', { class: 'line-action', text: entry.action }), ' ', entry.text);
}

class PuzzleBoard {
  constructor(main, data) {
    this.data = data;
    this.line = []; // the actions since the puzzle's position, as the server returned them
    this.view = data.position_view;
    this.busy = false;
    this.over = false;
    pageTitle(`Puzzle ${data.index + 1} · morph`);
    this.el = {
      board: h('div', { class: 'board-area puzzle-board' }),
      feedback: h('div', { class: 'puzzle-feedback', role: 'status', 'aria-live': 'polite' }),
      moves: h('ol', { class: 'puzzle-line', 'aria-label': 'The line so far' }),
      input: h('input', { id: 'puzzle-answer', type: 'text', autocomplete: 'off', spellcheck: false, size: 6, 'aria-describedby': 'puzzle-answer-help' }),
    };
    const form = this.el.form = h('form', { class: 'puzzle-type', onsubmit: (e) => { e.preventDefault(); this.answer(this.el.input.value.trim()); } },
      h('label', { for: 'puzzle-answer', text: 'Your move' }), this.el.input,
      h('button', { type: 'submit', class: 'button', text: 'Play' }),
      h('p', { id: 'puzzle-answer-help', class: 'help', text: 'Click a point of the board, or type a point such as c3 or a flip such as xc3.' }));
    this.el.retry = h('button', { type: 'button', id: 'puzzle-retry', class: 'button', text: 'Try again', hidden: true, onclick: () => this.retry() });
    const next = h('a', { id: 'puzzle-next', class: 'button primary', href: `/puzzles/${data.next}`, text: 'Next puzzle' });
    put(main, h('section', { class: 'card puzzle' },
      h('p', { class: 'puzzle-kicker', text: `Puzzle ${data.index + 1} of ${data.count} · Morphos ${optionsSummary('morphos', data.options)}` }),
      h('h1', { id: 'puzzle-title', text: data.title }),
      h('div', { class: 'puzzle-layout' },
        h('div', { class: 'board-col' }, this.el.board),
        h('div', { class: 'puzzle-side' }, this.el.feedback, form,
          h('div', { class: 'button-row' }, this.el.retry, next),
          h('h2', { class: 'puzzle-line-title', text: 'Moves' }), this.el.moves))));
    this.start = { view: this.view, line: [], moves: [] };
    put(this.el.feedback, h('p', { text: 'Find the move that wins by force: the solver answers every move you play.' }));
    this.draw();
  }

  say(text, kind = '') {
    put(this.el.feedback, h('p', { class: ['puzzle-verdict', kind && `verdict-${kind}`], text }));
  }

  // The board of this.view, the latest answer and reply (or refutation)
  // marked; clickable when it is the player's turn.
  draw() {
    const actions = new Map();
    if (!this.over && !this.busy) for (const a of this.view.legal) if (a.point) actions.set(a.point, a);
    const svg = drawBoard(this.view.board, this.view.marks, {
      actions,
      lastMarks: this.lastMarks || [],
      onAct: (text) => this.answer(text),
    });
    svg.setAttribute('role', 'img');
    put(this.el.board, svg);
  }

  async answer(text) {
    if (!text || this.busy || this.over) return;
    this.busy = true;
    this.el.input.disabled = true;
    this.say(`Checking ${text}…`);
    this.draw();
    try {
      const r = await api('POST', `/api/puzzles/${this.data.index}/answer`, { body: { line: this.line, action: text } });
      this.show(r);
    } catch (err) {
      this.say(err.message, 'error');
    } finally {
      this.busy = false;
      this.el.input.disabled = false;
      this.el.form.hidden = this.over;
      this.draw();
    }
  }

  show(r) {
    this.before = { view: this.view, line: this.line, moves: [...this.el.moves.children], lastMarks: this.lastMarks };
    const answered = r.reply || r.refutation;
    this.lastMarks = [...r.answer.marks.marks, ...(answered ? answered.marks.marks : [])];
    this.el.moves.append(entryItem(r.answer));
    this.view = r.position_view;
    this.el.input.value = '';
    if (r.verdict === 'right') {
      if (r.reply) this.el.moves.append(entryItem(r.reply));
      this.line = r.line;
      if (r.solved) {
        this.over = true;
        put(this.el.feedback,
          h('p', { class: 'puzzle-verdict verdict-right', text: 'Solved!' }),
          h('p', { text: r.answer.text }), r.result ? h('p', { class: 'puzzle-result', text: r.result }) : null);
      } else {
        put(this.el.feedback,
          h('p', { class: 'puzzle-verdict verdict-right', text: `Right: ${r.answer.action} wins.` }),
          h('p', { text: r.reply.text }), h('p', { text: 'Your move again: keep the win.' }));
      }
      return;
    }
    if (r.verdict === 'unknown') {
      this.over = true;
      this.el.retry.hidden = false;
      this.say(`The solver could not decide ${r.answer.action} within its budget.`, 'unknown');
      return;
    }
    // wrong: the refutation drawn, then the lost line in the library's words
    this.over = true;
    this.el.retry.hidden = false;
    if (r.refutation) this.el.moves.append(entryItem(r.refutation));
    const parts = [h('p', { class: 'puzzle-verdict verdict-wrong', text: `Not this one: ${r.answer.action} loses.` }), h('p', { text: r.answer.text })];
    if (r.refutation) {
      parts.push(h('p', { class: 'refutation' }, h('strong', { text: 'The refutation: ' }), r.refutation.text));
      if (r.rest.length) {
        parts.push(h('p', { text: 'And then, with best play:' }), h('ol', { class: 'puzzle-rest' }, r.rest.map(entryItem)));
      }
    }
    if (r.result) parts.push(h('p', { class: 'puzzle-result', text: r.result }));
    put(this.el.feedback, ...parts);
  }

  // Back to the position before the wrong answer.
  retry() {
    this.view = this.before.view;
    this.line = this.before.line;
    this.lastMarks = this.before.lastMarks;
    put(this.el.moves, ...this.before.moves);
    this.over = false;
    this.el.retry.hidden = true;
    this.el.form.hidden = false;
    this.say('Try another move.');
    this.draw();
    this.el.input.focus();
  }
}
