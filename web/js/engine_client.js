// The page's side of the engine's worker (engine_worker.js): one worker,
// started when first needed, that runs the engine (engine.js) off the main
// thread, so the AI's thinking and an analysis never freeze the page. Games
// played in the page (local_game.js) and analyses of records made in the
// page (analysis.js) both call it.

// The engine's worker, started once; call(op, fields) answers its result.
class EngineWorker {
  constructor() {
    this.worker = new Worker('/js/engine_worker.js', { type: 'module' });
    this.next = 1;
    this.waiting = new Map();
    this.worker.addEventListener('message', (event) => {
      const { id, result, error, progress } = event.data;
      const pending = this.waiting.get(id);
      if (!pending) return;
      if (progress) {
        if (pending.progress) pending.progress(progress);
        return;
      }
      this.waiting.delete(id);
      if (error !== undefined) pending.reject(new Error(error));
      else pending.resolve(result);
    });
  }

  // progress(p), when given, hears the operation's progress messages.
  call(op, fields = {}, progress = null) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, op, ...fields });
    });
  }
}

let worker = null;

// The worker, started on the first call.
export function engineWorker() {
  if (!worker) worker = new EngineWorker();
  return worker;
}
