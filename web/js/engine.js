// The engine in the page: the library's rules, words and AI levels, built
// to WebAssembly from the same C sources as the server (make builds
// /engine/morph.wasm; src/wasm/engine.h lists its calls). Nothing of a game
// is decided here: every position, legal action, sentence and refusal comes
// from the C library, in the same JSON the server answers.
//
//   const engine = await loadEngine();
//   const game = engine.game({ game: 'morphos', options: { size: 9 } });
//   game.position()            // { count, to_move, chance, board, marks, result, legal }
//   game.play(1, 'e5')         // { entries: [...] } or { error, status }
//   game.close();
//
// It runs in a page, a worker and Node.js alike (tests/wasm/agree.mjs).

const WASI = 'wasi_snapshot_preview1';
// WASI's error numbers that the answers below use.
const EBADF = 8;
const ENOSYS = 52;
const ENOTCAPABLE = 76;

// The page has no files, no arguments, no environment and no sockets: the
// C library writes to its standard streams (only an error in the C code
// would, shown on the console) and reads a clock (the AI's time budgets).
// Every other call of WASI preview 1 is answered too, with an error that
// says nothing is there, because which of them a build imports depends on
// the toolchain's libc (a newer wasi-libc asks for fd_fdstat_get and
// fd_pread): a missing import would stop the module from loading at all.
// `make` checks the module's imports against this table
// (scripts/check_wasm.mjs).
function wasiImports(memoryOf) {
  const now = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();
  const view = () => new DataView(memoryOf().buffer);
  const standard = (fd) => fd >= 0 && fd <= 2;
  let text = '';
  const calls = {
    clock_time_get(id, precision, out) {
      const ns = BigInt(Math.round((id === 0 ? Date.now() : now()) * 1e6));
      view().setBigUint64(out, ns, true);
      return 0;
    },
    clock_res_get(id, out) {
      view().setBigUint64(out, 1000n, true);
      return 0;
    },
    fd_write(fd, iovs, count, written) {
      if (!standard(fd)) return EBADF;
      const v = view();
      let total = 0;
      for (let i = 0; i < count; i++) {
        const ptr = v.getUint32(iovs + 8 * i, true);
        const len = v.getUint32(iovs + 8 * i + 4, true);
        text += new TextDecoder().decode(new Uint8Array(memoryOf().buffer, ptr, len));
        total += len;
      }
      const lines = text.split('\n');
      text = lines.pop();
      for (const line of lines) console.warn(`engine: ${line}`);
      v.setUint32(written, total, true);
      return 0;
    },
    // The standard streams are character devices that may be written.
    fd_fdstat_get(fd, out) {
      if (!standard(fd)) return EBADF;
      const v = view();
      v.setUint8(out, 2); // filetype: character device
      v.setUint16(out + 2, 0, true); // flags
      v.setBigUint64(out + 8, 0x40n, true); // rights: fd_write
      v.setBigUint64(out + 16, 0n, true);
      return 0;
    },
    // No arguments and no environment: zero of each.
    args_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return 0;
    },
    environ_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return 0;
    },
    args_get: () => 0,
    environ_get: () => 0,
    // No folder is opened for the module (libc asks at its start).
    fd_prestat_get: () => EBADF,
    fd_prestat_dir_name: () => EBADF,
    sched_yield: () => 0,
    proc_exit(code) {
      throw new Error(`the engine stopped (exit ${code})`);
    },
    proc_raise(signal) {
      throw new Error(`the engine stopped (signal ${signal})`);
    },
  };
  // Every other call of WASI preview 1: on a file, nothing is open; on a
  // path, nothing may be opened; the rest is not provided here. (No
  // random_get: every random choice of the engine comes from its seeded
  // generator, never from outside.)
  const onFiles = ['fd_advise', 'fd_allocate', 'fd_close', 'fd_datasync', 'fd_fdstat_set_flags',
    'fd_fdstat_set_rights', 'fd_filestat_get', 'fd_filestat_set_size', 'fd_filestat_set_times', 'fd_pread',
    'fd_pwrite', 'fd_read', 'fd_readdir', 'fd_renumber', 'fd_seek', 'fd_sync', 'fd_tell'];
  const onPaths = ['path_create_directory', 'path_filestat_get', 'path_filestat_set_times', 'path_link',
    'path_open', 'path_readlink', 'path_remove_directory', 'path_rename', 'path_symlink', 'path_unlink_file'];
  const absent = ['poll_oneoff', 'random_get', 'sock_accept', 'sock_recv', 'sock_send', 'sock_shutdown'];
  for (const name of onFiles) calls[name] = () => EBADF;
  for (const name of onPaths) calls[name] = () => ENOTCAPABLE;
  for (const name of absent) calls[name] = () => ENOSYS;
  return calls;
}

