// A game of the server followed by the engine in the page (engine.js): it
// applies the actions the server tells (its lean answers and stream,
// docs/web-api.md "Lean answers") and computes the rest of each state, the
// board, marks, legal actions with their sentences and the result, with
// the same C code the server answers with. A click is checked here first,
// so a refused one is answered at once, in the server's words, with no
// request. The server stays the judge: every action still goes to it.
import { loadEngine } from './engine.js';

let loading = null;

// The engine, loaded once for the page; null when it cannot run here.
export function pageEngine() {
  if (!loading) {
    loading = (typeof WebAssembly === 'object' ? loadEngine() : Promise.reject(new Error('no WebAssembly')))
      .catch(() => null);
  }
  return loading;
}

export class Mirror {
  // A mirror of the game whose whole state is first, or null when the
  // engine is not there (the page then asks the server for whole states).
  static async of(first) {
    const engine = await pageEngine();
    if (!engine) return null;
    try {
      return new Mirror(engine, first);
    } catch {
      return null;
    }
  }

  constructor(engine, state) {
    this.engine = engine;
    this.reset(state);
  }

  // Follows the whole state: a new engine game replaying its history.
  reset(state) {
    if (this.game) this.game.close();
    const seats = state.seats || [];
    this.game = this.engine.game({
      game: state.game,
      options: state.options,
      names: seats.map((seat) => seat.name),
      real_dice: state.dice === 'real',
      ai_seats: seats.filter((seat) => seat.kind === 'ai').map((seat) => seat.seat),
    });
    for (const entry of state.history) {
      const answer = this.game.play(0, entry.action);
      if (!answer.entries) throw new Error(`the engine refused ${entry.action}: ${answer.error}`);
    }
    this.base = state;
    this.history = state.history.slice();
  }

  get count() {
    return this.history.length;
  }

  // The state after what changed (a lean answer or a stream's tick, with
  // the entries from `from` on; entries this mirror has are skipped), as
  // the server would send it whole; null when actions are missing (the page
  // then asks for the whole state).
  follow(changes, entries = changes.entries || []) {
    for (const entry of entries) {
      if (entry.index < this.count) continue;
      if (entry.index > this.count) return null;
      const answer = this.game.play(0, entry.action);
      if (!answer.entries) return null;
      this.history.push(entry);
    }
    if (changes.count !== this.count) return null;
    const position = this.game.position();
    const state = {
      ...this.base,
      ...position,
      id: changes.id || this.base.id,
      version: changes.version,
      status: changes.status,
      thinking: changes.thinking,
      rematch: changes.rematch,
      clock: changes.clock,
      // offers and watchers, and an abort (the rules do not know of it)
      takeback: changes.takeback, takebacks: changes.takebacks, takeback_why: changes.takeback_why,
      rematch_offer: changes.rematch_offer,
      may_abort: changes.may_abort, spectators: changes.spectators,
      ...(changes.result ? { result: changes.result, to_move: null, chance: null, legal: [] } : {}),
      seats: changes.seats || this.base.seats, // each seat's can_undo changes with every action
      history: this.history.slice(),
      last: this.history.length ? this.history[this.history.length - 1] : null,
    };
    this.base = state;
    return state;
  }

  // Whether seat may play text now, by the server's rule: null when it
  // may (with the entries it would make in .entries), else the refusal
  // ({ error, status }) the server would answer.
  check(seat, text) {
    const answer = this.game.check(seat, text);
    return answer.entries ? { ok: true, entries: answer.entries } : answer;
  }

  // Whether text is legal now by the rules, and the library's reason when
  // not: { legal, why }, as GET /api/games/ID/why answers.
  why(text) {
    return this.game.why(text);
  }

  close() {
    if (this.game) this.game.close();
    this.game = null;
  }
}
