/* The engine of the page: the library's games, words and AI levels behind a
 * few calls with text in and JSON out, built to WebAssembly for the page
 * (web/js/engine.js) and natively for the tests that compare the two
 * (tests/wasm/). It adds no rule and no sentence: a game is a Session
 * (src/front/session.h), a position is written by src/front/view_json.c as
 * the server writes it, refusals by explain_apply_for_seat as the server
 * answers them.
 *
 * Conventions: a game is an opaque handle; a call that fails returns NULL
 * (or a negative number) and engine_error() gives its one line until the
 * next failing call. Strings returned are the caller's: release them with
 * free(). Nothing prints, nothing exits. Seats are numbered from 1, as in
 * the API. */
#ifndef MORPH_WASM_ENGINE_H
#define MORPH_WASM_ENGINE_H

#include <stdint.h>

#ifdef __wasm__
#define ENGINE_API(name) __attribute__((export_name(#name)))
#else
#define ENGINE_API(name)
#endif

typedef struct Engine Engine;

/* The message of the last call that failed. */
ENGINE_API(engine_error) const char *engine_error(void);

/* A game, from one JSON object:
 *   {"game":"morphos","options":{"size":9},      the game and its options (records' form)
 *    "players":["human","ai:greedy"],            optional: a seat's AI plays it (engine_step)
 *    "seed":7,                                   optional: chance and AIs seeded as sessions are
 *    "names":["P1","P2 (greedy)"],               optional: seats as sentences name them
 *    "real_dice":true,"ai_seats":[2]}            optional: who types the dice (a state's "chance")
 * NULL with the message when anything is wrong. */
ENGINE_API(engine_new) Engine *engine_new(const char *spec);
/* A game from a record (docs/records.md), checked and replayed; names as
 * above (JSON array or NULL). */
ENGINE_API(engine_load) Engine *engine_load(const char *record, const char *names);
ENGINE_API(engine_close) void engine_close(Engine *e);

/* The position as the server's state has it:
 * {"count","to_move","chance","board","marks","result","legal"}. */
ENGINE_API(engine_position) char *engine_position(Engine *e);
/* Every history entry so far: [{"index","action","player","text","marks",...}]. */
ENGINE_API(engine_history) char *engine_history(Engine *e);

/* Applies text for seat as a person's action (session_apply_for_seat), or
 * with seat 0 as given (any seat's decisions, chance outcomes: what a server
 * tells has happened). Answers {"entries":[the entries applied]} or
 * {"error":"...","status":422|403|409}, and NULL only for bad arguments. */
ENGINE_API(engine_play) char *engine_play(Engine *e, int seat, const char *text);
/* The same answer without applying anything: {"entries":[...]} when the
 * server would accept text now (entries say what it would do), else the
 * error the server would give. */
ENGINE_API(engine_check) char *engine_check(Engine *e, int seat, const char *text);
/* Whether text is legal now by the rules alone (whoever's turn it is), and
 * if not the library's reason (state_why_not), as GET /api/games/ID/why
 * answers: {"legal":false,"why":"e5 is taken"} or {"legal":true,"why":null}. */
ENGINE_API(engine_why) char *engine_why(Engine *e, const char *text);
/* What the program does next: draws the chance outcome, or lets the seat's
 * AI decide; {"entries":[...]}, or {"error","status":409} when a person is
 * to decide or the game is over. */
ENGINE_API(engine_step) char *engine_step(Engine *e);
/* Takes back the last decision of a person and what followed
 * (session_undo_person): {"removed":N,"count":C} or {"error","status":409}. */
ENGINE_API(engine_undo) char *engine_undo(Engine *e);
/* The record of the game (docs/records.md); created as in records, or NULL
 * for now. */
ENGINE_API(engine_record) char *engine_record(Engine *e, const char *created);
/* {"rules":"...","legend":[...]} of the game with its options. */
ENGINE_API(engine_rules) char *engine_rules(Engine *e);

/* The post-game analysis of the game so far (src/ai/analysis.h), budget
 * seconds a decision and seed as the server's (0.2 and 1): {"status":"done",
 * "analysis":{...as the server's}} or {"status":"failed","error"}. In the
 * WebAssembly build the page's env.engine_progress(done, total) is told
 * before the first decision and after each (0 from it stops). */
ENGINE_API(engine_analyse) char *engine_analyse(Engine *e, double budget, int64_t seed);

/* For the tests comparing builds (tests/wasm/): plays games seed ..
 * seed + count - 1 of the spec's game to the end, each decision uniform
 * among the legal actions (from the seed) or the seat's AI, and hashes
 * every action's answer (its entries: sentence, marks, fields), the legal
 * actions of every position, one position in 8 and the last whole as
 * engine_position writes them, and the history:
 * {"games":N,"actions":A,"digest":"16 hex digits","each":["hex",...]}. */
ENGINE_API(engine_selfplay) char *engine_selfplay(const char *spec, int64_t seed, int count);

#endif