// Everything the module may import: WASI above, and env.engine_progress,
// through which an analysis tells its progress (hooks.progress; false from
// it stops the analysis).
export function engineImports(memoryOf, hooks = { progress: null }) {
  return {
    [WASI]: wasiImports(memoryOf),
    env: { engine_progress: (done, total) => (hooks.progress && hooks.progress(done, total) === false ? 0 : 1) },
  };
}

// Loads the engine: source is the URL of morph.wasm (the page's by
// default) or its bytes.
export async function loadEngine(source = '/engine/morph.wasm') {
  let memory = null;
  // an analysis tells its progress here (Game.analyse)
  const hooks = { progress: null };
  const imports = engineImports(() => memory, hooks);
  let instance;
  if (typeof source === 'string') {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`the engine could not be loaded (${response.status})`);
    ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), imports));
  } else {
    ({ instance } = await WebAssembly.instantiate(source, imports));
  }
  memory = instance.exports.memory;
  instance.exports._initialize();
  return new Engine(instance.exports, hooks);
}

export class Engine {
  constructor(exports, hooks = {}) {
    this.x = exports;
    this.hooks = hooks;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  // A copy of text in the engine's memory (the caller frees it).
  put(text) {
    if (text === null || text === undefined) return 0;
    const bytes = this.encoder.encode(String(text));
    const ptr = this.x.malloc(bytes.length + 1);
    const mem = new Uint8Array(this.x.memory.buffer, ptr, bytes.length + 1);
    mem.set(bytes);
    mem[bytes.length] = 0;
    return ptr;
  }

  // The text at ptr, then freed (0: the call failed, with its message).
  take(ptr) {
    if (!ptr) throw new EngineError(this.text(this.x.engine_error()));
    const text = this.text(ptr);
    this.x.free(ptr);
    return text;
  }

  text(ptr) {
    const mem = new Uint8Array(this.x.memory.buffer);
    let end = ptr;
    while (mem[end]) end++;
    return this.decoder.decode(mem.subarray(ptr, end));
  }

  // Calls fn with copies of the strings (freed after), and returns the JSON
  // it answers.
  call(fn, ...args) {
    const ptrs = args.map((a) => (typeof a === 'string' || a === null ? this.put(a) : a));
    try {
      return JSON.parse(this.take(fn(...ptrs)));
    } finally {
      args.forEach((a, i) => (typeof a === 'string' || a === null) && ptrs[i] && this.x.free(ptrs[i]));
    }
  }

  // A handle for a new game ({ game, options, players, seed, names, real_dice, ai_seats }).
  game(spec) {
    const ptr = this.put(JSON.stringify(spec));
    const handle = this.x.engine_new(ptr);
    this.x.free(ptr);
    if (!handle) throw new EngineError(this.text(this.x.engine_error()));
    return new Game(this, handle);
  }

  // A handle for the game of a record (its JSON text or object), checked and replayed.
  load(record, names = null) {
    const rec = this.put(typeof record === 'string' ? record : JSON.stringify(record));
    const nam = names ? this.put(JSON.stringify(names)) : 0;
    const handle = this.x.engine_load(rec, nam);
    this.x.free(rec);
    if (nam) this.x.free(nam);
    if (!handle) throw new EngineError(this.text(this.x.engine_error()));
    return new Game(this, handle);
  }

  // For the tests: engine_selfplay's digest of count seeded games.
  selfplay(spec, seed, count) {
    return this.call((s) => this.x.engine_selfplay(s, BigInt(seed), count), JSON.stringify(spec));
  }
}

export class EngineError extends Error {}

class Game {
  constructor(engine, handle) {
    this.engine = engine;
    this.h = handle;
  }

  call(name, ...args) {
    if (!this.h) throw new EngineError('this game was closed');
    const fn = this.engine.x[name];
    return this.engine.call((...ptrs) => fn(this.h, ...ptrs), ...args);
  }

  position() { return this.call('engine_position'); }
  history() { return this.call('engine_history'); }
  // seat 1..N acts as a person; seat 0 applies what the server says happened
  play(seat, text) { return this.call('engine_play', seat, text); }
  check(seat, text) { return this.call('engine_check', seat, text); }
  // the rules' reason text cannot be played now, as GET .../why answers
  why(text) { return this.call('engine_why', text); }
  step() { return this.call('engine_step'); }
  undo() { return this.call('engine_undo'); }
  record(created = null) { return this.call('engine_record', created); }
  rules() { return this.call('engine_rules'); }

  // The post-game analysis, as the server's (budget seconds of work a
  // decision, seed): progress(done, total) after each decision (false stops).
  analyse(budget = 0.2, seed = 1, progress = null) {
    this.engine.hooks.progress = progress;
    try {
      return this.call('engine_analyse', budget, BigInt(seed));
    } finally {
      this.engine.hooks.progress = null;
    }
  }

  close() {
    if (this.h) this.engine.x.engine_close(this.h);
    this.h = 0;
  }
}
